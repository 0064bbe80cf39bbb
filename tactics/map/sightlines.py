"""Many sight lines at once, in numpy: which lines does an obstacle block?

The question of :meth:`SightGrid.clear_many <tactics.map.sight.SightGrid.clear_many>`,
answered without a geometry library. The answer is that of the shapely
method it replaced (kept as
:meth:`~tactics.map.sight.SightGrid.clear_many_shapely`, the reference of
the tests): for each obstacle top ``L``, the part of a line lower than ``L``
is tested against the closed cells at least ``L`` tall. A cell of top ``T``
is tested hardest at ``L = T``, so a line is blocked when some cell

* has ``zlow < T - eps`` (``zlow``: the lower end of the line), and
* meets the closed part of the line with ``z ≤ T``: the parameter interval
  ``[lo, hi]`` cut at ``tc = (T - za) / dz`` overlaps the interval where the
  2-D segment is inside the cell's closed square (Liang and Barsky's slabs).

Two ways to find the cells worth that test, one answer:

* :func:`rect_hits` — the cells of each top merged into a few rectangles
  (:func:`rectangles`; a hand-made map has a handful per height), every
  line against every rectangle taller than its lower end, by a broadcast
  bounding-box test first. Cheap when such rectangles are few.
* :func:`strip_hits` — the cells a line touches, strip by strip along its
  major axis (within one column strip a line that runs more east-west
  moves at most one row, so it touches at most three cells of the strip).
  Cheap when the map has many small obstacles (a random field).

Both say, per line, ``hit`` (blocked, with a margin of ``1e-9`` of the line
in the overlap) or ``unsure`` (an overlap within that margin: the line grazes
a corner or an edge). Grazing lines are few; the caller asks shapely about
them, so that the answers stay those of the shapely method to the last bit of
rounding (it tests the cut line from rounded end points).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

GRAZE = 1e-9
"""Overlaps (in units of the line's length) closer to zero than this are *unsure*."""

_MARGIN = 1e-9
"""Metres added on both sides when the candidate cells of a strip are chosen (a superset)."""


class Rects(NamedTuple):
    """Cells merged into rectangles, one top each, tallest first (metres, closed boxes)."""

    x0: np.ndarray
    y0: np.ndarray
    x1: np.ndarray
    y1: np.ndarray
    top: np.ndarray


def rectangles(top: np.ndarray, s: float) -> Rects:
    """The cells above the lowest top as rectangles of equal top (greedy: a run along a row,
    grown down while the rows below match), tallest first.

    >>> r = rectangles(np.array([[0, 3, 3], [0, 3, 3], [1, 0, 0]], float), 2.0)
    >>> [(float(a), float(b), float(c), float(d), float(t)) for a, b, c, d, t in zip(*r)]
    [(2.0, 0.0, 6.0, 4.0, 3.0), (0.0, 4.0, 2.0, 6.0, 1.0)]
    """
    rows, cols = top.shape
    lowest = top.min() if top.size else 0.0
    free = top > lowest
    out = []
    for r in range(rows):
        c = 0
        while c < cols:
            if not free[r, c]:
                c += 1
                continue
            t = top[r, c]
            c1 = c
            while c1 + 1 < cols and free[r, c1 + 1] and top[r, c1 + 1] == t:
                c1 += 1
            r1 = r
            while r1 + 1 < rows and free[r1 + 1, c:c1 + 1].all() and (top[r1 + 1, c:c1 + 1] == t).all():
                r1 += 1
            free[r:r1 + 1, c:c1 + 1] = False
            out.append((c * s, r * s, (c1 + 1) * s, (r1 + 1) * s, float(t)))
            c = c1 + 1
    out.sort(key=lambda b: -b[4])
    arr = np.array(out, float).reshape(-1, 5)
    return Rects(*(np.ascontiguousarray(arr[:, k]) for k in range(5)))


def _verdict(ln: np.ndarray, tin: np.ndarray, tout: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Per line: ``hit`` (some overlap longer than GRAZE) and ``unsure`` (only grazes)."""
    hit = np.zeros(n, bool)
    unsure = np.zeros(n, bool)
    hit[ln[tin < tout - GRAZE]] = True
    unsure[ln[tin <= tout + GRAZE]] = True
    return hit, unsure & ~hit


def _cut(T: np.ndarray, za: np.ndarray, dz: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``[lo, hi]``: the part of each line with ``z ≤ T``, cut as the shapely method cuts it."""
    with np.errstate(divide="ignore", invalid="ignore"):
        tc = np.clip((T - za) / dz, 0.0, 1.0)
    return np.where(dz < 0, tc, 0.0), np.where(dz > 0, tc, 1.0)


def _slab(lo_edge: np.ndarray, hi_edge: np.ndarray, p: np.ndarray, d: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where ``p + t d`` lies within ``[lo_edge, hi_edge]`` (all t when d = 0 and p is within)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        t1 = (lo_edge - p) / d
        t2 = (hi_edge - p) / d
    t_in, t_out = np.minimum(t1, t2), np.maximum(t1, t2)
    flat = np.flatnonzero(d == 0)
    if len(flat):  # parallel to the slab: inside it (edges included) for every t, or for none
        inside = (lo_edge[flat] <= p[flat]) & (p[flat] <= hi_edge[flat])
        t_in[flat] = np.where(inside, -np.inf, np.inf)
        t_out[flat] = np.where(inside, np.inf, -np.inf)
    return t_in, t_out


def rect_cost(rects: Rects, zlow_min: float, eps: float) -> int:
    """How many rectangles the lowest line must be tested against (a prefix: tallest first)."""
    return int(np.count_nonzero(zlow_min < rects.top - eps))


def rect_hits(rects: Rects, A: np.ndarray, B: np.ndarray, eps: float) -> tuple[np.ndarray, np.ndarray]:
    """``(hit, unsure)`` for N lines against the rectangles (see the module doc)."""
    n = len(A)
    # contiguous columns (the gathers below read them often), one by one: a (3, N) copy is big
    # enough to come from mmap each call, page faults and all
    ax, ay, az = (A[:, i].copy() for i in range(3))
    bx, by, bz = (B[:, i].copy() for i in range(3))
    zlow = np.minimum(az, bz)
    k = rect_cost(rects, float(zlow.min()), eps) if n else 0
    if not k:
        return np.zeros(n, bool), np.zeros(n, bool)
    x0, y0, x1, y1, top = (a[:k, None] for a in rects)
    # rectangles × lines, the lines along the fast axis (a short fast axis is slow in numpy)
    near = zlow < top - eps
    near &= np.minimum(ax, bx) <= x1
    near &= np.maximum(ax, bx) >= x0
    near &= np.minimum(ay, by) <= y1
    near &= np.maximum(ay, by) >= y0
    rc, ln = np.divmod(np.flatnonzero(near), n)
    if not len(ln):
        return np.zeros(n, bool), np.zeros(n, bool)
    pax, pay, paz = ax[ln], ay[ln], az[ln]
    txi, txo = _slab(rects.x0[rc], rects.x1[rc], pax, bx[ln] - pax)
    tyi, tyo = _slab(rects.y0[rc], rects.y1[rc], pay, by[ln] - pay)
    lo, hi = _cut(rects.top[rc], paz, bz[ln] - paz)
    tin = np.maximum(np.maximum(txi, tyi), lo)
    tout = np.minimum(np.minimum(txo, tyo), hi)
    return _verdict(ln, tin, tout, n)


def strip_cost(A: np.ndarray, B: np.ndarray, s: float) -> float:
    """About how many candidate cells :func:`strip_hits` looks at for these lines."""
    d = np.maximum(np.abs(B[:, 0] - A[:, 0]), np.abs(B[:, 1] - A[:, 1]))
    return 3.0 * float(np.sum(d / s + 2.0))


def strip_hits(top_pad: np.ndarray, s: float, A: np.ndarray, B: np.ndarray,
               eps: float) -> tuple[np.ndarray, np.ndarray]:
    """``(hit, unsure)`` for N lines, cell by cell along each line (see the module doc).

    ``top_pad`` is the grid of cell tops with a border of ``-inf`` (rows+2 ×
    cols+2): cells off the map never block.
    """
    n = len(A)
    none = (np.zeros(n, bool), np.zeros(n, bool))
    if not n:
        return none
    rows, cols = top_pad.shape[0] - 2, top_pad.shape[1] - 2
    stride = cols + 2
    flat_top = top_pad.ravel()
    ax, ay, az = A[:, 0], A[:, 1], A[:, 2]
    bx, by, bz = B[:, 0], B[:, 1], B[:, 2]
    dx, dy = bx - ax, by - ay
    zlow = np.minimum(az, bz)
    xmaj = np.abs(dx) >= np.abs(dy)
    au, av = np.where(xmaj, ax, ay), np.where(xmaj, ay, ax)  # major axis u, minor axis v
    du, dv = np.where(xmaj, dx, dy), np.where(xmaj, dy, dx)
    nmaj, nmin = np.where(xmaj, cols, rows), np.where(xmaj, rows, cols)
    su, sv = np.where(xmaj, 1, stride), np.where(xmaj, stride, 1)  # flat steps of one cell
    umin, umax = np.minimum(au, au + du), np.maximum(au, au + du)
    ilo = np.maximum(np.ceil(umin / s).astype(np.intp) - 1, 0)
    ihi = np.minimum(np.floor(umax / s).astype(np.intp), nmaj - 1)
    count = np.maximum(ihi - ilo + 1, 0)
    total = int(count.sum())
    if not total:
        return none
    line = np.repeat(np.arange(n), count)
    i = ilo[line] + (np.arange(total) - (np.cumsum(count) - count)[line])
    # the minor coordinate at both ends of the line's piece in strip i
    lau, ldu, lav, ldv = au[line], du[line], av[line], dv[line]
    with np.errstate(divide="ignore", invalid="ignore"):
        slope = np.where(ldu != 0, ldv / ldu, 0.0)
    v0 = lav + (np.maximum(i * s, umin[line]) - lau) * slope
    v1 = lav + (np.minimum((i + 1) * s, umax[line]) - lau) * slope
    jlo = np.floor((np.minimum(v0, v1) - _MARGIN) / s).astype(np.intp)
    jhi = np.floor((np.maximum(v0, v1) + _MARGIN) / s).astype(np.intp)
    base = (i + 1) * su[line] + sv[line]  # flat index of (i, 0) on the bordered grid
    lsv, lnmin, lz = sv[line], nmin[line], zlow[line]
    picks, js, tops = [], [], []
    for k in range(3):
        j = jlo + k
        t = flat_top[base + np.clip(j, -1, lnmin) * lsv]
        sel = np.flatnonzero((j <= jhi) & (lz < t - eps))
        picks.append(sel)
        js.append(j[sel])
        tops.append(t[sel])
    p = np.concatenate(picks)
    if not len(p):
        return none
    j = np.concatenate(js).astype(float)
    T = np.concatenate(tops)
    ln = line[p]
    iu = i[p].astype(float)
    tui, tuo = _slab(iu * s, (iu + 1) * s, lau[p], ldu[p])
    tvi, tvo = _slab(j * s, (j + 1) * s, lav[p], ldv[p])
    lo, hi = _cut(T, az[ln], bz[ln] - az[ln])
    tin = np.maximum(np.maximum(tui, tvi), lo)
    tout = np.minimum(np.minimum(tuo, tvo), hi)
    return _verdict(ln, tin, tout, n)
