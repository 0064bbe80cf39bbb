"""Mounted combat played in fights with scripted dice, checked in the replay's events
(000 · Mounted Combat; DECISIONS · More rulings · Mounted combat).

Sheets: the shipped war horse (trained to fight: attack 3, running 16, back 1.7 m), horse (not
trained to fight: running 14, back 1.6 m) and lancer (riding 6, animal handling 4, lance attack
4), and the clone (melee defense 12). Maps are open ground, 2 m cells.
"""

from __future__ import annotations

import pytest

from tactics import Encounter
from tactics.dice import ScriptedDice
from tactics.map import TacticalMap
from tactics.replay.schema import Attack, Harm, Move, Roll, Say, State
from tactics.rulesets.mano_a_mano.falls import knockdown
from tactics.sim import Act, MoveTo, Plan, Scripted

from .conftest import sheet


def of(result, kind, who=None):
    return [e for e in result.events if isinstance(e, kind) and (who is None or e.who == who)]


def passive(answers=()):
    return Scripted([], answers=answers)


def mounted(map_cols, mount="war-horse", at=(1.0, 3.0), rider_plans=(), mount_plans=(), answers=(), dice=()):
    """A lancer (red-2) on a mount (red-1) at ``at``; returns the encounter."""
    enc = Encounter(TacticalMap.from_grid(["." * map_cols] * 3), dice=ScriptedDice(list(dice)))
    enc.add(sheet(mount), "red", at=at, policy=Scripted(list(mount_plans)))
    enc.add(sheet("lancer"), "red", at=at, policy=Scripted(list(rider_plans), answers=answers))
    enc.carry("red-2", "red-1")
    return enc


def test_the_rider_moves_both_at_the_mounts_running_and_charges_with_its_metres():
    # 16 m straight on the war horse (the lancer runs 5 on foot); the lance strike gains 16 - 5 power
    charge = Plan([MoveTo(17.0, 3.0), Act("quick strike", target="blue-1", weapon="lance")])
    enc = mounted(24, rider_plans=[charge], dice=[15])
    enc.add(sheet("clone"), "blue", at=(19.0, 3.0), policy=passive())
    result = enc.run(until=0.9)
    (move,) = of(result, Move, "red-2")
    assert move.metres == pytest.approx(16.0) and move.legs[-1].end[:2] == (17.0, 3.0)
    (carried,) = of(result, Move, "red-1")
    assert {leg.kind for leg in carried.legs} == {"carried"} and carried.legs[-1].end == move.legs[-1].end
    (attack,) = of(result, Attack, "red-2")
    assert attack.hit and attack.charge_m == pytest.approx(16.0)
    assert result.combatants["red-1"]["x"] == 17.0


def test_a_trained_mount_attacks_and_its_rider_who_fails_riding_falls_off_its_back():
    # hooves: 15 + 3 > 12 hits; riding 2 + 6 is not above 10: the lancer falls 1.7 m (a knock-down)
    hooves = Plan([Act("quick strike", target="blue-1", weapon="hooves")])
    enc = mounted(6, mount_plans=[hooves], dice=[15, 2])
    enc.add(sheet("clone"), "blue", at=(3.0, 3.0), policy=passive())
    result = enc.run(until=0.3)
    (attack,) = of(result, Attack, "red-1")
    assert attack.hit
    (riding,) = [r for r in of(result, Roll, "red-2") if r.purpose.startswith("riding")]
    assert riding.purpose == "riding: War horse attacks" and riding.roll.target == 10 and not riding.roll.success
    assert State(t=0.0, who="red-2", changes={"carrier": None, "prone": True}) in of(result, State, "red-2")
    _, damage, stun = knockdown(sheet("lancer"), 1.7, "blunt")
    (fall,) = of(result, Harm, "red-2")
    assert fall.changes == {"damage": damage, "stun": stun} and "1.7 m" in fall.source
    assert enc.combatants["red-2"].carrier is None


def test_a_mount_that_defends_asks_a_riding_roll_and_a_good_one_keeps_the_rider_on():
    enc = mounted(6, dice=[5, 15])
    enc.add(sheet("clone"), "blue", at=(3.0, 3.0),
            policy=Scripted([Plan([Act("quick strike", target="red-1", weapon="hands")])]))
    result = enc.run(until=0.9)
    (riding,) = [r for r in of(result, Roll, "red-2") if r.purpose.startswith("riding")]
    assert riding.purpose == "riding: War horse defends" and riding.roll.success
    assert enc.combatants["red-2"].carrier == "red-1"


