"""A hand-to-hand look's numbers, worked out once and kept for every fight of a scenario.

:func:`~.melee.options` weighs the same few numbers every turn a fighter
stands in reach of an enemy: its best blow, the enemy's best blow back, the
odds of Melee vs Block, of each manoeuvre's second contest, what the enemy
would lose on the ground or disarmed. They read only the two sheets, the
weapons each has in hand, the light where each stands, the four statuses the
totals read (:func:`~.odds._flags`) and the weapon the enemy used last, so
:func:`melee_look` keeps them in ``view.shared`` under a key of just those::

    numbers = melee_look(view, me, target, status(me), status(target))
    numbers.hit        # (weapon, p, expected hp) of my best blow, or None
    numbers.spared     # the enemy's best blow on me, in expected hp

What depends on where fighters stand (a drop behind the target, allies that
could join in) is not in it: :func:`~.melee.options` adds it on top, in the
order it always did, so every number is the one a fresh look gives.

The key holds ``id`` of sheets and weapons; each kept entry holds the objects
themselves, so no ``id`` in a key can be reused while the entry lives. The
store is bounded (:data:`LOOK_MEMORY`, all forgotten when full).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from tactics.rulesets.fudge_opposed.catalogue import MANOEUVRES
from tactics.rulesets.fudge_opposed.manoeuvres import BIG_WIN, wielded
from tactics.rulesets.fudge_opposed.odds import p_margin_at_least
from tactics.rulesets.fudge_opposed.ranges import SHORT_RANGE_M
from tactics.rulesets.fudge_opposed.state import state_of, weapons

from .odds import _flags, best_weapon, light_at

TRIP, SHOVE, GRAPPLE, DISARM = MANOEUVRES

NEAR = SHORT_RANGE_M / 2
"""The distance a hand-to-hand estimate assumes (as :data:`~.melee.NEAR`)."""

LOOK_MEMORY = 4_096
"""How many looks the scenario-shared store keeps (all forgotten when full)."""

STORE = "fudge melee looks"


class Look(NamedTuple):
    """The position-free numbers of one fighter's hand-to-hand turn on one enemy."""

    hit: tuple[Any, float, float] | None
    """My best blow: (weapon, P(win), expected hp)."""
    spared: float
    """The enemy's best blow on me, in expected hp (what its lost action spares)."""
    opening: float
    """P(Melee vs Block won), criticals counted."""
    trip: float | None
    """P(trip won), None when the enemy already lies prone."""
    trip_gain: float
    """My extra expected hp on the enemy once prone (:func:`~.melee.crowd_gain`'s share of mine)."""
    shove: float
    """P(shove won)."""
    big: float
    """P(shove won by :data:`BIG_WIN` or more): the enemy also falls prone."""
    arms: list[str]
    """What the enemy holds (:func:`~tactics.rulesets.fudge_opposed.manoeuvres.wielded`)."""
    disarm: float
    """P(disarm won) (0.0 when it holds nothing)."""
    disarm_worth: float
    """What a won disarm is worth in hp."""


def look_key(view: Any, me: Any, target: Any, st_me: dict[str, Any], st: dict[str, Any]
             ) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """(key, pins): all a :class:`Look` reads, with ``id`` for sheets and weapons, and the objects
    those ids name (whoever keeps the key keeps the pins with it, so no id is reused meanwhile)."""
    mine, theirs = weapons(me), weapons(target)
    key = (id(me.sheet), id(target.sheet), light_at(view, target), light_at(view, me), _flags(st_me), _flags(st),
           bool(st.get("prone")), tuple(map(id, mine)), tuple(map(id, theirs)), state_of(target).last_weapon)
    return key, (me.sheet, target.sheet, mine, theirs)


def melee_look(view: Any, me: Any, target: Any, st_me: dict[str, Any], st: dict[str, Any],
               key: tuple[tuple[Any, ...], tuple[Any, ...]] | None = None) -> Look:
    """The :class:`Look` of ``me`` on ``target`` (``st_me``, ``st``: both statuses, read once;
    ``key``: :func:`look_key`, when already made)."""
    key, pins = look_key(view, me, target, st_me, st) if key is None else key
    store = view.shared.get(STORE)
    if store is None or len(store) >= LOOK_MEMORY:
        store = view.shared[STORE] = {}
    got = store.get(key)
    if got is None:
        got = store[key] = (_work_out(view, me, target, st_me, st), pins)
    return got[0]


def _work_out(view: Any, me: Any, target: Any, st_me: dict[str, Any], st: dict[str, Any]) -> Look:
    """:func:`melee_look` worked out, by the same calls :func:`~.melee.options` made before it was kept."""
    from .melee import manoeuvre_odds, opening_odds, second_skills

    hit = best_weapon(view, me, target, NEAR)
    back = best_weapon(view, target, me, NEAR)
    spared = back[2] if back else 0.0
    opening = opening_odds(view, me, target, st_me, st)
    trip, trip_gain = None, 0.0
    if not st.get("prone"):
        trip = manoeuvre_odds(view, me, target, TRIP, opening, st_me, st)
        then = best_weapon(view, me, target, NEAR, st={**st, "prone": True})
        if hit and then:
            trip_gain = 0.0 + max(0.0, then[2] - hit[2])
    shove = manoeuvre_odds(view, me, target, SHOVE, opening, st_me, st)
    big = opening * float(p_margin_at_least(*second_skills(me, target, SHOVE, st_me, st), BIG_WIN))
    arms = wielded(target)
    disarm, disarm_worth = 0.0, 0.0
    if arms:
        disarm = manoeuvre_odds(view, me, target, DISARM, opening, st_me, st)
        bare = best_weapon(view, target, me, NEAR, st={**st, "dropped": arms})
        disarm_worth = max(spared - (bare[2] if bare else 0.0), 0.0) + spared * 0.5
    return Look(hit, spared, opening, trip, trip_gain, shove, big, arms, disarm, disarm_worth)


__all__ = ["Look", "look_key", "melee_look", "LOOK_MEMORY", "NEAR"]
