"""The matched duel of ``bench_rulesets.py`` as a fixed workload, for callgrind and replay checks.

Plays the same loop as ``bench_rulesets.duel_loop`` (the ruleset's two shipped
sheets on arena, each on its own policy, a ``shared`` cache across fights, one
warm-up run first) with the collector off, and prints duels, turns and the
instructions' worth of work a profiler can divide by them::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/tmp/x.cg \\
        python benchmarks/ruleset_duels.py fudge-opposed --duels 100
    python benchmarks/ruleset_duels.py fudge-opposed --duels 200 --digest   # one hash per fight
    python benchmarks/ruleset_duels.py fudge-opposed --profile              # Python calls per turn

``--digest`` prints a SHA-256 of each fight's replay bytes, so two trees can be
compared fight by fight.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench_rulesets import DUELS  # noqa: E402

from tactics import Encounter, load_map  # noqa: E402
from tactics.scenario import sheet_policy  # noqa: E402
from tactics.sheets import load_sheet  # noqa: E402

ROOT = HERE.parent


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("ruleset", choices=list(DUELS))
    ap.add_argument("--duels", type=int, default=100, help="timed duels (default 100)")
    ap.add_argument("--warm", type=int, default=20, help="warm-up duels on other seeds (default 20)")
    ap.add_argument("--digest", action="store_true", help="print a hash of each timed fight's replay")
    ap.add_argument("--profile", action="store_true", help="cProfile the timed duels: calls per turn")
    args = ap.parse_args(argv)
    gc.disable()
    arena = load_map(ROOT / "maps/arena.toml")
    a, b = (ROOT / "assets/characters" / f for f in DUELS[args.ruleset])
    sheets = (load_sheet(a, args.ruleset), load_sheet(b, args.ruleset))
    policies = tuple(sheet_policy(str(p), None, args.ruleset) for p in (a, b))
    shared: dict = {}

    def duels(seeds: range) -> int:
        turns = 0
        for seed in seeds:
            enc = Encounter(arena, seed=seed, ruleset=args.ruleset, shared=shared)
            enc.add(sheets[0], team="red", policy=policies[0])
            enc.add(sheets[1], team="blue", policy=policies[1])
            result = enc.run(until=120)
            turns += sum(c.turns for c in result._encounter.order)
            if args.digest:
                print(seed, hashlib.sha256(result.to_bytes()).hexdigest())
        return turns

    duels(range(10_000, 10_000 + args.warm))
    timed = range(args.duels)
    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.enable()
        turns = duels(timed)
        prof.disable()
        calls = pstats.Stats(prof).total_calls
        print(f"{args.ruleset}: {args.duels} duels, {turns} turns, {calls} calls, "
              f"{calls / turns:.1f} calls/turn, {calls / args.duels:.0f} calls/duel")
    else:
        turns = duels(timed)
        print(f"{args.ruleset}: {args.duels} duels, {turns} turns ({turns / max(1, args.duels):.2f} a duel)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
