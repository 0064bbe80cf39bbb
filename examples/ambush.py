"""A scripted ambush: bandits spring from the dark, reinforcements arrive at 6 s.

Shows the scripting hooks of an encounter:
- ``enc.ambush(stalker, target)``: a stealth roll before the fight (000 · Rounds);
- ``enc.at(t, fn)``: something happens at a set time (reinforcements arrive);
- ``enc.when(condition, fn)``: something happens as soon as a condition holds.

    .venv/bin/python examples/ambush.py
"""

from __future__ import annotations

from pathlib import Path

from tactics import Encounter, load_character, load_map

ROOT = Path(__file__).resolve().parents[1]
CHARS = ROOT / "assets/characters"

village = load_map(ROOT / "maps/night-village.toml")
enc = Encounter(village, seed=3)

# The travellers walk through the village; two bandits wait for them.
guard = enc.add(load_character(CHARS / "soldier.toml"), team="blue", policy="cautious")
merchant = enc.add(load_character(CHARS / "clone.toml"), team="blue", policy="brawler")
bandit = enc.add(load_character(CHARS / "steven.toml"), team="red", policy="brawler")
enc.add(load_character(CHARS / "spear_thrower.toml"), team="red", policy="skirmisher")

# The bandit sneaks up on the guard: stealth roll against 10 + detection.
print("ambush:", "surprise!" if enc.ambush(bandit, guard) else "spotted")


def reinforcements(enc: Encounter) -> None:
    print(f"{enc.env.now:5.1f}s  the watch arrives")
    enc.add(load_character(CHARS / "archer.toml"), team="blue", policy="archer")
    enc.add(load_character(CHARS / "grappler.toml"), team="blue", policy="grappler")


def first_blood(enc: Encounter) -> None:
    print(f"{enc.env.now:5.1f}s  the merchant is hurt and calls for help")


enc.at(6.0, reinforcements)
enc.when(lambda enc: merchant.health != "healthy", first_blood)

result = enc.run(until=120)
print(result)
print("replay:", result.save(ROOT / "replays/example-ambush.jsonl"))
