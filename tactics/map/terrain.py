"""Terrain kinds, climb surfaces and light levels: the vocabulary of a map.

A map cell has one *kind*; the legend of a map file says which character is
which kind and carries the kind's numbers::

    >>> Terrain("wall", height=4.0).surface is None        # a plain wall: not climbable
    True
    >>> Terrain("cliff").surface                             # a face with hand holds
    'handholds'
    >>> Terrain("ladder").surface
    'ladder'

Heights are metres. A wall's ``height`` is above the ground of its cell; a
``water`` or ``gap`` cell has a ``depth`` below the ground (the rim).
Climb surfaces and their costs follow the table of 000 · Movement · Climbing.
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS: tuple[str, ...] = ("floor", "wall", "water", "gap", "cliff", "ladder", "rope", "rubble")
"""Every terrain kind, in code order (``kind_codes`` index into this tuple)."""

ALIASES: dict[str, str] = {"chasm": "gap", "ledge": "cliff", "ground": "floor"}
"""Other names a map file may use for a kind."""

SURFACES: tuple[str, ...] = (
    "ladder", "steep-slope", "rope", "pole", "handholds", "fingerholds", "sheer",
)
"""Climb surfaces, easiest first (000 · Movement · Climbing, the table)."""

CLIMB_COST: dict[str, float] = {
    "ladder": 2.0, "steep-slope": 2.0, "rope": 3.0, "pole": 3.0,
    "handholds": 5.0, "fingerholds": 8.0, "sheer": 12.0,
}
"""Metres of movement spent per metre climbed on each surface."""

CLIMB_DIFFICULTY: dict[str, int] = {
    "ladder": 0, "steep-slope": 0, "rope": 5, "pole": 5,
    "handholds": 10, "fingerholds": 15, "sheer": 20,
}
"""The climbing roll's difficulty (000 · Movement · Climbing, the table)."""

DEFAULT_SURFACE: dict[str, str | None] = {
    "cliff": "handholds", "ladder": "ladder", "rope": "rope",
}
"""The climb surface a kind has when the legend does not name one."""

LIGHTS: tuple[str, ...] = ("bright", "dim", "dark")
"""Light levels, in code order."""

WADE_DEPTH = 1.0
"""Water this deep or shallower is waded (walked at double cost); deeper is swum."""

STEP_HEIGHT = 0.5
"""A height change this small (m) between neighbouring cells is just walked."""

LOW_WALL = 1.0
"""Walls this high or lower are "low walls": jumped or climbed over, seen over."""


def canonical_kind(name: str) -> str | None:
    """The kind a name means, or None: ``canonical_kind("chasm") == "gap"``."""
    name = ALIASES.get(name, name)
    return name if name in KINDS else None


@dataclass(frozen=True)
class Terrain:
    """One legend entry: a kind and its numbers.

    ``height`` is a wall's height above its ground (0 for other kinds),
    ``depth`` a water or gap depth below the rim, ``surface`` the climb surface
    of the cell's face (None: not climbable), ``spawn`` the team whose spawn
    zone the cell belongs to (None: none).
    """

    kind: str
    height: float = 0.0
    depth: float = 0.0
    surface: str | None = None
    spawn: str | None = None

    def __post_init__(self) -> None:
        if self.surface is None and self.kind in DEFAULT_SURFACE:
            object.__setattr__(self, "surface", DEFAULT_SURFACE[self.kind])

    def to_dict(self) -> dict:
        """The legend entry as a TOML/JSON table, defaults left out."""
        d: dict = {"kind": self.kind}
        if self.height:
            d["height"] = self.height
        if self.depth:
            d["depth"] = self.depth
        if self.surface is not None and self.surface != DEFAULT_SURFACE.get(self.kind):
            d["surface"] = self.surface
        if self.spawn is not None:
            d["spawn"] = self.spawn
        return d
