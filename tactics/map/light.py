"""Light at a point: a cell layer, then WKT polygons painted on top in order.

Most lookups never touch geometry. At build time every cell is classified:
*pure* cells (no polygon edge crosses them) get their final light code in a
``rows×cols`` array, so ``light_at_many`` is a floor division and a ``take``;
only points in *mixed* cells (cut by a polygon boundary) ask shapely
(``intersects_xy``: a polygon owns its boundary), and :meth:`LightField.code_at`
keeps those answers by the point (units stand still for turns)::

    >>> import numpy as np
    >>> f = LightField(np.full((2, 3), 2, np.int8), 2.0, [(0, "POLYGON ((0 0, 3 0, 3 4, 0 4, 0 0))")])
    >>> f.names(np.array([1.0, 3.0, 3.5, 5.0]), np.array([1.0, 1.0, 1.0, 1.0])).tolist()
    ['bright', 'bright', 'dark', 'dark']

Points outside the map get the map-wide default.
"""

from __future__ import annotations

import math

import numpy as np
import shapely

from .shared import PerThread
from .terrain import LIGHTS

_NAMES = np.array(LIGHTS, dtype=object)

MIXED_MEMORY = 65_536
"""Most points in mixed cells whose light :meth:`LightField.code_at` keeps (a few MB)."""


class LightField:
    """Light codes (index into ``LIGHTS``) over a grid plus ordered polygons."""

    def __init__(self, cell_codes: np.ndarray, cell_size: float,
                 polygons: list[tuple[int, str]], default: int = 0) -> None:
        self.rows, self.cols = cell_codes.shape
        self.s = float(cell_size)
        self.default = default
        self.shapes = [(code, shapely.from_wkt(wkt)) for code, wkt in polygons]
        """``(code, polygon)`` in painting order; unprepared (queries use :meth:`_prepared`)."""
        self._codes = [code for code, _ in self.shapes]
        self._per_thread = PerThread(lambda: [g for _, g in self.shapes])
        self._base = cell_codes.astype(np.int8)
        self._base_flat = tuple(self._base.ravel().tolist())
        codes = self._base.copy()
        mixed = np.zeros(codes.shape, bool)
        if self.shapes:
            r, c = np.divmod(np.arange(codes.size), self.cols)
            boxes = shapely.box(c * self.s, r * self.s, (c + 1) * self.s, (r + 1) * self.s)
            for code, g in zip(self._codes, self._per_thread.get()):
                inside = shapely.contains_properly(g, boxes).reshape(codes.shape)
                touch = shapely.intersects(g, boxes).reshape(codes.shape)
                codes[inside] = code
                mixed |= touch & ~inside
        self.codes = codes
        self.mixed = mixed
        self._flat = tuple(codes.ravel().tolist())
        self._mixed_flat = tuple(mixed.ravel().tolist())
        self._pure = tuple(None if m else c for c, m in zip(self._flat, self._mixed_flat))
        """Each cell's light code, None for a mixed cell (:meth:`code_at` indexes once)."""
        first = self._flat[0] if self._flat else default
        self._uniform = first if (first == default and not any(self._mixed_flat)
                                  and all(c == first for c in self._flat)) else None
        """The one light code of every point, in and out of the map (a map lit all alike), else None."""
        self._mixed_memo: dict[tuple[float, float], int] = {}
        """:meth:`code_at`'s answers at points in mixed cells (a pure function of the point; at most
        :data:`MIXED_MEMORY`, all forgotten when full): units stand still for turns and are asked
        about again and again, and each answer asks shapely once per polygon."""

    @property
    def centre_codes(self) -> np.ndarray:
        """Light code at every cell centre (rows×cols)."""
        ys, xs = np.mgrid[0:self.rows, 0:self.cols]
        return self.codes_at((xs.ravel() + 0.5) * self.s,
                             (ys.ravel() + 0.5) * self.s).reshape(self.rows, self.cols)

    def code_at(self, x: float, y: float) -> int:
        """The light code at one point (fast path for single lookups)."""
        if self._uniform is not None:
            return self._uniform
        s = self.s
        c = math.floor(x / s)
        r = math.floor(y / s)
        if not (0 <= c < self.cols and 0 <= r < self.rows):
            return self.default
        i = r * self.cols + c
        code = self._pure[i]
        if code is not None:
            return code
        memo = self._mixed_memo
        got = memo.get((x, y))
        if got is not None:
            return got
        code = self._base_flat[i]
        for k, g in zip(self._codes, self._per_thread.get()):
            if shapely.intersects_xy(g, x, y):
                code = k
        if len(memo) >= MIXED_MEMORY:
            memo.clear()
        memo[(x, y)] = code
        return code

    def codes_at(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """Light codes at many points (vectorised)."""
        xs = np.asarray(xs, float)
        ys = np.asarray(ys, float)
        c = np.floor(xs / self.s).astype(np.intp)
        r = np.floor(ys / self.s).astype(np.intp)
        inside = (c >= 0) & (c < self.cols) & (r >= 0) & (r < self.rows)
        idx = np.where(inside, r * self.cols + c, 0)
        out = np.where(inside, self.codes.ravel()[idx], self.default).astype(np.int8)
        if self.shapes:
            sel = np.flatnonzero(inside & self.mixed.ravel()[idx])
            if sel.size:
                px, py = xs[sel], ys[sel]
                val = self._base.ravel()[idx[sel]].copy()
                for code, g in zip(self._codes, self._per_thread.get()):
                    val[shapely.intersects_xy(g, px, py)] = code
                out[sel] = val
        return out

    def names(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """Light names at many points: an object array of ``"bright"|"dim"|"dark"``."""
        return _NAMES[self.codes_at(xs, ys)]
