"""Defending and interfering: defense rolls, parries, evasion, counters (001 · Interfering;
001 · Maneuvering · Evasion; DECISIONS-2006 · Attacks and defense).

A defense roll adds the defense pool, the defending weapon's (or body's)
combat modifier and passive modifiers (evasion, stance). The clone's first
defense (001 · Combat Example, step 3)::

    >>> defense_mods(defense_pool=6, weapon="body", weapon_defense=0)
    [('defense points', 6), ('body', 0)]

A parry is a one-point interfering action rolled with the weapon's parry
modifier and the passive modifiers, not the defense pool; evasion gives +2
passive defense, never against counters::

    >>> parry_mods("shield", 3, evading=True)
    [('shield parry', 3), ('evading', 2)]
    >>> passive_mods(evading=True, against_counter=True)
    []

Interfering actions may spend no more points than the action they interrupt,
and any one of them that succeeds stops it (001 · Interfering)::

    >>> interfering_points_ok(3, 3), interfering_points_ok(4, 3), interfering_points_ok(0, 3)
    (True, False, False)
    >>> stops(["failure", "success"]), stops(["half", "failure"])
    (True, False)

A counter is an interfering attack whose roll replaces the defense roll: the
better total lands (001 · Interfering; DECISIONS-2006). Modre's 9 against the
counter's 7 (step 5) lands Modre's blade; on equal totals both land at half::

    >>> counter_outcome("success")
    ('success', 'failure')
    >>> counter_outcome("half"), counter_outcome("failure")
    (('half', 'half'), ('failure', 'success'))
"""

from __future__ import annotations

from collections.abc import Iterable

from tactics.rules.records import Mod

from .contest import FAILURE, HALF, SUCCESS

EVASION_BONUS = 2
"""Passive defense of evasion, until the end of the evader's next turn (001 · Maneuvering · Evasion)."""

OPENING_EVASION_BONUS = 4
"""Starting the fight evading: +4 defense until the first turn (001 · Rounds)."""

PARRY_POINTS = 1
EVASION_POINTS = 1


def passive_mods(*, evading: bool = False, opening_evade: bool = False, against_counter: bool = False,
                 stance: Iterable[Mod] = ()) -> list[Mod]:
    """Passive defense modifiers: evasion (+2, not against counters), an opening evade (+4), stance."""
    out: list[Mod] = []
    if evading and not against_counter:
        out.append(("evading", EVASION_BONUS))
    if opening_evade and not against_counter:
        out.append(("opening evade", OPENING_EVASION_BONUS))
    out.extend(stance)
    return out


def defense_mods(defense_pool: int, weapon: str, weapon_defense: int, **passive: object) -> list[Mod]:
    """The modifiers of a defense roll (a fighter attacked and not attacking). (001 · Hit Points · Defense)"""
    own: list[Mod] = [("defense points", defense_pool), (weapon, weapon_defense)]
    return own + passive_mods(**passive)  # type: ignore[arg-type]


def parry_mods(weapon: str, parry: int, **passive: object) -> list[Mod]:
    """The modifiers of a parry roll. (001 · Interfering · Parrying)"""
    return [(f"{weapon} parry", parry)] + passive_mods(**passive)  # type: ignore[arg-type]


def interfering_points_ok(points: int, interrupted_points: int) -> bool:
    """At least one point, and no more than the interrupted action spent. (001 · Interfering)"""
    return 1 <= points <= max(1, interrupted_points)


def stops(results: Iterable[str]) -> bool:
    """Whether a set of interfering rolls stops the action: any one full success. (001 · Interfering)"""
    return any(r == SUCCESS for r in results)


def counter_outcome(attack_result: str) -> tuple[str, str]:
    """``(attack, counter)`` results from the attack's roll against the counter's roll."""
    if attack_result == SUCCESS:
        return SUCCESS, FAILURE
    if attack_result == HALF:
        return HALF, HALF
    return FAILURE, SUCCESS


__all__ = ["EVASION_BONUS", "OPENING_EVASION_BONUS", "PARRY_POINTS", "EVASION_POINTS", "passive_mods",
           "defense_mods", "parry_mods", "interfering_points_ok", "stops", "counter_outcome"]
