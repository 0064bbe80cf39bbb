"""spots.Looks: the archer's best spot found looking only where a choice needs it (issue 19)."""

from __future__ import annotations

import random
from types import SimpleNamespace

import numpy as np

from tactics.ai.mano_a_mano.spots import UNKNOWN, Looks, spots
from tactics.map import TacticalMap

GRID = ["..........", "...##.....", "...##..#..", "..........", "......#...", ".........."]


def _full(sp, tmap, cells, eyes, points, near) -> np.ndarray:
    """What every spot sees, worked out for all of them (the old way)."""
    vis = sp.sight(tmap, np.array(eyes), np.array(points), np.array(cells)) & np.array(near)
    return vis[:, 0].astype(float) + 0.75 * (vis[:, 1:].any(axis=1) & ~vis[:, 0])


def test_best_is_argmax_of_the_full_scores() -> None:
    rnd = random.Random(5)
    for trial in range(40):
        tmap = TacticalMap.from_grid(GRID)
        sp = spots(SimpleNamespace(map=tmap, shared={}))
        cells = list(range(0, sp.rows * sp.cols, 3))
        eyes = [[float(sp.xs[c]), float(sp.ys[c]), float(sp.eye_z[c])] for c in cells]
        points = [(rnd.uniform(0, 20), rnd.uniform(0, 12), 1.5) for _ in range(3)]
        near = [[rnd.random() < 0.8 for _ in points] for _ in cells]
        base = np.array([rnd.choice([0.0, 0.5, 1.0, -2.0]) for _ in cells])
        top = 4.0 + base
        sees = _full(spots(SimpleNamespace(map=tmap, shared={})), tmap, cells, eyes, points, near)
        want = int(np.argmax(4.0 * sees + base))
        looks = Looks(sp, tmap, np.array(cells), np.array(eyes), points, np.array(near))
        got, seen = looks.best(top, lambda k, v: 4.0 * v + float(base[k]))
        assert (got, seen) == (want, sees[want])
        assert all(looks.sees(k) == sees[k] for k in range(len(cells)))


def test_best_looks_from_few_spots_when_the_best_sees() -> None:
    tmap = TacticalMap.from_grid(["." * 10])
    sp = spots(SimpleNamespace(map=tmap, shared={}))
    cells = list(range(10))
    eyes = [[float(sp.xs[c]), float(sp.ys[c]), float(sp.eye_z[c])] for c in cells]
    points = [(19.0, 1.0, 1.5)]
    looks = Looks(sp, tmap, np.array(cells), np.array(eyes), points, np.ones((10, 1), dtype=bool))
    assert looks.best(np.arange(10, dtype=float) + 4.0, lambda k, v: k + 4.0 * v) == (9, 1.0)
    assert int((sp.column(points[0]) != UNKNOWN).sum()) == 1  # only the winner was looked from
