"""Engine and replay hot paths, each against a baseline measured in the same run.

- turns resolved per second in a 100-versus-100 skirmish on a 128×128 map,
  against a bare SimPy loop doing the same number of timeouts (goal ≥ 20,000/s);
- replay writing (goal ≥ 1,000,000 events/s) against bare ``msgspec`` encoding;
- replay reading and folding (goal ≥ 500,000 events/s) against bare decoding.

Run: ``.venv/bin/python benchmarks/bench_engine.py``
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import msgspec
import simpy

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from _common import report  # noqa: E402

from tactics import Encounter, load_character  # noqa: E402
from tactics.map import TacticalMap  # noqa: E402
from tactics.replay import load_replay, parse_replay  # noqa: E402
from tactics.replay.schema import Turn  # noqa: E402
from tactics.replay.writer import ReplayWriter, encode_replay  # noqa: E402


def big_map(n: int = 128, walls: bool = True) -> TacticalMap:
    rows = []
    for r in range(n):
        row = []
        for c in range(n):
            if walls and c in (40, 87) and r % 16 not in (0, 1, 2, 3):
                row.append("#")
            elif walls and (r * 7 + c * 3) % 97 == 0:
                row.append("%")
            else:
                row.append(".")
        rows.append("".join(row))
    spawns = {"red": [(2 + i % 10, 10 + i // 10 * 10) for i in range(100)],
              "blue": [(115 + i % 10, 10 + i // 10 * 10) for i in range(100)]}
    return TacticalMap.from_grid(rows, spawns=spawns, name="bench-128")


def skirmish(tmap: TacticalMap, n: int, until: float):
    steven = load_character(ROOT / "assets/characters/steven.toml")
    clone = load_character(ROOT / "assets/characters/clone.toml")
    enc = Encounter(tmap, seed=11)
    for _ in range(n):
        enc.add(steven, "red", policy="advance")
        enc.add(clone, "blue", policy="advance")
    t0 = time.perf_counter()
    result = enc.run(until=until)
    return time.perf_counter() - t0, result


def bare_simpy(processes: int, timeouts: int) -> float:
    env = simpy.Environment()
    per = max(1, timeouts // processes)

    def proc(env):
        for _ in range(per):
            yield env.timeout(1)

    for _ in range(processes):
        env.process(proc(env))
    t0 = time.perf_counter()
    env.run()
    return time.perf_counter() - t0


def main() -> None:
    tmap = big_map()
    elapsed, result = skirmish(tmap, 100, until=120)
    turns = sum(1 for e in result.events if isinstance(e, Turn))
    bare = bare_simpy(200, turns)
    print(f"100v100 on 128x128: {result.winner or 'draw'} after {result.duration:g} s simulated "
          f"({result.reason}); {turns} turns, {len(result.events)} events in {elapsed:.2f} s wall")
    report("turns resolved per second (100v100, 128x128)", turns / elapsed, "turns/s", turns / bare, 20_000)
    report("bare SimPy timeouts per second (same count)", turns / bare, "timeouts/s")
    open_elapsed, open_result = skirmish(big_map(walls=False), 100, until=120)
    open_turns = sum(1 for e in open_result.events if isinstance(e, Turn))
    report("  the same on open ground (no path searches)", open_turns / open_elapsed, "turns/s",
           open_turns / bare_simpy(200, open_turns))

    copies = max(1, 1_000_000 // max(1, len(result.events)))
    span = result.duration + 1.0
    events = [msgspec.structs.replace(ev, t=ev.t + k * span) for k in range(copies) for ev in result.events]
    header = result.header
    enc_bare = msgspec.json.Encoder()
    t0 = time.perf_counter()
    enc_bare.encode_lines(events)
    bare_write = len(events) / (time.perf_counter() - t0)
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        with ReplayWriter(Path(tmp) / "big.jsonl", header) as w:
            for ev in events:
                w.write(ev)
        write_rate = len(events) / (time.perf_counter() - t0)
        report("replay writing (streamed, atomic)", write_rate, "events/s", bare_write, 1_000_000)
        report("bare msgspec encode_lines", bare_write, "events/s")

        data = encode_replay(header, events)
        t0 = time.perf_counter()
        msgspec.json.decode(b"[" + b",".join(data.split(b"\n")[1:-1]) + b"]")
        bare_read = len(events) / (time.perf_counter() - t0)
        path = Path(tmp) / "big.jsonl"
        t0 = time.perf_counter()
        replay = load_replay(path)
        replay.fold().state_at(replay.duration / 2)
        read_rate = len(events) / (time.perf_counter() - t0)
        report("replay reading + validating + folding", read_rate, "events/s", bare_read, 500_000)
        report("bare msgspec decode (untyped)", bare_read, "events/s")
        _ = parse_replay


if __name__ == "__main__":
    main()