@pytest.mark.parametrize("hurt, difficulty", [(False, 10), (True, 15)])
def test_animal_handling_holds_a_trained_mount_back(hurt, difficulty):
    # the rider answers "hold": handling 12 + 4 = 16 beats 10 (and 15 once the horse is hurt)
    hooves = Plan([Act("quick strike", target="blue-1", weapon="hooves")])
    enc = mounted(6, mount_plans=[hooves], answers=["hold"], dice=[12])
    enc.add(sheet("clone"), "blue", at=(3.0, 3.0), policy=passive())
    if hurt:
        enc.combatants["red-1"].tracks["stun"] = 1
    result = enc.run(until=0.3)
    (check,) = of(result, Roll, "red-2")
    assert check.purpose == "animal handling: hold War horse back" and check.roll.target == difficulty
    assert check.roll.success and not of(result, Attack)


def test_a_failed_hold_lets_the_trained_mount_fight():
    hooves = Plan([Act("quick strike", target="blue-1", weapon="hooves")])
    enc = mounted(6, mount_plans=[hooves], answers=["hold"], dice=[3, 15, 15])
    enc.add(sheet("clone"), "blue", at=(3.0, 3.0), policy=passive())
    result = enc.run(until=0.3)
    assert not of(result, Roll, "red-2")[0].roll.success
    assert [a.who for a in of(result, Attack)] == ["red-1"]


@pytest.mark.parametrize("die, hurt, bolts", [(5, False, True), (12, False, False), (12, True, True)])
def test_a_mount_not_trained_to_fight_bolts_unless_handled(die, hurt, bolts):
    # handling die + 4 against 15 (20 hurt); a bolt runs its 14 m straight away from the clone,
    # carrying the rider along; ridden, it never attacks
    hooves = Plan([Act("quick strike", target="blue-1", weapon="hooves")])
    enc = mounted(30, mount="horse", at=(31.0, 3.0), mount_plans=[hooves], dice=[die])
    enc.add(sheet("clone"), "blue", at=(35.0, 3.0), policy=passive())
    if hurt:
        enc.combatants["red-1"].tracks["damage"] = 1
    result = enc.run(until=0.3)
    (check,) = of(result, Roll, "red-2")
    assert check.roll.target == (20 if hurt else 15) and check.roll.success is not bolts
    assert not of(result, Attack)
    moves = of(result, Move, "red-1")
    if not bolts:
        assert not moves
        return
    (bolt,) = moves
    assert bolt.legs[0].kind == "push" and bolt.legs[-1].end[:2] == (17.0, 3.0)
    (carried,) = of(result, Move, "red-2")
    assert carried.legs[-1].end == bolt.legs[-1].end
    assert any("bolts" in s.text for s in of(result, Say, "red-1"))


def test_a_rider_whose_mount_goes_down_falls_off_at_its_next_turn():
    enc = mounted(6)
    enc.add(sheet("clone"), "blue", at=(3.0, 3.0), policy=passive())
    enc.combatants["red-1"].tracks["damage"] = 30
    enc.combatants["red-1"].set_standing("incapacitated")
    result = enc.run(until=0.6)
    assert State(t=pytest.approx(1 / 3), who="red-2", changes={"carrier": None, "prone": True}) in of(
        result, State, "red-2")


@pytest.mark.parametrize("action", ["push", "trip"])
def test_a_push_or_trip_that_lands_pulls_the_rider_out_of_the_saddle_and_leaves_the_horse(action):
    # the clone's grapple attack 15 + 3 beats the lancer's grapple defense; the war horse then defends
    # nothing (it was not attacked) and stays where it stands
    enc = mounted(6, dice=[15, 15])
    enc.add(sheet("clone"), "blue", at=(3.0, 3.0),
            policy=Scripted([Plan([Act(action, target="red-2")])]))
    result = enc.run(until=0.9)
    (attack,) = of(result, Attack, "blue-1")
    assert attack.hit
    assert any("falls off War horse (pulled down by Clone's" in s.text for s in of(result, Say, "red-2"))
    assert enc.combatants["red-2"].carrier is None and enc.combatants["red-2"].prone
    assert not of(result, Move, "red-1") and enc.combatants["red-1"].pos == (1.0, 3.0, 0.0)
