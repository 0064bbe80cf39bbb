"""The archer's spot distances without the (spots × points × 3) array (issue 19, branch mixed6).

``stand.Stand._score_cells_now`` used to take every spot's distance to every
watched point with ``np.sqrt(((A[:, None] - W[None]) ** 2).sum(axis=2))``; it now
takes the target's column with 1-D operations and each looked-at spot's row in
plain Python (``spots.in_range``). Both must be that array's floats to the bit.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import numpy as np

from tactics.ai.mano_a_mano.spots import Looks, in_range, spots
from tactics.map import TacticalMap


def _cases(seed: int, trials: int):
    rng = np.random.default_rng(seed)
    for _ in range(trials):
        n, m = int(rng.integers(1, 30)), int(rng.integers(1, 6))
        scale = float(rng.choice([1e-3, 1.0, 37.0, 1e3]))
        yield rng.uniform(0, 40, (n, 3)) * scale, rng.uniform(0, 40, (m, 3)) * scale


def test_the_target_column_is_the_summed_arrays_to_the_bit() -> None:
    differ = 0
    for A, W in _cases(3, 400):
        want = np.sqrt(((A[:, None, :] - W[None, :, :]) ** 2).sum(axis=2))[:, 0]
        xs, ys, az = A[:, 0].copy(), A[:, 1].copy(), A[:, 2].copy()
        tx, ty, tz = W[0].tolist()
        dx, dy, dz = xs - tx, ys - ty, az - tz
        got = np.sqrt((dx * dx + dy * dy) + dz * dz)
        assert (got == want).all()
        # the other order of the sum differs somewhere: the order above is a real choice
        other = np.sqrt(dx * dx + (dy * dy + dz * dz))
        differ += int((other != want).sum())
    assert differ > 0


def test_in_range_is_the_summed_arrays_row_by_row() -> None:
    for A, W in _cases(7, 400):
        d = np.sqrt(((A[:, None, :] - W[None, :, :]) ** 2).sum(axis=2))
        points = [tuple(w) for w in W.tolist()]
        for k in range(len(A)):
            rng = float(d[k, 0])  # a range exactly at a distance: <= must hold there
            assert in_range(tuple(A[k].tolist()), points, rng) == (d[k] <= rng).tolist()
            assert in_range(tuple(A[k].tolist()), points, float(np.nextafter(rng, 0.0)))[0] is False


def test_looks_from_a_range_sees_what_looks_from_the_array_see() -> None:
    grid = ["..........", "...##.....", "...##..#..", "..........", "......#...", ".........."]
    rnd = random.Random(11)
    for _ in range(30):
        tmap = TacticalMap.from_grid(grid)
        sp = spots(SimpleNamespace(map=tmap, shared={}))
        cells = list(range(0, sp.rows * sp.cols, 2))
        eyes = np.array([[float(sp.xs[c]), float(sp.ys[c]), float(sp.eye_z[c])] for c in cells])
        points = [(rnd.uniform(0, 20), rnd.uniform(0, 12), 1.5) for _ in range(3)]
        reach = rnd.uniform(2.0, 14.0)
        near = np.sqrt(((eyes[:, None, :] - np.array(points)[None, :, :]) ** 2).sum(axis=2)) <= reach
        by_array = Looks(sp, tmap, np.array(cells), eyes, points, near)
        by_range = Looks(sp, tmap, np.array(cells), eyes, points, reach)
        seen = [by_range.sees(k) for k in range(len(cells))]
        assert seen == [by_array.sees(k) for k in range(len(cells))]
        assert 0.0 in seen or 0.75 in seen or reach > 13  # not every spot sees the target
