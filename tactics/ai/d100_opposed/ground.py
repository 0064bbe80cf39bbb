"""This phase's ground: the points just inside reach of each enemy, and the spots, kept by the positions they read.

Where a fighter could stand at the end of its phase (:func:`~.spots.spots`)
and the points from which its melee weapons reach an enemy depend on the
map, on where every fighter stands (and lies, flies, is able), on how far it
may run and on its safe mover only. The fights of a batch pass the same
places again and again (200 matched duels on arena: 8,445 phases, 942
different grounds), so the answers are kept in the scenario-shared cache,
each phase getting its own copy of the movement costs (the tactician
corrects them when it measures a route)::

    >>> sp = ground(view, view.me, view.enemies(), run_m=12.0, mover=safe, melee=True)   # doctest: +SKIP
    >>> sp is ground(view, view.me, view.enemies(), run_m=12.0, mover=safe, melee=True)   # doctest: +SKIP
    False
"""

from __future__ import annotations

from itertools import islice
from typing import Any

from tactics.ai.approach import approach_point
from tactics.ai.d100_opposed.odds import REACH_M
from tactics.ai.d100_opposed.option import polyline
from tactics.ai.d100_opposed.spots import Spots, spots
from tactics.ai.routes import map_cache, route
from tactics.sim.view import UnitView, View

GROUND_MEMORY = 1_000
"""How many grounds the scenario-shared cache keeps per map (about 40 kB each; when full, the
quarter asked for least lately is forgotten: the grounds every fight of a batch passes stay)."""


def ground(view: View, me: UnitView, enemies: list[UnitView], run_m: float, mover: Any, melee: bool,
           look: tuple[str, ...] | None = None) -> Spots:
    """:func:`~.spots.spots` of ``me`` within ``run_m`` metres by ``mover``, with the points just inside
    reach of each enemy near enough when it has a ``melee`` weapon (:func:`reach_points`), and the
    sight of the enemies in ``look`` only (default: all)."""
    units = []
    for u in view.units():   # each fighter's place in one read (glance), not four properties
        _sheet, prone, _partner, _role, x, y, z, _state = u.glance
        units.append((u.id, x, y, z, bool(prone), bool(u.flying), bool(u.able)))
    key = (me.id, me.pos, bool(me.prone), bool(me.flying), run_m, mover.key, melee, tuple([e.id for e in enemies]), look,
           tuple(units))
    cache = map_cache(view, "d100 ground")
    got = cache.pop(key, None)
    if got is None:
        if len(cache) >= GROUND_MEMORY:   # forget the quarter asked for least lately
            for old in list(islice(cache, GROUND_MEMORY // 4)):
                del cache[old]
        extra = reach_points(view, me, enemies, run_m, mover) if melee else []
        got = spots(view, me, enemies, run_m, extra, mover=mover, look=look)
    cache[key] = got   # last asked, last in line to be forgotten
    return Spots(got.xy, got.z, list(got.cost), got.light, got.sees, got.dist, got.cells, got.arrays, got.kept)


def reach_points(view: View, me: UnitView, enemies: list[UnitView], run_m: float,
                 mover: Any) -> list[tuple[float, float, float]]:
    """``(x, y, metres of the way there)`` of the point just inside reach of each enemy that ``me`` can
    get to this phase (the generic approach point, by the safe ``mover``'s route)."""
    out = []
    for e in enemies:
        if view.flat_distance(me, e) <= run_m + REACH_M + 2:
            pt = approach_point(view, me, e)
            r = route(view, me, pt, budget=run_m, mv=(mover, mover))
            if r is not None and r.arrives:
                out.append((pt[0], pt[1], polyline(me, r.steps)))
    return out


__all__ = ["ground", "reach_points", "GROUND_MEMORY"]
