"""Where a fighter added to an encounter stands, and what it is called.

:meth:`~tactics.sim.encounter.Encounter.add` asks these two: an id (``team-n``,
the next number free in that team) and a place, either the one given (checked
against the map's bounds and walls) or the first of the team's spawn spots no
one stands on to the millimetre (:func:`~tactics.sim.rounding.first_free`)::

    >>> from tactics.map import TacticalMap
    >>> tmap = TacticalMap.from_grid(["r..b"])
    >>> spawn_place(tmap, [], "red", None), spawn_place(tmap, [], "blue", (5.0, 1.0))
    ((1.0, 1.0, 0.0), (5.0, 1.0, 0.0))
    >>> next_id({}, [], "red")
    'red-1'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tactics.sim.rounding import first_free


def next_id(combatants: Mapping[str, Any], order: Sequence[Any], team: str) -> str:
    """``team-n``: one more than the team's fighters so far, or the next number not taken."""
    n = 1
    for c in order:  # (a loop: a generator over ``team`` would make it a closure cell at every add)
        if c.team == team:
            n += 1
    uid = f"{team}-{n}"
    while uid in combatants:
        n += 1
        uid = f"{team}-{n}"
    return uid


def spawn_place(tmap: Any, order: Sequence[Any], team: str, at: Any) -> tuple[float, float, float]:
    """``at`` ((x, y), z the ground there, or (x, y, z)) checked against the map, or with no ``at``
    the first of ``team``'s spawn spots free of everyone in ``order``; ValueError when there is none."""
    if at is None:
        spots = tmap.spawns.get(team) or []
        if spots and not order:  # nobody placed yet: the first spot is free (no rounding)
            x, y = spots[0]
            return (float(x), float(y), float(tmap.ground_height(x, y)))
        spot = first_free(spots, order)  # the first spot free to the millimetre
        if spot is not None:
            x, y = spot
            return (float(x), float(y), float(tmap.ground_height(x, y)))
        raise ValueError(f"no free spawn place for team {team!r} on map {tmap.name!r}; give at=(x, y)")
    if len(at) == 2:
        x, y = at
        z = tmap.ground_height(x, y)
    else:
        x, y, z = at
    minx, miny, maxx, maxy = tmap.bounds
    if not (minx <= x < maxx and miny <= y < maxy):
        raise ValueError(f"({x}, {y}) is outside the map {tmap.name!r} (bounds {tmap.bounds})")
    if tmap.terrain_at(x, y) == "wall" and z < tmap.ground_height(x, y) - 1e-6:
        raise ValueError(f"({x}, {y}) is inside a wall")
    return (float(x), float(y), float(z))


__all__ = ["next_id", "spawn_place"]
