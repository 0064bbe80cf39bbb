"""Effects: the closed set of things a ruleset's answer may do to the fight.

A ruleset resolves an action (or a turn's start or end) into a list of
effects; the engine applies them in order and records each as a replay
event. Rulesets never move a fighter, change a track or write a record
themselves, so every system's fights replay and explain the same way::

    >>> from tactics.rules.records import Roll
    >>> hit = Roll(dice="d20", faces=[14], total=18, success=True, target=12)
    >>> effects = [
    ...     Attacked("red-1", "blue-1", "quick strike", "machete", hit, hit=True,
    ...              harm={"damage": 3}, details=[("power", 5), ("absorbed", 2)]),
    ...     Harm("blue-1", {"damage": 3}, "quick strike by Steven"),
    ... ]
    >>> [type(e).__name__ for e in effects]
    ['Attacked', 'Harm']

| effect | the engine |
| --- | --- |
| :class:`Check` | records a roll that is not an attack (``roll`` event) |
| :class:`Attacked` | records an attack with its roll(s) and numbers; counts hits and misses |
| :class:`Harm` | adds the changes to the fighter's tracks, asks the ruleset its standing, records ``harm``; one who can no longer act lets go of its partner and falls from the air or a wall |
| :class:`Status` | sets statuses and records ``state``; keys the engine itself reads: ``prone``, ``partner``, ``prepared``, ``active`` |
| :class:`Push` | moves a fighter straight away (a wall stops it, a drop is a fall the ruleset prices) |
| :class:`Fall` | drops a fighter from where it is to the ground below (the ruleset prices it) |
| :class:`Note` | records a line of text (``say``) |
| :class:`Refused` | records why an action was refused (``say``, "refused: ...") |
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tactics.rules.records import Mod, Roll


@dataclass(slots=True)
class Check:
    """A roll that is not an attack (stealth, keeping balance, riding, perception...)."""

    who: str
    purpose: str
    roll: Roll


@dataclass(slots=True)
class Attacked:
    """An attack and every number behind it; ``harm`` is what it did (track changes),
    ``details`` the numbers between the roll and the harm (power, armor, DV, MoS...)."""

    who: str
    target: str
    action: str
    weapon: str
    roll: Roll
    hit: bool
    harm: dict[str, int] = field(default_factory=dict)
    details: list[Mod] = field(default_factory=list)
    distance: float = 0.0
    light: str = "bright"
    reaction: str = ""
    charge_m: float = 0.0


@dataclass(slots=True)
class Harm:
    """Changes of named tracks (``{"stun": 2, "damage": 1}``, ``{"hp": -3}``, pools moving)."""

    who: str
    changes: dict[str, int]
    source: str


@dataclass(slots=True)
class Status:
    """Statuses that changed (only those keys), e.g. ``{"prone": True}``."""

    who: str
    changes: dict[str, Any]


@dataclass(slots=True)
class Push:
    """Move ``who`` up to ``metres`` along ``(dx, dy)`` (a unit vector); ``by`` pushed it."""

    who: str
    dx: float
    dy: float
    metres: float
    cause: str
    by: str = ""


@dataclass(slots=True)
class Fall:
    """``who`` falls from where it is to the ground below; ``difficulty`` is that of the
    roll that failed, if any (DECISIONS · Falls from a height)."""

    who: str
    cause: str
    difficulty: int | None = None


@dataclass(slots=True)
class Note:
    """A line of text about ``who`` (a script's or an AI's note)."""

    who: str
    text: str


@dataclass(slots=True)
class Refused:
    """An action that did not happen, and why."""

    who: str
    why: str


Effect = Check | Attacked | Harm | Status | Push | Fall | Note | Refused
"""Every effect a ruleset may return."""

EFFECT_TYPES: tuple[type, ...] = (Check, Attacked, Harm, Status, Push, Fall, Note, Refused)

__all__ = ["Check", "Attacked", "Harm", "Status", "Push", "Fall", "Note", "Refused", "Effect", "EFFECT_TYPES"]
