"""Batch throughput: 1-versus-1 duels (Steven against his clone on ``arena``) per second.

A plain script (not a test): ``.venv/bin/python benchmarks/bench_batch.py [--runs N] [--profile]``.

It prints, for the same duel:

- **engine**: a bare loop ``Scenario.build(seed).run()`` in this process (what
  one fight costs, no batch machinery);
- **batch, 1 worker**: ``tactics.batch.run(..., workers=1)`` (one core, with the
  per-run seeds, summaries and the table; the difference to the engine line is
  the batch's own overhead);
- **batch, 2 workers**: ``workers=2`` on a local process pool, and the
  speed-up over one worker (the pool's start-up is included: that is what a
  user waits for).

Each measurement is 5,000 duels by default (about two seconds on one core): a
local pool costs a fixed 20-30 ms to start and drain, 5 % of a 2,000-duel
batch (under a second now) and 2 % of 5,000; ``--runs 2000`` shows the former.

Goals (issue 7): at least 2,000 duels/s on one core, and a speed-up of at
least 1.8x from 1 to 2 workers. ``--profile`` adds the engine's hot spots
(cProfile, by own time). Timings are the best of ``--repeats`` tries; another
busy process on the machine lowers them, the 2-worker line most.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tactics.batch import run  # noqa: E402
from tactics.scenario import scenario_from_dict  # noqa: E402

DUEL = {
    "name": "duel",
    "map": "arena",
    "until": 300,
    "teams": {"red": [{"character": "steven"}], "blue": [{"character": "clone"}]},
}
GOAL_RATE = 2_000
GOAL_SPEEDUP = 1.8


def engine_loop(sc, n: int) -> None:
    for i in range(n):
        sc.build(seed=i).run(until=sc.until)


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (pool workers once shut down)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def best_of(fn, repeats: int) -> tuple[float, float]:
    """Best wall time and the CPU time of that try."""
    best, cpu = float("inf"), float("inf")
    for _ in range(repeats):
        c0, t0 = cpu_seconds(), time.perf_counter()
        fn()
        t, c = time.perf_counter() - t0, cpu_seconds() - c0
        if t < best:
            best, cpu = t, c
    return best, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5000,
                    help="duels per measurement (default 5000: about two seconds on one core, so the "
                         "pool's start-up of a few tens of ms is not most of what the speed-up measures)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--profile", action="store_true", help="print the engine's hot spots")
    args = ap.parse_args()
    n = args.runs
    sc = scenario_from_dict(DUEL, "<duel>")
    engine_loop(sc, 20)  # warm the map and sheet caches

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    t_engine, _ = best_of(lambda: engine_loop(sc, n), args.repeats)
    t1, c1 = best_of(lambda: run(sc, n, seed=1, workers=1, progress=False), args.repeats)
    t2, c2 = best_of(lambda: run(sc, n, seed=1, workers=2, progress=False), args.repeats)
    a = run(sc, 200, seed=1, workers=1, progress=False)
    b = run(sc, 200, seed=1, workers=2, progress=False)
    assert a == b, "1 and 2 workers disagree"

    r_engine, r1, r2 = n / t_engine, n / t1, n / t2
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"duel: Steven vs clone on arena, {n:,} fights per measurement, {cpus} CPUs "
          f"(load average {load:.2f} before), best of {args.repeats}")
    print(f"engine alone (build + run, one core):  {r_engine:8,.0f} duels/s  ({1e3 / r_engine:.2f} ms each)")
    print(f"batch, 1 worker (this process):        {r1:8,.0f} duels/s  (batch overhead {t1 / t_engine - 1:+.0%})")
    print(f"batch, 2 workers (process pool):       {r2:8,.0f} duels/s  (speed-up {r2 / r1:.2f}x)")
    print(f"CPU per duel: 1 worker {1e3 * c1 / n:.2f} ms, 2 workers {1e3 * c2 / n:.2f} ms "
          f"(pool overhead {c2 / c1 - 1:+.0%}; speed-up on two idle cores at most {2 * c1 / c2:.2f}x)")
    print(f"goal {GOAL_RATE:,} duels/s on one core: {'met' if r1 >= GOAL_RATE else 'NOT met'}")
    print(f"goal speed-up {GOAL_SPEEDUP}x from 1 to 2 workers: {'met' if r2 / r1 >= GOAL_SPEEDUP else 'NOT met'}"
          + ("" if (cpus or 1) >= 2 else " (only one CPU here)"))

    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        engine_loop(sc, min(n, 500))
        prof.disable()
        out = io.StringIO()
        st = pstats.Stats(prof, stream=out)
        total = st.total_tt
        print(f"\nengine hot spots ({min(n, 500)} duels, {total:.2f} s under cProfile), by own time:")
        def show(rows) -> None:
            for (file, line, func), (_cc, nc, tt, ct, _callers) in rows:
                where = f"{Path(file).relative_to(ROOT) if file.startswith(str(ROOT)) else Path(file).name}:{line}"
                print(f"  {tt / total:5.1%} own  {ct / total:5.1%} cum  {nc:>9,} calls  {func}  ({where})")

        show(sorted(st.stats.items(), key=lambda kv: kv[1][2], reverse=True)[:12])
        print("by cumulative time (project code):")
        mine = [kv for kv in st.stats.items() if kv[0][0].startswith(str(ROOT / "tactics"))]
        show(sorted(mine, key=lambda kv: kv[1][3], reverse=True)[:20])


if __name__ == "__main__":
    main()
