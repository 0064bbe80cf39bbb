"""The workloads of bench_seam.py, run in whichever checkout is on ``sys.path``.

Prints one JSON line: turns per second of 100 v 100 ``advance`` on a walled
128 x 128 map (the whole battle, and its first ``ALIKE_UNTIL`` seconds, the
stretch both trees play alike) and of Steven-vs-clone ``brawler`` duels, each beside a bare
SimPy loop measured in the same process, interleaved with the work (``Yardstick``), as
medians of ``--repeat`` runs. It uses only the API both the first releases
and today share (``Encounter``, ``load_character``, ``TacticalMap``), so it
measures the engine before and after the ruleset seam alike.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import simpy

ROOT = Path(sys.argv[sys.argv.index("--root") + 1]) if "--root" in sys.argv else Path.cwd()

ALIKE_UNTIL = 10.7675
"""How long the battle is the same fight in both trees (seed 11): ``seam_alike.py`` run to the
battle's end in ``be78a44`` and in today's tree, its signatures (every turn, move, line said,
attack, harm and state change, by what replay formats v1 and v2 both record) compared: the first
that differs is red-82's move in its turn at 10.77 s (another route), the 6,465th; everything
before it, 2,154 turns, is alike. The limit falls between that turn and the one before (10.765 s),
as a turn at the limit itself is played by the old engine's ``run`` and not by today's. Only
walking: the first strike comes at 20.15 s, after the fights parted. ``bench_seam.py`` checks it
again on every run (``seam_alike.py``) and withholds the like-for-like line if it no longer holds."""
ALIKE_RUNS = 5
"""The like-for-like stretch is short (~2,154 turns): played this many times a measurement."""


def big_map(n: int = 128):
    from tactics.map import TacticalMap

    rows = []
    for r in range(n):
        rows.append("".join("#" if c in (40, 87) and r % 16 not in (0, 1, 2, 3)
                            else "%" if (r * 7 + c * 3) % 97 == 0 else "." for c in range(n)))
    spawns = {"red": [(2 + i % 10, 10 + i // 10 * 10) for i in range(100)],
              "blue": [(115 + i % 10, 10 + i // 10 * 10) for i in range(100)]}
    return TacticalMap.from_grid(rows, spawns=spawns, name="bench-128")


class Scripted:
    """The same trivial policy in both trees (walk at the nearest enemy, quick-strike it with the
    first weapon): the engine's and the ruleset's cost without the shipped policies, which have grown
    since the seam (issue 11 is about the engine; ``brawler`` and ``advance`` are not the same code in
    the two trees). Only API both trees share: ``view.me``, ``view.nearest_enemy()``, ``Plan``."""

    name = "scripted"

    def __init__(self) -> None:
        from tactics.sim.plan import Act, MoveTo, Plan

        self.Act, self.MoveTo, self.Plan = Act, MoveTo, Plan

    def plan(self, view):
        me, foe = view.me, view.nearest_enemy()
        if foe is None:
            return self.Plan([], "nobody left")
        strike = self.Act("quick strike", target=foe.id)
        if abs(foe.x - me.x) + abs(foe.y - me.y) <= 1.5:
            return self.Plan([strike], "strike")
        return self.Plan([self.MoveTo(foe.x, foe.y), strike], "close and strike")


class Yardstick:
    """The bare SimPy rate, timed in slices between slices of the work it measures.

    This machine's speed wanders within seconds (a bare loop timed once for 10 ms after a
    workload read anywhere from 0.46 M to 1.19 M wakes a second in one process, where the work
    beside it moved far less), so one short bare loop after the work divides by noise. Timing a
    bare slice after every slice of the work, for about as long in all as the work, lets both see
    the same machine::

        stick = Yardstick(processes=2, timeouts=20_000)
        for chunk in chunks:
            do(chunk)
            stick.slice()
        stick.rate  # wakes per CPU second over all the slices
    """

    def __init__(self, processes: int, timeouts: int) -> None:
        self.processes, self.timeouts = processes, timeouts
        self.wakes, self.spent = 0, 0.0

    def slice(self) -> None:
        rate = bare(self.timeouts, self.processes)
        self.wakes += self.timeouts
        self.spent += self.timeouts / rate

    @property
    def rate(self) -> float:
        return self.wakes / self.spent


def bare(timeouts: int, processes: int) -> float:
    env = simpy.Environment()
    per = max(1, timeouts // processes)

    def proc(env):
        for _ in range(per):
            yield env.timeout(1)

    for _ in range(processes):
        env.process(proc(env))
    t0 = time.process_time()
    env.run()
    return per * processes / (time.process_time() - t0)


def battle_encounter(tmap, steven, clone):
    """The battle's 100 v 100 ``advance`` encounter, not yet run."""
    from tactics import Encounter

    enc = Encounter(tmap, seed=11)
    for _ in range(100):
        enc.add(steven, "red", policy="advance")
        enc.add(clone, "blue", policy="advance")
    return enc


