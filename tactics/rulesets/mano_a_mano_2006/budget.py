"""A turn's budget: the ready points, spent one stride at a time (001 · Hit Points · Ready, Defense).

The engine moves a fighter in legs and tells the budget how far; each stride
begun costs one ready point, which goes to defense. The clone running 3 m in
the seed's example (001 · Combat Example, step 6)::

    >>> b = PointBudget("clone", ready=3, stride=1.0)
    >>> b.walk_m, b.move_cap()
    (3.0, 3.0)
    >>> b.moved(3.0)
    [Harm(who='clone', changes={'ready': -3, 'defense': 3}, source='moves 3.0 m: 3 points, one a stride of 1 m')]
    >>> b.ready, b.done
    (0, True)

A stride paid for and not yet walked is not paid twice::

    >>> b = PointBudget("x", ready=2, stride=2.0)
    >>> [e.changes for e in b.moved(1.0)], b.moved(1.0), b.move_cap()
    ([{'ready': -1, 'defense': 1}], [], 2.0)

``opening`` holds the effects of phases 1 and 2, which the engine applies
when the turn begins.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tactics.rules.effects import Effect, Harm

from .moving import points_for


class PointBudget:
    """One turn's ready points (the protocol's ``Budget``)."""

    delayed = False
    """A 2006 turn is never put off to a later slot (the engine asks every turn)."""
    done_actions = 0
    """Not counted by this system: the engine reads none (as it did when the name was missing)."""

    def __init__(self, who: str, ready: int, stride: float, swim_stride: float | None = None,
                 opening: Sequence[Effect] = (), acting: bool = True) -> None:
        self.who = who
        self.ready = max(0, int(ready)) if acting else 0
        self.stride = stride
        self.swim_stride = swim_stride if swim_stride is not None else stride
        self.opening: list[Effect] = list(opening)
        self.acting = acting
        self._paid_m = 0.0
        self.walk_m = self.ready * stride
        self.swim_m = self.ready * self.swim_stride
        self.actions = max(1, self.ready) if acting else 0
        self.acts: list[Any] = []

    @property
    def done(self) -> bool:
        return not self.acting or (self.ready <= 0 and self._paid_m <= 1e-9)

    def planned(self, acts: Sequence[Any]) -> None:
        self.acts = list(acts)

    def move_cap(self) -> float | None:
        return self.ready * self.stride + self._paid_m

    def moved(self, metres: float) -> list[Effect]:
        """Pay for ``metres`` walked: one ready point per stride begun, into defense."""
        if metres <= 0:
            return []
        use = min(metres, self._paid_m)
        self._paid_m -= use
        rest = metres - use
        n = min(points_for(rest, self.stride), self.ready)
        if n <= 0:
            return []
        self._paid_m = max(0.0, n * self.stride - rest)
        self.ready -= n
        why = f"moves {metres:.1f} m: {n} point{'s' * (n != 1)}, one a stride of {self.stride:g} m"
        return [Harm(self.who, {"ready": -n, "defense": n}, why)]

    def spend(self, n: int) -> None:
        """Points an action took from ready (the action's own ``Harm`` moves them)."""
        if n > self.ready:
            raise ValueError(f"{self.who} has {self.ready} ready points, not {n}")
        self.ready -= n


__all__ = ["PointBudget"]
