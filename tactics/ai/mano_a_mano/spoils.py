"""Striking with a weapon taken by a disarm (000 · Grappling Actions · disarm; docs/rules.md § Actions).

A brawler disarms a foe whose weapon hits much harder than its own
(:func:`~.tricks.disarm_plan`); with a free hand the weapon is taken, and
from then on the taker may strike with it (the ruleset's :mod:`.taken`
sheet with it in hand). :func:`spoils_plan` swaps the planned strike for one
with the taken weapon when it hits harder and is not much harder to land::

    >>> ATTACK_SLACK
    2
"""

from __future__ import annotations

from tactics.rulesets.mano_a_mano.taken import armed_sheet
from tactics.sim.plan import Act, Plan
from tactics.sim.view import UnitView, View

ATTACK_SLACK = 2
"""How much lower the taken weapon's attack modifier may be and still be worth its power."""
STRIKES = ("quick strike", "powerful strike", "strategic strike", "cautious strike")


def spoils_plan(view: View, me: UnitView, target: UnitView, plan: Plan) -> Plan:
    """``plan``, or the same strike with a taken weapon that hits harder."""
    taken = getattr(me.state, "taken", None)
    if not taken:
        return plan
    first = next((s for s in plan.steps if isinstance(s, Act) and s.action in STRIKES and s.weapon), None)
    if first is None:
        return plan
    armed = armed_sheet(me)
    power, attack = armed.power_with(first.weapon), armed.attack_with(first.weapon)
    best = None
    for name, w in taken.items():
        if w.kind != "hand":
            continue
        p, a = armed.power_with(name), armed.attack_with(name)
        if p > power and a >= attack - ATTACK_SLACK and (best is None or p > best[0]):
            best = (p, name)
    if best is None:
        return plan
    return Plan([Act(first.action, target=target.id, weapon=best[1])],
                f"{first.action} with the {best[1]} it took (power {best[0]}) on {target.name}")


__all__ = ["spoils_plan", "ATTACK_SLACK"]
