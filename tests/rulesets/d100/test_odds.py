"""Closed-form odds against the 100 × 100 enumeration (003 · steps 4-7)."""

from __future__ import annotations

import pytest

from tactics.rulesets.d100_opposed.checks import attack_hits
from tactics.rulesets.d100_opposed.checks import test as pct
from tactics.rulesets.d100_opposed.damage import modified_dv, parse_dv
from tactics.rulesets.d100_opposed.odds import expected_damage, p_hit, p_hit_brute

TARGETS = [-30, 0, 1, 10, 20, 33, 50, 55, 80, 98, 99, 130]


@pytest.mark.parametrize("attack", TARGETS)
def test_p_hit_equals_the_full_sum(attack: int) -> None:
    for defense in [None, *TARGETS]:
        assert p_hit(attack, defense) == pytest.approx(p_hit_brute(attack, defense), abs=1e-12)


def test_p_hit_numbers() -> None:
    assert p_hit(55, 20) == pytest.approx(0.527)        # 56/100 succeed; 79/100 defences fail
    assert p_hit(55, None) == pytest.approx(0.56)
    assert p_hit(-10, -10) == pytest.approx(0.0099)     # only 00, against 99 failing defences
    assert p_hit(99, 99) < p_hit(99, 50) < p_hit(99, 0)


def _brute_expected(attack: int, defense: int | None, dv_text: str, armor: int, ap: int) -> float:
    dist = parse_dv(dv_text).distribution()
    total = weight = 0.0
    for a in range(100):
        ta = pct(a, attack)
        for d in range(100) if defense is not None else [None]:
            td = None if d is None else pct(d, defense)
            if not attack_hits(ta, td):
                continue
            w = 1.0
            weight += w
            total += w * sum(p * modified_dv(v, ta.mos, armor, ap, ta.critical_success)[0] for v, p in dist.items())
    return total / weight if weight else 0.0


@pytest.mark.parametrize("attack, defense, dv, armor, ap", [
    (55, 20, "9", 4, 0), (70, 40, "2d10+3", 6, -2), (40, None, "1d10", 10, 0), (99, 60, "1d10+2", 0, 0),
])
def test_expected_damage_equals_the_full_sum(attack: int, defense: int | None, dv: str, armor: int, ap: int) -> None:
    assert expected_damage(attack, defense, parse_dv(dv), armor, ap) == pytest.approx(
        _brute_expected(attack, defense, dv, armor, ap))


def test_expected_damage_when_it_cannot_hit() -> None:
    assert expected_damage(-10, 200, parse_dv("9"), 0, 0) == pytest.approx(9.0)  # only 00 hits; a critical
    # armor 20 stops every DV 3 hit but the criticals (00, 11, 22: 3; 33, 44: 3 + 5)
    e = expected_damage(50, 50, parse_dv("3"), 20, 0)
    assert 0 < e < 3 and e == pytest.approx(_brute_expected(50, 50, "3", 20, 0))


# -- properties ---------------------------------------------------------------------
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

targets = st.integers(min_value=-40, max_value=140)


@settings(max_examples=60, deadline=None)
@given(targets, targets)
def test_better_attack_or_worse_defence_never_lowers_the_odds(a: int, d: int) -> None:
    assert p_hit(a + 1, d) >= p_hit(a, d) - 1e-12
    assert p_hit(a, d + 1) <= p_hit(a, d) + 1e-12
    assert p_hit(a, None) >= p_hit(a, d) - 1e-12
    assert 0.0001 - 1e-12 <= p_hit(a, d) <= 0.99 + 1e-12     # 00 always hits a 99 defence; 99 never hits


@settings(max_examples=40, deadline=None)
@given(targets, targets, st.integers(0, 20), st.integers(-10, 0))
def test_expected_damage_bounds(a: int, d: int, armor: int, ap: int) -> None:
    dv = parse_dv("2d10+3")
    e = expected_damage(a, d, dv, armor, ap)
    assert 0 <= e <= dv.maximum + 10
    assert expected_damage(a, d, dv, armor + 1, ap) <= e + 1e-9
