"""Colours: teams, terrain kinds, light, and the interface.

Teams named red, blue, green or yellow (or containing those words) get that
colour; any other team gets the next free colour of :data:`TEAM_COLOURS`, in
roster order, so two teams never share one::

    >>> team_colours(["red", "blue"])["blue"]
    (60, 120, 235)
    >>> team_colours(["orcs", "elves"])["orcs"]
    (220, 50, 50)
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable

Colour = tuple[int, int, int]

TEAM_COLOURS: dict[str, Colour] = {
    "red": (220, 50, 50),
    "blue": (60, 120, 235),
    "green": (40, 180, 70),
    "yellow": (235, 200, 40),
    "purple": (160, 80, 210),
    "orange": (240, 140, 30),
    "cyan": (40, 200, 210),
    "pink": (240, 110, 180),
    "white": (235, 235, 235),
}

TERRAIN: dict[str, Colour] = {
    "floor": (132, 124, 104),
    "ground": (132, 124, 104),
    "grass": (96, 130, 72),
    "wall": (70, 66, 62),
    "water": (48, 96, 170),
    "gap": (14, 12, 16),
    "chasm": (14, 12, 16),
    "cliff": (120, 92, 64),
    "ledge": (146, 112, 80),
    "ladder": (132, 124, 104),
    "rope": (132, 124, 104),
    "rubble": (118, 108, 92),
    "door": (120, 90, 50),
    "tree": (50, 100, 50),
}

LIGHT_DIM = 0.72
"""Brightness kept by a dim cell when the light overlay is on."""
LIGHT_DARK = 0.48
LIGHT_TINT: dict[str, tuple[float, float, float]] = {
    "bright": (1.0, 1.0, 1.0),
    "dim": (LIGHT_DIM, LIGHT_DIM, LIGHT_DIM * 1.08),
    "dark": (LIGHT_DARK, LIGHT_DARK * 1.05, LIGHT_DARK * 1.35),
}
"""Darkness is a night-blue tint, not a blackout: a cell's colour times this, plus ``LIGHT_ADD``,
so walls, water and rubble in the dark still stand apart from the floor."""
LIGHT_ADD: dict[str, tuple[int, int, int]] = {
    "bright": (0, 0, 0),
    "dim": (2, 3, 8),
    "dark": (6, 10, 28),
}

BG: Colour = (18, 18, 22)
PANEL: Colour = (28, 29, 34)
PANEL_EDGE: Colour = (60, 62, 70)
TEXT: Colour = (225, 225, 225)
TEXT_DIM: Colour = (150, 150, 158)
HIGHLIGHT: Colour = (255, 230, 120)
HIT: Colour = (255, 90, 40)
MISS: Colour = (200, 200, 210)
FALL: Colour = (190, 110, 255)
JUMP: Colour = (120, 230, 255)
HEALTH_OK: Colour = (60, 170, 70)
HARM_TEMPORARY: Colour = (240, 190, 40)
HEALTH_DAMAGE: Colour = (200, 30, 30)
HEALTH_BG: Colour = (20, 20, 20)
BAR_MARK: Colour = (255, 255, 255)
GRID: Colour = (0, 0, 0)
SHADOW: Colour = (0, 0, 0)

EVENT_MARK: dict[str, Colour] = {
    "hit": HIT,
    "miss": (110, 110, 120),
    "fall": FALL,
    "incapacitated": (255, 40, 40),
    "end": (255, 255, 255),
    "say": (120, 170, 255),
}


def terrain_colour(kind: str) -> Colour:
    """The base colour of a terrain kind; unknown kinds get a stable made-up one."""
    c = TERRAIN.get(kind)
    if c is not None:
        return c
    h = zlib.crc32(kind.encode())
    return (80 + h % 120, 80 + (h >> 8) % 120, 80 + (h >> 16) % 120)


def team_colours(teams: Iterable[str]) -> dict[str, Colour]:
    """A distinct colour per team, by name when the name says one."""
    out: dict[str, Colour] = {}
    used: set[Colour] = set()
    pending: list[str] = []
    for team in teams:
        if team in out or team in pending:
            continue
        low = team.lower()
        for name, colour in TEAM_COLOURS.items():
            if name in low and colour not in used:
                out[team] = colour
                used.add(colour)
                break
        else:
            pending.append(team)
    free = [c for c in TEAM_COLOURS.values() if c not in used]
    for i, team in enumerate(pending):
        if i < len(free):
            out[team] = free[i]
        else:
            h = zlib.crc32(team.encode())
            out[team] = (60 + h % 190, 60 + (h >> 8) % 190, 60 + (h >> 16) % 190)
    return out


def shade(c: Colour, f: float) -> Colour:
    return (min(255, int(c[0] * f)), min(255, int(c[1] * f)), min(255, int(c[2] * f)))
