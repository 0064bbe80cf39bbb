"""The grappler: clinches, takes the dominant position, then slams, wrenches or chokes.

Grappling rolls use grapple attack against grapple defense (000 · Grappling);
a hold that succeeds gives the dominant position (+5 against the one held,
000 · Stance and Position), and the one held cannot walk away. Each turn:

1. **Not grappling, target in reach.** Hold (quick). While healthy the combo
   adds a quick strike, which lands at the dominant +5 if the hold took.
2. **Grappling, not dominant.** When the partner holds the dominant position
   and the combo has room, let go and hold afresh in one turn — the fresh hold
   escapes the inferior position's -5 (DECISIONS · More rulings · Grapple
   release; 000 · Stance and Position · Clinch). With no room, let go alone
   when the hold from below is a poor chance (the partner must hold again
   before it can slam or wrench). Else hold again to turn it round (and strike).
3. **Dominant, healthy.** A standing target is slammed to the ground
   (strenuous; 000 · Grappling Actions); on the ground, the better of wrench
   (double power, blunt) and choke (double power, stun only, at least 2 —
   armor barely matters) by expected harm.
4. **Injured** (no strenuous actions): a quick strike from the dominant
   position, or a hold to get it.
5. **On the ground and free** (after a slam a partner let go of): stand, at once
   (+5 defense) while healthy with an enemy close (:func:`.tricks.stand_plan`).
6. **Out of reach**: walk in (team field when far) and hold on arrival; on
   arrival a foe before a drop is pushed off it and a much better armed one
   disarmed instead (:mod:`.tricks`). A foe already in reach that let go of
   the grappler's hold before is tripped instead of held again, when the trip
   (its harm, the fall, an ally's +5 against it on the ground) beats the
   grappler's strikes (:mod:`.trips`): the grappler remembers such foes, since
   holding one again buys a single strike at +5 before it slips away.
"""

from __future__ import annotations

from typing import Any

from tactics.ai.approach import walk_in
from tactics.ai.mano_a_mano.lawful import Lawful
from tactics.ai.mano_a_mano import tricks, trips
from tactics.ai.mano_a_mano.focus import pick_target
from tactics.ai.mano_a_mano.odds import estimate
from tactics.ai.mano_a_mano.strikes import best_melee, combo_allowance, melee_weapons, weapon_instances
from tactics.ai.reactions import Reactive
from tactics.sim.plan import Act, Plan
from tactics.sim.view import UnitView, View


class Grappler(Lawful, Reactive):
    """Grappling: clinch with a hold, take the dominant position, then slam, wrench or choke."""

    name = "grappler"

    def __init__(self) -> None:
        self._holding: str | None = None
        """The foe our last hold took (the engine asked us to choose dominance over it)."""
        self._slipped: set[str] = set()
        """Foes that let go of our hold since: holding them again buys little, a trip more."""

    def react(self, view: View, window: Any) -> Any:
        if window.kind == "grapple" and window.actor is not None:
            self._holding = window.actor
        return super().react(view, window)

    def plan(self, view: View) -> Plan:
        me = view.me
        if self._holding is not None and me.partner != self._holding:
            self._slipped.add(self._holding)
            self._holding = None
        p = self._plan(view)
        for s in p.steps:  # (a loop: no generator made every turn)
            if isinstance(s, Act) and s.action == "let go":
                self._holding = None  # our own letting go is no slip of theirs
                break
        return p

    def _plan(self, view: View) -> Plan:
        me = view.me
        enemies = view.enemies()
        if not enemies:
            return Plan([], "no enemy left")
        if me.partner is not None:
            return self._grappling(view, me, view.unit(me.partner))
        if me.prone:
            # free and on the ground (a slam's fall, a partner that let go): up, at once when threatened
            return tricks.stand_plan(view, me, enemies)
        target = pick_target(view, me, enemies)
        assert target is not None
        steps, wait = walk_in(view, me, target, enemies, f"closing on {target.name} to clinch")
        if wait is not None:
            return wait
        trick = tricks.shove_plan(view, me, target)
        if trick is None:
            trick = tricks.disarm_plan(view, me, target)
        if trick is None and not steps and target.id in self._slipped:
            # a foe that slipped our hold before: trip it rather than hold it again
            trick = trips.trip_plan(view, me, target, sum(e.ev for e in best_melee(view, me, target)))
        if trick is not None:
            return Plan(steps + list(trick.steps), trick.reason)
        hold = estimate(view, me, target, "hold", None)
        acts = [Act("hold", target=target.id)]
        if combo_allowance(me) >= 2:
            strike = self._quick(view, me, target)
            if strike is not None:
                acts.append(strike)
        p = f" ({hold.p:.0%})" if hold else ""
        return Plan(steps + acts, f"clinching {target.name}{p}" + (" and striking" if len(acts) > 1 else ""))

    def counter(self, view: View, attacker: UnitView) -> Plan:
        return self.plan(view)

    def _quick(self, view: View, me: UnitView, target: UnitView) -> Act | None:
        best = None
        for w in weapon_instances(melee_weapons(me.character)):
            e = estimate(view, me, target, "quick strike", w)
            if e is not None and (best is None or e.ev > best.ev):
                best = e
        return best.act(target) if best is not None else None

    def _grappling(self, view: View, me: UnitView, partner: UnitView) -> Plan:
        healthy = me.health == "healthy"
        if me.role != "dominant":
            # held: let go and hold afresh, free of the -5 the inferior position gives the hold
            freed = tricks.let_go_plan(view, me, partner, Act("hold", target=partner.id))
            if freed is not None and len(freed.steps) > 1:
                return freed
            hold = estimate(view, me, partner, "hold", None)
            if freed is not None and hold is not None and hold.p < tricks.MIN_P:
                # a poor hold from below: let go, so its next slam or wrench needs a hold first
                return Plan(freed.steps, f"{freed.reason} (a hold from below: {hold.p:.0%})")
            acts = [Act("hold", target=partner.id)]
            if combo_allowance(me) >= 2:
                s = self._quick(view, me, partner)
                if s is not None:
                    acts.append(s)
            return Plan(acts, f"held by {partner.name}: fighting for the dominant position")
        if not healthy:
            s = self._quick(view, me, partner)
            if s is None:
                return Plan([Act("hold", target=partner.id)], f"hurt: keeping {partner.name} pinned")
            return Plan([s], f"hurt: quick strike on pinned {partner.name}")
        if not partner.prone:
            e = estimate(view, me, partner, "slam", None)
            p = f" ({e.p:.0%})" if e else ""
            # standing, it falls onto the one it slams: double power (000 · Grappling Actions · slam)
            onto = not me.prone
            return Plan([Act("slam", target=partner.id, options={"fall onto": True} if onto else None)],
                        f"dominant: slamming {partner.name} to the ground{' and falling onto it' if onto else ''}{p}")
        options = [e for e in (estimate(view, me, partner, a, None) for a in ("wrench", "choke")) if e is not None]
        strikes = best_melee(view, me, partner)
        if options:
            best = max(options, key=lambda e: e.ev)
            if not strikes or best.ev >= sum(s.ev for s in strikes):
                return Plan([best.act(partner)], f"dominant on the ground: {best.action} on {partner.name} ({best.p:.0%}, ~{best.harm:.0f} harm)")
        return Plan([s.act(partner) for s in strikes], f"dominant: striking {partner.name}")
