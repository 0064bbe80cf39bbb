"""Statuses and what they do to rolls and movement (002 · Status effects, Go to Ground,
Full Defence; DECISIONS-fudge · Statuses).

Statuses live in the unit's ``status`` dict under these keys (the engine
reads ``prone`` and ``partner``):

| key | value | effect |
| --- | --- | --- |
| ``prone`` | True | -4 attacks and Block, +2 Dodge, half movement |
| ``gone_to_ground`` | True | -4 Melee and Block, +2 Stealth and Dodge, half movement |
| ``full_defence`` | True | +2 Block and Dodge until its next action (none for a shield bearer) |
| ``partner`` / ``role`` | uid / ``pinner``, ``pinned``, ``holder``, ``held`` | see below |
| ``hidden`` | True | cannot be targeted; its next attack is a sneak attack |
| ``jammed`` | [weapon names] | out of use until one action (critical fail) |
| ``dropped`` | [weapon names] | lying at its feet (disarmed) |
| ``taken`` | [weapon names] | weapons it took from someone it disarmed |

Pinner, pinned and held have Block and Dodge 0; the holder rolls everything
at -4. Modifiers are returned as ``(source, value)`` pairs::

    >>> roll_mods({"prone": True}, "Melee", attack=True)
    (('prone', -4),)
    >>> defence({"prone": True}, "Dodge", 1, shield=False)
    (1, (('prone', 2),))
    >>> defence({"role": "pinned", "partner": "red-1"}, "Block", 3, shield=True)
    (0, (('pinned', 0),))
    >>> defence({"full_defence": True}, "Block", 2, shield=True)
    (2, (('shield', 2),))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactics.rules.records import Mod

PRONE_ATTACK = -4
PRONE_BLOCK = -4
PRONE_DODGE = 2
GROUND_MELEE = -4
GROUND_BLOCK = -4
GROUND_STEALTH = 2
GROUND_DODGE = 2
FULL_DEFENCE = 2
SHIELD = 2
HOLDER_ALL = -4
SLOWED = 0.5
"""Prone or gone to ground: half movement."""

DEFENCES = ("Block", "Dodge")
GRAPPLED_ROLES = ("pinner", "pinned", "holder", "held")
NO_DEFENCE_ROLES = ("pinner", "pinned", "held")
"""Roles whose Block and Dodge count 0 (the holder defends at -4 instead)."""


def role(status: Mapping[str, Any]) -> str | None:
    """``pinner``, ``pinned``, ``holder``, ``held`` or None. A role without a ``partner`` is
    stale (the engine clears ``partner`` when a fighter drops out) and counts as none."""
    r = status.get("role")
    return r if r in GRAPPLED_ROLES and status.get("partner") else None


def roll_mods(status: Mapping[str, Any], skill: str, attack: bool = False) -> tuple[Mod, ...]:
    """Modifiers to a roll of ``skill`` (not a defence) from statuses; ``attack`` for attack rolls."""
    if not status:
        return ()   # no status at all (most rolls)
    mods: list[Mod] = []
    if attack and status.get("prone"):
        mods.append(("prone", PRONE_ATTACK))
    if status.get("gone_to_ground"):
        if skill == "Melee":
            mods.append(("gone to ground", GROUND_MELEE))
        elif skill == "Stealth":
            mods.append(("gone to ground", GROUND_STEALTH))
    if role(status) == "holder":
        mods.append(("holding", HOLDER_ALL))
    return tuple(mods)


def defence(status: Mapping[str, Any], skill: str, rating: int, shield: bool) -> tuple[int, tuple[Mod, ...]]:
    """(rating, modifiers) of a Block or Dodge roll. Pinner, pinned and held defend at 0."""
    if not status:
        return rating, ((("shield", SHIELD),) if shield else ())   # no status at all (most rolls)
    r = role(status)
    if r in NO_DEFENCE_ROLES:
        return 0, ((r, 0),)
    mods: list[Mod] = []
    if shield:
        mods.append(("shield", SHIELD))
    elif status.get("full_defence"):
        mods.append(("full defence", FULL_DEFENCE))
    if status.get("prone"):
        mods.append(("prone", PRONE_BLOCK if skill == "Block" else PRONE_DODGE))
    elif status.get("gone_to_ground"):
        mods.append(("gone to ground", GROUND_BLOCK if skill == "Block" else GROUND_DODGE))
    if r == "holder":
        mods.append(("holding", HOLDER_ALL))
    return rating, tuple(mods)


def move_factor(status: Mapping[str, Any]) -> float:
    """Share of ``move`` a fighter may walk: 0 while grappled, a half prone or gone to ground.

        >>> move_factor({}), move_factor({"prone": True}), move_factor({"role": "holder", "partner": "x"})
        (1.0, 0.5, 0.0)
    """
    if role(status):
        return 0.0
    if status.get("prone") or status.get("gone_to_ground"):
        return SLOWED
    return 1.0


def names(status: Mapping[str, Any], key: str) -> list[str]:
    """A list-valued status (``jammed``, ``dropped``, ``taken``) as a list."""
    v = status.get(key) or []
    return list(v) if isinstance(v, (list, tuple)) else [str(v)]


__all__ = ["PRONE_ATTACK", "PRONE_BLOCK", "PRONE_DODGE", "GROUND_MELEE", "GROUND_BLOCK", "GROUND_STEALTH",
           "GROUND_DODGE", "FULL_DEFENCE", "SHIELD", "HOLDER_ALL", "SLOWED", "DEFENCES", "GRAPPLED_ROLES",
           "role", "roll_mods", "defence", "move_factor", "names"]
