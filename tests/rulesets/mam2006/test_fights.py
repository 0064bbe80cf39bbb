"""Whole fights through ``RULESET`` with seeded dice and random choices: the invariants hold, fights end.

A tiny engine drives the fake World: fighters in initiative order, each
turn's opening applied, a random action on the nearest enemy in reach (or a
walk toward it), random answers to every window. Whatever happens, every
fighter's pools stay whole and non-negative and the rule state stays
consistent (a hold is known to both sides).
"""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

import pytest

from tactics.dice import SeededDice
from tactics.rules.effects import Harm
from tactics.rules.protocol import Window
from tactics.rulesets.mano_a_mano_2006 import RULESET, load_sheet
from tactics.rulesets.mano_a_mano_2006.fighters import state_of, weapons_in_hand

from .fake import FakeAct, FakeTurn, FakeUnit, FakeWorld

SHEETS = Path(__file__).resolve().parents[3] / "assets" / "characters" / "mam2006"
ACTIONS = ["attack", "attack", "attack", "defend", "evade", "hold", "choke", "wrench", "throw", "disarm",
           "manipulate", "escape", "release", "drop", "stand", "instant stand"]


class RandomWorld(FakeWorld):
    def __init__(self, *a: Any, rng: random.Random, **kw: Any) -> None:
        super().__init__(*a, **kw)
        self.rng = rng

    def ask(self, reactor: FakeUnit, window: Window) -> Any:
        self.asked.append(window)
        r = self.rng
        kind = r.choice(window.options)
        weapons = [w.name for w in weapons_in_hand(reactor)]
        if kind == "defense":
            return {"reaction": "defense", "points": r.randint(0, 8)}
        if kind in ("counter", "attack"):
            return {"reaction": kind, "weapon": r.choice(weapons), "modifier": r.randint(0, 4),
                    "power": r.randint(0, 4)}
        if kind == "parry":
            return {"reaction": "parry", "weapon": r.choice(weapons)}
        return r.choice([None, {"reaction": "none"}, 3])


def check_invariants(w: FakeWorld) -> None:
    for u in w.units():
        hp = u.sheet.max_hp
        assert sum(u.pools()) == hp and min(u.pools()) >= 0, (u.id, u.pools())
        assert RULESET.standing(u) in ("fighting", "down", "out")
        for target in state_of(u).holds:
            assert u.id in state_of(w.unit(target)).held_by
        for holder in state_of(u).held_by:
            assert u.id in state_of(w.unit(holder)).holds


def fight(names: list[tuple[str, str]], seed: int, rounds: int = 40) -> FakeWorld:
    rng = random.Random(seed)
    units = [FakeUnit(f"{team}-{i}", team, load_sheet(SHEETS / f"{n}.toml"), x=(0.0 if team == "red" else 4.0),
                      y=float(i)) for i, (team, n) in enumerate(names)]
    w = RandomWorld(RULESET, SeededDice(seed), units, rng=rng,
                    options=RULESET.options_type(random_damage=rng.random() < 0.5,
                                                 critical_hit=rng.random() < 0.5))
    order = RULESET.schedule(w, w.units(), None).order
    for r in range(rounds):
        for slot, uid in enumerate(order):
            w.now = r + slot / len(order)
            me = w.unit(uid)
            budget = w.turn(uid, r)
            check_invariants(w)
            if budget is None or budget.done:
                continue
            foes = [u for u in w.units() if u.team != me.team and u.standing != "out"]
            if not foes:
                return w
            foe = min(foes, key=lambda u: w.distance(me, u))
            reach = max(x.reach for x in weapons_in_hand(me) if not x.is_missile)
            gap = w.distance(me, foe) - reach
            if gap > 0 and rng.random() < 0.8:
                step = min(gap + 0.01, budget.move_cap())
                d = w.distance(me, foe)
                me.x += (foe.x - me.x) * step / d
                me.y += (foe.y - me.y) * step / d
                w.apply(budget.moved(step))
                check_invariants(w)
            for _ in range(2):
                if budget.done:
                    break
                action = rng.choice(ACTIONS)
                weapon = rng.choice(weapons_in_hand(me)).name
                options = rng.choice([None, {"modifier": rng.randint(0, 3), "power": rng.randint(0, 3),
                                             "manipulation": rng.randint(0, 3)}])
                a = FakeAct(action, foe.id, weapon, options)
                if RULESET.check(w, me, a) is not None and rng.random() < 0.7:
                    continue
                effects = w.apply(RULESET.act(w, me, a, budget, FakeTurn(t=w.now, run_m=rng.choice([0.0, 7.5]))))
                assert all(not isinstance(e, Harm) or sum(e.changes.values()) == 0 for e in effects)
                check_invariants(w)
            w.apply(RULESET.end_turn(w, me))
            check_invariants(w)
    return w


@pytest.mark.parametrize("seed", range(12))
def test_random_duels(seed: int) -> None:
    w = fight([("red", "modre"), ("blue", "clone")], seed)
    assert w.dice.rolled > 0


@pytest.mark.parametrize("seed", range(8))
def test_random_melees(seed: int) -> None:
    w = fight([("red", "swordsman"), ("red", "archer"), ("red", "wrestler"),
               ("blue", "shield_bearer"), ("blue", "archer"), ("blue", "modre")], seed)
    assert any(isinstance(e, Harm) for e in w.log)


def test_fights_end() -> None:
    """Plain attacks with every point, answered by the windows' defaults, wear a side out."""
    ended = 0
    for seed in range(6):
        m = FakeUnit("m", "red", load_sheet(SHEETS / "modre.toml"))
        c = FakeUnit("c", "blue", load_sheet(SHEETS / "clone.toml"), x=0.5)
        w = FakeWorld(RULESET, SeededDice(seed), [m, c])
        for r in range(200):
            for uid, other in (("m", "c"), ("c", "m")):
                w.now = r + (uid == "c") * 0.5
                b = w.turn(uid, r)
                if b is not None and not b.done:
                    weapon = weapons_in_hand(w.unit(uid))[0].name
                    w.apply(RULESET.act(w, w.unit(uid), FakeAct("attack", other, weapon), b, FakeTurn()))
                w.apply(RULESET.end_turn(w, w.unit(uid)))
                check_invariants(w)
            if "out" in (m.standing, c.standing):
                ended += 1
                break
    assert ended == 6
    assert math.isfinite(RULESET.progress(m))
