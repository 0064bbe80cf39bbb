"""Small hand-made replays for the viewer tests (no engine needed)."""

from __future__ import annotations

from tactics.replay import Header, UnitInfo, write_replay
from tactics.replay.schema import (Attack, BarInfo, End, Fall, Harm, LegRec, Move, Presentation, RollRec, Say,
                                   StandingInfo, State, StatusIcon, TrackInfo, Turn)
from tactics.viewer.synthetic import map_dict

# Mano a Mano's presentation (toughness 7, stamina 14), as its ruleset and the schema 1 migration write it
MANO = Presentation(
    tracks=[TrackInfo("stun", 14, "temporary"), TrackInfo("damage", 14, "harm")],
    standings=[StandingInfo("healthy", True), StandingInfo("injured", True), StandingInfo("incapacitated", False)],
    bar=BarInfo(segments=["damage", "stun"], max=14, marks=[("toughness", 7)]),
    statuses=[StatusIcon("prone", "prone", "on the ground"), StatusIcon("partner", "grapple", "grappling"),
              StatusIcon("prepared", "counter", "counter ready", "counter"), StatusIcon("aiming", "aim", "aiming"),
              StatusIcon("drawn", "bow", "bow drawn"), StatusIcon("climbing", "climb", "climbing"),
              StatusIcon("defense_bonus", "shield", "defending")],
)

# 12 × 8 cells of 2 m: bright on the left, dark on the right (columns 8-11),
# a wall block, water and a gap to draw.
GRID = [
    "............",
    "..##........",
    "..##........",
    "............",
    "........~~..",
    "........~~..",
    "..._........",
    "............",
]
LIGHT = ["bbbbbbbbkkkk"] * 8

RED_START = (5.0, 5.0, 0.0)
BLUE_START = (9.0, 5.0, 0.0)
GREEN_START = (3.0, 13.0, 6.0)  # flying 6 m up


def roster() -> list[UnitInfo]:
    sheet = {"name": "x", "speed": 1, "agility": 2, "weapons": [{"name": "sword"}]}
    return [
        UnitInfo(id="red-1", name="Ann", team="red", sheet=sheet, start=RED_START, presentation=MANO),
        UnitInfo(id="blue-1", name="Bob", team="blue", sheet=sheet, start=BLUE_START, presentation=MANO),
        UnitInfo(id="green-1", name="Gil", team="green", sheet=sheet, start=GREEN_START, presentation=MANO,
                 flying=True, airspeed=10.0),
    ]


def events() -> list:
    roll = RollRec(dice="d20", faces=[14], total=18, target=12, success=True, mods=[("skill", 4)])
    return [
        Turn(t=1.0, who="red-1", round=1),
        Move(t=1.0, who="red-1", legs=[LegRec(kind="walk", start=RED_START, end=(7.0, 5.0, 0.0), t0=1.0, t1=2.0)], metres=2.0),
        Say(t=1.0, who="red-1", text="closing on Bob"),
        Attack(t=3.0, who="red-1", target="blue-1", action="strike", weapon="sword", roll=roll, hit=True,
               harm={"damage": 5, "stun": 2}, details=[("power", 12), ("absorbed", 2)]),
        Harm(t=3.0, who="blue-1", changes={"damage": 5, "stun": 2}, tracks={"stun": 2, "damage": 5}, standing="injured",
             source="red-1"),
        Fall(t=6.0, who="green-1", height=6.0, severity="serious", start=GREEN_START, end=(3.0, 13.0, 0.0), cause="wing hit"),
        Move(t=6.0, who="green-1", legs=[LegRec(kind="fall", start=GREEN_START, end=(3.0, 13.0, 0.0), t0=6.0, t1=7.0)]),
        State(t=6.0, who="green-1", changes={"flying": False, "prone": True}),
        End(t=8.0, winner="red", reason="blue gave up", standing=["red-1"]),
    ]


def header(keyframe_every: float = 2.0) -> Header:
    return Header(
        format="tactics-replay", schema=2, tactics_version="0.2.0", seed=1, ruleset="mano-a-mano", options={},
        map=map_dict(GRID, cell_size=2.0, light=LIGHT, name="testbed"), roster=roster(), keyframe_every=keyframe_every,
    )


