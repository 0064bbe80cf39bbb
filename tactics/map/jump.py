"""Jump point search: the cheapest path over a movement graph, without
expanding every cell of open ground.

On an 8-connected grid of equal costs there are many equally short paths
between two cells (any order of the diagonal and straight steps), and A*
expands every cell with f = g + h below the cheapest cost: with the octile
estimate a little short behind a wall, that is the whole band of cells
those paths sweep, about ten times the cells of the path itself. Jump point
search (Harabor and Grastien, 2011; the variant that never cuts a wall's
corner) keeps one *canonical* path of each such family — diagonal steps
first, then straight ones — and follows straight rays across open ground
without putting their cells on the heap; it stops only where a ray meets
something, and the paths it finds are exactly as cheap as A*'s.

A movement graph is only partly such a grid, so :class:`JumpTables` sorts
its cells three ways:

- *open*: walking ground of cost factor 1 whose grid moves (to an open
  neighbour; diagonally only past two open or passed-by side cells) are all
  real edges of the standard cost ``s`` or ``s·√2``. Read off the graph
  itself, so the tables agree with whatever rules built it; a cell some grid
  move of which is missing (a step too high, say) is not open.
- *passed by*: a lone cell of rubble or wading water amid open ground, level
  with it (:func:`_passed_by`). Going round it is always cheaper than going
  through, so the search never enters it (unless it is the goal, which is
  then searched for with plain A*); a diagonal step may pass its corner.
- every other node (walls, gaps, water, air, rubble heaps) is searched as by
  plain A*, over all its edges. So are the edges of an open cell that are no
  grid moves (a jump over a gap, a climb, a step into a rubble heap): such a
  cell is a *stop* — every ray ends there — and follows them besides its rays.

A ray along a row or column takes one look-up: per direction, the first cell
ahead where it must stop (a stop, or a cell with a *forced* neighbour: one
only reached as cheaply through that cell), or the blocked cell that ends
it. The tables are built with numpy once per graph. Where few cells are
open and no stops (a field of rubble, water and low walls), rays end after
a step or two and plain A* is faster: :attr:`JumpTables.worth_it` says
which one :meth:`CellGraph.astar <tactics.map.graph.CellGraph.astar>` runs.
Either way the path costs the same.
"""

from __future__ import annotations

import heapq
import math
from operator import itemgetter
from typing import TYPE_CHECKING

import numpy as np

from .terrain import STEP_HEIGHT

if TYPE_CHECKING:
    from .graph import CellGraph

SQRT2 = math.sqrt(2)
_DIRS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
WORTH_IT = 0.5
"""Jump only on graphs where at least this share of the cells are open and no stops."""


def _code(r: int, c: int) -> int:
    """Index of the step (r, c) in 3×3 order (4: no step)."""
    return (r + 1) * 3 + c + 1


