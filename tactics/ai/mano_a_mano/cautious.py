"""The cautious fighter: counters the enemies that come at it, rests off stun, evades when pressed.

A prepared counter-attack moves and acts *before* the attacker's action
(000 · Rounds); if nobody attacks, the turn is simply lost. So the cautious
fighter only waits for enemies that are coming: it remembers where each
enemy stood at its last turn and how hurt it was itself. Each turn:

1. **Rest** when stunned and resting pays: resting clears all stun and gives
   +5 defense until the next turn (000 · Other Actions · rest) — always when
   that alone makes it healthy again, and whenever the stun is 3 or more and
   no enemy can reach it this round.
2. **Evade** (+5 defense) when injured and two or more enemies are in reach.
3. **Counter** when an enemy that moved toward it, or hurt it, can reach it
   next turn — unless it already waited last turn and nobody came.
4. Otherwise **attack carefully**: a cautious strike (+5 defense until the
   next turn) while healthy, a quick strike when injured; walking in first
   when the target is out of reach.

When the counter fires, it hits the attacker as hard as it can (the best
hand-to-hand turn: a powerful strike while healthy).
"""

from __future__ import annotations

import math
from typing import Any

from tactics.ai.approach import move_toward, overhead, walk_in
from tactics.ai.mano_a_mano.lawful import Lawful
from tactics.ai.mano_a_mano import tricks
from tactics.ai.mano_a_mano.focus import pick_target
from tactics.ai.mano_a_mano.odds import estimate
from tactics.ai.mano_a_mano.strikes import best_melee, melee_weapons
from tactics.ai.reactions import Reactive
from tactics.sim.plan import Act, Plan
from tactics.sim.view import UnitView, View


class Cautious(Lawful, tricks.BreaksFree, Reactive):
    """Defence first: evade when pressed, prepare counter-attacks, rest off stun, strike cautiously."""

    name = "cautious"

    def __init__(self) -> None:
        self._seen: dict[str, tuple[float, float]] = {}
        self._harm = 0
        self._waited = False
        self._fired = False

    def plan(self, view: View) -> Plan:
        me = view.me
        enemies = view.enemies()
        plan = self._decide(view, me, enemies)
        self._waited = any(isinstance(s, Act) and s.action == "prepare counter" for s in plan.steps)
        self._fired = False
        self._seen = {e.id: (e.x, e.y) for e in enemies}
        self._harm = me.tracks["stun"] + me.tracks["damage"]
        return plan

    def _decide(self, view: View, me: UnitView, enemies: list[UnitView]) -> Plan:
        if not enemies:
            return Plan([], "no enemy left")
        ch = me.character
        stun, damage = me.tracks["stun"], me.tracks["damage"]
        hurt_since = stun + damage > self._harm
        if me.partner is not None:
            partner = view.unit(me.partner)
            quick = best_melee(view, me, partner, allow_strenuous=False)
            p = tricks.let_go_plan(view, me, partner, quick[0].act(partner) if quick else None)
            if p is not None:
                return p
            attacks = best_melee(view, me, partner)
            return Plan([a.act(partner) for a in attacks], f"grappled: striking {partner.name}")
        if me.prone:
            return tricks.stand_plan(view, me, enemies)
        in_reach = [e for e in enemies if view.in_reach(me, e)]
        can_reach_me = [e for e in enemies if view.flat_distance(me, e) <= view.movement(e) + 3.0 or e.character.airspeed > 0]
        # 1. rest off stun
        if stun > 0:
            if me.health == "injured" and damage < ch.toughness:
                return Plan([Act("rest")], f"resting off {stun} stun: healthy again, +5 defense")
            if stun >= 3 and not can_reach_me:
                return Plan([Act("rest")], f"resting off {stun} stun while nobody is near")
        # 2. evade when pressed
        if me.health != "healthy" and len(in_reach) >= 2:
            return Plan([Act("evade")], f"injured with {len(in_reach)} enemies in reach: evading (+5 defense)")
        # 3. counter those who come
        coming = [e for e in can_reach_me if self._approached(view, me, e) or hurt_since]
        if coming and not (self._waited and not self._fired):
            names = ", ".join(e.name for e in coming[:2])
            return Plan([Act("prepare counter")], f"waiting to counter {names}")
        # 4. careful attack
        target = pick_target(view, me, enemies)
        assert target is not None
        if overhead(view, me, target, near=True):
            # no walk brings a flyer up there into reach: wait for its dive in a counter (000 · Rounds)
            if me.prepared:
                return Plan([], f"{target.name} is out of reach overhead: counter ready")
            return Plan([Act("prepare counter")], f"{target.name} is out of reach overhead: waiting to counter it")
        steps, wait = walk_in(view, me, target, enemies, f"advancing carefully on {target.name}")
        if wait is not None:
            return wait
        act = self._careful(view, me, target)
        if act is None:
            return Plan(steps, f"nothing to strike {target.name} with")
        return Plan(steps + [act[0]], act[1])

    def _approached(self, view: View, me: UnitView, e: UnitView) -> bool:
        before = self._seen.get(e.id)
        if before is None:
            return False
        d0 = math.hypot(before[0] - me.x, before[1] - me.y)
        return view.flat_distance(me, e) < d0 - 0.5

    def _careful(self, view: View, me: UnitView, target: UnitView) -> tuple[Act, str] | None:
        best = None
        healthy = me.health == "healthy" and me.character.encumbrance == "none"
        for w in melee_weapons(me.character):
            for action in (("cautious strike", "quick strike") if healthy else ("quick strike",)):
                e = estimate(view, me, target, action, w)
                if e is None:
                    continue
                # the cautious strike's +5 defense is worth about a quarter of the enemy's next blow
                bonus = 1.0 if action == "cautious strike" else 0.0
                if best is None or e.ev + bonus > best[0]:
                    best = (e.ev + bonus, e)
        if best is None:
            return None
        e = best[1]
        return e.act(target), f"{e.action} with {e.weapon} on {target.name} ({e.p:.0%} to hit)"

    def counter(self, view: View, attacker: UnitView) -> Plan:
        self._fired = True
        me = view.me
        steps: list[Any] = []
        if not view.in_reach(me, attacker):
            r = move_toward(view, me, attacker, view.enemies())
            if r is None:
                return Plan([], f"counter: cannot reach {attacker.name}")
            steps += r.steps
            if not r.arrives:   # a shot from afar: the counter only closes in
                return Plan(steps, f"counter: closing on {attacker.name}, out of reach")
        attacks = best_melee(view, me, attacker)
        what = " + ".join(f"{a.action} ({a.weapon})" for a in attacks) or "nothing"
        return Plan(steps + [a.act(attacker) for a in attacks], f"counter-attacking {attacker.name}: {what}")
