"""Whole skirmishes with the AI policies, timed, against a bare SimPy loop.

    .venv/bin/python benchmarks/bench_skirmish.py            # the numbers
    .venv/bin/python benchmarks/bench_skirmish.py --profile  # + the top hot spots (cProfile)

Prints, in one run:

- a 4-versus-4 skirmish on ``arena`` to the end (brawlers, and a mixed team:
  brawler, archer, skirmisher, grappler), best wall time of a few runs;
- a 100-versus-100 brawler battle on a 128×128 map built with
  ``TacticalMap.from_grid`` (scattered 3 m walls and rubble);
- turns resolved per second, and a bare SimPy loop doing the same number of
  timeouts (one process per combatant, one timeout per turn), and the ratio.

Lines are the median (min–max) of several runs (``_common.py``): the 4 v 4
over five seeds, the 100 v 100 (same seed) three times.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time
from pathlib import Path

import numpy as np
import simpy

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import Rate, machine_line, measure, rate_of, report, timing_of  # noqa: E402

from tactics import Encounter, load_character, load_map  # noqa: E402
from tactics.map import TacticalMap  # noqa: E402
from tactics.replay.schema import Turn  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def sheet(name: str):
    return load_character(ROOT / "assets/characters" / f"{name}.toml")


def arena_4v4(seed: int, mixed: bool) -> tuple[float, int, object]:
    m = load_map(ROOT / "maps/arena.toml")
    enc = Encounter(m, seed=seed)
    red = [("steven", "brawler"), ("archer", "archer"), ("spear_thrower", "skirmisher"), ("grappler", "grappler")] \
        if mixed else [("steven", "brawler")] * 4
    for name, pol in red:
        enc.add(sheet(name), team="red", policy=pol)
    for _ in range(4):
        enc.add(sheet("steven"), team="blue", policy="brawler")
    t = time.perf_counter()
    r = enc.run(until=300)
    return time.perf_counter() - t, sum(isinstance(e, Turn) for e in r.events), r


def big_map(n: int = 128, seed: int = 1) -> TacticalMap:
    rng = np.random.default_rng(seed)
    rows = []
    for r in range(n):
        row = []
        for c in range(n):
            x = rng.random()
            if c < 8 and 16 <= r < 112:
                row.append("r" if (c % 2 == 1 and r % 2 == 0) else ".")
            elif c >= n - 8 and 16 <= r < 112:
                row.append("b" if (c % 2 == 0 and r % 2 == 0) else ".")
            elif x < 0.04:
                row.append("#")
            elif x < 0.06:
                row.append("%")
            else:
                row.append(".")
        rows.append("".join(row))
    return TacticalMap.from_grid(rows, legend={
        "#": {"kind": "wall", "height": 3},
        "%": "rubble",
        "r": {"kind": "floor", "spawn": "red"},
        "b": {"kind": "floor", "spawn": "blue"},
    }, name="bench-128")


def battle_100(m: TacticalMap, seed: int = 0) -> tuple[float, int, object]:
    steven, clone = sheet("steven"), sheet("clone")
    enc = Encounter(m, seed=seed)
    for _ in range(100):
        enc.add(steven, team="red", policy="brawler")
    for _ in range(100):
        enc.add(clone, team="blue", policy="brawler")
    t = time.perf_counter()
    r = enc.run(until=600)
    return time.perf_counter() - t, sum(isinstance(e, Turn) for e in r.events), r


def bare_simpy(units: int, turns: int) -> float:
    """One process per unit, one 1 s timeout per turn, ``turns`` timeouts in all."""
    env = simpy.Environment()
    per = max(1, turns // units)

    def life(env, offset):
        yield env.timeout(offset)
        for _ in range(per):
            yield env.timeout(1.0)

    for i in range(units):
        env.process(life(env, i / units))
    t = time.perf_counter()
    env.run()
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--profile", action="store_true", help="profile the 100-vs-100 battle and print the hot spots")
    a = ap.parse_args()

    print(f"bench_skirmish: {machine_line()}")
    for mixed in (False, True):
        runs = [arena_4v4(seed, mixed) for seed in range(5)]
        walls = timing_of([r[0] for r in runs])
        turns = sum(r[1] for r in runs)
        label = "mixed (brawler, archer, skirmisher, grappler) vs 4 brawlers" if mixed else "4 brawlers vs 4 brawlers"
        print(f"arena 4v4, {label}, seeds 0-4: {walls.median * 1000:.1f} ms ({walls.min * 1000:.1f}–"
              f"{walls.max * 1000:.1f}) to the end, {turns / len(runs):.0f} turns a fight ({runs[0][2]!r})")
        rates = rate_of([(r[1], r[0]) for r in runs])
        bare = Rate(turns / len(runs), measure(lambda: bare_simpy(8, turns // len(runs)), 5))
        report("  turns/s (each fight)", rates, "turns/s", bare)
        report(f"  bare SimPy, {turns // len(runs)} timeouts over 8 processes", bare, "wakes/s")

    t0 = time.perf_counter()
    m = big_map()
    t_build = time.perf_counter() - t0
    warm = time.perf_counter()
    from tactics.ai.common import safe_mover

    m.movement_arrays(safe_mover(sheet("steven"), m.cell_size))
    m.movement_arrays(safe_mover(sheet("clone"), m.cell_size))
    t_graph = time.perf_counter() - warm
    if a.profile:
        prof = cProfile.Profile()
        prof.enable()
    first = battle_100(m)
    if a.profile:
        prof.disable()
    fights = [first] + [battle_100(m) for _ in range(2)]
    turns, r = first[1], first[2]
    print(f"128x128 map built in {t_build * 1000:.0f} ms, movement graphs in {t_graph * 1000:.0f} ms")
    secs = timing_of([f[0] for f in fights])
    print(f"100 vs 100 brawlers on 128x128: {secs.median:.2f} s wall ({secs.min:.2f}–{secs.max:.2f}), {turns} turns; {r!r}")
    bare = Rate(turns, measure(lambda: bare_simpy(200, turns), 3))
    report("  turns/s", Rate(turns, secs), "turns/s", bare)
    report(f"  bare SimPy, {turns} timeouts over 200 processes", bare, "wakes/s")
    if a.profile:
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(25)
        print(out.getvalue())
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(15)
        print(out.getvalue())


if __name__ == "__main__":
    main()
