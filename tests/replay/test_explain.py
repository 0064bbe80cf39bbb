"""Events in words: the log panel's lines."""

from __future__ import annotations

from tactics.replay.schema import Attack, Damage, End, Fall, RollRec, Say, State
from tactics.replay.explain import describe, details, roll_text
from tactics.viewer.palette import team_colours


def test_attack_line_explains_the_roll():
    roll = RollRec(die=14, total=18, difficulty=12, success=True, modifiers=[("skill", 3), ("charge", 1)])
    ev = Attack(t=1.0, who="a", target="b", action="strike", weapon="sword", roll=roll, hit=True, damage=10)
    assert describe(ev, {"a": "Ann", "b": "Bob"}) == "Ann -> Bob sword strike: d20 14 +4 = 18 vs 12: hit, 10 damage"
    assert details(ev)[0] == "roll: skill +3, charge +1"
    miss = Attack(t=1.0, who="a", target="b", action="shot", weapon="bow",
                  roll=RollRec(die=3, total=1, difficulty=12, success=False), hit=False)
    assert describe(miss).endswith("d20 3 -2 = 1 vs 12: miss")
    assert roll_text(RollRec(die=20, total=20, difficulty=25, success=True)) == "d20 20 (natural 20) vs 25"


def test_other_events_in_words():
    names = {"a": "Ann", "b": "Bob"}
    assert "-> incapacitated" in describe(Damage(t=1, who="b", stun=1, damage=9, total_stun=3, total_damage=12,
                                                  health="incapacitated", source="a"), names)
    assert describe(Fall(t=1, who="a", height=6.0, severity="serious", start=(0, 0, 6), end=(0, 0, 0),
                         cause="pushed", damage=4), names) == "Ann falls 6.0 m (serious, pushed): 4 damage"
    assert describe(Say(t=1, who="a", text="flanking"), names) == "Ann: “flanking”"
    assert describe(State(t=1, who="a", changes={"grapple": "b", "posture": "on_the_ground"}), names) == (
        "Ann: grapples Bob, posture on the ground"
    )
    assert describe(End(t=9, winner="red", reason="blue fled")) == "End: red wins (blue fled)"


def test_team_colours_by_name_then_distinct():
    c = team_colours(["Blue Guard", "red", "orcs", "elves"])
    assert c["red"] == (220, 50, 50) and c["Blue Guard"] == (60, 120, 235)
    assert len(set(c.values())) == 4
