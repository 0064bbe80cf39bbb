"""Jumps, climbs and falls on the map, priced in d100 tests and damage.

Source: DECISIONS-d100 · Movement on the map (the seed has no movement
rules); the fall's damage goes through 003 · step 7 (damage) and step 8
(wounds), armor not helping.

Jumps reach ``walk`` metres with a 2 m running start and half that from a
standing start; a jump within 1 m of the limit asks a Freerunning test::

    >>> jump_limits(4.0, running_start=True), jump_limits(4.0, running_start=False)
    ((4.0, 1.0), (2.0, 0.5))
    >>> jump_needs_test(3.2, 4.0), jump_needs_test(2.9, 4.0)
    (True, False)

Climbing surfaces modify the Climbing test and set the pace per phase::

    >>> CLIMB["ladder"], CLIMB["fingerholds"]
    ((30, 2.0), (-20, 1.0))

Falls do 1d10 per full 3 m, halved (round down) into water 1 m deep or more::

    >>> fall_dice(7.5), fall_dice(2.9)
    (2, 0)
    >>> fall_damage([6, 5], into_water=True)
    5
"""

from __future__ import annotations

RUNNING_START_M = 2.0
JUMP_TEST_MARGIN_M = 1.0
JUMP_HEIGHT_SHARE = 0.25
"""The highest jump is a quarter of the longest (ruling, docs/rules-d100.md)."""

CLIMB: dict[str, tuple[int, float]] = {
    "ladder": (30, 2.0),
    "steep-slope": (20, 1.0),
    "rope": (10, 1.0),
    "pole": (10, 1.0),
    "handholds": (0, 1.0),
    "fingerholds": (-20, 1.0),
    "sheer": (-30, 1.0),
}
"""Surface -> (modifier to the Climbing test, metres per phase). ``steep-slope`` and ``pole``
are rulings (docs/rules-d100.md); the others are DECISIONS-d100's."""
CLIMB_UNKNOWN = (0, 1.0)

FALL_STEP_M = 3.0
FALL_DIE = 10


def jump_limits(walk: float, running_start: bool) -> tuple[float, float]:
    """(longest, highest) jump in metres."""
    longest = walk if running_start else walk / 2
    return longest, longest * JUMP_HEIGHT_SHARE


def jump_needs_test(needed: float, limit: float) -> bool:
    """A jump within 1 m of its limit asks a Freerunning test."""
    return needed > limit - JUMP_TEST_MARGIN_M


def climb_profile(surface: str) -> tuple[int, float]:
    """(Climbing modifier, metres per phase) of ``surface``."""
    return CLIMB.get(surface, CLIMB_UNKNOWN)


def fall_dice(height: float) -> int:
    """d10s of DV for a fall of ``height`` metres: one per full 3 m."""
    return max(0, int(height // FALL_STEP_M))


def fall_damage(faces: list[int], into_water: bool) -> int:
    """The fall's DV from its faces, halved (down) into deep water; armor does not help."""
    total = sum(faces)
    return total // 2 if into_water else total


__all__ = [
    "RUNNING_START_M", "JUMP_TEST_MARGIN_M", "CLIMB", "FALL_STEP_M",
    "jump_limits", "jump_needs_test", "climb_profile", "fall_dice", "fall_damage",
]
