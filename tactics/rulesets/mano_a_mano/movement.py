"""Movement numbers: encumbrance, ground movement, flight, jumping, climbing.

Sources: 000 · Movement (Swimming, Flying, Jumping, Climbing, Encumbrance);
DECISIONS.md "Movement". Pure numbers; the map turns them into paths.

    >>> carrying_capacity(3), encumbrance(6.0, 5.0), encumbrance(11.0, 5.0)
    (5.0, 'encumbered', 'immobile')
    >>> movement_per_turn(5, on_the_ground=True)
    2.5
    >>> max_jump(5, running_start=True), max_jump(5, running_start=False)
    ((5.0, 2.5), (2.5, 1.25))
    >>> climb_profile("ladder", 5), climb_profile("finger holds", 5)
    ((0, 3), (15, 1))
"""

from __future__ import annotations

import math

#: 000 · Movement · Encumbrance: carrying capacity in kg for strength 0..50.
CARRYING_CAPACITY_KG: tuple[float, ...] = (
    0, 1, 2, 5, 10, 15, 20, 30, 50, 65,
    80, 100, 120, 150, 200, 250, 300, 400, 500, 600,
    800, 1000, 1200, 1500, 1800, 2100, 2500, 3000, 4000, 5000,
    6000, 7500, 9000, 10_000, 12_000, 15_000, 20_000, 25_000, 30_000, 35_000,
    40_000, 45_000, 50_000, 55_000, 60_000, 65_000, 70_000, 75_000, 80_000, 90_000,
    100_000,
)


def carrying_capacity(strength: int) -> float:
    """Carrying capacity in kg. (000 · Movement · Encumbrance, the strength table)"""
    if not 0 <= strength < len(CARRYING_CAPACITY_KG):
        raise ValueError(f"strength {strength} is outside the carrying capacity table (0 to 50)")
    return float(CARRYING_CAPACITY_KG[strength])


def encumbrance(carried_kg: float, cc: float) -> str:
    """``"none"``, ``"encumbered"`` (above CC) or ``"immobile"`` (above 2 × CC).

    (000 · Movement · Encumbrance.) Ruling: carrying exactly CC is not encumbered;
    exactly 2 × CC is encumbered but can still move.
    """
    if carried_kg > 2 * cc:
        return "immobile"
    if carried_kg > cc:
        return "encumbered"
    return "none"


def movement_per_turn(
    base: float,
    *,
    mode: str = "running",
    on_the_ground: bool = False,
    encumbrance: str = "none",
) -> float:
    """Metres per turn for ``mode`` running, swimming or flying.

    Encumbered halves running and swimming and forbids flying; immobile is 0;
    on the ground halves again. (000 · Movement · Encumbrance; 000 · Stance and
    Position · On the Ground)

    >>> movement_per_turn(5, encumbrance="encumbered", on_the_ground=True)
    1.25
    >>> movement_per_turn(8, mode="flying", encumbrance="encumbered")
    0.0
    """
    if mode not in ("running", "swimming", "flying"):
        raise ValueError(f"unknown movement mode {mode!r}")
    metres = float(base)
    if encumbrance == "immobile":
        return 0.0
    if encumbrance == "encumbered":
        if mode == "flying":
            return 0.0
        metres /= 2
    elif encumbrance != "none":
        raise ValueError(f"unknown encumbrance {encumbrance!r}")
    if on_the_ground and mode == "running":
        metres /= 2
    return metres


# --- flight (000 · Movement · Flying) ---------------------------------------

def max_ascent(airspeed: float) -> float:
    """Most metres a flyer may climb in one turn: half its airspeed."""
    return airspeed / 2


def max_safe_descent(airspeed: float) -> float:
    """Most metres a flyer may descend safely in one turn: half its airspeed."""
    return airspeed / 2


