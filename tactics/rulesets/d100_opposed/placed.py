"""The AI's estimates from another point: the ruleset's estimates as if the fighter stood there.

The planner (``tactics/ai/planner``) values an attack at the end of a move by
what the rules would give from where the move ends — reach, the range band,
sight and the light on the target — not by what they give from where the
fighter stands now (the optional seam ``estimates_at``,
``tactics/rules/protocol.py`` · ``PlacedEstimates``)::

    >>> RULESET.estimates_at(world, gunner, foe, (foe.x + 60, foe.y, 0.0))   # doctest: +SKIP
    [Estimate('ranged attack', 'pistol', 0.21, ...)]      # the long band from 60 m
    >>> RULESET.estimates_at(world, gunner, foe, (foe.x + 1, foe.y, 0.0))    # doctest: +SKIP
    [Estimate('melee attack', 'knife', 0.48, ...), ...]   # in reach, the knife too

Only the place changes (:class:`~tactics.rules.placed.Placed`): the sheet, the weapon drawn, the
aim held, running and the wounds stay the fighter's own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tactics.rules.placed import Placed
from tactics.rules.protocol import Estimate


def estimates_at(estimates: Callable[[Any, Any, Any], list[Estimate]], world: Any, unit: Any, target: Any,
                 at: tuple[float, float, float]) -> list[Estimate]:
    """``estimates(world, unit, target)`` (the ruleset's own) as if ``unit`` stood at ``at`` = (x, y, z)."""
    return estimates(world, Placed(unit, at), target)


__all__ = ["Placed", "estimates_at"]
