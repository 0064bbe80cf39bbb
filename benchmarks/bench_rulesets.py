"""Duels per second of every combat system, side by side in one run.

Each ruleset plays a matched duel of two of its shipped sheets (the same
pair every run, on the arena map, each side on the policy its encounters
give it) many times; the runs of the rulesets are interleaved so a busy
machine weighs on all of them alike. The baseline is Mano a Mano's duels
per second in the same run; issue #19 asks every other system to stay
within 2x of it (ratio >= 0.5)::

    python benchmarks/bench_rulesets.py            # 400 duels per run, 5 runs
    python benchmarks/bench_rulesets.py 1000 3
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from _common import Rate, interleaved, report  # noqa: E402

from tactics import Encounter, load_map  # noqa: E402
from tactics.scenario import sheet_policy  # noqa: E402
from tactics.sheets import load_sheet  # noqa: E402

ROOT = HERE.parent
DUELS = {
    "mano-a-mano": ("steven.toml", "clone.toml"),
    "mano-a-mano-2006": ("mam2006/modre.toml", "mam2006/clone.toml"),
    "fudge-opposed": ("fudge/swordsman.toml", "fudge/shield_bearer.toml"),
    "d100-opposed": ("d100/duelist.toml", "d100/heavy.toml"),
}
"""The matched duel of each system: two of its shipped sheets."""


def duel_loop(ruleset: str, n: int):
    arena = load_map(ROOT / "maps/arena.toml")
    a, b = (ROOT / "assets/characters" / f for f in DUELS[ruleset])
    sheets = (load_sheet(a, ruleset), load_sheet(b, ruleset))
    policies = tuple(sheet_policy(str(p), None, ruleset) for p in (a, b))
    shared: dict = {}

    def run() -> int:
        turns = 0
        for seed in range(n):
            enc = Encounter(arena, seed=seed, ruleset=ruleset, shared=shared)
            enc.add(sheets[0], team="red", policy=policies[0])
            enc.add(sheets[1], team="blue", policy=policies[1])
            turns += sum(c.turns for c in enc.run(until=120)._encounter.order)
        return turns

    run.turns = run()  # warm (movement graphs, caches); the same seeds give the same turns every run
    return run


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    names = list(DUELS)
    loops = [duel_loop(name, n) for name in names]
    timings = interleaved(*loops, repeat=repeat)
    print(f"matched duels on arena, {n} per run, {repeat} runs interleaved; baseline: mano-a-mano in the same run")
    base = Rate(n, timings[0])
    base_turns = Rate(loops[0].turns, timings[0])
    report("mano-a-mano duels", base, "duels/s")
    report(f"  turns ({loops[0].turns / n:.1f} a duel)", base_turns, "turns/s")
    for name, loop, t in zip(names[1:], loops[1:], timings[1:]):
        rate = Rate(n, t)
        report(f"{name} duels", rate, "duels/s", baseline=base)
        report(f"  turns ({loop.turns / n:.1f} a duel)", Rate(loop.turns, t), "turns/s", baseline=base_turns)
        ratio = rate.median / base.median
        print(f"  {name}: within 2x of mano-a-mano's duels/s (ratio >= 0.5, issue #19): "
              f"{'met' if ratio >= 0.5 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
