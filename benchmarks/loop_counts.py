"""The natural duel loop (``bench_batch``/``bench_peer``) and the seam's brawler duels as fixed workloads to count.

``natural``: per duel ``load_map``, ``load_character`` x2, ``Encounter``, ``add`` x2 (``advance``),
``run(until=120)``, exactly as ``bench_batch.natural_loop``. ``seam``: ``seam_workload.duels`` (Steven v
clone, ``brawler``, one shared cache). First ``--warm`` duels on seeds 0.., then ``--duels`` counted ones,
collector off. Under callgrind ``--callgrind`` instruments only the counted duels::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --instr-atstart=no \\
        --callgrind-out-file=/tmp/nat.cg python benchmarks/loop_counts.py natural --callgrind
    python benchmarks/loop_counts.py seam --profile      # Python calls a turn
    python benchmarks/loop_counts.py natural --hashes /tmp/nat.sha
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from _common import counted, print_calls  # noqa: E402
from tactics import Encounter, load_character, load_map  # noqa: E402

MAP = str(ROOT / "maps/arena.toml")
STEVEN = str(ROOT / "assets/characters/steven.toml")
CLONE = str(ROOT / "assets/characters/clone.toml")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("loop", choices=("natural", "seam"))
    ap.add_argument("--warm", type=int, default=200)
    ap.add_argument("--duels", type=int, default=100)
    ap.add_argument("--callgrind", action="store_true")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--hashes")
    args = ap.parse_args(argv)
    gc.disable()
    digests: list[str] = []
    steven, clone, arena = load_character(STEVEN), load_character(CLONE), load_map(MAP)
    shared: dict = {}

    def natural(seed: int):
        tmap = load_map(MAP)
        enc = Encounter(tmap, seed=seed)
        enc.add(load_character(STEVEN), team="red", policy="advance")
        enc.add(load_character(CLONE), team="blue", policy="advance")
        return enc.run(until=120)

    def seam(seed: int):
        enc = Encounter(arena, seed=seed, shared=shared)
        enc.add(steven, team="red", policy="brawler")
        enc.add(clone, team="blue", policy="brawler")
        return enc.run(until=120)

    fight = natural if args.loop == "natural" else seam

    def duel(seed: int) -> Any:
        res = fight(seed)
        if args.hashes:
            digests.append(hashlib.sha256(res.to_bytes()).hexdigest())
        return res

    def turns_of(res: Any) -> int:
        return sum(1 for e in res.events if type(e).__name__ == "Turn")

    for seed in range(args.warm):
        duel(seed)
    seeds = range(args.warm, args.warm + args.duels)
    # the turns counted once the count is over (not in it)
    results, stats = counted(lambda: [duel(seed) for seed in seeds], args.callgrind, args.profile)
    turns = sum(turns_of(r) for r in results)
    print(f"{args.loop}: {args.duels} duels after {args.warm} warm, {turns} turns, {turns / args.duels:.2f} a duel")
    if stats is not None:
        print_calls(stats, turns, args.duels, top=45)
    if args.hashes:
        Path(args.hashes).write_text("\n".join(digests) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
