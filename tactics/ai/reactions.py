"""Reactions: a policy's answer to a reaction window, through one method.

The engine opens a :class:`~tactics.rules.protocol.Window` when a fighter may
answer someone else's action, and asks the fighter's policy
``react(view, window)``. Kind ``counter``: a prepared counter-attack fires,
answer a :class:`~tactics.sim.Plan`; kind ``replan``: a counter cut into the
actor's turn and ``window.plan`` is the rest of its plan, answer the plan to
go on with; any other kind is one of the ruleset's choices among
``window.options``. ``None`` always means "the default".

:class:`Reactive` gives a policy that react by dispatching to two plain methods
it may define::

    class Guard(Reactive):
        def plan(self, view): ...
        def counter(self, view, attacker): ...      # a counter fires; attacker is a UnitView
        def after_counter(self, view, plan): ...    # the rest of my turn after a counter
"""

from __future__ import annotations

from typing import Any

from tactics.rules.protocol import Window
from tactics.sim.view import View


class Reactive:
    """``react(view, window)`` answered by ``counter(view, attacker)`` and ``after_counter(view, plan)``."""

    def react(self, view: View, window: Window) -> Any:
        if window.kind == "counter":
            counter = getattr(self, "counter", None)
            if counter is None or window.actor is None:
                return None
            return counter(view, view.unit(window.actor))
        if window.kind == "replan":
            after = getattr(self, "after_counter", None)
            if after is None:
                return None
            return after(view, window.plan)
        return None


__all__ = ["Reactive"]
