"""One fighter's rule state between turns: options, evasion, manipulation penalties, holds, lost weapons.

The pools themselves are the unit's tracks (the engine changes them through
``Harm`` effects); this state keeps what the tracks cannot::

    >>> s = FighterState(turn=3)
    >>> s.evade(); s.evading, s.evade_until
    (True, 4)
    >>> s.penalise(2, until=5.0); s.take_penalty(now=4.2), s.take_penalty(now=4.3)
    (2, 0)
    >>> s.hold_on("b", Hold("choke", points=5, penalty=3, power=2)); s.keep_in_other(encumbrance=1)
    6
"""

from __future__ import annotations

from dataclasses import dataclass, field

import msgspec


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The encounter's choices among the optional rules (001 · Attacking)."""

    random_damage: bool = False
    critical_hit: bool = False
    charging: bool = True


@dataclass(frozen=True, slots=True)
class Hold:
    """A hold, choke or wrench kept on someone: ``points`` stay in other every round,
    ``penalty`` is on all the held fighter's rolls, ``power`` and ``sharpness`` strike each round
    (chokes and wrenches). (001 · Manipulation · Hold, Choke/Wrench)"""

    kind: str
    points: int
    penalty: int
    power: int = 0
    sharpness: int = -2


@dataclass(slots=True)
class FighterState:
    """What the 2006 rules remember about one fighter between effects."""

    turn: int = -1
    """Own turns begun, counted from 0."""
    evade_until: int = -1
    """Evasion's bonus lasts through the end of own turn number ``evade_until``."""
    evaded_on: int = -2
    opening_evade: bool = False
    """Started the fight evading: +4 until its first turn (001 · Rounds)."""
    penalty: int = 0
    penalty_until: float = -1.0
    holds: dict[str, Hold] = field(default_factory=dict)
    held_by: dict[str, int] = field(default_factory=dict)
    disarmed: set[str] = field(default_factory=set)
    crouching: bool = False

    @property
    def evading(self) -> bool:
        return self.evade_until >= self.turn and self.evade_until >= 0

    def can_evade(self) -> bool:
        """Evasion is used once per turn. (001 · Maneuvering · Evasion)"""
        return self.evaded_on != self.turn

    def evade(self) -> None:
        """+2 passive defense to the close of its following turn."""
        self.evaded_on = self.turn
        self.evade_until = self.turn + 1

    def penalise(self, value: int, until: float) -> None:
        """A manipulation surplus off the next combat roll made before ``until`` (seconds)."""
        if value > 0:
            self.penalty, self.penalty_until = max(self.penalty, value), until

    def take_penalty(self, now: float) -> int:
        """The pending penalty for the roll being made now (used up by it)."""
        value = self.penalty if now <= self.penalty_until else 0
        self.penalty, self.penalty_until = 0, -1.0
        return value

    def held_penalty(self) -> int:
        """The sum of the modifiers of the holds on this fighter (on all its rolls)."""
        return sum(self.held_by.values())

    def hold_on(self, target: str, hold: Hold) -> None:
        self.holds[target] = hold

    def keep_in_other(self, encumbrance: int) -> int:
        """Points phase 2 must leave in other: gear and every hold kept. (001 · Hit Points · Other Used)"""
        return encumbrance + sum(h.points for h in self.holds.values())


__all__ = ["Options", "Hold", "FighterState"]
