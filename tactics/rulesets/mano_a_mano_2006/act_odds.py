"""The planner's two optional questions of the 2006 rules: one split's odds, and what it leaves to defend.

    >>> from tactics.rulesets.mano_a_mano_2006.act_odds import shift_of
    >>> from tactics.sim.plan import Act
    >>> shift_of([Act("evade"), Act("attack", "blue-1", "sword", options={"modifier": 3, "power": 2})], True)
    0
    >>> shift_of([Act("attack", "blue-1", "sword", options={"modifier": 3, "power": 2})], True)
    -2
    >>> shift_of([Act("defend", "blue-1", "sword", options={"modifier": 3, "power": 2})], True)
    0

An attack's points go where 001 · Hit Points sends them: the modifier's
into defense, where they still defend, power's and manipulation's into
other, where they do not; evasion moves one point into defense and adds +2
to the close of the evader's next turn (001 · Maneuvering · Evasion). So a
plan changes the modifier its fighter defends with by ``shift_of`` — an
estimate the seam's plain :func:`~.estimates.estimates` cannot give, since
each of them assumes the ruleset's default split (half to the modifier,
half to power).

A *defense* (``defend``, 001 · Maneuvering · Defense) is evasion combined
with a quick attack, what the guard plans: the evasion's point comes off the
ready points first, so the attack's split may spend one point fewer, and
the +2 covers the fighter as a plain evasion's does. Both questions answer
it as that evasion and that attack.

* :func:`estimate_act` (the optional seam ``estimate_act``,
  ``tactics/rules/protocol.py`` · ``ActEstimate``): an attack or a shot
  with its own split, from where the fighter stands.
* :func:`exposure` (the optional seam ``exposure``): how much an enemy's
  best attack on the fighter is worth once its plan is done, as a factor of
  what it is worth now.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .attack import points_of, within
from .estimates import defense_of, estimates, ready_of, split_estimate
from .fighters import state_of, weapons_in_hand

ATTACKS = frozenset({"attack", "shoot"})
DEFENSE = "defend"
"""Evasion combined with a quick attack (001 · Maneuvering · Defense): an attack after the evasion's point."""
EVASION_POINTS = 1


def estimate_act(world: Any, unit: Any, act: Any) -> Any:
    """The estimate of exactly ``act`` (an attack or a shot with its ``options``, or a defense: its
    quick attack after the evasion's point) by ``unit``; None for any other act, a weapon not in hand,
    or a target out of reach. An act at the end of a move (an object with ``act`` and ``run_m``) is
    judged as the act alone (the 2006 rules give a run nothing)."""
    act = getattr(act, "act", act)
    defense = act.action == DEFENSE
    if (act.action not in ATTACKS and not defense) or not act.options or act.target is None:
        return None
    target = world.unit(act.target)
    w = next((x for x in weapons_in_hand(unit) if x.name == act.weapon), None)
    if target is None or w is None or w.is_missile != (act.action == "shoot") or not within(world, unit, target, w):
        return None
    ready = ready_of(unit) - (EVASION_POINTS if defense else 0)
    pts = points_of(act.action, act.options, ready)
    total = pts["modifier"] + pts["power"] + pts["manipulation"]
    if total < 1 or total > ready:
        return None
    return split_estimate(unit, target, w, act.action, pts, defense_of(target))


def shift_of(acts: Sequence[Any], can_evade: bool) -> int:
    """The change the acts make to the modifier their fighter defends with: −(power + manipulation) of
    each attack, +2 for an evasion (once a turn, when it may still evade); a defense is both."""
    shift = 0
    for a in acts:
        if a.action in ("evade", DEFENSE) and can_evade:
            shift += 2
            can_evade = False
        if a.action in ATTACKS or a.action == DEFENSE:
            pts = points_of(a.action, a.options, 0) if a.options else {"power": 0, "manipulation": 0}
            shift -= pts["power"] + pts["manipulation"]
    return shift


def exposure(world: Any, unit: Any, acts: Sequence[Any], enemy: Any) -> float:
    """``enemy``'s best attack on ``unit`` once ``unit`` has done ``acts``, as a factor of its value now
    (1: the acts change nothing; no attack now: 1)."""
    shift = shift_of(acts, state_of(unit).can_evade())
    if not shift:
        return 1.0
    now = estimates(world, enemy, unit)
    if not now or now[0].value <= 0:
        return 1.0
    best = now[0]
    w = next(x for x in weapons_in_hand(enemy) if x.name == best.weapon)
    after = split_estimate(enemy, unit, w, best.action, dict(best.act["options"]), defense_of(unit, shift))
    return after.value / best.value


__all__ = ["estimate_act", "exposure", "shift_of"]
