"""The archer's actions for one turn with its bow or gun: draw, aim, and which shot.

000 · List of Actions · Archery and Marksmanship Actions gives a shooter five
ways to spend a turn on a target; which one pays depends on what is ready:

* **Bow not drawn.** Draw (and, with a combo, aim or shoot), or draw and fire in
  one strenuous action (000 · Archery and Marksmanship, the drawn bow).
* **Drawn or loaded, not aiming, able to act strenuously.** A *strategic shot*
  (+5 to hit) fires this turn at the odds an aim would only give next turn; a
  *cautious shot* (+5 defense until the next turn) fires at the plain odds and
  covers the shooter. The cautious shot is taken when the harm its defense
  turns aside (:func:`.exposure.defense_worth`: enemies that can reach the
  shooter next turn) beats the harm the strategic shot's +5 adds. Neither while aiming
  (000 · Stance and Position: one position at a time).
* **Aiming.** The quick shot that spends the aim.
* **Injured (one quick action).** Aim when the plain odds are poor, else shoot.

A speed-2 bowman (two quick actions with the bow) keeps the combos: shoot and
draw again, or aim and shoot.
"""

from __future__ import annotations

from typing import Any

from tactics.ai.futility import POOR_ODDS
from tactics.ai.mano_a_mano.exposure import defense_worth
from tactics.ai.mano_a_mano.odds import Estimate
from tactics.ai.mano_a_mano.strikes import combo_allowance
from tactics.sim.plan import Act
from tactics.sim.view import UnitView, View

AIM_BELOW = 0.5
"""Aim (or shoot strategically) when the unaimed chance to hit is below this."""


def strenuous_ok(me: UnitView) -> bool:
    """A strenuous standing action is open: healthy, unencumbered, standing, not grappling (000 · Rounds)."""
    return (me.health == "healthy" and me.character.encumbrance == "none" and not me.prone
            and me.partner is None)


def _special(view: View, me: UnitView, target: UnitView, shot: Estimate, w: str, p0: float,
             enemies: list[UnitView], at: tuple[float, float, float] | None) -> tuple[list[Act], str]:
    """Strategic or cautious shot: +5 to hit is worth the harm the shot gains, +5 defense the harm
    it turns aside (:func:`.exposure.defense_worth`); the bigger one."""
    gain = (min(1.0, p0 + 0.25) - p0) * shot.harm
    saved = defense_worth(view, me, enemies, at)
    if saved > gain:
        return [Act("cautious shot", target=target.id, weapon=w)], f"cautious shot at {target.name} ({p0:.0%}, +5 defense)"
    return [Act("strategic shot", target=target.id, weapon=w)], f"strategic shot at {target.name} ({min(1.0, p0 + 0.25):.0%})"


def shots(view: View, me: UnitView, target: UnitView | None, shot: Estimate | None, weapon: Any,
          enemies: list[UnitView], at: tuple[float, float, float] | None = None) -> tuple[list[Act], str]:
    """The actions of this turn with ``weapon`` (a bow or a loaded gun) at ``target`` (``shot``: its
    estimate from where the move ends, ``at``), and a note why."""
    n = combo_allowance(me, multiple_weapons=False)   # draw, aim and shoot all use the one weapon
    state = me.state
    bow = weapon.kind == "bow"
    ready = state.drawn == weapon.name if bow else True
    aimed = state.aim_bonus > 0
    w = weapon.name
    if target is None or shot is None:
        # nothing in sight from here (it may be after the move): get ready
        if not ready:
            if n >= 2:
                return [Act("draw", weapon=w), Act("aim", weapon=w)], "drawing and aiming"
            return [Act("draw", weapon=w)], "drawing"
        if not aimed:
            return [Act("aim", weapon=w)], "aiming, waiting for a target"
        return [], "drawn and aimed, waiting for a target"
    # the unaimed chance from where we will stand
    p0v = max(0.05, shot.p - (0.25 if aimed else 0.0))
    if n >= 2 and bow:
        shoot = Act("quick shot", target=target.id, weapon=w)
        if ready and aimed:
            return [shoot, Act("draw", weapon=w)], f"aimed shot at {target.name} ({min(1.0, p0v + 0.25):.0%}), drawing again"
        if ready:
            if p0v < AIM_BELOW:
                return [Act("aim", weapon=w), shoot], f"aiming and shooting at {target.name} ({min(1.0, p0v + 0.25):.0%})"
            return [shoot, Act("draw", weapon=w)], f"shooting {target.name} ({p0v:.0%}), drawing again"
        if p0v < AIM_BELOW:
            return [Act("draw", weapon=w), Act("aim", weapon=w)], f"drawing and aiming at {target.name} (only {p0v:.0%} unaimed)"
        return [Act("draw", weapon=w), shoot], f"drawing and shooting {target.name} ({p0v:.0%})"
    strong = strenuous_ok(me)
    if not ready:
        if strong and p0v >= POOR_ODDS:
            return [Act("draw and fire", target=target.id, weapon=w)], f"draw and fire at {target.name} ({p0v:.0%})"
        return [Act("draw", weapon=w)], f"drawing on {target.name} (one action a turn)"
    if not aimed and strong:
        return _special(view, me, target, shot, w, p0v, enemies, at)
    if not aimed and p0v < AIM_BELOW:
        return [Act("aim", weapon=w)], f"aiming at {target.name} (one action a turn)"
    return [Act("quick shot", target=target.id, weapon=w)], f"shooting {target.name} ({min(1.0, p0v + (0.25 if aimed else 0)):.0%})"
