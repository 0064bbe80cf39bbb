"""Line of sight in 3-D over a grid of cell-sized prisms.

Every cell is a prism from -inf up to its *top* (a wall's top, the ground, a
water surface, a gap's bottom). Per DECISIONS · Attacks at a distance, a sight
line is blocked when it passes through an obstacle taller than the line at
that point. Along one cell the line's height is linear, so the lowest point of
the line over a cell is where it enters or leaves it: the test is exact.

Two ways to ask, one answer:

* :meth:`SightGrid.clear` — one line, pure Python: a range-maximum query
  (2-D sparse table) over the line's bounding box answers most lines in O(1);
  the rest walk the cells the line crosses (Amanatides & Woo), stopping at the
  first blocking cell.
* :meth:`SightGrid.clear_many` — N lines at once. Its rule is that of
  :meth:`SightGrid.clear_many_shapely` (for each distinct obstacle top ``L``,
  the part of every line lower than ``L`` against the union of the closed
  cells at least ``L`` tall); it is answered in numpy by
  :mod:`tactics.map.sightlines` (each line against the rectangles of cells
  taller than it), and the few lines that only graze a corner or an edge
  are asked of shapely, so both give the same answers to the last bit. Where
  a line passes exactly through a cell corner the two ways may differ from
  :meth:`SightGrid.clear` (it walks past one of the cells beside the corner).

    >>> import numpy as np
    >>> top = np.zeros((1, 5)); top[0, 2] = 3.0           # a 3 m pillar in a row
    >>> g = SightGrid(top, 2.0)
    >>> g.clear((1, 1, 1.5), (9, 1, 1.5)), g.clear((1, 1, 4.0), (9, 1, 4.0))
    (False, True)
    >>> g.clear_many(np.array([[1, 1, 1.5], [1, 1, 4.0]]), np.array([[9, 1, 1.5], [9, 1, 4.0]])).tolist()
    [False, True]

A line touching an obstacle's top exactly is clear; cells outside the map
never block.
"""

from __future__ import annotations

import math
import threading
from typing import Sequence

import numpy as np
import shapely

from .shared import PerThread, lock_of
from .sightlines import Rects, rect_cost, rect_hit_one, rect_hits, rectangles, strip_cost, strip_hits

FEW_LINES = 16
FEW_RECTS = 64
"""Up to FEW_LINES lines on a map of up to FEW_RECTS rectangles are asked in plain Python."""

LIST_TABLE_MAX = 2_000_000
"""Most sparse-table entries kept as plain lists too (fast single look-ups on small maps)."""

RECT_PAIRS_MAX = 50_000_000
"""Most line × rectangle pairs :meth:`SightGrid.clear_many` tests at once (else cell by cell)."""

RECT_BLOCK = 65_536
"""Line × rectangle pairs tested per block of lines (keeps the temporaries off mmap)."""

_EPS = 1e-9


