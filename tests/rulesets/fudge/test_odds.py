"""The 4dF distribution and contest odds (002 · Criticals; DECISIONS-fudge · Dice)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from tactics.rulesets.fudge_opposed import odds


def brute(attack: int, defence: int, crits: bool) -> Fraction:
    wins = 0
    for a in itertools.product((-1, 0, 1), repeat=4):
        for d in itertools.product((-1, 0, 1), repeat=4):
            if crits and sum(a) == 4:
                wins += 1
            elif crits and sum(a) == -4:
                pass
            elif attack + sum(a) > defence + sum(d):
                wins += 1
    return Fraction(wins, 81 * 81)


def test_distribution_is_1_4_10_16_19_16_10_4_1_of_81():
    assert [odds.ways(s) for s in range(-4, 5)] == [1, 4, 10, 16, 19, 16, 10, 4, 1]
    assert sum(odds.ways(s) for s in range(-4, 5)) == 81
    assert odds.DISTRIBUTION_4DF == {s: odds.ways(s) for s in range(-4, 5)}


def test_distribution_matches_every_throw():
    counts = {}
    for faces in itertools.product((-1, 0, 1), repeat=4):
        counts[sum(faces)] = counts.get(sum(faces), 0) + 1
    assert counts == odds.DISTRIBUTION_4DF


def test_eight_dice_have_17_values_out_of_6561():
    values = [odds.ways(s, 8) for s in range(-8, 9)]
    assert len(values) == 17 and sum(values) == 6561 and values[8] == 1107


@pytest.mark.parametrize("a,d", [(0, 0), (3, 1), (1, 3), (5, -1), (-2, 6), (2, 2)])
@pytest.mark.parametrize("crits", [True, False])
def test_closed_form_equals_brute_force(a, d, crits):
    assert odds.p_beats_exact(a, d, crits) == brute(a, d, crits)


def test_criticals_keep_a_floor_and_a_ceiling():
    assert odds.p_beats_exact(-20, 20) == Fraction(1, 81)          # only ++++ wins
    assert odds.p_beats_exact(20, -20) == Fraction(80, 81)         # only ---- loses
    assert odds.p_beats_exact(-20, 20, crits=False) == 0


def test_unopposed_checks_meet_the_difficulty():
    assert odds.p_at_least(0, 0) == Fraction(50, 81)
    assert odds.p_at_least(4, 0) == 1


def test_margin_at_least():
    assert odds.p_margin_at_least(0, 0, 1) == odds.p_beats_exact(0, 0, crits=False)
    assert odds.p_margin_at_least(0, 0, 9) == 0


def test_expected_shortfall_counts_hits_up_to_the_cap():
    # Dodge 0 against difficulty 4: short by 4 - s for each throw s below 4
    exp = sum(Fraction(odds.ways(s), 81) * min(3, max(0, 4 - s)) for s in range(-4, 5))
    assert odds.expected_shortfall(0, 4, 3) == pytest.approx(float(exp))
