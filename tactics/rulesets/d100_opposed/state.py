"""Per-fighter rule state, the encounter's options, and one phase's budget.

Source: DECISIONS-d100 · Time and turns (one complex action or up to three
quick ones per action phase; walk or run, running −10 until the next
phase; full defense and aim until the next phase or attack), 003 · step 2
(full defense).

A phase's budget: movement up to ``run / Speed`` metres, which turns into a
run (−10 to every test until the next phase) past ``walk / Speed``::

    >>> st = FighterState()
    >>> b = PhaseBudget("a-1", st, walk_limit=4.0, run_limit=20.0)
    >>> b.moved(3.0), b.move_cap()
    ([], 17.0)
    >>> b.moved(2.0)
    [Status(who='a-1', changes={'running': True})]
    >>> st.running, b.spend(quick=True), b.spend(quick=False)
    (True, None, 'one complex action or up to three quick actions per phase')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from tactics.rules.effects import Effect, Status

QUICK_PER_PHASE = 3
EPS = 1e-6


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """Rule options an encounter may set under ``[options]``.

    ``wound_tests``: each wound asks a SOM × 3 test or knocks the fighter prone
    (DECISIONS-d100 · Damage and wounds); off, wounds only weigh on tests.
    """

    wound_tests: bool = True


@dataclass(slots=True)
class FighterState:
    """What the rules remember about one fighter between its phases."""

    full_defense: bool = False
    aiming: bool = False
    running: bool = False
    acted: bool = False
    """It has had a phase of its own (surprise is over)."""
    weapon: str | None = None
    """The weapon last drawn (informational)."""
    shown: dict[str, Any] = field(default_factory=dict)
    """The statuses last sent to the engine, to send only changes."""

    def statuses(self) -> dict[str, bool]:
        return {"full_defense": self.full_defense, "aiming": self.aiming, "running": self.running}

    def status_changes(self) -> dict[str, Any]:
        """The statuses that differ from those last shown (and remember them as shown)."""
        shown = self.shown
        if (shown.get("full_defense", False) == self.full_defense and shown.get("aiming", False) == self.aiming
                and shown.get("running", False) == self.running):   # most phases: nothing changed
            return {}
        now = self.statuses()
        changed = {k: v for k, v in now.items() if self.shown.get(k, False) != v}
        self.shown.update(changed)
        return changed


@dataclass(slots=True)
class PhaseBudget:
    """One action phase's allowance (the engine's :class:`~tactics.rules.protocol.Budget`).

    ``walk_m`` is the most the phase lets the fighter move (``run / Speed``);
    past ``walk_limit`` (``walk / Speed``) the move is a run.
    """

    uid: str
    state: FighterState
    walk_limit: float
    run_limit: float
    swim_m: float = 0.0
    air_m: float = 0.0
    actions: int = QUICK_PER_PHASE
    done_actions: int = 0
    done: bool = False
    complex_used: bool = False
    quick_used: int = 0
    moved_m: float = 0.0

    @property
    def walk_m(self) -> float:
        return self.run_limit

    def planned(self, acts: Sequence[Any]) -> None:
        return None

    def move_cap(self) -> float | None:
        return max(0.0, self.run_limit - self.moved_m)

    def moved(self, metres: float) -> list[Effect]:
        self.moved_m += metres
        if not self.state.running and self.moved_m > self.walk_limit + EPS:
            self.state.running = True
            self.state.shown["running"] = True
            return [Status(self.uid, {"running": True})]
        return []

    def spend(self, quick: bool) -> str | None:
        """Use one action; the reason it is refused, or None (DECISIONS-d100 · Time and turns)."""
        if self.complex_used or (not quick and self.quick_used):
            return "one complex action or up to three quick actions per phase"
        if quick:
            if self.quick_used >= QUICK_PER_PHASE:
                return f"at most {QUICK_PER_PHASE} quick actions per phase"
            self.quick_used += 1
        else:
            self.complex_used = True
        self.done_actions += 1
        return None


__all__ = ["Options", "FighterState", "PhaseBudget", "QUICK_PER_PHASE"]
