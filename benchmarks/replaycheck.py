"""Write the replay of every shipped encounter × seeds 1–3 into a folder, to compare two trees.

A speed change must leave every fight byte-identical; this is the check every branch of issue
19's rounds ran (``benchmarks/README.md``)::

    PYTHONPATH=TREE_A .venv/bin/python benchmarks/replaycheck.py /tmp/rc-a
    PYTHONPATH=TREE_B .venv/bin/python benchmarks/replaycheck.py /tmp/rc-b
    diff -r /tmp/rc-a /tmp/rc-b                     # nothing printed: every fight the same
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import tactics
from tactics.scenario import load_scenario
from tactics.shipped import shipped_encounters

SEEDS = (1, 2, 3)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path, help="folder for the replays (made if missing)")
    out = ap.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    print("tree:", Path(tactics.__file__).resolve().parents[1], file=sys.stderr)
    for name, path in sorted(shipped_encounters().items()):
        sc = load_scenario(path)
        for seed in SEEDS:
            sc.run(seed).save(str(out / f"{name}-{seed}.jsonl"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
