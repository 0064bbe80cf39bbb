"""The spots an archer weighs, per map: cell centres, their eyes and light, and what each sees.

Every turn the archer (:mod:`.archer`) scores the cells around it by what
its eye would see from each (a line to the target and to the nearest
enemies), their light, height and cost. The cells, their eyes and their
light are the map's own, so :class:`Spots` works them out once per map
(kept in the scenario-shared ``view.shared``); and the sight from a cell's
eye to a point is a pure function of the two, so it keeps it too, one
*column* per point looked at (every cell of the map: unknown, clear or
blocked). Enemies stand still for turns and the fights of a batch open
alike, so most of a turn's lines were drawn before; only the pairs never
asked go to ``TacticalMap.line_of_sight_many``, together in one call::

    >>> import numpy as np
    >>> from types import SimpleNamespace
    >>> from tactics.map import TacticalMap
    >>> view = SimpleNamespace(map=TacticalMap.from_grid(["...#..."]), shared={})
    >>> sp = spots(view)
    >>> eyes = np.array([[sp.xs[0], sp.ys[0], sp.eye_z[0]], [2.5, 1.0, 1.5]])   # a cell's eye, another point
    >>> sp.sight(view.map, eyes, np.array([[5.0, 1.0, 1.5], [13.0, 1.0, 1.5]])).tolist()
    [[True, False], [True, False]]
    >>> int((sp.column((5.0, 1.0, 1.5)) != UNKNOWN).sum())                      # the cell's answer is kept
    1

The answers are the map's, pair for pair (the map's vectorised sight gives
each line the answer it gives it alone), so remembering them changes no
fight. A column is as many bytes as the map has cells; at most
:data:`COLUMN_BYTES` of them are kept per map, all forgotten when full. Dict
look-ups and stores are atomic and two threads filling one column write the
same answers, so threads sharing a scenario may use it at once.
"""

from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

from tactics.sim.view import EYE_HEIGHT_M

__all__ = ["Spots", "Looks", "spots", "in_range", "UNKNOWN", "CLEAR", "BLOCKED", "COLUMN_BYTES", "SQUARE_CELLS", "PAIRS"]

UNKNOWN, CLEAR, BLOCKED = 0, 1, 2
"""A column's entries: not asked yet, a clear line, a blocked one."""

COLUMN_BYTES = 1 << 24
"""Most bytes of sight columns kept per map (16 MB; at least 64 columns), all forgotten when full."""

SQUARE_CELLS = 1 << 21
"""Most cells of kept squares (:meth:`Spots.square`) per map (2 M: 32 MB of indices), all forgotten when full."""

PAIRS = 65_536
"""Most single lines (:meth:`Spots.sight_from`) kept per map, all forgotten when full."""


