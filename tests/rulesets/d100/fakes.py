"""A fake World and fake Units: just enough of the engine for the ruleset to answer.

Units stand on a line (``x`` metres); light is per unit id; line of sight
is clear unless a pair is listed as blocked; ``ask`` answers a window with
a scripted answer or its default.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from tactics.dice import ScriptedDice
from tactics.rulesets.d100_opposed import RULESET, Options
from tactics.rulesets.d100_opposed.sheet import Sheet, sheet_from_dict

APTS = {"COO": 20, "REF": 20, "SOM": 15, "INT": 15, "WIL": 15}


def sheet(**over: Any) -> Sheet:
    """A sheet from a few fields (the rest plain: aptitudes 15-20, Durability 40)."""
    data: dict[str, Any] = {"ruleset": "d100-opposed", "name": "x", "durability": 40, "aptitudes": dict(APTS)}
    data.update(over)
    return sheet_from_dict(data, "test")


PISTOL = {"name": "pistol", "skill": "Kinetic Weapons", "dv": "9", "kind": "kinetic",
          "range": {"short": 10, "medium": 30, "long": 50, "extreme": 100}}
BLADE = {"name": "blade", "skill": "Melee", "dv": "1d10+3", "ap": -1, "kind": "kinetic"}


@dataclass
class FakeUnit:
    id: str
    sheet: Sheet
    team: str = "red"
    x: float = 0.0
    y: float = 0.0
    z: float = 0.0
    flying: bool = False
    climbing: str | None = None
    prone: bool = False
    partner: str | None = None
    prepared: str | None = None
    surprised: bool = False
    tracks: dict[str, int] = field(default_factory=lambda: {"damage": 0, "wounds": 0})
    status: dict[str, Any] = field(default_factory=dict)
    standing: str = "fighting"
    state: Any = None

    def __post_init__(self) -> None:
        if self.state is None:
            self.state = RULESET.new_state(self.sheet, Options())

    @property
    def name(self) -> str:
        return self.sheet.name

    @property
    def able(self) -> bool:
        return RULESET.standing(self) == "fighting"

    @property
    def pos(self) -> tuple[float, float, float]:
        return (self.x, self.y, self.z)


@dataclass
class FakeTurn:
    t: float = 0.0
    used: float = 0.0
    run_m: float = 0.0
    reaction: str = ""
    climbed: bool = False


@dataclass
class FakeWorld:
    fighters: list[FakeUnit]
    rolls: list[int] = field(default_factory=list)
    lights: dict[str, str] = field(default_factory=dict)
    blocked: set[frozenset[str]] = field(default_factory=set)
    answers: dict[str, Any] = field(default_factory=dict)
    options: Any = field(default_factory=Options)
    now: float = 0.0
    round_seconds: float = 3.0
    asked: list[Any] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.dice = ScriptedDice(self.rolls)

    def script(self, *rolls: int) -> None:
        self.dice = ScriptedDice(rolls)

    def unit(self, uid: str) -> FakeUnit:
        for u in self.fighters:
            if u.id == uid:
                return u
        raise KeyError(uid)

    def units(self) -> list[FakeUnit]:
        return list(self.fighters)

    def distance(self, a: FakeUnit, b: FakeUnit) -> float:
        return math.dist(a.pos, b.pos)

    def flat_distance(self, a: FakeUnit, b: FakeUnit) -> float:
        return math.hypot(a.x - b.x, a.y - b.y)

    def light_at(self, u: FakeUnit) -> str:
        return self.lights.get(u.id, "bright")

    def line_of_sight(self, a: FakeUnit, b: FakeUnit) -> bool:
        return frozenset((a.id, b.id)) not in self.blocked

    def in_deep_water(self, u: FakeUnit) -> bool:
        return False

    def ask(self, reactor: FakeUnit, window: Any) -> Any:
        self.asked.append(window)
        return self.answers.get(reactor.id, window.default)


def apply(world: FakeWorld, effects: list[Any]) -> None:
    """What the engine does with Harm and Status effects, enough for multi-step tests."""
    from tactics.rules.effects import Harm, Status

    for e in effects:
        if isinstance(e, Harm):
            u = world.unit(e.who)
            for k, v in e.changes.items():
                u.tracks[k] = u.tracks.get(k, 0) + v
        elif isinstance(e, Status):
            u = world.unit(e.who)
            u.status.update(e.changes)
            if "prone" in e.changes:
                u.prone = bool(e.changes["prone"])
