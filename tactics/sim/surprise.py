"""Surprise before the fight: one stalker, or two fighters stalking each other (000 · Rounds;
DECISIONS · More rulings · Mutual stalking).

The rolls are the ruleset's (``ruleset.ambush(world, stalker, target)``); the engine records
them and says who goes first::

    enc.ambush(steven, clone)                       # True: Steven surprises the clone
    enc.stalk_each_other(a, b)                      # "a", "b", "both" or "neither"

Both succeed: nobody has surprise. Both fail: the fight does not start (``run`` ends at once,
a draw, ``no fight: ...``) unless ``start_anyway`` (a script starts it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tactics.sim.combatant import Combatant
    from tactics.sim.encounter import Encounter


def _roll(enc: Encounter, s: Combatant, t: Combatant) -> bool:
    ok, effects = enc.rules.ambush(enc.world, s, t)
    for eff in effects:
        enc.turns.apply(s, eff, None)
    return ok


def _surprises(enc: Encounter, s: Combatant, t: Combatant) -> None:
    """``s`` goes first; ``t`` is surprised and cannot have prepared a reaction."""
    s.surprised = False
    t.surprised = True
    enc._surpriser = s.id
    t.prepared = None


def _of(enc: Encounter, u: Any) -> Combatant:
    return enc.combatants[u if isinstance(u, str) else u.id]


def ambush(enc: Encounter, stalker: Any, target: Any) -> bool:
    """The stalker tries to surprise the target; on success it goes first."""
    s, t = _of(enc, stalker), _of(enc, target)
    ok = _roll(enc, s, t)
    if ok:
        _surprises(enc, s, t)
    return ok


def stalk_each_other(enc: Encounter, a: Any, b: Any, start_anyway: bool = False) -> str:
    """Two separate rolls, one each way; returns ``"a"``, ``"b"``, ``"both"`` or ``"neither"``."""
    ca, cb = _of(enc, a), _of(enc, b)
    ok_a = _roll(enc, ca, cb)
    ok_b = _roll(enc, cb, ca)
    if ok_a != ok_b:
        _surprises(enc, *((ca, cb) if ok_a else (cb, ca)))
        return "a" if ok_a else "b"
    if not ok_a and not start_anyway:
        enc._no_fight = f"no fight: neither {ca.name} nor {cb.name} found the other"
    return "both" if ok_a else "neither"
