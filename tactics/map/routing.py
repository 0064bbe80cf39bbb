"""Getting about a map: movement graphs per mover, paths as legs, distance fields (a mixin).

Mixed into :class:`~tactics.map.tactical.TacticalMap`. Graphs are built once
per mover key and published under the map's lock; paths are remembered (the
map never changes); see ``docs/maps.md`` for the search and its speed::

    >>> from tactics.map import Mover, TacticalMap
    >>> m = TacticalMap.from_grid(["....", ".##.", "...."])
    >>> [leg.kind for leg in m.path((1, 1), (7, 1), Mover(running=6))]
    ['walk']
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np

from .graph import NONE, CellGraph
from .movement import Leg, Mover
from .distfield import DistanceField
from .pathing import legs_along, straight_walk_line
from .straight import on_clear_walk
from .shared import build_once, locked_cached_property
from .terrain import STEP_HEIGHT


class Routing:
    """Movement graphs, paths and distance fields of a :class:`~tactics.map.tactical.TacticalMap`."""

    def movement_arrays(self, mover: Mover) -> CellGraph:
        """The movement graph for ``mover`` in array form (cached per mover key)."""
        g = self._graphs.get(mover._key)  # (Mover.key without its property call: read per move)
        if g is None:
            g = self._new_graph(mover)
        return g

    def _new_graph(self, mover: Mover) -> CellGraph:
        """Build and publish the graph for ``mover`` once (a closure here, off the hot path)."""
        return build_once(self, self._graphs, mover.key,
                          lambda: CellGraph.build(self.kind_codes, self.floor_z_stand, self.depths,
                                                  self.surfaces, self.cell_size, mover))

    @locked_cached_property
    def floor_z_stand(self) -> np.ndarray:
        """Height a mover is at in each cell: as :attr:`floor_z`, but a gap's
        rim (a flyer crosses a gap at rim height)."""
        return self.heights

    def movement_graph(self, mover: Mover):  # -> nx.DiGraph
        """The networkx movement graph: nodes ``(col, row)`` (attribute ``z``),
        edges with ``weight`` (cost in metres), ``kind``, ``surface``, ``gap``."""
        return self.movement_arrays(mover).to_networkx()

    @locked_cached_property
    def _heights_flat(self) -> memoryview:
        """The heights as floats, flat (row-major): item ``row * cols + col`` is ``float(heights[row, col])``
        (a memoryview: each read makes its float, no object kept per cell)."""
        return memoryview(np.ascontiguousarray(self.heights, dtype=float).ravel())

    def _point3(self, p: Sequence[float]) -> tuple[float, float, float]:
        if len(p) >= 3:
            return float(p[0]), float(p[1]), float(p[2])
        x, y = float(p[0]), float(p[1])
        c, r = self.cell_of(x, y)
        z = float(self.heights[r, c]) if self.in_bounds(c, r) else 0.0
        return x, y, z

    def path(self, start: Sequence[float], goal: Sequence[float], mover: Mover) -> list[Leg] | None:
        """Cheapest legs from ``start`` to ``goal`` ((x, y) or (x, y, z)) for
        ``mover``; None when there is no way. ``[]`` when start == goal.

        The map never changes, so the answers for the last few thousand
        questions are remembered: the fights of a batch that open the same
        way ask the same ones. Besides, the last straight walk found clear
        from each start point is kept (whatever the mover: the check reads
        only the ground, :mod:`tactics.map.straight`): a walk from there to a
        point on that line is clear without walking the grid again (a policy
        checks the walk to its goal, then the engine the walk to where the
        turn's movement ends on the way).
        """
        if type(start) is tuple and len(start) == 3 and len(goal) == 2:  # a walk on a clear line known already
            end = self._clear_walks.get(start)  # (equal to its floats: the same key)
            if end is not None:
                legs = self._on_clear_walk(start, goal, mover, end)
                if legs is not None:
                    return legs
        key = (tuple(start), tuple(goal), mover._key)
        known = self._paths.get(key, _UNKNOWN)
        if known is not _UNKNOWN:
            return None if known is None else list(known)
        legs = self._path(start, goal, mover)
        if len(self._paths) >= PATH_MEMORY:
            self._paths.clear()
        # another thread may have answered the same question meanwhile: keep the first answer
        known = self._paths.setdefault(key, None if legs is None else tuple(legs))
        return None if known is None else list(known)

    def _on_clear_walk(self, start: Sequence[float], goal: Sequence[float], mover: Mover,
                       g_end: tuple[float, ...]) -> list[Leg] | None:
        """The one ``walk`` leg from ``start`` (x, y, z) to ``goal`` (x, y) when ``goal`` lies on
        ``g_end``'s walk, the last straight walk found clear from ``start`` (:mod:`tactics.map.straight`),
        else None (ask as usual).

        What :meth:`_path` answers then, the same floats, without the look-up of the question in the
        remembered answers nor the keeping of it: the engine's move along a planned walk asks
        from where the unit stands to where the policy's route ends this turn, a point on the
        walk the policy's own question found clear (every remembered answer to the same question
        is this leg too: a point on a clear walk is reached by this one walk, whatever was known).
        """
        a = (float(start[0]), float(start[1]), float(start[2]))
        g = self._graphs.get(mover._key)
        if g is None:
            return None
        s, cols, rows = self.cell_size, self.cols, self.rows
        x, y = float(goal[0]), float(goal[1])
        cb, rb = math.floor(x / s), math.floor(y / s)
        ca, ra = math.floor(a[0] / s), math.floor(a[1] / s)
        if not (0 <= ca < cols and 0 <= ra < rows and 0 <= cb < cols and 0 <= rb < rows):
            return None
        b = (x, y, self._heights_flat[rb * cols + cb])
        cls = g.cls_flat
        if cls[ra * cols + ca] != 1 or cls[rb * cols + cb] != 1 or abs(b[2] - a[2]) > STEP_HEIGHT:
            return None
        if not on_clear_walk(a, b, g_end):
            return None
        return [Leg("walk", a, b, math.dist(a, b), cost=math.dist(a[:2], b[:2]))]

    def _path(self, start: Sequence[float], goal: Sequence[float], mover: Mover) -> list[Leg] | None:
        g = self.movement_arrays(mover)
        s, cols, rows = self.cell_size, self.cols, self.rows
        # _point3, cell_of and in_bounds, inline (every move of every turn asks; a 2-D point's height is
        # read from a flat copy of the heights, not from the array one item at a time)
        if len(start) >= 3:
            a = (float(start[0]), float(start[1]), float(start[2]))
            ca, ra = math.floor(a[0] / s), math.floor(a[1] / s)
        else:
            x, y = float(start[0]), float(start[1])
            ca, ra = math.floor(x / s), math.floor(y / s)
            a = (x, y, self._heights_flat[ra * cols + ca] if 0 <= ca < cols and 0 <= ra < rows else 0.0)
        if len(goal) >= 3:
            b = (float(goal[0]), float(goal[1]), float(goal[2]))
            cb, rb = math.floor(b[0] / s), math.floor(b[1] / s)
        else:
            x, y = float(goal[0]), float(goal[1])
            cb, rb = math.floor(x / s), math.floor(y / s)
            b = (x, y, self._heights_flat[rb * cols + cb] if 0 <= cb < cols and 0 <= rb < rows else 0.0)
        if not (0 <= ca < cols and 0 <= ra < rows and 0 <= cb < cols and 0 <= rb < rows):
            return None
        u, v = ra * cols + ca, rb * cols + cb
        cls = g.cls_flat
        ka, kb = cls[u], cls[v]
        if ka == NONE or kb == NONE:
            return None
        if u == v:
            if a == b:
                return []
            kind = "walk" if ka == 1 else ("swim" if ka == 2 else "fly")
            return [Leg(kind, a, b, math.dist(a, b), cost=math.dist(a[:2], b[:2]))]
        if ka == 1 and kb == 1 and abs(b[2] - a[2]) <= STEP_HEIGHT:  # _straight_walk, inline
            clear = self._clear_walks
            if on_clear_walk(a, b, clear.get(a)):
                return [Leg("walk", a, b, math.dist(a, b), cost=math.dist(a[:2], b[:2]))]  # checked already
            inv = 1.0 / s
            if straight_walk_line(g, a[0] * inv, a[1] * inv, b[0] * inv, b[1] * inv):
                if len(clear) >= CLEAR_WALK_MEMORY:
                    clear.clear()
                clear[a] = b
                return [Leg("walk", a, b, math.dist(a, b), cost=math.dist(a[:2], b[:2]))]  # one leg, no search
        edges: list[int] = []
        nodes = g.astar(u, v, edges)
        if nodes is None:
            return None
        return legs_along(g, nodes, a, b, edges)

    def straight_walk(self, start: Sequence[float], goal: Sequence[float], mover: Mover) -> Leg | None:
        """The one straight ``walk`` leg from ``start`` to ``goal`` when the line crosses only
        level, open ground (what :meth:`path` returns without searching), else None."""
        g = self.movement_arrays(mover)
        s, cols, rows = self.cell_size, self.cols, self.rows
        # _point3, cell_of, in_bounds and _straight_walk's reads, on the flat copies (as _path reads them:
        # the same floats and classes; numpy's per-item indexing cost more than the rest of the check)
        if len(start) >= 3:
            a = (float(start[0]), float(start[1]), float(start[2]))
            ca, ra = math.floor(a[0] / s), math.floor(a[1] / s)
        else:
            x, y = float(start[0]), float(start[1])
            ca, ra = math.floor(x / s), math.floor(y / s)
            a = (x, y, self._heights_flat[ra * cols + ca] if 0 <= ca < cols and 0 <= ra < rows else 0.0)
        if len(goal) >= 3:
            b = (float(goal[0]), float(goal[1]), float(goal[2]))
            cb, rb = math.floor(b[0] / s), math.floor(b[1] / s)
        else:
            x, y = float(goal[0]), float(goal[1])
            cb, rb = math.floor(x / s), math.floor(y / s)
            b = (x, y, self._heights_flat[rb * cols + cb] if 0 <= cb < cols and 0 <= rb < rows else 0.0)
        if not (0 <= ca < cols and 0 <= ra < rows and 0 <= cb < cols and 0 <= rb < rows):
            return None
        cls = g.cls_flat
        if cls[ra * cols + ca] == 1 and cls[rb * cols + cb] == 1 and abs(b[2] - a[2]) <= STEP_HEIGHT:
            inv = 1.0 / s
            if straight_walk_line(g, a[0] * inv, a[1] * inv, b[0] * inv, b[1] * inv):
                return Leg("walk", a, b, math.dist(a, b), cost=math.dist(a[:2], b[:2]))
        return None

    def distance_field(self, goals: Iterable[Sequence[float]], mover: Mover) -> DistanceField:
        """Cost from every cell to the nearest goal point (cached per goals and mover key)."""
        cells = []
        for p in goals:
            c, r = self.cell_of(p[0], p[1])
            if self.in_bounds(c, r):
                cells.append(r * self.cols + c)
        key = (tuple(sorted(set(cells))), mover.key)
        f = self._fields.get(key)
        if f is None:
            f = self._new_field(key, cells, mover)
        return f

    def _new_field(self, key: tuple, cells: list[int], mover: Mover) -> DistanceField:
        """Build and publish one distance field once (off the hot path)."""
        return build_once(self, self._fields, key,
                          lambda: DistanceField(self, self.movement_arrays(mover), cells), limit=FIELD_MEMORY)


PATH_MEMORY = 4096
"""How many :meth:`TacticalMap.path` answers a map remembers (all are forgotten when full)."""
CLEAR_WALK_MEMORY = 32_768
"""How many starts' last clear straight walk a map remembers (all are forgotten when full): more than
the policies' planned routes (:data:`tactics.ai.routes.ROUTE_MEMORY`), so the engine's move along a
walk a policy answered from its own memory finds that walk known (a start and an end, ~300 bytes;
with 4096 the second 100 v 100 brawler fight on a map ran 4,325 straight-walk checks again)."""
FIELD_MEMORY = 256
"""How many distance fields a map keeps (all are forgotten when full)."""
_UNKNOWN = object()
