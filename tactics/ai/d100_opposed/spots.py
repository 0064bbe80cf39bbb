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
    """Candidate spots: positions, movement cost, light, sight of (those looked at) and distance to each enemy."""

    xy: list[tuple[float, float]]
    z: list[float]
    cost: list[float]
    light: list[str]
    sees: dict[str, list[bool]] = field(default_factory=dict)
    dist: dict[str, list[float]] = field(default_factory=dict)
    cells: list[tuple[int, int]] = field(default_factory=list)
    arrays: dict[str, np.ndarray] = field(default_factory=dict)
    """The same columns as numpy arrays, for the groups (:func:`~.groups.spot_groups`): ``x``, ``y``,
    ``light`` (codes, :data:`LIGHT_CODES`), ``sees <id>`` (the enemies looked at) and ``dist <id>`` by enemy; not ``cost``
    (the tactician corrects it)."""
    kept: dict[tuple, Any] = field(default_factory=dict)
    """Answers read from these spots alone (the tactician's spot groups), shared by every copy of a
    ground kept by :func:`~.ground.ground`."""
    fixed: tuple[tuple[int, float], ...] = ()
    """``(spot, cost)`` of each correction made to :attr:`cost` since these spots were made or copied,
    in order (the tactician measures a route): with the ground, what the costs are, in a few numbers."""

    def __len__(self) -> int:
        return len(self.xy)

    def index_of(self, cell: tuple[int, int]) -> int:
        """The spot at the centre of ``cell`` (col, row), the first of them; 0 (here) when it is none
        of them (looked up in a table kept with the ground's answers, :attr:`kept`)."""
        got = self.kept.get("index of")
        if got is None:
            got = self.kept["index of"] = {}
            for i in range(len(self.cells) - 1, 0, -1):
                got[self.cells[i]] = i
        return got.get(cell, 0)


def spots(view: View, me: UnitView, enemies: list[UnitView], run_m: float,
          extra: list[tuple[float, float, float]] = (), mover: Any = None,
          look: tuple[str, ...] | None = None) -> Spots:
    """The spots ``me`` can reach within ``run_m`` metres this phase (spot 0: here, as it is),
    by ``mover`` (default: the engine's; the policies pass their safe one); ``extra``: more
    points off the cell centres, as ``(x, y, metres to get there)``; ``look``: the ids of the
    enemies whose sight is wanted (default: all), the others get distances only (no
    ``sees`` entry: sight matters only where a ranged weapon shoots, the lines are the cost)."""
    tmap = view.map
    xs: list[float] = [me.x]
    ys: list[float] = [me.y]
    zs: list[float] = [me.z]
    cost: list[float] = [0.0]
    rows = cols = np.zeros(0, dtype=np.intp)   # the cell spots, 1 .. len(rows)
    cell_x = cell_y = np.zeros(0)
    if run_m > 0 and not me.flying:
        mc, mr = tmap.cell_of(me.x, me.y)
        off = math.hypot(me.x - (mc + 0.5) * tmap.cell_size, me.y - (mr + 0.5) * tmap.cell_size)
        grid = costs_from(view, (me.x, me.y), mover or view.mover(me), run_m) + off   # from me, not my cell
        ok = np.isfinite(grid) & (grid <= run_m - 1e-6) & tmap.standable
        s = tmap.cell_size
        others = [(u.x, u.y) for u in view.units() if u.id != me.id and u.able]
        if tmap.in_bounds(mc, mr):
            ok[mr, mc] = False   # my own cell is spot 0
        for ox, oy in others:   # the cells whose centre is near another fighter: at most the few round it
            for r in range(max(0, math.floor((oy - KEEP_CLEAR_M) / s) - 1), min(tmap.rows, math.floor((oy + KEEP_CLEAR_M) / s) + 2)):
                for c in range(max(0, math.floor((ox - KEEP_CLEAR_M) / s) - 1), min(tmap.cols, math.floor((ox + KEEP_CLEAR_M) / s) + 2)):
                    if ok[r, c] and math.hypot((c + 0.5) * s - ox, (r + 0.5) * s - oy) < KEEP_CLEAR_M:
                        ok[r, c] = False
        rows, cols = np.nonzero(ok)
        cell_xyz = cell_points(view)[rows, cols]   # centre x, y and floor z of each
        cell_x, cell_y = cell_xyz[:, 0], cell_xyz[:, 1]
        xs.extend(cell_x.tolist())
        ys.extend(cell_y.tolist())
        zs.extend(cell_xyz[:, 2].tolist())   # ground_height at a cell's centre
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
    k = 1 + len(rows)   # spots 1 .. k-1 are cell centres: their cells and light are known
    light = [tmap.light_at(xs[0], ys[0])] + cell_light(view)[rows, cols].tolist()
    light += [tmap.light_at(x, y) for x, y in zip(xs[k:], ys[k:])]
    cells = [tmap.cell_of(xs[0], ys[0])] + list(zip(cols.tolist(), rows.tolist()))
    cells += [tmap.cell_of(x, y) for x, y in zip(xs[k:], ys[k:])]
    sp = Spots(list(zip(xs, ys)), zs, cost, light, cells=cells)
    arr = sp.arrays
    arr["x"] = np.concatenate(([xs[0]], cell_x, xs[k:]))
    arr["y"] = np.concatenate(([ys[0]], cell_y, ys[k:]))
    arr["light"] = np.array([LIGHT_CODES[light[0]]] + cell_light(view, codes=True)[rows, cols].tolist()
                            + [LIGHT_CODES[li] for li in light[k:]])
    if not enemies:
        return sp
    hypot = math.hypot   # the same norm as math.dist((x, y, z), e.pos), without the tuples
    for e in enemies:
        ex, ey, ez = e.pos
        sp.dist[e.id] = [hypot(x - ex, y - ey, z - ez) for x, y, z in zip(xs, ys, zs)]
        arr["dist " + e.id] = np.array(sp.dist[e.id])
    if look is not None:
        enemies = [e for e in enemies if e.id in look]
        if not enemies:
            return sp
    loose = [0] + list(range(k, len(xs)))   # spot 0 and the extra points: asked every phase
    mine = [(xs[i], ys[i], zs[i] + EYE_HEIGHT_M) for i in loose]
    if me.prone:
        mine[0] = (xs[0], ys[0], me.z + EYE_HEIGHT_DOWN_M)
    eyes = [tuple(float(v) for v in eye(e)) for e in enemies]
    # the loose spots' lines: what the line memo does not know yet (a fighter and its enemy that stay
    # put look along the same line next phase); then the cell spots: what each eye's sight memo lacks
    lines = map_cache(view, "d100 lines")
    if len(lines) > LINE_MEMORY:
        lines.clear()
    pairs = [(a, b) for a in mine for b in eyes]
    head = [lines.get(pr) for pr in pairs]
    miss = [n for n, v in enumerate(head) if v is None]
    known = [sight_memo(view, pt) for pt in eyes]
    lines_a = [np.array([pairs[n][0] for n in miss], dtype=float).reshape(-1, 3)]
    lines_b = [np.array([pairs[n][1] for n in miss], dtype=float).reshape(-1, 3)]
    asked = []
    cell_eyes = cell_points(view, EYE_HEIGHT_M)[rows, cols]
    for j, grid in enumerate(known):
        todo = np.flatnonzero(grid[rows, cols] < 0)
        asked.append(todo)
        lines_a.append(cell_eyes[todo])
        lines_b.append(np.repeat(np.array([eyes[j]], dtype=float), len(todo), axis=0))
    if sum(len(a) for a in lines_a):
        clear = tmap.line_of_sight_many(np.concatenate(lines_a), np.concatenate(lines_b))
    else:
        clear = np.ones(0, dtype=bool)
    for at, n in enumerate(miss):
        head[n] = lines[pairs[n]] = bool(clear[at])
    at = len(miss)
    for j, e in enumerate(enemies):
        grid, todo = known[j], asked[j]
        grid[rows[todo], cols[todo]] = clear[at:at + len(todo)]
        at += len(todo)
        col = head[j::len(enemies)]
        seen = grid[rows, cols] > 0
        sp.sees[e.id] = col[:1] + seen.tolist() + col[1:]
        arr["sees " + e.id] = np.concatenate((np.array(col[:1], dtype=bool), seen, np.array(col[1:], dtype=bool)))
    return sp


