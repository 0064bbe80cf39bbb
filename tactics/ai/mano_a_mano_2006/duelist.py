"""The duelist: spends each turn's ready points where they are worth most, and says why.

Each turn (phases 1 and 2 are done: ``me.tracks["ready"]`` is what it may
spend), in order:

1. Held by someone: break free (every point to the struggle's modifier, so
   they also defend) when the odds are fair, else strike the holder.
2. An enemy in reach (or in range and sight of a missile): weigh every split
   of the ready points between the attack's modifier (into defense: it also
   defends), power (into other) and points kept ready (they defend, or pay
   for a counter), with and without evasion (``defend``: one point, +2
   passive); against holding everything back or just evading. The value is
   the weighed harm it should deal minus the harm the enemies who can strike
   it before its next turn should deal (:mod:`.odds`).
3. Else close in: the moves cost a point a stride (into defense); if the
   walk arrives, the points left strike at once.

Windows (:mod:`.windows`): when attacked, all ready into defense, a parry or
a counter, whichever leaves it best off; when an ally is attacked within its
reach, a parry or an interfering strike when they pay.

``Duelist(aggression=...)`` weighs harm dealt against harm taken; the guard
(``guard``, 0.6) holds points back and parries more.
"""

from __future__ import annotations

import math
from typing import Any

from tactics.ai.approach import move_toward
from tactics.ai.futility import with_odds
from tactics.ai.targets import pick_target
from tactics.rulesets.mano_a_mano_2006.estimates import chances
from tactics.rulesets.mano_a_mano_2006.fighters import sheet_of, state_of, weapons_in_hand
from tactics.rulesets.mano_a_mano_2006.ledger import pools_of
from tactics.rulesets.mano_a_mano_2006.moving import points_for
from tactics.sim.plan import Act, Plan

from .kept import glance, keep_strike, kept_strike
from .odds import Split, defense_total, held, holding_value, my_stride, ready, strike_splits, threats
from .windows import answer

MARGIN_M = 0.1
"""How much nearer than its weapon's reach a fighter stops when it closes in."""
HOLD_EDGE = 0.05
"""An attack must be worth this much more than holding back."""


def alternatives(options: list[tuple[str, float]], chosen: str, n: int = 2) -> str:
    """The short suffix naming the next best options weighed: ``; weighed: hold 6 (-1.2), ...``."""
    rest = [(w, v) for w, v in options if w != chosen][:n]
    return "; weighed: " + ", ".join(f"{w} ({v:+.2f})" for w, v in rest) if rest else ""


def idle(me: Any) -> str:
    """Why a fighter with no ready point does nothing ("" for one out of the fight: nothing to say)."""
    p = pools_of(me)
    if me.standing == "out":
        return ""
    if me.standing == "down":
        return f"down: all {p.stun + p.damage} points stunned or damaged; phase 1 recovers a stun point a turn"
    if p.other:
        return f"no ready points: the {p.other} in other carry its gear or keep a hold"
    return "no ready points this turn"


def move_p(view: Any, me: Any, target: Any, s: Split, points: int) -> float:
    """The best odds of the split ``s``'s attack after a move open this turn (issue 17): hand to hand,
    none changes them (light counts at the target; 001 · Attacking); a shot, from each stride
    nearer, paid with a point the modifier then lacks (001 · Attacking from a Distance)."""
    w = next((x for x in weapons_in_hand(me) if x.name == s.weapon), None)
    if w is None or not w.is_missile or w.range <= 0:
        return s.p
    from tactics.rules import range_difficulty

    stride = my_stride(me)
    d = view.distance(me, target)
    base = defense_total(target)
    best = s.p
    for k in range(1, points):
        m = min(s.modifier, points - k)
        pf, ph = chances(w.attack + m - held(me), base + range_difficulty(min(max(0.0, d - k * stride), w.range), w.range))
        best = max(best, pf + ph)
    return best


