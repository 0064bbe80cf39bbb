"""When a trip pays: its harm, the fall it may cause, and the opening it gives the allies.

A trip (000 · Grappling Actions · trip) is a strenuous double-power blunt
grappling attack; a standing target it hits rolls grapple or acrobatics
against 8 or falls down — a knock-down from its own height (DECISIONS · More
rulings · Falls from a push, trip or slam: at least 2 stun). On the ground it
strikes and defends against striking at -5 (000 · Stance and Position · On the
Ground), which every ally that can reach it gets to use.

:func:`trip_value` weighs all three; :func:`trip_plan` returns the trip when
that value beats the turn the policy would play otherwise.
"""

from __future__ import annotations

from tactics.ai.mano_a_mano.odds import STANDING, STUN_WEIGHT, Estimate, estimate, hit_chance, matchup
from tactics.ai.mano_a_mano.strikes import best_melee
from tactics.rulesets.mano_a_mano.grapple import KEEP_BALANCE, balance_skill
from tactics.rulesets.mano_a_mano.mounts import kind_of
from tactics.rulesets.mano_a_mano.resolve import MELEE_REACH_M, MELEE_REACH_UP_M
from tactics.sim.plan import Act, Plan
from tactics.sim.view import UnitView, View

FALL_STUN = 2
"""The least a knock-down does (DECISIONS · Falls from a push, trip or slam)."""
PRONE_EDGE = 5
"""What lying on the ground costs a target's defense against striking (000 · Stance and Position)."""
MIN_P = 0.3
"""The least chance of a hit worth a trip (as :data:`.tricks.MIN_P`)."""


FALL_CHANCES = "trip: fall chances"
"""The scenario-shared memo of :func:`fall_chance`."""


def fall_chance(target: UnitView, view: View | None = None) -> float:
    """The chance a target put off balance fails its roll against 8 and falls (a pure function of
    its sheet: kept in ``view``'s scenario-shared cache when given)."""
    if view is None:
        return 1.0 - hit_chance(balance_skill(target.sheet), KEEP_BALANCE)
    memo = view.shared.get(FALL_CHANCES)
    if memo is None:
        memo = view.shared[FALL_CHANCES] = {}
    sheet = target.sheet
    got = memo.get(id(sheet))
    if got is None or got[0] is not sheet:  # (the sheet kept with its answer: its id stays its own)
        if len(memo) > 4096:
            memo.clear()
        got = memo[id(sheet)] = (sheet, 1.0 - hit_chance(balance_skill(sheet), KEEP_BALANCE))
    return got[1]


def _ally_gain(view: View, me: UnitView, target: UnitView) -> float:
    """The extra expected harm the allies in reach of ``target`` get from its -5 on the ground:
    five more faces of the d20 on the best strike each has (000 · Stance and Position)."""
    gain = 0.0
    for ally in view.allies_near(view.distance(me, target) + MELEE_REACH_M + MELEE_REACH_UP_M):
        if ally.id == me.id or not ally.able or ally.partner is not None:
            continue
        if view.flat_distance(ally, target) > MELEE_REACH_M or abs(ally.z - target.z) > MELEE_REACH_UP_M:
            continue
        strikes = best_melee(view, ally, target)
        if strikes:
            gain += PRONE_EDGE / 20.0 * max(s.harm for s in strikes)
    return gain


def _carries(view: View, u: UnitView) -> bool:
    """Does someone ride ``u``? For ``u`` me: any ally, able or not; else any able enemy of mine
    (:meth:`View.riders_of` asks the carrier's group instead of walking every fighter)."""
    me = view.me
    team = me.team
    if u.id == me.id:
        return any(r.team == team and r.id != u.id for r in view.riders_of(u))
    return any(r.team != team and r.able for r in view.riders_of(u))


def _trip_odds(view: View, me: UnitView, target: UnitView) -> tuple[Estimate, float] | None:
    """The trip's estimate and its whole expected value, before asking whether the rules and the
    saddle allow it (:func:`_trip_allowed`); None when no trip can be weighed."""
    got = _trip_estimate(view, me, target)
    if got is None:
        return None
    e, fall = got
    return e, _value(e, fall, _ally_gain(view, me, target))


