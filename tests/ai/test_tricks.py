"""The Mano a Mano policies use the rarer actions of 000 where they pay (tactics/ai/mano_a_mano/tricks.py):
cover for a wounded ally, disarm against a better-armed foe, push near a drop, heave, reload, pick up."""

from __future__ import annotations

from tactics import Encounter
from tactics.dice import ScriptedDice
from tactics.map import TacticalMap
from tactics.replay.schema import Attack, Say
from tactics.sim import Act, Plan, Scripted

from ..sim.conftest import sheet

FLAT = ["." * 12] * 3


def first_reason(result, who):
    return next(s.text for s in result.events if isinstance(s, Say) and s.who == who)


def test_a_brawler_covers_a_wounded_ally_an_enemy_threatens():
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([2] * 4))
    enc.add(sheet(), "red", at=(1.0, 3.0), policy="brawler")
    enc.add(sheet("clone"), "red", at=(3.0, 3.0), policy=Scripted([]))
    enc.add(sheet("clone"), "blue", at=(5.5, 3.0), policy=Scripted([]))
    ally = enc.combatants["red-2"]
    ally.tracks["damage"] = 8
    ally.set_standing("injured")
    result = enc.run(until=0.3)
    assert first_reason(result, "red-1") == "covering wounded Clone from Clone"
    assert enc.combatants["red-1"].state.covering == "red-2"


def test_a_brawler_disarms_a_foe_whose_weapon_hits_harder():
    # the climber's hands (3) against Steven's machete (5): disarm 20 + 5 > 18
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([20]))
    enc.add(sheet("climber"), "red", at=(3.0, 3.0), policy="brawler")
    enc.add(sheet(), "blue", at=(5.0, 3.0), policy=Scripted([]))
    result = enc.run(until=0.3)
    (attack,) = [e for e in result.events if isinstance(e, Attack)]
    assert attack.action == "disarm" and attack.hit
    assert enc.combatants["blue-1"].state.out_of_hand == {"machete": "taken"}


def test_a_grappler_pushes_a_foe_off_a_ledge_and_a_brawler_too():

    # a 3 m platform with ladders up its sides: the one pushed off can climb back into the fight
    m = TacticalMap.from_grid(["^^^..."], legend={"^": {"kind": "cliff", "surface": "ladder"}}, heights=["333000"])
    for policy in ("brawler", "grappler"):
        enc = Encounter(m, dice=ScriptedDice([15, 15]))
        enc.add(sheet(), "red", at=(3.0, 1.0), policy=policy)
        enc.add(sheet("clone"), "blue", at=(5.0, 1.0), policy=Scripted([]))
        result = enc.run(until=0.3)
        assert first_reason(result, "red-1").startswith("pushing Clone toward a 3 m drop")
        assert enc.combatants["blue-1"].z == 0.0


def test_nobody_is_pushed_into_a_pit_it_cannot_climb_out_of():
    # the same drop without ladders: the fight could never end, so the brawler strikes instead
    m = TacticalMap.from_grid(["......"], heights=["333000"])
    enc = Encounter(m, dice=ScriptedDice([15, 15]))
    enc.add(sheet(), "red", at=(3.0, 1.0), policy="brawler")
    enc.add(sheet("clone"), "blue", at=(5.0, 1.0), policy=Scripted([]))
    result = enc.run(until=0.3)
    assert not first_reason(result, "red-1").startswith("pushing")


def test_a_brawler_heaves_a_rock_when_nothing_else_reaches():
    rock = {"name": "rock", "kind": "thrown", "power": 4, "heft": 4, "mass": 3.0}
    d = sheet().to_dict()
    heaver = sheet(weapons=d["weapons"] + [rock], abilities={**d["abilities"], "throwing": 5})
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15]))
    enc.add(heaver, "red", at=(1.0, 3.0), policy="brawler")
    enc.add(sheet("clone"), "blue", at=(5.0, 3.0), policy=Scripted([]))
    result = enc.run(until=0.3)
    (attack,) = [e for e in result.events if isinstance(e, Attack)]
    assert (attack.action, attack.weapon) == ("heave", "rock")


