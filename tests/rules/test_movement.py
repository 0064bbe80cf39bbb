"""000 · Movement: encumbrance table, flight, jumps, climbs."""

from __future__ import annotations

import pytest

from tactics.rules import (
    airspeed_after,
    can_ascend,
    carrying_capacity,
    climb_profile,
    encumbrance,
    jump_needs_roll,
    max_ascent,
    max_jump,
    max_safe_descent,
    movement_per_turn,
)

from .conftest import sheet

# 000 · Movement · Encumbrance, every row
TABLE = {
    0: 0, 1: 1, 2: 2, 3: 5, 4: 10, 5: 15, 6: 20, 7: 30, 8: 50, 9: 65, 10: 80, 11: 100, 12: 120,
    13: 150, 14: 200, 15: 250, 16: 300, 17: 400, 18: 500, 19: 600, 20: 800, 21: 1000, 22: 1200,
    23: 1500, 24: 1800, 25: 2100, 26: 2500, 27: 3000, 28: 4000, 29: 5000, 30: 6000, 31: 7500,
    32: 9000, 33: 10_000, 34: 12_000, 35: 15_000, 36: 20_000, 37: 25_000, 38: 30_000, 39: 35_000,
    40: 40_000, 41: 45_000, 42: 50_000, 43: 55_000, 44: 60_000, 45: 65_000, 46: 70_000, 47: 75_000,
    48: 80_000, 49: 90_000, 50: 100_000,
}


@pytest.mark.parametrize("strength, cc", sorted(TABLE.items()))
def test_carrying_capacity_table(strength, cc):
    assert carrying_capacity(strength) == cc


def test_carrying_capacity_outside_the_table():
    with pytest.raises(ValueError):
        carrying_capacity(51)
    with pytest.raises(ValueError):
        carrying_capacity(-1)


def test_encumbrance():
    assert encumbrance(5, 5) == "none"
    assert encumbrance(5.1, 5) == "encumbered"
    assert encumbrance(10, 5) == "encumbered"
    assert encumbrance(10.1, 5) == "immobile"
    assert encumbrance(0, 0) == "none"


def test_movement_per_turn():
    assert movement_per_turn(5) == 5
    assert movement_per_turn(5, on_the_ground=True) == 2.5
    assert movement_per_turn(5, encumbrance="encumbered") == 2.5
    assert movement_per_turn(4, mode="swimming", encumbrance="encumbered") == 2
    assert movement_per_turn(8, mode="flying") == 8
    assert movement_per_turn(8, mode="flying", encumbrance="encumbered") == 0
    assert movement_per_turn(5, encumbrance="immobile") == 0
    with pytest.raises(ValueError):
        movement_per_turn(5, mode="teleport")


def test_flight():
    w = sheet("winged")
    assert max_ascent(w.airspeed) == 4 and max_safe_descent(w.airspeed) == 4
    assert airspeed_after(8, 8, climbed_m=3) == 5
    assert airspeed_after(5, 8, descended_m=2) == 7
    assert airspeed_after(8, 8, descended_m=20) == 16  # at most twice the base
    assert airspeed_after(2, 8, climbed_m=5) == 0
    assert not can_ascend(0) and can_ascend(1)
    with pytest.raises(ValueError):
        airspeed_after(0, 8, climbed_m=1)


def test_jumps():
    assert max_jump(5, True) == (5, 2.5)
    assert max_jump(5, False) == (2.5, 1.25)  # a quarter of running, high, without a start
    assert jump_needs_roll(3.5, 5) is False
    assert jump_needs_roll(4, 5) is True
    assert jump_needs_roll(5, 5) is True
    with pytest.raises(ValueError):
        jump_needs_roll(5.1, 5)


@pytest.mark.parametrize(
    "surface, difficulty, metres",
    [("ladder", 0, 3), ("steep slope", 0, 3), ("steep-slope", 0, 3), ("rope", 5, 1), ("pole", 5, 1),
     ("hand holds", 10, 1), ("handholds", 10, 1), ("finger holds", 15, 1), ("fingerholds", 15, 1),
     ("sheer", 20, 1)],
)
def test_climb_table(surface, difficulty, metres):
    assert climb_profile(surface, 5) == (difficulty, metres)


def test_climb_ladder_rounds_up():
    assert climb_profile("ladder", 6)[1] == 3
    assert climb_profile("ladder", 7)[1] == 4
    with pytest.raises(ValueError):
        climb_profile("glass", 5)


def test_ascend_and_descend():
    from tactics.rules import ascend, descend

    assert ascend(8, 8, 4) == 4
    assert descend(4, 8, 4) == 8
    with pytest.raises(ValueError):
        ascend(8, 8, 5)
    with pytest.raises(ValueError):
        descend(8, 8, 4.5)
