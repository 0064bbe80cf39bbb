"""Vehicles played in fights with scripted dice, checked in the replay's events
(000 · Vehicles; DECISIONS · More rulings · Vehicles).

The shipped cart (agility 0, strength 12, running 10, front armor absorbing 4) driven by the
lancer (driving 2) rams the clone (melee defense 12). Turn order is the order added: the clone
moves first, then the cart's own turn (red-1), then its driver's (red-2).
"""

from __future__ import annotations

import pytest

from tactics import Encounter
from tactics.dice import ScriptedDice
from tactics.map import TacticalMap
from tactics.replay.schema import Attack, Harm, Move, Roll, Say
from tactics.rulesets.mano_a_mano.health import split_power
from tactics.sim import Act, MoveTo, Plan, Scripted

from .conftest import sheet


def of(result, kind, who=None):
    return [e for e in result.events if isinstance(e, kind) and (who is None or e.who == who)]


def rammed(target_from, target_to, cart_from, cart_to, dice=(15,), cart_plans=()):
    enc = Encounter(TacticalMap.from_grid(["." * 16] * 3), dice=ScriptedDice(list(dice)))
    clone = sheet("clone", running=8)
    steps = [MoveTo(target_to, 3.0)] if target_to != target_from else []
    enc.add(clone, "blue", at=(target_from, 3.0), policy=Scripted([Plan(steps)]))
    enc.add(sheet("cart"), "red", at=(cart_from, 3.0), policy=Scripted(list(cart_plans)))
    enc.add(sheet("lancer"), "red", at=(cart_from, 3.0),
            policy=Scripted([Plan([MoveTo(cart_to, 3.0), Act("ram", target="blue-1")])]))
    enc.carry("red-2", "red-1")
    return enc, enc.run(until=0.9)


@pytest.mark.parametrize("target_from, target_to, collision, how", [
    (19.0, 19.0, 5, "a target standing still: the cart's 10 m alone"),
    (29.0, 21.0, 5 + 3, "head-on: the cart's 10 m and the clone's 8 m"),
    (15.0, 19.0, 1, "rear-end: 10 m - 4 m the same way"),
])
def test_a_ram_hits_with_the_front_plus_the_collision_and_takes_the_automatic_counter(
        target_from, target_to, collision, how):
    enc, result = rammed(target_from, target_to, 9.0 if target_to == 21.0 else 7.0,
                         19.0 if target_to == 21.0 else 17.0)
    (attack,) = of(result, Attack)
    assert attack.who == "red-2" and attack.action == "ram" and attack.weapon == "front" and attack.hit
    assert ("collision", collision) in attack.details, how
    assert ("power", 12 + collision) in attack.details
    assert attack.roll.mods == [("Cart agility", 0)]   # the lower of driving 2 and agility 0
    (hurt,) = of(result, Harm, "blue-1")
    damage, stun = split_power(12 + collision, "blunt")   # the clone wears no armor
    assert hurt.changes == {k: v for k, v in (("damage", damage), ("stun", stun)) if v}
    damage, stun = split_power(sheet("clone").strength + collision - 4, "blunt")
    expected = {k: v for k, v in (("damage", damage), ("stun", stun)) if v}
    assert [h.changes for h in of(result, Harm, "red-1")] == ([expected] if expected else [])
    assert all("ramming counter by Clone" in h.source for h in of(result, Harm, "red-1"))
    assert any("rams back into Cart's front" in s.text for s in of(result, Say, "blue-1"))


def test_a_missed_ram_gives_no_counter_and_the_cart_moved_with_its_driver():
    enc, result = rammed(19.0, 19.0, 7.0, 17.0, dice=(3,))
    (attack,) = of(result, Attack)
    assert not attack.hit and not of(result, Harm)
    (carried,) = of(result, Move, "red-1")
    assert carried.legs[-1].end[:2] == (17.0, 3.0) and carried.metres == pytest.approx(10.0)


def test_a_vehicle_never_fights_nor_bolts():
    # the cart's own plan strikes; its turn holds no action and asks for no handling roll
    strike = Plan([Act("quick strike", target="blue-1", weapon="front")])
    enc, result = rammed(9.0, 9.0, 7.0, 7.0, dice=(15,), cart_plans=[strike])
    assert not [a for a in of(result, Attack) if a.who == "red-1"]
    assert not [r for r in of(result, Roll) if r.purpose.startswith("animal handling")]


def test_only_a_driver_rams():
    enc = Encounter(TacticalMap.from_grid(["." * 6] * 3), dice=ScriptedDice([]))
    enc.add(sheet(), "red", at=(1.0, 3.0), policy=Scripted([Plan([Act("ram", target="blue-1")])]))
    enc.add(sheet("clone"), "blue", at=(3.0, 3.0), policy=Scripted([]))
    result = enc.run(until=0.4)
    assert "refused: ram: only the driver of a vehicle rams" in [s.text for s in of(result, Say, "red-1")]


def test_a_vehicle_nobody_drives_stays_put_and_never_fights():
    strike = Plan([MoveTo(1.0, 3.0), Act("quick strike", target="blue-1", weapon="front")])
    enc = Encounter(TacticalMap.from_grid(["." * 6] * 3), dice=ScriptedDice([15]))
    enc.add(sheet("cart"), "red", at=(5.0, 3.0), policy=Scripted([strike]))
    enc.add(sheet("clone"), "blue", at=(3.0, 3.0), policy=Scripted([]))
    result = enc.run(until=0.4)
    assert not of(result, Attack) and not of(result, Move)


def test_a_vehicle_keeps_no_team_in_the_fight_by_itself():
    # the ruleset says a vehicle never acts on its own (acts_alone): with its driver the team fights on
    # to the time limit; a driverless cart alone loses its team the fight at the first turn's end check
    def fight(driven: bool):
        enc = Encounter(TacticalMap.from_grid(["." * 8] * 3), dice=ScriptedDice([]))
        enc.add(sheet("clone"), "blue", at=(1.0, 3.0), policy=Scripted([]))
        enc.add(sheet("cart"), "red", at=(7.0, 3.0), policy=Scripted([]))
        if driven:
            enc.add(sheet("lancer"), "red", at=(7.0, 3.0), policy=Scripted([]))
            enc.carry("red-2", "red-1")
        return enc.run(until=2.5)

    driven = fight(True)
    assert driven.winner is None and driven.duration == pytest.approx(2.5)
    alone = fight(False)
    assert alone.winner == "blue" and alone.reason == "red cannot act any more"
    assert alone.duration < 1.0
