"""001 · Combat Example: Modre and his clone, two rounds, dice 2, 1, 6, 4 (DECISIONS-2006 · The worked example).

Twice: once with the pure rules, step by step, and once through ``RULESET``
with a fake World that applies the effects the way the engine does. Pools
are written (ready, defense, other, stun, damage).

The scripted choices (what the lead's engine replay needs from the policies):

| when | who | choice |
| --- | --- | --- |
| round 0, Modre's turn | Modre | ``Act("attack", "clone", "Ice Blade", options={"modifier": 2, "power": 4})`` |
| Modre's first attack | clone | ``defend`` window: ``{"reaction": "defense", "points": 6}`` |
| round 0, the clone's turn | clone | no action (keeps its 3 ready points) |
| round 1, Modre's turn | Modre | ``Act("attack", "clone", "Ice Blade", options={"modifier": 2, "power": 1})`` |
| Modre's second attack | clone | ``defend``: ``{"reaction": "counter", "weapon": "body", "modifier": 1, "power": 2}`` |
| round 1, the clone's turn | clone | ``MoveTo`` 3 m away from Modre (``budget.moved(3.0)``) |
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics.dice import ScriptedDice
from tactics.rules.effects import Attacked, Harm
from tactics.rulesets.mano_a_mano_2006 import RULESET, load_sheet
from tactics.rulesets.mano_a_mano_2006.contest import outcome
from tactics.rulesets.mano_a_mano_2006.harm import split_harm
from tactics.rulesets.mano_a_mano_2006.moving import points_for
from tactics.rulesets.mano_a_mano_2006.pools import Pools, phase_one, phase_two, spend, take_harm

from .fake import FakeAct, FakeTurn, FakeUnit, FakeWorld

ROOT = Path(__file__).resolve().parents[3]
SHEETS = ROOT / "assets" / "characters" / "mam2006"
DICE = [2, 1, 6, 4]

FIRST_ATTACK = {"modifier": 2, "power": 4}
SECOND_ATTACK = {"modifier": 2, "power": 1}
DEFEND_ALL = {"reaction": "defense", "points": 6}
COUNTER = {"reaction": "counter", "weapon": "body", "modifier": 1, "power": 2}


def P(*v: int) -> Pools:
    return Pools(*v)


def test_the_sheets_are_the_examples() -> None:
    modre, clone = load_sheet(SHEETS / "modre.toml"), load_sheet(SHEETS / "clone.toml")
    for s in (modre, clone):
        assert (s.max_hp, s.hp_per_round, s.stride, s.absorption) == (6, 3, 1.0, 0)
        body = s.weapon("body")
        assert (body.attack, body.defense, body.power) == (2, 0, 1)
    blade = modre.weapon("Ice Blade")
    assert (blade.power, blade.sharpness, blade.attack, blade.reach) == (3, -2, 1, 1.0)
    assert [w.name for w in clone.all_weapons] == ["body"]


def test_pure_rules_step_by_step() -> None:
    hp_round = 3
    # step 2: both start with all 6 in ready
    modre, clone = Pools.fresh(6), Pools.fresh(6)
    # step 3: Modre's phases 1 and 2 change nothing
    assert phase_two(phase_one(modre), hp_round) == P(6, 0, 0, 0, 0)
    modre = spend(spend(modre, 4, "other"), 2, "defense")
    assert modre == P(0, 2, 4, 0, 0)
    clone = spend(clone, 6, "defense")
    assert clone == P(0, 6, 0, 0, 0)
    assert (2 + 1 + 2, 1 + 6 + 0) == (5, 7)
    assert outcome(2, 1 + 2, 1, 6 + 0) == "failure"
    # step 4: the clone readies 3 from defense and keeps them
    clone = phase_two(phase_one(clone), hp_round)
    assert clone == P(3, 3, 0, 0, 0)
    # step 5: Modre readies 3 from other, attacks with 1 to power and 2 to the modifier
    modre = phase_two(phase_one(modre), hp_round)
    assert modre == P(3, 2, 1, 0, 0)
    modre = spend(spend(modre, 1, "other"), 2, "defense")
    assert modre == P(0, 4, 2, 0, 0)
    clone = spend(spend(clone, 1, "defense"), 2, "other")
    assert clone == P(0, 4, 2, 0, 0)
    assert (6 + 2 + 1, 4 + 2 + 1) == (9, 7)
    assert outcome(6, 2 + 1, 4, 2 + 1) == "success"
    stun, damage = split_harm(3 + 1, 0, -2)
    assert (stun, damage) == (2, 2)
    clone = take_harm(clone, stun, damage)
    assert clone == P(0, 0, 2, 2, 2)
    # step 6: the clone recovers a stun point, readies 3 from other, runs 3 m
    clone = phase_one(clone)
    assert clone == P(0, 0, 3, 1, 2)
    clone = phase_two(clone, hp_round)
    assert clone == P(3, 0, 0, 1, 2)
    clone = spend(clone, points_for(3.0, 1.0), "defense")
    assert clone == P(0, 3, 0, 1, 2)
    assert modre == P(0, 4, 2, 0, 0)


@pytest.fixture()
def fight() -> FakeWorld:
    modre = FakeUnit("modre", "red", load_sheet(SHEETS / "modre.toml"), x=0.0)
    clone = FakeUnit("clone", "blue", load_sheet(SHEETS / "clone.toml"), x=0.5)
    answers = [("clone", DEFEND_ALL), ("clone", COUNTER)]
    return FakeWorld(RULESET, ScriptedDice(DICE), [clone, modre], answers)


def pools(world: FakeWorld, uid: str) -> tuple[int, ...]:
    return world.unit(uid).pools()


def test_through_the_ruleset(fight: FakeWorld) -> None:
    w = fight
    # step 1: Modre's Ice Blade reaches further, so he goes first (no die is rolled for it)
    order = RULESET.schedule(w, w.units(), None)
    assert order.order == ["modre", "clone"]
    assert [order.slots(u, 0)[0][0] for u in order.order] == [0.0, 0.5]
    # step 2
    assert pools(w, "modre") == pools(w, "clone") == (6, 0, 0, 0, 0)

    # step 3: Modre's turn, round 0
    b = w.turn("modre", 0)
    assert b.opening == [] and b.ready == 6 and b.walk_m == 6.0
    assert pools(w, "modre") == (6, 0, 0, 0, 0)
    act = FakeAct("attack", "clone", "Ice Blade", FIRST_ATTACK)
    assert RULESET.check(w, w.unit("modre"), act) is None
    assert [x.kind for x in RULESET.reactions(w, w.unit("modre"), act)] == ["defend"]
    effects = w.apply(RULESET.act(w, w.unit("modre"), act, b, FakeTurn()))
    harms = [e for e in effects if isinstance(e, Harm)]
    assert [(h.who, h.changes) for h in harms] == [
        ("modre", {"ready": -6, "defense": 2, "other": 4}),
        ("clone", {"ready": -6, "defense": 6}),
    ]
    (hit,) = [e for e in effects if isinstance(e, Attacked)]
    r = hit.roll
    assert (r.dice, r.faces, r.total, r.success, r.mode) == ("d6", [2], 5, False, "opposed")
    assert r.mods == [("Ice Blade", 1), ("points", 2)]
    assert (r.vs.faces, r.vs.total, r.vs.mods) == ([1], 7, [("defense points", 6), ("body", 0)])
    assert (r.vs_who, r.margin, hit.hit, hit.reaction) == ("clone", -2, False, "defense")
    assert pools(w, "modre") == (0, 2, 4, 0, 0)
    assert pools(w, "clone") == (0, 6, 0, 0, 0)
    assert b.done
    w.apply(RULESET.end_turn(w, w.unit("modre")))

    # step 4: the clone's turn, round 0: 3 from defense to ready, kept
    w.now = 0.5
    b = w.turn("clone", 0)
    assert [(e.changes, e.source) for e in b.opening] == [
        ({"defense": -3, "ready": 3}, "phase 2: readies 3 from defense")]
    assert pools(w, "clone") == (3, 3, 0, 0, 0)
    assert b.ready == 3 and not b.done
    w.apply(RULESET.end_turn(w, w.unit("clone")))
    assert pools(w, "clone") == (3, 3, 0, 0, 0)
    assert pools(w, "modre") == (0, 2, 4, 0, 0)

    # step 5: Modre's turn, round 1
    w.now = 1.0
    b = w.turn("modre", 1)
    assert [(e.changes, e.source) for e in b.opening] == [
        ({"other": -3, "ready": 3}, "phase 2: readies 3 from other")]
    assert pools(w, "modre") == (3, 2, 1, 0, 0)
    act = FakeAct("attack", "clone", "Ice Blade", SECOND_ATTACK)
    effects = w.apply(RULESET.act(w, w.unit("modre"), act, b, FakeTurn(t=1.0)))
    harms = [(e.who, e.changes) for e in effects if isinstance(e, Harm)]
    assert harms == [
        ("modre", {"ready": -3, "defense": 2, "other": 1}),
        ("clone", {"ready": -3, "defense": 1, "other": 2}),
        ("clone", {"defense": -4, "stun": 2, "damage": 2}),
    ]
    blade, counter = [e for e in effects if isinstance(e, Attacked)]
    r = blade.roll
    assert (r.faces, r.total, r.mods, r.success) == ([6], 9, [("Ice Blade", 1), ("points", 2)], True)
    assert (r.vs.faces, r.vs.total, r.vs.mods) == ([4], 7, [("body", 2), ("points", 1)])
    assert (blade.hit, blade.reaction, blade.harm) == (True, "counter", {"stun": 2, "damage": 2})
    assert ("power", 4) in blade.details and ("sharpness", -2) in blade.details
    assert (counter.who, counter.action, counter.hit, counter.harm) == ("clone", "counter", False, {})
    assert pools(w, "modre") == (0, 4, 2, 0, 0)
    assert pools(w, "clone") == (0, 0, 2, 2, 2)
    w.apply(RULESET.end_turn(w, w.unit("modre")))

    # step 6: the clone's turn, round 1
    w.now = 1.5
    b = w.turn("clone", 1)
    assert [(e.changes, e.source) for e in b.opening] == [
        ({"stun": -1, "other": 1}, "phase 1: recovers a stun point"),
        ({"other": -3, "ready": 3}, "phase 2: readies 3 from other")]
    assert pools(w, "clone") == (3, 0, 0, 1, 2)
    assert b.move_cap() == 3.0
    moved = w.apply(b.moved(3.0))
    assert [(e.changes, e.source) for e in moved] == [({"ready": -3, "defense": 3}, "moves 3.0 m: 3 points, one a stride of 1 m")]
    w.unit("clone").x = 3.5
    assert pools(w, "clone") == (0, 3, 0, 1, 2)
    assert pools(w, "modre") == (0, 4, 2, 0, 0)
    assert b.done
    w.apply(RULESET.end_turn(w, w.unit("clone")))

    # every die used, every answer given, both still fighting
    assert w.dice.remaining == 0 and w.answers == []
    assert [w.unit(u).standing for u in ("modre", "clone")] == ["fighting", "fighting"]
    assert [sum(w.unit(u).pools()) for u in ("modre", "clone")] == [6, 6]


def test_the_example_as_data_drives_the_ruleset() -> None:
    """``example.STEPS`` (the data the engine's replay of the example can use) through ``RULESET``."""
    from tactics.rulesets.mano_a_mano_2006 import example as ex

    units = [FakeUnit(uid, ex.TEAMS[uid], load_sheet(ROOT / ex.SHEETS[uid]), x=ex.POSITIONS[uid][0],
                      y=ex.POSITIONS[uid][1]) for uid in ex.ORDER]
    answers = [(who, answer) for s in ex.STEPS for who, _, answer in s.answers]
    w = FakeWorld(RULESET, ScriptedDice(ex.DICE), units, answers)
    assert tuple(RULESET.schedule(w, w.units(), None).order) == ex.ORDER
    budgets: dict[str, object] = {}
    for s in ex.STEPS:
        w.now = s.round + ex.ORDER.index(s.who) / len(ex.ORDER)
        me = w.unit(s.who)
        if s.kind == "begin":
            b = RULESET.begin_turn(w, me, s.round, 0)
            seen = []
            for e in b.opening:
                w.apply([e])
                seen.append(me.pools())
            assert tuple(seen) == s.opening, s.note
            budgets[s.who] = b
        elif s.kind == "act":
            asked = len(w.asked)
            effects = w.apply(RULESET.act(w, me, FakeAct(**s.plan), budgets[s.who], FakeTurn(t=w.now)))
            assert [(x.reactor, x.kind) for x in w.asked[asked:]] == [(r, k) for r, k, _ in s.answers]
            rolls = [(e.roll.total, e.roll.vs.total) for e in effects
                     if isinstance(e, Attacked) and e.who == s.who]
            assert tuple(rolls) == s.rolls, s.note
        else:
            w.apply(budgets[s.who].moved(s.plan["metres"]))
        for uid, expected in s.pools.items():
            assert w.unit(uid).pools() == expected, (s.note, uid)
    assert w.dice.remaining == 0 and w.answers == []
