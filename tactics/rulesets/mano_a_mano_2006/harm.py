"""What gets through: the stun/damage split and cover-roll armor (001 · Hit Points · Stun, Damage;
001 · Armor and Weapons · Sharpness, Armor).

Power ``P`` against absorption ``A`` with sharpness ``S``: ``T = max(0, P − A)``
points of harm, of which ``min(T, max(0, P + S − A))`` are damage and the rest
stun. Modre's Ice Blade (power 3 plus 1 point, sharpness −2) against the
clone's body (absorption 0), 001 · Combat Example step 5::

    >>> split_harm(4, 0, -2)
    (2, 2)
    >>> split_harm(2, 3, 0), split_harm(5, 1, 1)
    ((0, 0), (0, 4))

A half success halves both, rounded down (DECISIONS-2006 · Rolls)::

    >>> attack_harm(4, 0, -2, "half")
    (1, 1)

Armor is a cover roll against the defender's own die: pieces sorted by
absorption, highest first; the first whose running sum of cover reaches the
die blocks, and its absorption comes off the power. The seed's two examples
(cover 3 against a 4; cover 2 against a 1)::

    >>> armor_block([("mail", 3, 2)], 4) is None
    True
    >>> armor_block([("gambeson", 2, 1)], 1)
    ('gambeson', 1)
    >>> armor_block([("helmet", 1, 4), ("mail", 3, 2)], 3)
    ('mail', 2)
"""

from __future__ import annotations

from collections.abc import Iterable

from .contest import HALF, SUCCESS

BLUNT_SHARPNESS = -2
"""Sharpness of surfaces, falls and thrown bodies (ruling: blunt, docs/rules-2006.md)."""


def split_harm(power: int, absorption: int, sharpness: int) -> tuple[int, int]:
    """``(stun, damage)`` of a full success. (DECISIONS-2006 · Attacks and defense)"""
    total = max(0, power - absorption)
    damage = min(total, max(0, power + sharpness - absorption))
    return total - damage, damage


def attack_harm(power: int, absorption: int, sharpness: int, result: str) -> tuple[int, int]:
    """``(stun, damage)`` after the result: whole, halved (rounded down each) or none."""
    total = max(0, power - absorption)       # split_harm and halve, inline: every blow reads them
    damage = min(total, max(0, power + sharpness - absorption))
    stun = total - damage
    if result == SUCCESS:
        return stun, damage
    if result == HALF:
        return stun // 2, damage // 2
    return 0, 0


def armor_block(pieces: Iterable[tuple[str, int, int]], defense_die: int) -> tuple[str, int] | None:
    """The piece that blocks, as ``(name, absorption)``, from ``(name, cover, absorption)`` pieces.

    (001 · Armor and Weapons · Armor) Pieces without cover are not armor.
    """
    cover = 0
    for name, piece_cover, absorption in sorted(
            (p for p in pieces if p[1] > 0), key=lambda p: -p[2]):
        cover += piece_cover
        if cover >= defense_die:
            return name, absorption
    return None


__all__ = ["BLUNT_SHARPNESS", "split_harm", "attack_harm", "armor_block"]
