"""The matched duel of ``bench_rulesets.py`` as a fixed workload to count (not time).

Plays the duel of one system exactly as ``bench_rulesets.py`` does (its
sheets, policies and a cache shared by every duel): first ``--warm`` duels
on seeds 0.., then ``--duels`` measured ones on the seeds after, with the
collector off (``--gc``: on between duels, as in the benchmark). Prints duels, turns (an engine turn: a d100 phase) and
turns a duel. Under callgrind, ``--callgrind`` switches instrumentation on
only for the measured duels (run valgrind with ``--instr-atstart=no``)::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --instr-atstart=no \\
        --callgrind-out-file=/tmp/d100.cg python benchmarks/duel_counts.py d100-opposed --callgrind
    python benchmarks/duel_counts.py d100-opposed --profile   # Python calls a turn
    python benchmarks/duel_counts.py d100-opposed --hashes /tmp/d100.sha  # a digest per replay
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

from _common import counted, print_calls  # noqa: E402
from bench_rulesets import DUELS, ROOT  # noqa: E402

from tactics import Encounter, load_map  # noqa: E402
from tactics.scenario import sheet_policy  # noqa: E402
from tactics.sheets import load_sheet  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("ruleset", choices=list(DUELS))
    ap.add_argument("--warm", type=int, default=200, help="duels played first, not counted (default 200)")
    ap.add_argument("--duels", type=int, default=100, help="duels counted (default 100)")
    ap.add_argument("--first", type=int, default=None,
                    help="first seed of the counted duels (default: right after the warm ones)")
    ap.add_argument("--callgrind", action="store_true", help="instrument only the counted duels")
    ap.add_argument("--profile", action="store_true", help="cProfile the counted duels")
    ap.add_argument("--gc", action="store_true",
                    help="leave the collector on between duels, as bench_rulesets.py does (each fight pauses it)")
    ap.add_argument("--hashes", help="write a sha256 of every duel's replay (warm ones too) to this file")
    args = ap.parse_args(argv)
    if not args.gc:
        gc.disable()
    arena = load_map(ROOT / "maps/arena.toml")
    a, b = (ROOT / "assets/characters" / f for f in DUELS[args.ruleset])
    sheets = (load_sheet(a, args.ruleset), load_sheet(b, args.ruleset))
    policies = tuple(sheet_policy(str(p), None, args.ruleset) for p in (a, b))
    shared: dict = {}
    digests: list[str] = []

    def duel(seed: int) -> int:
        enc = Encounter(arena, seed=seed, ruleset=args.ruleset, shared=shared)
        enc.add(sheets[0], team="red", policy=policies[0])
        enc.add(sheets[1], team="blue", policy=policies[1])
        res = enc.run(until=120)
        if args.hashes:
            digests.append(hashlib.sha256(res.to_bytes()).hexdigest())
        return sum(c.turns for c in res._encounter.order)

    for seed in range(args.warm):
        duel(seed)
    first = args.warm if args.first is None else args.first
    seeds = range(first, first + args.duels)
    turns, stats = counted(lambda: sum(duel(seed) for seed in seeds), args.callgrind, args.profile)
    print(f"{args.ruleset}: {args.duels} duels from seed {first} (after {args.warm} warm), {turns} turns, "
          f"{turns / args.duels:.2f} turns a duel")
    if stats is not None:
        print_calls(stats, turns, args.duels, top=40)
    if args.hashes:
        Path(args.hashes).write_text("\n".join(digests) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
