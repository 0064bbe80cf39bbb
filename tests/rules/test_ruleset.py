"""The engine asks the rules through the encounter's ruleset object."""

from __future__ import annotations

from tactics import Encounter
from tactics.dice import ScriptedDice
from tactics.map import TacticalMap
from tactics.replay.schema import Attack
from tactics.rules import MANO_A_MANO, RULESETS, load_character, split_power
from tactics.sim import Act, Plan, Scripted

from ..sim.conftest import ROOT


def test_mano_a_mano_is_the_default_and_holds_the_rules_functions():
    assert RULESETS["mano-a-mano"] is MANO_A_MANO
    assert MANO_A_MANO.split_power is split_power
    assert MANO_A_MANO.split_power(5, "blunt") == (2, 3)
    assert MANO_A_MANO.acts_every(0.25) == 4


def test_a_different_ruleset_changes_what_the_engine_does_and_is_named_in_the_header():
    # the seam: a ruleset is any object of the protocol; here Mano a Mano with every hit sharp
    from tactics.rules import Attacked, Harm
    from tactics.rulesets.mano_a_mano import ManoAMano

    def sharp(changes):
        return {"damage": sum(changes.values())} if changes else changes

    class AllSharp(ManoAMano):
        name = "all-sharp"

        def act(self, world, unit, act, budget, turn):
            for eff in super().act(world, unit, act, budget, turn):
                if isinstance(eff, Attacked):
                    eff.harm = sharp(eff.harm)
                elif isinstance(eff, Harm) and "stun" in eff.changes and eff.source.startswith("quick"):
                    eff = Harm(eff.who, sharp(eff.changes), eff.source)
                yield eff

    steven = load_character(ROOT / "assets/characters/steven.toml")
    enc = Encounter(TacticalMap.from_grid(["......"]), dice=ScriptedDice([15]), ruleset=AllSharp())
    enc.add(steven, "red", at=(1.0, 1.0),
            policy=Scripted([Plan([Act("quick strike", target="blue-1", weapon="hands")])]))
    enc.add(steven, "blue", at=(3.0, 1.0), policy=Scripted([]))
    result = enc.run(until=0.9)
    (attack,) = [e for e in result.events if isinstance(e, Attack)]
    assert attack.harm == {"damage": 3}      # Mano a Mano would give 1 damage, 2 stun
    assert result.header.ruleset == "all-sharp"
    assert result.combatants["blue-1"]["tracks"] == {"stun": 0, "damage": 3}
