"""Jumps, climbs and falls on the map (DECISIONS-fudge · Movement on the map; the seed says nothing).

Jumps: up to ``move`` / 2 metres with a 2 m running start, a quarter of that
standing; within 1 m of the limit the jump asks Athletics against 1 (fair).
The highest jump is a quarter of the longest (a ruling, docs/rules-fudge.md)::

    >>> jump_limits(6.0, running_start=True), jump_limits(6.0, running_start=False)
    ((3.0, 0.75), (0.75, 0.1875))

Climbing: Athletics each turn against the surface; ladders at half ``move``,
the rest 1 m per turn::

    >>> climb_numbers("rope", 6.0), climb_numbers("ladder", 6.0)
    ((1, 1.0), (0, 3.0))

Falls over 2 m: 2 hit points per metre beyond 2 (whole metres, rounded down),
ignoring Soak; Athletics against ⌊height / 3⌋ halves it (rounded down);
into water 1 m deep or more, nothing below 10 m::

    >>> fall_harm(5.0), fall_harm(5.0, halved=True), fall_harm(9.0, into_water=True)
    (6, 3, 0)
"""

from __future__ import annotations

import math

JUMP_RUNNING_SHARE = 0.5
JUMP_STANDING_SHARE = 0.25
"""A standing jump is a quarter of the running one."""
JUMP_HEIGHT_SHARE = 0.25
"""Ruling: the highest jump is a quarter of the longest."""
JUMP_MARGIN_M = 1.0
JUMP_DIFFICULTY = 1
RUNNING_START_M = 2.0

CLIMB_DIFFICULTY: dict[str, int] = {"ladder": 0, "rope": 1, "hand holds": 2, "finger holds": 3, "sheer": 4}
"""Athletics difficulty per surface (0 routine … 4 superb)."""
CLIMB_ALIASES: dict[str, str] = {"handholds": "hand holds", "fingerholds": "finger holds", "cliff": "hand holds",
                                 "ledge": "hand holds", "wall": "sheer"}
CLIMB_M = 1.0
"""Metres per turn on anything but a ladder."""
LADDER_SHARE = 0.5

FALL_SAFE_M = 2.0
FALL_HP_PER_M = 2
FALL_STEP_M = 3.0
"""Athletics against ⌊height / 3⌋ halves a fall."""
WATER_SAFE_M = 10.0


def jump_limits(move_m: float, running_start: bool) -> tuple[float, float]:
    """(longest, highest) jump in metres."""
    longest = move_m * JUMP_RUNNING_SHARE
    if not running_start:
        longest *= JUMP_STANDING_SHARE
    return longest, longest * JUMP_HEIGHT_SHARE


def jump_needs_roll(needed: float, limit: float) -> bool:
    """Within 1 m of the limit a jump asks Athletics ≥ 1."""
    return needed > limit - JUMP_MARGIN_M


def climb_numbers(surface: str, move_m: float) -> tuple[int, float]:
    """(difficulty, metres per turn) of climbing ``surface``."""
    s = CLIMB_ALIASES.get(surface, surface)
    difficulty = CLIMB_DIFFICULTY.get(s, CLIMB_DIFFICULTY["hand holds"])
    return difficulty, move_m * LADDER_SHARE if s == "ladder" else CLIMB_M


def fall_difficulty(height: float) -> int:
    return int(height // FALL_STEP_M)


def fall_harm(height: float, into_water: bool = False, halved: bool = False) -> int:
    """Hit points a fall of ``height`` metres takes (Soak does not count)."""
    if height <= FALL_SAFE_M or (into_water and height < WATER_SAFE_M):
        return 0
    harm = FALL_HP_PER_M * math.floor(height - FALL_SAFE_M)
    return harm // 2 if halved else harm


__all__ = ["JUMP_RUNNING_SHARE", "JUMP_STANDING_SHARE", "JUMP_HEIGHT_SHARE", "JUMP_MARGIN_M", "JUMP_DIFFICULTY",
           "RUNNING_START_M", "CLIMB_DIFFICULTY", "CLIMB_M", "LADDER_SHARE", "FALL_SAFE_M", "FALL_HP_PER_M",
           "FALL_STEP_M", "WATER_SAFE_M", "jump_limits", "jump_needs_roll", "climb_numbers", "fall_difficulty",
           "fall_harm"]
