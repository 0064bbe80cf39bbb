"""The sniper: an archer that lies down to shoot when no walker can reach it next turn.

On the ground a fighter is harder to hit with missiles (+5 defense against
them, unless shot from above) and aims at +5; it strikes and defends against
strikes at -5, moves at half speed and cannot shoot strategically or
cautiously (000 · Stance and Position · On the Ground; 000 · Archery and
Marksmanship · aim). So each turn, with a bow (or a loaded gun), not held,
not climbing and an enemy in sight from where it stands:

* **Threatened** (an able enemy in reach, or a walk away: :mod:`.tricks`):
  play the archer (:mod:`.archer`), which stands up first when prone.
* **Standing and safe**: drop (000 · Other Actions · drop, a quick action).
* **Prone and safe**: draw, aim or shoot from where it lies
  (:mod:`.volleys`; the strenuous shots are not open on the ground).

Otherwise (no enemy in sight from here, nothing to shoot with) it plays the archer.
"""

from __future__ import annotations

from tactics.ai.mano_a_mano import guns, tricks
from tactics.ai.mano_a_mano.archer import Archer, bow_of
from tactics.sim.plan import Act, Plan
from tactics.sim.view import View


class Sniper(Archer):
    """Ranged from the ground: drop while no walker can reach, shoot prone, stand when one can."""

    name = "sniper"

    def plan(self, view: View) -> Plan:
        me = view.me
        enemies = view.enemies()
        if not enemies or me.partner is not None or me.climbing:
            return super().plan(view)
        bow = bow_of(me) or guns.loaded_gun(me)
        if bow is None or tricks._threatened(view, me, enemies):
            return super().plan(view)
        target, shot = self._best_target(view, me, enemies, bow, me.pos)
        if target is None:
            return super().plan(view)
        if not me.prone:
            return Plan([Act("drop")], f"dropping prone to shoot at {target.name} (+5 aiming, +5 against missiles)")
        acts, what = self._shots(view, me, target, shot, bow, me.pos)
        if not acts:
            return Plan([], f"lying low: {what}" if what else "lying low")
        return Plan(acts, f"prone: {what}")


__all__ = ["Sniper"]
