"""Engine and replay hot paths, each against a baseline measured in the same run.

    .venv/bin/python benchmarks/bench_engine.py [--repeats N] [--quick]

Every line is the median of several runs with the min–max range (see
``_common.py``); goals are judged on the median.

- **100 v 100 on 128×128** (two long walls with gaps, scattered rubble), to
  the end, with the trivial ``advance`` policy and with ``brawler`` (what users
  run): turns resolved per second against a bare SimPy loop doing the same
  number of timeouts (200 processes). Goal (issue 19): ≥ 20,000 turns/s
  **and** ≥ 2 % of the bare SimPy wakes per second; both halves are printed.
  Each run builds a fresh map (not timed), so the movement graph and the path
  caches are paid as a user running one fight pays them.
- **400 v 400 brawlers on 256×256**: turns/s and the peak memory (the peak
  resident set, ``VmHWM``, of a fresh subprocess per run, and what that
  process held before the fight). Goal ≥ 15,000 turns/s under 300 MB.
- **replay writing** (goal ≥ 1,000,000 events/s) against bare ``msgspec``
  ``encode_lines`` of the same events;
- **replay reading, validating and folding** (goal ≥ 500,000 events/s)
  against a bare *typed* decode (``msgspec.json.Decoder(Event).decode_lines``,
  collector paused as the reader does) of the same bytes, and, for scale, an
  untyped decode.
"""

from __future__ import annotations

import argparse
import gc
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import msgspec
import simpy

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))

from _common import Rate, Seconds, goal_line, interleaved, machine_line, measure, report, timing_of  # noqa: E402

from tactics import Encounter, load_character  # noqa: E402
from tactics.map import TacticalMap  # noqa: E402
from tactics.replay import load_replay  # noqa: E402
from tactics.replay.schema import Event, Turn  # noqa: E402
from tactics.replay.writer import ReplayWriter, encode_replay  # noqa: E402

GOAL_TURNS = 20_000
GOAL_SIMPY_SHARE = 0.02
GOAL_BIG_TURNS = 15_000
GOAL_BIG_MB = 300


