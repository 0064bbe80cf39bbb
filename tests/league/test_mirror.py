"""Mirror matches of one policy against others: the schedule, the Wilson interval, the fold."""

from __future__ import annotations

import doctest

import pytest

import tactics.league.mirror as mirror_module
from tactics.league.mirror import mirror_games, mirror_scores, wilson
from tactics.league.play import Game, Outcome


def test_the_doctests_hold() -> None:
    res = doctest.testmod(mirror_module)
    assert res.attempted >= 2 and res.failed == 0


def test_each_opponent_meets_the_policy_from_both_sides_on_shared_seeds() -> None:
    games = mirror_games(["modre", "melee2006"], "planner", ["duelist", "guard"], seeds=3, league_seed=4)
    assert len(games) == 2 * 2 * 3 * 2
    assert [g.index for g in games] == list(range(len(games)))
    assert all("planner" in (g.first, g.second) and g.first != g.second for g in games)
    sides = {(g.encounter, g.seed, g.first, g.second) for g in games}
    for enc, seed, a, b in sides:
        assert (enc, seed, b, a) in sides
    assert len({g.seed for g in games}) == 3


def test_wilson_interval() -> None:
    rate, lo, hi = wilson(50, 100)
    assert rate == 0.5 and lo == pytest.approx(1 - hi, abs=1e-3) and 0.40 < lo < 0.41
    assert wilson(0, 10)[1] == 0.0 and wilson(10, 10)[2] == 1.0
    # ±5 % wants about 400 games: the interval of 200 of 400 is under 0.1 wide, of 100 it is wider
    assert wilson(200, 400)[2] - wilson(200, 400)[1] < 0.1 < wilson(50, 100)[2] - wilson(50, 100)[1]
    assert wilson(0, 0) == (0.0, 0.0, 1.0)


def _outcome(i: int, first: str, second: str, winner: str | None, error: str = "") -> Outcome:
    g = Game(i, "modre", "mano-a-mano-2006", 0, 7, first, second)
    return Outcome(g, winner, "", 1.0, {}, error)


def test_scores_count_wins_and_half_draws_from_both_sides_and_skip_failures() -> None:
    outs = [_outcome(0, "planner", "duelist", "planner"), _outcome(1, "duelist", "planner", None),
            _outcome(2, "planner", "guard", "guard"), _outcome(3, "guard", "planner", "planner"),
            _outcome(4, "planner", "guard", None, error="boom"), _outcome(5, "duelist", "guard", "guard")]
    scores = {s.opponent: s for s in mirror_scores(outs, "planner")}
    assert set(scores) == {"duelist", "guard"}
    assert (scores["duelist"].points, scores["duelist"].games, scores["duelist"].rate) == (1.5, 2, 0.75)
    assert (scores["guard"].points, scores["guard"].games) == (1.0, 2)
    assert scores["guard"].low < 0.5 < scores["guard"].high
