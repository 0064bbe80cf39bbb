"""Opposed d6 rolls and half successes (DECISIONS-2006 · Rolls; mam-supplement § 1, the d6 era).

Every roll is one d6 plus modifiers against one d6 plus the other side's
modifiers. Higher wins, a tie is a half success. Modre's first swing in the
seed's example (001 · Combat Example, step 3) is 2 + 1 + 2 against the
clone's 1 + 6 + 0::

    >>> outcome(2, 3, 1, 6)
    'failure'
    >>> outcome(6, 3, 4, 3), outcome(3, 2, 4, 1)
    ('success', 'half')

A 6 against a 1 succeeds whatever the modifiers, and a 1 against a 6 fails
(mam-supplement § 1: automatic success on 6 vs 1)::

    >>> outcome(6, 0, 1, 20), outcome(1, 20, 6, 0)
    ('success', 'failure')

As a record, with both dice and every modifier::

    >>> r = opposed_roll(2, [("Ice Blade", 1), ("points", 2)], 1, [("defense points", 6), ("body", 0)], "clone")
    >>> r.total, r.vs.total, r.margin, r.success
    (5, 7, -2, False)

The optional rules on the d6 (001 · Attacking · Random Damage, Critical Hit;
DECISIONS-2006 · Rolls): a double-power weapon doubles only on a 5 or 6, and
an automatic success adds the weapon's power once more::

    >>> double_applies(4, random_damage=True), double_applies(5, random_damage=True)
    (False, True)
    >>> critical_bonus(6, 1, weapon_power=3, critical_hit=True)
    3
"""

from __future__ import annotations

from collections.abc import Sequence

from tactics.rules.records import Mod, Roll

SUCCESS, HALF, FAILURE = "success", "half", "failure"


def is_automatic(attack_die: int, defense_die: int) -> bool:
    """A 6 against a 1: success whatever the modifiers. (mam-supplement § 1)"""
    return attack_die == 6 and defense_die == 1


def outcome(attack_die: int, attack_mod: int, defense_die: int, defense_mod: int) -> str:
    """``success``, ``half`` (equal totals) or ``failure``. (DECISIONS-2006 · Rolls)"""
    if is_automatic(attack_die, defense_die):
        return SUCCESS
    if attack_die == 1 and defense_die == 6:
        return FAILURE
    a, d = attack_die + attack_mod, defense_die + defense_mod
    return SUCCESS if a > d else HALF if a == d else FAILURE


def halve(n: int, result: str) -> int:
    """What a result leaves of ``n``: all on success, half rounded down on a half, none on failure."""
    return n if result == SUCCESS else n // 2 if result == HALF else 0


def opposed_roll(attack_die: int, mods: Sequence[Mod], defense_die: int, vs_mods: Sequence[Mod],
                 vs_who: str | None = None, tags: Sequence[str] = ()) -> Roll:
    """The record of one opposed roll: ``vs`` holds the other side's die and modifiers."""
    a_list = [(n, int(v)) for n, v in mods]
    d_list = [(n, int(v)) for n, v in vs_mods]
    a_mod = d_mod = 0
    for _, v in mods:
        a_mod += v
    for _, v in vs_mods:
        d_mod += v
    automatic = attack_die == 6 and defense_die == 1      # is_automatic, inline
    total, vs_total = attack_die + a_mod, defense_die + d_mod
    res = (SUCCESS if automatic else FAILURE if attack_die == 1 and defense_die == 6     # outcome, inline
           else SUCCESS if total > vs_total else HALF if total == vs_total else FAILURE)
    out_tags = list(tags) + ["automatic"] if automatic else list(tags)
    half = HALF if res == HALF else ""
    vs = Roll(dice="d6", faces=[defense_die], total=vs_total, success=res == FAILURE, mods=d_list, result=half)
    return Roll(dice="d6", faces=[attack_die], total=total, success=res != FAILURE, mode="opposed",
                mods=a_list, vs=vs, vs_who=vs_who, margin=total - vs_total, result=half, tags=out_tags)


def result_of(roll: Roll) -> str:
    """``success``, ``half`` or ``failure`` read back from a record made by :func:`opposed_roll`."""
    if not roll.success:
        return FAILURE
    return HALF if roll.result == HALF else SUCCESS


def double_applies(attack_die: int, *, random_damage: bool) -> bool:
    """Whether a double-power weapon doubles: always, or with Random Damage only on 5 or 6.

    (001 · Attacking · Random Damage: "13 or better" read on the d6, DECISIONS-2006 · Rolls)
    """
    return attack_die >= 5 if random_damage else True


def critical_bonus(attack_die: int, defense_die: int, weapon_power: int, *, critical_hit: bool) -> int:
    """Extra power of an automatic success with Critical Hit on: the weapon's power again.

    (001 · Attacking · Critical Hit; DECISIONS-2006 · Rolls)
    """
    return weapon_power if critical_hit and is_automatic(attack_die, defense_die) else 0


__all__ = ["SUCCESS", "HALF", "FAILURE", "is_automatic", "outcome", "halve", "opposed_roll", "result_of",
           "double_applies", "critical_bonus"]
