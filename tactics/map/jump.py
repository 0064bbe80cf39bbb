"""Jump point search: the cheapest path over a movement graph, without
expanding every cell of open ground.

On an 8-connected grid of equal costs there are many equally short paths
between two cells (any order of the diagonal and straight steps), and A*
expands every cell with f = g + h below the cheapest cost: with the octile
estimate a little short behind a wall, that is the whole band of cells
those paths sweep, about ten times the cells of the path itself. Jump point
search (Harabor and Grastien, 2011; the variant that never cuts a corner)
keeps one *canonical* path of each such family — diagonal steps first, then
straight ones — and follows straight rays across open ground without putting
their cells on the heap; it stops only where a ray meets something, and the
paths it finds are exactly as cheap as A*'s.

A movement graph is only partly such a grid, so the search works on two
layers (:class:`JumpTables`):

- *open* cells: walking ground of cost factor 1 whose grid moves (to an open
  neighbour; diagonally only between two open side cells) are all real edges
  of the standard cost ``s`` or ``s·√2``. Taken from the graph itself, so the
  tables agree with whatever rules built it. A cell some grid move of which
  is missing (a step too high, say) is dropped, until none is.
- every other node (rubble, wading, walls, gaps, water, air) is searched as
  plain A* does, over all its edges. So are the edges of an open cell that
  are not grid moves (into rubble, a jump over a gap, a climb): such a cell
  is a *stop* — every ray ends there — and expands them besides its rays.

Rays along rows and columns take one look-up each: per direction, the first
cell ahead where the ray must stop (a stop, or a cell with a forced
neighbour), or the blocked cell that ends it. The tables are built with
numpy once per graph.
"""

from __future__ import annotations

import heapq
import math
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .graph import CellGraph

SQRT2 = math.sqrt(2)
_DIRS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]


class JumpTables:
    """What the search needs of one graph, as plain lists over a grid with a
    one-cell border of blocked cells (row length ``stride``), so that no ray
    needs a bounds check."""

    def __init__(self, graph: CellGraph) -> None:
        rows, cols, s = graph.rows, graph.cols, graph.s
        self.stride = P = cols + 2
        src, dst = graph.src, graph.dst
        sr, sc = np.divmod(src, cols)
        dr, dc = dst // cols - sr, dst % cols - sc
        near = (np.abs(dr) <= 1) & (np.abs(dc) <= 1)
        code = np.where(near, (dr + 1) * 3 + dc + 1, 4)  # 0..8 by direction, 4: not a neighbour
        grid_cost = np.where((dr != 0) & (dc != 0), s * SQRT2, s)
        std = near & (graph.kind == 0) & (graph.cost == grid_cost)   # kind 0: walk
        real = np.zeros((9, rows * cols), bool)
        real[code[std], src[std]] = True
        real = real.reshape(9, rows, cols)

        wp = np.zeros((rows + 2, P), bool)
        wp[1:-1, 1:-1] = (graph.cls == 1) & (graph.fac == 1.0)

        def at(a: np.ndarray, r: int, c: int) -> np.ndarray:  # a[row + r, col + c], inner cells
            return a[1 + r:rows + 1 + r, 1 + c:cols + 1 + c]

        def moves() -> np.ndarray:  # grid moves of each open cell, by direction code
            out = np.zeros((9, rows, cols), bool)
            for r, c in _DIRS:
                m = at(wp, 0, 0) & at(wp, r, c)
                out[(r + 1) * 3 + c + 1] = m & at(wp, r, 0) & at(wp, 0, c) if r and c else m
            return out

        while True:  # drop open cells with a grid move that is no standard edge
            bad = (moves() & ~real).any(axis=0)
            if not bad.any():
                break
            wp[1:-1, 1:-1] &= ~bad
        model = moves().reshape(9, -1)
        open_src = wp[1:-1, 1:-1].ravel()[src]
        extra = open_src & ~model[code, src]
        stop = np.zeros(rows * cols, bool)
        stop[src[extra]] = True
        stopp = np.pad(stop.reshape(rows, cols), 1)

        self.open: list[bool] = wp.ravel().tolist()
        self.stop: list[bool] = stopp.ravel().tolist()
        self.searched: list[bool] = (~open_src | extra).tolist()
        """Per edge: followed as an edge (not a grid move of an open cell)."""
        self.rays: dict[int, list[int]] = {}
        """Per straight direction (offset on the bordered grid): for each cell,
        the first cell ahead where a ray stops (index ``m``), or the blocked
        cell that ends it (``~m``)."""
        for r, c in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            forced = np.zeros_like(wp)
            for pr, pc in ((c, r), (-c, -r)):  # the two sides of the ray
                side = np.roll(wp, (-pr, -pc), (0, 1))
                behind = np.roll(wp, (-pr + r, -pc + c), (0, 1))
                forced |= side & ~behind
            self.rays[r * P + c] = _ray_table(wp & (stopp | forced), ~wp, r, c)


