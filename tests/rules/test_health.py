"""000 · Health: sharpness, states, stun recovery, healing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactics.rules import heal_damage, healing_difficulty, health_state, recover_stun, rest, split_power


def test_sharpness_example():
    assert split_power(5, "blunt") == (2, 3)
    assert split_power(3, "blunt") == (1, 2)  # the clone's punch
    assert split_power(10, "sharp") == (10, 0)
    assert split_power(7, "padded") == (0, 7)
    assert split_power(0, "blunt") == (0, 0)
    assert split_power(-2, "sharp") == (0, 0)
    with pytest.raises(ValueError):
        split_power(3, "pointy")


@given(st.integers(0, 500), st.sampled_from(["sharp", "blunt", "padded"]))
def test_split_sums_to_power(power, sharpness):
    damage, stun = split_power(power, sharpness)
    assert damage + stun == power and damage >= 0 and stun >= 0


@pytest.mark.parametrize(
    "stun, damage, state",
    [(0, 0, "healthy"), (3, 3, "healthy"), (0, 7, "injured"), (4, 3, "injured"), (0, 10, "injured"),
     (13, 0, "injured"), (0, 14, "incapacitated"), (0, 15, "incapacitated"), (7, 7, "incapacitated")],
)
def test_thresholds(stun, damage, state):
    assert health_state(stun, damage, 7, 14) == state


@given(st.integers(0, 40), st.integers(0, 40), st.integers(0, 5), st.integers(1, 10))
def test_health_is_monotone(stun, damage, more, toughness):
    order = ["healthy", "injured", "incapacitated"]
    stamina = 2 * toughness
    before = order.index(health_state(stun, damage, toughness, stamina))
    assert order.index(health_state(stun + more, damage, toughness, stamina)) >= before
    assert order.index(health_state(stun, damage + more, toughness, stamina)) >= before


def test_stun_recovery():
    assert recover_stun(2, "healthy") == 1
    assert recover_stun(0, "healthy") == 0
    assert recover_stun(3, "injured") == 2
    assert recover_stun(5, "incapacitated") == 2  # recovers 3, half rounded up
    assert recover_stun(4, "incapacitated") == 2
    assert recover_stun(1, "incapacitated") == 0
    assert rest(9) == 0


def test_healing():
    assert heal_damage(5, True) == 2  # 000 · Health · Damage and Healing example
    assert heal_damage(5, False) == 5
    assert healing_difficulty(0, 0, 0) == 10
    assert healing_difficulty(3, 2, 1) == 20