def battle(tmap, steven, clone, until: float = 120, stick: Yardstick | None = None) -> float:
    """Turns per CPU second of the whole battle; ``stick`` gets a bare slice before and after it
    (one run of ``Encounter.run``: the first releases cannot be resumed in slices)."""
    enc = battle_encounter(tmap, steven, clone)
    if stick is not None:
        stick.slice()
    t0 = time.process_time()
    result = enc.run(until=until)
    spent = time.process_time() - t0
    if stick is not None:
        stick.slice()
    turns = sum(1 for e in result.events if type(e).__name__ == "Turn")
    return turns / spent


def alike(tmap, steven, clone) -> tuple[float, float]:
    """Turns per CPU second over the stretch of the battle both trees play alike (``ALIKE_UNTIL``),
    ``ALIKE_RUNS`` fresh encounters, each set up untimed, and the bare SimPy rate (200 processes)
    timed after each (``Yardstick``): a stretch this short beside one short bare loop would be
    mostly noise."""
    turns = spent = 0
    stick = Yardstick(processes=200, timeouts=80_000)
    for _ in range(ALIKE_RUNS):
        enc = battle_encounter(tmap, steven, clone)
        t0 = time.process_time()
        result = enc.run(until=ALIKE_UNTIL)
        spent += time.process_time() - t0
        turns += sum(1 for e in result.events if type(e).__name__ == "Turn")
        stick.slice()
    return turns / spent, stick.rate


DUEL_SLICE = 100
"""Duels played between two of the yardstick's bare slices."""


def duels(tmap, steven, clone, n: int, policy=None, counts: dict | None = None,
          stick: Yardstick | None = None) -> float:
    """Duels per CPU second (``brawler``, or ``policy()`` a fresh object per fighter); ``counts`` gets
    the turns and events played (the two trees' fights differ: the rulings changed since);
    ``stick`` gets a bare slice after every ``DUEL_SLICE`` duels, untimed here."""
    from tactics import Encounter

    shared: dict = {}
    turns = events = 0
    t = 0.0
    t0 = time.process_time()
    for seed in range(n):
        enc = Encounter(tmap, seed=seed, shared=shared)
        enc.add(steven, team="red", policy="brawler" if policy is None else policy())
        enc.add(clone, team="blue", policy="brawler" if policy is None else policy())
        got = enc.run(until=120).events
        turns += sum(1 for e in got if type(e).__name__ == "Turn")
        events += len(got)
        if stick is not None and (seed + 1) % DUEL_SLICE == 0:
            t += time.process_time() - t0
            stick.slice()
            t0 = time.process_time()
    t += time.process_time() - t0
    if counts is not None:
        counts.update(turns=turns, events=events)
    return n / t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=".")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--duels", type=int, default=1000)
    a = ap.parse_args()
    from tactics import load_character, load_map

    steven = load_character(Path(a.root) / "assets/characters/steven.toml")
    clone = load_character(Path(a.root) / "assets/characters/clone.toml")
    big, arena = big_map(), load_map(Path(a.root) / "maps/arena.toml")
    battle(big, steven, clone)  # warm: graphs, jump tables
    duels(arena, steven, clone, 50)
    duels(arena, steven, clone, 50, Scripted)
    out: dict[str, list[float]] = {k: [] for k in ("battle", "battle_bare", "alike", "alike_bare", "duels",
                                                   "duels_bare", "scripted", "scripted_bare")}
    counts: dict = {}
    for _ in range(a.repeat):
        stick = Yardstick(processes=200, timeouts=100_000)
        out["battle"].append(battle(big, steven, clone, stick=stick))
        out["battle_bare"].append(stick.rate)
        rate, bare_rate = alike(big, steven, clone)
        out["alike"].append(rate)
        out["alike_bare"].append(bare_rate)
        stick = Yardstick(processes=2, timeouts=30_000)
        out["duels"].append(duels(arena, steven, clone, a.duels, counts=counts, stick=stick))
        out["duels_bare"].append(stick.rate)
        stick = Yardstick(processes=2, timeouts=30_000)
        out["scripted"].append(duels(arena, steven, clone, a.duels, Scripted, stick=stick))
        out["scripted_bare"].append(stick.rate)
    got = {k: statistics.median(v) for k, v in out.items()}
    got["duel_turns"] = counts["turns"] / a.duels  # the fights differ between the trees: say how
    print(json.dumps(got))


if __name__ == "__main__":
    main()
