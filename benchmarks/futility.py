"""Futile turns on every shipped encounter (issue 17): ``python benchmarks/futility.py [--seeds 50] [NAME ...]``.

Runs each shipped encounter in-process for seeds 0..N-1 (each within its own
time limit), reads the refused steps and the poor-odds attacks back from the
replays' events (``tactics.ai.futility``) and prints the Markdown table that
``docs/ai.md`` § Futile turns records.
"""

from __future__ import annotations

import argparse
import time

from tactics.ai.futility import Futility, futility, table
from tactics.scenario import load_scenario, shipped_encounters


def measure(name: str, seeds: int) -> Futility:
    """The futility of ``seeds`` fights of the shipped encounter ``name`` (seeds 0..seeds-1)."""
    sc = load_scenario(shipped_encounters()[name])
    total = Futility()
    for seed in range(seeds):
        total = total + futility(sc.run(seed=seed).events)
    return total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*")
    ap.add_argument("--seeds", type=int, default=50)
    ap.add_argument("--worst", type=int, default=0, help="print this many futile attacks per encounter")
    args = ap.parse_args()
    rows = []
    for name in args.names or sorted(shipped_encounters()):
        t0 = time.perf_counter()
        f = measure(name, args.seeds)
        rows.append((name, args.seeds, f))
        print(f"{name}: {time.perf_counter() - t0:.1f} s", flush=True)
        for a in f.futile[: args.worst]:
            print("   ", a)
    print(table(rows))


if __name__ == "__main__":
    main()
