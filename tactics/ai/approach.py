"""Approach: walking into reach of a target, the shared way every melee policy closes in.

:func:`move_toward` gives this turn's moves toward a target: a planned path
when it is close, the team field's way when it is far (:mod:`tactics.ai.fields`).
:func:`walk_in` wraps it for a policy that attacks on arrival::

    >>> steps, wait = walk_in(view, me, target, enemies, "closing in")   # doctest: +SKIP
    >>> wait or Plan(steps + [attack], "striking")                        # doctest: +SKIP

``([], None)``: already in reach; ``(steps, None)``: the steps arrive;
``(steps, plan)``: give ``plan`` now (walking on, or holding when no enemy
can be reached at all).
"""

from __future__ import annotations

import math
from typing import Any

from tactics.ai.fields import field_memory, movers, reach_field, steer
from tactics.ai.routes import ROUTE_MEMORY, Route, _route, map_cache
from tactics.map import Mover
from tactics.sim.plan import MoveTo, Plan
from tactics.sim.view import UnitView, View

STOP_M = 1.8
"""How close a melee fighter walks to its target: inside a 3 m reach with room to spare."""


def reach(view: View, u: UnitView) -> tuple[float, float]:
    """(horizontal, vertical) metres within which ``u`` fights hand to hand: the ruleset's answer."""
    return view.ruleset.reach(u)


def approach_point(view: View, me: UnitView, target: UnitView, stop: float = STOP_M) -> tuple[float, float]:
    """A standable point ``stop`` metres short of ``target`` on the line from ``me``.

    A pure function of the map and both positions, kept in the scenario-shared
    cache (:func:`map_cache`): the fights of a batch close in the same way.
    """
    cache = map_cache(view, "approach points")
    up = reach(view, me)[1]
    key = (me.pos, target.pos, stop, up)
    got = cache.get(key)
    if got is None:
        if len(cache) >= ROUTE_MEMORY:
            cache.clear()
        got = cache[key] = _approach_point(view.map, key[0], key[1], stop, up)
    return got


def _approach_point(tmap: Any, me: tuple[float, float, float], target: tuple[float, float, float],
                    stop: float, up: float) -> tuple[float, float]:
    """:func:`approach_point` worked out from the positions ``me`` and ``target`` (x, y, z)."""
    mx, my = me[0], me[1]
    tx, ty, tz = target
    dx, dy = mx - tx, my - ty
    d = math.hypot(dx, dy)
    if d <= stop + 1e-6:
        return (mx, my)
    px, py = tx + dx / d * stop, ty + dy / d * stop
    if tmap.is_passable(px, py) and abs(tmap.ground_height(px, py) - tz) <= up:
        return (px, py)
    return (tx, ty)


HOLDING = "no path to any enemy: holding"
OVERHEAD = "waiting for it to come down"


def walk_in(view: View, me: UnitView, target: UnitView, enemies: list[UnitView],
            reason: str) -> tuple[list[MoveTo], Plan | None]:
    """The moves that bring ``me`` into reach of ``target`` this turn, and the plan to give now
    when they do not: holding when no enemy can be reached, else walking on with ``reason``.

    ``([], None)`` when already in reach; ``(steps, None)`` when the steps arrive (an attack may
    follow in the same plan).
    """
    if view.in_reach(me, target):
        return [], None
    if overhead(view, me, target, near=True):
        return [], Plan([], f"{target.name} is out of reach overhead: {OVERHEAD}")
    mv = movers(view, me)
    ok, field = reach_field(view, me, enemies, mv)
    if not ok:
        return [], Plan([], HOLDING)
    r = move_toward(view, me, target, enemies, field=field, mv=mv)  # the field just read: its kept answers
    if r is None:
        return [], Plan([], HOLDING)
    steps = list(r.steps)
    if not r.arrives:
        return steps, Plan(steps, reason + (f", {r.note}" if r.note else ""))
    return steps, None


MOVE_MEMORY = 1024
"""How many :func:`move_toward` answers are kept per team field (all are forgotten when full)."""


