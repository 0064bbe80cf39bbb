"""Write the replay of every shipped encounter x seeds 1..3 into OUT (for diff -r between trees).

    PYTHONPATH=TREE .venv/bin/python benchmarks/replaycheck.py OUT     # once per tree, then
    diff -r OUT_BEFORE OUT_AFTER                                         # nothing: every fight the same

A speed change must leave every fight byte-identical; this is the check every branch of
issue 19's rounds ran (``benchmarks/README.md``).
"""

from __future__ import annotations

import sys
from pathlib import Path
import tactics
from tactics.scenario import load_scenario

out = Path(sys.argv[1]); out.mkdir(parents=True, exist_ok=True)
maps = Path(tactics.__file__).resolve().parents[1] / "maps"
print("tree:", Path(tactics.__file__).resolve().parents[1], file=sys.stderr)
for enc in sorted(maps.glob("*.encounter.toml")):
    sc = load_scenario(enc)
    for seed in (1, 2, 3):
        r = sc.run(seed)
        r.save(str(out / f"{enc.name.split('.')[0]}-{seed}.jsonl"))
