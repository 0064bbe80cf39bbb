"""The team focus of the Mano a Mano policies: how worn an enemy is, in their own measure.

The generic :func:`tactics.ai.targets.pick_target` reads "how worn" from the
ruleset's progress by default; these policies keep the measure they were
tuned on, so they pick exactly the targets they always did: an enemy is
*worn* by ``(stun + damage) / stamina`` and *hurt* once it is no longer
:data:`FRESH` (stun + damage reaches toughness, 000 · Health). The ruleset's
progress is the same ratio capped at 1 (the same for every enemy still able);
"hurt" is where the generic default differs, counting any stun or damage::

    >>> target = pick_target(view, view.me)      # doctest: +SKIP
"""

from __future__ import annotations

from typing import Any

from tactics.ai import targets
from tactics.sim.view import UnitView, View


def worn(u: UnitView) -> float:
    """How close to incapacitated: (stun + damage) / stamina."""
    t = u.tracks
    return (t["stun"] + t["damage"]) / max(1, u.character.stamina)


FRESH = "healthy"
"""The standing of a fighter not hurt yet (000 · Health · Healthy/Injured/Incapacitated)."""


def pick_target(view: View, me: UnitView, enemies: list[UnitView] | None = None,
                field: Any = None, every: bool = False) -> UnitView | None:
    """:func:`tactics.ai.targets.pick_target` with this ruleset's :func:`worn` and :data:`FRESH`
    (``every``: ``enemies`` is this turn's ``view.enemies()`` as it came)."""
    return targets.pick_target(view, me, enemies, field, worn=worn, fresh=FRESH, every=every)


__all__ = ["worn", "FRESH", "pick_target"]
