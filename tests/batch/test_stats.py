from __future__ import annotations

import math

import pytest

from tactics.batch import run_seed, summarize, wilson
from tactics.batch.stats import CHARACTER_FIELDS, Rate, character_columns, is_casualty, track_columns


@pytest.mark.parametrize(
    ("k", "n", "lo", "hi"),
    [
        (50, 100, 0.4038, 0.5962),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (1, 10, 0.0179, 0.4042),
        (81, 263, 0.2553, 0.3662),  # Newcombe (1998), Stat Med 17:857, Table I, method 3 (Wilson score)
        (15, 148, 0.0624, 0.1605),  # Newcombe (1998), Table I, method 3
    ],
)
def test_wilson_known_values(k: int, n: int, lo: float, hi: float) -> None:
    got = wilson(k, n)
    assert got == pytest.approx((lo, hi), abs=5e-5)


def test_wilson_edges_and_confidence() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    lo90, hi90 = wilson(50, 100, confidence=0.90)
    lo95, hi95 = wilson(50, 100)
    assert lo95 < lo90 < 0.5 < hi90 < hi95
    with pytest.raises(ValueError):
        wilson(11, 10)
    with pytest.raises(ValueError):
        wilson(1, 10, confidence=1.0)


def test_wilson_symmetry() -> None:
    for k in range(0, 21):
        lo, hi = wilson(k, 20)
        lo2, hi2 = wilson(20 - k, 20)
        assert lo == pytest.approx(1 - hi2) and hi == pytest.approx(1 - lo2)
        assert 0 <= lo <= k / 20 <= hi <= 1


def test_run_seed_is_pinned() -> None:
    # blake2b of "batch:index": the same on every Python, platform and process
    assert run_seed(7, 0) == 7985665222500292864
    assert run_seed(0, 0) != run_seed(0, 1) != run_seed(1, 0)
    assert all(0 <= run_seed(3, i) < 2**63 for i in range(100))
    assert len({run_seed(3, i) for i in range(1000)}) == 1000


def _row(winner, duration, red_down, blue_down, charging=True, error=None):
    out = {"options.charging": charging, "run": 0, "seed": 1, "winner": winner, "duration": duration, "error": error}
    for uid, team, down, hp in (("b", "blue", blue_down, 3), ("r", "red", red_down, 1)):
        down_at = None if down in (None, "up") else 2.0
        out.update(character_columns({"id": uid, "team": team, "standing": down, "tracks": {"hp": hp, "fatigue": 0},
                                      "hits": 1, "misses": 0, "down_at": down_at}))
    return out


def test_summarize_groups_rates_and_failures() -> None:
    rows = [
        _row("red", 4.0, "up", "out"),
        _row("red", 6.0, "up", "out"),
        _row("blue", 8.0, "out", "up"),
        _row(None, 60.0, "up", "up"),
        _row(None, None, None, None, error="RuntimeError: boom"),
        _row("blue", 5.0, "out", "up", charging=False),
    ]
    on, off = summarize(rows, ["options.charging"])
    assert on.params == {"options.charging": True} and off.params == {"options.charging": False}
    assert (on.runs, on.failed) == (4, 1)
    assert on.team("red").wins == Rate.of(2, 4)
    assert on.team("blue").wins.count == 1
    assert on.draws.count == 1
    assert on.duration_mean == pytest.approx(19.5) and on.duration_median == pytest.approx(7.0)
    assert on.team("red").casualty_rate == pytest.approx(0.25)
    assert on.team("blue").casualty_rate == pytest.approx(0.5)
    assert on.team("blue").track_means == pytest.approx({"hp": 3, "fatigue": 0})
    assert off.runs == 1 and off.team("blue").wins.value == 1.0
    assert off.label == "options.charging=false"
    # no grouping: one condition
    (everything,) = summarize(rows)
    assert everything.runs == 5 and everything.label == "all runs"
    assert math.isnan(summarize([_row(None, None, None, None, error="x")])[0].duration_mean)


def test_character_columns_from_a_summary_row() -> None:
    row = character_columns({"id": "red-1", "name": "Ann", "team": "red", "policy": "p", "standing": "down",
                             "health": "down", "tracks": {"wounds": 2, "damage": 9}, "hits": 4, "misses": 2,
                             "turns": 9, "down_at": 6.5, "x": 1, "y": 2, "z": 0})
    assert list(row) == ["red-1.team", "red-1.standing", "red-1.wounds", "red-1.damage", "red-1.hits",
                         "red-1.misses", "red-1.down_at", "red-1.health"]
    assert [c.split(".", 1)[1] for c in row if c.split(".", 1)[1] in CHARACTER_FIELDS] == list(CHARACTER_FIELDS)
    assert track_columns(row, "red-1") == ["wounds", "damage"] and is_casualty(row, "red-1")
    # an engine that still says incapacitated_at, and older tables, are read the same
    old = character_columns({"id": "a", "team": "red", "health": "x", "incapacitated_at": 3.0})
    assert old["a.standing"] == "x" and old["a.down_at"] == 3.0 and is_casualty(old, "a")
    assert old["a.health"] == "x" and old["a.incapacitated_at"] == 3.0 and track_columns(old, "a") == []
    assert is_casualty({"a.incapacitated_at": 1.0}, "a") and not is_casualty({"a.incapacitated_at": None}, "a")
    assert not is_casualty(character_columns({"id": "a", "team": "red", "down_at": None}), "a")


def test_module_examples() -> None:
    import doctest

    import tactics.batch.seeds
    import tactics.batch.stats
    import tactics.batch.table

    for mod in (tactics.batch.seeds, tactics.batch.stats, tactics.batch.table):
        assert doctest.testmod(mod).failed == 0
