"""A duel: Steven against his clone on the arena, written as a replay.

Run from the repository root:

    .venv/bin/python examples/duel.py
    .venv/bin/tactics view replays/example-duel.jsonl     # with a display
"""

from __future__ import annotations

from pathlib import Path

from tactics import Encounter, load_character, load_map

ROOT = Path(__file__).resolve().parents[1]

# The battlefield and the two reference characters of 000 · Combat Example.
arena = load_map(ROOT / "maps/arena.toml")
steven = load_character(ROOT / "assets/characters/steven.toml")
clone = load_character(ROOT / "assets/characters/clone.toml")

# One seeded die source per encounter: the same seed gives the same fight.
enc = Encounter(arena, seed=7)
enc.add(steven, team="red", policy="brawler")        # placed on the map's red spawn
enc.add(clone, team="blue", policy="brawler")

result = enc.run(until=120)                          # seconds of simulated time
print(result)
for row in result.summary():
    print(f"{row['name']:>8}: {row['health']:<13} stun {row['stun']:>2}  damage {row['damage']:>2}"
          f"  hits {row['hits']}  misses {row['misses']}")
print("replay:", result.save(ROOT / "replays/example-duel.jsonl"))
