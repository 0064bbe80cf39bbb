"""The duelist: hand to hand, the best of strike, trip, shove and disarm by expected hit points,
full defence when it is outnumbered and the +2 spares more than its blow would take.

1. Enemy in reach (the team's focus if it is one of them, else the most worn in
   reach): every choice of :func:`~.melee.options` on it (a shove counts the fall
   when a drop lies behind the target, and from a spot round it, reached this
   turn, when the drop lies behind it from there: :func:`~.melee.edge_spots`), and full defence when
   two or more enemies can reach us next round. Full defence is ranked by the
   harm it spares scaled by (the target's hit points left / ours), so a fresh
   duelist trades blows and a worn one turtles while it is outnumbered.
2. Otherwise walk to the focus and act on arrival (the same choice there), or
   run (a second move, no action) when it is out of this turn's reach.

Every reason names the choice, its odds and worth, and the two best others::

    melee (sword) on Trooper 58% ≈2.6 hp; weighed: trip Trooper 31% ≈1.2 hp, full defence ≈0.9 hp
"""

from __future__ import annotations

from typing import Any

from tactics.ai.approach import HOLDING
from tactics.rulesets.fudge_opposed.ranges import SHORT_RANGE_M
from tactics.sim.plan import Plan

from .common import FudgePolicy, close_in, focus, in_reach
from .kept import keep_plan, kept_plan, last_turn, remember, turn_key
from .melee import SHOVE, drop_behind, edge_spots, full_defence, options, outnumbered
from .odds import best, explain, label


class Duelist(FudgePolicy):
    """Melee: strike, trip, shove or disarm, whichever takes most; full defence when outnumbered."""

    name = "duelist"
    grapples = False

    def plan(self, view: Any) -> Plan:
        """My last kept turn again while nothing it read has changed (:func:`~.kept.last_turn`), else
        :meth:`FudgePolicy.plan`."""
        got = last_turn(view, self)
        return got if got is not None else super().plan(view)

    def paid(self, view: Any, me: Any, enemies: list[Any], st: dict[str, Any] | None = None, hidden: int = 0) -> Plan:
        """Face to face with the last enemy, the turn kept from a turn like it (:mod:`.kept`)."""
        key = None if hidden else turn_key(view, me, enemies, self.grapples, st)
        plan = kept_plan(view, key)
        if plan is None:
            plan = super().paid(view, me, enemies, st, hidden)
            keep_plan(view, key, plan)
        if key is not None:
            remember(view, self, me, enemies[0], key)
        return plan

    def decide(self, view: Any, me: Any, enemies: list[Any]) -> Plan:
        target = focus(view, me, enemies)
        near = [e for e in enemies if in_reach(view, me, e)]
        if near:
            if target not in near:
                target = max(near, key=view.progress)
            return self.choose(view, me, target, [], "in reach")
        got = close_in(view, me, target, enemies)
        if got is None:
            return Plan([], HOLDING)
        steps, arrives = got
        if not arrives:
            return Plan(steps, f"running at {label(view, target)} ({view.distance(me, target):.0f} m): out of reach this turn")
        return self.choose(view, me, target, steps, "closing in")

    def choose(self, view: Any, me: Any, target: Any, steps: list[Any], head: str) -> Plan:
        opts = options(view, me, target, steps, grapple=self.grapples)
        if not steps and view.distance(me, target) < SHORT_RANGE_M and drop_behind(view, me, target) <= 2.0:
            # a drop behind it from another side: step round and shove it over the edge
            left = max(0.0, view.movement(me) - 0.1)
            for moves, at, _ in edge_spots(view, me, target, left)[:1]:
                opts += [o for o in options(view, me, target, moves, at=at) if o.steps[-1].action == SHOVE]
        if outnumbered(view, me) >= 2:
            weigh = max(1, target.tracks.get("hp", 1)) / max(1, me.tracks.get("hp", 1))
            fd = full_defence(view, me, steps, weigh)
            if fd is not None:
                opts.append(fd)
        if not opts:
            return Plan(steps, f"{head}: nothing to do on {label(view, target)}")
        choice = best(opts)
        return Plan(choice.steps, explain(choice, opts, head))


__all__ = ["Duelist"]
