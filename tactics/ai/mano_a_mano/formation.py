"""The wingman: a brawler that closes in behind an ally, delaying its turn to move in formation.

000 · Rounds lets a fighter delay its turn until just after an ally's, so the
two move one after the other (``Act("delay", target=ally)``, before moving or
acting; docs/rules.md § Actions). :func:`delay_plan` does it when it pays to
arrive second: the wingman is healthy and free, no enemy can reach it before
its next turn (nothing to strike or dodge now), and an able ally whose turn
comes later in the round stands within :data:`FORMATION_M` of it and at least
:data:`LEAD_M` nearer the enemy — that ally takes the first blows and the
wingman follows it in. After the delay its turn comes just after the
ally's, so it never delays twice for the same ally. Otherwise it plays the
brawler (:mod:`.brawler`).
"""

from __future__ import annotations

from tactics.ai.mano_a_mano import tricks
from tactics.ai.mano_a_mano.brawler import Brawler
from tactics.sim.plan import Act, Plan
from tactics.sim.view import UnitView, View

FORMATION_M = 8.0
"""Follow only an ally at most this far away."""
LEAD_M = 1.5
"""The ally must be at least this much nearer the nearest enemy."""


def delay_plan(view: View, me: UnitView, enemies: list[UnitView]) -> Plan | None:
    """Delay until just after the leading ally's turn (see the module docstring), or None."""
    if me.health != "healthy" or me.partner is not None or me.prone or me.climbing or not enemies:
        return None
    if tricks._threatened(view, me, enemies):
        return None
    order = view.turn_order()
    if me.id not in order:
        return None
    mine = order.index(me.id)
    near = min(view.distance(me, e) for e in enemies)
    best: tuple[float, UnitView] | None = None
    for ally in view.allies():
        if ally.id == me.id or ally.id not in order or order.index(ally.id) <= mine:
            continue
        if ally.partner is not None or ally.prone or view.distance(me, ally) > FORMATION_M:
            continue
        lead = min(view.distance(ally, e) for e in enemies)
        if lead <= near - LEAD_M and (best is None or lead < best[0]):
            best = (lead, ally)
    if best is None:
        return None
    act = Act("delay", target=best[1].id)
    if view.refusal(act) is not None:
        return None
    return Plan([act], f"delaying until after {best[1].name}'s turn, to close in behind it")


class Wingman(Brawler):
    """A brawler that follows a leading ally in, delaying its turn to move in formation."""

    name = "wingman"

    def plan(self, view: View) -> Plan:
        p = delay_plan(view, view.me, view.enemies())
        return p if p is not None else super().plan(view)


__all__ = ["Wingman", "delay_plan", "FORMATION_M", "LEAD_M"]
