"""Batch throughput: duels per second the way users write them, and the batch machinery.

A plain script (not a test): ``.venv/bin/python benchmarks/bench_batch.py [--runs N] [--repeats N] [--profile]``.

Every line is the median of ``--repeats`` runs with the min–max range
(``_common.py``); goals are judged on the median. In one run it prints:

- **natural user duel loop**, exactly as the README writes it, per fight:
  ``load_map``, ``load_character`` ×2, ``Encounter``, ``add`` ×2 (policy
  ``advance``), ``run(until=120)``; one core. Goal (issue 19) ≥ 2,000 duels/s.
  It is timed first, before anything else in this process has warmed a cache
  (in turns with the hoisted loop, so both see the same load).
- **hoisted loop**: the same with the map and both sheets loaded once;
- **engine alone**: ``Scenario.build(seed).run()`` of Steven vs his clone on
  ``arena`` (their sheets' AI, ``brawler``) with the scenario's shared caches
  warm (what the thousands of fights of a batch cost each);
- **batch, 1 worker** and **batch, 2 workers** (``tactics.batch.run``): the
  batch's own overhead, and the speed-up (goal ≥ 1.8× from 1 to 2 workers;
  the pool's start-up is included: that is what a user waits for);
- **default encounter**: ``tactics batch`` with no encounter (the arena mixed
  4 v 4, ``default_scenario()``), ``run(workers=1)``: fights/s per core. Goal
  ≥ 300. Each measurement is a fresh scenario (empty shared caches) and new
  seeds, as one ``tactics batch`` run is; the user loops too take new seeds
  every measurement (the AI and the map remember answers: replaying the same
  fights would flatter).

``--profile`` adds the engine's hot spots (cProfile, by own time). Another busy
process on the machine lowers the minimum first, the 2-worker line most.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import itertools
import os
import pstats
import resource
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from _common import Rate, goal_line, interleaved, machine_line, measure, report  # noqa: E402

from tactics import Encounter, load_character, load_map  # noqa: E402
from tactics.batch import run  # noqa: E402
from tactics.scenario import default_scenario, scenario_from_dict  # noqa: E402

DUEL = {
    "name": "duel",
    "map": "arena",
    "until": 300,
    "teams": {"red": [{"character": "steven"}], "blue": [{"character": "clone"}]},
}
GOAL_NATURAL = 2_000
GOAL_SPEEDUP = 1.8
GOAL_DEFAULT = 300

MAP = str(ROOT / "maps/arena.toml")
STEVEN = str(ROOT / "assets/characters/steven.toml")
CLONE = str(ROOT / "assets/characters/clone.toml")


def natural_loop(n: int, start: int = 0) -> None:
    """The README's duel, written the way the README writes it, ``n`` times."""
    for i in range(start, start + n):
        arena = load_map(MAP)
        enc = Encounter(arena, seed=i)
        enc.add(load_character(STEVEN), team="red", policy="advance")
        enc.add(load_character(CLONE), team="blue", policy="advance")
        enc.run(until=120)


def hoisted_loop(n: int, start: int = 0) -> None:
    """The same duels with the map and the sheets loaded once."""
    arena, steven, clone = load_map(MAP), load_character(STEVEN), load_character(CLONE)
    for i in range(start, start + n):
        enc = Encounter(arena, seed=i)
        enc.add(steven, team="red", policy="advance")
        enc.add(clone, team="blue", policy="advance")
        enc.run(until=120)


