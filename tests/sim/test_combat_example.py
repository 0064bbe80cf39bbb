"""000 · Combat Example, played by the engine with scripted dice, turn by turn.

The rules text's numbers: ambush 13 vs 10; Steven's powerful strike 2+4=6 vs
12 misses; the clone's combo 14+2=16 vs 14 hits (1 damage, 2 stun) and
12+2=14 vs 14 misses; Steven's counter 14+4=18 vs 12 hits for 10 sharp damage;
the injured clone cannot do its powerful strike and evades (+5); Steven's kick
12+2=14 vs 17 misses and his machete 17+4=21 vs 17 hits for 5: the clone ends
incapacitated at 15 damage.
"""

from __future__ import annotations

from pathlib import Path

from tactics import Encounter, load_character, load_map
from tactics.dice import ScriptedDice
from tactics.replay import load_replay
from tactics.replay.schema import Attack, Damage, Roll, Say, State
from tactics.sim import Act, Plan, Scripted

ROOT = Path(__file__).resolve().parents[2]
ROLLS = [13, 2, 14, 12, 14, 12, 17]


def play():
    enc = Encounter(load_map(ROOT / "maps/arena.toml"), dice=ScriptedDice(ROLLS))
    steven_policy = Scripted(
        plans=[
            Plan([Act("powerful strike", target="blue-1", weapon="machete")], "opening from the ambush"),
            Plan([Act("prepare counter")], "waiting to counter"),
            Plan([Act("quick strike", target="blue-1", weapon="feet"),
                  Act("quick strike", target="blue-1", weapon="machete")], "combo"),
        ],
        counters=[Plan([Act("powerful strike", target="blue-1", weapon="machete")], "counter")],
    )
    clone_policy = Scripted(
        plans=[
            Plan([Act("quick strike", target="red-1", weapon="hands"),
                  Act("quick strike", target="red-1", weapon="hands")], "two hands"),
            Plan([Act("powerful strike", target="red-1", weapon="hands")], "powerful strike"),
        ],
        after_counter=[Plan([Act("powerful strike", target="red-1", weapon="hands"), Act("evade")],
                            "hurt: evading")],
    )
    steven = enc.add(load_character(ROOT / "assets/characters/steven.toml"), team="red",
                     at=(11.0, 13.0), policy=steven_policy)
    clone = enc.add(load_character(ROOT / "assets/characters/clone.toml"), team="blue",
                    at=(13.0, 13.0), policy=clone_policy)
    assert enc.ambush(steven, clone) is True
    result = enc.run(until=30)
    return enc, result, steven, clone


def test_the_combat_example_replays_exactly():
    enc, result, steven, clone = play()
    assert enc.dice.remaining == 0
    ambush = [e for e in result.events if isinstance(e, Roll)][0]
    assert (ambush.roll.die, ambush.roll.total, ambush.roll.difficulty, ambush.roll.success) == (13, 13, 10, True)
    attacks = [e for e in result.events if isinstance(e, Attack)]
    seen = [(a.who, a.weapon, a.action, a.roll.die, a.roll.total, a.roll.difficulty, a.hit, a.damage, a.stun)
            for a in attacks]
    assert seen == [
        ("red-1", "machete", "powerful strike", 2, 6, 12, False, 0, 0),
        ("blue-1", "hands", "quick strike", 14, 16, 14, True, 1, 2),
        ("blue-1", "hands", "quick strike", 12, 14, 14, False, 0, 0),
        ("red-1", "machete", "powerful strike", 14, 18, 12, True, 10, 0),
        ("red-1", "feet", "quick strike", 12, 14, 17, False, 0, 0),
        ("red-1", "machete", "quick strike", 17, 21, 17, True, 5, 0),
    ]
    assert attacks[3].counter is True
    assert attacks[3].power == 10
    # turn instants: Steven first (surprise), the clone half a round later
    assert [a.t for a in attacks] == [0.0, 0.5, 0.5, 1.5, 2.0, 2.0]
    # the injured clone's powerful strike is refused, and it evades
    refused = [e.text for e in result.events if isinstance(e, Say) and e.who == "blue-1" and e.text.startswith("refused")]
    assert any("powerful strike" in t and "injured" in t for t in refused)
    assert ("evade", 5) in attacks[4].roll.difficulty_mods
    # Steven recovered one stun at the end of his second turn
    steven_stun = [e.changes["stun"] for e in result.events if isinstance(e, State) and e.who == "red-1" and "stun" in e.changes]
    assert steven_stun[0] == 1
    assert result.winner == "red"
    assert clone.damage == 15 and clone.health == "incapacitated"
    assert steven.damage == 1


def test_the_combat_example_replay_folds_to_the_engine_state(tmp_path):
    enc, result, steven, clone = play()
    path = result.save(tmp_path / "example.jsonl")
    tl = load_replay(path).fold()
    final = tl.final_state().units
    for c in enc.order:
        u = final[c.id]
        assert (u.stun, u.damage, u.health) == (c.stun, c.damage, c.health)
        assert (u.x, u.y, u.z) == (c.x, c.y, c.z)
    damage = [e for e in result.events if isinstance(e, Damage) and e.who == "blue-1"]
    assert [d.total_damage for d in damage] == [10, 15]
