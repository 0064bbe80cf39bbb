"""What a policy hands the engine for one turn: a plan of steps and a reason.

A plan is an ordered list of steps. Moves and actions may interleave (the
rules let a character move before and after acting, 000 · Movement), and the
engine checks every step against the rules as it goes: a step that is not
allowed is refused and recorded, never silently bent::

    >>> plan = Plan([MoveTo(10.0, 4.0), Act("quick strike", target="blue-1")],
    ...             reason="closing on the nearest enemy")
    >>> [type(s).__name__ for s in plan.steps]
    ['MoveTo', 'Act']

Several actions may share one plan; the ruleset's turn budget says how many
the turn holds (a combo of quick actions, one action, phases...).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class MoveTo:
    """Move toward ``(x, y)`` (and altitude ``z`` for a flyer) along a map path.

    The engine follows the path until the turn's movement is spent, so a far
    goal is simply approached. ``max_m`` caps the metres used by this step.
    """

    x: float
    y: float
    z: float | None = None
    max_m: float | None = None


@dataclass(frozen=True, slots=True)
class Act:
    """Do one action of the ruleset's catalogue (``ruleset.actions``).

    ``target`` is a combatant id for attacks and actions on others;
    ``weapon`` names the weapon (default: the best one for the action);
    ``avoid_armor`` names armor pieces the attack aims around;
    ``options`` carries whatever else the ruleset asks of a plan (points
    spent on the modifier or on power, a chosen defense skill...).
    """

    action: str
    target: str | None = None
    weapon: str | None = None
    avoid_armor: tuple[str, ...] = ()
    options: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Plan:
    """The steps of a turn and why; ``alternatives`` are the other options the policy weighed,
    each ``(what, estimated value)``, best first (the replay keeps them with the reason)."""

    steps: list[MoveTo | Act] = field(default_factory=list)
    reason: str = ""
    alternatives: tuple[tuple[str, float], ...] = ()


WAIT = Plan([], "waiting")
