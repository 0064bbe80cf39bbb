"""001 · Combat Example through the engine: Modre and his clone, two rounds, dice 2, 1, 6, 4.

``test_worked_example.py`` checks the example with the pure rules and the
ruleset object; here the real :class:`~tactics.Encounter` plays it (the
clock, the turn order, the policies' plans and choice-window answers, the
engine applying every effect), the replay is saved and read back, and the
fold gives the pools (ready, defense, other, stun, damage) after every phase
of every turn, as DECISIONS-2006 · The worked example narrates them.

The choices come from ``example.STEPS`` as ``Scripted`` plans and answers:
Modre attacks twice with his Ice Blade (2 to the modifier and 4 to power,
then 2 and 1); the clone answers the first attack with all 6 ready points to
defense and the second with a counter (body, 1 to the modifier, 2 to power),
keeps its 3 ready points in its first turn and runs 3 m in its second.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics import Encounter, load_replay
from tactics.dice import ScriptedDice
from tactics.replay.fold import Timeline
from tactics.replay.schema import Attack, Harm
from tactics.rulesets.mano_a_mano_2006 import example, load_sheet
from tactics.scenario import map_for
from tactics.sim import Scripted
from tactics.sim.plan import Act, MoveTo, Plan

ROOT = Path(__file__).resolve().parents[3]
ORIGIN = (19.0, 13.0)
"""Where Modre stands in the arena (the centre); the example's positions are offsets from here."""
POOLS = ("ready", "defense", "other", "stun", "damage")


def _at(uid: str) -> tuple[float, float]:
    dx, dy = example.POSITIONS[uid]
    return ORIGIN[0] + dx, ORIGIN[1] + dy


def _policies() -> dict[str, Scripted]:
    """The example's choices as scripted plans and window answers, from ``example.STEPS``."""
    plans: dict[str, list[Plan]] = {"modre": [], "clone": []}
    answers: dict[str, list[object]] = {"modre": [], "clone": []}
    for step in example.STEPS:
        if step.kind == "act":
            p = dict(step.plan)
            plans[step.who].append(Plan([Act(p["action"], target=p["target"], weapon=p["weapon"],
                                             options=p["options"])], step.note))
        elif step.kind == "move":
            away = _at(step.plan["away_from"])
            me = _at(step.who)
            dx = me[0] - away[0]
            goal = (me[0] + step.plan["metres"] * (1 if dx >= 0 else -1), me[1])
            plans[step.who].append(Plan([MoveTo(*goal)], step.note))
        elif step.kind == "begin" and step.who == "clone" and step.round == 0:
            plans["clone"].append(Plan([], "keeps its 3 ready points for a big attack (step 4)"))
        for reactor, _kind, answer in step.answers:
            answers[reactor].append(answer)
    return {uid: Scripted(plans[uid], answers=answers[uid]) for uid in plans}


@pytest.fixture(scope="module")
def replay(tmp_path_factory: pytest.TempPathFactory):
    enc = Encounter(map_for("arena"), dice=ScriptedDice(list(example.DICE)), ruleset="mano-a-mano-2006")
    pols = _policies()
    for uid in example.ORDER:
        enc.add(load_sheet(ROOT / example.SHEETS[uid]), team=example.TEAMS[uid], at=_at(uid), id=uid,
                policy=pols[uid])
    result = enc.run(until=1.9)
    path = tmp_path_factory.mktemp("example") / "modre-example.jsonl"
    result.save(path)
    return load_replay(path)


def pools(state, uid: str) -> tuple[int, ...]:
    return tuple(state.units[uid].tracks[k] for k in POOLS)


