"""Distance fields: the movement cost from every cell to the nearest of a set of goal cells.

:class:`DistanceField` holds the costs (one multi-source Dijkstra over the
reversed movement graph) and the downhill step toward the goals::

    field = tmap.distance_field([(30.0, 10.0)], Mover(running=6))
    field.cost_at(2.0, 2.0)          # metres of movement to the goal
    field.next_step(2.0, 2.0)        # centre of the next cell on the way
    field.downhill(2.0, 2.0, 9.0)    # about 9 m of movement toward the goal

A field may be built *limited*: ``DistanceField(tmap, graph, goals, limit=120.0)``
searches only out to 120 m of cost (on a 256×256 map a search to 120 m is a
fifth of the whole one). The costs it knows are the very numbers of the whole
search (each is the same sum, edge by edge, from the same goal); a read that
meets a cell beyond the limit (``inf`` in the limited grid) runs the whole
search first, so every answer is the whole field's::

    f = DistanceField(tmap, graph, goals, limit=120.0)
    f.cost_at(4.0, 4.0)     # 37.5: known, no second search
    f.cost_at(250.0, 4.0)   # beyond 120 m: the whole search runs, then 231.0
    f.cost_grid             # always the whole field (runs the whole search if needed)

A downhill walk from a known cell reads its neighbours: one beyond the limit
could never be the step (its cost, more than the limit, is above the cell's own;
the step is to a neighbour whose cost plus the edge is the cell's own), so
showing it as ``inf`` changes no walk. Only maps searched by scipy
(:data:`~tactics.map.graph.SCIPY_FROM` cells or more) are limited: the small
maps' search in Python runs whole.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from .graph import SCIPY_FROM, CellGraph
from .movement import LEG_KINDS
from .terrain import SURFACES

if TYPE_CHECKING:
    from .tactical import TacticalMap


class DistanceField:
    """Movement cost from every cell to the nearest goal cell.

    ``cost_grid`` is rows×cols (``inf`` where no goal can be reached);
    ``cost_at(x, y)`` reads it at a point; ``next_step(x, y)`` is the centre of
    the neighbour to step to (None at a goal or when unreachable). ``limit``:
    search only cells up to that cost at first (see the module's docstring);
    every answer is the same as without it.
    """

    def __init__(self, tmap: TacticalMap, graph: CellGraph, goals: list[int], limit: float = math.inf) -> None:
        self._map = tmap
        self._graph = graph
        self.goals = tuple(sorted(set(goals)))
        if graph.rows * graph.cols <= SCIPY_FROM or not self.goals:
            limit = math.inf
        self.limit = limit
        """The cost out to which the costs are known (``inf``: all of them)."""
        self._set(graph.dijkstra_to(list(self.goals), limit))
        self._walks: dict[tuple[int, float], int | None] = {}
        self._down: dict[int, int] = {}  # cell -> the neighbour a downhill walk steps to (-1: none)

    def _set(self, grid: np.ndarray) -> None:
        grid.setflags(write=False)
        self._grid = grid
        self._flat = memoryview(grid.ravel())
        """The costs, read one by one as floats straight from the array (no Python float kept per
        cell: a 256 x 256 field is 0.5 MB, not 2.6 MB; nothing for the collector to walk)."""

    def _whole(self) -> None:
        """Search the whole map (a read met a cell beyond :attr:`limit`). The costs known already are
        the same; a thread reading the limited grid meanwhile reads known costs or comes here too."""
        if self.limit != math.inf:
            self._set(self._graph.dijkstra_to(list(self.goals)))
            self.limit = math.inf

    @property
    def cost_grid(self) -> np.ndarray:
        """rows×cols costs, ``inf`` where no goal can be reached (the whole field)."""
        if self.limit != math.inf:
            self._whole()
        return self._grid

    def _cost(self, u: int) -> float:
        """The cost of cell ``u`` (flat index), searching the whole map when it lies beyond the limit."""
        c = self._flat[u]
        if c == math.inf and self.limit != math.inf:
            self._whole()
            c = self._flat[u]
        return c

    def cost_at(self, x: float, y: float) -> float:
        """Cost (metres of movement) from the cell at (x, y) to the goals."""
        g = self._graph  # the map's cell_of and in_bounds, on the graph's own copy of its size
        s = g.s
        col, row = math.floor(x / s), math.floor(y / s)
        if not (0 <= col < g.cols and 0 <= row < g.rows):
            return math.inf
        return self._cost(row * g.cols + col)

    def next_step_edge(self, x: float, y: float) -> dict | None:
        """The edge to follow from (x, y): kind, cost, surface, gap and ``to`` (col, row)."""
        col, row = self._map.cell_of(x, y)
        if not self._map.in_bounds(col, row):
            return None
        g = self._graph
        u = row * g.cols + col
        here = self._cost(u)
        if here == 0.0 or here == math.inf:
            return None
        indptr, dst, cost = g._fwd
        flat = self._flat
        best, bj = math.inf, -1
        for j in range(indptr[u], indptr[u + 1]):
            c = cost[j] + flat[dst[j]]
            if c < best:
                best, bj = c, j
        if bj < 0:
            return None
        v = dst[bj]
        sf = int(g.surf[bj])
        gp = float(g.gap[bj])
        return {"kind": LEG_KINDS[g.kind[bj]], "cost": cost[bj],
                "surface": SURFACES[sf] if sf >= 0 else None,
                "gap": None if math.isnan(gp) else gp, "to": (v % g.cols, v // g.cols)}

    def next_step(self, x: float, y: float) -> tuple[float, float] | None:
        """Centre of the next cell toward the goals, or None (at a goal, or no way)."""
        e = self.next_step_edge(x, y)
        return None if e is None else self._map.center(*e["to"])

    def downhill(self, x: float, y: float, metres: float, max_steps: int = 64) -> tuple[float, float]:
        """Where :meth:`next_step` leads from (x, y) once the cost has fallen by ``metres`` (or after
        ``max_steps`` steps, or at a goal): a cell centre, or (x, y) itself when no step leads on.

        The walk depends only on the start cell, so it is remembered per (cell, metres)::

            field.downhill(3.0, 3.0, 9.0)     # about 9 m of movement toward the goals
        """
        s = self._graph.s
        col, row = math.floor(x / s), math.floor(y / s)
        g = self._graph
        if not (0 <= col < g.cols and 0 <= row < g.rows):
            return (x, y)
        u = row * g.cols + col
        walks = self._walks
        key = (u, metres)
        if key not in walks:
            if self.limit != math.inf:
                self._cost(u)  # a start beyond the limit: the whole field first
            walks[key] = self._walk_down(u, metres, max_steps)
        v = walks[key]
        return (x, y) if v is None else ((v % g.cols + 0.5) * s, (v // g.cols + 0.5) * s)

    def toward(self, x: float, y: float, metres: float) -> tuple[float, float] | None:
        """:meth:`downhill` from (x, y), or None when no goal can be reached from there (or it is off the
        map): what a unit steering by the field asks, in one look at its cell::

            field.toward(3.0, 3.0, 9.0)       # as downhill(3.0, 3.0, 9.0), None where cost_at is inf
        """
        g = self._graph
        s = g.s
        col, row = math.floor(x / s), math.floor(y / s)
        if not (0 <= col < g.cols and 0 <= row < g.rows):
            return None
        u = row * g.cols + col
        if self._cost(u) == math.inf:
            return None
        walks = self._walks
        key = (u, metres)
        v = walks.get(key, -1)
        if v == -1:
            v = walks[key] = self._walk_down(u, metres, 64)
        return (x, y) if v is None else ((v % g.cols + 0.5) * s, (v // g.cols + 0.5) * s)

    def _walk_down(self, u: int, metres: float, max_steps: int) -> int | None:
        """The cell :meth:`downhill` ends in from cell ``u`` (None: no first step). Each cell's step
        is worked out once per field (``_down``): the walks of a team's fighters run together.
        From a known start every cell of the walk is known (each step lowers the cost)."""
        flat, down = self._flat, self._down
        indptr, dst, cost = self._graph._fwd
        start = flat[u]
        v = None
        for _ in range(max_steps):
            here = flat[u]
            if here == 0.0 or here == math.inf:
                break
            bv = down.get(u)
            if bv is None:
                best, bv = math.inf, -1
                for j in range(indptr[u], indptr[u + 1]):
                    c = cost[j] + flat[dst[j]]
                    if c < best:
                        best, bv = c, dst[j]
                down[u] = bv
            if bv < 0:
                break
            u = v = bv
            if start - flat[u] >= metres:
                break
        return v
