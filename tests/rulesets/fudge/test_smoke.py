"""Whole fights on the fake World, driven the way the engine drives a ruleset (schedule, begin_turn,
a plan, act, end_turn), with seeded dice: nothing raises, every answer is an effect of the closed
set, and fights end."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics.dice import SeededDice
from tactics.rules.effects import EFFECT_TYPES, Attacked
from tactics.rulesets.fudge_opposed import RULESET
from tactics.rulesets.fudge_opposed.sheet import load_sheet

from .fakes import FakeUnit, FakeWorld, apply

SHEETS = Path(__file__).resolve().parents[3] / "assets" / "characters" / "fudge"


def sheet(name):
    return load_sheet(str(SHEETS / f"{name}.toml"))


def approach(world, me, target, metres):
    """Walk straight at ``target`` up to ``metres``, stopping 1.5 m short."""
    d = world.flat_distance(me, target)
    step = max(0.0, min(metres, d - 1.5))
    if d > 0:
        me.x += (target.x - me.x) / d * step
        me.y += (target.y - me.y) / d * step


def take_turn(world, me, r, rng):
    budget = RULESET.begin_turn(world, me, r, 0)
    if budget is None:
        return []
    effects = []
    st = me.status
    options = []
    if st.get("role") in ("pinned", "held"):
        options = [{"action": "break_free"}]
    elif st.get("role") == "pinner":
        options = [{"action": "let_go"}]
    elif st.get("jammed") or st.get("dropped"):
        options = [{"action": "ready"}]
    elif st.get("prone") or st.get("gone_to_ground"):
        options = [{"action": "rise"}]
    foes = [u for u in world.units() if u.team != me.team and u.able and not u.status.get("hidden")]
    if not options and foes:
        target = min(foes, key=lambda u: world.distance(me, u))
        ests = RULESET.estimates(world, me, target)
        if not ests:
            approach(world, me, target, budget.walk_m)
            ests = RULESET.estimates(world, me, target)
        if ests:
            pick = ests[0] if rng.die(4) > 1 else ests[rng.die(len(ests)) - 1]
            options = [pick.act]
        elif rng.die(6) == 1:
            options = [{"action": rng.die(2) == 1 and "hide" or "full_defence"}]
    budget.planned(options)
    for a in options:
        why = RULESET.check(world, me, a)
        out = RULESET.act(world, me, a, budget, None)
        assert why is None or type(out[0]).__name__ == "Refused"
        apply(world, out)
        effects += out
    end = RULESET.end_turn(world, me)
    apply(world, end)
    return effects + end


def fight(seed, teams, rounds=60):
    units = []
    for team, names in teams.items():
        for i, n in enumerate(names):
            units.append(FakeUnit(f"{team}-{i}", team, sheet(n), x=0.0 if team == "red" else 12.0, y=i * 1.5))
    world = FakeWorld(units, dice=SeededDice(seed))
    sched = RULESET.schedule(world, units, None)
    rng = SeededDice(seed + 1000)
    log = []
    for r in range(rounds):
        log += sched.start_round(world, r)
        order = sorted(units, key=lambda u: sched.slots(u.id, r)[0][0])
        for u in order:
            log += take_turn(world, u, r, rng)
        teams_left = {u.team for u in units if u.able}
        if len(teams_left) < 2:
            break
    return world, log


@pytest.mark.parametrize("seed", range(12))
def test_squad_against_heroes(seed):
    world, log = fight(seed, {"red": ["trooper"] * 5, "blue": ["swordsman", "marksman"]})
    assert all(isinstance(e, EFFECT_TYPES) for e in log)
    assert any(isinstance(e, Attacked) for e in log)


@pytest.mark.parametrize("seed", range(12))
def test_mixed_melee(seed):
    world, log = fight(seed, {"red": ["brawler", "sneak", "shield_bearer"], "blue": ["swordsman", "brawler", "trooper"]})
    assert all(isinstance(e, EFFECT_TYPES) for e in log)
    for u in world.units():
        assert RULESET.standing(u) in ("fighting", "out")
        assert 0.0 <= RULESET.progress(u) <= 1.0


def test_group_attacks_happen_in_a_squad_fight():
    labels = set()
    for seed in range(6):
        _, log = fight(seed, {"red": ["trooper"] * 5, "blue": ["swordsman", "marksman"]})
        labels |= {e.action for e in log if isinstance(e, Attacked)}
    assert "concentrated fire" in labels or "dog-pile" in labels


def test_fights_end():
    ended = 0
    for seed in range(6):
        world, _ = fight(seed, {"red": ["trooper"] * 5, "blue": ["swordsman", "marksman"]}, rounds=200)
        ended += len({u.team for u in world.units() if u.able}) < 2
    assert ended >= 4
