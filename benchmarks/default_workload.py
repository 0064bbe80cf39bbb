"""A fixed workload of the default encounter for callgrind and cProfile (issue 19).

``python benchmarks/default_workload.py [-n 30] [--seed 7] [--profile]``: ``tactics.batch.run`` of the
default encounter (``default_scenario()``, fresh, one worker) for ``n`` fights of batch seed ``seed``,
with the garbage collector off; prints the fights, turns and policy decisions (``plan`` calls) it saw.
Run it under ``valgrind --tool=callgrind`` with ``PYTHONHASHSEED=0`` to compare instruction totals; ``-n 0``
runs only the warm-up (the imports and one fight of another scenario), to subtract.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tactics.batch import run  # noqa: E402
from tactics.scenario import default_scenario  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=30)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--top", type=int, default=45)
    ap.add_argument("--sort", default="tottime")
    args = ap.parse_args()
    gc.disable()
    # one fight of another scenario first: the imports and module-level caches every batch run has warm
    run(default_scenario(), 1, seed=99991, workers=1, progress=False)
    if args.n <= 0:
        print("fights 0 (warm-up only: subtract this run's instructions)")
        return
    sc = default_scenario()
    if args.profile:
        pr = cProfile.Profile()
        pr.enable()
    run(sc, args.n, seed=args.seed, workers=1, progress=False)
    if args.profile:
        pr.disable()
    print(f"fights {args.n}")
    if args.profile:
        st = pstats.Stats(pr)
        turns = decisions = calls = 0
        for (file, _, fn), (cc, nc, tt, ct, _) in st.stats.items():
            calls += nc
            if fn == "begin_turn" and "rulesets/mano_a_mano/turns" in file:
                turns += nc
            if fn == "plan" and "lawful" in file:
                decisions += nc
        print(f"turns(begin_turn) {turns} decisions(lawful plan) {decisions} python calls {calls}"
              f" calls/turn {calls / max(1, turns):.0f}")
        st.sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
