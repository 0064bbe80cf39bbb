"""Policies: who decides what a combatant does on its turn.

A policy is any object with ``plan(view) -> Plan``. One optional method
answers reaction windows: ``react(view, window)`` returns a Plan for a
reaction turn (a prepared counter-attack fires; ``window.kind == "counter"``),
the new rest of the plan after a reaction cut in (``"replan"``), or the
answer to a ruleset's choice (points moved to defense, letting go of a pin);
None means the default. The older ``counter(view, attacker)`` and
``after_counter(view, plan)`` methods still work.

    >>> class StandStill:
    ...     def plan(self, view):
    ...         return Plan([], reason="holding the line")
    >>> enc.add(sheet, team="red", policy=StandStill())     # doctest: +SKIP

Names are looked up for the encounter's ruleset: the policies of
``tactics.ai`` for that ruleset first (``brawler``, ``archer`` ... for Mano
a Mano), then the generic ones here: ``advance`` (the nearest enemy; the
attack the ruleset's estimates rank best when one reaches, else walk up to
it) and ``passive`` (does nothing).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from tactics.sim.plan import MoveTo, Plan
from tactics.sim.view import UnitView, View


@runtime_checkable
class Policy(Protocol):
    def plan(self, view: View) -> Plan:  # pragma: no cover - protocol
        ...


class Passive:
    """Does nothing, ever: a target dummy."""

    def plan(self, view: View) -> Plan:
        return Plan([], "standing still")


class Advance:
    """The simplest fighter of any ruleset: the nearest enemy; the best attack that reaches, else close in."""

    def plan(self, view: View) -> Plan:
        me = view.me
        target = view.nearest_enemy()
        if target is None:
            return Plan([], "no enemy left")
        best = next(iter(view.estimates(target)), None)
        if best is not None:
            return Plan([best.act], f"{best.action} on {target.name} ({best.p:.0%})")
        steps: list[Any] = [MoveTo(target.x, target.y, target.z if me.flying else None)]
        return Plan(steps, f"closing on {target.name}")


class Scripted:
    """Plays a fixed list of plans, one per turn, then waits; for tests and worked examples.

    ``counters`` are the plans used when a prepared counter-attack fires, in
    order; ``after_counter`` plans replace the rest of a turn cut by a counter;
    ``answers`` are the answers to a ruleset's choice windows, in order (the
    window's default once they run out).
    """

    def __init__(
        self,
        plans: Sequence[Plan],
        counters: Sequence[Plan] = (),
        after_counter: Sequence[Plan] = (),
        answers: Sequence[Any] = (),
    ) -> None:
        self._plans = list(plans)
        self._counters = list(counters)
        self._after = list(after_counter)
        self._answers = list(answers)

    def plan(self, view: View) -> Plan:
        return self._plans.pop(0) if self._plans else Plan([], "script finished")

    def react(self, view: View, window: Any) -> Any:
        if window.turn:
            return self._counters.pop(0) if self._counters else self.plan(view)
        if window.kind == "replan":
            return self._after.pop(0) if self._after else window.plan
        return self._answers.pop(0) if self._answers else None

    def counter(self, view: View, attacker: UnitView) -> Plan:
        return self._counters.pop(0) if self._counters else self.plan(view)

    def after_counter(self, view: View, plan: Plan) -> Plan:
        return self._after.pop(0) if self._after else plan


BUILT_IN = {"advance": Advance, "passive": Passive}


def _ai_policies(ruleset: str) -> dict[str, Any]:
    try:
        ai = importlib.import_module("tactics.ai")
    except ImportError:  # pragma: no cover - ai not installed
        return {}
    fn = getattr(ai, "policies_for", None)
    return dict(fn(ruleset)) if fn is not None else {}


def resolve_policy(policy: Any, ruleset: str = "mano-a-mano") -> tuple[Any, str]:
    """A policy object and its name, from a name (the ruleset's policies, then the generic
    ones) or an object with ``plan``."""
    if isinstance(policy, str):
        known = {**BUILT_IN, **_ai_policies(ruleset)}
        cls = known.get(policy)
        if cls is None:
            raise ValueError(f"unknown policy {policy!r} for {ruleset}; known: {', '.join(sorted(known))}")
        return cls(), policy
    if not callable(getattr(policy, "plan", None)):
        raise TypeError(f"a policy needs a plan(view) method; {type(policy).__name__} has none")
    return policy, getattr(policy, "name", type(policy).__name__.lower())


def policy_names(ruleset: str = "mano-a-mano") -> list[str]:
    return sorted({**BUILT_IN, **_ai_policies(ruleset)})
