"""The d20 success roll as an effect, and harm as a change of tracks (000 · Health; DECISIONS · Dice).

    >>> d20_roll(15, [("hands attack", 2)], 12, [("melee defense", 12)], True).total
    17
"""

from __future__ import annotations

from typing import Any

from tactics.rules.effects import Check, Harm
from tactics.rules.records import Roll

from .rolls import success


_NATURAL_20 = ["natural 20"]
_NO_TAGS: list[str] = []
"""Shared by every roll record (records are never changed): no list per roll."""


def d20_roll(die: int, mods: list[tuple[str, int]], target: int, target_mods: list[tuple[str, int]],
             ok: bool) -> Roll:
    """The record of one d20 success roll (DECISIONS · Dice and success)."""
    total = die
    for _, v in mods:
        total += v
    return Roll(dice="d20", faces=[die], total=total, success=ok, target=target,
                mods=mods, target_mods=target_mods, tags=_NATURAL_20 if die == 20 else _NO_TAGS)


def success_check(world: Any, who: str, purpose: str, mods: list[tuple[str, int]],
                  dmods: list[tuple[str, int]]) -> Check:
    """Roll d20 + ``mods`` against the sum of ``dmods`` (mam-supplement § 1)."""
    die = world.dice.d20()
    mods = [(s, int(v)) for s, v in mods]
    dmods = [(s, int(v)) for s, v in dmods]
    difficulty = sum(v for _, v in dmods)
    ok = success(die, sum(v for _, v in mods), difficulty)
    return Check(who, purpose, d20_roll(die, mods, difficulty, dmods, ok))


def harm(unit: Any, stun: int, damage: int, source: str) -> Harm | None:
    """Stun and damage landing on ``unit`` as a change of its tracks (000 · Health);
    being hurt spoils an aim (000 · Archery and Marksmanship · Aiming)."""
    if stun <= 0 and damage <= 0:
        return None
    unit.state.aim_bonus = 0
    changes = {}
    if damage:
        changes["damage"] = damage
    if stun:
        changes["stun"] = stun
    return Harm(unit.id, changes, source)
