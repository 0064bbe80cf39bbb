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
from tactics.replay.schema import Attack, Harm, Roll, Say
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
    assert (ambush.roll.faces, ambush.roll.total, ambush.roll.target, ambush.roll.success) == ([13], 13, 10, True)
    assert ambush.roll.dice == "d20" and ambush.roll.mode == "beat"
    attacks = [e for e in result.events if isinstance(e, Attack)]
    seen = [(a.who, a.weapon, a.action, a.roll.faces[0], a.roll.total, a.roll.target, a.hit, a.harm.get("damage", 0),
             a.harm.get("stun", 0))
            for a in attacks]
    assert seen == [
        ("red-1", "machete", "powerful strike", 2, 6, 12, False, 0, 0),
        ("blue-1", "hands", "quick strike", 14, 16, 14, True, 1, 2),
        ("blue-1", "hands", "quick strike", 12, 14, 14, False, 0, 0),
        ("red-1", "machete", "powerful strike", 14, 18, 12, True, 10, 0),
        ("red-1", "feet", "quick strike", 12, 14, 17, False, 0, 0),
        ("red-1", "machete", "quick strike", 17, 21, 17, True, 5, 0),
    ]
    assert attacks[3].reaction == "counter"
    assert dict(attacks[3].details)["power"] == 10
    # turn instants: Steven first (surprise), the clone half a round later
    assert [a.t for a in attacks] == [0.0, 0.5, 0.5, 1.5, 2.0, 2.0]
    # the injured clone's powerful strike is refused, and it evades
    refused = [e.text for e in result.events if isinstance(e, Say) and e.who == "blue-1" and e.text.startswith("refused")]
    assert any("powerful strike" in t and "injured" in t for t in refused)
    assert ("evade", 5) in attacks[4].roll.target_mods
    # Steven recovered one stun at the end of his second turn
    recovered = [e for e in result.events if isinstance(e, Harm) and e.who == "red-1" and e.source == "recovery"]
    assert (recovered[0].changes, recovered[0].tracks["stun"]) == ({"stun": -1}, 1)
    assert result.winner == "red"
    assert clone.tracks["damage"] == 15 and clone.standing == "incapacitated"
    assert steven.tracks["damage"] == 1


def test_the_combat_example_replay_folds_to_the_engine_state(tmp_path):
    enc, result, steven, clone = play()
    path = result.save(tmp_path / "example.jsonl")
    tl = load_replay(path).fold()
    final = tl.final_state().units
    for c in enc.order:
        u = final[c.id]
        assert (dict(u.tracks), u.standing) == (c.tracks, c.standing)
        assert (u.x, u.y, u.z) == (c.x, c.y, c.z)
    damage = [e for e in result.events if isinstance(e, Harm) and e.who == "blue-1" and "damage" in e.changes]
    assert [d.tracks["damage"] for d in damage] == [10, 15]