def big_map(n: int = 128, walls: bool = True, per_side: int = 100) -> TacticalMap:
    """An n×n map: two long walls with gaps (at 31 % and 68 % of the width), rubble, spawns at the edges."""
    w1, w2 = round(n * 40 / 128), round(n * 87 / 128)
    rows = []
    for r in range(n):
        row = []
        for c in range(n):
            if walls and c in (w1, w2) and r % 16 not in (0, 1, 2, 3):
                row.append("#")
            elif walls and (r * 7 + c * 3) % 97 == 0:
                row.append("%")
            else:
                row.append(".")
        rows.append("".join(row))
    per_row = 10 if per_side <= 100 else 20
    gap = max(1, min(10, (n - 20) // max(1, -(-per_side // per_row))))
    spawns = {"red": [(2 + i % per_row, 10 + i // per_row * gap) for i in range(per_side)],
              "blue": [(n - 3 - i % per_row, 10 + i // per_row * gap) for i in range(per_side)]}
    return TacticalMap.from_grid(rows, spawns=spawns, name=f"bench-{n}")


def skirmish(tmap: TacticalMap, n: int, policy: str, until: float = 600):
    """One n-versus-n fight (Steven vs his clone) to the end: seconds of ``run`` (wall, ``.cpu``), result."""
    steven = load_character(ROOT / "assets/characters/steven.toml")
    clone = load_character(ROOT / "assets/characters/clone.toml")
    enc = Encounter(tmap, seed=11)
    for _ in range(n):
        enc.add(steven, "red", policy=policy)
        enc.add(clone, "blue", policy=policy)
    c0, t0 = time.process_time(), time.perf_counter()
    result = enc.run(until=until)
    return Seconds(time.perf_counter() - t0, time.process_time() - c0), result


def bare_simpy(processes: int, timeouts: int) -> None:
    """``timeouts`` 1 s timeouts spread over ``processes`` SimPy processes."""
    env = simpy.Environment()
    per = max(1, timeouts // processes)

    def proc(env):
        for _ in range(per):
            yield env.timeout(1)

    for _ in range(processes):
        env.process(proc(env))
    env.run()


def fight_line(label: str, n: int, size: int, policy: str, repeats: int, walls: bool = True):
    """Run the fight ``repeats`` times (fresh map each), in turns with the bare SimPy loop; print both."""
    seen: dict[str, object] = {}

    def fight() -> Seconds:
        tmap = big_map(size, walls, n)  # not timed
        s, result = skirmish(tmap, n, policy)
        k = sum(1 for e in result.events if isinstance(e, Turn))
        assert seen.setdefault("turns", k) == k, "the same seed gave a different fight"
        seen["result"] = result
        return s

    fight()  # the turn count for the baseline (and a first, untimed run)
    turns = seen["turns"]
    t_fight, t_bare = interleaved(fight, lambda: bare_simpy(2 * n, turns), repeat=repeats)
    result = seen["result"]
    r, bare = Rate(turns, t_fight), Rate(turns, t_bare)
    print(f"{label}: {result.winner or 'draw'} after {result.duration:g} s simulated ({result.reason}); "
          f"{turns:,} turns, {len(result.events):,} events, {r.timing.median:.2f} s wall (median)")
    report(f"  turns/s ({policy})", r, "turns/s", bare, GOAL_TURNS if walls else None)
    report(f"  bare SimPy, {turns:,} timeouts over {2 * n} processes", bare, "wakes/s")
    return r, bare, result


def peak_rss_kb() -> int:
    """This process's peak resident memory, KiB.

    ``VmHWM`` from ``/proc/self/status`` where there is one: ``ru_maxrss``
    carries the parent's peak over ``fork`` (a child started by a 400 MB
    parent reports at least 400 MB), the new process image's high-water mark
    does not. Elsewhere ``ru_maxrss``.
    """
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def big_child() -> None:
    """In a fresh process: 400 v 400 brawlers on 256×256; print JSON (turns, seconds, memory)."""
    tmap = big_map(256, True, 400)
    before = peak_rss_kb()
    secs, result = skirmish(tmap, 400, "brawler")
    peak = peak_rss_kb()
    turns = sum(1 for e in result.events if isinstance(e, Turn))
    print(json.dumps({"turns": turns, "secs": float(secs), "cpu": secs.cpu, "before_kb": before, "peak_kb": peak,
                      "events": len(result.events), "duration": result.duration,
                      "winner": result.winner, "reason": result.reason}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeats", type=int, default=5, help="runs per measurement (default 5)")
    ap.add_argument("--big-repeats", type=int, default=3, help="runs of the 400 v 400 fight (default 3)")
    ap.add_argument("--quick", action="store_true", help="fewer runs, skip the 400 v 400 fight")
    ap.add_argument("--child", choices=["big"], help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child == "big":
        big_child()
        return
    reps = 3 if a.quick else a.repeats
    print(f"bench_engine: {machine_line()}")
    met: dict[str, bool] = {}

    # -- 100 v 100: advance, brawler ---------------------------------------
    adv, adv_bare, result = fight_line("100 v 100 on 128x128, advance", 100, 128, "advance", reps)
    brw, brw_bare, _ = fight_line("100 v 100 on 128x128, brawler", 100, 128, "brawler", reps)
    for name, r, b in (("advance", adv, adv_bare), ("brawler", brw, brw_bare)):
        share = r.median / b.median
        cpu_share = r.per_cpu / b.per_cpu if r.per_cpu and b.per_cpu else None
        met[f"100v100 {name} ≥ {GOAL_TURNS:,} turns/s"] = goal_line(
            f"100v100 {name}: ≥ {GOAL_TURNS:,} turns/s", r.median >= GOAL_TURNS,
            f"median {r.median:,.0f}" + (f"; per CPU-second {r.per_cpu:,.0f}" if r.per_cpu else ""))
        met[f"100v100 {name} ≥ 2 % of bare SimPy"] = goal_line(
            f"100v100 {name}: ≥ {GOAL_SIMPY_SHARE:.0%} of bare SimPy wakes/s", share >= GOAL_SIMPY_SHARE,
            f"{share:.2%} of {b.median:,.0f}" + (f"; per CPU-second {cpu_share:.2%}" if cpu_share else ""))
    fight_line("the same (advance) on open ground, no path searches", 100, 128, "advance", reps,
                              walls=False)

    # -- 400 v 400 brawlers on 256x256, each run in a fresh process ------------
    if not a.quick:
        runs, bare_secs, bare_cpu = [], [], []
        for _ in range(a.big_repeats):  # each fight, then the bare loop, in turns
            out = subprocess.run([sys.executable, __file__, "--child", "big"], capture_output=True, text=True,
                                 check=True)
            runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
            bt = measure(lambda: bare_simpy(800, runs[0]["turns"]), 1)
            bare_secs.append(bt.runs[0])
            bare_cpu.append(bt.cpu[0])
        turns = runs[0]["turns"]
        assert all(r["turns"] == turns for r in runs), "the same seed gave a different fight"
        big = Rate(turns, timing_of([r["secs"] for r in runs], [r["cpu"] for r in runs]))
        big_bare = Rate(turns, timing_of(bare_secs, bare_cpu))
        peaks = sorted(r["peak_kb"] / 1024 for r in runs)
        befores = sorted(r["before_kb"] / 1024 for r in runs)
        r0 = runs[0]
        print(f"400 v 400 brawlers on 256x256 (a fresh process per run): {r0['winner'] or 'draw'} after "
              f"{r0['duration']:g} s simulated ({r0['reason']}); {turns:,} turns, {r0['events']:,} events, "
              f"{big.timing.median:.2f} s wall (median)")
        report("  turns/s (brawler)", big, "turns/s", big_bare, GOAL_BIG_TURNS)
        report(f"  bare SimPy, {turns:,} timeouts over 800 processes", big_bare, "wakes/s")
        med_peak = peaks[len(peaks) // 2]
        print(f"  peak memory (the process's VmHWM): {med_peak:,.0f} MB ({peaks[0]:,.0f}–{peaks[-1]:,.0f}); "
              f"before the fight (imports + map) {befores[len(befores) // 2]:,.0f} MB")
        met["400v400 speed"] = goal_line(f"400v400: ≥ {GOAL_BIG_TURNS:,} turns/s", big.median >= GOAL_BIG_TURNS,
                                         f"median {big.median:,.0f}; per CPU-second {big.per_cpu:,.0f}")
        met["400v400 memory"] = goal_line(f"400v400: peak < {GOAL_BIG_MB} MB", med_peak < GOAL_BIG_MB,
                                          f"median {med_peak:,.0f} MB")

    # -- replay writing and reading --------------------------------------------
    copies = max(1, 1_000_000 // max(1, len(result.events)))
    span = result.duration + 1.0
    events = [msgspec.structs.replace(ev, t=ev.t + k * span) for k in range(copies) for ev in result.events]
    header = result.header
    n = len(events)
    print(f"replay: {n:,} events ({copies} copies of the 100 v 100 advance fight)")
    enc_bare = msgspec.json.Encoder()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.jsonl"

        def write() -> None:
            with ReplayWriter(path, header) as w:
                for ev in events:
                    w.write(ev)

        t_write, t_bare_write = interleaved(write, lambda: enc_bare.encode_lines(events), repeat=reps)
        write_rate, bare_write = Rate(n, t_write), Rate(n, t_bare_write)
        met["replay writing"] = report("replay writing (streamed, atomic)", write_rate, "events/s", bare_write,
                                       1_000_000)
        report("  bare msgspec encode_lines", bare_write, "events/s")

        data = encode_replay(header, events)
        body = data.partition(b"\n")[2]
        typed = msgspec.json.Decoder(Event)

        def paused(fn):
            def go() -> None:
                gc.disable()
                try:
                    fn()
                finally:
                    gc.enable()
            return go

        array = b"[" + b",".join(body.split(b"\n")[:-1]) + b"]"

        def read() -> None:
            replay = load_replay(path)
            replay.fold().state_at(replay.duration / 2)

        t_read, t_typed, t_untyped = interleaved(read, paused(lambda: typed.decode_lines(body)),
                                                 paused(lambda: msgspec.json.decode(array)), repeat=reps)
        read_rate, bare_typed, bare_untyped = Rate(n, t_read), Rate(n, t_typed), Rate(n, t_untyped)
        met["replay reading"] = report("replay reading + validating + folding", read_rate, "events/s", bare_typed,
                                       500_000)
        report("  bare msgspec typed decode (Event union)", bare_typed, "events/s")
        report("  bare msgspec untyped decode to dicts (for scale)", bare_untyped, "events/s")

    print("goals: " + ", ".join(f"{k}: {'met' if v else 'NOT met'}" for k, v in met.items()))


if __name__ == "__main__":
    main()
