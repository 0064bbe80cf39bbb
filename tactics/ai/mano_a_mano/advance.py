"""The Mano a Mano "advance": the simplest fighter, as the engine's built-in ``advance`` played it.

Nearest enemy; shoot (or throw) if a ranged weapon reaches and it is in
sight, drawing a bow first (000 · Archery and Marksmanship); else close in and
quick-strike with the best hand-to-hand weapon (by power, then attack).
The engine keeps a generic ``advance`` for every ruleset; this one is the
Mano a Mano one, unchanged, so the same seeds give the same fights::

    >>> enc.add(steven, team="red", policy="advance")      # doctest: +SKIP
"""

from __future__ import annotations

import math
from typing import Any

from tactics.ai.mano_a_mano.lawful import Lawful
from tactics.rulesets.mano_a_mano import Character
from tactics.sim.plan import Act, MoveTo, Plan
from tactics.rulesets.mano_a_mano.resolve import MELEE_REACH_M, MELEE_REACH_UP_M
from tactics.sim.view import UnitView, View


class Advance(Lawful):
    """The simplest fighter: nearest enemy, shoot if a ranged weapon reaches, else close and strike."""

    name = "advance"

    def __init__(self) -> None:
        self._sheet: tuple[Character, tuple[Any, ...], str | None] | None = None
        """The sheet last seen, its ranged weapons and its best hand-to-hand weapon (once per sheet)."""
        self._strikes: dict[str, Act] = {}
        """The quick strike on each target, made once (the same step every melee turn)."""

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
        state = me.state
        for w in known[1]:
            if w.name not in state.spent:
                action = "quick throw" if w.kind == "thrown" else "quick shot"
                if w.kind == "bow" and state.drawn != w.name:
                    action = "draw and fire" if me.health == "healthy" else "draw"
                rng = view.max_range(me, w, "quick throw" if w.kind == "thrown" else "quick shot")
                if rng > 0 and view.distance(me, target) <= rng and view.can_see(me, target):
                    if action == "draw":
                        return Plan([Act("draw", weapon=w.name)], f"drawing {w.name} on {target.name}")
                    return Plan([Act(action, target=target.id, weapon=w.name)], f"shooting {target.name}")
        melee = known[2]
        if melee is None:
            return Plan([], "no weapon")
        strike = self._strikes.get(target.id)
        if strike is None or strike.weapon != melee:  # an Act is immutable: one per target will do
            strike = self._strikes[target.id] = Act("quick strike", target=target.id, weapon=melee)
        mx, my, mz = me.pos
        tx, ty, tz = target.pos
        flat = math.hypot(mx - tx, my - ty)
        if abs(mz - tz) <= MELEE_REACH_UP_M and flat <= MELEE_REACH_M:  # view.in_reach (this ruleset's reach)
            return Plan([strike], f"closing on {target.name}")
        move = MoveTo(tx, ty, tz if me.flying else None)
        if not me.flying and flat > view.movement(me) + MELEE_REACH_M:
            return Plan([move], f"closing on {target.name}")  # no strike can land this turn
        return Plan([move, strike], f"closing on {target.name}")


def best_melee_weapon(me: UnitView) -> str | None:
    """The name of ``me``'s hand-to-hand weapon with the most power (then attack), or None."""
    ch = me.character
    best = None
    best_key = None
    for w in ch.weapons:
        if w.kind in ("natural", "hand"):
            key = (ch.power_with(w), ch.attack_with(w))
            if best_key is None or key > best_key:
                best, best_key = w.name, key
    return best


__all__ = ["Advance", "best_melee_weapon"]
