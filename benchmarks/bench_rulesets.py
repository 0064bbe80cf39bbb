"""Duels per second of every combat system, side by side in one run.

Each ruleset plays a matched duel of two of its shipped sheets (the same
pair every run, on the arena map, each side on the policy its encounters
give it) many times, every timed run on seeds not played before (only the
map's caches are warm, as in a batch); the runs of the rulesets are interleaved so a busy
machine weighs on all of them alike. The baseline is Mano a Mano's duels
per second in the same run; issue #19 asks every other system to stay
within 2x of it (ratio >= 0.5), judged on the medians of wall time and
printed per CPU-second too (the ratio of the CPU rates holds up better on a
busy machine)::

    python benchmarks/bench_rulesets.py                      # 400 duels per run, 5 runs
    python benchmarks/bench_rulesets.py --duels 1000 --runs 3
    python benchmarks/bench_rulesets.py --only d100-opposed  # one system against the baseline
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from _common import Rate, goal_line, interleaved, machine_line, report  # noqa: E402

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
    done: list[int] = []  # turns of each run so far; run k plays seeds k*n .. k*n + n - 1

    def run() -> int:
        turns, first = 0, len(done) * n
        for seed in range(first, first + n):
            enc = Encounter(arena, seed=seed, ruleset=ruleset, shared=shared)
            enc.add(sheets[0], team="red", policy=policies[0])
            enc.add(sheets[1], team="blue", policy=policies[1])
            turns += sum(c.turns for c in enc.run(until=120)._encounter.order)
        done.append(turns)
        return turns

    run()  # warm (movement graphs, the map's caches) on seeds no timed run plays again
    run.done = done
    return run


def timed_turns(loop) -> float:
    """The mean turns of a loop's timed runs (every run after the warm one plays new seeds)."""
    timed = loop.done[1:]
    return sum(timed) / len(timed)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--duels", type=int, default=400, help="duels of each system per run (default 400)")
    ap.add_argument("--runs", type=int, default=5, help="runs of each system, interleaved (default 5)")
    ap.add_argument("--only", action="append", choices=list(DUELS)[1:], metavar="RULESET",
                    help="time only this system against the baseline (repeatable; default: all)")
    ap.add_argument("legacy", nargs="*", type=int, metavar="N", help=argparse.SUPPRESS)  # old form: DUELS [RUNS]
    args = ap.parse_args(argv)
    n = args.legacy[0] if args.legacy else args.duels
    repeat = args.legacy[1] if len(args.legacy) > 1 else args.runs
    if n < 1 or repeat < 1:
        ap.error("--duels and --runs must be at least 1")
    names = ["mano-a-mano"] + [r for r in list(DUELS)[1:] if not args.only or r in args.only]
    print(f"bench_rulesets: {machine_line()}")
    loops = [duel_loop(name, n) for name in names]
    timings = interleaved(*loops, repeat=repeat)
    print(f"matched duels on arena, {n} per run, {repeat} runs interleaved; baseline: mano-a-mano in the same run")
    base = Rate(n, timings[0])
    base_turns = Rate(timed_turns(loops[0]), timings[0])
    report("mano-a-mano duels", base, "duels/s")
    report(f"  turns ({timed_turns(loops[0]) / n:.1f} a duel)", base_turns, "turns/s")
    verdicts = []
    for name, loop, t in zip(names[1:], loops[1:], timings[1:]):
        rate = Rate(n, t)
        report(f"{name} duels", rate, "duels/s", baseline=base)
        report(f"  turns ({timed_turns(loop) / n:.1f} a duel)", Rate(timed_turns(loop), t), "turns/s",
               baseline=base_turns)
        ratio = rate.median / base.median
        cpu = (rate.per_cpu / base.per_cpu) if rate.per_cpu and base.per_cpu else None
        verdicts.append((name, ratio, cpu))
    for name, ratio, cpu in verdicts:
        goal_line(f"{name} within 2x of mano-a-mano's duels/s (issue #19)", ratio >= 0.5,
                  f"ratio {ratio:.3f}" + (f", per CPU-s {cpu:.3f}" if cpu is not None else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
