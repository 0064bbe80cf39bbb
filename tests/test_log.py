"""The fight log and the final table, for a ruleset the log has never heard of and for Mano a Mano."""

from __future__ import annotations

from pathlib import Path

from tactics.log import FightLog, describe_roll, final_rows, outcome_text
from tactics.replay import load_replay
from tactics.replay.schema import (Attack, BarInfo, Climb, End, Fall, Harm, Header, Presentation, Roll, RollRec,
                                   StandingInfo, State, TrackInfo, UnitInfo)

ROOT = Path(__file__).resolve().parents[1]

HP = Presentation(
    tracks=[TrackInfo("hp", 10, "health", start=10), TrackInfo("wounds", 3, "count")],
    standings=[StandingInfo("fighting", True), StandingInfo("bloodied", True), StandingInfo("out", False)],
    bar=BarInfo(["hp"], 10, marks=[("half", 5)]),
)


def header() -> Header:
    units = [UnitInfo(id=f"{team}-1", name=name, team=team, sheet={}, start=(0.0, 0.0, 0.0), presentation=HP,
                      policy="p") for team, name in (("red", "Ann"), ("blue", "Bob"))]
    return Header(format="tactics-replay", schema=2, tactics_version="0.2.0", seed=1, ruleset="toy", options={},
                  map={}, roster=units)


OPPOSED = RollRec(dice="d6", faces=[5], total=7, success=True, mode="opposed", mods=[("blade", 2)],
                  vs=RollRec(dice="d6", faces=[3], total=7, success=False, mods=[("guard", 3), ("shield", 1)]),
                  vs_who="blue-1", margin=0, result="half")
CLIMB = RollRec(dice="d100", faces=[12], total=12, success=True, mode="under", target=40, target_mods=[("skill", 40)])

EVENTS = [
    Attack(t=0.5, who="red-1", target="blue-1", action="lunge", weapon="rapier", roll=OPPOSED, hit=True,
           harm={"hp": -4, "wounds": 1}, details=[("power", 6), ("armor", 2)], distance=4.0),
    Harm(t=0.5, who="blue-1", changes={"hp": -4, "wounds": 1}, tracks={"hp": 6, "wounds": 1}, standing="bloodied",
         source="lunge by Ann"),
    Attack(t=1.2, who="blue-1", target="red-1", action="riposte", weapon="", reaction="parry",
           roll=RollRec(dice="4dF", faces=[-1, 0, 0, -1], total=1, success=False, mode="meet", target=3,
                        mods=[("Fencing", 3)]), hit=False),
    Roll(t=2.0, who="red-1", purpose="scaling the wall", roll=CLIMB),
    Climb(t=2.0, who="red-1", surface="wall", metres=2.0, roll=CLIMB),
    State(t=2.5, who="blue-1", changes={"prone": True}),
    State(t=2.6, who="red-1", changes={"partner": "blue-1", "role": "on top"}),
    State(t=2.6, who="blue-1", changes={"partner": "red-1", "role": "beneath"}),
    Fall(t=3.0, who="red-1", height=2.0, severity="minor", start=(0, 0, 2), end=(0, 0, 0), cause="slipped",
         harm={"hp": -1}),
    Harm(t=4.0, who="blue-1", changes={"hp": -6}, tracks={"hp": 0, "wounds": 1}, standing="out", source="x"),
    Harm(t=5.0, who="blue-1", changes={"hp": 2}, tracks={"hp": 2, "wounds": 1}, standing="bloodied", source="y"),
    State(t=5.5, who="blue-1", changes={"prone": False}),
    End(t=6.0, winner="red", reason="blue yields"),
]


def test_every_line_of_a_toy_ruleset():
    lines = [(x.round, x.kind, x.text) for x in FightLog(header(), EVENTS).lines()]
    assert lines == [
        (1, "attack", "Ann lunge (rapier) → Bob at 4 m: d6 5 +2 = 7 vs d6 3 +4 = 7: half: hit, 4 hp lost, 1 wounds"),
        (1, "harm", "Bob is bloodied (hp 6, wounds 1)"),
        (2, "attack", "parry: Bob riposte → Ann: 4dF [− 0 0 −] +3 = 1 vs 3: miss"),
        (3, "climb", "Ann climbs 2.0 m of wall (d100 12 ≤ 40 ✓)"),
        (3, "prone", "Bob is knocked to the ground"),
        (3, "grapple", "Ann grapples Bob"),
        (4, "fall", "Ann falls 2.0 m (slipped): minor, 1 hp lost"),
        (5, "down", "Bob is out (hp 0, wounds 1)"),
        (6, "recover", "Bob comes to, bloodied (hp 2, wounds 1)"),
        (6, "prone", "Bob stands up"),
    ]


def test_the_detail_form_names_every_modifier_on_both_sides():
    assert describe_roll(OPPOSED, detail=True) == "d6 5 +2 blade = 7 vs d6 3 +3 guard +1 shield = 7: half"
    assert describe_roll(CLIMB, detail=True) == "d100 12 ≤ 40 (skill 40) ✓"
    first = next(FightLog(header(), EVENTS).lines(detail=True))
    assert first.text.endswith("hit, 4 hp lost, 1 wounds (power 6, armor 2)")
    rep = load_replay(ROOT / "tests" / "replay" / "v1" / "charge.jsonl")
    first = next(FightLog(rep.header, rep.events).lines(detail=True))
    assert first.text.endswith(": hit, 8 damage (power 8)")  # absorbed 0 left out


def test_final_rows_have_a_column_per_track():
    rows = final_rows(header(), EVENTS)
    assert [list(r) for r in rows] == [["id", "name", "team", "policy", "standing", "health", "able", "hp", "wounds",
                                        "hits", "misses"]] * 2
    red, blue = rows
    assert (red["hp"], red["wounds"], red["hits"], red["standing"]) == (10, 0, 1, "fighting")
    assert (blue["hp"], blue["standing"], blue["health"], blue["misses"]) == (2, "bloodied", "bloodied", 1)
    assert red["able"] and not blue["able"]  # out of the fight once down, until an event says otherwise
    assert outcome_text(EVENTS) == "red wins after 6.0 s: blue yields"
    assert outcome_text([]) == "the replay has no end"


def test_a_mano_a_mano_fight_reads_as_it_always_did():
    rep = load_replay(ROOT / "tests" / "replay" / "v1" / "fight-4v4.jsonl")
    text = [x.text for x in FightLog(rep.header, rep.events).lines()]
    assert ("Spear thrower (red-3) quick strike (spear) → Grappler (blue-4): d20 20 (natural 20) +3 = 23 vs 12: "
            "hit, 4 damage") in text
    assert "Grappler (blue-4) is incapacitated (stun 3, damage 13)" in text
    assert "Grappler (blue-4) comes to, injured (stun 0, damage 13)" in text
    assert "Grappler (blue-4) grapples Spear thrower (red-3)" in text
    assert "Spear thrower (red-3) grapples Grappler (blue-4)" not in text  # one line per grapple
    rows = {r["id"]: r for r in final_rows(rep.header, rep.events)}
    assert (rows["blue-2"]["damage"], rows["blue-2"]["stun"], rows["blue-2"]["hits"]) == (4, 0, 9)
