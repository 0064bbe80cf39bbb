"""Full-length running jumps in planned paths (000 · Movement · Jumping; DECISIONS · More rulings ·
Running start across turns; tactics/sim/runup.py), played with scripted dice and checked in the replay.

A 4 m gap (columns 6-7 of 2 m cells) splits the map from north to south. Steven (running 5) jumps
2.5 m standing, and a 2 m run-up within one turn leaves him 3 m of movement: only a run-up that
ends a turn lets him jump the 4 m (his full running with a running start is 5 m; within 1 m of it,
acrobatics 15 > 10). He starts south-west of the take-off and walks to a goal north-east of the
gap, so the planner reaches the take-off at an angle.
"""

from __future__ import annotations

import math

import pytest

from tactics import Encounter
from tactics.dice import ScriptedDice
from tactics.map import TacticalMap
from tactics.replay.schema import Jump, Move, Say
from tactics.sim import MoveTo, Plan, Scripted

from .conftest import sheet

GAP = ["......__......"] * 4
GOAL = (27.0, 1.0)


def crossing(grid, at=(1.0, 7.0), until=5.9):
    enc = Encounter(TacticalMap.from_grid(grid), dice=ScriptedDice([15]))
    steven = sheet()
    enc.add(steven, "red", at=at, policy=Scripted([Plan([MoveTo(*GOAL)])] * 6))
    enc.add(sheet("clone"), "blue", at=(27.0, 7.0), policy=Scripted([]))
    assert enc.mover_of(enc.combatants["red-1"]).max_jump_m == 5.0  # the planner offers his full running
    return enc, enc.run(until=until)


def of(result, kind, who="red-1"):
    return [e for e in result.events if isinstance(e, kind) and e.who == who]


def test_a_planned_path_lines_up_the_run_up_and_jumps_the_full_running_length():
    enc, result = crossing(GAP)
    (jump,) = of(result, Jump)
    assert jump.success and jump.running_start
    assert jump.distance == pytest.approx(4.0) and jump.max_distance == pytest.approx(5.0)
    assert jump.roll is not None and jump.roll.success          # within 1 m of the limit: acrobatics
    legs = [leg for m in of(result, Move) for leg in m.legs]
    k = next(i for i, leg in enumerate(legs) if leg.kind == "jump")
    take_off = legs[k].start
    # the walk into the take-off runs straight east for at least the 2 m of a running start
    straight = 0.0
    for leg in reversed(legs[:k]):
        dx, dy = leg.end[0] - leg.start[0], leg.end[1] - leg.start[1]
        if leg.kind != "walk" or abs(dy) > 1e-6 or dx <= 0:
            break
        straight += dx
    assert straight >= 2.0 - 1e-9 and take_off[0] == pytest.approx(11.0)
    # the 2 m run-up and the 4 m jump do not fit in one turn's 5 m: the run-up began the turn before
    turn_of_jump = next(m for m in of(result, Move) if any(leg.kind == "jump" for leg in m.legs))
    ran = sum(math.dist(leg.start[:2], leg.end[:2]) for leg in turn_of_jump.legs[:[leg.kind for leg in
                                                                                   turn_of_jump.legs].index("jump")])
    assert ran < 2.0 - 1e-6
    me = enc.combatants["red-1"]
    assert me.x > 16.0 and math.dist((me.x, me.y), GOAL) < 0.01


def test_without_ground_behind_the_take_off_the_long_jump_is_refused():
    # a wall right behind the take-off cells: the walk north into a take-off cannot be bent into a
    # straight run-up, so only the 2.5 m standing jump is left (the south row is walled across)
    walled = ["....#.__......"] * 3 + ["....#.##......"]
    enc, result = crossing(walled, at=(11.0, 7.0))
    assert of(result, Move) and of(result, Move)[0].legs[0].kind == "walk"
    assert not [j for j in of(result, Jump) if j.success]
    assert any("beyond the 2.5 m without a running start" in s.text for s in of(result, Say))
    assert enc.combatants["red-1"].x < 12.0