def test_an_archer_loads_an_empty_gun_and_a_brawler_picks_up_a_dropped_weapon():
    musket = {"name": "musket", "kind": "gun", "power": 8, "range": 100.0, "shots": 1, "reload_actions": 1}
    d = sheet("archer").to_dict()
    enc = Encounter(TacticalMap.from_grid(["." * 30] * 3), dice=ScriptedDice([]))
    enc.add(sheet("archer", weapons=d["weapons"] + [musket]), "red", at=(1.0, 3.0), policy="archer")
    enc.add(sheet(), "blue", at=(57.0, 3.0), policy="brawler")
    enc.combatants["red-1"].state.shots_left["musket"] = 0
    enc.combatants["blue-1"].state.out_of_hand["machete"] = "dropped"
    result = enc.run(until=0.9)
    assert first_reason(result, "red-1") == "loading the musket"
    assert first_reason(result, "blue-1") == "picking up the machete"
    assert enc.combatants["red-1"].state.shots_left["musket"] == 1
    assert not enc.combatants["blue-1"].state.out_of_hand


def test_a_brawler_breaks_free_when_its_holders_action_fails_and_a_grappler_keeps_hold():
    for policy, free in (("brawler", True), ("grappler", False)):
        enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([20, 1] + [2] * 6))
        plans = [Plan([Act("hold", target="blue-1")]), Plan([Act("wrench", target="blue-1")])]
        enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted(plans))
        enc.add(sheet("grappler"), "blue", at=(5.0, 3.0), policy=policy)
        enc.run(until=1.2)
        assert (enc.combatants["blue-1"].partner is None) == free


def test_the_rulesets_refusals_know_the_new_actions():
    enc = Encounter(TacticalMap.from_grid(["." * 20] * 3), dice=ScriptedDice([]))
    enc.add(sheet(), "red", at=(1.0, 3.0), policy=Scripted([]))
    enc.add(sheet("clone"), "red", at=(21.0, 3.0), policy=Scripted([]))
    enc.add(sheet("clone"), "blue", at=(39.0, 3.0), policy=Scripted([]))
    rules, world, me = enc.rules, enc.world, enc.combatants["red-1"]
    assert rules.check(world, me, Act("let go")) == "let go: not grappling"
    assert rules.check(world, me, Act("cover", target="red-2")) == "cover: Clone is beyond 2 m"
    assert rules.check(world, me, Act("ready weapon")) == "ready weapon: nothing to ready"
    me.state.out_of_hand["machete"] = "taken"
    assert rules.check(world, me, Act("quick strike", target="blue-1", weapon="machete")).endswith("not in hand")
    me.state.aim_bonus = 5
    assert rules.check(world, me, Act("strategic strike", target="blue-1", weapon="hands")).endswith("while aiming")


def test_a_remembered_disarm_weighing_follows_the_weapons_in_hand():
    # the climber's hands (3) against Steven's machete (5): worth a disarm; once the machete is
    # out of Steven's hand nothing he holds outclasses the climber's, whatever was remembered
    from tactics.ai.mano_a_mano.tricks import _outclassed
    from tactics.sim.view import View

    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([]))
    enc.add(sheet("climber"), "red", at=(3.0, 3.0), policy=Scripted([]))
    enc.add(sheet(), "blue", at=(5.0, 3.0), policy=Scripted([]))
    view = View(enc, enc.combatants["red-1"])
    steven = view.unit("blue-1")
    assert _outclassed(view, view.me, steven) and _outclassed(view, view.me, steven)  # again: remembered
    enc.combatants["blue-1"].state.out_of_hand["machete"] = "dropped"
    assert not _outclassed(view, view.me, steven)
    back = View(enc, enc.combatants["blue-1"])
    assert not _outclassed(back, back.me, view.me)  # the other way round: Steven's machete beats hands
