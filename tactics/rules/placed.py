"""A fighter as if it stood at another point: what the optional seam ``estimates_at`` is built on.

A ruleset answers ``estimates_at(world, unit, target, at)`` (``tactics/rules/protocol.py`` ·
``PlacedEstimates``) by asking its own ``estimates`` about a stand-in that is the
fighter in every attribute except the place::

    >>> class U: x, y, z, name = 0.0, 0.0, 0.0, "Ana"
    >>> p = Placed(U(), (3.0, 4.0, 1.0))
    >>> p.pos, p.name
    ((3.0, 4.0, 1.0), 'Ana')

The sheet, the weapon drawn, the aim held and the wounds stay the fighter's own
(the d100 and 4dF rulesets use it: ``rulesets/d100_opposed/placed.py``,
``rulesets/fudge_opposed/estimates.py``).
"""

from __future__ import annotations

from typing import Any

__all__ = ["Placed"]


class Placed:
    """``unit`` as if it stood at ``at`` = (x, y, z): its own attributes, but ``x``, ``y``, ``z``."""

    __slots__ = ("_unit", "x", "y", "z")

    def __init__(self, unit: Any, at: tuple[float, float, float]) -> None:
        self._unit = unit
        self.x, self.y, self.z = at

    def __getattr__(self, name: str) -> Any:
        return getattr(self._unit, name)

    @property
    def pos(self) -> tuple[float, float, float]:
        return self.x, self.y, self.z
