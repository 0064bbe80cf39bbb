"""The workloads of ``seam_workload.py`` as fixed work to count (not time).

``battle``: the 100 v 100 ``advance`` battle on the walled 128 x 128 map (one
warm battle first, then the counted one); ``alike``: the same battle's first
``seam_workload.ALIKE_UNTIL`` seconds (the like-for-like line); ``duels``:
``--duels`` Steven-vs-clone ``brawler`` duels on the arena after 50 warm ones (a
cache shared by all, as ``seam_workload.py`` plays them); ``scripted``: the same
duels with ``seam_workload.Scripted`` (the scripted-duels line). Collector off. Under callgrind, ``--callgrind``
switches instrumentation on only for the counted work (run valgrind with
``--instr-atstart=no``)::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --instr-atstart=no \\
        --callgrind-out-file=/tmp/seam.cg python benchmarks/seam_counts.py duels --callgrind
    python benchmarks/seam_counts.py battle --profile    # Python calls a turn

``--root TREE`` counts another checkout's engine (``bench_seam.py --counted`` counts
``be78a44`` this way: it uses only the API both share, as ``seam_workload.py`` does).
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve() if "--root" in sys.argv else HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from _common import counted, print_calls  # noqa: E402
from seam_workload import ALIKE_UNTIL, Scripted, big_map  # noqa: E402

from tactics import Encounter, load_character, load_map  # noqa: E402


def turns_of(res) -> int:
    """Turns played: today's engine counts them on its fighters; the first releases only log them."""
    enc = getattr(res, "_encounter", None)
    if enc is not None and hasattr(enc, "order"):
        return sum(c.turns for c in enc.order)
    return sum(1 for e in res.events if type(e).__name__ == "Turn")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("workload", choices=("battle", "alike", "duels", "scripted"))
    ap.add_argument("--duels", type=int, default=100)
    ap.add_argument("--callgrind", action="store_true")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--hashes", help="write a sha256 of every counted fight's replay to this file")
    ap.add_argument("--root", help="the checkout whose engine to count (default: this one)")
    args = ap.parse_args(argv)
    gc.disable()
    root = ROOT
    steven = load_character(root / "assets/characters/steven.toml")
    clone = load_character(root / "assets/characters/clone.toml")
    digests: list[str] = []
    shared: dict = {}

    if args.workload in ("battle", "alike"):
        tmap = big_map()
        until = 120 if args.workload == "battle" else ALIKE_UNTIL

        def one(seed: int) -> int:
            enc = Encounter(tmap, seed=11)
            for _ in range(100):
                enc.add(steven, "red", policy="advance")
                enc.add(clone, "blue", policy="advance")
            res = enc.run(until=until)
            if args.hashes:
                digests.append(hashlib.sha256(res.to_bytes()).hexdigest())
            return turns_of(res)

        warm, counted_seeds = [0], [0]
    else:
        tmap = load_map(root / "maps/arena.toml")

        def one(seed: int) -> int:
            enc = Encounter(tmap, seed=seed, shared=shared)
            enc.add(steven, team="red", policy="brawler" if args.workload == "duels" else Scripted())
            enc.add(clone, team="blue", policy="brawler" if args.workload == "duels" else Scripted())
            res = enc.run(until=120)
            if args.hashes:
                digests.append(hashlib.sha256(res.to_bytes()).hexdigest())
            return turns_of(res)

        warm, counted_seeds = list(range(50)), list(range(50, 50 + args.duels))
    for s in warm:
        one(s)
    digests.clear()
    turns, stats = counted(lambda: sum(one(s) for s in counted_seeds), args.callgrind, args.profile)
    print(f"{args.workload}: {len(counted_seeds)} fights, {turns} turns")
    if stats is not None:
        print_calls(stats, turns, top=30)
    if args.hashes:
        Path(args.hashes).write_text("\n".join(digests) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
