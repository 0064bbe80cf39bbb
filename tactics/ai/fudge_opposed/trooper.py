"""The trooper: squad tactics for identical fighters, so their attacks pool (002 · Special Rules ·
Concentrated Fire, Dogpile; DECISIONS-fudge · Group attacks).

Three or more fighters of one sheet with one weapon on one target in a round
resolve as one roll of the target: Dodge against Marksmanship + the table's
bonus (concentrated fire) or Block against Melee + the bonus (a dog-pile),
one hit per point short. So the squad must agree on a target, a kind and a
weapon. The first trooper to act in a round decides for the whole squad
(kept in ``view.memo`` for the round): for every enemy, the expected hit
points of

- **concentrated fire** by the troopers that can get a line of sight from
  3–14 m this turn (medium range: no penalty; long range costs −1 per 15 m), and
- **a dog-pile** by those that can reach it this turn (at most six fighters;
  the carbine counts twice, having two shots, and rolls Melee at short range),

each over the hit points it has left; the best wins. Then each trooper:
fire: walks to a spot 3–14 m from the target with a line of sight, clear of
enemies' reach, and shoots; dog-pile: walks in and attacks; out of reach this
turn: runs (two moves). The reason names the squad's choice, the numbers
and the two best others::

    squad: concentrated fire (carbine) on Marksman by 5 (10 attackers, +4) 94% ≈10.2 hp; weighed: ...
"""

from __future__ import annotations

import math
from typing import Any

from tactics.ai.approach import HOLDING
from tactics.ai.futility import POOR_ODDS, with_odds
from tactics.rulesets.fudge_opposed import group
from tactics.rulesets.fudge_opposed.ranges import SHORT_RANGE_M
from tactics.rulesets.fudge_opposed.state import dual_partner, weapons
from tactics.sim.plan import Act, Plan

from .common import FudgePolicy, close_in, round_of, stand_off
from .odds import Option, best, best_weapon, explain, label, pooled, squad

FIRE_LO_M, FIRE_HI_M = 3.0, 14.0
"""Where a trooper stands to shoot: out of reach, inside medium range (002 · Range)."""
MEMO = "fudge squad"


class Trooper(FudgePolicy):
    """Squad tactics: one target, one kind of group attack, all together."""

    name = "trooper"

    def decide(self, view: Any, me: Any, enemies: list[Any]) -> Plan:
        choice, head = self.squad_choice(view, me, enemies)
        plan = self._decide(view, me, enemies, choice, head)
        if choice.p < POOR_ODDS or not any(isinstance(s, Act) for s in plan.steps):
            return plan
        return with_odds(plan, choice.p, choice.p, always=True)  # the pooled odds the squad planned on

    def _decide(self, view: Any, me: Any, enemies: list[Any], choice: Any, head: str) -> Plan:
        target, kind, weapon = choice.note_target, choice.kind, choice.weapon
        if kind == "dogpile":
            got = close_in(view, me, target, enemies)
            if got is None:
                return Plan([], HOLDING)
            steps, arrives = got
            if not arrives:
                return Plan(steps, f"{head}; running in ({view.distance(me, target):.0f} m)")
            act = Act("shoot" if weapon.ranged else "melee", target.id, weapon.name)
            return Plan(steps + [act], head)
        melee = [e for e in enemies if not any(w.ranged for w in weapons(e))]
        got = stand_off(view, me, target, FIRE_LO_M, FIRE_HI_M, avoid=melee)
        if got is None:
            got = stand_off(view, me, target, SHORT_RANGE_M + 0.3, FIRE_HI_M)
        if got is not None:
            steps, _ = got
            return Plan(steps + [Act("shoot", target.id, weapon.name)], head)
        got = close_in(view, me, target, enemies, stop=FIRE_LO_M)
        if got is None:
            return Plan([], HOLDING)
        steps, arrives = got
        if arrives and view.can_see(me, target):
            return Plan(steps + [Act("shoot", target.id, weapon.name)], head)
        if not arrives:
            return Plan(steps, f"{head}; moving up to fire ({view.distance(me, target):.0f} m)")
        return Plan(steps, f"{head}; moving up to fire")

    # -- the squad's choice --------------------------------------------------------------
    def squad_choice(self, view: Any, me: Any, enemies: list[Any]) -> tuple[Any, str]:
        mates = [u for u in squad(view, me) if u.able]
        r = round_of(view)
        key = (MEMO, me.team, me.sheet.name)
        got = view.memo.get(key)
        if got is not None and got[0] == r and got[1].note_target.able and got[1].note_target in enemies \
                and len(mates) == got[3]:
            return got[1], got[2]
        opts = self.weigh(view, me, mates, enemies)
        choice = best(opts)
        head = "squad: " + explain(choice, opts)
        view.memo[key] = (r, choice, head, len(mates))
        return choice, head

    def weigh(self, view: Any, me: Any, mates: list[Any], enemies: list[Any]) -> list[Option]:
        n = len(mates)
        out: list[Option] = []
        for e in enemies:
            hp = max(1, e.tracks.get("hp", 1))
            for w in weapons(me):
                kinds = ("fire", "dogpile") if w.ranged else ("dogpile",)
                for kind in kinds:
                    if kind == "fire":
                        who = [u for u in mates if view.flat_distance(u, e) <= FIRE_HI_M + view.movement(u)]
                        far = min(FIRE_HI_M, min(view.distance(u, e) for u in mates))
                    else:
                        who = [u for u in mates if view.flat_distance(u, e) <= view.movement(u) + SHORT_RANGE_M]
                        far = 1.0
                    k = len(who)
                    later = k == 0
                    if later:
                        k = n           # nobody gets there this turn: what the squad can do once there
                    if k >= group.MIN_FIGHTERS:
                        p, ev = pooled(view, me, e, w, k, kind, distance=far)
                        att = min(group.MAX_ATTACKERS, min(k, 6 if kind == "dogpile" else k)
                                  * group.weight(dual_partner(me, w) is not None, w.two_shots))
                        what = (f"{group.LABEL[kind]} ({w.name}) on {label(view, e)} by {k} "
                                f"({att} attackers, +{group.bonus(att)})")
                    else:
                        one = best_weapon(view, me, e, far if kind == "fire" else 1.0)
                        if one is None or one[0].name != w.name:
                            continue
                        p, ev = one[1], one[2] * max(k, 1)
                        what = f"{'shoot' if kind == 'fire' else 'melee'} ({w.name}) on {label(view, e)} by {max(k, 1)}"
                    if later:
                        # turns of running (two moves) before the squad gets there: half the worth each
                        gap = min(view.flat_distance(u, e) for u in mates) - (FIRE_HI_M if kind == "fire" else 0)
                        pace = view.movement(me)
                        if pace <= 0:  # held (a grapple) or down to no movement: the squad goes at its mates' pace
                            pace = max((view.movement(u) for u in mates), default=0.0)
                            if pace <= 0:
                                continue  # nobody can get there
                        turns = max(1, math.ceil(gap / (2 * pace)))
                        ev *= 0.5 ** turns
                        what += f", {turns} turn{'s' if turns > 1 else ''} away"
                    o = Option(what, [], p, ev, score=min(ev, hp) / hp - 0.002 * min(view.distance(u, e) for u in mates))
                    o.note_target, o.kind, o.weapon = e, kind, w
                    out.append(o)
        return out


__all__ = ["Trooper", "FIRE_LO_M", "FIRE_HI_M"]
