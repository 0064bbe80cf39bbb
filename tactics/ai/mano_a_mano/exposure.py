"""What +5 defense until the next turn is worth: the harm it is expected to turn aside.

A cautious shot (000 · List of Actions · Archery and Marksmanship Actions) and
evade (000 · Combat Example, the second round) both give +5 defense until the
character's next turn. Worth: for each enemy that can reach the character on
its next turn (a walker's run plus reach, a flyer's airspeed plus reach; not a
walker well below), the best hand-to-hand turn it has on the character, each
attack's chance lowered by 5 on the d20 (a quarter, down to the natural 20's
5 %) times its expected harm. Ranged enemies are not counted (a round guess).
"""

from __future__ import annotations

import math

from tactics.ai.mano_a_mano.strikes import best_melee
from tactics.sim.view import UnitView, View

REACH_M = 3.0
"""How far beyond its walk a walker threatens (arm's reach)."""


def threats(view: View, me: UnitView, enemies: list[UnitView], at: tuple[float, float, float] | None = None) -> list[UnitView]:
    """The enemies that can come at ``me`` (standing at ``at``) on their next turn."""
    x, y, z = at or me.pos
    out = []
    for e in enemies:
        d = math.hypot(x - e.x, y - e.y)
        if e.character.airspeed > 0:
            near = d < e.character.airspeed + REACH_M
        else:
            near = d < view.movement(e) + REACH_M and z - e.z <= 2.5
        if near:
            out.append(e)
    return out


def defense_worth(view: View, me: UnitView, enemies: list[UnitView], at: tuple[float, float, float] | None = None) -> float:
    """Expected weighted harm that +5 defense until ``me``'s next turn turns aside."""
    saved = 0.0
    for e in threats(view, me, enemies, at):
        for a in best_melee(view, e, me):
            saved += max(0.0, min(0.25, a.p - 0.05)) * a.harm
    return saved
