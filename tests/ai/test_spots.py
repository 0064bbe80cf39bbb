"""The archer's spots (``tactics.ai.mano_a_mano.spots``) answer what the map answers (issue 19).

Cells, eyes and light worked out once per map, and the lines of sight kept
per point looked at: every answer must be the map's own, pair by pair, asked
again or not, and the memory must stay bounded.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import numpy as np

from tactics import load_map
from tactics.ai.mano_a_mano import spots as spots_mod
from tactics.ai.mano_a_mano.spots import BLOCKED, CLEAR, UNKNOWN, Spots, spots
from tactics.sim.view import EYE_HEIGHT_M

ROOT = Path(__file__).resolve().parents[2]


def _targets(rng: np.random.Generator, tmap, n: int) -> np.ndarray:
    x0, y0, x1, y1 = tmap.bounds
    return np.stack([rng.uniform(x0, x1, n), rng.uniform(y0, y1, n), rng.uniform(0, 6, n)], axis=1)


def _eyes(sp: Spots, rng: np.random.Generator, n_cells: int, n_free: int) -> np.ndarray:
    cells = rng.choice(sp.rows * sp.cols, n_cells, replace=False)
    on = np.stack([sp.xs[cells], sp.ys[cells], sp.eye_z[cells]], axis=1)
    free = _targets(rng, sp.map, n_free)
    return np.concatenate([on, free])[rng.permutation(n_cells + n_free)]


def _want(tmap, A: np.ndarray, W: np.ndarray) -> np.ndarray:
    return np.array([[bool(tmap.line_of_sight_many(a[None, :], w[None, :])[0]) for w in W] for a in A])


def test_sight_is_the_maps_answer_pair_by_pair_asked_once_or_again() -> None:
    tmap = load_map(ROOT / "maps/tower.toml")
    view = SimpleNamespace(map=tmap, shared={})
    sp = spots(view)
    rng = np.random.default_rng(3)
    A, W = _eyes(sp, rng, 60, 5), _targets(rng, tmap, 4)
    want = _want(tmap, A, W)
    assert 0 < want.sum() < want.size                      # some seen, some not: the test can fail
    got = sp.sight(tmap, A, W)
    assert got.shape == (65, 4) and (got == want).all()
    got[:] = ~got                                          # the caller's copy, not the kept answers
    assert (sp.sight(tmap, A.copy(), W.copy()) == want).all()
    # a second look with overlapping eyes and one new point: old pairs kept, new ones asked
    A2 = np.concatenate([A[:30], _eyes(sp, rng, 10, 2)])
    W2 = np.concatenate([W[:2], _targets(rng, tmap, 1)])
    assert (sp.sight(tmap, A2, W2) == _want(tmap, A2, W2)).all()


def test_a_cells_eye_is_kept_in_the_points_column_and_another_eye_as_a_pair() -> None:
    tmap = load_map(ROOT / "maps/arena.toml")
    sp = spots(SimpleNamespace(map=tmap, shared={}))
    cell = 3 * sp.cols + 4
    eye = (float(sp.xs[cell]), float(sp.ys[cell]), float(sp.eye_z[cell]))
    off = (eye[0] + 0.25, eye[1], eye[2])
    w = (30.0, 10.0, 1.0 + EYE_HEIGHT_M)
    seen = sp.sight(tmap, np.array([eye, off]), np.array([w]))
    col = sp.column(w)
    assert col[cell] == (CLEAR if seen[0, 0] else BLOCKED)
    assert int((col != UNKNOWN).sum()) == 1                # only the cell's eye went into the column
    assert sp.cell_eyes(np.array([eye, off])).tolist() == [cell, -1]
    assert sp.sight_from(tmap, off, [w]) == [bool(seen[1, 0])]


def test_sight_from_one_eye_is_the_maps_answer() -> None:
    tmap = load_map(ROOT / "maps/tower.toml")
    sp = spots(SimpleNamespace(map=tmap, shared={}))
    rng = np.random.default_rng(11)
    answers = []
    for eye in _targets(rng, tmap, 12):
        W = _targets(rng, tmap, 4)
        e = tuple(float(v) for v in eye)
        got = sp.sight_from(tmap, e, [tuple(float(v) for v in w) for w in W])
        assert got == _want(tmap, eye[None, :], W)[0].tolist()
        assert got == sp.sight_from(tmap, e, [tuple(float(v) for v in w) for w in W])
        answers += got
    assert any(answers) and not all(answers)


def test_the_square_is_meshgrids_and_the_cells_are_the_maps() -> None:
    tmap = load_map(ROOT / "maps/tower.toml")
    sp = spots(SimpleNamespace(map=tmap, shared={}))
    for col, row, k in ((0, 0, 3), (5, 7, 2), (tmap.cols - 1, tmap.rows - 2, 40)):
        cols = np.arange(max(0, col - k), min(tmap.cols, col + k + 1))
        rows = np.arange(max(0, row - k), min(tmap.rows, row + k + 1))
        cc, rr = np.meshgrid(cols, rows)
        got = sp.square(col, row, k)
        assert got[0].tolist() == cc.ravel().tolist() and got[1].tolist() == rr.ravel().tolist()
        assert not got[0].flags.writeable                  # kept: nobody may change it
    heights = np.asarray(tmap.heights, dtype=float)
    stand = np.asarray(tmap.standable, dtype=bool)
    assert sp.highest == heights[stand].max() == 11.0                                    # the tower's roof
    flat = spots(SimpleNamespace(map=load_map(ROOT / "maps/arena.toml"), shared={}))
    assert flat.highest == 1.0                                                           # arena: the low walls
    r, c = 4, 6
    i = r * sp.cols + c
    assert sp.eye_z[i] == heights[r, c] + EYE_HEIGHT_M
    assert sp.light[i] == tmap.light_codes_many(np.array([sp.xs[i]]), np.array([sp.ys[i]]))[0]


def test_spots_follow_the_map_and_stay_bounded(monkeypatch) -> None:
    arena, tower = load_map(ROOT / "maps/arena.toml"), load_map(ROOT / "maps/tower.toml")
    shared: dict = {}
    a = spots(SimpleNamespace(map=arena, shared=shared))
    assert spots(SimpleNamespace(map=arena, shared=shared)) is a
    t = spots(SimpleNamespace(map=tower, shared=shared))
    assert t is not a and t.map is tower
    monkeypatch.setattr(spots_mod, "COLUMN_BYTES", 0)
    monkeypatch.setattr(spots_mod, "PAIRS", 8)
    sp = Spots(arena)
    assert sp.max_columns == 64
    for i in range(200):
        sp.column((float(i), 1.0, 1.5))
        assert len(sp._columns) <= 64
    monkeypatch.setattr(spots_mod, "SQUARE_CELLS", 100)
    for col in range(sp.cols):
        cc, _ = sp.square(col, 5, 3)                     # 7 × 7 cells at most, 100 kept at most
        assert len(cc) and sum(len(c) for c, _ in sp._squares.values()) <= 100
    eye = (1.0, 1.0, 1.5)
    for i in range(30):
        sp.sight_from(arena, eye, [(float(i) + 0.5, 3.0, 1.5)])
        assert len(sp._pairs) <= 8
