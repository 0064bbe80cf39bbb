"""A weapon taken by a disarm is the taker's to use (000 · Grappling Actions · disarm; docs/rules.md
§ Actions), played with scripted dice: the clone (hands, one-handed weapons 4) takes Steven's
machete (power 5, sharp) and strikes with it."""

from __future__ import annotations

from tactics import Encounter
from tactics.dice import ScriptedDice
from tactics.map import TacticalMap
from tactics.replay.schema import Attack, Harm, Say
from tactics.sim import Act, Plan, Scripted

from .conftest import sheet

FLAT = ["." * 12] * 3


def test_the_taker_strikes_with_the_weapon_it_took():
    # round 1: the disarm's natural 20 takes the machete (the clone has free hands);
    # round 2: the clone's quick strike with it, 15 + 4 (+5 dominant) beats Steven's 12 without it
    clone = Scripted([Plan([Act("disarm", target="blue-1")]),
                      Plan([Act("quick strike", target="blue-1", weapon="machete")])])
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([20, 15]))
    enc.add(sheet("clone"), "red", at=(3.0, 3.0), policy=clone)
    enc.add(sheet(), "blue", at=(5.0, 3.0), policy=Scripted([]))
    result = enc.run(until=1.4)
    disarm, strike = [e for e in result.events if isinstance(e, Attack)]
    assert disarm.action == "disarm" and disarm.hit
    assert strike.weapon == "machete" and strike.hit and ("power", 5) in strike.details
    assert ("machete attack", 4) in [tuple(m) for m in strike.roll.mods]   # its agility 0 + one-handed 4
    (cut,) = [h for h in result.events if isinstance(h, Harm) and h.source.startswith("quick strike")]
    assert set(cut.changes) == {"damage"}        # the machete is sharp: all damage, no stun


def test_a_weapon_nobody_took_is_still_refused():
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([]))
    enc.add(sheet("clone"), "red", at=(3.0, 3.0),
            policy=Scripted([Plan([Act("quick strike", target="blue-1", weapon="machete")])]))
    enc.add(sheet(), "blue", at=(5.0, 3.0), policy=Scripted([]))
    result = enc.run(until=0.4)
    assert any(s.text == "refused: Clone has no weapon 'machete'" for s in result.events if isinstance(s, Say))


def test_a_taken_weapon_named_like_one_of_the_takers_goes_by_its_first_owners_name():
    # Steven takes the other Steven's machete: his own keeps its name, the taken one is "Steven's machete"
    red = Scripted([Plan([Act("disarm", target="blue-1")]),
                    Plan([Act("quick strike", target="blue-1", weapon="Steven's machete")])])
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([20, 15]))
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=red)
    enc.add(sheet(), "blue", at=(5.0, 3.0), policy=Scripted([]))
    result = enc.run(until=1.4)
    strike = [e for e in result.events if isinstance(e, Attack)][-1]
    assert strike.weapon == "Steven's machete" and strike.hit and ("power", 5) in strike.details
    assert enc.combatants["blue-1"].state.out_of_hand == {"machete": "taken"}


def test_a_brawler_strikes_with_the_weapon_it_took():
    # the clone (hands, power 3) disarms Steven of his machete (power 5: a script's first turn),
    # then plays the brawler: its strike is made with the machete
    from tactics.ai.mano_a_mano import Brawler

    class DisarmThenBrawl(Brawler):
        def __init__(self):
            super().__init__()
            self.first = True

        def plan(self, view):
            if self.first:
                self.first = False
                return Plan([Act("disarm", target="blue-1")])
            return super().plan(view)

    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([20, 15, 15, 15]))
    enc.add(sheet("clone"), "red", at=(3.0, 3.0), policy=DisarmThenBrawl())
    enc.add(sheet(), "blue", at=(5.0, 3.0), policy=Scripted([]))
    result = enc.run(until=1.4)
    attacks = [(e.action, e.weapon) for e in result.events if isinstance(e, Attack)]
    assert attacks[0][0] == "disarm" and len(attacks) == 2
    assert attacks[1][1] == "machete" and attacks[1][0].endswith("strike")
    assert any("machete it took" in s.text for s in result.events if isinstance(s, Say))