class Spots:
    """One map's cells as an archer's spots (flat arrays, index ``row * cols + col``)."""

    def __init__(self, tmap: Any) -> None:
        self.map = tmap
        self.cols, self.rows, self.s = tmap.cols, tmap.rows, tmap.cell_size
        s = self.s
        rr, cc = np.divmod(np.arange(self.rows * self.cols), self.cols)
        self.heights = np.asarray(tmap.heights, dtype=float)
        self.xs = (cc + 0.5) * s
        self.ys = (rr + 0.5) * s
        self.eye_z = self.heights.ravel() + EYE_HEIGHT_M
        self.eyes = np.stack([self.xs, self.ys, self.eye_z], axis=1)
        """Every cell's eye, (x, y, z) rows."""
        self.light = np.asarray(tmap.light_codes_many(self.xs, self.ys))
        stand = np.asarray(tmap.standable, dtype=bool)
        self.highest = float(self.heights[stand].max()) if stand.any() else -math.inf
        """The ground height of the highest cell one can stand in (-inf: none)."""
        self.max_columns = max(64, COLUMN_BYTES // max(1, self.rows * self.cols))
        self._columns: dict[tuple[float, float, float], np.ndarray] = {}
        self._squares: dict[tuple[int, int, int], tuple[np.ndarray, np.ndarray]] = {}
        self._square_cells = 0
        self._pairs: dict[tuple[float, ...], bool] = {}

    def square(self, col: int, row: int, k: int) -> tuple[np.ndarray, np.ndarray]:
        """Columns and rows (flat, row-major, read-only) of the cells at most ``k`` cells from
        (col, row) either way, clipped to the map: ``np.meshgrid``'s order, kept per square."""
        key = (col, row, k)
        got = self._squares.get(key)
        if got is None:
            cols = np.arange(max(0, col - k), min(self.cols, col + k + 1))
            rows = np.arange(max(0, row - k), min(self.rows, row + k + 1))
            cc, rr = np.tile(cols, len(rows)), np.repeat(rows, len(cols))
            cc.flags.writeable = rr.flags.writeable = False
            if self._square_cells + len(cc) > SQUARE_CELLS:
                self._squares.clear()
                self._square_cells = 0
            self._square_cells += len(cc)
            got = self._squares[key] = (cc, rr)
        return got

    def column(self, point: tuple[float, float, float]) -> np.ndarray:
        """int8[cells]: what each cell's eye is known to see of ``point`` (UNKNOWN, CLEAR, BLOCKED)."""
        col = self._columns.get(point)
        if col is None:
            if len(self._columns) >= self.max_columns:
                self._columns.clear()
            col = self._columns[point] = np.zeros(self.rows * self.cols, dtype=np.int8)
        return col

    def cell_eyes(self, A: np.ndarray) -> np.ndarray:
        """For each row of ``A`` the flat index of the cell whose eye it is exactly, else -1."""
        s = self.s
        c = np.floor(A[:, 0] / s).astype(np.intp)
        r = np.floor(A[:, 1] / s).astype(np.intp)
        inside = (c >= 0) & (c < self.cols) & (r >= 0) & (r < self.rows)
        idx = np.where(inside, r * self.cols + c, 0)
        same = inside & (self.xs[idx] == A[:, 0]) & (self.ys[idx] == A[:, 1]) & (self.eye_z[idx] == A[:, 2])
        return np.where(same, idx, -1)

    def sight_from(self, tmap: Any, eye: tuple[float, float, float], W: list[tuple[float, float, float]]) -> list[bool]:
        """:meth:`sight` from one eye, in plain Python (a turn's look at its targets):
        each pair remembered by itself (at most :data:`PAIRS` of them), each new one asked of
        ``SightGrid.clear_one`` (the vectorised answer for one line, without its arrays)."""
        pairs = self._pairs
        get = pairs.get
        out: list[bool | None] = []
        todo: list[int] = []
        for j, w in enumerate(W):  # (a loop: two list comprehensions were two functions made and called)
            v = get(eye + w)
            out.append(v)
            if v is None:
                todo.append(j)
        if todo:
            clear = tmap.sight.clear_one
            if len(pairs) >= PAIRS:
                pairs.clear()
            for j in todo:
                out[j] = pairs[eye + W[j]] = clear(eye, W[j])
        return out  # type: ignore[return-value]

    def see(self, tmap: Any, cell: int, eye: tuple[float, float, float], point: tuple[float, float, float]) -> bool:
        """One line of :meth:`sight`, in plain Python: from ``eye`` (the eye of flat cell
        ``cell``, or -1 for any other eye) to ``point``, remembered as :meth:`sight` remembers it."""
        if cell >= 0:
            col = self.column(point)
            v = col[cell]
            if v == UNKNOWN:
                ok = tmap.sight.clear_one(eye, point)
                col[cell] = CLEAR if ok else BLOCKED
                return ok
            return bool(v == CLEAR)
        return self.sight_from(tmap, eye, [point])[0]

    def sight(self, tmap: Any, A: np.ndarray, W: np.ndarray, cells: np.ndarray | None = None) -> np.ndarray:
        """bool[n, m]: a clear line from each of the n eyes ``A`` to each of the m points ``W``
        ((x, y, z) rows): ``tmap.line_of_sight_many`` pair by pair, every pair remembered (a
        cell's eye in the point's column, any other eye as a single pair). ``cells``: what
        :meth:`cell_eyes` would answer, when the caller knows it. A fresh array."""
        A = np.asarray(A, dtype=float)
        W = np.asarray(W, dtype=float)
        targets = [tuple(w) for w in W.tolist()]
        idx = self.cell_eyes(A) if cells is None else cells
        on_cell = idx >= 0
        cell_rows = np.flatnonzero(on_cell)
        cols = [self.column(w) for w in targets]  # type: ignore[arg-type]
        known = np.stack(cols)[:, idx[cell_rows]]  # m × the cell rows
        out = np.zeros((len(A), len(W)), dtype=bool)
        out[cell_rows] = (known == CLEAR).T
        ask_j, ask_k = np.nonzero(known == UNKNOWN)
        rows, js = cell_rows[ask_k], ask_j
        free: list[tuple[float, ...]] = []
        if len(cell_rows) < len(A):  # eyes off a cell's centre: single pairs
            pairs = self._pairs
            fr: list[int] = []
            fj: list[int] = []
            for i in np.flatnonzero(~on_cell).tolist():
                eye = tuple(A[i].tolist())
                for j, w in enumerate(targets):
                    v = pairs.get(eye + w)
                    if v is None:
                        fr.append(i)
                        fj.append(j)
                        free.append(eye + w)
                    else:
                        out[i, j] = v
            if free:
                rows = np.concatenate([rows, np.array(fr, dtype=np.intp)])
                js = np.concatenate([js, np.array(fj, dtype=np.intp)])
        if not len(rows):
            return out
        seen = np.asarray(tmap.line_of_sight_many(A[rows], W[js]), dtype=bool)
        out[rows, js] = seen
        k = len(ask_k)
        if k:
            mark = np.where(seen[:k], CLEAR, BLOCKED).astype(np.int8)
            cells = idx[rows[:k]]
            for j in np.unique(ask_j).tolist():
                sel = ask_j == j
                cols[j][cells[sel]] = mark[sel]
        if free:
            pairs = self._pairs
            if len(pairs) + len(free) > PAIRS:
                pairs.clear()
            for key, v in zip(free, seen[k:].tolist()):
                pairs[key] = v
        return out


class Looks:
    """One turn's candidate spots and what each sees, asked only when a choice needs it.

    Spot ``k`` (flat cell ``cells[k]``, -1 for an eye off a cell's centre, at eye
    ``eyes[k]``) *sees* 1.0 when its line to ``points[0]`` (the target) is clear and
    within range, else 0.75 when one to any other point in range is, else 0; each
    spot's answer is worked out once, the first time it is asked. ``near``: a bool
    array, spot by point, of what is in range, or the range in metres (then each
    spot's row is worked out when it is asked, :func:`in_range`)."""

    def __init__(self, sp: Spots, tmap: Any, cells: np.ndarray, eyes: np.ndarray,
                 points: list[tuple[float, float, float]], near: np.ndarray | float) -> None:
        self.sp, self.map, self.cells, self.eyes, self.points, self.near = sp, tmap, cells, eyes, points, near
        self._sees: dict[int, float] = {}

    def sees(self, k: int) -> float:
        """What spot ``k`` sees: 1.0, 0.75 or 0.0."""
        got = self._sees.get(k)
        if got is None:
            points, see = self.points, self.sp.see
            cell, eye = int(self.cells[k]), tuple(self.eyes[k].tolist())
            near = self.near[k].tolist() if isinstance(self.near, np.ndarray) else in_range(eye, points, self.near)
            got = 0.0
            if near[0] and see(self.map, cell, eye, points[0]):  # type: ignore[arg-type]
                got = 1.0
            elif any(near[j] and see(self.map, cell, eye, points[j])  # type: ignore[arg-type]
                     for j in range(1, len(points))):
                got = 0.75
            self._sees[k] = got
        return got

    def best(self, top: np.ndarray, score: Callable[[int, float], float]) -> tuple[int, float]:
        """The first spot of the highest score, and what it sees: ``np.argmax`` of the scores
        ``top`` where the spot sees 1.0 and ``score(k, v)`` where it sees ``v`` < 1 (no higher
        than ``top[k]``), looking only from spots that might still beat the best so far (highest
        ``top`` first)."""
        first = int(top.argmax())  # the first of the highest: the order below starts there
        if self.sees(first) == 1.0:  # it sees the target: nothing after it can beat or tie it earlier
            return first, 1.0
        at = top.tolist()
        best, best_score = -1, -math.inf
        for k in np.argsort(-top, kind="stable").tolist():
            ub = at[k]
            if ub < best_score:
                break
            if ub == best_score and k > best:
                continue
            v = self.sees(k)
            sc = ub if v == 1.0 else score(k, v)
            if sc > best_score or (sc == best_score and k < best):
                best, best_score = k, sc
        return best, self._sees[best]


def in_range(eye: tuple[float, float, float], points: list[tuple[float, float, float]], rng: float) -> list[bool]:
    """For each of ``points``, whether ``eye`` is at most ``rng`` metres from it: the distance summed
    as ``np.sum`` sums the squares of the offsets along its last axis, ``(dx² + dy²) + dz²``, and
    rooted, so the same float as ``np.sqrt(((A[:, None] - W[None]) ** 2).sum(axis=2))`` gives::

        >>> in_range((0.0, 0.0, 1.5), [(3.0, 4.0, 1.5), (3.0, 4.0, 2.5)], 5.0)
        [True, False]
    """
    x, y, z = eye
    out = []
    for px, py, pz in points:
        dx, dy, dz = x - px, y - py, z - pz
        out.append(math.sqrt((dx * dx + dy * dy) + dz * dz) <= rng)
    return out


def spots(view: Any) -> Spots:
    """The :class:`Spots` of ``view.map``, made once per map and kept in ``view.shared``."""
    got = view.shared.get("archer spots")
    if got is None or got.map is not view.map:
        got = view.shared["archer spots"] = Spots(view.map)
    return got
