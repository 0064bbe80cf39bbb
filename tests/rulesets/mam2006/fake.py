"""A stand-in for the engine: units on a line, a World that asks scripted answers, effects applied in order.

Only what the ruleset protocol promises the ruleset is here (``Unit``,
``World``); :meth:`FakeWorld.apply` does what the engine does with each
effect (tracks, statuses, standing), so a test reads the pools after every
step exactly as the engine would leave them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tactics.rules.effects import Attacked, Check, Effect, Harm, Note, Refused, Status
from tactics.rules.protocol import Window


@dataclass
class FakeUnit:
    id: str
    team: str
    sheet: Any
    name: str = ""
    x: float = 0.0
    y: float = 0.0
    z: float = 0.0
    flying: bool = False
    climbing: str | None = None
    prone: bool = False
    partner: str | None = None
    prepared: str | None = None
    surprised: bool = False
    tracks: dict[str, int] = field(default_factory=dict)
    status: dict[str, Any] = field(default_factory=dict)
    standing: str = "fighting"
    able: bool = True
    state: Any = None

    @property
    def pos(self) -> tuple[float, float, float]:
        return (self.x, self.y, self.z)

    def pools(self) -> tuple[int, int, int, int, int]:
        t = self.tracks
        return (t["ready"], t["defense"], t["other"], t["stun"], t["damage"])


@dataclass
class FakeAct:
    action: str
    target: str | None = None
    weapon: str | None = None
    options: dict[str, Any] | None = None


@dataclass
class FakeTurn:
    t: float = 0.0
    used: float = 0.0
    run_m: float = 0.0
    reaction: str = ""
    climbed: bool = False


class FakeWorld:
    """The World a ruleset sees. ``answers`` are the policies' scripted answers, asked in order."""

    def __init__(self, ruleset: Any, dice: Any, units: Sequence[FakeUnit], answers: Iterable[Any] = (),
                 options: Any = None) -> None:
        self.ruleset = ruleset
        self.dice = dice
        self.now = 0.0
        self.round_seconds = 1.0
        self.options = options if options is not None else ruleset.options_type()
        self._units = {u.id: u for u in units}
        self.answers = list(answers)
        self.asked: list[Window] = []
        self.log: list[Effect] = []
        for u in units:
            u.name = u.name or u.sheet.name
            u.tracks = u.tracks or ruleset.presentation(u.sheet).start_tracks()
            u.state = u.state if u.state is not None else ruleset.new_state(u.sheet, self.options)

    def unit(self, uid: str) -> FakeUnit:
        return self._units[uid]

    def units(self) -> list[FakeUnit]:
        return list(self._units.values())

    def distance(self, a: FakeUnit, b: FakeUnit) -> float:
        return math.dist(a.pos, b.pos)

    def flat_distance(self, a: FakeUnit, b: FakeUnit) -> float:
        return math.dist((a.x, a.y), (b.x, b.y))

    def light_at(self, u: FakeUnit) -> str:
        return "bright"

    def line_of_sight(self, a: FakeUnit, b: FakeUnit) -> bool:
        return True

    def in_deep_water(self, u: FakeUnit) -> bool:
        return False

    def ask(self, reactor: FakeUnit, window: Window) -> Any:
        self.asked.append(window)
        if not self.answers:
            return window.default
        who, answer = self.answers.pop(0)
        assert who == reactor.id, f"scripted answer for {who}, but {reactor.id} was asked ({window.kind})"
        return answer

    def apply(self, effects: Iterable[Effect]) -> list[Effect]:
        """Apply effects the way the engine does; returns them for a test to read."""
        effects = list(effects)
        for e in effects:
            self.log.append(e)
            if isinstance(e, Harm):
                u = self.unit(e.who)
                for k, v in e.changes.items():
                    u.tracks[k] = u.tracks.get(k, 0) + v
                assert min(u.tracks.values()) >= 0, (e, u.tracks)
                u.standing = self.ruleset.standing(u)
                u.able = u.standing == "fighting"
            elif isinstance(e, Status):
                u = self.unit(e.who)
                u.status.update(e.changes)
                if "prone" in e.changes:
                    u.prone = bool(e.changes["prone"])
                if "partner" in e.changes:
                    u.partner = e.changes["partner"]
            else:
                assert isinstance(e, (Attacked, Check, Note, Refused)), e
        return effects

    def turn(self, uid: str, round_index: int) -> Any:
        """Begin ``uid``'s turn: the budget, with its opening effects applied."""
        budget = self.ruleset.begin_turn(self, self.unit(uid), round_index, 0)
        if budget is not None:
            self.apply(budget.opening)
        return budget