def cell_points(view: View, above: float = 0.0) -> np.ndarray:
    """rows×cols×3 (read-only): each cell's centre x, y and its floor's height plus ``above``, as
    ``(col + 0.5) × cell size`` and ``floor_z`` give them; kept with the map."""
    cache = map_cache(view, "d100 cell points")
    got = cache.get(above)
    if got is None:
        tmap = view.map
        rows, cols = np.mgrid[0:tmap.rows, 0:tmap.cols]
        got = cache[above] = np.stack([(cols + 0.5) * tmap.cell_size, (rows + 0.5) * tmap.cell_size,
                                       tmap.floor_z + above], axis=-1)
        got.flags.writeable = False
    return got


LIGHT_CODES = {"bright": 0, "dim": 1, "dark": 2}
"""The light at a spot as a small integer (:attr:`Spots.arrays`)."""


def cell_light(view: View, codes: bool = False) -> np.ndarray:
    """rows×cols (read-only): the light at each cell's centre, by name (object array) or as
    :data:`LIGHT_CODES` (``codes``); the map's light does not change, so both are kept with the map."""
    cache = map_cache(view, "d100 cell light")
    got = cache.get(codes)
    if got is None:
        pts = cell_points(view)
        names = [str(n) for n in view.map.light_at_many(pts[:, :, 0].ravel(), pts[:, :, 1].ravel())]
        got = np.array([LIGHT_CODES[n] for n in names] if codes else names,
                       dtype=np.int64 if codes else object).reshape(pts.shape[:2])
        got.flags.writeable = False
        cache[codes] = got
    return got


LINE_MEMORY = 50_000
"""Lines between two eye points whose answer :func:`spots` keeps per map (all forgotten when full)."""

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


__all__ = ["Spots", "spots", "sight_memo", "costs_from", "sight_from", "cell_points", "cell_light", "KEEP_CLEAR_M",
           "LIGHT_CODES"]
