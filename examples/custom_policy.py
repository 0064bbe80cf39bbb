"""A custom policy: a hit-and-run fighter written in a dozen lines.

A policy is any object with ``plan(view) -> Plan``. The view is read-only:
``view.me`` and ``view.enemies()`` are unit views (position, health, sheet),
``view.map`` answers sight and path questions. The plan lists moves and
actions; the engine checks every step against the rules and records a
``say`` event with the plan's reason.

    .venv/bin/python examples/custom_policy.py
"""

from __future__ import annotations

from pathlib import Path

from tactics import Act, Encounter, MoveTo, Plan, load_character, load_map

ROOT = Path(__file__).resolve().parents[1]


class HitAndRun:
    """Strike the weakest enemy in reach, then step back out of its reach."""

    name = "hit-and-run"

    def plan(self, view) -> Plan:
        me = view.me
        enemies = view.enemies()
        if not enemies:
            return Plan([], "nobody left")
        # the most hurt enemy first (its ruleset says how far from fresh it is), then the nearest
        target = min(enemies, key=lambda e: (-view.progress(e), view.distance(me, e)))
        weapon = max(me.character.weapons, key=lambda w: me.character.power_with(w)).name
        if view.in_reach(me, target):
            # strike, then back off 3 m straight away from the target
            dx, dy = me.x - target.x, me.y - target.y
            norm = max((dx * dx + dy * dy) ** 0.5, 1e-6)
            away = (me.x + 3 * dx / norm, me.y + 3 * dy / norm)
            return Plan([Act("quick strike", target=target.id, weapon=weapon), MoveTo(*away)],
                        f"hit {target.name} and step back")
        return Plan([MoveTo(target.x, target.y, max_m=view.distance(me, target) - 2.0),
                     Act("quick strike", target=target.id, weapon=weapon)],
                    f"closing on {target.name}")


enc = Encounter(load_map(ROOT / "maps/arena.toml"), seed=11)
enc.add(load_character(ROOT / "assets/characters/steven.toml"), team="red", policy=HitAndRun())
enc.add(load_character(ROOT / "assets/characters/clone.toml"), team="blue", policy="brawler")
result = enc.run(until=120)
print(result)
print("replay:", result.save(ROOT / "replays/example-custom.jsonl"))
