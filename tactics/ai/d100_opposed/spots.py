"""Spots: every place a fighter could stand at the end of this phase, and what it sees from there.

A d100 phase allows ``walk / Speed`` metres, or ``run / Speed`` with −10 to
every test until the next phase (DECISIONS-d100 · Time and turns). The
policies weigh each cell they could reach this phase: how far it is (walk
or run), its light (an enemy shooting at it takes −10 dim, −20 dark), which
enemies it sees (sight is both ways: a spot no enemy sees is cover) and how
far each is. One distance field from the fighter, one vectorised sight call
and one vectorised light call per phase::

    >>> sp = spots(view, view.me, view.enemies())          # doctest: +SKIP
    >>> sp.xy[0], sp.cost[0], sp.light[0], sp.sees["blue-1"][0]   # doctest: +SKIP
    ((7.0, 11.0), 0.0, 'bright', True)

Spot 0 is where the fighter stands now, lying or standing (a prone fighter's
eyes are 0.5 m up, so a low wall hides it); the others are cell centres,
standing.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tactics.ai.routes import map_cache
from tactics.sim.view import EYE_HEIGHT_DOWN_M, EYE_HEIGHT_M, UnitView, View, eye

KEEP_CLEAR_M = 1.0
"""A spot this close to another fighter is taken."""
EXTRA_MARGIN_M = 0.5
"""A point off the cell centres is kept only this far inside the phase's run: the engine's own
path there may be a little longer than the planned one."""


@dataclass(slots=True)
class Spots:
    """Candidate spots: positions, movement cost, light, sight of and distance to each enemy."""

    xy: list[tuple[float, float]]
    z: list[float]
    cost: list[float]
    light: list[str]
    sees: dict[str, list[bool]] = field(default_factory=dict)
    dist: dict[str, list[float]] = field(default_factory=dict)
    cells: list[tuple[int, int]] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.xy)

    def index_of(self, cell: tuple[int, int]) -> int:
        """The spot at the centre of ``cell`` (col, row); 0 (here) when it is none of them."""
        for i in range(1, len(self.cells)):
            if self.cells[i] == cell:
                return i
        return 0


def spots(view: View, me: UnitView, enemies: list[UnitView], run_m: float,
          extra: list[tuple[float, float, float]] = (), mover: Any = None) -> Spots:
    """The spots ``me`` can reach within ``run_m`` metres this phase (spot 0: here, as it is),
    by ``mover`` (default: the engine's; the policies pass their safe one); ``extra``: more
    points off the cell centres, as ``(x, y, metres to get there)``."""
    tmap = view.map
    xs: list[float] = [me.x]
    ys: list[float] = [me.y]
    zs: list[float] = [me.z]
    cost: list[float] = [0.0]
    rows = cols = np.zeros(0, dtype=np.intp)   # the cell spots, 1 .. len(rows)
    if run_m > 0 and not me.flying:
        mc, mr = tmap.cell_of(me.x, me.y)
        off = math.hypot(me.x - (mc + 0.5) * tmap.cell_size, me.y - (mr + 0.5) * tmap.cell_size)
        grid = costs_from(view, (me.x, me.y), mover or view.mover(me), run_m) + off   # from me, not my cell
        ok = np.isfinite(grid) & (grid <= run_m - 1e-6) & tmap.standable
        s = tmap.cell_size
        others = [(u.x, u.y) for u in view.units() if u.id != me.id and u.able]
        if tmap.in_bounds(mc, mr):
            ok[mr, mc] = False   # my own cell is spot 0
        rows, cols = np.nonzero(ok)
        cx, cy = (cols + 0.5) * s, (rows + 0.5) * s
        for ox, oy in others:   # the cells whose centre is near another fighter (checked exactly below)
            near = (np.abs(cx - ox) < KEEP_CLEAR_M + 1e-6) & (np.abs(cy - oy) < KEEP_CLEAR_M + 1e-6)
            if near.any():
                far = [not (n and math.hypot(x - ox, y - oy) < KEEP_CLEAR_M)
                       for n, x, y in zip(near.tolist(), cx.tolist(), cy.tolist())]
                keep = np.array(far, dtype=bool)
                rows, cols, cx, cy = rows[keep], cols[keep], cx[keep], cy[keep]
        xs.extend(cx.tolist())
        ys.extend(cy.tolist())
        zs.extend(tmap.floor_z[rows, cols].tolist())   # ground_height at a cell's centre
        cost.extend(grid[rows, cols].tolist())
        for x, y, d in extra:
            c, r = tmap.cell_of(x, y)
            if not tmap.in_bounds(c, r) or d > run_m - EXTRA_MARGIN_M:
                continue
            if any(math.hypot(x - ox, y - oy) < KEEP_CLEAR_M for ox, oy in others):
                continue
            xs.append(x)
            ys.append(y)
            zs.append(tmap.ground_height(x, y))
            cost.append(d)
    light = list(tmap.light_at_many(np.array(xs), np.array(ys)))
    k = 1 + len(rows)   # spots 1 .. k-1 are cell centres: their cells are known
    cells = [tmap.cell_of(xs[0], ys[0])] + list(zip(cols.tolist(), rows.tolist()))
    cells += [tmap.cell_of(x, y) for x, y in zip(xs[k:], ys[k:])]
    sp = Spots(list(zip(xs, ys)), zs, cost, [str(li) for li in light], cells=cells)
    if not enemies:
        return sp
    loose = [0] + list(range(k, len(xs)))   # spot 0 and the extra points: asked every phase
    mine = np.column_stack([[xs[i] for i in loose], [ys[i] for i in loose],
                            np.array([zs[i] for i in loose]) + EYE_HEIGHT_M])
    if me.prone:
        mine[0, 2] = me.z + EYE_HEIGHT_DOWN_M
    # the cell spots: what the sight memo of each enemy's eye does not know yet
    eyes = [eye(e) for e in enemies]
    known = [sight_memo(view, pt) for pt in eyes]
    lines_a, lines_b, asked = [np.repeat(mine, len(enemies), axis=0)], [np.array(eyes * len(loose))], []
    cell_eyes = np.column_stack([(cols + 0.5) * tmap.cell_size, (rows + 0.5) * tmap.cell_size,
                                 tmap.floor_z[rows, cols] + EYE_HEIGHT_M])
    for j, grid in enumerate(known):
        todo = np.flatnonzero(grid[rows, cols] < 0)
        asked.append(todo)
        lines_a.append(cell_eyes[todo])
        lines_b.append(np.repeat(np.array([eyes[j]], dtype=float).reshape(1, 3), len(todo), axis=0))
    clear = tmap.line_of_sight_many(np.concatenate(lines_a), np.concatenate(lines_b))
    at = len(loose) * len(enemies)
    head = clear[:at].reshape(len(loose), len(enemies))
    hypot = math.hypot   # the same norm as math.dist((x, y, z), e.pos), without the tuples
    for j, e in enumerate(enemies):
        grid, todo = known[j], asked[j]
        grid[rows[todo], cols[todo]] = clear[at:at + len(todo)]
        at += len(todo)
        col = head[:, j].tolist()
        sp.sees[e.id] = col[:1] + (grid[rows, cols] > 0).tolist() + col[1:]
        ex, ey, ez = e.pos
        sp.dist[e.id] = [hypot(x - ex, y - ey, z - ez) for x, y, z in zip(xs, ys, zs)]
    return sp


SIGHT_CELLS = 1 << 24
"""Cells (bytes) of sight memos kept per map: 16 MB (all are forgotten when full)."""


def sight_memo(view: View, target: tuple[float, float, float]) -> np.ndarray:
    """rows×cols int8, what is known of whether a fighter standing at each cell's centre sees the eye
    point ``target``: 1 it does, 0 it does not, -1 not asked yet (:func:`spots` asks only for the
    cells it needs and writes the answers in). A pure function of the map and the point, kept in
    the scenario-shared cache: a fighter that stays put is seen from the same cells next phase."""
    cache = map_cache(view, "d100 cell sight")
    key = tuple(float(v) for v in target)
    got = cache.get(key)
    if got is None:
        tmap = view.map
        if (len(cache) + 1) * tmap.rows * tmap.cols > SIGHT_CELLS:
            cache.clear()
        got = cache[key] = np.full((tmap.rows, tmap.cols), -1, dtype=np.int8)
    return got


def costs_from(view: View, start: tuple[float, float], mover: Any, cutoff: float) -> np.ndarray:
    """rows×cols: metres of movement from ``start`` to every cell (``inf`` beyond ``cutoff``).

    The map's distance fields measure the way *to* their goals (a 1 m crate is
    easy to drop off and needs a jump to get on), so the way out from here is a
    forward search over the map's movement graph, cut off at the phase's run. It depends on
    the start's cell only, so the answers are kept by cell, mover and cut-off (read-only arrays).
    """
    tmap = view.map
    cache = map_cache(view, "d100 forward graphs")
    g = cache.get(mover.key)
    if g is None:
        arr = tmap.movement_arrays(mover)
        g = cache[mover.key] = (arr.indptr.tolist(), arr.dst.tolist(), arr.cost.tolist())
    indptr, dst, cost = g
    c, r = tmap.cell_of(*start)
    memo = map_cache(view, "d100 costs from")
    key = (mover.key, c, r, cutoff)
    got = memo.get(key)
    if got is not None:
        return got
    if (len(memo) + 1) * tmap.rows * tmap.cols > COSTS_CELLS:
        memo.clear()
    dist = [math.inf] * (tmap.rows * tmap.cols)
    if not tmap.in_bounds(c, r):
        got = memo[key] = np.array(dist).reshape(tmap.rows, tmap.cols)
        got.flags.writeable = False
        return got
    u0 = r * tmap.cols + c
    dist[u0] = 0.0
    heap = [(0.0, u0)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist[u]:
            continue
        for j in range(indptr[u], indptr[u + 1]):
            nd = d + cost[j]
            v = dst[j]
            if nd < dist[v] and nd <= cutoff:
                dist[v] = nd
                heapq.heappush(heap, (nd, v))
    got = memo[key] = np.array(dist).reshape(tmap.rows, tmap.cols)
    got.flags.writeable = False   # shared: callers add to it, never into it
    return got


COSTS_CELLS = 1 << 22
"""Cells of :func:`costs_from` answers the scenario-shared cache keeps per map: 32 MB of floats (all are
forgotten when full)."""


def sight_from(view: View, spot: tuple[float, float, float], prone: bool, enemies: list[UnitView]) -> dict[str, bool]:
    """Which of ``enemies`` a fighter at ``spot`` (x, y, feet z) sees, standing or prone."""
    x, y, z = spot
    h = EYE_HEIGHT_DOWN_M if prone else EYE_HEIGHT_M
    return {e.id: bool(view.map.line_of_sight((x, y, z + h), eye(e))) for e in enemies}


__all__ = ["Spots", "spots", "sight_memo", "costs_from", "sight_from", "KEEP_CLEAR_M"]
