"""The Mano a Mano melee policies use the grappling and footing actions of 000 where they pay
(issues #12, #17): instant stand, let go, trip, choke. Each choice is checked lawful too."""

from __future__ import annotations

from tactics import Encounter
from tactics.dice import ScriptedDice
from tactics.map import TacticalMap
from tactics.replay.schema import Say
from tactics.sim import Act, Plan, Scripted

from ..sim.conftest import sheet

FLAT = ["." * 12] * 3


def reasons(result, who):
    return [s.text for s in result.events if isinstance(s, Say) and s.who == who]


def lawful(result):
    """No step of any plan was refused by the rules."""
    refused = [s.text for s in result.events if isinstance(s, Say) and s.text.startswith("refused")]
    assert not refused


def hold(enc, holder, held):
    """``holder`` holds ``held`` in the dominant position (000 · Stance and Position)."""
    a, b = enc.combatants[holder], enc.combatants[held]
    a.partner, a.role, b.partner, b.role = held, "dominant", holder, "inferior"


def test_a_prone_brawler_with_an_enemy_in_reach_stands_instantly_and_gains_5_defense():
    for policy in ("brawler", "cautious"):
        enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([2] * 4))
        enc.add(sheet(), "red", at=(3.0, 3.0), policy=policy)
        enc.add(sheet("clone"), "blue", at=(5.0, 3.0), policy=Scripted([]))
        red = enc.combatants["red-1"]
        red.prone = True
        result = enc.run(until=0.3)
        assert reasons(result, "red-1")[0] == "standing up at once (+5 defense) with an enemy close", policy
        assert not red.prone
        assert [m.value for m in red.state.defense_bonus] == [5]
        lawful(result)


def test_a_prone_brawler_far_from_any_enemy_stands_the_quick_way():
    enc = Encounter(TacticalMap.from_grid(["." * 60] * 3), dice=ScriptedDice([2] * 4))
    enc.add(sheet(), "red", at=(1.0, 3.0), policy="brawler")
    enc.add(sheet("clone"), "blue", at=(119.0, 3.0), policy=Scripted([]))
    red = enc.combatants["red-1"]
    red.prone = True
    result = enc.run(until=0.3)
    assert reasons(result, "red-1")[0] == "getting back up"
    assert not red.prone and not red.state.defense_bonus


def test_an_injured_prone_brawler_stands_the_quick_way_instant_stand_being_strenuous():
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([2] * 4))
    enc.add(sheet(), "red", at=(3.0, 3.0), policy="brawler")
    enc.add(sheet("clone"), "blue", at=(5.0, 3.0), policy=Scripted([]))
    red = enc.combatants["red-1"]
    red.prone = True
    red.tracks["damage"] = 8
    red.set_standing("injured")
    result = enc.run(until=0.3)
    assert reasons(result, "red-1")[0] == "getting back up"


def test_a_brawler_held_in_the_dominant_position_lets_go_and_strikes_free():
    # red's hold (15 + 3 > 13) takes the dominant position; blue, held, lets go and strikes at +0
    for policy in ("brawler", "cautious"):
        enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15] + [10] * 6))
        enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted([Plan([Act("hold", target="blue-1")])]))
        enc.add(sheet("clone"), "blue", at=(5.0, 3.0), policy=policy)
        result = enc.run(until=0.9)
        said = reasons(result, "blue-1")[0]
        assert said.startswith("letting go of Steven, who holds the dominant position"), (policy, said)
        assert enc.combatants["blue-1"].partner is None and enc.combatants["red-1"].partner is None
        lawful(result)


def test_a_grappler_held_lets_go_and_holds_afresh_without_the_inferior_minus_5():
    # red holds blue in the dominant position; blue lets go and its fresh hold (15) takes it
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15] + [10] * 6))
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted([]))
    enc.add(sheet("grappler", speed=2), "blue", at=(5.0, 3.0), policy="grappler")
    hold(enc, "red-1", "blue-1")
    result = enc.run(until=0.9)
    said = reasons(result, "blue-1")[0]
    assert said == "letting go of Steven, who holds the dominant position (hold next)"
    assert enc.combatants["blue-1"].role == "dominant"
    lawful(result)


def test_a_slow_grappler_held_by_a_much_stronger_one_lets_go_when_its_hold_is_poor():
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([10] * 8))
    enc.add(sheet("grappler"), "red", at=(3.0, 3.0), policy=Scripted([]))
    enc.add(sheet(), "blue", at=(5.0, 3.0), policy="grappler")
    hold(enc, "red-1", "blue-1")
    result = enc.run(until=0.9)
    said = reasons(result, "blue-1")[0]
    assert said.startswith("letting go of Grappler, who holds the dominant position (a hold from below: ")
    assert enc.combatants["blue-1"].partner is None
    lawful(result)


def test_a_brawler_holding_the_dominant_position_does_not_let_go():
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([10] * 8))
    enc.add(sheet(), "red", at=(3.0, 3.0), policy="brawler")
    enc.add(sheet("clone"), "blue", at=(5.0, 3.0), policy=Scripted([]))
    hold(enc, "red-1", "blue-1")
    result = enc.run(until=0.3)
    assert reasons(result, "red-1")[0].startswith("grappled:")
    assert enc.combatants["red-1"].partner == "blue-1"
