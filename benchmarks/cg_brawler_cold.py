"""``cg_brawler.py``'s fight on a fresh map, as ``bench_engine.py`` times it (no warm-up fight).

    PYTHONHASHSEED=0 valgrind --tool=callgrind --toggle-collect=_operator_call --callgrind-out-file=/tmp/x.cg \
        .venv/bin/python benchmarks/cg_brawler_cold.py [N SIZE] [--profile] [--digest]

``cg_brawler.py`` warms the map with the same fight first, so every answer the
policies keep per map (routes, fields, paths) is known when it counts; here one
fight runs on another copy of the map (the imports, what is kept across maps), then
a fresh map is built (not counted) and the fight runs on it, paying the movement graph,
the jump tables, the distance fields and the first path searches as a user
running one fight on a new map pays them (what ``bench_engine.py``'s brawler
lines time). Same output as ``cg_brawler.py``.
"""

from __future__ import annotations

import gc
import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))

from bench_engine import big_map, skirmish  # noqa: E402
from cg_brawler import fight  # noqa: E402
from tactics.replay.schema import Turn  # noqa: E402


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n, size = (int(args[0]), int(args[1])) if args else (100, 128)
    skirmish(big_map(size, True, n), n, "brawler")  # imports and what is kept across maps, as in bench_engine
    tmap = big_map(size, True, n)
    gc.collect()
    gc.disable()
    if "--profile" in sys.argv:
        import cProfile
        import pstats
        prof = cProfile.Profile()
        prof.enable()
        result = fight(tmap, n)
        prof.disable()
        st = pstats.Stats(prof)
        turns = sum(1 for e in result.events if isinstance(e, Turn))
        calls = sum(v[1] for v in st.stats.values())
        print(f"turns {turns}, python calls {calls:,} ({calls / turns:.1f} per turn)")
        st.sort_stats("tottime").print_stats(45)
    else:  # through operator.call: valgrind --toggle-collect=_operator_call counts this fight's run alone
        import operator
        result = fight(tmap, n, operator.call)
    turns = sum(1 for e in result.events if isinstance(e, Turn))
    print(f"turns {turns} events {len(result.events)}")
    if "--digest" in sys.argv:
        import msgspec
        h = hashlib.sha256(msgspec.json.encode(result.events)).hexdigest()
        print("digest", h)


if __name__ == "__main__":
    main()
