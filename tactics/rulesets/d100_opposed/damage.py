"""Damage: DV expressions, the excellent-success bonus, armor and AP, wounds, standings.

Sources: 003 · step 5 (excellent success, criticals), step 6 (armor
penetration), step 7 (damage against Durability), step 8 (wounds);
numbers as DECISIONS-d100 · Damage and wounds settles them.

A Damage Value is written as dice (``"2d10+3"``, ``"1d10"``) or a number
(``"7"``, ``7``) and rolled with the encounter's dice::

    >>> dv = parse_dv("2d10+3")
    >>> dv.text, dv.minimum, dv.maximum, dv.mean
    ('2d10+3', 5, 23, 14.0)
    >>> parse_dv("d6")
    Traceback (most recent call last):
    ...
    ValueError: DV 'd6' is not dice like '2d10+3' or a whole number

Issue #14's example: DV 9, MoS 37 (an excellent success, +5), armor 4 of the
weapon's kind and no AP: 10 damage, and with a Wound Threshold of 8, one wound::

    >>> modified_dv(9, mos=37, armor=4, ap=0, critical=False)
    (10, [('DV', 9), ('MoS bonus', 5), ('armor', -4)])
    >>> wounds_from(10, 8), wounds_from(7, 8), wounds_from(16, 8)
    (1, 0, 2)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from tactics.dice import Dice

_DICE = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")
_NUMBER = re.compile(r"^\s*(\d+)\s*$")

MAX_DICE = 20
EXCELLENT = ((60, 10), (30, 5))
"""MoS thresholds and their DV bonus, highest first (003 · step 5)."""


@dataclass(frozen=True, slots=True)
class DV:
    """A Damage Value: ``count`` dice of ``sides`` plus ``bonus`` (count 0: a fixed number)."""

    count: int
    sides: int
    bonus: int

    @property
    def text(self) -> str:
        if self.count == 0:
            return str(self.bonus)
        sign = f"{self.bonus:+d}" if self.bonus else ""
        return f"{self.count}d{self.sides}{sign}"

    @property
    def minimum(self) -> int:
        return self.count + self.bonus

    @property
    def maximum(self) -> int:
        return self.count * self.sides + self.bonus

    @property
    def mean(self) -> float:
        return self.count * (self.sides + 1) / 2 + self.bonus

    def roll(self, dice: Dice) -> tuple[list[int], int]:
        """(faces, total) rolled with the encounter's dice."""
        faces = [dice.die(self.sides) for _ in range(self.count)]
        return faces, sum(faces) + self.bonus

    def distribution(self) -> dict[int, float]:
        """Exact probability of every total (for the AI's expected harm)."""
        return dict(_distribution(self.count, self.sides, self.bonus))


def _distribution(count: int, sides: int, bonus: int) -> tuple[tuple[int, float], ...]:
    dist = {0: 1.0}
    for _ in range(count):
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0.0) + p / sides
        dist = nxt
    return tuple((t + bonus, p) for t, p in sorted(dist.items()))


def parse_dv(value: str | int) -> DV:
    """A DV from its sheet form; ``ValueError`` with a one-line reason when it is not one."""
    if isinstance(value, bool):
        raise ValueError(f"DV must be dice like '2d10+3' or a whole number, not {value!r}")
    if isinstance(value, int):
        if value < 0:
            raise ValueError(f"DV cannot be negative ({value})")
        return DV(0, 1, value)
    m = _NUMBER.match(value)
    if m:
        return DV(0, 1, int(m.group(1)))
    m = _DICE.match(value)
    if not m or not m.group(1):
        raise ValueError(f"DV {value!r} is not dice like '2d10+3' or a whole number")
    count, sides = int(m.group(1)), int(m.group(2))
    bonus = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
    if not 1 <= count <= MAX_DICE:
        raise ValueError(f"DV {value!r}: between 1 and {MAX_DICE} dice, not {count}")
    if sides < 2:
        raise ValueError(f"DV {value!r}: a die needs at least 2 sides")
    if count + bonus < 0:
        raise ValueError(f"DV {value!r} can fall below 0")
    return DV(count, sides, bonus)


def mos_bonus(mos: int | None) -> int:
    """+5 DV at MoS 30 or more, +10 at 60 or more (003 · step 5, excellent success)."""
    if mos is None:
        return 0
    for threshold, bonus in EXCELLENT:
        if mos >= threshold:
            return bonus
    return 0


def effective_armor(armor: int, ap: int) -> int:
    """Armor of the weapon's kind lowered by AP (a negative number), never below 0 (003 · step 6)."""
    return max(0, armor + ap)


def modified_dv(dv: int, mos: int | None, armor: int, ap: int, critical: bool) -> tuple[int, list[tuple[str, int]]]:
    """(modified DV, the numbers that make it) for a hit (003 · steps 5-7).

    The parts add up to the result before the floor at 0: ``DV``, ``MoS bonus``,
    ``armor`` (the sheet's rating, negative) and ``AP`` (what of it the weapon
    pierced). A critical attacker ignores armor altogether::

        >>> modified_dv(8, mos=12, armor=6, ap=-2, critical=False)
        (4, [('DV', 8), ('armor', -6), ('AP', 2)])
        >>> modified_dv(8, mos=33, armor=6, ap=0, critical=True)
        (13, [('DV', 8), ('MoS bonus', 5), ('armor ignored (critical)', 0)])
        >>> modified_dv(3, mos=5, armor=6, ap=0, critical=False)[0]
        0
    """
    parts: list[tuple[str, int]] = [("DV", dv)]
    bonus = mos_bonus(mos)
    if bonus:
        parts.append(("MoS bonus", bonus))
    if critical:
        if armor:
            parts.append(("armor ignored (critical)", 0))
        total = dv + bonus
    else:
        left = effective_armor(armor, ap)
        if armor:
            parts.append(("armor", -armor))
            if left != armor:
                parts.append(("AP", armor - left))
        total = dv + bonus - left
    return max(0, total), parts


def wounds_from(modified: int, threshold: int) -> int:
    """⌊modified DV / WT⌋ wounds when the modified DV reaches the Wound Threshold (003 · step 8)."""
    if threshold < 1 or modified < threshold:
        return 0
    return modified // threshold


FIGHTING, INCAPACITATED, DEAD = "fighting", "incapacitated", "dead"


def standing_for(damage: int, durability: int, death_rating: int) -> str:
    """``dead`` at or above the Death Rating, ``incapacitated`` above Durability (003 · step 7)."""
    if damage >= death_rating:
        return DEAD
    if damage > durability:
        return INCAPACITATED
    return FIGHTING


@lru_cache(maxsize=256, typed=True)
def parsed_dv(value: str | int) -> DV:
    """:func:`parse_dv`, remembered (a few hundred sheet forms at most; ``typed``: ``True`` is no
    ``1``): a weapon's DV is read at every hit and every estimate."""
    return parse_dv(value)


__all__ = [
    "parsed_dv",
    "DV", "parse_dv", "mos_bonus", "effective_armor", "modified_dv", "wounds_from", "standing_for",
    "FIGHTING", "INCAPACITATED", "DEAD", "EXCELLENT",
]
