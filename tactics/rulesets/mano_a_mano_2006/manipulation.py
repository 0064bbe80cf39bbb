"""Manipulation: disarm, hold, choke, wrench and throw (001 · Manipulation).

The manipulation modifier is the attacker's size plus one per point spent,
against the target's size; the surplus comes off the target's next combat
roll. A missile weapon uses its power − 5 instead::

    >>> manipulation_modifier(size=0, points=3), missile_manipulation(power=7)
    (3, 2)
    >>> surplus(3, target_size=1, result="success"), surplus(3, 1, "half"), surplus(1, 2, "success")
    (2, 1, 0)

A choke or wrench splits its power: the larger half is a manipulation
modifier, the smaller half a normal attack, every round it is kept. Mr. A's
5-point choke (001 · Manipulation · Choke/Wrench) gives −3 and power 2::

    >>> choke_split(5), choke_split(5, "half"), choke_split(4)
    ((3, 2), (1, 1), (2, 2))

A throw leaves the target prone, or crouching on a half success::

    >>> throw_position("success"), throw_position("half"), throw_position("failure")
    ('prone', 'crouching', None)
"""

from __future__ import annotations

from .contest import FAILURE, HALF, halve

MANIPULATIONS: tuple[str, ...] = ("manipulate", "disarm", "hold", "choke", "wrench", "throw")
"""Manipulation actions (001 · Manipulation)."""

MISSILE_ALLOWED: tuple[str, ...] = ("manipulate", "disarm")
"""What a missile weapon may manipulate for: no hold, choke, wrench or throw (001 · Manipulation
· Manipulation with Missile Weapons)."""


def manipulation_modifier(size: int, points: int) -> int:
    """Size + 1 per point spent. (001 · Manipulation)"""
    return size + max(0, points)


def missile_manipulation(power: int) -> int:
    """A missile weapon's manipulation modifier: its power − 5. (001 · Manipulation with Missile Weapons)"""
    return power - 5


def surplus(modifier: int, target_size: int, result: str) -> int:
    """What comes off the target's next combat roll: the modifier's excess over the
    target's size, halved (down) on a half success, none on a failure. (001 · Manipulation)"""
    return halve(max(0, modifier - target_size), result)


def choke_split(power: int, result: str = "success") -> tuple[int, int]:
    """``(manipulation modifier, attack power)`` of a choke or wrench: the larger and the smaller
    half of its power, each halved (down) on a half success. (001 · Manipulation · Choke/Wrench)"""
    if result == FAILURE:
        return 0, 0
    large, small = (power + 1) // 2, power // 2
    return halve(large, result), halve(small, result)


def throw_position(result: str) -> str | None:
    """Where a throw leaves its target. (001 · Manipulation · Throw)"""
    return None if result == FAILURE else "crouching" if result == HALF else "prone"


def throw_reach(target_height: float, thrower_reach: float, stride: float, move_points: int) -> float:
    """Reach of a thrown body used as a weapon: ¾ of its height plus the thrower's reach,
    plus stride × points spent moving during the throw. (001 · Manipulation · Throw)

        >>> throw_reach(1.6, 0.7, 2.0, 1)
        3.9
    """
    return round(0.75 * target_height + thrower_reach + stride * max(0, move_points), 6)


__all__ = ["MANIPULATIONS", "MISSILE_ALLOWED", "manipulation_modifier", "missile_manipulation", "surplus",
           "choke_split", "throw_position", "throw_reach"]
