"""The pieces a d100 plan is made of: an option weighed, and what the view tells of a fighter.

An :class:`Option` is one (spot, action) the tactician weighed, with its
score, what it does (``kind``) and where (``where``), the note for the
reason, and the attack's numbers when it is one::

    >>> o = Option(0.19, "ranged attack on Ilse (assault rifle)", "", [])
    >>> o.label
    'ranged attack on Ilse (assault rifle)'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from collections.abc import Callable
from typing import Any

from tactics.ai.d100_opposed.odds import Shot
from tactics.sim.view import UnitView


def polyline(me: UnitView, steps: list[Any]) -> float:
    """Metres from ``me`` through the ``MoveTo`` steps, in straight lines."""
    x, y = me.x, me.y
    out = 0.0
    for st in steps:
        out += math.hypot(st.x - x, st.y - y)
        x, y = st.x, st.y
    return out


@dataclass(slots=True)
class Option:
    score: float
    kind: str
    """What it does, without where: ``full defense``, ``ranged attack on Ruiz (assault rifle)``..."""
    where: str
    acts: list[Any]
    """The actions after the move (the move and a stand-up are added for the chosen option only)."""
    note: str = ""
    attack: Shot | None = None
    gain: float = 0.0
    threat: float = 0.0
    spot: int = 0
    stood: bool = False
    steps: list[Any] | None = None
    """Set for an option that brings its own steps (closing in)."""
    words: Callable[[], tuple[str, str]] | None = None
    """``() -> (where, note)``: written when first asked (:meth:`settle`); a phase weighs dozens of
    options and names three."""

    def settle(self) -> Option:
        """Write ``where`` and ``note`` from :attr:`words`, once."""
        if self.words is not None:
            self.where, self.note = self.words()
            self.words = None
        return self

    @property
    def label(self) -> str:
        return self.kind + self.settle().where


def flag(u: UnitView, name: str) -> bool:
    return bool(getattr(u.state, name, False))


def wounds(u: UnitView) -> int:
    return int(u.tracks.get("wounds", 0))


def damage(u: UnitView) -> int:
    return int(u.tracks.get("damage", 0))


__all__ = ["Option", "polyline", "flag", "wounds", "damage"]
