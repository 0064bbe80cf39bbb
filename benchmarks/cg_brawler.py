"""A fixed brawler fight for instruction counts (callgrind) and call counts (cProfile).

    PYTHONHASHSEED=0 valgrind --tool=callgrind --toggle-collect=_operator_call --callgrind-out-file=/tmp/x.cg \
        .venv/bin/python benchmarks/cg_brawler.py [N SIZE] [--cold] [--profile] [--digest]

The set-up of ``bench_engine.py``'s brawler lines: build the map, warm it with
one fight, then run one more fight with the collector off. Prints the turns,
and with ``--digest`` a hash of the fight's events (to check a change leaves the
fight byte-identical); ``--profile`` prints cProfile's top functions by own time
and the Python calls per turn.

``--cold``: the counted fight runs on a fresh map (built after the warm-up, not
counted), paying the movement graph, the jump tables, the distance fields and
the first path searches as a user running one fight on a new map pays them
(what ``bench_engine.py``'s brawler lines time); the warm-up fight then only
loads the imports and what is kept across maps.
"""

from __future__ import annotations

import gc
import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))

from bench_engine import ROOT as _ROOT, big_map, skirmish  # noqa: E402
from tactics import Encounter, load_character  # noqa: E402
from tactics.replay.schema import Turn  # noqa: E402


def fight(tmap, n: int, call=lambda f, *a, **k: f(*a, **k)):
    """``bench_engine.skirmish``'s fight, its ``run`` (what the benchmark times) made through ``call``."""
    steven = load_character(_ROOT / "assets/characters/steven.toml")
    clone = load_character(_ROOT / "assets/characters/clone.toml")
    enc = Encounter(tmap, seed=11)
    for _ in range(n):
        enc.add(steven, "red", policy="brawler")
        enc.add(clone, "blue", policy="brawler")
    return call(enc.run, until=600)


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n, size = (int(args[0]), int(args[1])) if args else (100, 128)
    tmap = big_map(size, True, n)
    skirmish(tmap, n, "brawler")  # warm the map's caches once
    if "--cold" in sys.argv:  # count the fight on a fresh map, as bench_engine.py times it
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
