"""Events in words: the log panel's lines, for rolls of every mode and harm to any tracks."""

from __future__ import annotations

from tactics.replay.explain import describe, details, harm_text, kind_of, roll_text, state_words
from tactics.replay.schema import Attack, End, Fall, Harm, RollRec, Say, State
from tactics.viewer.palette import team_colours


def d20(face, total, target, **kw):
    return RollRec(dice="d20", faces=[face], total=total, success=total > target, target=target,
                   tags=["natural 20"] if face == 20 else [], **kw)


def test_attack_line_explains_the_roll():
    roll = d20(14, 18, 12, mods=[("skill", 3), ("charge", 1)])
    ev = Attack(t=1.0, who="a", target="b", action="strike", weapon="sword", roll=roll, hit=True,
                harm={"damage": 10})
    assert describe(ev, {"a": "Ann", "b": "Bob"}) == "Ann -> Bob sword strike: d20 14 +4 = 18 vs 12: hit, 10 damage"
    assert details(ev)[0] == "roll: skill +3, charge +1"
    miss = Attack(t=1.0, who="a", target="b", action="shot", weapon="bow", roll=d20(3, 1, 12), hit=False)
    assert describe(miss).endswith("d20 3 -2 = 1 vs 12: miss")
    assert roll_text(d20(20, 20, 25)) == "d20 20 (natural 20) vs 25"
    assert roll_text(d20(20, 24, 25, mods=[("skill", 4)])) == "d20 20 (natural 20) +4 = 24 vs 25"


def test_every_roll_mode():
    fudge = RollRec(dice="4dF", faces=[1, 1, 0, -1], total=4, success=True, mode="meet", target=3,
                    mods=[("Melee", 3)], target_mods=[("Fair", 2), ("cover", 1)])
    assert roll_text(fudge) == "4dF [+ + 0 −] +3 = 4 vs 3"
    assert roll_text(fudge, detail=True) == "4dF [+ + 0 −] +3 Melee = 4 vs 3 (Fair 2, cover 1)"
    under = RollRec(dice="d100", faces=[37], total=37, success=True, mode="under", target=55)
    assert roll_text(under) == "d100 37 ≤ 55 ✓"
    fail = RollRec(dice="d100", faces=[61], total=61, success=False, mode="under", target=20)
    assert roll_text(fail) == "d100 61 > 20 ✗"
    contest = RollRec(dice="d100", faces=[37], total=37, success=True, mode="opposed", target=55, vs=fail,
                      vs_who="b", margin=18)
    assert roll_text(contest) == "d100 37 ≤ 55 ✓ MoS 18 vs d100 61 > 20 ✗"
    half = RollRec(dice="d6", faces=[5], total=7, success=False, mode="opposed", mods=[("skill", 2)],
                   vs=RollRec(dice="d6", faces=[3], total=7, success=False, mods=[("guard", 4)]),
                   margin=0, result="half")
    assert roll_text(half) == "d6 5 +2 = 7 vs d6 3 +4 = 7: half"
    assert roll_text(half, detail=True) == "d6 5 +2 skill = 7 vs d6 3 +4 guard = 7: half"
    ev = Attack(t=0, who="a", target="b", action="cut", weapon="", roll=half, hit=True, harm={"hp": -2})
    assert details(ev)[:2] == ["roll: skill +2", "other side roll: guard +4"]


def test_harm_in_words_reads_the_track_roles():
    assert harm_text({"damage": 6, "stun": 1}) == "6 damage, 1 stun"
    assert harm_text({"hp": -4}, {"hp": "health"}) == "4 hp lost"
    assert harm_text({"body": -2, "mind": 2}, {"body": "pool", "mind": "pool"}) == "2 body lost, 2 mind back"
    assert harm_text({}) == "no harm"
    ev = Harm(t=1, who="b", changes={"hp": -4}, tracks={"hp": 2}, standing="down", source="cut by Ann")
    assert describe(ev, {"b": "Bob"}, {"b": {"hp": "health"}}) == "Bob takes 4 hp lost (cut by Ann): hp 2 -> down"
    assert kind_of(ev, {"b": frozenset({"up"})}) == "down" and kind_of(ev, {"b": frozenset({"down"})}) == "harm"
    rest = Harm(t=2, who="b", changes={"fatigue": -2}, tracks={"fatigue": 1}, standing="up", source="rest")
    assert describe(rest, {"b": "Bob"}) == "Bob recovers 2 fatigue (rest): fatigue 1 -> up"
    healed = Harm(t=2, who="b", changes={"hp": 3}, tracks={"hp": 5}, standing="up", source="potion")
    assert describe(healed, {"b": "Bob"}, {"b": {"hp": "health"}}) == "Bob recovers 3 hp (potion): hp 5 -> up"
    assert harm_text({"fatigue": -2, "wounds": 1}) == "2 fatigue recovered, 1 wounds"


def test_other_events_in_words():
    names = {"a": "Ann", "b": "Bob"}
    assert "-> out" in describe(Harm(t=1, who="b", changes={"wounds": 1}, tracks={"wounds": 3}, standing="out",
                                     source="a"), names)
    assert describe(Fall(t=1, who="a", height=6.0, severity="serious", start=(0, 0, 6), end=(0, 0, 0),
                         cause="pushed", harm={"wounds": 4}), names) == "Ann falls 6.0 m (serious, pushed): 4 wounds"
    assert describe(Say(t=1, who="a", text="flanking"), names) == "Ann: “flanking”"
    assert describe(State(t=1, who="a", changes={"partner": "b", "role": "on top", "prone": True}), names) == (
        "Ann: grapples Bob (on top), is knocked to the ground"
    )
    assert state_words({"partner": None, "role": None}) == ["is free of the grapple"]
    assert state_words({"prone": False, "prepared": "parry", "winded": True, "mark": 3}) == [
        "stands up", "is ready to parry", "winded", "mark 3"]
    assert describe(End(t=9, winner="red", reason="blue fled")) == "End: red wins (blue fled)"


def test_team_colours_by_name_then_distinct():
    c = team_colours(["Blue Guard", "red", "orcs", "elves"])
    assert c["red"] == (220, 50, 50) and c["Blue Guard"] == (60, 120, 235)
    assert len(set(c.values())) == 4
