"""Time resolve_attack: a quick strike against layered armor, with modifiers.

A plain script (not a test): ``.venv/bin/python benchmarks/bench_rules.py``.
It prints attacks per second for :func:`tactics.rules.resolve_attack` and for
a baseline, a bare loop that does the same arithmetic inline with plain ints
(no records, no sources), and the ratio between the two: the median (min–max)
of several runs each (``_common.py``). Target: at least 200,000
resolve_attack per second on one core, judged on the median.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from _common import Rate, machine_line, measure, report  # noqa: E402

from tactics.rules import ACTIONS, Modifier, load_character, resolve_attack  # noqa: E402

N = 200_000
REPEATS = 5


def bench_resolve(attacker, defender, rolls, avoid: tuple[str, ...] = ()) -> Rate:
    strike = ACTIONS["quick strike"]
    attack_mods = (Modifier("aimed blow", 1), Modifier("flanking", 2))
    difficulty_mods = (Modifier("dim light", 2),)  # with these, 55 % of the rolls hit

    def go() -> None:
        for r in rolls:
            resolve_attack(attacker, "arming sword", strike, defender, r,
                           attack_mods=attack_mods, difficulty_mods=difficulty_mods, avoid_armor=avoid)

    return Rate(len(rolls), measure(go, REPEATS))


def bench_baseline(rolls) -> Rate:
    """The same sums and comparisons inline on ints: the floor of what Python costs."""

    def go() -> None:
        for r in rolls:
            attack = 3 + 1 + 2
            difficulty = 13 + 2
            hit = r == 20 or r + attack > difficulty
            if hit:
                through = max(6 - 6, 0)
                damage, stun = through, 0
            else:
                damage = stun = 0
            _ = (hit, damage, stun)

    return Rate(len(rolls), measure(go, REPEATS))


def main() -> None:
    soldier = load_character(ROOT / "assets" / "characters" / "soldier.toml")
    rng = random.Random(1)
    rolls = [rng.randint(1, 20) for _ in range(N)]
    rate = bench_resolve(soldier, soldier, rolls)
    avoiding = bench_resolve(soldier, soldier, rolls, avoid=("helmet",))
    base = bench_baseline(rolls)
    print(f"bench_rules: {machine_line()}")
    report("resolve_attack (quick strike, layered armor, 3 mods)", rate, "attacks/s", base, 200_000, width=54)
    report("resolve_attack, aiming around the helmet", avoiding, "attacks/s", base, 200_000, width=54)
    report("baseline (same arithmetic inline)", base, "attacks/s", width=54)
    met = min(rate.median, avoiding.median) >= 200_000
    print(f"target 200,000 attacks/s (both, medians): {'met' if met else 'NOT met'}")


if __name__ == "__main__":
    main()
