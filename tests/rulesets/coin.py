"""A coin-flip duel: the smallest ruleset there is, to prove the seam.

Each fighter has hit points and one action, ``flip``: a coin at reach 2 m;
heads takes a hit point. Nothing in the engine, the AI plumbing, the replay,
the log or the viewer knows it exists; it runs through all of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import msgspec

from tactics.errors import InputError
from tactics.rules import Act, ActionInfo, Attacked, Bar, Estimate, FallOutcome, Harm, MoverSpec, Presentation
from tactics.rules import Refused, Roll, Standing, StatusInfo, Track, Window


class CoinSheet(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    hp: int = 3
    move: float = 4.0


class CoinOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    edge: bool = False
    """Unused: an option to show options round-trip through the replay header."""


@dataclass
class CoinBudget:
    actions: int = 1
    walk_m: float = 4.0
    swim_m: float = 1.0
    air_m: float = 0.0
    done_actions: int = 0
    done: bool = False

    def planned(self, acts: Any) -> None:
        pass

    def move_cap(self) -> float | None:
        return None

    def moved(self, metres: float) -> list[Any]:
        return []


class CoinSchedule:
    dynamic = False

    def __init__(self, order: list[str]) -> None:
        self.order = order

    def start_round(self, world: Any, r: int) -> list[Any]:
        return []

    def slots(self, uid: str, r: int) -> tuple[tuple[float, int], ...]:
        return ((0.5 * self.order.index(uid) / len(self.order), 0),)

    def join(self, uid: str, now: float) -> int:
        self.order.append(uid)
        return int(now) + 1


class CoinFlip:
    """A coin-flip duel: heads takes a hit point."""

    name = "coin-flip"
    version = "1"
    round_seconds = 1.0
    options_type = CoinOptions
    actions = MappingProxyType({"flip": ActionInfo("flip", "melee", "enemy", "tests/rulesets/coin.py", True)})

    def sheet_from_dict(self, data: dict[str, Any], source: str = "<dict>") -> CoinSheet:
        try:
            return msgspec.convert(data, CoinSheet)
        except msgspec.ValidationError as err:
            raise InputError(source, "(sheet)", str(err)) from None

    def sheet_to_dict(self, sheet: CoinSheet) -> dict[str, Any]:
        return msgspec.to_builtins(sheet)

    def is_sheet(self, sheet: Any) -> bool:
        return isinstance(sheet, CoinSheet)

    def presentation(self, sheet: CoinSheet) -> Presentation:
        return Presentation([Track("hp", sheet.hp, "health", start=sheet.hp)],
                            [Standing("fighting", True), Standing("out", False)], Bar(["hp"], sheet.hp),
                            [StatusInfo("prone", "prone", "down")])

    def mover(self, sheet: CoinSheet) -> MoverSpec:
        return MoverSpec(running=sheet.move)

    def new_state(self, sheet: CoinSheet, options: Any, evading: bool = False) -> None:
        return None

    def standing(self, unit: Any) -> str:
        return "fighting" if unit.tracks["hp"] > 0 else "out"

    def progress(self, unit: Any) -> float:
        return 1.0 - max(0, unit.tracks["hp"]) / unit.sheet.hp

    def schedule(self, world: Any, units: list[Any], surpriser: str | None) -> CoinSchedule:
        return CoinSchedule([u.id for u in units])

    def begin_turn(self, world: Any, unit: Any, round_index: int, phase: int) -> CoinBudget | None:
        return CoinBudget(walk_m=unit.sheet.move) if unit.able else None

    def end_turn(self, world: Any, unit: Any) -> list[Any]:
        return []

    def begin_reaction(self, world: Any, unit: Any, window: Window) -> CoinBudget:
        return CoinBudget(walk_m=unit.sheet.move)

    def ambush(self, world: Any, stalker: Any, target: Any) -> tuple[bool, list[Any]]:
        return False, []

    def speeds(self, unit: Any) -> tuple[float, float]:
        return unit.sheet.move, 1.0

    def reach(self, unit: Any) -> tuple[float, float]:
        return 2.0, 1.0

    def max_range(self, unit: Any, weapon: Any, action: str) -> float:
        return 0.0

    def jump_limits(self, unit: Any, running_start: bool) -> tuple[float, float]:
        return (2.0, 1.0) if running_start else (1.0, 0.5)

    def jump_check(self, world: Any, unit: Any, needed: float, limit: float) -> None:
        return None

    def climb(self, unit: Any, surface: str) -> tuple[int, float]:
        return 0, 1.0

    def climb_check(self, world: Any, unit: Any, surface: str) -> Any:
        from tactics.rules import Check

        face = world.dice.die(2)
        return Check(unit.id, f"climbing: {surface}", Roll(dice="d2", faces=[face], total=face, success=True, target=1))

    def fall(self, world: Any, unit: Any, height: float, into_water: bool, difficulty: int | None) -> FallOutcome:
        return FallOutcome("fall", None, {"hp": -1} if height > 3 else {})

    def airspeed_after(self, current: float, base: float, climbed_m: float, descended_m: float) -> float:
        return current

    def move_refusal(self, world: Any, unit: Any) -> None:
        return None

    def reactions(self, world: Any, unit: Any, act: Any) -> list[Window]:
        return []

    def check(self, world: Any, unit: Any, act: Any) -> str | None:
        if act.action != "flip":
            return f"unknown action {act.action!r}"
        target = world.unit(act.target or "")
        if target is None or not target.able:
            return "no target"
        if world.flat_distance(unit, target) > 2.0:
            return f"{target.name} is out of reach"
        return None

    def act(self, world: Any, unit: Any, act: Any, budget: CoinBudget, turn: Any):
        why = self.check(world, unit, act)
        if why is None and budget.done_actions:
            why = "one flip a turn"
        if why:
            yield Refused(unit.id, f"flip: {why}")
            return
        budget.done_actions += 1
        target = world.unit(act.target)
        face = world.dice.die(2)
        heads = face == 2
        roll = Roll(dice="d2", faces=[face], total=face, success=heads, target=1, tags=["heads"] if heads else [])
        yield Attacked(unit.id, target.id, "flip", "coin", roll, heads, {"hp": -1} if heads else {},
                       distance=round(world.distance(unit, target), 6), light=world.light_at(target))
        if heads:
            yield Harm(target.id, {"hp": -1}, f"flip by {unit.name}")

    def estimates(self, world: Any, unit: Any, target: Any) -> list[Estimate]:
        if self.check(world, unit, Act("flip", target=target.id)) is not None:
            return []
        left = max(1, target.tracks["hp"])
        return [Estimate("flip", None, 0.5, 1.0, 1.0 / left, Act("flip", target=target.id))]


RULESET = CoinFlip()
SHEETS = [CoinSheet("Heads"), CoinSheet("Tails", hp=4)]
