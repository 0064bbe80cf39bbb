"""Success rolls: one d20 plus modifiers against a difficulty.

Source: ``mam-supplement.md`` §1 and DECISIONS.md "Dice and success".
The total must be *strictly greater* than the difficulty; a natural 20 always
succeeds, and nothing fails automatically::

    >>> success(13, 0, 10)
    True
    >>> success(12, 2, 14)          # a tie fails
    False
    >>> success(20, -30, 40)        # a natural 20 always succeeds
    True

Every bonus and penalty carries its source, so a replay can say *why*::

    >>> r = success_roll(14, (Modifier("machete attack", 4),),
    ...                  (Modifier("melee defense", 12),))
    >>> r.total, r.difficulty, r.success
    (18, 12, True)
"""

from __future__ import annotations

from typing import NamedTuple

from tactics.rules.records import Modifier

#: The scale of DECISIONS.md "Dice and success" for rolls nothing else prices.
EASY, EXPERT, HARD, NEARLY_IMPOSSIBLE = 5, 10, 15, 20


class RollResult(NamedTuple):
    """Every number of one success roll, for the replay's ``roll`` event."""

    die: int
    modifiers: tuple[Modifier, ...]
    total: int
    difficulty: int
    difficulty_mods: tuple[Modifier, ...]
    success: bool
    natural20: bool


def success(roll: int, modifier: int, difficulty: int) -> bool:
    """Does a natural ``roll`` plus ``modifier`` beat ``difficulty``? (supplement §1)"""
    return roll == 20 or roll + modifier > difficulty


def total(mods: tuple[Modifier, ...] | list[Modifier]) -> int:
    """The sum of the values of ``mods``: ``total([Modifier("a", 2), Modifier("b", -1)]) == 1``."""
    t = 0
    for m in mods:
        t += m[1]
    return t


def success_roll(
    die: int,
    modifiers: tuple[Modifier, ...] = (),
    difficulty_mods: tuple[Modifier, ...] = (),
) -> RollResult:
    """Resolve one success roll whose difficulty is the sum of ``difficulty_mods``.

    >>> success_roll(13, (), (Modifier("ambush base", 10), Modifier("detection", 0))).success
    True
    """
    if not 1 <= die <= 20:
        raise ValueError(f"a d20 roll is 1 to 20, not {die}")
    mods = tuple(modifiers)
    dmods = tuple(difficulty_mods)
    t = die + total(mods)
    d = total(dmods)
    return RollResult(die, mods, t, d, dmods, die == 20 or t > d, die == 20)
