"""From graph searches to what the engine uses: legs.

:func:`legs_along` turns the cells of a path into :class:`Leg` s, merging
consecutive steps of the same kind, surface and direction into one straight
leg — walking five cells east is one ``walk`` leg of 10 m at s = 2 m, which is
what a charge needs (DECISIONS · Movement · Charging). Before that,
:func:`_smooth` pulls walking runs taut, which takes many straight-line
checks; they run on plain lists kept on the graph (:class:`_Ground`): per
standing height a bordered grid of the cells one may walk through, and per
(dcol, drow) the cells a short line between cell centres touches.

Distance fields (the cost from every cell to the nearest goal) live in
:mod:`tactics.map.distfield`.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from .graph import CellGraph, frozen_floats
from .movement import LEG_KINDS, Leg
from .shared import lock_of
from .terrain import STEP_HEIGHT, SURFACES

_MERGE = {"walk", "swim", "fly", "climb"}
SMOOTH_MAX_STEPS = 16
"""Longest zig-zag (in steps) pulled into one straight walk, unless the whole run is straight."""


def _grid_steps(x0: float, y0: float, x1: float, y1: float, c: int, r: int) -> tuple[int, float, float, int, float, float]:
    """The set-up of a grid walk from (x0, y0) in cell (c, r) toward (x1, y1): per axis the
    step (-1, 0, 1), the segment fraction one cell takes and the fraction to the first boundary."""
    dx, dy = x1 - x0, y1 - y0
    inf = math.inf
    if dx > 0:
        sc, tdx, tmx = 1, 1.0 / dx, (c + 1 - x0) / dx
    elif dx < 0:
        sc, tdx, tmx = -1, -1.0 / dx, (x0 - c) / -dx
    else:
        sc, tdx, tmx = 0, inf, inf
    if dy > 0:
        sr, tdy, tmy = 1, 1.0 / dy, (r + 1 - y0) / dy
    elif dy < 0:
        sr, tdy, tmy = -1, -1.0 / dy, (y0 - r) / -dy
    else:
        sr, tdy, tmy = 0, inf, inf
    return sc, tdx, tmx, sr, tdy, tmy


def _cells_touched(x0: float, y0: float, x1: float, y1: float) -> list[tuple[int, int]]:
    """Cells (col, row) a segment in cell units passes through or touches.

    A grid walk (Amanatides and Woo): one step per cell boundary crossed; a
    segment through a cell corner touches both cells beside the corner.

    >>> sorted(_cells_touched(0.5, 0.5, 2.5, 0.5))
    [(0, 0), (1, 0), (2, 0)]
    >>> sorted(_cells_touched(0.5, 0.5, 1.5, 1.5))
    [(0, 0), (0, 1), (1, 0), (1, 1)]
    """
    c, r = math.floor(x0), math.floor(y0)
    c1, r1 = math.floor(x1), math.floor(y1)
    out = [(c, r)]
    sc, tdx, tmx, sr, tdy, tmy = _grid_steps(x0, y0, x1, y1, c, r)
    for _ in range(abs(c1 - c) + abs(r1 - r) + 2):
        if c == c1 and r == r1:
            break
        if abs(tmx - tmy) < 1e-9:
            if tmx > 1.0:
                break
            out.append((c + sc, r))
            out.append((c, r + sr))
            c += sc
            r += sr
            tmx += tdx
            tmy += tdy
        elif tmx < tmy:
            if tmx > 1.0:
                break
            c += sc
            tmx += tdx
        else:
            if tmy > 1.0:
                break
            r += sr
            tmy += tdy
        out.append((c, r))
    return out


class _Ground(NamedTuple):
    """Per cell, as plain lists: open walking ground of cost factor 1 (``ok``)
    and the standing height; and per standing height ``hu`` met so far, the
    cells one may walk through from there (``ok`` and within a step of ``hu``)
    on a grid with a one-cell border of bad cells (row length ``stride``), so
    that a walk along a line is one list look-up per cell, no bounds checks;
    ``lines``: the cells (as offsets on that grid) of short lines between cell
    centres, by their (dcol, drow)."""

    ok: tuple[bool, ...]
    stand: tuple[float, ...]
    level: dict[float, tuple[bool, ...]]
    stride: int
    lines: dict[tuple[int, int], tuple[int, ...]]


def _open_flat(graph: CellGraph) -> _Ground:
    """The graph's :class:`_Ground` (built once under the graph's lock, kept on the graph;
    its ``level`` and ``lines`` dicts only ever gain entries that never change, so threads
    may fill them side by side)."""
    cached = getattr(graph, "_open_flat", None)
    if cached is None:
        with lock_of(graph):
            cached = getattr(graph, "_open_flat", None)
            if cached is None:
                ok = (graph.cls == 1) & (graph.fac == 1.0)
                cached = _Ground(tuple(ok.ravel().tolist()), frozen_floats(graph.stand.ravel().astype(float)), {},
                                 graph.cols + 2, {})
                graph._open_flat = cached  # type: ignore[attr-defined]
    return cached


def _level_from(graph: CellGraph, hu: float) -> tuple[bool, ...]:
    """Bordered grid: the cells one may walk through from standing height ``hu``."""
    ground = _open_flat(graph)
    level = ground.level.get(hu)
    if level is None:
        if len(ground.level) >= 64:  # a map of many heights: keep the memory bounded
            ground.level.clear()
        ok = (graph.cls == 1) & (graph.fac == 1.0) & ~(np.abs(graph.stand - hu) > STEP_HEIGHT)
        level = ground.level[hu] = tuple(np.pad(ok, 1).ravel().tolist())
    return level


def straight_walk_line(graph: CellGraph, x0: float, y0: float, x1: float, y1: float) -> bool:
    """Can one walk straight from (x0, y0) to (x1, y1) (cell units) on level,
    open ground of walking cost factor 1, within a step of the start's height?

    The grid walk of :func:`_cells_touched`, checking each cell as it is
    entered and stopping at the first bad one; on the bordered grid, leaving
    the map is just another bad cell.
    """
    flat, stand, _, stride, _ = _open_flat(graph)
    c, r = math.floor(x0), math.floor(y0)
    if not (0 <= c < graph.cols and 0 <= r < graph.rows):
        return False
    if not flat[r * graph.cols + c]:
        return False
    ok = _level_from(graph, stand[r * graph.cols + c])
    q = (r + 1) * stride + c + 1
    c1, r1 = math.floor(x1), math.floor(y1)
    sc, tdx, tmx, sr, tdy, tmy = _grid_steps(x0, y0, x1, y1, c, r)
    qr = sr * stride
    for _ in range(abs(c1 - c) + abs(r1 - r) + 2):
        if c == c1 and r == r1:
            break
        if -1e-9 < tmx - tmy < 1e-9:  # through a corner: both cells beside it, then the diagonal one
            if tmx > 1.0:
                break
            if not (ok[q + sc] and ok[q + qr]):
                return False
            c += sc
            r += sr
            q += sc + qr
            tmx += tdx
            tmy += tdy
        elif tmx < tmy:
            if tmx > 1.0:
                break
            c += sc
            q += sc
            tmx += tdx
        else:
            if tmy > 1.0:
                break
            r += sr
            q += qr
            tmy += tdy
        if not ok[q]:
            return False
    return True


def _straight_walk(graph: CellGraph, u: int, v: int) -> bool:
    """Can one walk the straight line between the centres of u and v, on
    level ground (within a step of u) of walking cost factor 1?"""
    return _clear_walks(graph, u, [v]) == 1


def _clear_walks(graph: CellGraph, u: int, ends: list[int]) -> int:
    """How many of ``ends``, in order, one can walk to straight from u (as
    :func:`_straight_walk`; counting stops at the first one one cannot).

    The cells such a line touches depend only on (dcol, drow): for the short
    lines of :func:`_smooth` they are worked out once per graph and checked
    as offsets from u on the bordered grid of the cells level with u.
    """
    ground = _open_flat(graph)
    cols, stride, lines = graph.cols, ground.stride, ground.lines
    ur, uc = divmod(u, cols)
    q = (ur + 1) * stride + uc + 1
    ok = _level_from(graph, ground.stand[u])
    m = SMOOTH_MAX_STEPS
    for k, v in enumerate(ends):
        vr, vc = divmod(v, cols)
        dc, dr = vc - uc, vr - ur
        if not (-m <= dc <= m and -m <= dr <= m):
            if not straight_walk_line(graph, uc + 0.5, ur + 0.5, vc + 0.5, vr + 0.5):
                return k
            continue
        line = lines.get((dc, dr))
        if line is None:
            line = lines[dc, dr] = tuple(r * stride + c for c, r in _cells_touched(0.5, 0.5, dc + 0.5, dr + 0.5))
        for o in line:
            if not ok[q + o]:
                return k
    return len(ends)


def legs_along(graph: CellGraph, nodes: list[int], start: tuple[float, float, float],
               goal: tuple[float, float, float], edges: list[int] | None = None) -> list[Leg]:
    """Legs for the node path ``nodes`` from the point ``start`` to ``goal``.

    ``edges``: the edge index of each step as :meth:`CellGraph.astar` gives
    them (-1: a walk of standard cost), else they are looked up.
    """
    cols, s = graph.cols, graph.s
    stand = _open_flat(graph)[1]
    if edges is None:
        edges = [graph.edge_index(u, v) for u, v in zip(nodes, nodes[1:])]
        assert min(edges, default=0) >= 0
    runs: list[list] = []
    steps = _smooth(graph, nodes, edges)
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
        return ((c + 0.5) * s, (r + 0.5) * s, stand[i])

    inv = 1.0 / s
    legs = []
    last = len(runs) - 1
    for i, (kind, surface, gap, _dc, _dr, cost, u, v, _dz) in enumerate(runs):
        a = start if i == 0 else centre(u)
        b = goal if i == last else centre(v)
        if kind == "walk" and (i == 0 or i == last):
            # the runs were pulled taut between cell centres; the real start and goal points
            # may lie off those lines: keep the centre as a corner when the straight line
            # from the real point would cut through something
            cu, cv = centre(u), centre(v)
            if a != cu and not straight_walk_line(graph, a[0] * inv, a[1] * inv, cv[0] * inv, cv[1] * inv):
                legs.append(Leg(kind, a, cu, math.dist(a, cu), surface, gap, math.dist(a[:2], cu[:2])))
                a = cu
            if b != cv and not straight_walk_line(graph, a[0] * inv, a[1] * inv, b[0] * inv, b[1] * inv):
                legs.append(Leg(kind, a, cv, math.dist(a, cv), surface, gap, cost))
                a, cost = cv, math.dist(cv[:2], b[:2])
        legs.append(Leg(kind, a, b, math.dist(a, b), surface, gap, cost))
    return legs


def _step(graph: CellGraph, nodes: list[int], edges: list[int], k: int) -> tuple:
    """Step k of a path: (kind, surface, gap, dcol, drow, cost, u, v, dz)."""
    u, v, j = nodes[k], nodes[k + 1], edges[k]
    ur, uc = divmod(u, graph.cols)
    vr, vc = divmod(v, graph.cols)
    stand = _open_flat(graph).stand
    dz = stand[v] - stand[u]
    if j < 0:  # a walk of standard cost
        return ("walk", None, None, vc - uc, vr - ur, graph.s * (1.0 if ur == vr or uc == vc else math.sqrt(2)),
                u, v, dz)
    kinds, surfs, gaps, costs = graph.edge_lists
    sf, gp = surfs[j], gaps[j]
    return (LEG_KINDS[kinds[j]], SURFACES[sf] if sf >= 0 else None, None if gp != gp else gp,
            vc - uc, vr - ur, costs[j], u, v, dz)


def _smooth(graph: CellGraph, nodes: list[int], edges: list[int]) -> list[tuple]:
    """The steps of a path (:func:`_step`), walking runs pulled taut: a zig-zag
    of walk steps over open level ground becomes the straight lines between
    its turning points (any angle).

    From each turning point u: the whole rest of the walking run when the
    line to its end is clear, else as many of the next steps
    (:data:`SMOOTH_MAX_STEPS` at most) as one straight line clears. Steps
    pulled into a line are never built.
    """
    out: list[tuple] = []
    n = len(edges)
    kinds = graph.edge_lists[0] if any(j >= 0 for j in edges) else []
    walk = [j < 0 or kinds[j] == 0 for j in edges]  # kind code 0: walk
    run_end = [0] * n  # last step of the walking run each step is in
    for k in range(n - 1, -1, -1):
        run_end[k] = run_end[k + 1] if k + 1 < n and walk[k + 1] else k
    cols = graph.cols
    flat = _open_flat(graph)[0]  # a walk step ends on ground: flat is its cost factor being 1
    i = 0
    while i < n:
        if not walk[i] or not flat[nodes[i + 1]]:
            out.append(_step(graph, nodes, edges, i))
            i += 1
            continue
        u = nodes[i]
        last = run_end[i]
        if last > i and _clear_walks(graph, u, [nodes[last + 1]]):
            best = last
        else:
            best = i + _clear_walks(graph, u, nodes[i + 2:min(last, i + SMOOTH_MAX_STEPS) + 2])
        if best == i:
            out.append(_step(graph, nodes, edges, i))
            i += 1
            continue
        v = nodes[best + 1]
        ur, uc = divmod(u, cols)
        vr, vc = divmod(v, cols)
        length = math.hypot(vr - ur, vc - uc) * graph.s
        g = math.gcd(abs(vc - uc), abs(vr - ur)) or 1
        out.append(("walk", None, None, (vc - uc) // g, (vr - ur) // g, length, u, v, 0.0))
        i = best + 1
    return out
