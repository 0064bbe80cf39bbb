"""DV, MoS bonus, armor and AP, wounds, standings (003 · steps 5-8)."""

from __future__ import annotations

import pytest

from tactics.dice import ScriptedDice
from tactics.rulesets.d100_opposed.damage import (
    DV, effective_armor, modified_dv, mos_bonus, parse_dv, standing_for, wounds_from,
)


@pytest.mark.parametrize("text, dv", [
    ("2d10+3", DV(2, 10, 3)), ("1d10", DV(1, 10, 0)), ("7", DV(0, 1, 7)), (7, DV(0, 1, 7)),
    (" 3d6 - 2 ", DV(3, 6, -2)), ("1D10+2", DV(1, 10, 2)), (0, DV(0, 1, 0)),
])
def test_dv_expressions(text: str | int, dv: DV) -> None:
    assert parse_dv(text) == dv


@pytest.mark.parametrize("text, words", [
    ("d10", "not dice"), ("2d", "not dice"), ("2d10+x", "not dice"), ("abc", "not dice"),
    ("0d10", "between 1 and 20 dice"), ("21d10", "between 1 and 20 dice"), ("1d1", "at least 2 sides"),
    ("1d4-3", "below 0"), (-2, "negative"), (True, "whole number"),
])
def test_bad_dv_is_one_line(text: str | int, words: str) -> None:
    with pytest.raises(ValueError) as err:
        parse_dv(text)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_dv_rolls_with_the_encounters_dice() -> None:
    assert parse_dv("2d10+3").roll(ScriptedDice([4, 9])) == ([4, 9], 16)
    assert parse_dv("7").roll(ScriptedDice([])) == ([], 7)
    assert parse_dv("2d10+3").text == "2d10+3" and parse_dv("7").text == "7"
    dist = parse_dv("2d6").distribution()
    assert dist[7] == pytest.approx(6 / 36) and sum(dist.values()) == pytest.approx(1)


def test_excellent_success_bonus() -> None:
    assert [mos_bonus(m) for m in (None, 0, 29, 30, 59, 60, 98)] == [0, 0, 0, 5, 5, 10, 10]


def test_armor_lowered_by_ap_never_below_zero() -> None:
    assert effective_armor(6, -2) == 4
    assert effective_armor(3, -5) == 0
    assert effective_armor(4, 0) == 4


def test_issue_14_example() -> None:
    assert modified_dv(9, 37, 4, 0, False) == (10, [("DV", 9), ("MoS bonus", 5), ("armor", -4)])


def test_modified_dv_numbers() -> None:
    assert modified_dv(8, 65, 6, -2, False) == (14, [("DV", 8), ("MoS bonus", 10), ("armor", -6), ("AP", 2)])
    assert modified_dv(8, 10, 3, -5, False) == (8, [("DV", 8), ("armor", -3), ("AP", 3)])
    # a critical ignores armor
    assert modified_dv(8, 44, 10, 0, True) == (13, [("DV", 8), ("MoS bonus", 5), ("armor ignored (critical)", 0)])
    # modified DV at or below 0 does nothing
    assert modified_dv(4, 10, 4, 0, False)[0] == 0
    assert modified_dv(2, 10, 9, 0, False)[0] == 0


def test_wounds() -> None:
    assert [wounds_from(d, 8) for d in (0, 7, 8, 15, 16, 24, 25)] == [0, 0, 1, 1, 2, 3, 3]
    assert wounds_from(5, 0) == 0


def test_standings() -> None:
    # Durability 40, Death Rating 60
    assert standing_for(40, 40, 60) == "fighting"
    assert standing_for(41, 40, 60) == "incapacitated"
    assert standing_for(59, 40, 60) == "incapacitated"
    assert standing_for(60, 40, 60) == "dead"