class SightGrid:
    """Sight queries over a rows×cols grid of obstacle tops (metres)."""

    def __init__(self, top: np.ndarray, cell_size: float) -> None:
        self.top = np.asarray(top, float)
        self.rows, self.cols = self.top.shape
        self.s = float(cell_size)
        self._flat = tuple(self.top.ravel().tolist())  # a tuple: the collector skips it
        self._floor = float(self.top.min()) if self.top.size else 0.0
        self._table: list[list[list[float]]] | None = None
        self._build_lock = threading.RLock()
        self._top_pad = np.pad(self.top, 1, constant_values=-np.inf)
        self._rects: Rects | None = None
        self._rects_list: list[tuple[float, float, float, float, float]] | None = None
        self._level_tops = [float(L) for L in np.unique(self.top)[1:]]
        self._level_geoms = PerThread(self._build_levels)

    # ----------------------------------------------------------- one line
    def _build_table(self) -> list[list[list[float]]]:
        """2-D sparse table: ``t[ky][kx][r*cols+c]`` = max over 2^ky × 2^kx cells.

        Built in numpy (``_table_np[ky, kx, r, c]``, -inf where a box would leave the
        map); the plain lists :meth:`box_max` reads are made only for maps of up to
        :data:`LIST_TABLE_MAX` entries (a 512 × 512 map would need about a gigabyte of
        Python floats; it reads the numpy rows instead)."""
        rows, cols = self.rows, self.cols
        ky_n, kx_n = rows.bit_length(), cols.bit_length()
        t = np.full((ky_n, kx_n, rows, cols), -np.inf)
        t[0, 0] = self.top
        for ky in range(1, ky_n):
            h = 1 << (ky - 1)
            n = rows - (1 << ky) + 1
            np.maximum(t[ky - 1, 0, :n], t[ky - 1, 0, h:h + n], out=t[ky, 0, :n])
        for ky in range(ky_n):
            for kx in range(1, kx_n):
                w = 1 << (kx - 1)
                n = cols - (1 << kx) + 1
                np.maximum(t[ky, kx - 1, :, :n], t[ky, kx - 1, :, w:w + n], out=t[ky, kx, :, :n])
        self._table_np = t
        self._table_flat = t.ravel()
        self._log2 = np.array([0] + [n.bit_length() - 1 for n in range(1, max(rows, cols) + 1)], np.intp)
        flat = t.reshape(ky_n, kx_n, rows * cols)
        if t.size <= LIST_TABLE_MAX:
            return [[flat[ky, kx].tolist() for kx in range(kx_n)] for ky in range(ky_n)]
        return [[flat[ky, kx] for kx in range(kx_n)] for ky in range(ky_n)]

    def _ensure_table(self) -> list[list[list[float]]]:
        """The sparse table, built once under the grid's lock (threads share it)."""
        t = self._table
        if t is None:
            with lock_of(self):
                t = self._table
                if t is None:
                    t = self._build_table()
                    self._table = t  # published last: _table_np is set by then
        return t

    def box_max_many(self, c0: np.ndarray, r0: np.ndarray, c1: np.ndarray, r1: np.ndarray) -> np.ndarray:
        """Vectorised :meth:`box_max` (inclusive cell ranges with ``c0 <= c1`` and ``r0 <= r1``,
        clipped to the map). Few numpy calls: it runs for every few lines an archer asks."""
        self._ensure_table()
        cmax, rmax = self.cols - 1, self.rows - 1
        c0 = np.minimum(np.maximum(c0, 0), cmax)
        r0 = np.minimum(np.maximum(r0, 0), rmax)
        c1 = np.minimum(np.maximum(c1, 0), cmax)
        r1 = np.minimum(np.maximum(r1, 0), rmax)
        log2 = self._log2
        ky = log2[r1 - r0 + 1]
        kx = log2[c1 - c0 + 1]
        r2 = r1 - (1 << ky) + 1
        c2 = c1 - (1 << kx) + 1
        t = self._table_flat
        level = (ky * self._table_np.shape[1] + kx) * (self.rows * self.cols)
        top0, top2 = level + r0 * self.cols, level + r2 * self.cols
        return np.maximum(np.maximum(t[top0 + c0], t[top0 + c2]), np.maximum(t[top2 + c0], t[top2 + c2]))

    def box_max(self, c0: int, r0: int, c1: int, r1: int) -> float:
        """Highest top in cells ``c0..c1 × r0..r1`` (inclusive, clipped to the map)."""
        if c0 < 0:
            c0 = 0
        if r0 < 0:
            r0 = 0
        if c1 >= self.cols:
            c1 = self.cols - 1
        if r1 >= self.rows:
            r1 = self.rows - 1
        if c0 > c1 or r0 > r1:
            return -math.inf
        t = self._table
        if t is None:
            t = self._ensure_table()
        ky = (r1 - r0 + 1).bit_length() - 1
        kx = (c1 - c0 + 1).bit_length() - 1
        a = t[ky][kx]
        cols = self.cols
        r2 = r1 - (1 << ky) + 1
        c2 = c1 - (1 << kx) + 1
        return max(a[r0 * cols + c0], a[r0 * cols + c2], a[r2 * cols + c0], a[r2 * cols + c2])

    def clear(self, a: tuple[float, float, float], b: tuple[float, float, float]) -> bool:
        """True when nothing taller than the segment a→b stands under it."""
        x0, y0, z0 = a
        x1, y1, z1 = b
        s = self.s
        zlow = z0 if z0 < z1 else z1
        if zlow >= self._floor and zlow + _EPS >= self._box(x0, y0, x1, y1):
            return True
        return self._walk(x0 / s, y0 / s, z0, x1 / s, y1 / s, z1)

    def _box(self, x0: float, y0: float, x1: float, y1: float) -> float:
        s = self.s
        if x0 > x1:
            x0, x1 = x1, x0
        if y0 > y1:
            y0, y1 = y1, y0
        return self.box_max(math.floor(x0 / s), math.floor(y0 / s),
                            math.floor(x1 / s), math.floor(y1 / s))

    def _walk(self, x0: float, y0: float, z0: float, x1: float, y1: float, z1: float) -> bool:
        """Amanatides–Woo over cells, in cell units; False at the first blocker."""
        cols, rows, flat = self.cols, self.rows, self._flat
        dx, dy, dz = x1 - x0, y1 - y0, z1 - z0
        c, r = math.floor(x0), math.floor(y0)
        cend, rend = math.floor(x1), math.floor(y1)
        if dx > 0:
            stepc, tdx, tmx = 1, 1.0 / dx, (c + 1 - x0) / dx
        elif dx < 0:
            stepc, tdx, tmx = -1, -1.0 / dx, (c - x0) / dx
        else:
            stepc, tdx, tmx = 0, math.inf, math.inf
        if dy > 0:
            stepr, tdy, tmy = 1, 1.0 / dy, (r + 1 - y0) / dy
        elif dy < 0:
            stepr, tdy, tmy = -1, -1.0 / dy, (r - y0) / dy
        else:
            stepr, tdy, tmy = 0, math.inf, math.inf
        t = 0.0
        n = abs(cend - c) + abs(rend - r) + 1
        rising = dz >= 0
        for _ in range(n):
            t_out = tmx if tmx < tmy else tmy
            if t_out > 1.0:
                t_out = 1.0
            if 0 <= c < cols and 0 <= r < rows:
                zmin = z0 + dz * (t if rising else t_out)
                if flat[r * cols + c] > zmin + _EPS:
                    return False
            if tmx < tmy:
                c += stepc
                t = tmx
                tmx += tdx
            else:
                r += stepr
                t = tmy
                tmy += tdy
        return True

    # ---------------------------------------------------------- many lines
    def _build_levels(self) -> list[object]:
        """For each distinct top ``L`` above the lowest: the union of cells ≥ L (unprepared)."""
        s = self.s
        out = []
        for L in self._level_tops:
            r, c = np.nonzero(self.top >= L)
            out.append(shapely.coverage_union_all(shapely.box(c * s, r * s, (c + 1) * s, (r + 1) * s)))
        return out

    def _obstacle_levels(self) -> list[tuple[float, object]]:
        """``(L, prepared union of cells ≥ L)`` per level, this thread's own copies
        (GEOS prepared geometries must not be shared between threads)."""
        return list(zip(self._level_tops, self._level_geoms.get()))

    def _bbox_clear(self, A: np.ndarray, B: np.ndarray, zlow: np.ndarray) -> np.ndarray:
        """Lines off the map, or above everything under their bounding box: clear, no geometry."""
        s = self.s
        with np.errstate(invalid="ignore"):
            lo = np.floor(np.minimum(A[:, :2], B[:, :2]) / s).astype(np.intp)
            hi = np.floor(np.maximum(A[:, :2], B[:, :2]) / s).astype(np.intp)
        xlo, ylo, xhi, yhi = lo[:, 0], lo[:, 1], hi[:, 0], hi[:, 1]
        off = (xhi < 0) | (yhi < 0) | (xlo >= self.cols) | (ylo >= self.rows)
        return off | ~(zlow + _EPS < self.box_max_many(xlo, ylo, xhi, yhi))

    def _settle(self, A: np.ndarray, B: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``(ok, todo)``: lines under the lowest ground asked cell by cell (:meth:`clear`), the
        others clear when :meth:`_bbox_clear`; ``todo`` are the rest."""
        ok = np.ones(len(A), bool)
        zlow = np.minimum(A[:, 2], B[:, 2])
        below = zlow < self._floor - _EPS
        for i in np.flatnonzero(below):  # a line under the lowest ground: ask cell by cell
            ok[i] = self.clear(tuple(A[i]), tuple(B[i]))
        todo = ~below
        if len(A):
            todo &= ~self._bbox_clear(A, B, zlow)
        return ok, todo

    @property
    def rects(self) -> Rects:
        """The cells above the lowest top, merged into rectangles of one top (built once)."""
        r = self._rects
        if r is None:
            with lock_of(self):
                r = self._rects
                if r is None:
                    r = self._rects = rectangles(self.top, self.s)
        return r

    def clear_many(self, A: np.ndarray, B: np.ndarray) -> np.ndarray:
        """Vectorised :meth:`clear` for N pairs of (x, y, z) rows.

        The answers of :meth:`clear_many_shapely`, found in numpy
        (:mod:`tactics.map.sightlines`): each line against the rectangles
        of cells taller than it, or cell by cell along it when that is
        fewer tests; the few lines that only graze a corner or an edge are
        asked of shapely, so the answers agree to the last bit.
        """
        A = np.asarray(A, float).reshape(-1, 3)
        B = np.asarray(B, float).reshape(-1, 3)
        n = len(A)
        if n <= FEW_LINES and len(self.rects_list) <= FEW_RECTS:
            return self._clear_few(A, B)
        ok = np.ones(n, bool)
        if not n:
            return ok
        zlow = np.minimum(A[:, 2], B[:, 2])
        below = zlow < self._floor - _EPS
        if below.any():  # a line under the lowest ground: ask cell by cell, as clear_many_shapely
            for i in np.flatnonzero(below):
                ok[i] = self.clear(tuple(A[i]), tuple(B[i]))
            rest = np.flatnonzero(~below)
            A, B, zlow = A[rest], B[rest], zlow[rest]
        else:
            rest = None
        if not len(A):
            return ok
        rects = self.rects
        k = rect_cost(rects, float(zlow.min()), _EPS)
        pairs = len(A) * k
        # a rectangle pair costs about a ninth of a strip's candidate cell (a 128 × 128 random
        # field: 2.9 M pairs 64 ms, 0.9 M candidates 185 ms); a line has 6 candidates at least
        if pairs <= RECT_PAIRS_MAX and (k <= 48 or pairs <= 8 * strip_cost(A, B, self.s)):
            # in blocks of lines whose temporaries stay small: a big numpy temporary comes
            # from mmap afresh on every call (page faults), a small one from the heap
            step = max(1024, RECT_BLOCK // max(k, 1))
            if len(A) <= step:
                hit, unsure = rect_hits(rects, A, B, _EPS)
            else:
                parts = [rect_hits(rects, A[i:i + step], B[i:i + step], _EPS) for i in range(0, len(A), step)]
                hit = np.concatenate([h for h, _ in parts])
                unsure = np.concatenate([u for _, u in parts])
        else:
            hit, unsure = strip_hits(self._top_pad, self.s, A, B, _EPS)
        ask = (hit | unsure).nonzero()[0]
        if len(ask):
            # as clear_many_shapely: a line settled by its bounding box is clear, whatever it grazes
            ask = ask[~self._bbox_clear(A[ask], B[ask], zlow[ask])]
            sure = hit[ask]
            graze = ask[~sure]
            res = np.ones(len(A), bool)
            res[ask[sure]] = False
            if len(graze):
                res[graze] = self.clear_many_shapely(A[graze], B[graze])
            if rest is None:
                ok &= res
            else:
                ok[rest] = res
        return ok

    @property
    def rects_list(self) -> list[tuple[float, float, float, float, float]]:
        """:attr:`rects` as plain rows ``(x0, y0, x1, y1, top)``, tallest first (built once)."""
        r = self._rects_list
        if r is None:
            with lock_of(self):
                r = self._rects_list
                if r is None:
                    r = self._rects_list = list(zip(*(a.tolist() for a in self.rects)))
        return r

    def _clear_few(self, A: np.ndarray, B: np.ndarray) -> np.ndarray:
        """:meth:`clear_many` for a few lines, line by line in plain Python (same tests, same
        order of float operations, so the same answers; numpy's cost per call dominates here)."""
        ok = np.ones(len(A), bool)
        for i, (a, b) in enumerate(zip(A.tolist(), B.tolist())):
            if not self._one(a, b):
                ok[i] = False
        return ok

    def clear_one(self, a: Sequence[float], b: Sequence[float]) -> bool:
        """``clear_many`` of the one line a→b, its answer to the bit, without numpy on a map of few
        rectangles (an archer's look from one spot: no arrays to build and take apart)::

            >>> g = SightGrid(np.array([[0.0, 3.0, 0.0]]), 2.0)
            >>> g.clear_one((1.0, 1.0, 1.5), (5.0, 1.0, 1.5)), g.clear_one((1.0, 1.0, 4.0), (5.0, 1.0, 4.0))
            (False, True)
        """
        if len(self.rects_list) <= FEW_RECTS:
            return self._one([float(a[0]), float(a[1]), float(a[2])], [float(b[0]), float(b[1]), float(b[2])])
        return bool(self.clear_many(np.array([a], dtype=float), np.array([b], dtype=float))[0])

    def _one(self, a: list[float], b: list[float]) -> bool:
        """One line of :meth:`_clear_few`."""
        zlow = min(a[2], b[2])
        if zlow < self._floor - _EPS:
            return self.clear(tuple(a), tuple(b))  # type: ignore[arg-type]
        hit, unsure = rect_hit_one(self.rects_list, a, b, _EPS)
        if not (hit or unsure):
            return True
        s = self.s
        xlo, xhi = math.floor(min(a[0], b[0]) / s), math.floor(max(a[0], b[0]) / s)
        ylo, yhi = math.floor(min(a[1], b[1]) / s), math.floor(max(a[1], b[1]) / s)
        if xhi < 0 or yhi < 0 or xlo >= self.cols or ylo >= self.rows:
            return True  # off the map: clear, as _bbox_clear
        if not zlow + _EPS < self.box_max(xlo, ylo, xhi, yhi):
            return True  # settled by its bounding box: clear, as _bbox_clear
        return False if hit else bool(self.clear_many_shapely(np.array([a]), np.array([b]))[0])

    def clear_many_shapely(self, A: np.ndarray, B: np.ndarray) -> np.ndarray:
        """:meth:`clear_many` the shapely way (the reference of the tests): for each obstacle
        top ``L``, the part of every line lower than ``L`` against the prepared union of the
        closed cells at least ``L`` tall."""
        A = np.asarray(A, float).reshape(-1, 3)
        B = np.asarray(B, float).reshape(-1, 3)
        ok, todo = self._settle(A, B)
        za, zb = A[:, 2], B[:, 2]
        zlow = np.minimum(za, zb)
        dz = zb - za
        with np.errstate(divide="ignore", invalid="ignore"):
            for L, g in self._obstacle_levels():
                # part of each line strictly lower than L: t in [lo, hi]
                sel = todo & ok & (zlow < L - _EPS)
                if not sel.any():
                    continue
                idx = np.flatnonzero(sel)
                a, b, d = A[idx], B[idx], dz[idx]
                tc = (L - za[idx]) / d
                lo = np.where(d > 0, 0.0, np.where(d < 0, np.clip(tc, 0, 1), 0.0))
                hi = np.where(d > 0, np.clip(tc, 0, 1), 1.0)
                p = a[:, :2] + (b[:, :2] - a[:, :2]) * lo[:, None]
                q = a[:, :2] + (b[:, :2] - a[:, :2]) * hi[:, None]
                coords = np.stack([p, q], axis=1)
                same = np.all(p == q, axis=1)
                hit = np.zeros(len(idx), bool)
                if (~same).any():
                    lines = shapely.linestrings(coords[~same])
                    hit[~same] = shapely.intersects(g, lines)
                if same.any():
                    hit[same] = shapely.intersects_xy(g, p[same, 0], p[same, 1])
                ok[idx[hit]] = False
        return ok
