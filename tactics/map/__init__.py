"""The battle map: terrain, heights, light, sight and movement.

    >>> from tactics.map import load_map, Mover
    >>> arena = load_map("maps/arena.toml")
    >>> arena.light_at(*arena.spawns["red"][0])
    'bright'
    >>> legs = arena.path(arena.spawns["red"][0], arena.spawns["blue"][0], Mover(running=6))

See docs/maps.md for the file format and the query API.
"""

from __future__ import annotations

from .loader import DEFAULT_LEGEND, build_map, load_map, validate_map
from .movement import Leg, Mover
from .distfield import DistanceField
from .tactical import TacticalMap
from .terrain import CLIMB_COST, CLIMB_DIFFICULTY, KINDS, LIGHTS, SURFACES, Terrain

__all__ = [
    "load_map", "validate_map", "build_map", "TacticalMap", "Mover", "Leg", "DistanceField",
    "Terrain", "DEFAULT_LEGEND", "KINDS", "LIGHTS", "SURFACES", "CLIMB_COST", "CLIMB_DIFFICULTY",
]