def _value(e: Estimate, fall: float, gain: float) -> float:
    """A trip's whole expected value: its harm, and the fall's stun and the allies' ``gain`` when it fells."""
    return e.p * (e.harm + fall * (FALL_STUN * STUN_WEIGHT + gain))


TRIP_ODDS = "trip: odds by matchup"
"""The scenario-shared memo of the part of :func:`_trip_estimate` the sheets and the matchup decide."""


def _trip_estimate(view: View, me: UnitView, target: UnitView, match: tuple | None = None
                   ) -> tuple[Estimate, float] | None:
    """The trip's estimate and the chance it fells ``target`` (:func:`_trip_odds` without the allies'
    opening); None when no trip can be weighed. ``match``: the pair's :func:`~.odds.matchup`, when the
    caller has it.

    Past the looks at this turn's state (flying, health, a saddle), the answer is a pure function of
    the two sheets and the :func:`~.odds.matchup` (the target's posture is in it): the kinds of both
    sheets, the trip's :func:`~.odds.estimate` and the target's :func:`fall_chance`, kept in the
    scenario-shared cache by the matchup (the fights of a loop meet the same pairs)."""
    if target.flying or me.health != "healthy" or me.carrier is not None or target.carrier is not None:
        return None  # a rider in the saddle neither trips nor is tripped (000 · Mounted Combat)
    if match is None:
        match = matchup(view, me, target)
    if match[5] != STANDING:
        return None  # the target is on the ground already (the matchup's posture of it)
    kept = view.shared.get(TRIP_ODDS)
    if kept is None:
        kept = view.shared[TRIP_ODDS] = {}
    got = kept.get(match)
    if got is None:
        ch, tch = me.character, target.character
        odds = None
        if kind_of(ch) is None and kind_of(tch) is None:  # mounts and vehicles: no hands to trip with, no two legs to trip
            e = estimate(view, me, target, "trip", None, match=match)
            odds = None if e is None else (e, fall_chance(target, view))
        if len(kept) > 20_000:
            kept.clear()
        got = kept[match] = (ch, tch, odds)  # both sheets kept with it: the ids in the matchup stay theirs
    return got[2]


def _trip_allowed(view: View, me: UnitView, target: UnitView) -> bool:
    """Nobody rides either fighter, and the rules allow the trip now."""
    if _carries(view, me) or _carries(view, target):
        return False
    return view.refusal(Act("trip", target=target.id)) is None


def trip_value(view: View, me: UnitView, target: UnitView) -> tuple[Estimate, float] | None:
    """The trip's estimate and its whole expected value (harm, fall, allies' opening); None when
    no trip can be made (the target is down, flying, or the rules refuse)."""
    got = _trip_odds(view, me, target)
    if got is None or not _trip_allowed(view, me, target):
        return None
    return got


def trip_plan(view: View, me: UnitView, target: UnitView, otherwise: float,
              for_allies: bool = False, match: tuple | None = None) -> Plan | None:
    """Trip ``target`` when the trip's value beats ``otherwise`` (the expected harm of the turn the
    policy would play instead) and its chance is fair; else None. ``for_allies``: only when an
    ally in reach of the target would strike it on the ground.

    The value is weighed first: a trip that would not pay (most turns) needs neither the rules'
    check nor the look for riders (every test must pass, so the order does not change the answer).
    The allies' opening is looked for only when the trip does not pay without it: it adds a
    gain of zero or more, and the value only grows with it (so does its rounding), so when the value
    without it beats ``otherwise`` the whole value does too (in a crowded melee a dozen allies may
    stand by the target, each weighing its best strike)::

        >>> trip_plan(view, me, target, otherwise=1.2)     # doctest: +SKIP
        Plan([Act('trip', ...)], 'tripping Clone (55% to hit, 45% to fell)')

    ``match``: the pair's :func:`~.odds.matchup`, when the caller has it.
    """
    got = _trip_estimate(view, me, target, match)
    if got is None:
        return None
    e, fall = got
    if e.p < MIN_P:
        return None
    if _value(e, fall, 0.0) <= otherwise and _value(e, fall, _ally_gain(view, me, target)) <= otherwise:
        return None
    if not _trip_allowed(view, me, target):
        return None
    if for_allies and _ally_gain(view, me, target) <= 0:
        return None
    return Plan([e.act(target)], f"tripping {target.name} ({e.p:.0%} to hit, {fall:.0%} to fell)")
