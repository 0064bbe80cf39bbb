"""The d100-opposed policies: one :class:`~.tactician.Tactician`, told how bold to be and what to use.

=============  ==========================================================
``gunner``     guns first (melee only in reach): the shot with the best
               expected damage per phase from any spot it can reach, aim
               when the +10 adds more than a shot now, keep to the dark
``sniper``     the same, bolder with its shots and more patient in cover
``melee``      close in and strike; full defense on the way; picks the
               defence skill with the best target number when asked
``civilian``   never attacks: full defense every phase, away from the
               enemies, out of their sight where it can
=============  ==========================================================
"""

from __future__ import annotations

from tactics.ai.d100_opposed.tactician import Tactician


class Gunner(Tactician):
    """Ranged first: best expected damage per phase from the best spot; stays in the dark."""

    caution = 0.6
    patience = 2


class Sniper(Tactician):
    """A gunner that trusts its first shots (bolder) and waits longer for a hidden enemy to show."""

    caution = 0.5
    patience = 3


class Melee(Tactician):
    """Closes in and strikes: only its melee weapons, bolder than a gunner."""

    caution = 0.4
    use_ranged = False


class Civilian(Tactician):
    """Never attacks: full defense, keeps away (out of sight where it can)."""

    caution = 3.0
    attacks = False
    closes = False
    keep_away = 0.01


POLICIES: dict[str, type] = {
    "gunner": Gunner,
    "sniper": Sniper,
    "melee": Melee,
    "civilian": Civilian,
}

__all__ = ["POLICIES", "Gunner", "Sniper", "Melee", "Civilian"]
