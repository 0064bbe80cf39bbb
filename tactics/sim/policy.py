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


class Advance:
    """The simplest fighter: nearest enemy, shoot if a ranged weapon reaches, else close and strike."""

    def __init__(self) -> None:
        self._sheet: tuple[Character, tuple[Any, ...], str | None] | None = None
        """The sheet last seen, its ranged weapons and its best hand-to-hand weapon (once per sheet)."""

    def plan(self, view: View) -> Plan:
        me = view.me
        target = view.nearest_enemy()
        if target is None:
            return Plan([], "no enemy left")
        ch = me.character
        known = self._sheet
        if known is None or known[0] is not ch:
            ranged = tuple(w for w in ch.weapons if w.kind in ("bow", "gun", "thrown"))
            known = self._sheet = (ch, ranged, best_melee_weapon(me))
        for w in known[1]:
            if w.name not in me.spent:
                action = "quick throw" if w.kind == "thrown" else "quick shot"
                if w.kind == "bow" and me.drawn != w.name:
                    action = "draw and fire" if me.health == "healthy" else "draw"
                rng = view.max_range(me, w, "quick throw" if w.kind == "thrown" else "quick shot")
                if rng > 0 and view.distance(me, target) <= rng and view.can_see(me, target):
                    if action == "draw":
                        return Plan([Act("draw", weapon=w.name)], f"drawing {w.name} on {target.name}")
                    return Plan([Act(action, target=target.id, weapon=w.name)], f"shooting {target.name}")
        melee = known[2]
        if melee is None:
            return Plan([], "no weapon")
        steps: list[Any] = []
        if not view.in_reach(me, target):
            steps.append(MoveTo(target.x, target.y, target.z if me.flying else None))
            if not me.flying and view.flat_distance(me, target) > view.movement(me) + MELEE_REACH_M:
                return Plan(steps, f"closing on {target.name}")  # no strike can land this turn
        steps.append(Act("quick strike", target=target.id, weapon=melee))
        return Plan(steps, f"closing on {target.name}")


def best_melee_weapon(me: UnitView) -> str | None:
    ch = me.character
    best = None
    best_key = None
    for w in ch.weapons:
        if w.kind in ("natural", "hand"):
            key = (ch.power_with(w), ch.attack_with(w))
            if best_key is None or key > best_key:
                best, best_key = w.name, key
    return best


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


BUILT_IN = {"advance": Advance, "passive": Passive}


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
