"""The wrestler: grabs and chokes, then beats on whoever it holds.

A duelist (:mod:`.duelist`) whose menu in reach also holds chokes: points
to the choke's modifier (into defense), its power (into other) and
manipulation (into other). A choke that lands keeps its power and
manipulation points in other every round (001 · Manipulation · Hold); its
larger half of power joins size + manipulation against the target's size,
and the surplus comes off all the held fighter's rolls; its smaller half
strikes now and at each of the wrestler's turns. Held, the target cannot
walk away. The value of a choke counts the blow now, :data:`ROUNDS_KEPT`
more, the penalty's worth, and the points it locks up::

    >>> round(choke_worth(small_harm=1.0, penalty=3, upkeep=3), 2)      # 3 blows + 2.7 of penalty - 1.8 locked
    3.9

While it holds someone it strikes the held fighter (whose defense pays the
penalty) and chokes nobody else.
"""

from __future__ import annotations

from typing import Any

from tactics.rulesets.mano_a_mano_2006.estimates import chances
from tactics.rulesets.mano_a_mano_2006.fighters import sheet_of, state_of, weapons_in_hand
from tactics.rulesets.mano_a_mano_2006.harm import BLUNT_SHARPNESS, split_harm
from tactics.rulesets.mano_a_mano_2006.ledger import pools_of
from tactics.rulesets.mano_a_mano_2006.manipulation import choke_split

from .duelist import Duelist
from .odds import EVADE_BONUS, Split, harm_taken, held, reaches, target_defense, weigh

ROUNDS_KEPT = 2
"""Turns a choke is expected to go on striking after the first."""
PENALTY_WORTH = 0.3
"""Weighed harm a point of penalty on the held fighter is worth, per round it lasts."""
UPKEEP_COST = 0.2
"""Weighed harm a point locked in other is worth, per round it stays there."""


def choke_worth(small_harm: float, penalty: int, upkeep: int) -> float:
    """What a landed choke is worth (before its odds): its blows, its penalty, less its upkeep."""
    rounds = 1 + ROUNDS_KEPT
    return small_harm * rounds + PENALTY_WORTH * penalty * rounds - UPKEEP_COST * upkeep * rounds


def choke_splits(view: Any, me: Any, target: Any, points: int, thr: list[Any], aggression: float = 1.0,
                 weapons: list[Any] | None = None, extra_defense: int = 0) -> list[Split]:
    """Every choke of ``points`` ready points on ``target`` with a hand-to-hand weapon that reaches."""
    if state_of(me).holds or me.id in state_of(target).held_by:
        return []
    out: list[Split] = []
    ms, ts = sheet_of(me), sheet_of(target)
    base_def = pools_of(me).defense + extra_defense - held(me)
    bonus = EVADE_BONUS if state_of(me).evading else 0
    if weapons is None:
        weapons = [w for w in weapons_in_hand(me) if not w.is_missile and reaches(view, me, target, w)]
    for w in (x for x in weapons if not x.is_missile):
        d_mod = target_defense(view, me, target, w)
        sharp = w.sharpness if w.kind != "natural" else BLUNT_SHARPNESS
        for m in range(0, points + 1):
            for p in range(1, points - m + 1):
                for mp in range(0, points - m - p + 1):
                    power = p + (0 if w.kind == "natural" else w.power)
                    large, small = choke_split(power)
                    pen = max(0, ms.size + mp + large - ts.size)
                    s, d = split_harm(small, ts.absorption, sharp)
                    pf, ph = chances(w.attack + m - held(me), d_mod)
                    hs, hd = split_harm(small // 2, ts.absorption, sharp)
                    full = choke_worth(weigh(s, d), pen, p + mp)
                    half = choke_worth(weigh(hs, hd), pen // 2, p + mp)
                    dealt = pf * full + ph * half
                    kept = points - m - p - mp
                    taken = harm_taken(thr, base_def + m + kept + bonus)
                    value = aggression * dealt - taken
                    out.append(Split("choke", w.name, m, p, mp, False, pf + ph, dealt, taken, value))
    out.sort(key=lambda s: -s.value)
    return out


class Wrestler(Duelist):
    """Chokes when a choke is worth more than a blow; strikes whoever it holds."""

    name = "wrestler"

    def splits(self, view: Any, me: Any, target: Any, points: int, thr: list[Any], **kw: Any) -> list[Split]:
        holding = state_of(me).holds
        if holding and target.id not in holding:
            return []
        out = super().splits(view, me, target, points, thr, **kw)
        out += choke_splits(view, me, target, points, thr, self.aggression, **kw)
        out.sort(key=lambda s: -s.value)
        return out


__all__ = ["Wrestler", "choke_splits", "choke_worth", "ROUNDS_KEPT", "PENALTY_WORTH", "UPKEEP_COST"]
