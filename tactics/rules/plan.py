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


# -- faster constructors ---------------------------------------------------------------------------
# A frozen dataclass's own __init__ sets each field through object.__setattr__ (a name look-up and the
# frozen check per field: ~350 ns for a MoveTo); a policy makes a plan and a move or two every turn.
# These set the slots through their descriptors (~220 ns), the same fields, defaults and
# signatures; the classes stay frozen dataclasses (assignment, replace, eq, hash, repr unchanged).
_mx, _my, _mz, _mm = (MoveTo.__dict__[f].__set__ for f in ("x", "y", "z", "max_m"))
_aa, _at, _aw, _ar, _ao = (Act.__dict__[f].__set__ for f in ("action", "target", "weapon", "avoid_armor", "options"))
_ps, _pr, _pa = (Plan.__dict__[f].__set__ for f in ("steps", "reason", "alternatives"))


def _move_init(self: MoveTo, x: float, y: float, z: float | None = None, max_m: float | None = None) -> None:
    _mx(self, x)
    _my(self, y)
    _mz(self, z)
    _mm(self, max_m)


def _act_init(self: Act, action: str, target: str | None = None, weapon: str | None = None,
              avoid_armor: tuple[str, ...] = (), options: Mapping[str, Any] | None = None) -> None:
    _aa(self, action)
    _at(self, target)
    _aw(self, weapon)
    _ar(self, avoid_armor)
    _ao(self, options)


class _NewList:
    """The default of ``Plan.steps``: a new empty list for each plan."""

    def __repr__(self) -> str:
        return "<factory>"


_NO_STEPS: Any = _NewList()


def _plan_init(self: Plan, steps: list[MoveTo | Act] = _NO_STEPS, reason: str = "",
               alternatives: tuple[tuple[str, float], ...] = ()) -> None:
    _ps(self, [] if steps is _NO_STEPS else steps)  # a new list for each plan made without steps
    _pr(self, reason)
    _pa(self, alternatives)


for _cls, _init in ((MoveTo, _move_init), (Act, _act_init), (Plan, _plan_init)):
    _init.__qualname__ = f"{_cls.__qualname__}.__init__"
    _cls.__init__ = _init  # type: ignore[method-assign]
