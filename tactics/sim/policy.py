"""Policies: who decides what a combatant does on its turn.

A policy is any object with ``plan(view) -> Plan``. Two optional methods let
it react: ``counter(view, attacker) -> Plan`` (what to do when a prepared
counter-attack is triggered; default: the plan it would make anyway) and
``after_counter(view, plan) -> Plan`` (change the actions of a turn after an
enemy's counter cut in; default: keep those that are still allowed).

    >>> class StandStill:
    ...     def plan(self, view):
    ...         return Plan([], reason="holding the line")
    >>> enc.add(steven, team="red", policy=StandStill())     # doctest: +SKIP

Built-in names: ``advance`` (walk to the nearest enemy and strike it, or
shoot it when a ranged weapon reaches), ``passive`` (does nothing) and the
policies of :mod:`tactics.ai` (``brawler``, ``archer``, ...), looked up by
name when that package is installed beside the engine.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from tactics.rules import Character
from tactics.sim.plan import Act, MoveTo, Plan
from tactics.sim.view import MELEE_REACH_M, UnitView, View


@runtime_checkable
class Policy(Protocol):
    def plan(self, view: View) -> Plan:  # pragma: no cover - protocol
        ...


class Passive:
    """Does nothing, ever: a target dummy."""

    def plan(self, view: View) -> Plan:
        return Plan([], "standing still")


# The Mano a Mano ``advance`` (class ``Advance`` and ``best_melee_weapon``) moved, unchanged in behaviour,
# to tactics/ai/mano_a_mano/advance.py (branch aisplit, issue #11); the engine keeps a generic ``advance``.


class Scripted:
    """Plays a fixed list of plans, one per turn, then waits; for tests and worked examples.

    ``counters`` are the plans used when a prepared counter-attack fires, in
    order; ``after_counter`` plans replace the rest of a turn cut by a counter.
    """

    def __init__(
        self,
        plans: Sequence[Plan],
        counters: Sequence[Plan] = (),
        after_counter: Sequence[Plan] = (),
    ) -> None:
        self._plans = list(plans)
        self._counters = list(counters)
        self._after = list(after_counter)

    def plan(self, view: View) -> Plan:
        return self._plans.pop(0) if self._plans else Plan([], "script finished")

    def counter(self, view: View, attacker: UnitView) -> Plan:
        return self._counters.pop(0) if self._counters else self.plan(view)

    def after_counter(self, view: View, plan: Plan) -> Plan:
        return self._after.pop(0) if self._after else plan


BUILT_IN = {"passive": Passive}  # "advance": see the note above Scripted


def resolve_policy(policy: Any) -> tuple[Any, str]:
    """A policy object and its name, from a name or an object with ``plan``."""
    if isinstance(policy, str):
        cls = BUILT_IN.get(policy)
        if cls is None:
            try:
                ai = importlib.import_module("tactics.ai")
                cls = getattr(ai, "POLICIES", {}).get(policy)
            except ImportError:  # pragma: no cover - ai not installed
                cls = None
        if cls is None:
            known = sorted(set(BUILT_IN) | set(_ai_names()))
            raise ValueError(f"unknown policy {policy!r}; known: {', '.join(known)}")
        return cls(), policy
    if not callable(getattr(policy, "plan", None)):
        raise TypeError(f"a policy needs a plan(view) method; {type(policy).__name__} has none")
    return policy, getattr(policy, "name", type(policy).__name__.lower())


def _ai_names() -> list[str]:
    try:
        ai = importlib.import_module("tactics.ai")
    except ImportError:  # pragma: no cover
        return []
    return list(getattr(ai, "POLICIES", {}))