PHASES = [
    # (t, whose pools moved, what moved them, Modre's pools, the clone's pools) after each phase
    (0.0, "modre", "attack", (0, 2, 4, 0, 0), (6, 0, 0, 0, 0)),    # round 1, Modre's phase 3: 2 + 4 spent
    (0.0, "clone", "defense", (0, 2, 4, 0, 0), (0, 6, 0, 0, 0)),   # the clone: all 6 ready into defense
    (0.5, "clone", "phase 2", (0, 2, 4, 0, 0), (3, 3, 0, 0, 0)),   # the clone: 3 from defense to ready
    (1.0, "modre", "phase 2", (3, 2, 1, 0, 0), (3, 3, 0, 0, 0)),   # round 2, Modre: 3 from other to ready
    (1.0, "modre", "attack", (0, 4, 2, 0, 0), (3, 3, 0, 0, 0)),    # 2 to the modifier, 1 to power
    (1.0, "clone", "counter", (0, 4, 2, 0, 0), (0, 4, 2, 0, 0)),   # counter: 1 to the modifier, 2 to power
    (1.0, "clone", "Ice Blade", (0, 4, 2, 0, 0), (0, 0, 2, 2, 2)),  # 2 stun and 2 damage out of defense
    (1.5, "clone", "phase 1", (0, 4, 2, 0, 0), (0, 0, 3, 1, 2)),   # one stun point back to other
    (1.5, "clone", "phase 2", (0, 4, 2, 0, 0), (3, 0, 0, 1, 2)),   # 3 from other to ready
    (1.5, "clone", "moves 3.0 m", (0, 4, 2, 0, 0), (0, 3, 0, 1, 2)),  # runs 3 m: 3 points into defense
]


def test_pools_after_every_phase(replay) -> None:
    events = replay.events
    harms = [i for i, ev in enumerate(events) if isinstance(ev, Harm)]
    assert len(harms) == len(PHASES)
    for i, (t, who, what, modre, clone) in zip(harms, PHASES):
        ev = events[i]
        assert (ev.t, ev.who) == (t, who) and what in ev.source, (ev.t, ev.who, ev.source)
        state = Timeline(replay.header, events[: i + 1]).state_at(t)
        assert (pools(state, "modre"), pools(state, "clone")) == (modre, clone), ev.source


def test_pools_at_each_turn_end(replay) -> None:
    fold = replay.fold()
    at = {0.0: ((0, 2, 4, 0, 0), (0, 6, 0, 0, 0)), 0.5: ((0, 2, 4, 0, 0), (3, 3, 0, 0, 0)),
          1.0: ((0, 4, 2, 0, 0), (0, 0, 2, 2, 2)), 1.5: ((0, 4, 2, 0, 0), (0, 3, 0, 1, 2))}
    for t, (modre, clone) in at.items():
        s = fold.state_at(t)
        assert (pools(s, "modre"), pools(s, "clone")) == (modre, clone), t
        for uid in ("modre", "clone"):
            assert sum(pools(s, uid)) == 6


def test_the_rolls_and_the_run(replay) -> None:
    attacks = [ev for ev in replay.events if isinstance(ev, Attack)]
    got = [(ev.who, ev.action, ev.roll.total, ev.roll.vs.total, ev.hit) for ev in attacks]
    assert got == [("modre", "attack", 5, 7, False),       # step 3: 2 + 1 + 2 against 1 + 6 + 0
                   ("modre", "attack", 9, 7, True),        # step 5: 6 + 1 + 2 against the counter's 4 + 2 + 1
                   ("clone", "counter", 7, 9, False)]
    assert [f for ev in attacks[:2] for f in (ev.roll.faces + ev.roll.vs.faces)] == list(example.DICE)
    assert attacks[1].harm == {"stun": 2, "damage": 2}
    end = replay.fold().state_at(10.0)
    assert end.units["clone"].x - end.units["modre"].x == pytest.approx(3.5)  # 0.5 m apart, then 3 m away
    assert replay.header.ruleset == "mano-a-mano-2006"


def test_the_defend_window_shows_the_attack_as_the_table_sees_it() -> None:
    """The clone is asked with Modre's points already on his sheet: weapon, modifier and power."""
    seen = []

    class Recording(Scripted):
        def react(self, view, window):
            seen.append((window.kind, window.actor, dict(window.default)))
            return super().react(view, window)

    pols = _policies()
    enc = Encounter(map_for("arena"), dice=ScriptedDice(list(example.DICE)), ruleset="mano-a-mano-2006")
    enc.add(load_sheet(ROOT / example.SHEETS["modre"]), team="red", at=_at("modre"), id="modre", policy=pols["modre"])
    clone = Recording([Plan([], "keeps 3 ready")], answers=[{"reaction": "defense", "points": 6}])
    enc.add(load_sheet(ROOT / example.SHEETS["clone"]), team="blue", at=_at("clone"), id="clone", policy=clone)
    enc.run(until=0.9)
    assert seen[0] == ("defend", "modre", {"reaction": "defense", "points": 6, "attack_points": 6, "attack": {
        "weapon": "Ice Blade", "modifier": 2, "power": 4, "manipulation": 0, "target": "clone"}})
