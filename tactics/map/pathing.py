"""From graph searches to what the engine uses: legs and distance fields.

:func:`legs_along` turns the cells of a path into :class:`Leg` s, merging
consecutive steps of the same kind, surface and direction into one straight
leg — walking five cells east is one ``walk`` leg of 10 m at s = 2 m, which is
what a charge needs (DECISIONS · Movement · Charging).

:class:`DistanceField` is the cost from every cell to the nearest of a set of
goal cells, with the downhill step toward them::

    field = tmap.distance_field([(30.0, 10.0)], Mover(running=6))
    field.cost_at(2.0, 2.0)          # metres of movement to the goal
    field.next_step(2.0, 2.0)        # centre of the next cell on the way
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from .graph import CellGraph
from .movement import LEG_KINDS, Leg
from .terrain import STEP_HEIGHT, SURFACES

if TYPE_CHECKING:
    from .tactical import TacticalMap

_MERGE = {"walk", "swim", "fly", "climb"}


def _cells_touched(x0: float, y0: float, x1: float, y1: float, n: int = 0) -> list[tuple[int, int]]:
    """Cells (col, row) a segment in cell units passes through or touches."""
    steps = max(2, int(max(abs(x1 - x0), abs(y1 - y0)) * 4) + 2)
    out = set()
    e = 1e-6
    for i in range(steps + 1):
        t = i / steps
        x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        for dx in (-e, e):
            for dy in (-e, e):
                out.add((math.floor(x + dx), math.floor(y + dy)))
    return list(out)


def _straight_walk(graph: CellGraph, u: int, v: int) -> bool:
    """Can one walk the straight line between the centres of u and v, on
    level ground (within a step of u) of walking cost factor 1?"""
    cols = graph.cols
    ur, uc = divmod(u, cols)
    vr, vc = divmod(v, cols)
    hu = graph.stand[ur, uc]
    for c, r in _cells_touched(uc + 0.5, ur + 0.5, vc + 0.5, vr + 0.5):
        if not (0 <= c < cols and 0 <= r < graph.rows):
            return False
        if graph.cls[r, c] != 1 or graph.fac[r, c] != 1.0 or abs(graph.stand[r, c] - hu) > STEP_HEIGHT:
            return False
    return True


def legs_along(graph: CellGraph, nodes: list[int], start: tuple[float, float, float],
               goal: tuple[float, float, float]) -> list[Leg]:
    """Legs for the node path ``nodes`` from the point ``start`` to ``goal``."""
    cols, s = graph.cols, graph.s
    steps = []  # (kind, surface, gap, dcol, drow, cost, u, v, dz)
    for u, v in zip(nodes, nodes[1:]):
        e = graph.edge(u, v)
        assert e is not None
        ur, uc = divmod(u, cols)
        vr, vc = divmod(v, cols)
        dcol, drow = vc - uc, vr - ur
        dz = float(graph.stand.flat[v] - graph.stand.flat[u])
        steps.append((e["kind"], e["surface"], e["gap"], dcol, drow, e["cost"], u, v, dz))
    runs: list[list] = []
    steps = _smooth(graph, steps)
    for st in steps:
        last = runs[-1] if runs else None
        if (last is not None and st[0] in _MERGE and last[0] == st[0] and last[1] == st[1]
                and last[3] == st[3] and last[4] == st[4] and abs(last[8] - st[8]) < 1e-9):
            last[5] += st[5]
            last[7] = st[7]
        else:
            runs.append(list(st))

    def centre(i: int) -> tuple[float, float, float]:
        r, c = divmod(i, cols)
        return ((c + 0.5) * s, (r + 0.5) * s, float(graph.stand.flat[i]))

    legs = []
    for i, (kind, surface, gap, _dc, _dr, cost, u, v, _dz) in enumerate(runs):
        a = start if i == 0 else centre(u)
        b = goal if i == len(runs) - 1 else centre(v)
        legs.append(Leg(kind, a, b, math.dist(a, b), surface, gap, cost))
    return legs


def _smooth(graph: CellGraph, steps: list[tuple]) -> list[tuple]:
    """Pull walking runs taut: replace a zig-zag of walk steps over open level
    ground with the straight lines between its turning points (any angle)."""
    out: list[tuple] = []
    i = 0
    cols = graph.cols
    while i < len(steps):
        if steps[i][0] != "walk" or graph.fac.flat[steps[i][7]] != 1.0:
            out.append(steps[i])
            i += 1
            continue
        u = steps[i][6]
        j = i
        best = i
        while j + 1 < len(steps) and steps[j + 1][0] == "walk":
            j += 1
            if not _straight_walk(graph, u, steps[j][7]):
                break
            best = j
        if best == i:
            out.append(steps[i])
            i += 1
            continue
        v = steps[best][7]
        ur, uc = divmod(u, cols)
        vr, vc = divmod(v, cols)
        length = math.hypot(vr - ur, vc - uc) * graph.s
        g = math.gcd(abs(vc - uc), abs(vr - ur)) or 1
        out.append(("walk", None, None, (vc - uc) // g, (vr - ur) // g, length, u, v, 0.0))
        i = best + 1
    return out


class DistanceField:
    """Movement cost from every cell to the nearest goal cell.

    ``cost_grid`` is rows×cols (``inf`` where no goal can be reached);
    ``cost_at(x, y)`` reads it at a point; ``next_step(x, y)`` is the centre of
    the neighbour to step to (None at a goal or when unreachable).
    """

    def __init__(self, tmap: TacticalMap, graph: CellGraph, goals: list[int]) -> None:
        self._map = tmap
        self._graph = graph
        self.goals = tuple(sorted(set(goals)))
        self.cost_grid: np.ndarray = graph.dijkstra_to(list(self.goals))
        self.cost_grid.setflags(write=False)
        self._flat = self.cost_grid.ravel().tolist()

    def cost_at(self, x: float, y: float) -> float:
        """Cost (metres of movement) from the cell at (x, y) to the goals."""
        cell = self._map.cell_of(x, y)
        if not self._map.in_bounds(*cell):
            return math.inf
        return self._flat[cell[1] * self._graph.cols + cell[0]]

    def next_step_edge(self, x: float, y: float) -> dict | None:
        """The edge to follow from (x, y): kind, cost, surface, gap and ``to`` (col, row)."""
        col, row = self._map.cell_of(x, y)
        if not self._map.in_bounds(col, row):
            return None
        g = self._graph
        u = row * g.cols + col
        here = self._flat[u]
        if here == 0.0 or here == math.inf:
            return None
        indptr, dst, cost = g._fwd
        best, bj = math.inf, -1
        for j in range(indptr[u], indptr[u + 1]):
            c = cost[j] + self._flat[dst[j]]
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
