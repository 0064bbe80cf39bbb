"""Elo ratings from a league's games: a Bradley-Terry fit, with bootstrap intervals over the games.

    >>> r = ratings([("a", "b", 1.0)] * 8 + [("a", "b", 0.0)] * 2, boots=200, seed=1)
    >>> r["a"].elo > 1500 > r["b"].elo
    True
    >>> r["a"].low < r["a"].elo < r["a"].high
    True

Each game is ``(first, second, score of first)``: 1 a win, ½ a draw, 0 a
loss. The strengths ``s`` maximise the Bradley-Terry likelihood, P(i beats
j) = s_i / (s_i + s_j), found by Hunter's MM iteration; every player also
gets one virtual draw against an average player, so a player who won (or
lost) every game keeps a finite rating. Elo is ``1500 + 400 log10 s`` with the
strengths' geometric mean at 1500, so a 100-point gap is a 64 % expected
score. The interval is the 2.5th to 97.5th percentile of the ratings refit
on ``boots`` resamples of the games (drawn with replacement by a generator
seeded from ``seed``: the same games and seed give the same intervals).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

BASE = 1500.0
SCALE = 400.0
ITERATIONS = 400


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's Elo, its bootstrap interval, and its games and score."""

    elo: float
    low: float
    high: float
    games: int
    score: float
    """Points won (a draw is ½) over games played."""


def fit(players: Sequence[str], games: Sequence[tuple[str, str, float]]) -> np.ndarray:
    """Elo of each player (in ``players`` order) from ``games``."""
    idx = {p: i for i, p in enumerate(players)}
    n = len(players)
    wins = np.zeros((n, n))
    for a, b, s in games:
        i, j = idx[a], idx[b]
        wins[i, j] += s
        wins[j, i] += 1.0 - s
    return _fit(wins)


def _fit(wins: np.ndarray) -> np.ndarray:
    n = len(wins)
    played = wins + wins.T
    won = wins.sum(axis=1) + 0.5  # the virtual draw
    s = np.ones(n)
    for _ in range(ITERATIONS):
        denom = (played / (s[:, None] + s[None, :])).sum(axis=1) + 1.0 / (s + 1.0)
        new = won / denom
        new /= np.exp(np.log(new).mean())
        if np.max(np.abs(new - s)) < 1e-10:
            s = new
            break
        s = new
    return BASE + SCALE * np.log10(s)


def ratings(games: Sequence[tuple[str, str, float]], boots: int = 200, seed: int = 0) -> dict[str, Rating]:
    """Every player's :class:`Rating`, best first."""
    players = sorted({g[0] for g in games} | {g[1] for g in games})
    if not players:
        return {}
    idx = {p: i for i, p in enumerate(players)}
    n = len(players)
    a = np.array([idx[g[0]] for g in games])
    b = np.array([idx[g[1]] for g in games])
    s = np.array([float(g[2]) for g in games])
    point = _fit(_wins(n, a, b, s))
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    samples = np.empty((boots, n))
    for k in range(boots):
        pick = rng.integers(0, len(games), len(games))
        samples[k] = _fit(_wins(n, a[pick], b[pick], s[pick]))
    low, high = (np.percentile(samples, [2.5, 97.5], axis=0) if boots else (point, point))
    count = np.bincount(a, minlength=n) + np.bincount(b, minlength=n)
    points = np.bincount(a, weights=s, minlength=n) + np.bincount(b, weights=1.0 - s, minlength=n)
    out = {p: Rating(float(point[i]), float(low[i]), float(high[i]), int(count[i]),
                     float(points[i] / count[i]) if count[i] else 0.0) for p, i in idx.items()}
    return dict(sorted(out.items(), key=lambda kv: (-kv[1].elo, kv[0])))


def _wins(n: int, a: np.ndarray, b: np.ndarray, s: np.ndarray) -> np.ndarray:
    w = np.zeros((n, n))
    np.add.at(w, (a, b), s)
    np.add.at(w, (b, a), 1.0 - s)
    return w


__all__ = ["Rating", "ratings", "fit", "BASE", "SCALE"]
