"""Initiative and action phases (DECISIONS-d100 · Time and turns)."""

from __future__ import annotations

import pytest

from tactics.rules.effects import Check
from tactics.rulesets.d100_opposed import RULESET
from tactics.rulesets.d100_opposed.schedule import ORDER_STEP, initiative_bonus, order, phase_offsets

from .fakes import APTS, FakeUnit, FakeWorld, sheet


def test_initiative_bonus() -> None:
    assert initiative_bonus(15, 20) == 7
    assert initiative_bonus(20, 24) == 8


def test_phase_offsets_split_the_turn_evenly() -> None:
    assert phase_offsets(1) == [0.0]
    assert phase_offsets(3) == [0.0, 1.0, 2.0]
    assert phase_offsets(4) == [0.0, 0.75, 1.5, 2.25]


def test_ties_by_ref_then_die() -> None:
    faces = iter([30, 80])
    assert order([("a", 12, 20), ("b", 12, 20), ("c", 12, 25), ("d", 15, 10)], lambda uid: next(faces)) == \
        ["d", "c", "b", "a"]
    faces = iter([50, 50, 10, 90])   # a tie on the die too: those two roll again
    assert order([("a", 12, 20), ("b", 12, 20)], lambda uid: next(faces)) == ["b", "a"]


def _fighters() -> list[FakeUnit]:
    fast = sheet(speed=2, aptitudes={**APTS, "REF": 25})        # bonus (15 + 25) // 5 = 8
    slow = sheet()                                              # bonus (15 + 20) // 5 = 7
    return [FakeUnit("slow", slow), FakeUnit("fast", fast, team="blue"), FakeUnit("other", slow, team="blue")]


def test_initiative_rolled_every_action_turn_as_checks() -> None:
    units = _fighters()
    world = FakeWorld(units, rolls=[9, 3, 2, 4, 4, 4])
    sched = RULESET.schedule(world, units, None)
    assert sched.dynamic
    effects = sched.start_round(world, 0)
    assert all(isinstance(e, Check) and e.purpose == "initiative" for e in effects)
    assert [(e.who, e.roll.faces, e.roll.total, e.roll.mods, e.roll.result) for e in effects] == [
        ("slow", [9], 16, [("(INT + REF) / 5", 7)], "acts 1st"),
        ("fast", [3], 11, [("(INT + REF) / 5", 8)], "acts 2nd"),
        ("other", [2], 9, [("(INT + REF) / 5", 7)], "acts 3rd"),
    ]
    # two phases (the fastest has Speed 2), 1.5 s apart; phase 2 holds only the fast one
    assert sched.slots("slow", 0) == [(0.0, 1)]
    assert sched.slots("fast", 0) == [(ORDER_STEP * 1, 1), (1.5 + ORDER_STEP, 2)]
    assert sched.slots("other", 0) == [(ORDER_STEP * 2, 1)]
    # the next action turn rolls anew: 4+7, 4+8, 4+7 -> fast first; slow/other tie on REF too -> a die each
    world.script(4, 4, 4, 20, 70)
    effects = sched.start_round(world, 1)
    assert [e.purpose for e in effects] == ["initiative"] * 3 + ["initiative tie"] * 2
    assert sched.orders[1] == ["fast", "other", "slow"]


def test_out_of_the_fight_roll_no_initiative_and_surpriser_goes_first() -> None:
    units = _fighters()
    units[0].tracks["damage"] = 41                            # incapacitated
    world = FakeWorld(units, rolls=[9, 1])
    sched = RULESET.schedule(world, units, "other")
    effects = sched.start_round(world, 0)
    assert [e.who for e in effects] == ["fast", "other"]
    assert sched.orders[0] == ["other", "fast"]
    assert sched.slots("slow", 0) == [(2 * ORDER_STEP, 1)]     # still a slot; begin_turn gives no budget
    assert RULESET.begin_turn(world, units[0], 0, 1) is None


@pytest.mark.parametrize("speed, phases", [(1, 1), (3, 3), (4, 4)])
def test_speed_gives_phases(speed: int, phases: int) -> None:
    u = FakeUnit("u", sheet(speed=speed))
    world = FakeWorld([u], rolls=[5])
    sched = RULESET.schedule(world, [u], None)
    sched.start_round(world, 0)
    assert [p for _, p in sched.slots("u", 0)] == list(range(1, phases + 1))
    sched.join("late", 0)
    assert sched.slots("late", 0) == [(ORDER_STEP, 1)]


def test_order_and_joining_mid_fight() -> None:
    units = _fighters()
    world = FakeWorld(units, rolls=[1, 9, 5])
    sched = RULESET.schedule(world, units, None)
    assert sched.order == ["slow", "fast", "other"]            # before any roll: the order added
    sched.start_round(world, 0)
    assert sched.order == ["fast", "other", "slow"]
    assert sched.join("late", 4.5) == 2                        # during action turn 1 (3-6 s): from turn 2
    assert sched.join("later", 6.0) == 3
    assert sched.order[-2:] == ["late", "later"]