class JumpTables:
    """What the search needs of one graph, as plain lists over a grid with a
    one-cell border of blocked cells (row length ``stride``), so that no ray
    needs a bounds check."""

    def __init__(self, graph: CellGraph) -> None:
        rows, cols = graph.rows, graph.cols
        self.stride = P = cols + 2
        src, dst = graph.src, graph.dst
        dr, dc = dst // cols - src // cols, dst % cols - src % cols
        near = (np.abs(dr) <= 1) & (np.abs(dc) <= 1)
        code = np.where(near, (dr + 1) * 3 + dc + 1, 4)
        op, rp = _open_cells(graph, code, near)
        moves = _grid_moves(op, op | rp).reshape(9, -1)
        is_open = op[1:-1, 1:-1].ravel()
        searched = ~rp[1:-1, 1:-1].ravel()[dst] & ~(is_open[src] & moves[code, src])
        stop = np.zeros(rows * cols, bool)
        stop[src[searched & is_open[src]]] = True
        stop = np.pad(stop.reshape(rows, cols), 1)
        passable = op | rp
        self.worth_it = bool((op & ~stop).sum() >= WORTH_IT * rows * cols)
        """Enough open cells that are no stops for rays to pay (else plain A* is
        faster, and the lists below stay empty)."""
        self.open: tuple[bool, ...] = ()
        self.passable: tuple[bool, ...] = ()
        """Open or passed by: what a diagonal step may pass."""
        self.stop: tuple[bool, ...] = ()
        """Open cells with edges to follow besides their grid moves."""
        self.searched: tuple[bool, ...] = ()
        """Per edge: followed as an edge (no grid move of an open cell, not into a cell passed by)."""
        self.rays: dict[int, tuple[int, ...]] = {}
        """Per straight direction (offset on the bordered grid): for each cell,
        the first cell ahead where a ray stops (index ``m``), or the blocked
        cell that ends it (``~m``)."""
        self.stops: dict[int, tuple[bool, ...]] = {}
        """Per diagonal direction: the cells where a diagonal ray stops (besides
        those where one of its straight parts finds something)."""
        if not self.worth_it:
            return
        self.open = tuple(op.ravel().tolist())
        self.passable = tuple(passable.ravel().tolist())
        self.stop = tuple(stop.ravel().tolist())
        self.searched = tuple(searched.tolist())

        def at(a: np.ndarray, r: int, c: int) -> np.ndarray:  # a[row + r, col + c]
            return np.roll(a, (-r, -c), (0, 1))

        pool = tuple(range(-op.size, op.size))  # the ray tables share one int per value
        for r, c in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            forced = np.zeros_like(op)
            for pr, pc in ((c, r), (-c, -r)):  # the two sides of the ray
                # an open side cell with a blocked one behind it; a passed-by side cell
                # with an open one ahead (reached diagonally past its corner)
                forced |= at(op, pr, pc) & ~at(passable, pr - r, pc - c)
                forced |= at(rp, pr, pc) & at(op, pr + r, pc + c) & at(passable, r, c)
            self.rays[r * P + c] = _ray_table(op & (stop | forced), ~op, r, c, pool)
        for r, c in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            # a passed-by cell beside, behind the step: the cell past its far corner
            forced = ((at(rp, 0, -c) & at(op, r, -c) & at(passable, r, 0))
                      | (at(rp, -r, 0) & at(op, -r, c) & at(passable, 0, c)))
            self.stops[r * P + c] = tuple((stop | forced).ravel().tolist())


    def passed_by(self, node: int) -> bool:
        """Is graph node ``node`` a cell the search passes by?"""
        p = node + self.stride + 1 + 2 * (node // (self.stride - 2))
        return self.passable[p] and not self.open[p]


def _grid_moves(op: np.ndarray, side: np.ndarray) -> np.ndarray:
    """Grid moves of each open cell by step code (inner cells): to an open
    neighbour, diagonally only past two ``side`` cells."""
    rows, cols = op.shape[0] - 2, op.shape[1] - 2

    def at(a: np.ndarray, r: int, c: int) -> np.ndarray:  # a[row + r, col + c], inner cells
        return a[1 + r:rows + 1 + r, 1 + c:cols + 1 + c]

    out = np.zeros((9, rows, cols), bool)
    for r, c in _DIRS:
        m = at(op, 0, 0) & at(op, r, c)
        out[_code(r, c)] = m & at(side, r, 0) & at(side, 0, c) if r and c else m
    return out


def _open_cells(graph: CellGraph, code: np.ndarray, near: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Open and passed-by cells (bordered grid masks)."""
    rows, cols, s = graph.rows, graph.cols, graph.s
    grid_cost = np.where(code % 2 == 0, s * SQRT2, s)           # even codes are diagonal
    std = near & (graph.kind == 0) & (graph.cost == grid_cost)  # kind 0: walk
    real = np.zeros((9, rows * cols), bool)
    real[code[std], graph.src[std]] = True
    real = real.reshape(9, rows, cols)
    ground = graph.cls == 1
    op = np.pad(ground & (graph.fac == 1.0), 1)
    # candidates to be passed by: other ground, level with eight ground neighbours
    g, h = np.pad(ground, 1), np.pad(graph.stand.astype(float), 1)
    rp = ground & (graph.fac != 1.0)
    for r, c in _DIRS:
        nb = (slice(1 + r, rows + 1 + r), slice(1 + c, cols + 1 + c))
        rp &= g[nb] & ~(np.abs(h[nb] - h[1:-1, 1:-1]) > STEP_HEIGHT)
    rp = np.pad(rp, 1)
    hi = h[1:-1, 1:-1]
    for r, c in _DIRS:  # the upper side of a cliff (a wall's top) is no open ground; the lower one is
        nb = (slice(1 + r, rows + 1 + r), slice(1 + c, cols + 1 + c))
        op[1:-1, 1:-1] &= ~(op[nb] & (np.abs(h[nb] - hi) > STEP_HEIGHT) & (h[nb] < hi))
    while True:  # drop open cells with a grid move that is no standard edge
        bad = (_grid_moves(op, op | rp) & ~real).any(axis=0)
        if not bad.any():
            break
        op[1:-1, 1:-1] &= ~bad
    return op, rp & _passed_by(graph, op, rp, code, near)


def _passed_by(graph: CellGraph, op: np.ndarray, rp: np.ndarray, code: np.ndarray,
               near: np.ndarray) -> np.ndarray:
    """Which candidate cells no cheapest path enters, unless it ends there.

    A candidate x qualifies when its eight neighbours are open, its edges all
    go to them, and for any way a→x→b the way round x over the neighbours
    (:data:`_RING`: along them, and diagonally past x's corners, which the
    open neighbours' grid moves include) is strictly cheaper. Then a path
    through x is never the cheapest, and the search may leave x out.
    """
    rows, cols, s = graph.rows, graph.cols, graph.s
    src, dst, cost = graph.src, graph.dst, graph.cost
    ok = rp[1:-1, 1:-1].copy()
    for r, c in _DIRS:
        ok &= op[1 + r:rows + 1 + r, 1 + c:cols + 1 + c]
    cells = np.flatnonzero(ok)
    where = np.full(rows * cols, -1)
    where[cells] = np.arange(len(cells))
    into = np.full((9, len(cells)), np.inf)  # each cell's edge costs, by step code
    out = np.full((9, len(cells)), np.inf)
    good = np.ones(len(cells), bool)
    for mine, costs in ((where[dst], into), (where[src], out)):
        e = mine >= 0
        good[mine[e & ~near]] = False  # an edge that is no step to a neighbour
        costs[code[e & near], mine[e & near]] = cost[e & near]
    for i, (ar, ac) in enumerate(_DIRS):
        for k, (br, bc) in enumerate(_DIRS):
            if i != k:  # from a (at offset ar, ac) into x, on to b
                through = into[_code(-ar, -ac)] + out[_code(br, bc)]
                good &= ~(through <= _RING[i][k] * s * (1 + 1e-9))
    keep = np.zeros(rows * cols, bool)
    keep[cells[good]] = True
    return np.pad(keep.reshape(rows, cols), 1)


def _ring_costs() -> list[list[float]]:
    """Cheapest ways (in cells) between the eight neighbours of a cell, round
    it: straight steps along them, diagonal ones past the cell's corners."""
    d = [[0.0 if i == k else math.inf for k in range(8)] for i in range(8)]
    for i, (ar, ac) in enumerate(_DIRS):
        for k, (br, bc) in enumerate(_DIRS):
            if max(abs(ar - br), abs(ac - bc)) == 1:
                d[i][k] = 1.0 if abs(ar - br) + abs(ac - bc) == 1 else SQRT2
    for m in range(8):
        for i in range(8):
            for k in range(8):
                d[i][k] = min(d[i][k], d[i][m] + d[m][k])
    return d


_RING = _ring_costs()


def _ray_table(event: np.ndarray, blocked: np.ndarray, r: int, c: int, pool: tuple[int, ...]) -> tuple[int, ...]:
    """For each cell, the first cell ahead in direction (r, c) that is an
    ``event`` (its flat index) or ``blocked`` (``~`` its flat index).

    A tuple (the collector skips it) of the int objects of ``pool``, which holds
    ``-m .. m - 1`` for the ``m`` cells: one object per value for the four tables."""
    idx = np.arange(event.size).reshape(event.shape)

    def orient(a: np.ndarray) -> np.ndarray:  # the ray runs along rows, left to right
        a = a.T if r else a
        return a[:, ::-1] if r + c < 0 else a

    ev, blk, ix = orient(event), orient(blocked), orient(idx)
    n = ev.shape[1]
    col = np.where(ev | blk, np.arange(n), n - 1)
    first = np.minimum.accumulate(col[:, ::-1], axis=1)[:, ::-1]   # first at or after each column
    ahead = np.concatenate([first[:, 1:], np.full((len(first), 1), n - 1)], axis=1)
    rows_ = np.arange(len(first))[:, None]
    target = ix[rows_, ahead]
    table = np.where(ev[rows_, ahead], target, ~target)
    back = table[:, ::-1] if r + c < 0 else table
    return itemgetter(*((back.T if r else back).ravel() + event.size).tolist())(pool)  # in C (frozen_ints)


def jump_search(graph: CellGraph, t: JumpTables, start: int, goal: int,
                edges: list[int] | None = None) -> list[int] | None:
    """Cheapest node sequence start→goal (every cell of it), or None.

    A* with the octile estimate over jump points and searched nodes. Each
    heap entry carries the direction it was reached in (0: by an edge, or the
    start), which decides the rays its node follows: all eight when 0; after
    a diagonal step the diagonal and its two straight parts; after a straight
    step straight on; plus those to forced neighbours. ``edges``, when given,
    gets the edge index of each step, -1 for a grid move (a walk of standard
    cost), so that nobody has to look the edges up again. The goal must not
    be a cell passed by (:meth:`JumpTables.passed_by`): none of its edges in
    is searched.
    """
    cols, P = graph.cols, t.stride
    indptr, dst, cost = graph._fwd
    s, sd = graph.s, graph.s * SQRT2
    hm = graph.hmin * s
    diag = SQRT2 - 1.0
    S = start + P + 1 + 2 * (start // cols)
    G = goal + P + 1 + 2 * (goal // cols)
    gr, gc = divmod(G, P)
    is_open, passable, stop, searched = t.open, t.passable, t.stop, t.searched
    goal_open = is_open[G]
    rays, stops = t.rays, t.stops
    east, west, south, north = rays[1], rays[-1], rays[P], rays[-P]

    def straight(n: int, d: int) -> int:
        """Jump from n along a row or column: the cell the ray stops at, or -1."""
        if d == 1:
            m = east[n]
            if goal_open and n < G <= (m if m >= 0 else ~m):
                return G
        elif d == -1:
            m = west[n]
            if goal_open and (m if m >= 0 else ~m) <= G < n:
                return G
        elif d == P:
            m = south[n]
            if goal_open and n < G <= (m if m >= 0 else ~m) and (G - n) % P == 0:
                return G
        else:
            m = north[n]
            if goal_open and (m if m >= 0 else ~m) <= G < n and (n - G) % P == 0:
                return G
        return m if m >= 0 else -1

    def diagonal(n: int, d: int) -> int:
        """Jump from n diagonally: stop where a straight part of the step finds something."""
        dx = column_step[d]
        dy = d - dx
        ends = stops[d]
        while passable[n + dx] and passable[n + dy]:
            n += d
            if not is_open[n]:
                return -1
            if n == G or ends[n] or straight(n, dx) >= 0 or straight(n, dy) >= 0:
                return n
        return -1

    every = (1, -1, P, -P, P + 1, P - 1, -P + 1, -P - 1)
    rows_cols = frozenset(every[:4])
    column_step = {d: (1 if (d - 1) % P == 0 else -1) for d in every[4:]}
    g = {S: 0.0}
    came: dict[int, tuple[int, int, int]] = {}  # node → (from, direction of the ray or 0, edge or -1)
    heap = [(0.0, 0.0, S, 0)]
    done = bytearray(len(is_open))
    push, pop = heapq.heappush, heapq.heappop
    inf = math.inf
    while heap:
        _, neg, u, d = pop(heap)
        if u == G:
            return _cells(u, came, P, cols, edges)
        if done[u]:
            continue
        done[u] = 1
        gu = -neg
        if is_open[u]:
            if d == 0:
                dirs: tuple[int, ...] = every
            elif d in rows_cols:
                dirs = (d,)
                for side in ((P, -P) if d == 1 or d == -1 else (1, -1)):
                    x = u + side
                    if is_open[x]:
                        if not passable[x - d]:
                            dirs += (side, side + d)
                    elif passable[x] and is_open[x + d] and passable[u + d]:
                        dirs += (side + d,)
            else:
                dx = column_step[d]
                dy = d - dx
                dirs = (dx, dy, d)
                if passable[u - dx] and not is_open[u - dx] and is_open[u - dx + dy] and passable[u + dy]:
                    dirs += (dy - dx,)
                if passable[u - dy] and not is_open[u - dy] and is_open[u - dy + dx] and passable[u + dx]:
                    dirs += (dx - dy,)
            for e in dirs:
                if e in rows_cols:
                    w = straight(u, e)
                    step = s
                else:
                    w = diagonal(u, e)
                    step = sd
                if w < 0:
                    continue
                nv = gu + (w - u) // e * step
                if nv < g.get(w, inf):
                    g[w] = nv
                    came[w] = (u, e, -1)
                    wr, wc = divmod(w, P)
                    ar = wr - gr if wr > gr else gr - wr
                    ac = wc - gc if wc > gc else gc - wc
                    push(heap, (nv + hm * (ar + diag * ac if ar > ac else ac + diag * ar), -nv, w, e))
            if not stop[u]:
                continue
        uo = u - P - 1 - 2 * (u // P - 1)
        for j in range(indptr[uo], indptr[uo + 1]):
            if not searched[j]:
                continue
            v = dst[j]
            w = v + P + 1 + 2 * (v // cols)
            nv = gu + cost[j]
            if nv < g.get(w, inf):
                g[w] = nv
                came[w] = (u, 0, j)
                wr, wc = divmod(w, P)
                ar = wr - gr if wr > gr else gr - wr
                ac = wc - gc if wc > gc else gc - wc
                push(heap, (nv + hm * (ar + diag * ac if ar > ac else ac + diag * ar), -nv, w, 0))
    return None


def _cells(u: int, came: dict[int, tuple[int, int, int]], P: int, cols: int,
           edges: list[int] | None) -> list[int]:
    """The path to u, the cells of each ray filled in, as graph node indices
    (and the edge of each step into ``edges``)."""
    out = [u]
    steps = []
    while u in came:
        w, d, j = came[u]
        if d:
            x = u - d
            while x != w:
                out.append(x)
                steps.append(-1)
                x -= d
        out.append(w)
        steps.append(j)
        u = w
    out.reverse()
    if edges is not None:
        steps.reverse()
        edges[:] = steps
    return [(p // P - 1) * cols + p % P - 1 for p in out]