def engine_loop(sc, n: int) -> None:
    for i in range(n):
        sc.build(seed=i).run(until=sc.until)


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (pool workers once shut down)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5000,
                    help="duels per measurement of the warm engine and the batch (default 5000: about two "
                         "seconds on one core, so the pool's start-up of a few tens of ms is not most of what "
                         "the speed-up measures)")
    ap.add_argument("--loop-runs", type=int, default=1000, help="duels per measurement of the user loops")
    ap.add_argument("--default-runs", type=int, default=200, help="fights per measurement of the default encounter")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--profile", action="store_true", help="print the engine's hot spots")
    args = ap.parse_args()
    n, reps = args.runs, args.repeats
    print(f"bench_batch: {machine_line()}")
    met: dict[str, bool] = {}

    # the user loops first: nothing in this process has warmed anything yet
    k = args.loop_runs
    starts = itertools.count(0, k)  # new seeds for every measurement: no run replays the fights of another
    t_nat, t_hoist = interleaved(lambda: natural_loop(k, next(starts)), lambda: hoisted_loop(k, next(starts)),
                                 repeat=reps)
    nat, hoist = Rate(k, t_nat), Rate(k, t_hoist)
    print(f"duel: Steven vs clone on arena, policy advance, until 120 s, {k:,} fights per measurement")
    met["natural loop"] = report("natural user duel loop (README, one core)", nat, "duels/s", hoist, GOAL_NATURAL)
    report("hoisted loop (map and sheets loaded once)", hoist, "duels/s")

    sc = scenario_from_dict(DUEL, "<duel>")
    engine_loop(sc, 20)  # warm the scenario's map, sheets and shared caches
    eng = Rate(n, measure(lambda: engine_loop(sc, n), reps))
    cpu1: list[float] = []
    cpu2: list[float] = []

    def batch(workers: int, sink: list[float]):
        def go() -> None:
            c0 = cpu_seconds()
            run(sc, n, seed=1, workers=workers, progress=False)
            sink.append(cpu_seconds() - c0)
        return go

    t1, t2 = interleaved(batch(1, cpu1), batch(2, cpu2), repeat=reps)
    b1, b2 = Rate(n, t1), Rate(n, t2)
    a = run(sc, 200, seed=1, workers=1, progress=False)
    b = run(sc, 200, seed=1, workers=2, progress=False)
    assert a == b, "1 and 2 workers disagree"
    print(f"duel: Steven vs clone on arena, their sheets' AI (brawler), {n:,} fights per measurement, "
          f"scenario caches warm")
    report("engine alone (Scenario.build + run, one core)", eng, "duels/s", nat)
    report("batch, 1 worker (this process)", b1, "duels/s", eng)
    report("batch, 2 workers (process pool)", b2, "duels/s", b1)
    c1, c2 = sorted(cpu1)[len(cpu1) // 2], sorted(cpu2)[len(cpu2) // 2]
    print(f"  CPU per duel (median): 1 worker {1e3 * c1 / n:.3f} ms, 2 workers {1e3 * c2 / n:.3f} ms "
          f"(pool overhead {c2 / c1 - 1:+.0%}; speed-up on two idle cores at most {2 * c1 / c2:.2f}x)")
    speedup = b2.median / b1.median
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()

    d = args.default_runs
    dsc = default_scenario()
    run(dsc, 5, seed=1, workers=1, progress=False)  # imports and the map's own structures
    seeds = itertools.count(2)

    def default_batch() -> None:
        # what one `tactics batch` of d fights costs: a fresh scenario (its shared caches empty) and
        # fights never played before in this process (the AI's caches only help within the batch)
        run(default_scenario(), d, seed=next(seeds), workers=1, progress=False)
    dflt = Rate(d, measure(default_batch, max(3, reps - 2)))
    print(f"default encounter ({dsc.name}: mixed 4 v 4, until {dsc.until:g} s), {d:,} fights per measurement")
    met["default encounter"] = report("tactics batch default encounter, 1 worker", dflt, "fights/s", eng,
                                      GOAL_DEFAULT)

    goal_line(f"natural user duel loop ≥ {GOAL_NATURAL:,} duels/s (one core)", met["natural loop"],
              f"median {nat.median:,.0f}; the warm engine alone does {eng.median:,.0f}")
    met["speed-up"] = goal_line(f"speed-up ≥ {GOAL_SPEEDUP}x from 1 to 2 workers", speedup >= GOAL_SPEEDUP,
                                f"{speedup:.2f}x of medians" + ("" if (cpus or 1) >= 2 else ", only one CPU here"))
    goal_line(f"default encounter ≥ {GOAL_DEFAULT} fights/s per core", met["default encounter"],
              f"median {dflt.median:,.0f}")

    if args.profile:
        hot_spots(f"engine hot spots ({min(n, 500)} duels)", lambda: engine_loop(sc, min(n, 500)))
        hot_spots(f"default encounter hot spots ({d} fights, fresh scenario)",
                  lambda: run(default_scenario(), d, seed=next(seeds), workers=1, progress=False))


def hot_spots(title: str, fn) -> None:
    """cProfile of ``fn()``: the top functions by own time, then project code by cumulative time."""
    prof = cProfile.Profile()
    prof.enable()
    fn()
    prof.disable()
    st = pstats.Stats(prof, stream=io.StringIO())
    total = st.total_tt
    print(f"\n{title}, {total:.2f} s under cProfile, by own time:")

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
