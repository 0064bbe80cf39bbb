"""Percentile tests and the opposed outcome (003 · steps 4-5; DECISIONS-d100 · Tests)."""

from __future__ import annotations

import pytest

from tactics.rulesets.d100_opposed.checks import attack_hits, is_double
from tactics.rulesets.d100_opposed.checks import test as pct


@pytest.mark.parametrize("reading, target, ok", [
    (0, 0, True), (37, 55, True), (55, 55, True), (56, 55, False), (61, 20, False),
    (98, 99, True), (98, 150, True), (99, 99, False), (99, 150, False),
    (0, -40, True), (1, -40, False), (1, 0, False),
])
def test_roll_under_with_00_to_99(reading: int, target: int, ok: bool) -> None:
    assert pct(reading, target).success is ok


def test_mos_is_the_reading_on_a_success_only() -> None:
    assert pct(37, 55).mos == 37
    assert pct(0, 55).mos == 0
    assert pct(61, 20).mos is None


def test_target_99_or_more_succeeds_on_every_roll_but_99() -> None:
    for target in (99, 100, 130):
        assert [r for r in range(100) if not pct(r, target).success] == [99]


def test_doubles_are_criticals() -> None:
    assert [r for r in range(100) if is_double(r)] == [0, 11, 22, 33, 44, 55, 66, 77, 88, 99]
    assert pct(44, 50).critical_success and not pct(77, 50).critical_success
    assert pct(77, 50).critical and not pct(77, 50).success          # a critical failure
    assert pct(0, -10).critical_success                             # 00 always succeeds, critical
    assert pct(99, 200).critical and not pct(99, 200).success       # 99 always fails, critical
    assert pct(37, 55).tags == [] and pct(44, 50).tags == ["critical"] and pct(61, 20).tags == []
    assert pct(30, 55).excellent and not pct(29, 55).excellent and not pct(61, 20).excellent


def test_reading_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError):
        pct(100, 50)


def test_opposed_outcomes() -> None:
    # attacker fails -> miss, whatever the defender does
    assert not attack_hits(pct(70, 55), pct(90, 20))
    # attacker succeeds, defender fails -> hit (issue #14: 37 <= 55, 61 > 20)
    assert attack_hits(pct(37, 55), pct(61, 20))
    # both succeed -> hit only when the attacker's reading is higher
    assert attack_hits(pct(45, 55), pct(30, 50))
    assert not attack_hits(pct(30, 55), pct(45, 50))
    assert not attack_hits(pct(40, 55), pct(40, 50))              # a tie goes to the defender
    # a defender's critical success always makes it miss
    assert not attack_hits(pct(54, 55), pct(22, 50))
    assert not attack_hits(pct(33, 55), pct(0, 50))
    # a defender's critical failure is just a failure
    assert attack_hits(pct(10, 55), pct(88, 50))
    # no defence test (surprise)
    assert attack_hits(pct(10, 55), None) and not attack_hits(pct(60, 55), None)
