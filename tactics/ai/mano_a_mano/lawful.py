"""A last look before a plan leaves a policy: drop the actions the rules would refuse (issue 17).

The engine refuses, and records, every step the rules do not allow; a policy
should never plan one. Each Mano a Mano policy passes its plan through
:func:`lawful`, which asks the ruleset (``view.refusal``, the checks of 000
that do not roll) about every action and drops the refused ones:

* an action before any move is checked as it stands;
* an action after a move is checked too, except for reach and range, which
  the move is there to change (the policy worked out the arrival);
* a climber does one quick action a turn (DECISIONS · Climbing), which the
  check does not know: only the first quick action of a climbing turn stays.

A plan that loses every action and every move becomes a wait whose reason
says what was dropped and why; otherwise the reason gains ``(dropped: ...)``.
"""

from __future__ import annotations

from tactics.rulesets.mano_a_mano.actions import ACTIONS
from tactics.sim.plan import Act, MoveTo, Plan
from tactics.sim.view import View

MOVED_AWAY = ("is out of reach", "out of range")
"""Refusals a move before the action is meant to lift."""


def lawful(view: View, plan: Plan) -> Plan:
    """``plan`` without the actions the rules would refuse (see the module docstring)."""
    me = view.me
    moved = False
    kept: list[MoveTo | Act] = []
    dropped: list[str] = []
    acts = 0
    for step in plan.steps:
        if isinstance(step, MoveTo):
            moved = True
            kept.append(step)
            continue
        why = view.refusal(step)
        if why is not None and moved and any(m in why for m in MOVED_AWAY):
            why = None
        if why is None and me.climbing:
            spec = ACTIONS.get(step.action)
            if acts or spec is None or not spec.quick:
                why = f"{step.action}: a climber does one quick action per turn"
        if why is not None:
            dropped.append(why)
            continue
        acts += 1
        kept.append(step)
    if not dropped:
        return plan
    if not kept:
        return Plan([], f"{plan.reason}; nothing allowed ({dropped[0]}): waiting", plan.alternatives)
    return Plan(kept, f"{plan.reason} (dropped: {dropped[0]})", plan.alternatives)





class Lawful:
    """Mixed into a policy: the ``plan``, ``counter`` and ``after_counter`` each class defines
    pass their answers through :func:`lawful`."""

    def __init_subclass__(cls, **kw: object) -> None:
        super().__init_subclass__(**kw)
        for name in ("plan", "counter", "after_counter"):
            fn = cls.__dict__.get(name)
            if fn is not None and not getattr(fn, "_lawful", False):
                setattr(cls, name, _checked(fn, name))

    def after_counter(self, view: View, plan: Plan) -> Plan:
        """A counter cut in: the rest of the plan, without what the rules would now refuse
        (the counter may have left us injured: no strenuous action)."""
        return lawful(view, plan)


def _checked(fn, name: str):  # type: ignore[no-untyped-def]
    if name == "plan":
        def plan(self, view):  # type: ignore[no-untyped-def]
            return lawful(view, fn(self, view))
        wrapped = plan
    elif name == "counter":
        def counter(self, view, attacker):  # type: ignore[no-untyped-def]
            return lawful(view, fn(self, view, attacker))
        wrapped = counter
    else:
        def after_counter(self, view, plan):  # type: ignore[no-untyped-def]
            return lawful(view, fn(self, view, plan))
        wrapped = after_counter
    wrapped.__doc__, wrapped.__qualname__ = fn.__doc__, fn.__qualname__
    wrapped._lawful = True  # type: ignore[attr-defined]
    return wrapped
__all__ = ["lawful", "Lawful"]
