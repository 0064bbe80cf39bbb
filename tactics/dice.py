"""Dice: the one source of randomness of an encounter.

Nothing in the project reads global random state. An encounter owns one
:class:`SeededDice` (or a :class:`ScriptedDice` in tests and worked examples)
and passes it to whatever needs a roll. Every kind of die the four combat
systems use is here: the d20 (Mano a Mano), the d6 (its 2006 revision),
Fudge dice (faces -1, 0, +1), the d100 read 00-99, and any ``die(sides)``::

    >>> d = SeededDice(7)
    >>> rolls = [d.d20() for _ in range(3)]
    >>> rolls == [SeededDice(7).d20() for _ in range(1)] + rolls[1:]
    True
    >>> s = ScriptedDice([13, 2, 14])
    >>> s.d20(), s.d20(), s.d20()
    (13, 2, 14)

Scripted dice hold the faces of any kind, checked against the die asked for,
so a worked example scripts exactly the faces its text gives::

    >>> s = ScriptedDice([2, 1, 1, 0, -1, 0, 37])
    >>> s.d6(), s.d6(), s.fudge(4), s.d100()
    (2, 1, [1, 0, -1, 0], 37)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol

FUDGE_FACES = (-1, 0, 1)
"""The three faces of a Fudge die, each on two of its six sides."""


class Dice(Protocol):
    """What the rules and the engine need from a die source."""

    def d20(self) -> int:
        """A natural d20 roll, 1 to 20."""

    def die(self, sides: int) -> int:
        """A roll of one die with ``sides`` faces, 1 to ``sides``."""

    def d6(self) -> int:
        """One six-sided die, 1 to 6."""

    def fudge(self, n: int = 4) -> list[int]:
        """``n`` Fudge dice, each -1, 0 or +1 (4dF by default)."""

    def d100(self) -> int:
        """Percentile dice read 00-99 (``0`` is "00")."""


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
        """``randint(1, sides)`` of the seeded generator, drawn as it draws it (``sides.bit_length()``
        random bits, again while they say ``sides`` or more), without its layers of calls."""
        if sides < 1:
            raise ValueError(f"a die needs at least one side, not {sides}")
        self.rolled += 1
        k = sides.bit_length()
        r = self._bits(k)
        while r >= sides:
            r = self._bits(k)
        return r + 1

    def d6(self) -> int:
        """``randint(1, 6)``: 3 random bits, again while they say 6 or more."""
        self.rolled += 1
        r = self._bits(3)
        while r >= 6:
            r = self._bits(3)
        return r + 1

    def fudge(self, n: int = 4) -> list[int]:
        """``n`` Fudge dice (-1, 0, +1): each ``randint(-1, 1)`` drawn as it draws it (2 random bits,
        again while they say 3), the bound method and counter read once for all ``n``."""
        bits = self._bits
        if n == 4:   # 4dF, every contest's two rolls: the same four draws, unrolled (the loop, or drawing
            # four and redrawing the 3s, cost 2-3 % of a fudge duel's instructions more)
            a = bits(2)
            while a == 3:
                a = bits(2)
            b = bits(2)
            while b == 3:
                b = bits(2)
            c = bits(2)
            while c == 3:
                c = bits(2)
            d = bits(2)
            while d == 3:
                d = bits(2)
            self.rolled += 4
            return [a - 1, b - 1, c - 1, d - 1]
        out = []
        for _ in range(n):
            r = bits(2)
            while r >= 3:
                r = bits(2)
            out.append(r - 1)
        self.rolled += n
        return out

    def d100(self) -> int:
        """0-99 from 7 random bits, again while they say 100 or more."""
        self.rolled += 1
        r = self._bits(7)
        while r >= 100:
            r = self._bits(7)
        return r


class DiceExhausted(RuntimeError):
    """A scripted die source was asked for more rolls than it was given."""


class ScriptedDice:
    """Replays a fixed list of faces, in order; for tests and worked examples.

    Each face is checked against the die it is read for (a d6 face must be
    1-6, a Fudge face -1, 0 or 1, a d100 face 0-99). Asking for more rolls
    than were scripted raises :class:`DiceExhausted`, so a test notices when
    the engine rolls more often than the text says.
    """

    __slots__ = ("_rolls", "_next", "seed")

    def __init__(self, rolls: Iterable[int]) -> None:
        self._rolls = [int(r) for r in rolls]
        self._next = 0
        self.seed = None

    @property
    def remaining(self) -> int:
        return len(self._rolls) - self._next

    def _take(self, lo: int, hi: int, what: str) -> int:
        if self._next >= len(self._rolls):
            raise DiceExhausted(f"scripted dice ran out after {len(self._rolls)} rolls")
        value = self._rolls[self._next]
        if not lo <= value <= hi:
            raise ValueError(f"scripted roll {value} is not a {what} result")
        self._next += 1
        return value

    def d20(self) -> int:
        return self._take(1, 20, "d20")

    def die(self, sides: int) -> int:
        return self._take(1, sides, f"d{sides}")

    def d6(self) -> int:
        return self._take(1, 6, "d6")

    def fudge(self, n: int = 4) -> list[int]:
        return [self._take(-1, 1, "Fudge die") for _ in range(n)]

    def d100(self) -> int:
        return self._take(0, 99, "d100 (00-99)")
