"""Attacks at a distance, in the dark, and on the charge.

Sources: 000 · Attacking (Attacking from a Distance, Attacking in the Dark,
Charging Attack); DECISIONS.md "Attacks at a distance and in the dark". Both
Mano a Mano revisions (000 and 2006) share these; the other systems price
range and light their own way.

The 140 m example: +1 difficulty for every 7 m::

    >>> [range_difficulty(d, 140) for d in (6.9, 7, 13, 14, 20, 70, 76)]
    [0, 1, 1, 2, 2, 10, 10]
    >>> darkness_difficulty("dark", "ranged"), darkness_difficulty("dim", "strike")
    (5, 2)
    >>> charge_bonus(5.0), charge_bonus(8.7)
    (0, 3)
"""

from __future__ import annotations

import math

#: 000 · Attacking · Attacking in the Dark: light -> (grapple, strike, ranged).
DARKNESS_TABLE: dict[str, tuple[int, int, int]] = {
    "bright": (0, 0, 0),
    "dim": (1, 2, 3),
    "dark": (3, 4, 5),
}
_DARK_COLUMN = {"grapple": 0, "strike": 1, "ranged": 2, "throw": 2, "shot": 2}


def range_difficulty(distance_m: float, max_range_m: float) -> int:
    """+1 difficulty per 5 % of the maximum range; ``ValueError`` beyond it.

    (000 · Attacking · Attacking from a Distance)
    """
    if max_range_m <= 0:
        raise ValueError(f"a range attack needs a maximum range above 0, not {max_range_m}")
    if distance_m < 0:
        raise ValueError(f"distance {distance_m} is negative")
    if distance_m > max_range_m:
        raise ValueError(f"target at {distance_m} m is beyond the maximum range of {max_range_m} m")
    return math.floor(distance_m * 20 / max_range_m + 1e-9)


def darkness_difficulty(light: str, attack: str, *, blind: bool = False) -> int:
    """Difficulty added by poor light at the target. (000 · Attacking · Attacking in the Dark)

    ``attack`` is ``"grapple"``, ``"strike"`` or ``"ranged"`` (``"throw"`` and
    ``"shot"`` count as ranged). A blind attacker ignores the light.
    """
    if light not in DARKNESS_TABLE:
        raise ValueError(f"unknown light {light!r}; expected bright, dim or dark")
    if attack not in _DARK_COLUMN:
        raise ValueError(f"unknown attack kind {attack!r}; expected grapple, strike or ranged")
    if blind:
        return 0
    return DARKNESS_TABLE[light][_DARK_COLUMN[attack]]


def charge_bonus(straight_m: float) -> int:
    """Extra power for more than 5 m in a straight line before the attack.

    ``floor(m) - 5`` when ``m > 5`` else 0. (000 · Attacking · Charging Attack)
    """
    if straight_m <= 5:
        return 0
    return max(math.floor(straight_m) - 5, 0)
