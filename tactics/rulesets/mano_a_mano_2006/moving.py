"""Moving on points: strides, the ground, stances, standing up, climbing, jumping and falling
(001 · Hit Points · Defense; 001 · Maneuvering; 001 · Stance and Position; DECISIONS-2006 ·
Movement on the map).

Each point spent moving carries a fighter one stride, 1 + running metres
(1 m for the seed's penguins), and goes to defense. The clone's 3 m run
(001 · Combat Example, step 6) costs 3 points::

    >>> stride(0), points_for(3.0, stride(0)), points_for(4.5, stride(2))
    (1.0, 3, 2)

On the ground a stride is 2 m shorter (at least ½ m, a ruling)::

    >>> stride(3, on_ground=True), stride(0, on_ground=True)
    (2.0, 0.5)

Stances are 000's table with this revision's ±2 for every ±5::

    >>> stance_mods(True, None, "strike", role="attack")
    [('on the ground', -2)]
    >>> stance_mods(True, None, "shot", role="defense")
    [('on the ground', 2)]

Climbing difficulties on the d6 scale, and a fall's difficulty::

    >>> [CLIMB_DIFFICULTY[s] for s in ("ladder", "rope", "hand holds", "finger holds", "sheer")]
    [0, 1, 2, 3, 4]
    >>> fall_difficulty(7.5), fall_power(7.5, "half"), fall_power(7.5, "success")
    (2, 3, 0)
"""

from __future__ import annotations

import math
from functools import lru_cache

from tactics.rules import stance_modifiers
from tactics.rules.records import Mod

from .contest import FAILURE, HALF, SUCCESS

GROUND_STRIDE_PENALTY = 2.0
MIN_STRIDE_M = 0.5
STANCE_STEP = 2
"""This revision's stance modifier, in place of 000's 5 (DECISIONS-2006 · Attacks and defense · Stances)."""

CLIMB_DIFFICULTY: dict[str, int] = {"ladder": 0, "slope": 0, "rope": 1, "pole": 1, "hand holds": 2,
                                    "finger holds": 3, "sheer": 4}
"""Climb difficulty by surface, on the d6 scale (DECISIONS-2006 · Movement on the map)."""

JUMP_DIFFICULTY = 2
"""A jump within 1 m of its longest: 000's difficulty 10 on the d6 scale (ruling)."""

INSTANT_STAND_DIFFICULTY = 0
AUTO_STAND_ABOVE = 5


def stride(running: int, *, on_ground: bool = False) -> float:
    """Metres per point moved: 1 + running; 2 m less on the ground, at least ½ m."""
    s = 1.0 + max(0, running)
    if on_ground:
        s = max(MIN_STRIDE_M, s - GROUND_STRIDE_PENALTY)
    return s


def points_for(metres: float, stride_m: float) -> int:
    """Points a move of ``metres`` costs: one per stride begun."""
    if metres <= 1e-9:
        return 0
    return math.ceil(metres / stride_m - 1e-9)


STANCE_MEMORY = 512
"""How many stance answers :func:`stance_mods` keeps (a bounded ``lru_cache`` of a fixed table's reads)."""


def stance_mods(on_ground: bool, grapple: str | None, attack_kind: str, *, role: str,
                vs_grapple_partner: bool = False, from_above: bool = False, aiming: bool = False,
                special: str | None = None) -> list[Mod]:
    """000's stance table read with ±2 for each ±5. (001 · Stance and Position; DECISIONS-2006)
    Every roll of a fight reads it twice; the table is fixed, so the answers are kept (a fresh list
    each call)."""
    return list(_stance_mods(bool(on_ground), grapple, attack_kind, role, bool(vs_grapple_partner),
                             bool(from_above), bool(aiming), special))


@lru_cache(maxsize=STANCE_MEMORY)
def _stance_mods(on_ground: bool, grapple: str | None, attack_kind: str, role: str, vs_grapple_partner: bool,
                 from_above: bool, aiming: bool, special: str | None) -> tuple[Mod, ...]:
    mods = stance_modifiers("on_the_ground" if on_ground else "standing", grapple, attack_kind, role=role,
                            vs_grapple_partner=vs_grapple_partner, from_above=from_above, aiming=aiming,
                            special=special)
    return tuple((m.source, int(math.copysign(STANCE_STEP, m.value))) for m in mods if m.value)


def instant_stand_automatic(agility: int, acrobatics: int) -> bool:
    """Above 5, an instant stand needs no roll. (001 · Maneuvering · Instant Stand)"""
    return agility + acrobatics > AUTO_STAND_ABOVE


def instant_stand_effect(result: str) -> tuple[bool, bool]:
    """``(stands, evasion bonus)`` of an instant stand's result: success both, half stands only."""
    return result != FAILURE, result == SUCCESS


def climb_speed(surface: str, turn_metres: float) -> float:
    """Metres per turn of climbing: half a turn's movement (up) on a ladder or slope, else 1 m
    (as 000's rulings)."""
    if CLIMB_DIFFICULTY.get(surface, 0) == 0:
        return float(math.ceil(turn_metres / 2))
    return 1.0


def fall_difficulty(height_m: float) -> int:
    """⌊height / 3⌋: the difficulty of the roll that softens a fall. (DECISIONS-2006)"""
    return int(max(0.0, height_m) // 3)


def fall_power(height_m: float, result: str) -> int:
    """Power of a fall: metres fallen, halved (down) by a half success, none after a success."""
    power = int(max(0.0, height_m))
    return 0 if result == SUCCESS else power // 2 if result == HALF else power


def jump_limits(turn_metres: float, running_start: bool) -> tuple[float, float]:
    """(longest, highest): a turn's movement with a running start, half without; highest is half the
    longest (000's rulings on this revision's movement, docs/rules-2006.md)."""
    longest = turn_metres if running_start else turn_metres / 2
    return longest, longest / 2


__all__ = ["GROUND_STRIDE_PENALTY", "MIN_STRIDE_M", "STANCE_STEP", "CLIMB_DIFFICULTY", "JUMP_DIFFICULTY",
           "INSTANT_STAND_DIFFICULTY", "stride", "points_for", "stance_mods", "instant_stand_automatic",
           "instant_stand_effect", "climb_speed", "fall_difficulty", "fall_power", "jump_limits"]
