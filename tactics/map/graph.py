"""The movement graph over cells, as arrays (CSR) built with numpy.

Nodes are cells (flat index ``row * cols + col``); an edge u→v is the cheapest
way for one :class:`~tactics.map.movement.Mover` to go from the centre of u to
the centre of v: 8 neighbours for walking, swimming and flying, 4 for
climbing, jumping up and dropping, and straight jumps over 1..k gap (or deep
water) cells when ``k * cell_size <= max_jump_m``. Height differences of at
most :data:`~tactics.map.terrain.STEP_HEIGHT` are walked; bigger ones are
climbed on the *face surface* (the higher cell's surface, else the lower
cell's), jumped up (at most ``max_jump_height_m``) or dropped (at most
``max_drop_m``).

    >>> import numpy as np
    >>> from tactics.map.movement import Mover
    >>> kinds = np.array([[0, 3, 0]], np.int8)              # floor, gap, floor
    >>> g = CellGraph.build(kinds, np.zeros((1, 3)), np.array([[0, 9.0, 0]]),
    ...                     np.full((1, 3), -1, np.int8), 2.0, Mover(running=6))
    >>> g.edge(0, 2)["kind"], g.edge(0, 2)["gap"]
    ('jump', 2.0)

The same arrays are the networkx graph of :meth:`CellGraph.to_networkx`; the
searches (:meth:`astar`, :meth:`dijkstra_to`) run on plain Python lists, which
beats networkx on the same graph; :meth:`astar` follows rays across open
ground instead of expanding it cell by cell (jump point search,
:mod:`~tactics.map.jump`).
"""

from __future__ import annotations

import bisect
import heapq
import math
import threading
from typing import TYPE_CHECKING, Any

import numpy as np

from .frozen import frozen_floats, frozen_ints
from .graphshare import shared_build
from . import singlegoal
from .jump import JumpTables, jump_search
from .movement import DROP_PENALTY, FLY_TIE, JUMP_PENALTY, LEG_KINDS, RISKY_JUMP_PENALTY, Mover
from .shared import locked_cached_property
from .terrain import CLIMB_COST, KINDS, STEP_HEIGHT, SURFACES, WADE_DEPTH

if TYPE_CHECKING:
    import networkx as nx

WALK, SWIM, CLIMB, JUMP, FLY, DROP = range(6)
NONE, GROUND, WATER, AIR = range(4)  # node classes

_K = {k: i for i, k in enumerate(KINDS)}
SCIPY_FROM = 4096
"""Cells from which :meth:`CellGraph.dijkstra_to` runs scipy's Dijkstra (a 64 x 64 map)."""
_CLIMB = np.array([CLIMB_COST[s] for s in SURFACES] + [np.inf])  # index -1 → inf


def node_classes(kinds: np.ndarray, depths: np.ndarray, mover: Mover) -> np.ndarray:
    """What each cell is to this mover: NONE, GROUND (walk), WATER (swim), AIR (fly)."""
    cls = np.full(kinds.shape, GROUND, np.int8)
    gap = kinds == _K["gap"]
    deep = (kinds == _K["water"]) & (depths > WADE_DEPTH)
    cls[gap] = AIR if mover.flying else NONE
    cls[deep] = WATER if mover.swim_factor is not None else (AIR if mover.flying else NONE)
    return cls


