"""The duelist's choice in reach, kept: the same numbers give the same plan.

:meth:`~.duelist.Duelist.strike` (the best split on an enemy in reach against
holding back, or None when nobody can be struck) reads only numbers: my
pools, evasion, weapons in hand and stance, and of each able enemy (in the
order :meth:`View.enemies` gives) its pools, evasion, the holds on it, its
weapons, stance and distance (and the sight lines when a missile is in hand
on either side). A long 2006 duel stands still most turns and its pools come
back to the same few sizes, so a batch asks the same question again and
again: the answer is kept in the scenario-shared cache under :func:`glance`,
the tuple of everything it read, and handed out as a fresh copy.

A fighter held by someone (its choice is the struggle's), and policies other
than the duelist and the guard (the wrestler weighs its holds too), are never
kept: :func:`glance` answers None for them.
"""

from __future__ import annotations

from typing import Any

from tactics.rulesets.mano_a_mano_2006.fighters import state_of, weapons_in_hand
from tactics.rulesets.mano_a_mano_2006.pools import POOLS, pool_values
from tactics.rulesets.mano_a_mano_2006.state import FighterState
from tactics.sim.plan import Act, Plan

KEPT_MEMORY = 20_000
"""How many kept choices the scenario-shared cache holds (all are forgotten when full)."""
SHARED_KEY = "2006 duelist in reach"


def _fighter(u: Any) -> tuple | None:
    """What the choice reads of one fighter, or None when it is held (then nothing is kept). Its sheet
    is named by ``id``: the kept value holds the sheets, so no other sheet takes that id meanwhile."""
    sheet, prone, _partner, _role, _x, _y, _z, st = u.glance
    if type(st) is not FighterState:
        st = state_of(u)
    if st.held_by:
        return None
    tracks = u.tracks
    try:
        pools = pool_values(tracks)
    except KeyError:
        pools = tuple(tracks.get(k, 0) for k in POOLS)
    turn, until = st.turn, st.evade_until
    if st.disarmed:
        lost, missiles = tuple(sorted(st.disarmed)), any(w.is_missile for w in weapons_in_hand(u))
    else:
        lost, missiles = (), sheet.has_missile
    return (u.id, id(sheet), pools, bool(prone), until >= turn and until >= 0, st.evaded_on != turn, lost, missiles)


def glance(view: Any, me: Any, enemies: list[Any], policy: Any) -> tuple | None:
    """The key of the choice in reach: everything :meth:`Duelist.strike` reads (None: not kept)."""
    mine = _fighter(me)
    if mine is None:
        return None
    key: list[Any] = [type(policy), policy.aggression, mine]
    sights = mine[-1]
    distance = view.distance
    for e in enemies:
        theirs = _fighter(e)
        if theirs is None:
            return None
        key += (theirs, distance(me, e), e.name)
        if sights or theirs[-1]:
            key.append((me.pos, e.pos, view.can_see(me, e), view.can_see(e, me)))
    return tuple(key)


def _copy(plan: Plan | None) -> Plan | None:
    if plan is None:
        return None
    steps = [Act(s.action, s.target, s.weapon, s.avoid_armor, dict(s.options) if s.options is not None else None)
             if type(s) is Act else s for s in plan.steps]
    return Plan(steps, plan.reason, plan.alternatives)


def kept_strike(view: Any, key: tuple) -> tuple[bool, Plan | None]:
    """``(found, plan)``: the kept choice under ``key`` (a fresh copy; None: nobody in reach)."""
    memo = view.shared.get(SHARED_KEY)
    got = memo.get(key) if memo is not None else None
    if got is None:
        return False, None
    return True, _copy(got[1])


def keep_strike(view: Any, key: tuple, me: Any, enemies: list[Any], plan: Plan | None) -> Plan | None:
    """Keep ``plan`` (the choice worked out) under ``key``, with the sheets the key names by ``id``
    (kept alive beside it); returns ``plan``."""
    memo = view.shared.get(SHARED_KEY)
    if memo is None or len(memo) >= KEPT_MEMORY:
        memo = view.shared[SHARED_KEY] = {}
    memo[key] = ((me.sheet, *(e.sheet for e in enemies)), _copy(plan))
    return plan


__all__ = ["KEPT_MEMORY", "glance", "kept_strike", "keep_strike"]
