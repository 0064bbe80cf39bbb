"""One focused fight for each engine bug the random-encounter invariants found (issue #16).

Each reads its replay back through the reader and asks ``invariant_checks``
the one question the bug got wrong: a flyer flown toward a point past the
edge; a walk after a drop and after a fall; a fall that incapacitates
written after the move it ends; a climber on a cliff face.
"""

from __future__ import annotations

from tactics import Encounter
from tactics.dice import ScriptedDice
from tactics.map import Mover, TacticalMap
from tactics.replay import parse_replay
from tactics.replay.schema import Fall, Harm, Move
from tactics.sim import MoveTo, Plan, Scripted
from tactics.sim.vertical import face_path

from .conftest import sheet
from .invariant_checks import climbers_on_the_face, no_move_when_down, on_map, times_in_order


def read_back(enc: Encounter, until: float):
    return parse_replay(enc.run(until=until).to_bytes(), "<fight>")


def legs(replay, who: str) -> list:
    return [leg for ev in replay.events if isinstance(ev, Move) and ev.who == who for leg in ev.legs]


def test_a_flyer_sent_past_the_edge_stops_on_the_map() -> None:
    tmap = TacticalMap.from_grid(["." * 7] * 3)
    enc = Encounter(tmap, dice=ScriptedDice([]))
    plans = [Plan([MoveTo(-30.0, 3.0, 3.0)]) for _ in range(4)]
    enc.add(sheet("winged"), "red", at=(1.0, 3.0, 2.0), policy=Scripted(plans), flying=True)
    enc.add(sheet("clone"), "blue", at=(13.0, 3.0), policy=Scripted([]))
    replay = read_back(enc, 3.5)
    flown = [leg for leg in legs(replay, "red-1") if leg.kind == "fly"]
    assert flown and min(leg.end[0] for leg in flown) < 0.5  # it went for the edge...
    assert on_map(replay, tmap) == []                        # ...and stopped at it
    assert enc.combatants["red-1"].x >= 0.0


DROP = ["...." + "....", "...." + "...."]
"""A 1.5 m ledge (the west half): a walk east drops off it (Steven jumps up to 2 m)."""


def test_a_walk_after_a_drop_starts_when_the_drop_ends() -> None:
    tmap = TacticalMap.from_grid(DROP, heights=[[1.5] * 4 + [0.0] * 4] * 2)
    enc = Encounter(tmap, dice=ScriptedDice([]))
    enc.add(sheet(), "red", at=(5.0, 1.0), policy=Scripted([Plan([MoveTo(13.0, 1.0)])]))
    enc.add(sheet("clone"), "blue", at=(15.0, 3.0), policy=Scripted([]))
    replay = read_back(enc, 0.9)
    kinds = [leg.kind for leg in legs(replay, "red-1")]
    assert "drop" in kinds and kinds[-1] == "walk"
    assert times_in_order(replay) == []
    drop = next(leg for leg in legs(replay, "red-1") if leg.kind == "drop")
    walk = legs(replay, "red-1")[kinds.index("drop") + 1]
    assert walk.t0 >= drop.t1 and walk.t1 >= walk.t0


GAP = ["...._......"]  # the gap is col 4: x in [8, 10), 10 m deep


def test_a_fall_that_incapacitates_is_written_after_the_move_it_ends() -> None:
    # a standing jump at the edge fails (roll 5); the 10 m fall (roll 15) incapacitates
    enc = Encounter(TacticalMap.from_grid(GAP), dice=ScriptedDice([5, 15]))
    enc.add(sheet(), "red", at=(7.0, 1.0), policy=Scripted([Plan([MoveTo(13.0, 1.0)])]))
    enc.add(sheet("clone"), "blue", at=(21.0, 1.0), policy=Scripted([]))
    replay = read_back(enc, 0.9)
    order = [type(ev).__name__ for ev in replay.events if getattr(ev, "who", None) == "red-1"
             and isinstance(ev, (Move, Fall, Harm))]
    assert order.index("Move") < order.index("Harm")
    assert no_move_when_down(replay) == [] and times_in_order(replay) == []


CLIFF = {"grid": ["...^^^"], "legend": {"^": {"kind": "cliff", "surface": "handholds"}}, "heights": ["000555"]}


def test_a_climber_climbs_the_face_not_through_the_rock() -> None:
    m = TacticalMap.from_grid(CLIFF["grid"], legend=CLIFF["legend"], heights=CLIFF["heights"])
    # up to the face's foot, up the face on its edge (x = 6), onto the top: the heights of the straight climb
    assert face_path(m, (5.0, 1.0, 0.0), (7.0, 1.0, 5.0)) == [
        (0.0, (5.0, 1.0, 0.0)), (0.5, (6.0, 1.0, 2.5)), (1.0, (6.0, 1.0, 5.0)), (1.0, (7.0, 1.0, 5.0))]
    enc = Encounter(m, dice=ScriptedDice([15] * 12))
    climber = sheet()
    enc.add(climber, "red", at=(5.0, 1.0), policy=Scripted([Plan([MoveTo(11.0, 1.0)]) for _ in range(9)]))
    enc.add(sheet("clone"), "blue", at=(1.0, 1.0), policy=Scripted([]))
    enc.set_mover(climber, Mover(running=5, climb_surfaces={"handholds"}))
    replay = read_back(enc, 8)
    climbed = [leg for leg in legs(replay, "red-1") if leg.kind == "climb"]
    assert climbed and max(leg.end[2] for leg in climbed) == 5.0
    # every point between the foot and the top is on the face (x = 6) or beside it
    assert all(leg.end[0] <= 6.0 + 1e-9 or leg.end[2] >= 5.0 - 1e-9 for leg in climbed)
    assert climbers_on_the_face(replay, m) == []
    assert enc.combatants["red-1"].z == 5.0
