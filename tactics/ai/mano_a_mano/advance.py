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
    planning_scope = False  # it weighs no matchup and leaves no chances: the guard's scope would stay unread

    def __init__(self) -> None:
        self._sheet: tuple[Character, tuple[Any, ...], str | None] | None = None
        """The sheet last seen, its ranged weapons and its best hand-to-hand weapon (once per sheet)."""
        self._strikes: dict[UnitView, tuple[Act, Plan]] = {}
        """The quick strike on each target (by its view: one per fighter and encounter) and the plan of it
        alone, made once (the same step and plan every melee turn: a plan is never changed, the engine
        copies its steps)."""

    def plan(self, view: View) -> Plan:
        me = view.me
        target = view.nearest_enemy()
        if target is None:
            return Plan([], "no enemy left")
        ch, _, _, _, mx, my, mz, state = me.glance  # one read of the sheet, the place and the state
        known = self._sheet
        if known is None or known[0] is not ch:
            known = self._sheet = _sheet_look(view, ch, me)
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
        kept = self._strikes.get(target)
        if kept is None or kept[0].weapon != melee:  # an Act is immutable: one per target will do
            strike = Act("quick strike", target=target.id, weapon=melee)
            kept = self._strikes[target] = (strike, Plan([strike], f"closing on {target.name}"))
        strike = kept[0]
        tx, ty, tz = target.pos
        flat = math.hypot(mx - tx, my - ty)
        if abs(mz - tz) <= MELEE_REACH_UP_M and flat <= MELEE_REACH_M:  # view.in_reach (this ruleset's reach)
            return kept[1]
        flying = me.flying
        move = MoveTo(tx, ty, tz if flying else None)
        reason = kept[1].reason  # "closing on <target>", made once with the kept plan
        if not flying and flat > view.movement(me) + MELEE_REACH_M:
            return Plan([move], reason)  # no strike can land this turn
        return Plan([move, strike], reason)


SHEET_LOOKS = "advance: sheets"
"""The scenario-shared memo of :func:`_sheet_look`."""


def _sheet_look(view: View, ch: Character, me: UnitView) -> tuple[Character, tuple[Any, ...], str | None]:
    """``ch``, its ranged weapons and its best hand-to-hand weapon: a pure function of the sheet, kept in
    the scenario-shared cache (each fight of a loop brings new policies, the same sheets)."""
    shared = view.shared.get(SHEET_LOOKS)
    if shared is None:
        shared = view.shared[SHEET_LOOKS] = {}
    got = shared.get(ch)  # (a sheet equal to ``ch`` has the same weapons: its answer is ``ch``'s)
    if got is None:
        if len(shared) > 1_024:
            shared.clear()
        ranged = tuple(w for w in ch.weapons if w.kind in ("bow", "gun", "thrown"))
        got = shared[ch] = (ranged, best_melee_weapon(me))
    return (ch, *got)


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