class Duelist:
    """Allocates the turn's points between the modifier, power, movement, evasion and defense."""

    name = "duelist"

    def __init__(self, aggression: float = 1.0) -> None:
        self.aggression = aggression

    # -- windows -------------------------------------------------------------
    def react(self, view: Any, window: Any) -> Any:
        return answer(view, window, self.aggression)

    # -- a turn --------------------------------------------------------------
    def plan(self, view: Any) -> Plan:
        me = view.me
        enemies = view.enemies()
        if not enemies:
            return Plan([], "no enemy left")
        points = ready(me)
        if points <= 0:
            return Plan([], idle(me))
        key = glance(view, me, enemies, self) if type(self) in KEPT_POLICIES else None
        if key is not None:
            found, got = kept_strike(view, key)
            if got is not None:
                return got
            if found:   # nobody in reach: close in
                return self.close_in(view, me, enemies, points, threats(view, me, enemies))
        thr = threats(view, me, enemies)
        if state_of(me).held_by:
            return self.held(view, me, points, thr)
        got = self.strike(view, me, enemies, points, thr)
        if key is not None:
            keep_strike(view, key, me, enemies, got)
        if got is not None:
            return got
        return self.close_in(view, me, enemies, points, thr)

    def keep_options(self, me: Any, points: int, thr: list[Any]) -> list[tuple[str, float, Plan]]:
        """Holding every point back, or evading and holding the rest, as weighed plans."""
        v, taken = holding_value(me, points, thr)
        out = [(f"hold {points}", v, Plan([], f"keeps {points} ready for defense or a counter "
                                             f"(expects to take {taken:.1f})"))]
        if state_of(me).can_evade() and points >= 1:
            v, taken = holding_value(me, points, thr, evade=True)
            out.append(("evade", v - 0.01, Plan([Act("evade")], f"evades (+2 defense), keeps {points - 1} ready "
                                                               f"(expects to take {taken:.1f})")))
        return out

    def splits(self, view: Any, me: Any, target: Any, points: int, thr: list[Any], **kw: Any) -> list[Split]:
        return strike_splits(view, me, target, points, thr, self.aggression, **kw)

    def strike(self, view: Any, me: Any, enemies: list[Any], points: int, thr: list[Any]) -> Plan | None:
        """The best split on an enemy that can be struck now, or holding back; None when none can be."""
        cands: list[tuple[float, Split, Any]] = []
        for e in enemies:
            focus = 0.3 * view.progress(e)
            for s in self.splits(view, me, e, points, thr)[:3]:
                cands.append((s.value + focus, s, e))
        if not cands:
            return None
        cands.sort(key=lambda c: -c[0])
        options = [(f"{s.short()} on {e.name}", v) for v, s, e in cands]
        keeps = self.keep_options(me, points, thr)
        options += [(w, v) for w, v, _ in keeps]
        options.sort(key=lambda o: -o[1])
        v, s, e = cands[0]
        best_keep = max(keeps, key=lambda k: k[1])
        if best_keep[1] + HOLD_EDGE >= v:
            return Plan(best_keep[2].steps, best_keep[2].reason + alternatives(options, best_keep[0]))
        plan = Plan([self.act_of(s, e)], self.words(s, e) + alternatives(options, f"{s.short()} on {e.name}"))
        return with_odds(plan, s.p, move_p(view, me, e, s, points), always=True)

    @staticmethod
    def act_of(s: Split, e: Any) -> Act:
        return Act(s.kind, target=e.id, weapon=s.weapon, options=s.options())

    @staticmethod
    def words(s: Split, e: Any, before: str = "") -> str:
        return f"{before}{s.words()} on {e.name} (hits {s.p:.0%}, deals ~{s.dealt:.1f}, takes ~{s.taken:.1f})"

    def close_in(self, view: Any, me: Any, enemies: list[Any], points: int, thr: list[Any]) -> Plan:
        """Walk toward the chosen enemy; strike with what is left if the walk arrives."""
        target = pick_target(view, me, enemies)
        if target is None:
            return Plan([], "no enemy to go for")
        melee = [w for w in weapons_in_hand(me) if not w.is_missile] or weapons_in_hand(me)
        w = max(melee, key=lambda w: (w.reach, w.attack))
        stride = my_stride(me)
        stop = max(0.3, w.reach - MARGIN_M)
        r = move_toward(view, me, target, enemies, stop=stop, budget=points * stride)
        if r is None or not r.steps:
            keep = self.keep_options(me, points, thr)
            return Plan(keep[0][2].steps, f"no way to {target.name}: " + keep[0][2].reason)
        cost = min(points, points_for(r.cost + 0.05, stride))
        left = points - cost
        go = f"closes on {target.name}: {r.cost:.1f} m ({cost} point{'s' * (cost != 1)} to defense)"
        if r.arrives and left >= 1:
            d = math.hypot(r.end[0] - target.x, r.end[1] - target.y)
            ws = [x for x in weapons_in_hand(me) if not x.is_missile and x.reach >= d + 0.06]
            splits = self.splits(view, me, target, left, thr, weapons=ws, extra_defense=cost) if ws else []
            if splits:
                s = splits[0]
                hold_v, _ = holding_value(me, left + cost, thr)
                if s.value > hold_v:
                    return with_odds(Plan(list(r.steps) + [self.act_of(s, target)], self.words(s, target, go + ", then ")),
                                     s.p, s.p, always=True)  # hand to hand: a move changes no odds (light is the target's)
        return Plan(list(r.steps), go + (f", keeps {left} ready" if left else ""))

    def held(self, view: Any, me: Any, points: int, thr: list[Any]) -> Plan:
        """Held: struggle free (every point to the modifier) or strike the holder."""
        st = state_of(me)
        holder_id = next(iter(st.held_by))
        holder = view.unit(holder_id)
        hold = state_of(holder).holds.get(me.id)
        body = next((w for w in weapons_in_hand(me) if w.name == "body"), weapons_in_hand(me)[0])
        mine = body.attack + points + sheet_of(me).size - st.held_penalty()
        theirs = sheet_of(holder).size + (hold.points if hold else 0)
        p_free, _ = chances(mine, theirs)
        strike = self.splits(view, me, holder, points, thr)
        s_words = f"{strike[0].short()} ({strike[0].value:+.2f})" if strike else "no strike"
        if p_free >= 0.3 or not strike:
            return Plan([Act("escape", target=holder_id, weapon=body.name,
                             options={"modifier": points, "manipulation": 0})],
                        f"struggles free of {holder.name}: {points} to the modifier ({p_free:.0%} to break free)"
                        f"; weighed: {s_words}")
        s = strike[0]
        return with_odds(Plan([self.act_of(s, holder)], self.words(s, holder, "held: ") + f"; weighed: escape {p_free:.0%}"),
                         s.p, s.p, always=True)  # held: no move is open


class Guard(Duelist):
    """A duelist that fears harm more than it loves dealing it: holds points back, parries, counters."""

    name = "guard"

    def __init__(self, aggression: float = 0.6) -> None:
        super().__init__(aggression)


KEPT_POLICIES = (Duelist, Guard)
"""The policies whose choice in reach is kept (:mod:`.kept`): the wrestler's reads its holds too."""

__all__ = ["Duelist", "Guard", "alternatives", "KEPT_POLICIES"]
