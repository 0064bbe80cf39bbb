"""Range bands, which skill an attack uses, and light (002 · Range; DECISIONS-fudge · Attacks and range).

Distances are 3-D metres between the fighters. Short range is under 2 m,
medium 2 to 15 m, long beyond 15 m::

    >>> band_of(1.5), band_of(2.0), band_of(15.0), band_of(15.5)
    ('short', 'medium', 'medium', 'long')

A weapon at a distance gives the contest's skills and modifiers, or the
reason it cannot be used there::

    >>> from tactics.rulesets.fudge_opposed.sheet import Weapon
    >>> pistol = Weapon("pistol", damage=3, band="short-range")
    >>> rifle = Weapon("rifle", hands=2, damage=5, band="long-range")
    >>> bow = Weapon("bow", hands=2, damage=4, band="ranged")
    >>> weapon_use(pistol, 1.0)
    Use(skill='Melee', defence='Block', mods=(('short-range weapon at short range', 1),))
    >>> weapon_use(rifle, 1.0)
    'a long-range weapon cannot be used at short range'
    >>> weapon_use(bow, 31.0).mods
    (('range 31 m', -2),)
"""

from __future__ import annotations

from typing import NamedTuple

from tactics.rules.records import Mod

from .sheet import Weapon

SHORT_RANGE_M = 2.0
"""Short range: strictly under this many metres."""

MEDIUM_RANGE_M = 15.0
"""Medium range: up to this many metres; long range beyond."""

RANGE_STEP_M = 15.0
"""At long range, weapons of neither special band take -1 per full step."""

SHORT_RANGE_WEAPON_BONUS = 1

LIGHT_MODS: dict[str, int] = {"bright": 0, "dim": -1, "dark": -2}
"""To the attack, by the light where the target stands (DECISIONS-fudge · Attacks and range)."""


class Use(NamedTuple):
    """How a weapon is used at a distance: attack skill, the defence it is rolled against, modifiers."""

    skill: str
    defence: str
    mods: tuple[Mod, ...] = ()


MELEE_USE = Use("Melee", "Block")
"""The plain uses, made once (a named tuple: nobody can change one; a class call costs about 1 µs)."""
SHOT_USE = Use("Marksmanship", "Dodge")


def band_of(distance: float) -> str:
    """``short``, ``medium`` or ``long``."""
    if distance < SHORT_RANGE_M:
        return "short"
    if distance <= MEDIUM_RANGE_M:
        return "medium"
    return "long"


def weapon_use(weapon: Weapon, distance: float) -> Use | str:
    """The contest ``weapon`` makes at ``distance`` metres, or why it cannot be used there."""
    band = band_of(distance)
    if weapon.band is None:
        if band != "short":
            return f"{weapon.name} is a melee weapon and reaches only under {SHORT_RANGE_M:g} m ({distance:.1f} m)"
        return MELEE_USE
    if band == "long" and weapon.band == "short-range":
        return "a short-range weapon cannot be used at long range"
    if distance > weapon.reach_m:
        return f"{weapon.name} reaches {weapon.reach_m:g} m, the target is {distance:.1f} m away"
    if band == "short":
        if weapon.band == "long-range":
            return "a long-range weapon cannot be used at short range"
        if weapon.band == "short-range":
            return Use("Melee", "Block", (("short-range weapon at short range", SHORT_RANGE_WEAPON_BONUS),))
        return MELEE_USE
    if band == "medium":
        return SHOT_USE
    if weapon.band == "long-range":
        return SHOT_USE
    steps = int(distance // RANGE_STEP_M)
    return Use("Marksmanship", "Dodge", ((f"range {distance:.0f} m", -steps),))


def light_mods(light: str) -> tuple[Mod, ...]:
    """``dim`` -1, ``dark`` -2 to the attack; nothing in bright light.

        >>> light_mods("dark"), light_mods("bright")
        ((('dark', -2),), ())
    """
    return _LIGHT_TUPLES.get(light, ())   # (a light the table does not know: no modifier)


_LIGHT_TUPLES: dict[str, tuple[Mod, ...]] = {k: (((k, v),) if v else ()) for k, v in LIGHT_MODS.items()}
""":func:`light_mods` of each light the map knows, made once (every attack asks)."""


__all__ = ["SHORT_RANGE_M", "MEDIUM_RANGE_M", "RANGE_STEP_M", "SHORT_RANGE_WEAPON_BONUS", "LIGHT_MODS", "Use", "MELEE_USE", "SHOT_USE",
           "band_of", "weapon_use", "light_mods"]
