"""Health: stun, damage, and the three states they put a character in.

Source: 000 · Health (Sharpness, Healthy, Injured, Incapacitated, Stun and
Resting, Damage and Healing); DECISIONS.md "Health and damage".

Power that gets through armor splits by sharpness::

    >>> split_power(5, "blunt")      # 000 · Health · Sharpness: 2 damage, 3 stun
    (2, 3)
    >>> split_power(10, "sharp"), split_power(4, "padded")
    ((10, 0), (0, 4))

Stun plus damage against toughness and stamina gives the state (Steven's
clone has toughness 7 and stamina 14)::

    >>> health_state(0, 6, 7, 14), health_state(0, 10, 7, 14), health_state(0, 15, 7, 14)
    ('healthy', 'injured', 'incapacitated')
"""

from __future__ import annotations

from typing import Literal

Sharpness = Literal["sharp", "blunt", "padded"]
Health = Literal["healthy", "injured", "incapacitated"]
SHARPNESSES: tuple[str, ...] = ("sharp", "blunt", "padded")
HEALTH_STATES: tuple[str, ...] = ("healthy", "injured", "incapacitated")


def split_power(power: int, sharpness: str) -> tuple[int, int]:
    """``(damage, stun)`` from ``power`` that got through armor. (000 · Health · Sharpness)"""
    if power <= 0:
        return 0, 0
    if sharpness == "blunt":
        return power // 2, power - power // 2
    if sharpness == "sharp":
        return power, 0
    if sharpness == "padded":
        return 0, power
    raise ValueError(f"unknown sharpness {sharpness!r}; expected one of {SHARPNESSES}")


def health_state(stun: int, damage: int, toughness: int, stamina: int) -> str:
    """``"healthy"``, ``"injured"`` or ``"incapacitated"``. (000 · Health · Healthy/Injured/Incapacitated)"""
    hurt = stun + damage
    if hurt >= stamina:
        return "incapacitated"
    if hurt >= toughness:
        return "injured"
    return "healthy"


def recover_stun(stun: int, state: str) -> int:
    """Stun left after the end-of-turn recovery. (000 · Rounds; 000 · Health · Stun and Resting)

    One stun per turn; an incapacitated character recovers half, rounded up:

    >>> recover_stun(2, "healthy"), recover_stun(0, "injured"), recover_stun(5, "incapacitated")
    (1, 0, 2)
    """
    if stun <= 0:
        return 0
    if state == "incapacitated":
        return stun - (stun + 1) // 2
    return stun - 1


def rest(stun: int) -> int:
    """Stun left after the rest action: none. (000 · Other Actions · rest)

    The +5 defense until the next turn is on ``ACTIONS["rest"]``.
    """
    return 0


def healing_difficulty(days_exerted: int, times_hurt: int, times_incapacitated_by_damage: int) -> int:
    """Difficulty of the weekly healing roll. (000 · Health · Damage and Healing)

    >>> healing_difficulty(2, 3, 1)
    20
    """
    return 10 + days_exerted + times_hurt + 5 * times_incapacitated_by_damage


def heal_damage(damage: int, succeeded: bool) -> int:
    """Damage left after the weekly healing roll: half recovered, rounded up.

    >>> heal_damage(5, True), heal_damage(5, False)   # 000 · Health · Damage and Healing
    (2, 5)
    """
    if not succeeded or damage <= 0:
        return max(damage, 0)
    return damage - (damage + 1) // 2
