"""000 · Attacking: range, darkness, charging; thrown weapon ranges."""

from __future__ import annotations

import pytest

from tactics.rules import charge_bonus, darkness_difficulty, range_difficulty, throw_range

from .conftest import sheet


@pytest.mark.parametrize("distance, extra", [(0, 0), (6.9, 0), (7, 1), (13, 1), (13.99, 1), (14, 2), (20, 2),
                                             (70, 10), (76, 10), (140, 20)])
def test_the_140_m_example(distance, extra):
    assert range_difficulty(distance, 140) == extra


def test_beyond_max_range():
    with pytest.raises(ValueError, match="beyond"):
        range_difficulty(141, 140)
    with pytest.raises(ValueError):
        range_difficulty(5, 0)


@pytest.mark.parametrize(
    "light, attack, extra",
    [("dark", "grapple", 3), ("dark", "strike", 4), ("dark", "ranged", 5),
     ("dim", "grapple", 1), ("dim", "strike", 2), ("dim", "ranged", 3),
     ("bright", "grapple", 0), ("bright", "strike", 0), ("bright", "ranged", 0),
     ("dark", "shot", 5), ("dim", "throw", 3)],
)
def test_darkness(light, attack, extra):
    assert darkness_difficulty(light, attack) == extra
    assert darkness_difficulty(light, attack, blind=True) == 0


def test_darkness_refusals():
    with pytest.raises(ValueError):
        darkness_difficulty("twilight", "strike")
    with pytest.raises(ValueError):
        darkness_difficulty("dark", "spell")


@pytest.mark.parametrize("m, bonus", [(0, 0), (5, 0), (5.9, 0), (6, 1), (6.5, 1), (12, 7)])
def test_charge_bonus(m, bonus):
    assert charge_bonus(m) == bonus


def test_throw_range():
    t = sheet("spear_thrower")  # throwing 4, strength 4, javelin heft 2
    assert throw_range(t, "javelin", "quick throw") == 6
    assert throw_range(t, "javelin", "powerful throw") == 12
    assert throw_range(t, "javelin", "heave") == 6


def test_unwieldy_can_only_be_heaved():
    steven = sheet("steven")
    d = steven.to_dict()
    d["weapons"].append({"name": "anvil", "kind": "thrown", "heft": 6, "power": 6, "mass": 20})
    from tactics.rules import character_from_dict

    s = character_from_dict(d)
    with pytest.raises(ValueError, match="unwieldy"):
        throw_range(s, "anvil", "quick throw")
    with pytest.raises(ValueError, match="unwieldy"):
        throw_range(s, "anvil", "powerful throw")
    assert throw_range(s, "anvil", "heave") == 0  # strength 3 - heft 6: never below 0
    with pytest.raises(ValueError, match="not a throw"):
        throw_range(s, "anvil", "quick strike")
