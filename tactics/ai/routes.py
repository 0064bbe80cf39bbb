"""Routes: this turn's part of a path, as the moves a plan hands the engine.

A :class:`Route` is the moves of one turn along a planned path (one per
corner, a straight run kept whole), where they end and whether they arrive.
Answers that are pure functions of the map live in the scenario-shared cache
(:func:`map_cache`), so the fights of a batch plan their opening moves once::

    >>> r = route(view, view.me, (20.0, 8.0))          # doctest: +SKIP
    >>> [type(s).__name__ for s in r.steps], r.arrives  # doctest: +SKIP
    (['MoveTo', 'MoveTo'], False)

A gap that only a jump crosses is taken the careful way (:func:`_careful_jump`:
a run-up, then a jump from the very edge), and :func:`straight_run` tells a
policy whether the walk to a point is one straight leg.
"""

from __future__ import annotations

import math
from typing import Any

from tactics.ai.fields import movers, safe_reachable
from tactics.map import Mover
from tactics.sim.plan import MoveTo
from tactics.sim.view import UnitView, View

class Route:
    """The moves of one turn along a planned path: ``steps`` (MoveTo), where they end, whether they arrive."""

    __slots__ = ("steps", "end", "cost", "arrives", "total", "note")

    def __init__(self, steps: list[MoveTo], end: tuple[float, float], cost: float, arrives: bool, total: float,
                 note: str = "") -> None:
        self.steps, self.end, self.cost, self.arrives, self.total = steps, end, cost, arrives, total
        self.note = note

    def __bool__(self) -> bool:
        return True


def map_cache(view: View, name: str) -> dict:
    """The scenario-shared cache ``name`` of answers that are pure functions of ``view.map`` (and their keys).

    A map is no dict key (it compares by value), so the cache is kept with the
    map it belongs to and starts afresh when a view of another map asks.
    """
    tmap = view.map
    got = view.shared.get(name)
    if got is None or got[0] is not tmap:
        got = view.shared[name] = (tmap, {})
    return got[1]


ROUTE_MEMORY = 20_000
"""How many :func:`route` answers the scenario-shared cache keeps (all are forgotten when full)."""


def route(view: View, me: UnitView, goal: tuple[float, float], budget: float | None = None,
          max_m: float | None = None, mv: tuple[Mover, Mover] | None = None) -> Route | None:
    """This turn's part of the path to ``goal``, planned with :func:`safe_mover`.

    The moves are the path's corners, so the engine's own (short) path search
    between them follows the same way. ``max_m`` stops the walk early. ``mv``:
    ``me``'s :func:`movers`, when the caller has them.

    A walk the safe mover finds is a pure function of the map, the start, the
    goal, the safe mover's key and the budget, and the fights of a batch walk
    the same opening moves: those answers are kept in the scenario-shared cache
    (``view.shared``; the moves are frozen, so every answer shares them). The
    engine mover's fallback reads the enemies, so it is never kept.
    """
    return _route(view, me, goal, budget, max_m, mv)[0]


def _route(view: View, me: UnitView, goal: tuple[float, float], budget: float | None,
           max_m: float | None, mv: tuple[Mover, Mover] | None) -> tuple[Route | None, bool]:
    """:func:`route`, and whether its answer is a pure function of the map (no look at the enemies)."""
    safe, real = movers(view, me) if mv is None else mv
    budget = view.movement(me) if budget is None else budget
    if max_m is not None:
        budget = min(budget, max_m)
    tmap = view.map
    start = me.pos
    cache = map_cache(view, "routes")
    key = (safe.key, start, goal if type(goal) is tuple else tuple(goal), budget)
    got = cache.get(key)
    if got is not None:
        steps, end, used, arrives, total = got
        return Route(list(steps), end, used, arrives, total), True
    legs = tmap.path(start, goal, safe)
    if legs is None:
        if safe is real:
            return None, True
        if safe_reachable(view, me):
            return None, False
        legs = tmap.path(start, goal, real)  # no safe way anywhere: the engine's own way
        if legs is None:
            return None, False
        careful = _careful_jump(view, me, legs, budget)
        return (careful if careful is not None else _cut(legs, start, budget)), False
    r = _cut(legs, start, budget)
    if len(cache) >= ROUTE_MEMORY:
        cache.clear()
    cache[key] = (tuple(r.steps), r.end, r.cost, r.arrives, r.total)
    return r, True


def _cut(legs: list[Any], start: tuple[float, ...], budget: float) -> Route:
    """The moves along ``legs`` (from ``start``) that ``budget`` metres pay for: one per corner,
    a straight run kept as one move, a walk or swim cut where the budget ends. (The corners are
    gathered as points and made moves once: a move replaced on a straight run is never built.)"""
    total = sum((leg.cost or leg.length) for leg in legs)
    pts: list[tuple[float, float]] = []
    used = 0.0
    end = (start[0], start[1])
    prev_dir: tuple[float, float] | None = None
    hypot = math.hypot
    for leg in legs:
        if used >= budget - 1e-6:
            break
        c = leg.cost or leg.length
        e, s0 = leg.end, leg.start
        ex, ey = e[0], e[1]
        sx, sy = s0[0], s0[1]
        dx, dy = ex - sx, ey - sy
        dd = hypot(dx, dy)
        u = (dx / dd, dy / dd) if dd > 1e-9 else None
        kind = leg.kind
        if (kind == "walk" or kind == "swim") and used + c > budget and c > 0:
            f = (budget - used) / c
            ex, ey = sx + dx * f, sy + dy * f
            c = budget - used
        if pts and kind == "walk" and prev_dir is not None and u is not None and u[0] * prev_dir[0] + u[1] * prev_dir[1] > 0.99999:
            pts[-1] = (ex, ey)  # straight on: one move (keeps a charge's run whole)
        else:
            pts.append((ex, ey))
        prev_dir = u if kind == "walk" else None
        used += c
        end = (ex, ey)
    return Route([MoveTo(x, y) for x, y in pts], end, used, total <= budget + 1e-6, total)


