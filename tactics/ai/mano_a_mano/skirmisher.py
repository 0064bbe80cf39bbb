"""The skirmisher: throws first, then closes in with a melee weapon.

Thrown weapons are spent once thrown (000 · Thrown Weapon Attacks; the engine
marks them ``spent``), so the skirmisher throws while it has something to
throw and the target is in sight, then fights like a :class:`~tactics.ai.mano_a_mano.brawler.Brawler`.

Each turn, while a thrown weapon is left:

1. The target is the team's focus (nearest injured enemy, else nearest).
2. The best of a powerful throw (double power, strenuous, twice the quick
   range, 000 · Thrown Weapon Attacks) and a quick throw, by expected harm —
   thrown only with at least a 40 % chance, since the weapon is spent and the
   range difficulty of a 12 m throw climbs 1 per 0.6 m.
3. Too far for a fair throw: walk to the farthest distance that gives one
   (out of reach), and throw on arrival if the move gets there.
4. In reach: throw point blank only if it beats the melee turn.
5. Injured: only quick throws (one quick action).
6. A combo of three quick throws (a fast thrower with several knives) when it
   beats one powerful throw (:mod:`.quickthrows`); an unwieldy object (heft
   above strength) is only heaved (:func:`throw_actions`).

With nothing left to throw, the brawler's logic takes over.
"""

from __future__ import annotations

import math
from typing import Any

from tactics.ai.approach import HOLDING, move_toward
from tactics.ai.fields import movers, reach_field
from tactics.ai.mano_a_mano.brawler import Brawler
from tactics.ai.mano_a_mano.focus import pick_target
from tactics.ai.mano_a_mano.odds import estimate, matchup
from tactics.ai.mano_a_mano.quickthrows import quick_combo, throw_acts, throw_note, throws_ev
from tactics.ai.mano_a_mano.strikes import best_melee
from tactics.sim.plan import Plan
from tactics.sim.view import EYE_HEIGHT_M, UnitView, View


_UNSEEN = object()
"""Not in a memo yet."""
MIN_THROW_P = 0.4
"""A throw spends the weapon: only throw with at least this chance to hit (or point blank when it beats melee)."""


def throwables(me: UnitView) -> list[Any]:
    spent = me.state.spent
    return [w for w in me.character.weapons if w.kind == "thrown" and w.name not in spent]


def throw_actions(me: UnitView, w: Any, healthy: bool) -> tuple[str, ...]:
    """The throws open with ``w``: an unwieldy object (heft above strength) only heaved, and heaving
    is strenuous; a wieldy one thrown powerfully (strenuous) or quickly
    (000 · List of Actions · Thrown Weapon Attacks)."""
    if w.heft > me.character.strength:
        return ("heave",) if healthy else ()
    return ("powerful throw", "quick throw") if healthy else ("quick throw",)


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
        if not ws or me.partner is not None or me.prone:
            return super().plan(view)
        target = pick_target(view, me, enemies)
        assert target is not None
        dist = view.distance(me, target)
        best = self._throw(view, me, target, ws, dist)
        combo = quick_combo(view, me, target, ws, dist)
        if combo is not None and (best is None or combo.worth > best.ev):
            best = combo
        if view.in_reach(me, target):
            # point blank: throw if it pays more than the melee turn would
            melee = best_melee(view, me, target)
            if best is not None and throws_ev(best) > sum(a.ev for a in melee) and view.can_see(me, target):
                return Plan(throw_acts(best, target), f"{throw_note(best)} at {target.name} from close by ({best.p:.0%})")
            return super().plan(view)
        if best is not None and best.p >= MIN_THROW_P and view.can_see(me, target):
            return Plan(throw_acts(best, target), f"{throw_note(best)} at {target.name} ({best.p:.0%} to hit)")
        mv = movers(view, me)
        ok, field = reach_field(view, me, enemies, mv)  # the field read here steers the walk below
        if not ok:
            return Plan([], HOLDING)
        # walk to where a throw has a fair chance (range difficulty is steep for short ranges), not into reach
        stand = self._throw_distance(view, me, target, ws)
        if stand is None:
            return super().plan(view)  # no distance gives a fair throw: close in and fight
        d = view.flat_distance(me, target)
        if d <= stand + 0.3:
            return super().plan(view)  # close enough but no line of sight: walk in until it opens
        r = move_toward(view, me, target, enemies, stop=stand, field=field, mv=mv)
        if r is None:
            return Plan([], HOLDING)
        if r.steps:
            ex, ey = r.end
            gz = view.map.ground_height(ex, ey)
            after = self._throw(view, me, target, ws, math.dist((ex, ey, gz), target.pos))
            sees = view.map.line_of_sight((ex, ey, gz + EYE_HEIGHT_M), (target.x, target.y, target.z + EYE_HEIGHT_M))
            if after is not None and after.p >= MIN_THROW_P and sees:
                return Plan(r.steps + [after.act(target)],
                            f"stepping in to {stand:.0f} m: {after.action} of the {after.weapon} at {target.name} ({after.p:.0%})")
        return Plan(r.steps, f"closing to {stand:.0f} m of {target.name} for a throw ({d:.0f} m now)")

    def _throw_distance(self, view: View, me: UnitView, target: UnitView, ws: list[Any]) -> float | None:
        """The farthest distance (out of reach) from which the best throw hits at least ``MIN_THROW_P``.

        Remembered in the scenario-shared ``view.shared`` by what the throws' odds depend on (both
        sheets and the rest of the matchup, the weapons left, whether a powerful throw is open): the
        42 distances tried cost one look-up after, in this fight and the batch's others."""
        match = matchup(view, me, target)
        memo = view.shared.get("throw distances")
        if memo is None:
            memo = view.shared["throw distances"] = {}
        key = (me.character, target.character, match[2:], tuple(ws), self._healthy(me))
        got = memo.get(key, _UNSEEN)  # one hash of the key (None is a kept answer)
        if got is not _UNSEEN:
            return got
        got = None
        d = 12.0 * 2
        while d >= 3.5:
            e = self._throw(view, me, target, ws, d, match)
            if e is not None and e.p >= MIN_THROW_P:
                got = d
                break
            d -= 0.5
        if len(memo) > 20_000:
            memo.clear()
        memo[key] = got
        return got

    @staticmethod
    def _healthy(me: UnitView) -> bool:
        return me.health == "healthy" and me.character.encumbrance == "none"

    def _throw(self, view: View, me: UnitView, target: UnitView, ws: list[Any], dist: float,
               match: tuple | None = None) -> Any:
        """The best throw at ``target`` from ``dist`` metres (``match``: its :func:`matchup`, when known)."""
        if match is None:
            match = matchup(view, me, target)
        best = None
        healthy = self._healthy(me)
        for w in ws:
            for action in throw_actions(me, w, healthy):
                e = estimate(view, me, target, action, w, distance=dist, match=match)
                if e is not None and (best is None or e.ev > best.ev):
                    best = e
        return best

