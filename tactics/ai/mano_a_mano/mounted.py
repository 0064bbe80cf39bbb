"""Riders and their mounts (000 · Mounted Combat; ``docs/rules.md`` § Mounted combat).

``rider``: a :class:`~.brawler.Brawler` in the saddle. Its turn moves it and
its mount at the mount's running (the ruleset's speeds), so the brawler's
charge search finds the long straight runs a horse makes: the charge counts
the metres the mount ran. On a trained mount's turn it is asked whether to
hold the mount back (animal handling): it does when its riding is so poor
that the mount's own attack more likely throws it than not. Driving a vehicle, it
rams where the brawler would strike (000 · Vehicles · Ramming).

``mount``: under a rider it does not move (its legs are the rider's) and
strikes the rider's target when that is in reach, else the weakest enemy in
reach: it follows the rider's plan. Without a rider it fights as a brawler::

    >>> riding_odds(6), riding_odds(-2)
    (0.8, 0.4)
"""

from __future__ import annotations

from typing import Any

from tactics.ai.mano_a_mano.brawler import Brawler, strikes
from tactics.rules.protocol import Window
from tactics.rulesets.mano_a_mano.mounts import HOLD, HOLD_WINDOW, LET_FIGHT, RIDING_DIFFICULTY, VEHICLE, kind_of
from tactics.rulesets.mano_a_mano.vehicles import RAM
from tactics.rulesets.mano_a_mano.resolve import MELEE_REACH_M, MELEE_REACH_UP_M
from tactics.sim.plan import Act, MoveTo, Plan
from tactics.sim.view import UnitView, View

HOLD_BELOW = 0.5
"""A rider holds its mount back when it stays on less often than this each time the mount attacks."""


def riding_odds(riding: int) -> float:
    """Chance that d20 + ``riding`` beats the riding difficulty (a natural 20 always does)."""
    wins = sum(1 for die in range(1, 21) if die == 20 or die + riding > RIDING_DIFFICULTY)
    return wins / 20


def _target_key(rider_id: str) -> tuple[str, str]:
    return ("rider target", rider_id)


def _in_reach(me: UnitView, other: UnitView) -> bool:
    dx, dy = me.x - other.x, me.y - other.y
    return dx * dx + dy * dy <= MELEE_REACH_M ** 2 and abs(me.z - other.z) <= MELEE_REACH_UP_M


def _driven(p: Plan) -> Plan:
    """A driver's plan: the same moves, and a ram where the brawler would strike or grapple."""
    moves = [s for s in p.steps if isinstance(s, MoveTo)]
    target = next((s.target for s in p.steps if isinstance(s, Act) and s.target), None)
    if target is None:
        return Plan(moves, p.reason)
    return Plan(moves + [Act(RAM, target=target)], f"driving: ram instead of {p.reason}")


class Rider(Brawler):
    """A brawler on horseback that handles its mount."""

    name = "rider"

    def plan(self, view: View) -> Plan:
        p = super().plan(view)
        t = self._target
        me = view.me
        view.memo[_target_key(me.id)] = t.id if t is not None else None
        carrier = view.unit(me.carrier) if me.carrier is not None else None
        if carrier is not None and kind_of(carrier.character) == VEHICLE:
            return _driven(p)
        return p

    def react(self, view: View, window: Window) -> Any:
        if window.kind == HOLD_WINDOW:
            odds = riding_odds(view.me.character.ability("riding"))
            return HOLD if odds < HOLD_BELOW else LET_FIGHT
        return super().react(view, window)


class Mount(Brawler):
    """A mount: under a rider it strikes what the rider aims at; alone it fights as a brawler."""

    name = "mount"

    def plan(self, view: View) -> Plan:
        me = view.me
        rider = next((a for a in view.allies() if a.carrier == me.id), None)
        if rider is None:
            return super().plan(view)
        near = [e for e in view.enemies() if _in_reach(me, e)]
        if not near:
            return Plan([], f"carrying {rider.name}")
        wanted = view.memo.get(_target_key(rider.id))
        target = next((e for e in near if e.id == wanted), None)
        if target is None:
            target = max(near, key=lambda e: view.ruleset.progress(e))
        acts, text = strikes(view, me, target)
        return Plan(acts, f"under {rider.name}: {text}")


__all__ = ["Rider", "Mount", "riding_odds", "HOLD_BELOW"]