def airspeed_after(current: float, base: float, climbed_m: float = 0.0, descended_m: float = 0.0) -> float:
    """Current airspeed after climbing or descending. (000 · Movement · Flying)

    Each metre climbed costs 1 (never below 0); each metre descended gives 1
    back, up to twice the base airspeed:

    >>> airspeed_after(8, 8, climbed_m=3), airspeed_after(5, 8, descended_m=20)
    (5.0, 16.0)
    """
    if climbed_m < 0 or descended_m < 0:
        raise ValueError("climbed and descended metres are not negative")
    if climbed_m > 0 and current <= 0:
        raise ValueError("a flyer with 0 airspeed cannot ascend")
    speed = float(current) - climbed_m
    speed = max(speed, 0.0)
    speed = min(speed + descended_m, 2.0 * base)
    return speed


def can_ascend(current_airspeed: float) -> bool:
    """Airspeed 0 means no more ascent. (000 · Movement · Flying)"""
    return current_airspeed > 0


# --- jumping (000 · Movement · Jumping) --------------------------------------

#: DECISIONS.md: a running start is at least this many metres of straight run.
RUNNING_START_M = 2.0
#: DECISIONS.md: the difficulty of the acrobatics roll for a near-limit jump.
JUMP_ROLL_DIFFICULTY = 10


def max_jump(running: float, running_start: bool) -> tuple[float, float]:
    """``(longest jump, highest jump)`` in metres. (000 · Movement · Jumping)"""
    distance = float(running) if running_start else running / 2
    return distance, distance / 2


def jump_needs_roll(needed_m: float, max_m: float) -> bool:
    """Does a jump of ``needed_m`` ask an acrobatics roll (difficulty 10)?

    Within 1 m of the maximum it does; beyond the maximum the jump is refused
    (``ValueError``). (000 · Movement · Jumping)

    >>> jump_needs_roll(3.9, 5), jump_needs_roll(4.0, 5)
    (False, True)
    """
    if needed_m > max_m:
        raise ValueError(f"a {needed_m} m jump is beyond the maximum of {max_m} m")
    return needed_m >= max_m - 1


# --- climbing (000 · Movement · Climbing) -------------------------------------

#: surface -> (difficulty, metres per turn or None for "half running, rounded up")
CLIMB_TABLE: dict[str, tuple[int, int | None]] = {
    "ladder": (0, None),
    "steep slope": (0, None),
    "rope": (5, 1),
    "pole": (5, 1),
    "hand holds": (10, 1),
    "finger holds": (15, 1),
    "sheer": (20, 1),
}
_ALIASES = {
    "steep mountain": "steep slope",
    "handholds": "hand holds",
    "fingerholds": "finger holds",
    "sheer surface": "sheer",
}


def climb_profile(surface: str, running: float) -> tuple[int, int]:
    """``(difficulty, metres per turn)`` of a climbing surface. (000 · Movement · Climbing)

    Ruling (DECISIONS.md): the surfaces the text calls "not strategically
    significant" move 1 m per turn.
    """
    key = surface.strip().lower().replace("_", " ").replace("-", " ")
    key = _ALIASES.get(key, key)
    if key not in CLIMB_TABLE:
        raise ValueError(f"unknown climbing surface {surface!r}; expected one of {sorted(CLIMB_TABLE)}")
    difficulty, metres = CLIMB_TABLE[key]
    if metres is None:
        metres = math.ceil(running / 2)
    return difficulty, metres


def ascend(current: float, base: float, metres: float) -> float:
    """Airspeed after climbing ``metres`` (at most half the base airspeed per turn).

    >>> ascend(8, 8, 4)
    4.0
    """
    if metres > max_ascent(base):
        raise ValueError(f"a flyer with airspeed {base} climbs at most {max_ascent(base)} m per turn")
    return airspeed_after(current, base, climbed_m=metres)


def descend(current: float, base: float, metres: float) -> float:
    """Airspeed after descending ``metres``; more than half the base is not a safe descent.

    >>> descend(4, 8, 4)
    8.0
    """
    if metres > max_safe_descent(base):
        raise ValueError(f"a flyer with airspeed {base} descends safely at most {max_safe_descent(base)} m per turn")
    return airspeed_after(current, base, descended_m=metres)
