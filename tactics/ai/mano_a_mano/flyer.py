"""The flyer: dives from above to strike, then climbs back out of reach.

Hand-to-hand attacks reach 2 m up or down (the ruleset's ``MELEE_REACH_UP_M``),
so a flyer hovering more than 2 m above a walker cannot be struck by it. The
flyer hovers at ``HOVER_M`` (2.6 m) above its target's feet, dives to
``STRIKE_M`` (1.9 m) above it — a dive of 0.7 m, which *raises* airspeed by
0.7 (000 · Movement · Flying) — strikes, and climbs 0.7 m back, which costs
the same 0.7: airspeed stays where it was, never running out.

Each turn:

1. On the ground: take off toward the target (ascent ≤ half the airspeed).
2. Target within this turn's flight (keeping enough airspeed to climb back):
   dive beside it, strike (a combo while healthy), climb back to hover.
3. Otherwise fly toward it at hover height, following the team field's
   waypoints round walls too tall to fly over cheaply.
4. Airspeed below half its base (it climbed too much): descend first.
5. Injured: single quick strikes; badly hurt (one good hit from
   incapacitated, which means a fall) and stunned: hover out of reach while
   the stun wears off (1 a turn, 000 · Rounds).
"""

from __future__ import annotations

import math
from typing import Any

from tactics.ai.fields import steer
from tactics.ai.mano_a_mano.lawful import Lawful
from tactics.ai.mano_a_mano import tricks
from tactics.ai.mano_a_mano.focus import pick_target
from tactics.ai.mano_a_mano.strikes import best_melee
from tactics.ai.reactions import Reactive
from tactics.sim.plan import MoveTo, Plan
from tactics.rulesets.mano_a_mano.resolve import MELEE_REACH_UP_M
from tactics.sim.view import UnitView, View

HOVER_M = 2.6
"""Hover height above the target: out of its 2 m reach."""
STRIKE_M = 1.9
"""Strike height above the target: inside the 2 m reach."""
STRIKE_FLAT_M = 1.5
"""Horizontal offset from the target when striking (reach is 3 m)."""


class Flyer(Lawful, tricks.BreaksFree, Reactive):
    """Flight: hover out of reach above the target, dive to strike from above, climb back."""

    name = "flyer"

    def plan(self, view: View) -> Plan:
        me = view.me
        enemies = view.enemies()
        if not enemies:
            return Plan([], "no enemy left")
        ch = me.character
        base = float(ch.airspeed)
        if base <= 0 or ch.encumbrance != "none":
            from tactics.ai.mano_a_mano.brawler import Brawler

            return Brawler().plan(view)
        if me.partner is not None:
            partner = view.unit(me.partner)
            attacks = best_melee(view, me, partner)
            return Plan([a.act(partner) for a in attacks], f"grappled: striking {partner.name}")
        # prefer a target we can reach from above: the focus rule, grounded enemies first
        target = pick_target(view, me, enemies)
        assert target is not None
        tmap = view.map
        cur = me.airspeed if me.flying else base
        hover_z = target.z + HOVER_M
        strike_z = target.z + STRIKE_M
        # the point beside the target to strike from
        dx, dy = me.x - target.x, me.y - target.y
        d = math.hypot(dx, dy)
        if d < 1e-6:
            dx, dy, d = 1.0, 0.0, 1.0
        sx, sy = target.x + dx / d * STRIKE_FLAT_M, target.y + dy / d * STRIKE_FLAT_M
        strike_z = max(strike_z, tmap.ground_height(sx, sy) + 0.3)
        if strike_z - target.z > MELEE_REACH_UP_M:
            sx, sy = target.x, target.y  # over a wall or ledge: strike from straight above
            strike_z = max(target.z + STRIKE_M, tmap.ground_height(sx, sy) + 0.3)
        if me.flying and cur < base / 2 and me.z > target.z + HOVER_M + 0.5:
            # climbed too much: come down to win airspeed back (each metre down gives one)
            drop_to = max(hover_z, tmap.ground_height(me.x, me.y) + 1.0)
            return Plan([MoveTo(me.x, me.y, z=drop_to)], f"low on airspeed ({cur:.0f}): descending to {drop_to:.1f} m")
        stun = me.tracks["stun"]
        badly_hurt = (stun + me.tracks["damage"]) >= ch.stamina - 3
        if badly_hurt and me.health != "healthy" and stun > 0:
            return self._keep_away(view, me, target, hover_z, f"badly hurt: out of reach while {stun} stun wears off")
        start_z = me.z
        dive = math.dist((me.x, me.y, start_z), (sx, sy, strike_z))
        climb_back = max(0.0, hover_z - strike_z)
        # budget in metres this turn; the dive adds airspeed as it descends, but be conservative
        budget = cur if me.flying else base
        if (sx, sy) != (target.x, target.y) and view.in_reach(me, target) and start_z - target.z <= MELEE_REACH_UP_M:
            dive = 0.0
        clear = dive == 0.0 or tmap.line_of_sight((me.x, me.y, start_z), (sx, sy, strike_z))
        if clear and dive + climb_back <= budget - 0.2 and start_z + (strike_z - start_z) <= start_z + base / 2:
            attacks = best_melee(view, me, target)
            if attacks:
                steps: list[Any] = []
                if dive > 0:
                    steps.append(MoveTo(sx, sy, z=strike_z))
                steps += [a.act(target) for a in attacks]
                steps.append(MoveTo(sx, sy, z=hover_z))
                what = " + ".join(f"{a.action} ({a.weapon})" for a in attacks)
                return Plan(steps, f"diving on {target.name}: {what}, then back up to {HOVER_M:g} m over it")
        # approach at hover height
        return self._approach(view, me, target, enemies, hover_z, budget)

    def counter(self, view: View, attacker: UnitView) -> Plan:
        return self.plan(view)

    def _approach(self, view: View, me: UnitView, target: UnitView, enemies: list[UnitView], hover_z: float, budget: float) -> Plan:
        tmap = view.map
        d = view.flat_distance(me, target)
        gx, gy = target.x, target.y
        # stop short at hover range so the next turn's dive is short
        if d > 1e-6:
            keep = min(d, 4.0)
            gx, gy = target.x + (me.x - target.x) / d * keep, target.y + (me.y - target.y) / d * keep
        z = max(hover_z, tmap.ground_height(gx, gy) + HOVER_M)
        # walls in the way: follow the team field (a flying mover crosses gaps and water)
        if not tmap.line_of_sight((me.x, me.y, max(me.z, z)), (gx, gy, z)):
            wp = steer(view, me, enemies, budget)
            if wp is not None:
                gx, gy = wp
                z = max(hover_z, tmap.ground_height(gx, gy) + HOVER_M)
        return Plan([MoveTo(gx, gy, z=z)], f"flying toward {target.name} at {z - target.z:.1f} m above it")

    def _keep_away(self, view: View, me: UnitView, target: UnitView, hover_z: float, why: str) -> Plan:
        z = max(hover_z, view.map.ground_height(me.x, me.y) + HOVER_M)
        if me.flying and abs(me.z - z) < 0.2:
            return Plan([], why)
        return Plan([MoveTo(me.x, me.y, z=z)], why)
