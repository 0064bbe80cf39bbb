"""A plain strike kept, step by step: its effects are a function of a few numbers, the answer and the dice.

:func:`~.attack.resolve` works a strike (``attack`` or ``shoot``) out in three
steps, each a pure function of what it reads when neither fighter holds, is
held, is disarmed or has a manipulation's surplus pending and no ally of the
target could interfere (then nothing reads the clock and nothing changes the
rule state): a *plain* strike. What they read is :func:`plain` (both sheets
and ids, the act, the ready points, the pools in the ledger, the distance and
sight, stances, the defender's evasion, the light at the target, the optional
rules, the turn's straight run); then

1. the attacker's spend (the checks, the points, the ``Harm``): under it alone;
2. the defender's reaction once its policy has answered (the answer read, the
   weapon, the ``Harm`` of the points it moves): under it and the answer;
3. the blow once both d6 are down (the ``Attacked`` records, the harm, a
   counter's): under it, the reaction and the dice.

Each step's effects and the pools after it are kept on the attacker's sheet
(its ``kept_blows``, never encoded or compared) and handed out as fresh
copies; the policy is still asked and the dice still rolled, in the same
order. A long duel lands the same few blows again and again: 200 matched
duels of Modre and his clone make 69 different attacks before the answer,
and 93 % of a batch's strikes after the first ones were made before, dice
and all (within one duel: 2 %, so a memo per encounter would not do)::

    >>> got = plain(world, me, act, ready, turn, led)          # doctest: +SKIP
    >>> k, target, w, distance = got                           # doctest: +SKIP
"""

from __future__ import annotations

from typing import Any

from tactics.rules.effects import Attacked, Harm

from .fighters import opening_evade, options_of
from .ledger import Ledger
from .state import FighterState

KEPT_MEMORY = 4_096
"""How many steps an attacker's sheet keeps (all forgotten when full)."""
STRIKES = ("attack", "shoot")
"""The actions kept (manipulations change the rule state)."""


def _plain_state(st: Any) -> bool:
    return type(st) is FighterState and not (st.holds or st.held_by or st.penalty or st.disarmed)


def plain(world: Any, me: Any, act: Any, ready: int, turn: Any, led: Ledger) -> tuple | None:
    """``(key, target, weapon, distance)`` of a plain strike (the module's text), or None."""
    action = act.action
    if action not in STRIKES or not _plain_state(me.state):
        return None
    tid = getattr(act, "target", None)
    target = world.unit(tid) if tid is not None and tid != me.id else None
    if target is None or not _plain_state(target.state):
        return None
    team = target.team
    for u in world.units():   # an ally of the target that could interfere: its window is asked
        if u.team == team and u.able and u.id != tid and u.id != me.id:
            return None
    w = me.sheet.weapon_named.get(getattr(act, "weapon", None))
    options = getattr(act, "options", None)
    if w is None or (options is not None and type(options) is not dict):
        return None
    points = None
    if options is not None:
        points = tuple(options.items())
        if any(type(v) is not int for _, v in points):
            return None
    distance = world.distance(me, target)
    sight = None
    if w.is_missile or target.sheet.has_missile:   # sight both ways: a shot, or a counter with a missile
        sight = (world.line_of_sight(me, target), world.line_of_sight(target, me))
    o = options_of(world)
    k = (id(target.sheet), me.id, tid, action, w.name, points, ready, led.pools(me.id), led.pools(tid),
         bool(target.able), bool(getattr(target, "surprised", False)), distance, sight,
         bool(me.prone), bool(target.prone), me.z >= target.z + 1.0, target.state.evading, opening_evade(target),
         world.light_at(target), o.random_damage, o.critical_hit, o.charging,
         None if turn is None else getattr(turn, "run_m", 0.0))
    return k, target, w, distance


def kept(me: Any, target: Any, k: tuple) -> tuple | None:
    """What is kept under ``k`` for this attacker's and this target's very sheets (None: nothing)."""
    got = me.sheet.kept_blows.get(k)
    return None if got is None or got[0] is not target.sheet else got


def keep(led: Ledger, me: Any, target: Any, k: tuple, mark: int, *extra: Any) -> None:
    """Keep the step just worked out into ``led`` (its effects from ``mark`` on, the two fighters' pools after
    it) under ``k``, with ``extra`` (what the step found beyond its effects)."""
    effects = led.effects[mark:]
    if any(type(e) is not Harm and type(e) is not Attacked for e in effects):
        return
    memo = me.sheet.kept_blows
    if len(memo) >= KEPT_MEMORY:
        memo.clear()
    memo[k] = (target.sheet, tuple(_copy(e) for e in effects), led.pools(me.id), led.pools(target.id), *extra)


def replay(led: Ledger, me: Any, target: Any, got: tuple) -> tuple:
    """Hand a kept step to ``led`` (fresh effects, the pools after it); returns its ``extra``."""
    out = led.effects
    for e in got[1]:
        out.append(_copy(e))
    led.settle(me.id, got[2])
    led.settle(target.id, got[3])
    return got[4:]


def _copy(e: Any) -> Any:
    if type(e) is Harm:
        return Harm(e.who, dict(e.changes), e.source)
    return Attacked(e.who, e.target, e.action, e.weapon, e.roll, e.hit, dict(e.harm), list(e.details), e.distance,
                    e.light, e.reaction, e.charge_m)


__all__ = ["KEPT_MEMORY", "STRIKES", "plain", "kept", "keep", "replay"]
