"""A plain strike once the dice are down, kept: its effects are a function of a few numbers.

After the attacker has spent its points, the defender has answered and both
d6 are rolled, what :func:`~.attack.resolve` does with a strike (``attack`` or
``shoot``) reads only: both sheets, ids, stances (prone, the attacker above),
the defender's evasion and opening evade, the pools in the ledger, the points
and weapon of the attack, the reaction and its weapon, the light at the target,
the distance, the encounter's optional rules, the turn's straight run and the
two dice. That holds when neither fighter holds, is held, is disarmed or has a
manipulation's surplus pending, and no ally interferes (then nothing reads the
clock and nothing changes the rule state): a *plain* strike. Its effects (the
``Attacked`` records, the ``Harm`` of the blow and of a counter) and the pools
after them are then kept under :func:`key`, on the attacker's sheet (its
``kept_blows``, never encoded or compared), and handed out as fresh copies.

A long duel lands the same few blows again and again: 200 matched duels of
Modre and his clone make 69 different attacks before the dice, and 93 % of a
batch's strikes after the first ones were made before, dice and all::

    >>> k = key(world, me, target, w, 2, 4, reaction, None, led, 0.5, turn, 3, 5)   # doctest: +SKIP
    >>> replay(led, me, target, k) or keep(led, me, target, k, mark)                  # doctest: +SKIP
"""

from __future__ import annotations

from typing import Any

from tactics.rules.effects import Attacked, Harm

from .fighters import opening_evade, options_of
from .ledger import Ledger
from .state import FighterState

KEPT_MEMORY = 4_096
"""How many strikes an attacker's sheet keeps (all forgotten when full)."""


def key(world: Any, me: Any, target: Any, w: Any, m: int, p: int, reaction: Any, rw: Any, led: Ledger,
        distance: float, turn: Any, a_die: int, d_die: int) -> tuple | None:
    """Everything a plain strike reads after the dice (the module's text), or None when it is not plain."""
    ms, ts = me.state, target.state
    if type(ms) is not FighterState or type(ts) is not FighterState:
        return None
    if (ms.holds or ms.held_by or ms.penalty or ms.disarmed
            or ts.holds or ts.held_by or ts.penalty or ts.disarmed):
        return None
    opts = options_of(world)
    return (id(target.sheet), me.id, target.id, w.name, m, p, reaction, None if rw is None else rw.name,
            bool(me.prone), bool(target.prone), me.z >= target.z + 1.0, ts.evading, opening_evade(target),
            led.pools(me.id), led.pools(target.id), world.light_at(target), distance,
            opts.random_damage, opts.critical_hit, opts.charging,
            None if turn is None else getattr(turn, "run_m", 0.0), a_die, d_die)


def replay(led: Ledger, me: Any, target: Any, k: tuple) -> bool:
    """Hand the strike kept under ``k`` to ``led`` (fresh effects, the pools after it); False when none is
    kept for this attacker's and this target's very sheets."""
    got = me.sheet.kept_blows.get(k)
    if got is None or got[0] is not target.sheet:
        return False
    _, effects, mine, theirs = got
    out = led.effects
    for e in effects:
        if type(e) is Harm:
            out.append(Harm(e.who, dict(e.changes), e.source))
        else:
            out.append(Attacked(e.who, e.target, e.action, e.weapon, e.roll, e.hit, dict(e.harm), list(e.details),
                                e.distance, e.light, e.reaction, e.charge_m))
    led.settle(me.id, mine)
    led.settle(target.id, theirs)
    return True


def keep(led: Ledger, me: Any, target: Any, k: tuple, mark: int) -> None:
    """Keep the strike just worked out into ``led`` (its effects from ``mark`` on) under ``k``."""
    effects = led.effects[mark:]
    if any(type(e) is not Harm and type(e) is not Attacked for e in effects):
        return
    memo = me.sheet.kept_blows
    if len(memo) >= KEPT_MEMORY:
        memo.clear()
    copies = tuple(Harm(e.who, dict(e.changes), e.source) if type(e) is Harm else
                   Attacked(e.who, e.target, e.action, e.weapon, e.roll, e.hit, dict(e.harm), list(e.details),
                            e.distance, e.light, e.reaction, e.charge_m) for e in effects)
    memo[k] = (target.sheet, copies, led.pools(me.id), led.pools(target.id))


__all__ = ["KEPT_MEMORY", "key", "replay", "keep"]