RUN_UP_M = 2.1
"""A running start: a little more than the 2 m straight the engine asks (DECISIONS · Jumping)."""


def _careful_jump(view: View, me: UnitView, legs: list[Any], budget: float) -> Route | None:
    """Cross a gap the safe way when only a jump leads on: run up, jump from the very edge.

    A jump with a running start reaches ``running`` metres and asks no roll
    below ``running − 1``; without one it reaches half that. A jump leg from
    a cell's centre spends the whole centre-to-centre length, which with the
    run-up a running-5 character cannot afford. So: stop 2.1 m short of the
    take-off cell's edge, then (this turn if the movement allows, else next)
    run to the edge and jump to just past the far edge — 2.1 m + the gap.
    Returns None when the path has no such jump, or no way to do it safely.
    """
    ch = me.character
    used = 0.0
    for leg in legs:
        if leg.kind == "jump" and (leg.gap or 0) > 0:
            break
        used += leg.cost or leg.length
        if used > budget + 8:
            return None  # the jump is turns away: walk on as usual
    else:
        return None
    (cx, cy), (lx, ly) = leg.start[:2], leg.end[:2]
    d = math.hypot(lx - cx, ly - cy)
    if d < 1e-6:
        return None
    ux, uy = (lx - cx) / d, (ly - cy) / d
    s = view.map.cell_size
    gap = float(leg.gap)
    # the take-off cell's centre, whatever the leg started from
    tc, tr = view.map.cell_of(cx - ux * 0.01, cy - uy * 0.01)
    ccx, ccy = view.map.center(tc, tr)
    if abs(ux) > abs(uy):
        ccy = cy
    else:
        ccx = cx
    ex, ey = ccx + ux * (s / 2 - 0.05), ccy + uy * (s / 2 - 0.05)
    px, py = ex + ux * (gap + 0.15), ey + uy * (gap + 0.15)
    sx, sy = ex - ux * RUN_UP_M, ey - uy * RUN_UP_M
    run = budget if budget < ch.running else float(ch.running)
    if RUN_UP_M + gap + 0.15 > run or gap > ch.running - 1.0:
        return None  # cannot be done without a roll: take the engine's way
    tmap = view.map
    mover = view.mover(me)
    up = tmap.path((sx, sy), (ex, ey), mover)
    if not up or len(up) != 1 or up[0].kind != "walk":
        return None
    at_stage = math.hypot(me.x - sx, me.y - sy) < 0.3
    steps: list[MoveTo] = []
    spent = 0.0
    if not at_stage:
        to = tmap.path(me.pos, (sx, sy), mover)
        if to is None:
            return None
        spent = sum(lg.cost or lg.length for lg in to)
        if spent > budget:
            inner = route_plain(view, me, (sx, sy), budget)
            return inner
        steps.append(MoveTo(sx, sy))
    if spent + RUN_UP_M + gap + 0.15 <= budget:
        steps += [MoveTo(ex, ey), MoveTo(px, py)]
        return Route(steps, (px, py), spent + RUN_UP_M + gap + 0.15, False, spent + RUN_UP_M + gap,
                     note=f"a running jump over the {gap:.0f} m gap")
    return Route(steps, (sx, sy), spent, False, spent + RUN_UP_M + gap,
                 note=f"stopping {RUN_UP_M:.0f} m short of the {gap:.0f} m gap for a running jump")


def route_plain(view: View, me: UnitView, goal: tuple[float, float], budget: float) -> Route | None:
    """The engine mover's path to ``goal``, cut to ``budget`` (no careful jumping)."""
    legs = view.map.path(me.pos, goal, view.mover(me))
    if legs is None:
        return None
    steps: list[MoveTo] = []
    used = 0.0
    end = (me.x, me.y)
    for leg in legs:
        if used >= budget - 1e-6:
            break
        steps.append(MoveTo(leg.end[0], leg.end[1]))
        used += leg.cost or leg.length
        end = (leg.end[0], leg.end[1])
    return Route(steps, end, min(used, budget), False, used)


def straight_run(view: View, me: UnitView, goal: tuple[float, float]) -> float | None:
    """Length of the walk to ``goal`` when it is one straight walking leg (a possible charge), else None."""
    legs = view.path(goal, me)
    if not legs:
        return None
    if any(leg.kind != "walk" for leg in legs):
        return None
    (x0, y0), (x1, y1) = legs[0].start[:2], legs[-1].end[:2]
    total = math.hypot(x1 - x0, y1 - y0)
    walked = sum(math.hypot(leg.end[0] - leg.start[0], leg.end[1] - leg.start[1]) for leg in legs)
    if walked - total > 1e-3:
        return None
    if any(view.map.terrain_at((leg.start[0] + leg.end[0]) / 2, (leg.start[1] + leg.end[1]) / 2) in ("rubble", "water") for leg in legs):
        return None
    return total