class CellGraph:
    """Directed movement graph of one map for one kind of mover."""

    def __init__(self, rows: int, cols: int, cell_size: float, stand: np.ndarray,
                 src: np.ndarray, dst: np.ndarray, cost: np.ndarray, kind: np.ndarray,
                 surf: np.ndarray, gap: np.ndarray, cls: np.ndarray, hmin: float) -> None:
        self.rows, self.cols, self.s = rows, cols, float(cell_size)
        self.stand = stand
        self.cls = cls
        self.hmin = hmin
        self.fac: np.ndarray = np.ones((rows, cols))  # walking cost factor per cell
        self._build_lock = threading.RLock()  # lazily built tables: see tactics.map.shared
        n = rows * cols
        order = np.argsort(src * n + dst, kind="stable")  # by (src, dst): one key, each edge once (the
        # same order as any sort; stable merges the sorted runs of the directions' parts)
        self.src, self.dst = src[order], dst[order]
        self.cost, self.kind = cost[order], kind[order]
        self.surf, self.gap = surf[order], gap[order]
        self.indptr = np.concatenate([[0], np.cumsum(np.bincount(self.src, minlength=n))])
        self.nodes: tuple[int, ...] = tuple(range(n + 1))
        """Every node number (and ``n``) as one shared int object each (see :func:`frozen_ints`)."""
        self._fwd = (tuple(self.indptr.tolist()), frozen_ints(self.dst, self.nodes),
                     frozen_floats(self.cost))

    @locked_cached_property
    def _rev(self) -> Any:
        """The edges by destination (row: the edge's end) as a scipy CSR matrix, for
        :meth:`dijkstra_to` (built on first use; scipy is imported then, not with the map)."""
        from scipy.sparse import csr_matrix

        n = self.rows * self.cols
        return csr_matrix((self.cost, (self.dst, self.src)), shape=(n, n))

    # ------------------------------------------------------------ building
    @classmethod
    def build(cls, kinds: np.ndarray, stand: np.ndarray, depths: np.ndarray,
              surfaces: np.ndarray, cell_size: float, mover: Mover) -> CellGraph:
        """:meth:`build_new`, or the graph it made from these very arrays for a mover that differs from
        ``mover`` only where the map makes no difference (:mod:`tactics.map.graphshare`: the same edges)."""
        return shared_build(kinds, stand, depths, surfaces, cell_size, mover, cls.build_new)

    @classmethod
    def build_new(cls, kinds: np.ndarray, stand: np.ndarray, depths: np.ndarray,
                  surfaces: np.ndarray, cell_size: float, mover: Mover) -> CellGraph:
        """Every edge for ``mover``, vectorised per direction.

        ``kinds`` are codes into ``KINDS``, ``stand`` the height one stands (or
        swims, or hovers) at in each cell, ``surfaces`` codes into ``SURFACES``
        (-1: none).
        """
        rows, cols = kinds.shape
        s = float(cell_size)
        ncls = node_classes(kinds, depths, mover)
        h = stand.astype(float)
        fac = np.where((kinds == _K["rubble"]) | ((kinds == _K["water"]) & (depths > 0)), 2.0, 1.0)
        can_climb = np.array([sf in mover.climb_surfaces for sf in SURFACES] + [False])
        swim = mover.swim_factor
        cells = np.arange(rows * cols).reshape(rows, cols)
        parts: list[tuple[np.ndarray, ...]] = []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if dr == dc == 0:
                    continue
                # every cell u whose neighbour v = u + (dr, dc) is on the map, as one block of rows and
                # columns (U) and v's block (V) beside it; a 2-D mask picks in row-major order, so each
                # array lists the edges in the order of the cells, as a gather by (row, col) did
                r0, r1, c0, c1 = max(0, -dr), rows - max(0, dr), max(0, -dc), cols - max(0, dc)
                U = (slice(r0, r1), slice(c0, c1))
                V = (slice(r0 + dr, r1 + dr), slice(c0 + dc, c1 + dc))
                cu, cv = ncls[U], ncls[V]
                live = (cu != NONE) & (cv != NONE)
                cu, cv = cu[live], cv[live]
                su = cells[U][live]  # u's flat index
                hu, hv = h[U][live], h[V][live]
                dh = hv - hu
                flat = np.abs(dh) <= STEP_HEIGHT
                diag = dr != 0 and dc != 0
                d = s * (math.sqrt(2) if diag else 1.0)
                m = len(su)
                best = np.full(m, np.inf)
                kind = np.full(m, -1, np.int8)
                surf = np.full(m, -1, np.int8)
                gapw = np.full(m, np.nan)

                def offer(mask: np.ndarray, c: np.ndarray, k: int, sf: np.ndarray | None = None,
                          gw: float | None = None) -> None:
                    better = mask & (c < best)
                    best[better] = c[better] if np.ndim(c) else c
                    kind[better] = k
                    surf[better] = -1 if sf is None else sf[better]
                    gapw[better] = np.nan if gw is None else gw

                wet = (cu == WATER) | (cv == WATER)
                footed = (cu != AIR) & (cv != AIR)
                if diag:  # no cutting corners: both side cells must be level with u
                    UV = (U[0], V[1])  # the side cells (u's row, v's column) and (v's row, u's column)
                    VU = (V[0], U[1])
                    s1, s2 = ncls[UV][live], ncls[VU][live]
                    h1, h2 = h[UV][live], h[VU][live]
                    side_ok = ((s1 == cu) & (s2 == cu)
                               & (np.abs(h1 - hu) <= STEP_HEIGHT)
                               & (np.abs(h2 - hu) <= STEP_HEIGHT))
                else:
                    side_ok = np.ones(m, bool)
                offer(flat & footed & ~wet & side_ok, d * fac[V][live], WALK)
                if swim is not None:
                    offer(flat & footed & wet & side_ok, np.full(m, d * swim), SWIM)
                if not diag:
                    up = dh > STEP_HEIGHT
                    down = dh < -STEP_HEIGHT
                    sfu, sfv = surfaces[U][live], surfaces[V][live]
                    hi_sf = np.where(up, sfv, sfu)
                    lo_sf = np.where(up, sfu, sfv)
                    face = np.where(hi_sf >= 0, hi_sf, lo_sf)
                    climb_ok = can_climb[face] & footed & (up | down)
                    offer(climb_ok, d + np.where(climb_ok, _CLIMB[face], 0.0) * np.abs(dh), CLIMB, face)
                    gu, gv = cu == GROUND, cv == GROUND
                    jh = float(mover.max_jump_height_m)
                    risky = np.where(dh >= jh - 1.0, RISKY_JUMP_PENALTY, 0.0)
                    offer(gu & gv & up & (dh <= jh), d + dh + JUMP_PENALTY + risky, JUMP, None, 0.0)
                    offer(gu & footed & down & (-dh <= mover.max_drop_m), d - dh + DROP_PENALTY,
                          DROP)
                if mover.flying:
                    fly = np.sqrt(d * d + dh * dh) * (1 + FLY_TIE)
                    if diag:
                        roof = np.maximum(hu, hv) + STEP_HEIGHT
                        fly_ok = (h1 <= roof) & (h2 <= roof)
                    else:
                        fly_ok = np.ones(m, bool)
                    offer(fly_ok, fly, FLY)
                keep = kind >= 0
                su = su[keep]
                parts.append((su, su + (dr * cols + dc), best[keep],
                              kind[keep], surf[keep], gapw[keep]))
        parts.extend(_jumps(kinds, ncls, h, depths, s, mover))
        src, dst, cost, kind, surf, gapw = (np.concatenate(p) for p in zip(*parts))
        hmin = min(1.0, swim) if swim is not None else 1.0
        g = cls(rows, cols, s, h, src.astype(np.intp), dst.astype(np.intp), cost,
                kind.astype(np.int8), surf.astype(np.int8), gapw, ncls, hmin)
        g.fac = fac
        return g

    # ------------------------------------------------------------- queries
    def edge(self, u: int, v: int) -> dict | None:
        """The edge u→v as a dict (kind, cost, surface, gap), or None."""
        lo, hi = self.indptr[u], self.indptr[u + 1]
        j = lo + int(np.searchsorted(self.dst[lo:hi], v))
        if j >= hi or self.dst[j] != v:
            return None
        sf = int(self.surf[j])
        g = float(self.gap[j])
        return {"kind": LEG_KINDS[self.kind[j]], "cost": float(self.cost[j]),
                "surface": SURFACES[sf] if sf >= 0 else None,
                "gap": None if math.isnan(g) else g, "index": int(j)}

    def edge_index(self, u: int, v: int) -> int:
        """Index of the edge u→v in the edge arrays, or -1 (a search in u's
        slice of the plain ``dst`` list: no numpy call per step of a path)."""
        indptr, dst = self._fwd[0], self._fwd[1]
        try:
            return dst.index(v, indptr[u], indptr[u + 1])
        except ValueError:
            return -1

    @locked_cached_property
    def edge_lists(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[float, ...], tuple[float, ...]]:
        """Per edge, as plain lists (built once per graph): kind code, surface
        code (-1: none), gap width (nan: none), cost."""
        return tuple(self.kind.tolist()), tuple(self.surf.tolist()), frozen_floats(self.gap), self._fwd[2]

    @locked_cached_property
    def cls_flat(self) -> tuple[int, ...]:
        """:attr:`cls` as one flat tuple, node number -> class (a path's first look, without numpy's
        per-item cost)."""
        return tuple(self.cls.ravel().tolist())

    @locked_cached_property
    def jump_tables(self) -> JumpTables:
        """What :meth:`astar` needs beyond the edges (built on first use)."""
        return JumpTables(self)

    def astar(self, start: int, goal: int, edges: list[int] | None = None) -> list[int] | None:
        """Cheapest node sequence start→goal, or None.

        A* with the octile distance (exact on open 8-connected ground, scaled
        by the cheapest cost factor so it never overestimates). Where the
        graph is mostly open walking ground, with jump point search over it
        (:mod:`~tactics.map.jump`): of many equally cheap ways across open
        ground that returns the one that takes its diagonal steps first.
        ``edges``, when given, receives the edge index of each step (-1: a
        walk of standard cost over open ground), which
        :func:`~tactics.map.pathing.legs_along` would otherwise look up.
        """
        t = self.jump_tables
        if t.worth_it and not t.passed_by(goal):
            return jump_search(self, t, start, goal, edges)
        return self._plain_astar(start, goal, edges)

    def _plain_astar(self, start: int, goal: int, edges: list[int] | None) -> list[int] | None:
        """A* over every edge; ties in the estimate go to the node already
        further along. Each node keeps the index of the edge it was reached
        by (its source is found from ``indptr``), so the path's edges need
        no look-up afterwards."""
        indptr, dst, cost = self._fwd
        cols, hm = self.cols, self.hmin * self.s
        diag = math.sqrt(2) - 1.0
        gr, gc = divmod(goal, cols)
        g = {start: 0.0}
        came: dict[int, int] = {}
        heap = [(0.0, 0.0, start)]
        done = bytearray(self.rows * cols)
        push, pop = heapq.heappush, heapq.heappop
        inf = math.inf
        while heap:
            _, neg, u = pop(heap)
            if u == goal:
                out, steps = [u], []
                while u in came:
                    j = came[u]
                    u = bisect.bisect_right(indptr, j) - 1
                    out.append(u)
                    steps.append(j)
                if edges is not None:
                    edges[:] = steps[::-1]
                return out[::-1]
            if done[u]:
                continue
            done[u] = 1
            gu = -neg
            for j in range(indptr[u], indptr[u + 1]):
                v = dst[j]
                nv = gu + cost[j]
                if nv < g.get(v, inf):
                    g[v] = nv
                    came[v] = j
                    vr, vc = divmod(v, cols)
                    dr = vr - gr if vr > gr else gr - vr
                    dc = vc - gc if vc > gc else gc - vc
                    push(heap, (nv + hm * (dr + diag * dc if dr > dc else dc + diag * dr), -nv, v))
        return None

    @locked_cached_property
    def _rev_adj(self) -> tuple[tuple[tuple[int, float], ...], ...]:
        """The edges by destination, for the small maps' search in Python: for each node the
        (source, cost) pairs of the edges that end there (one loop over pairs a node: no index
        reads per edge)."""
        n = self.rows * self.cols
        rorder = np.argsort(self.dst * n + self.src)
        rindptr = np.concatenate([[0], np.cumsum(np.bincount(self.dst, minlength=n))]).tolist()
        src, cost = frozen_ints(self.src[rorder], self.nodes), frozen_floats(self.cost[rorder])
        return tuple(tuple(zip(src[a:b], cost[a:b])) for a, b in zip(rindptr, rindptr[1:]))

    def dijkstra_to(self, goals: list[int], limit: float = math.inf) -> np.ndarray:
        """Cost from every node to the nearest goal (multi-source, reverse edges); ``limit``: on the
        maps scipy searches, only nodes up to that cost are searched, the others left ``inf`` (the
        costs found are the same numbers as the whole search's).

        On maps over :data:`SCIPY_FROM` cells, scipy's Dijkstra over the reversed
        edges (CSR, built once per graph); on smaller ones the same search in
        Python (no scipy to import for a duel on a small map: its import costs
        more than the searches). Both sum each cost from the goal outward, edge
        by edge, so the numbers are the same to the last bit.
        """
        n = self.rows * self.cols
        if not len(goals):
            return np.full((self.rows, self.cols), np.inf)
        if n > SCIPY_FROM:
            from scipy.sparse.csgraph import dijkstra

            dist = dijkstra(self._rev, directed=True, indices=np.asarray(goals, np.intp), min_only=True,
                            limit=limit)
            return dist.reshape(self.rows, self.cols)
        if n <= singlegoal.UP_TO:  # the fields of a batch's few goal cells, kept one by one
            return singlegoal.nearest(self, goals, self._search_to)
        return self._search_to(goals)

    def _search_to(self, goals: list[int]) -> np.ndarray:
        """:meth:`dijkstra_to` in Python (the small maps' search).

        The heap holds each cost once, a float (no tuples to compare), and ``at`` the nodes reached
        at it: a grid's costs repeat (a cell's walk, a diagonal's), so the nodes of one cost are
        settled together. The order among nodes of one cost changes no cost found: each is the
        least, over in-edges, of the source's cost plus the edge, whichever order they settle in."""
        n = self.rows * self.cols
        adj = self._rev_adj
        out = [math.inf] * n
        first = []
        for t in goals:
            if out[t] > 0.0:
                out[t] = 0.0
                first.append(t)
        at: dict[float, list[int]] = {0.0: first} if first else {}
        heap = [0.0] if first else []
        push, pop, take = heapq.heappush, heapq.heappop, at.pop
        while heap:
            d = pop(heap)
            for u in take(d):
                if d > out[u]:
                    continue  # reached at a lower cost since
                for v, c in adj[u]:
                    nd = d + c
                    if nd < out[v]:
                        out[v] = nd
                        got = at.get(nd)
                        if got is None:
                            at[nd] = [v]
                            push(heap, nd)
                        else:
                            got.append(v)
        return np.array(out).reshape(self.rows, self.cols)

    def to_networkx(self) -> nx.DiGraph:
        """The same graph for networkx: nodes ``(col, row)``, edge attributes
        ``weight`` (cost), ``kind``, ``surface``, ``gap``. networkx is imported here, on first use:
        a fight never needs it, and its ~25,000 objects would make every full garbage collection
        of every process that loads a map walk them."""
        import networkx as nx

        G = nx.DiGraph()
        cols = self.cols
        for v in np.flatnonzero(self.cls.ravel() != NONE).tolist():
            r, c = divmod(v, cols)
            G.add_node((c, r), z=float(self.stand.flat[v]))
        for u, v, w, k, sf, gp in zip(self.src.tolist(), self.dst.tolist(), self.cost.tolist(),
                                      self.kind.tolist(), self.surf.tolist(), self.gap.tolist()):
            G.add_edge((u % cols, u // cols), (v % cols, v // cols), weight=w,
                       kind=LEG_KINDS[k], surface=SURFACES[sf] if sf >= 0 else None,
                       gap=None if gp != gp else gp)
        return G


def _jumps(kinds: np.ndarray, ncls: np.ndarray, h: np.ndarray, depths: np.ndarray, s: float,
           mover: Mover) -> list[tuple[np.ndarray, ...]]:
    """Straight jumps over k = 1.. cells that cannot be stood on (gap, deep water)."""
    rows, cols = kinds.shape
    out = []
    kmax = int(math.floor(float(mover.max_jump_m) / s + 1e-9))
    over = (kinds == _K["gap"]) | ((kinds == _K["water"]) & (depths > WADE_DEPTH))
    ground = ncls == GROUND
    rr, cc = np.mgrid[0:rows, 0:cols]
    for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        run = np.ones((rows, cols), bool)  # cells 1..k beyond (r, c) are all 'over'
        for k in range(1, kmax + 1):
            mr, mc = rr + dr * k, cc + dc * k
            inside = (mr >= 0) & (mr < rows) & (mc >= 0) & (mc < cols)
            run &= inside
            run[inside] &= over[mr[inside], mc[inside]]
            vr, vc = rr + dr * (k + 1), cc + dc * (k + 1)
            land = run & (vr >= 0) & (vr < rows) & (vc >= 0) & (vc < cols)
            ur, uc = np.nonzero(land & ground)
            if not len(ur):
                if not run.any():
                    break
                continue
            wr, wc = ur + dr * (k + 1), uc + dc * (k + 1)
            dh = h[wr, wc] - h[ur, uc]
            ok = ground[wr, wc] & (dh <= STEP_HEIGHT) & (-dh <= mover.max_drop_m)
            ur, uc, wr, wc = ur[ok], uc[ok], wr[ok], wc[ok]
            n = len(ur)
            extra = JUMP_PENALTY + (RISKY_JUMP_PENALTY if k * s >= float(mover.max_jump_m) - 1.0 else 0.0)
            out.append(((ur * cols + uc), (wr * cols + wc), np.full(n, (k + 1) * s + extra),
                        np.full(n, JUMP, np.int8), np.full(n, -1, np.int8), np.full(n, k * s)))
    return out
