"""The Mano a Mano melee policies use the grappling and footing actions of 000 where they pay
(issues #12, #17): instant stand, let go, trip, choke. Each choice is checked lawful too."""

from __future__ import annotations

from tactics import Encounter
from tactics.dice import ScriptedDice
from tactics.map import TacticalMap
from tactics.replay.schema import Attack, Say
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


def test_a_weak_handed_brawler_trips_when_the_trip_beats_its_strikes():
    # the climber's hands (power 3) strike weakly; a double-power trip (20 hits) pays more
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([20, 2] + [10] * 6))
    enc.add(sheet("climber"), "red", at=(3.0, 3.0), policy="brawler")
    enc.add(sheet("archer"), "blue", at=(5.0, 3.0), policy=Scripted([]))
    result = enc.run(until=0.9)
    said = reasons(result, "red-1")[0]
    assert said.startswith("tripping Archer ("), said
    (attack,) = [e for e in result.events if isinstance(e, Attack)]
    assert attack.action == "trip" and attack.hit
    assert enc.combatants["blue-1"].prone  # the balance roll (2) failed: knocked down
    lawful(result)


def test_steven_strikes_rather_than_trips_a_foe_his_machete_hurts_more():
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([10] * 8))
    enc.add(sheet(), "red", at=(3.0, 3.0), policy="brawler")
    enc.add(sheet("clone"), "blue", at=(5.0, 3.0), policy=Scripted([]))
    result = enc.run(until=0.9)
    assert reasons(result, "red-1")[0].startswith("powerful strike with machete")


def test_a_grappler_trips_a_foe_that_slipped_its_hold_instead_of_holding_it_again():
    # the grappler's hold takes Steven (15); Steven lets go on his turn; the grappler, remembering,
    # trips him (15 hits, balance 2 fails) rather than clinching again
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15, 10, 15, 2] + [10] * 8))
    enc.add(sheet("grappler"), "red", at=(3.0, 3.0), policy="grappler")
    enc.add(sheet(), "blue", at=(5.0, 3.0), policy=Scripted([Plan([Act("let go")])]))
    result = enc.run(until=1.9)
    said = reasons(result, "red-1")
    assert said[0].startswith("clinching Steven"), said
    assert said[1].startswith("tripping Steven ("), said
    assert [e.action for e in result.events if isinstance(e, Attack) and e.who == "red-1"][-1] == "trip"
    lawful(result)


def test_a_grappler_clinches_a_foe_that_never_slipped_its_hold():
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15] + [10] * 8))
    enc.add(sheet("grappler"), "red", at=(3.0, 3.0), policy="grappler")
    enc.add(sheet("clone"), "red", at=(5.0, 5.0), policy=Scripted([]))
    enc.add(sheet(), "blue", at=(5.0, 3.0), policy=Scripted([]))
    result = enc.run(until=0.9)
    assert reasons(result, "red-1")[0].startswith("clinching Steven")


def test_nobody_trips_a_rider_or_from_the_saddle():
    from tactics.ai.mano_a_mano.trips import trip_value
    from tactics.sim.view import View
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([]))
    enc.add(sheet("climber"), "red", at=(3.0, 3.0), policy=Scripted([]))
    enc.add(sheet(), "blue", at=(5.0, 3.0), policy=Scripted([]))
    view = View(enc, enc.combatants["red-1"])
    assert trip_value(view, view.me, view.unit("blue-1")) is not None
    enc.combatants["blue-1"].carrier = "red-1"  # as if blue sat on a mount
    view = View(enc, enc.combatants["red-1"])
    assert trip_value(view, view.me, view.unit("blue-1")) is None


def pinned(enc, holder, held):
    """``holder`` holds ``held`` down in the dominant position, both on the ground."""
    hold(enc, holder, held)
    enc.combatants[holder].prone = enc.combatants[held].prone = True


def test_a_grappler_chokes_a_foe_whose_armor_eats_a_wrench_and_wrenches_an_unarmored_one():
    # plate that cannot be avoided and absorbs 9 of the wrench's 10 power: a wrench leaves 1 stun,
    # a choke at least 2 whatever the armor (000 · Grappling Actions · choke)
    plate = [{"name": "plate", "cover": 0, "complete": True, "absorption": 9, "mass": 20}]
    for armor, action in ((plate, "choke"), (None, "wrench")):
        enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15] + [10] * 8))
        enc.add(sheet("grappler"), "red", at=(3.0, 3.0), policy="grappler")
        foe = sheet("clone", armor=armor) if armor else sheet("clone")
        enc.add(foe, "blue", at=(5.0, 3.0), policy=Scripted([]))
        pinned(enc, "red-1", "blue-1")
        result = enc.run(until=0.9)
        said = reasons(result, "red-1")[0]
        assert said.startswith(f"dominant on the ground: {action} on Clone"), said
        (attack,) = [e for e in result.events if isinstance(e, Attack)]
        assert attack.action == action and attack.hit
        if action == "choke":
            assert attack.harm == {"stun": 2}
        lawful(result)


def test_a_free_grappler_on_the_ground_stands_at_once_when_a_foe_is_close():
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([10] * 8))
    enc.add(sheet("grappler"), "red", at=(3.0, 3.0), policy="grappler")
    enc.add(sheet(), "blue", at=(5.0, 3.0), policy=Scripted([]))
    enc.combatants["red-1"].prone = True
    result = enc.run(until=0.9)
    assert reasons(result, "red-1")[0] == "standing up at once (+5 defense) with an enemy close"
    assert not enc.combatants["red-1"].prone
    lawful(result)
