"""Falls: knock-downs, dangerous falls and lethal falls.

Sources: 000 · Movement · Climbing (the fall paragraphs), 000 · Grappling
(falling down), DECISIONS.md "Falls from a height". Armor never helps.

    >>> fall_severity(3), fall_severity(3.5), fall_severity(6.5), fall_severity(31, into_water=True)
    ('knockdown', 'dangerous', 'lethal', 'lethal')
    >>> fall_severity(10, into_water=True)
    'dangerous'

Ruling (``docs/rules.md``): a knock-down is a quick attack whose power is the
faller's own strength, +1 damage per whole metre fallen after the split; at least 2 stun.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, NamedTuple

from .health import split_power
from .rolls import Modifier, RollResult, success_roll

if TYPE_CHECKING:
    from .character import Character

SEVERITIES: tuple[str, ...] = ("knockdown", "dangerous", "lethal")
#: DECISIONS.md: the difficulty of a fall roll when no roll failed.
FALL_DIFFICULTY = 10
#: 000 · Grappling: a fall always does at least this much stun.
MIN_FALL_STUN = 2


class FallResult(NamedTuple):
    """Every number of one fall, for the replay's ``fall`` event."""

    height: float
    severity: str
    roll: RollResult | None
    power: int
    damage: int
    stun: int


def fall_severity(height_m: float, into_water: bool = False) -> str:
    """``"knockdown"`` (≤ 3 m), ``"dangerous"`` (≤ 6 m) or ``"lethal"``.

    30 m or more is lethal whatever the surface; water at least 1 m deep
    (``into_water``) moves a fall below 30 m one step down.
    (000 · Movement · Climbing; DECISIONS.md "Falls from a height")
    """
    if height_m < 0:
        raise ValueError(f"a fall height is not negative: {height_m}")
    if height_m >= 30:
        return "lethal"
    step = 0 if height_m <= 3 else 1 if height_m <= 6 else 2
    if into_water and step > 0:
        step -= 1
    return SEVERITIES[step]


def knockdown(character: Character, height_m: float, sharpness: str) -> tuple[int, int, int]:
    """``(power, damage, stun)`` of being knocked down from ``height_m``.

    A quick attack of the faller's own strength with the surface's sharpness,
    +1 damage per whole metre fallen after the split (DECISIONS · More rulings), at least 2 stun. (000 · Grappling, the
    falling paragraph; the base power is a ruling of ``docs/rules.md``)

    Used for falls of 3 m or less, pushes and slams into walls, and trips.
    """
    power = character.strength
    damage, stun = split_power(power, sharpness)
    return power, damage + math.floor(max(height_m, 0.0)), max(stun, MIN_FALL_STUN)


def resolve_fall(
    character: Character,
    height_m: float,
    roll: int | None,
    *,
    difficulty: int = FALL_DIFFICULTY,
    surface_sharpness: str = "blunt",
    into_water: bool = False,
) -> FallResult:
    """Resolve a fall of ``height_m`` metres. (DECISIONS.md "Falls from a height")

    Knock-down: see :func:`knockdown` (water counts as padded; no roll is
    needed, ``roll`` may be None). Dangerous and lethal: ``roll`` + agility +
    the better of climbing and acrobatics against ``difficulty``:

    * dangerous — success unharmed; failure damage and stun = toughness;
    * lethal — success damage and stun = toughness; failure damage = stamina.
    """
    severity = fall_severity(height_m, into_water)
    if severity == "knockdown":
        sharp = "padded" if into_water else surface_sharpness
        power, damage, stun = knockdown(character, height_m, sharp)
        return FallResult(height_m, severity, None, power, damage, stun)
    if roll is None:
        raise ValueError(f"a {severity} fall needs a roll")
    skill = max(("climbing", character.ability("climbing")), ("acrobatics", character.ability("acrobatics")),
                key=lambda p: p[1])
    r = success_roll(
        roll,
        (Modifier("agility", character.agility), Modifier(skill[0], skill[1])),
        (Modifier("fall", difficulty),),
    )
    t = character.toughness
    if severity == "dangerous":
        damage, stun = (0, 0) if r.success else (t, t)
    else:
        damage, stun = (t, t) if r.success else (character.stamina, 0)
    return FallResult(height_m, severity, r, 0, damage, stun)
