"""A small fake World and fake Units for the fudge-opposed tests (no engine needed).

:func:`apply` carries out the effects the way the engine does as far as
these tests need: ``Harm`` changes tracks, ``Status`` changes statuses (and
``prone`` / ``partner``), ``Push`` moves the fighter.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from tactics.dice import ScriptedDice
from tactics.rules.effects import Harm, Push, Status
from tactics.rulesets.fudge_opposed import RULESET, FudgeOptions
from tactics.rulesets.fudge_opposed.sheet import Sheet, sheet_from_dict


def make_sheet(name: str = "F", hp: int = 10, soak: int = 0, shield: bool = False, weapons=(), **skills: int) -> Sheet:
    data: dict[str, Any] = {"ruleset": "fudge-opposed", "name": name, "hit_points": hp, "soak": soak,
                            "shield": shield, "skills": skills, "weapons": list(weapons)}
    return sheet_from_dict(data, "test")


SWORD = {"name": "sword", "hands": 1, "bonus": 2}
DAGGER = {"name": "dagger", "hands": 1, "bonus": 1}
BOW = {"name": "bow", "hands": 2, "damage": 4, "band": "ranged"}
PISTOL = {"name": "pistol", "hands": 1, "damage": 3, "band": "short-range"}
RIFLE = {"name": "rifle", "hands": 2, "damage": 5, "band": "long-range"}
CARBINE = {"name": "carbine", "hands": 2, "damage": 3, "band": "ranged", "two_shots": True}


@dataclass
class FakeUnit:
    id: str
    team: str
    sheet: Sheet
    x: float = 0.0
    y: float = 0.0
    z: float = 0.0
    name: str = ""
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

    def __post_init__(self) -> None:
        self.name = self.name or self.id
        self.tracks = self.tracks or {"hp": self.sheet.hit_points}
        self.state = RULESET.new_state(self.sheet, FudgeOptions())

    @property
    def pos(self) -> tuple[float, float, float]:
        return (self.x, self.y, self.z)


@dataclass
class FakeWorld:
    units_: list[FakeUnit]
    dice: Any = None
    options: Any = field(default_factory=FudgeOptions)
    now: float = 0.0
    round_seconds: float = 2.0
    light: dict[str, str] = field(default_factory=dict)
    blocked: set[tuple[str, str]] = field(default_factory=set)
    answers: dict[str, Any] = field(default_factory=dict)
    asked: list[Any] = field(default_factory=list)
    memo: dict[str, Any] = field(default_factory=dict)

    def script(self, *faces: int) -> FakeWorld:
        self.dice = ScriptedDice(faces)
        return self

    def unit(self, uid: str) -> FakeUnit:
        for u in self.units_:
            if u.id == uid:
                return u
        raise KeyError(uid)

    def units(self) -> list[FakeUnit]:
        return list(self.units_)

    def distance(self, a: FakeUnit, b: FakeUnit) -> float:
        return math.dist(a.pos, b.pos)

    def flat_distance(self, a: FakeUnit, b: FakeUnit) -> float:
        return math.hypot(a.x - b.x, a.y - b.y)

    def light_at(self, u: FakeUnit) -> str:
        return self.light.get(u.id, "bright")

    def line_of_sight(self, a: FakeUnit, b: FakeUnit) -> bool:
        return (a.id, b.id) not in self.blocked

    def in_deep_water(self, u: FakeUnit) -> bool:
        return False

    def ask(self, reactor: FakeUnit, window: Any) -> Any:
        self.asked.append(window)
        return self.answers.get(reactor.id, window.default)


def apply(world: FakeWorld, effects: list[Any]) -> None:
    """Carry the effects out on the fake fighters."""
    for e in effects:
        if isinstance(e, Harm):
            u = world.unit(e.who)
            for k, v in e.changes.items():
                u.tracks[k] = u.tracks.get(k, 0) + v
            u.able = RULESET.standing(u) == "fighting"
        elif isinstance(e, Status):
            u = world.unit(e.who)
            for k, v in e.changes.items():
                if v is None or v is False or v == []:
                    u.status.pop(k, None)
                else:
                    u.status[k] = v
            u.prone = bool(u.status.get("prone"))
            u.partner = u.status.get("partner")
        elif isinstance(e, Push):
            u = world.unit(e.who)
            u.x += e.dx * e.metres
            u.y += e.dy * e.metres


def duel(a_sheet: Sheet, b_sheet: Sheet, distance: float = 1.0) -> tuple[FakeWorld, FakeUnit, FakeUnit]:
    a = FakeUnit("red-1", "red", a_sheet)
    b = FakeUnit("blue-1", "blue", b_sheet, x=distance)
    return FakeWorld([a, b]), a, b


def act(world: FakeWorld, unit: FakeUnit, action: str, target: str | None = None, weapon: str | None = None,
        budget: Any = None, **options: Any) -> list[Any]:
    """Declare and resolve one act, then apply its effects."""
    from tactics.rulesets.fudge_opposed.turns import TurnBudget

    b = budget if budget is not None else TurnBudget(unit.sheet.move_m)
    effects = RULESET.act(world, unit, {"action": action, "target": target, "weapon": weapon, "options": options},
                          b, None)
    apply(world, effects)
    return effects


def kinds(effects: list[Any]) -> list[str]:
    return [type(e).__name__ for e in effects]
