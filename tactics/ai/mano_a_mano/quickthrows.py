"""Quick throws in a combo, when they beat one powerful throw.

A quick throw is a quick action (000 · List of Actions · Thrown Weapon
Attacks: "when speed or precision is important"), so a healthy thrower fits
as many in a combo as its speed allows, plus one with several weapons in hand
(000 · Rounds). Each has half a powerful throw's power and range, so a steeper
range difficulty, but its own roll: a fast thrower with a handful of light
knives (combo of three) beats one powerful throw close in, against light armor.
Two quick throws never beat one powerful throw (fewer hits, each weaker).

:func:`quick_combo` gives the best volley as a :class:`Combo` (the
:class:`Estimate` of its weakest throw, with the weapons thrown and the
volley's expected harm); :func:`throw_acts` and :func:`throw_note` give the acts
and words of a chosen throw or volley.
"""

from __future__ import annotations

from typing import Any

from tactics.ai.mano_a_mano.odds import Estimate, estimate
from tactics.ai.mano_a_mano.strikes import combo_allowance
from tactics.sim.plan import Act
from tactics.sim.view import UnitView, View


class Combo(Estimate):
    """A volley of quick throws: ``names`` the weapons thrown in order, ``worth`` its expected harm."""

    __slots__ = ("names", "worth")


def left_to_throw(me: UnitView, ws: list[Any]) -> list[str]:
    """The names of the throwables left, one entry per throw (a count of three javelins: three)."""
    out: list[str] = []
    for w in ws:
        out += [w.name] * max(1, w.count - me.state.thrown.get(w.name, 0))
    return out


def quick_combo(view: View, me: UnitView, target: UnitView, ws: list[Any], dist: float) -> Combo | None:
    """The volley of quick throws at ``target`` from ``dist`` metres a combo holds, best weapons first;
    None when fewer than three fit (injured, slow, few throwables left) or one does not reach."""
    allowed = combo_allowance(me)
    if me.health != "healthy" or allowed < 3:  # no room for three, whatever is left to throw
        return None
    left = left_to_throw(me, [w for w in ws if w.heft <= me.character.strength])
    n = min(allowed, len(left))
    if n < 3:
        return None
    ests = [estimate(view, me, target, "quick throw", me.character.weapon(name), distance=dist) for name in left]
    if any(e is None for e in ests):
        return None
    chosen = sorted(zip(ests, left), key=lambda p: -p[0].ev)[:n]
    worst = min((e for e, _ in chosen), key=lambda e: e.p)
    c = Combo(worst.action, worst.weapon, worst.avoid, worst.p, worst.harm, worst.power)
    c.names = tuple(name for _, name in chosen)
    c.worth = sum(e.ev for e, _ in chosen)
    return c


def throws_ev(e: Estimate) -> float:
    """The expected harm of the turn: a volley's whole, else the throw's."""
    return e.worth if isinstance(e, Combo) else e.ev


def throw_acts(e: Estimate, target: UnitView) -> list[Act]:
    if isinstance(e, Combo):
        return [Act("quick throw", target=target.id, weapon=n, avoid_armor=e.avoid) for n in e.names]
    return [e.act(target)]


def throw_note(e: Estimate) -> str:
    if isinstance(e, Combo):
        return f"{len(e.names)} quick throws of the {e.weapon}"
    return f"{e.action} of the {e.weapon}"
