"""Milliseconds per decision: the planner and every heuristic policy, on the shipped encounters.

Issue #17 asks the planner for at most 5 ms median per decision and every
heuristic policy to keep at most 1 ms. Each run plays, for every policy,
a few seeds of the shipped encounters of its ruleset with the policy on the
first team (the second team on its own policies) and times each decision
(``plan`` and reaction turns) with the wall clock and the process CPU
clock. A line gives the median over the runs of each run's median ms per
decision, the min–max of those medians, and the decisions per CPU-second
(from the CPU median): under load trust that one::

    python benchmarks/bench_planner.py              # 3 runs, 2 seeds per encounter
    python benchmarks/bench_planner.py --repeats 5 --seeds 4
    python benchmarks/bench_planner.py --quick      # 1 run, 1 seed, arena and squad only
    python benchmarks/bench_planner.py --only planner   # the planner's lines alone

``--mirror N`` measures the other half of the goal instead: the planner's
mirror matches (:mod:`tactics.league.mirror`: each shipped encounter and
seed played from both sides) against every heuristic policy of each
ruleset (``--against`` names some), N seeds from league seed 1, with the
95 % interval of each score::

    python benchmarks/bench_planner.py --mirror 100 --against guard,duelist,wrestler,sneak,trooper,gunner,sniper
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from _common import goal_line, machine_line  # noqa: E402

from tactics.ai import policies_for  # noqa: E402
from tactics.league.encounters import default_encounters, load, ruleset_of  # noqa: E402

PLANNER_GOAL_MS = 5.0
HEURISTIC_GOAL_MS = 1.0
SKIP = {"passive"}


class Timed:
    """A policy wrapped to time each decision (wall and CPU milliseconds); all else is the policy's."""

    def __init__(self, inner, wall: list[float], cpu: list[float]) -> None:
        self.inner, self.wall, self.cpu = inner, wall, cpu

    def plan(self, view):
        c0, t0 = time.process_time(), time.perf_counter()
        out = self.inner.plan(view)
        self.wall.append((time.perf_counter() - t0) * 1000)
        self.cpu.append((time.process_time() - c0) * 1000)
        return out

    def __getattr__(self, name):
        return getattr(self.inner, name)


def one_run(policy: str, encounters: list[str], seeds: int) -> tuple[list[float], list[float]]:
    wall: list[float] = []
    cpu: list[float] = []
    for name in encounters:
        sc = load(name)
        first = next(iter(sc.teams))
        over = {f"teams.{first}.{n}.policy": policy for n in range(1, len(sc.teams[first].members) + 1)}
        for seed in range(1, seeds + 1):
            enc = sc.build(seed=seed, overrides=over)
            for c in enc.combatants.values():
                if c.team == first:
                    c.policy = Timed(c.policy, wall, cpu)
            enc.run(until=sc.until)
    return wall, cpu


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seeds", type=int, default=2)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--mirror", type=int, default=0, metavar="SEEDS", help="mirror matches instead of timing")
    ap.add_argument("--against", default="", help="comma-separated opponents for --mirror (default: all)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only", default="", help="comma-separated policies to time (default: every policy)")
    args = ap.parse_args()
    if args.mirror > 0:
        return mirror(args.mirror, [n for n in args.against.split(",") if n], args.workers)
    repeats, seeds = (1, 1) if args.quick else (max(1, args.repeats), max(1, args.seeds))
    encs = ["arena", "squad"] if args.quick else default_encounters()
    by_rs: dict[str, list[str]] = defaultdict(list)
    for e in encs:
        by_rs[ruleset_of(e)].append(e)
    print(machine_line())
    print(f"{repeats} run(s); each: {seeds} seed(s) of {len(encs)} encounter(s), the policy on the first team")
    planner_ok, heur_ok, worst = True, True, ("", 0.0)
    planner_all: list[float] = []
    for rs, rs_encs in sorted(by_rs.items()):
        only = {n for n in args.only.split(",") if n}
        names = sorted(n for n in policies_for(rs) if n not in SKIP and (not only or n in only))
        for pol in names:
            meds, cpus, n = [], [], 0
            for _ in range(repeats):
                wall, cpu = one_run(pol, rs_encs, seeds)
                if wall:
                    meds.append(statistics.median(wall))
                    cpus.append(statistics.median(cpu))
                    n = len(wall)
            if not meds:
                continue
            med, cpu_med = statistics.median(meds), statistics.median(cpus)
            per_cpu = 1000.0 / cpu_med if cpu_med > 0 else float("inf")
            goal = PLANNER_GOAL_MS if pol == "planner" else HEURISTIC_GOAL_MS
            met = med <= goal
            print(f"{rs + ' · ' + pol:<36} {med:8.3f} ms/decision  ({min(meds):.3f}–{max(meds):.3f}, {len(meds)} runs, "
                  f"{n:,} decisions a run)  [{per_cpu:,.0f} decisions per CPU-s, CPU median {cpu_med:.3f} ms]"
                  f"   goal ≤ {goal:g} ms: {'met' if met else 'NOT met'} "
                  f"(per CPU: {'met' if cpu_med <= goal else 'NOT met'})", flush=True)
            if pol == "planner":
                planner_ok &= cpu_med <= goal
                planner_all.append(med)
            else:
                heur_ok &= cpu_med <= goal
                if med > worst[1]:
                    worst = (f"{rs} · {pol}", med)
    if planner_all:
        goal_line(f"planner ≤ {PLANNER_GOAL_MS:g} ms median per decision on every ruleset (CPU)", planner_ok,
                  f"wall medians {', '.join(f'{m:.2f}' for m in planner_all)} ms")
    if worst[0]:
        goal_line(f"every heuristic policy ≤ {HEURISTIC_GOAL_MS:g} ms median per decision (CPU)", heur_ok,
                  f"slowest wall median: {worst[0]} {worst[1]:.3f} ms")
    return 0


def mirror(seeds: int, against: list[str], workers: int) -> int:
    """The planner's mirror-match score against each heuristic, per ruleset, with 95 % intervals."""
    from tactics.league.mirror import mirror_games, mirror_scores
    from tactics.league.play import play

    print(machine_line())
    by_rs: dict[str, list[str]] = defaultdict(list)
    for e in default_encounters():
        by_rs[ruleset_of(e)].append(e)
    games = []
    for rs, encs in sorted(by_rs.items()):
        opps = [n for n in policies_for(rs) if n not in SKIP | {"planner"} and (not against or n in against)]
        games += mirror_games(encs, "planner", opps, seeds, league_seed=1)
    t0 = time.perf_counter()
    outcomes = play([replace(g, index=i) for i, g in enumerate(games)], workers=workers)
    print(f"{len(games):,} games, {seeds} seed(s) a pairing and encounter, both sides, "
          f"{time.perf_counter() - t0:.0f} s on {workers} worker(s)")
    for s in mirror_scores(outcomes, "planner"):
        print(f"{s.ruleset + ' · planner v ' + s.opponent:<44} {s.rate:6.1%}  [{s.low:.1%}, {s.high:.1%}]  "
              f"{s.games} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
