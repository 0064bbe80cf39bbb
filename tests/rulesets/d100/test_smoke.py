"""Whole fights without the engine: schedule, phases, estimates, acts and harm, seeded dice.

A stand-in for the engine's loop (the real one is being rewritten): every
action turn rolls initiative, every phase gets a budget, the fighter takes
its best estimate (or closes in), the effects are applied, and the fight
ends with one side out. Nothing may raise, and the same seed fights the
same fight.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics.dice import SeededDice
from tactics.rules.effects import Attacked, Refused
from tactics.rulesets.d100_opposed import RULESET
from tactics.rulesets.d100_opposed.sheet import load_sheet

from .fakes import FakeTurn, FakeUnit, FakeWorld, apply

SHEETS = Path(__file__).resolve().parents[3] / "assets" / "characters" / "d100"


def fight(seed: int, red: str, blue: str, gap: float) -> list[str]:
    a = FakeUnit("red", load_sheet(SHEETS / f"{red}.toml"), team="red", x=0.0)
    b = FakeUnit("blue", load_sheet(SHEETS / f"{blue}.toml"), team="blue", x=gap)
    world = FakeWorld([a, b])
    world.dice = SeededDice(seed)
    sched = RULESET.schedule(world, world.units(), None)
    log: list[str] = []
    for r in range(60):
        apply(world, sched.start_round(world, r))
        slots = sorted((t, p, uid) for uid in sched.orders[r] for t, p in sched.slots(uid, r))
        for _, phase, uid in slots:
            me = world.unit(uid)
            foe = b if me is a else a
            if not (me.able and foe.able):
                continue
            budget = RULESET.begin_turn(world, me, r, phase)
            assert budget is not None
            if me.prone:   # standing up is a quick action: no attack in this phase
                apply(world, RULESET.act(world, me, dict(action="stand up"), budget, FakeTurn()))
                apply(world, RULESET.end_turn(world, me))
                continue
            ests = RULESET.estimates(world, me, foe)
            if not ests:
                step = min(budget.move_cap() or 0.0, abs(foe.x - me.x) - 1.5)
                me.x += step if foe.x > me.x else -step
                apply(world, budget.moved(step))
                ests = RULESET.estimates(world, me, foe)
            if ests:
                effects = RULESET.act(world, me, ests[0].act, budget, FakeTurn())
                assert not any(isinstance(e, Refused) for e in effects), effects
                apply(world, effects)
                log += [f"{e.who}>{e.target} {e.weapon} {e.roll.faces} {e.hit} {e.harm}"
                        for e in effects if isinstance(e, Attacked)]
            apply(world, RULESET.end_turn(world, me))
        if not (a.able and b.able):
            break
    log.append(f"end {RULESET.standing(a)} {RULESET.standing(b)}")
    return log


@pytest.mark.parametrize("red, blue, gap", [
    ("duelist", "heavy", 10.0), ("runner", "civilian", 30.0), ("sniper", "gunner", 60.0), ("gunner", "duelist", 20.0),
])
def test_fights_end_and_replay_the_same(red: str, blue: str, gap: float) -> None:
    for seed in range(4):
        log = fight(seed, red, blue, gap)
        assert log == fight(seed, red, blue, gap)
        assert len(log) > 1


def test_someone_goes_down_in_most_fights() -> None:
    ends = [fight(seed, "duelist", "civilian", 4.0)[-1] for seed in range(6)]
    assert sum("fighting fighting" not in e for e in ends) >= 5