def _ray_table(event: np.ndarray, blocked: np.ndarray, r: int, c: int) -> list[int]:
    """For each cell, the first cell ahead in direction (r, c) that is an
    ``event`` (its flat index) or ``blocked`` (``~`` its flat index)."""
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
    return (back.T if r else back).ravel().tolist()


def jump_search(graph: CellGraph, t: JumpTables, start: int, goal: int) -> list[int] | None:
    """Cheapest node sequence start→goal (every cell of it), or None.

    A* with the octile estimate over jump points and searched nodes. Each
    heap entry carries the direction it was reached in (0: by an edge, or the
    start), which decides the rays its node follows: all eight when 0; after
    a diagonal step the diagonal and its two straight parts; after a straight
    step straight on, plus the sides with a forced neighbour (a blocked cell
    behind an open one).
    """
    cols, P = graph.cols, t.stride
    is_open, stop, rays = t.open, t.stop, t.rays
    indptr, dst, cost = graph._fwd
    searched = t.searched
    s, sd = graph.s, graph.s * SQRT2
    hm = graph.hmin * s
    diag = SQRT2 - 1.0
    S = start + P + 1 + 2 * (start // cols)
    G = goal + P + 1 + 2 * (goal // cols)
    gr, gc = divmod(G, P)
    goal_open = is_open[G]
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
        dx = 1 if (d - 1) % P == 0 else -1
        dy = d - dx
        while is_open[n + dx] and is_open[n + dy]:
            n += d
            if not is_open[n]:
                return -1
            if n == G or stop[n] or straight(n, dx) >= 0 or straight(n, dy) >= 0:
                return n
        return -1

    every = (1, -1, P, -P, P + 1, P - 1, -P + 1, -P - 1)
    rows_cols = frozenset(every[:4])
    diagonal_parts = {d: (1 if (d - 1) % P == 0 else -1) for d in every[4:]}  # d → its column step
    g = {S: 0.0}
    came: dict[int, tuple[int, int]] = {}
    heap = [(0.0, 0.0, S, 0)]
    done = bytearray(len(is_open))
    push, pop = heapq.heappush, heapq.heappop
    inf = math.inf
    while heap:
        _, neg, u, d = pop(heap)
        if u == G:
            return _cells(u, came, P, cols)
        if done[u]:
            continue
        done[u] = 1
        gu = -neg
        if is_open[u]:
            if d == 0:
                dirs: tuple[int, ...] = every
            elif d in rows_cols:
                side = P if d == 1 or d == -1 else 1
                dirs = (d,)
                if is_open[u + side] and not is_open[u + side - d]:
                    dirs += (side, side + d)
                if is_open[u - side] and not is_open[u - side - d]:
                    dirs += (-side, d - side)
            else:
                dx = diagonal_parts[d]
                dirs = (dx, d - dx, d)
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
                    came[w] = (u, e)
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
                came[w] = (u, 0)
                wr, wc = divmod(w, P)
                ar = wr - gr if wr > gr else gr - wr
                ac = wc - gc if wc > gc else gc - wc
                push(heap, (nv + hm * (ar + diag * ac if ar > ac else ac + diag * ar), -nv, w, 0))
    return None


def _cells(u: int, came: dict[int, tuple[int, int]], P: int, cols: int) -> list[int]:
    """The path to u, the cells of each ray filled in, as graph node indices."""
    out = [u]
    while u in came:
        w, d = came[u]
        if d:
            x = u - d
            while x != w:
                out.append(x)
                x -= d
        out.append(w)
        u = w
    out.reverse()
    return [(p // P - 1) * cols + p % P - 1 for p in out]