def move_toward(view: View, me: UnitView, target: UnitView, enemies: list[UnitView],
                stop: float = STOP_M, max_m: float | None = None, field: Any = None,
                mv: tuple[Mover, Mover] | None = None, budget: float | None = None,
                distance: float | None = None) -> Route | None:
    """This turn's moves toward ``target``: a planned path when close, the team field's way when far.

    ``route.arrives`` tells whether the walk ends next to the target (so an
    attack can follow in the same plan). ``field`` and ``mv``: this turn's
    :func:`team_field` and ``me``'s :func:`movers`, when the caller has them
    already (see :func:`reach_field`); likewise ``budget`` (``view.movement(me)``)
    and ``distance`` (``view.flat_distance(me, target)``).

    Given the field and the movers, the answer is a pure function of the map,
    the field, both positions, the budget and the safe mover's key (unless the
    safe mover found no way and the enemies were asked): such answers are kept
    with the field in the scenario-shared cache (:func:`_field_answers`), since
    the fights of a batch make the same approach turns.
    """
    if budget is None:
        budget = view.movement(me)
    if field is None or mv is None:
        return _move_toward(view, me, target, enemies, stop, max_m, field, mv, budget, distance)[0]
    cache = _field_answers(view, field)
    key = (mv[0].key, me.pos, target.pos, budget, stop, max_m)
    got = cache.get(key)
    if got is not None:
        steps, end, used, arrives, total, note = got
        return Route(list(steps), end, used, arrives, total, note)
    r, pure = _move_toward(view, me, target, enemies, stop, max_m, field, mv, budget, distance)
    if pure and r is not None:
        if len(cache) >= MOVE_MEMORY:
            cache.clear()
        cache[key] = (tuple(r.steps), r.end, r.cost, r.arrives, r.total, r.note)
    return r


def _field_answers(view: View, field: Any) -> dict:
    """The scenario-shared answers that depend on the distance field ``field`` (and the map), kept with
    the field itself (as many fields as :func:`~tactics.ai.fields.field_memory`: each holds its grid alive)."""
    fields = map_cache(view, "answers by field")
    got = fields.get(field)
    if got is None:
        if len(fields) >= field_memory(view.map):
            fields.clear()
        got = fields[field] = {}
    return got


def _move_toward(view: View, me: UnitView, target: UnitView, enemies: list[UnitView], stop: float,
                 max_m: float | None, field: Any, mv: tuple[Mover, Mover] | None, budget: float,
                 distance: float | None) -> tuple[Route | None, bool]:
    """:func:`move_toward` worked out, and whether the answer is pure (every :func:`_route` was)."""
    d = view.flat_distance(me, target) if distance is None else distance
    if d > budget * 2 + 8:
        wp = steer(view, me, enemies, budget + 4, field)
        if wp is None:
            return None, True
        r, pure = _route(view, me, wp, budget, max_m, mv)
        if r is not None:
            r.arrives = False
        return r, pure
    goal = approach_point(view, me, target, stop)
    r, pure = _route(view, me, goal, budget, max_m, mv)
    if r is None:
        # no (safe) way to that spot: go the way the team field knows
        wp = steer(view, me, enemies, budget + 4, field)
        if wp is None:
            return None, pure
        r, pure2 = _route(view, me, wp, budget, max_m, mv)
        if r is None:
            return None, pure and pure2
        r.arrives = False
        return r, pure and pure2
    if r.arrives and math.hypot(r.end[0] - target.x, r.end[1] - target.y) > reach(view, me)[0] - 0.1:
        r.arrives = False
    if r.arrives and overhead(view, me, target):
        r.arrives = False
    return r, pure


def overhead(view: View, me: UnitView, target: UnitView, near: bool = False) -> bool:
    """Is ``target`` flying higher over the ground beneath it than ``me`` reaches up from there?
    (No walk brings it into reach: wait for it to come down.) ``near``: and is it already within
    ``me``'s horizontal reach (farther off, walking closer still pays: it may come down)."""
    if not target.flying:
        return False
    flat, up = reach(view, me)
    if near and math.hypot(me.x - target.x, me.y - target.y) > flat:
        return False
    return target.z - view.map.ground_height(target.x, target.y) > up


def hold(reason: str) -> Plan:
    return Plan([], reason)
