"""Dice: the one source of randomness of an encounter.

Nothing in the project reads global random state. An encounter owns one
:class:`SeededDice` (or a :class:`ScriptedDice` in tests and worked examples)
and passes it to whatever needs a roll::

    >>> d = SeededDice(7)
    >>> rolls = [d.d20() for _ in range(3)]
    >>> rolls == [SeededDice(7).d20() for _ in range(1)] + rolls[1:]
    True
    >>> s = ScriptedDice([13, 2, 14])
    >>> s.d20(), s.d20(), s.d20()
    (13, 2, 14)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol


class Dice(Protocol):
    """What the rules and the engine need from a die source."""

    def d20(self) -> int:
        """A natural d20 roll, 1 to 20."""

    def die(self, sides: int) -> int:
        """A roll of one die with ``sides`` faces, 1 to ``sides``."""


class SeededDice:
    """A seeded die source; the same seed gives the same rolls on any machine."""

    __slots__ = ("seed", "_rng", "_bits", "rolled")

    def __init__(self, seed: int) -> None:
        self.seed = int(seed)
        self._rng = random.Random(self.seed)
        self._bits = self._rng.getrandbits
        self.rolled = 0

    def d20(self) -> int:
        """``randint(1, 20)`` of the seeded generator, drawn the way it draws it (5 random
        bits, again while they say 20 or more) without its layers of calls."""
        self.rolled += 1
        r = self._bits(5)
        while r >= 20:
            r = self._bits(5)
        return r + 1

    def die(self, sides: int) -> int:
        if sides < 1:
            raise ValueError(f"a die needs at least one side, not {sides}")
        self.rolled += 1
        return self._rng.randint(1, sides)


class DiceExhausted(RuntimeError):
    """A scripted die source was asked for more rolls than it was given."""


class ScriptedDice:
    """Replays a fixed list of rolls, in order; for tests and worked examples.

    Asking for more rolls than were scripted raises :class:`DiceExhausted`,
    so a test notices when the engine rolls more often than the text says.
    """

    __slots__ = ("_rolls", "_next", "seed")

    def __init__(self, rolls: Iterable[int]) -> None:
        self._rolls = [int(r) for r in rolls]
        self._next = 0
        self.seed = None

    @property
    def remaining(self) -> int:
        return len(self._rolls) - self._next

    def _take(self, sides: int) -> int:
        if self._next >= len(self._rolls):
            raise DiceExhausted(f"scripted dice ran out after {len(self._rolls)} rolls")
        value = self._rolls[self._next]
        if not 1 <= value <= sides:
            raise ValueError(f"scripted roll {value} is not a d{sides} result")
        self._next += 1
        return value

    def d20(self) -> int:
        return self._take(20)

    def die(self, sides: int) -> int:
        return self._take(sides)
