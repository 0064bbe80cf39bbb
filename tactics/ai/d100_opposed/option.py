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
    place: Callable[[], str] | None = None
    """``() -> where``: written when first asked (:attr:`label`); a phase weighs dozens of options
    and names three."""
    why: Callable[[], str] | None = None
    """``() -> note``: written when first asked (:meth:`settle`): only the chosen option's is read
    (the runners-up are named by their label), and a note holds several numbers to format."""

    def settle(self) -> Option:
        """Write ``where`` from :attr:`place` and ``note`` from :attr:`why`, once."""
        if self.place is not None:
            self.where = self.place()
            self.place = None
        if self.why is not None:
            self.note = self.why()
            self.why = None
        return self

    @property
    def label(self) -> str:
        """What it does and where (its note is not written for it)."""
        if self.place is not None:
            self.where = self.place()
            self.place = None
        return self.kind + self.where


def flag(u: UnitView, name: str) -> bool:
    return bool(getattr(u.state, name, False))


def wounds(u: UnitView) -> int:
    return int(u.tracks.get("wounds", 0))


def damage(u: UnitView) -> int:
    return int(u.tracks.get("damage", 0))


__all__ = ["Option", "polyline", "flag", "wounds", "damage"]
