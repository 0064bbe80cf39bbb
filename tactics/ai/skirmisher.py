"""The skirmisher: throws first, then closes in with a melee weapon.

Thrown weapons are spent once thrown (000 · Thrown Weapon Attacks; the engine
marks them ``spent``), so the skirmisher throws while it has something to
throw and the target is in sight, then fights like a :class:`~tactics.ai.brawler.Brawler`.

Each turn, while a thrown weapon is left:

1. The target is the team's focus (nearest injured enemy, else nearest).
2. In range of a powerful throw (twice the quick range, 000 · Thrown Weapon
   Attacks) and healthy: a powerful throw (double power, strenuous), unless
   a quick throw (within the quick range) pays more.
3. Out of range: walk until the target is inside the powerful range (the
   ``max_m`` of the move stops it there, so it does not walk into reach),
   then throw if the move got there.
4. Injured: only quick throws (one quick action).

With nothing left to throw, the brawler's logic takes over.
"""

from __future__ import annotations

import math
from typing import Any

from tactics.ai.brawler import Brawler
from tactics.ai.common import estimate, move_toward, pick_target, reachable
from tactics.sim.plan import Act, Plan
from tactics.sim.view import EYE_HEIGHT_M, UnitView, View


def throwables(me: UnitView) -> list[Any]:
    return [w for w in me.character.weapons if w.kind == "thrown" and w.name not in me.spent]


class Skirmisher(Brawler):
    """Throw what you carry, then close in."""

    name = "skirmisher"

    def __init__(self) -> None:
        super().__init__(charge=True)

    def plan(self, view: View) -> Plan:
        me = view.me
        enemies = view.enemies()
        if not enemies:
            return Plan([], "no enemy left")
        ws = throwables(me)
        if not ws or me.grapple is not None or me.posture != "standing":
            return super().plan(view)
        target = pick_target(view, me, enemies)
        assert target is not None
        if view.in_reach(me, target):
            return super().plan(view)
        best = self._throw(view, me, target, ws, view.distance(me, target))
        if best is not None and view.can_see(me, target):
            return Plan([best.act(target)], f"{best.action} of the {best.weapon} at {target.name} ({best.p:.0%} to hit)")
        # walk into throwing range, not into reach
        if not reachable(view, me, enemies):
            return Plan([], "no path to any enemy: holding")
        ranges = [view.max_range(me, w, "powerful throw" if me.health == "healthy" else "quick throw") for w in ws]
        rng = max(ranges)
        if rng <= 3.0:
            return super().plan(view)  # nothing worth throwing from afar
        d = view.flat_distance(me, target)
        if d <= rng:
            # in range but no line of sight from here: walk in like a brawler until it opens
            return super().plan(view)
        r = move_toward(view, me, target, enemies, stop=max(3.5, rng - 1.0))
        if r is None:
            return Plan([], "no path to any enemy: holding")
        if r.steps:
            ex, ey = r.end
            gz = view.map.ground_height(ex, ey)
            dist = math.dist((ex, ey, gz), target.pos)
            best = self._throw(view, me, target, ws, dist)
            if best is not None and view.map.line_of_sight((ex, ey, gz + EYE_HEIGHT_M), (target.x, target.y, target.z + EYE_HEIGHT_M)):
                return Plan(r.steps + [best.act(target)], f"stepping into range: {best.action} of the {best.weapon} at {target.name} ({best.p:.0%})")
        return Plan(r.steps, f"closing to throwing range of {target.name} ({d:.0f} m, throws {rng:.0f} m)")

    def _throw(self, view: View, me: UnitView, target: UnitView, ws: list[Any], dist: float) -> Any:
        healthy = me.health == "healthy" and me.character.encumbrance == "none"
        best = None
        for w in ws:
            for action in (("powerful throw", "quick throw") if healthy else ("quick throw",)):
                e = estimate(view, me, target, action, w, distance=dist)
                if e is not None and (best is None or e.ev > best.ev):
                    best = e
        return best


_ = (Act,)
