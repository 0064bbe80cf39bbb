"""Elo from a league's games: the fit, the virtual draw, the bootstrap intervals."""

from __future__ import annotations

import math

from tactics.league.elo import BASE, SCALE, fit, ratings


def test_two_players_match_the_bradley_terry_closed_form() -> None:
    # 3 wins and 1 loss plus one virtual draw each against an average (geometric mean 1) player
    elo = fit(["a", "b"], [("a", "b", 1.0)] * 3 + [("a", "b", 0.0)])
    assert elo[0] > BASE > elo[1]
    assert math.isclose(elo[0] - BASE, BASE - elo[1], abs_tol=1e-6)   # geometric mean at 1500
    s = 10 ** ((elo[0] - elo[1]) / SCALE)
    # the MM fixed point for player a: won / (played / (sa + sb) + 1 / (sa + 1))
    sa, sb = 10 ** ((elo[0] - BASE) / SCALE), 10 ** ((elo[1] - BASE) / SCALE)
    assert math.isclose(sa, 3.5 / (4 / (sa + sb) + 1 / (sa + 1)), rel_tol=1e-6)
    assert 1 < s < 10


def test_an_unbeaten_player_keeps_a_finite_rating_and_draws_are_half() -> None:
    r = ratings([("a", "b", 1.0)] * 20, boots=50, seed=3)
    assert math.isfinite(r["a"].elo) and r["a"].elo > 1700
    even = ratings([("a", "b", 0.5)] * 10, boots=50, seed=3)
    assert math.isclose(even["a"].elo, BASE, abs_tol=1e-6) and even["a"].score == 0.5


def test_intervals_hold_the_estimate_shrink_with_games_and_repeat_with_the_seed() -> None:
    few = [("a", "b", 1.0)] * 6 + [("a", "b", 0.0)] * 4 + [("b", "c", 1.0)] * 7 + [("b", "c", 0.0)] * 3
    many = few * 10
    r1, r2 = ratings(few, boots=300, seed=5), ratings(many, boots=300, seed=5)
    for p in "abc":
        assert r1[p].low <= r1[p].elo <= r1[p].high
        assert (r2[p].high - r2[p].low) < (r1[p].high - r1[p].low)
    assert list(r1) == ["a", "b", "c"]                      # best first
    assert ratings(few, boots=300, seed=5) == r1
    assert r1["a"].games == 10 and r1["b"].games == 20
