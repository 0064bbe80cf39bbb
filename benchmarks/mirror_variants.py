"""Paired mirror matches of planner variants v one opponent, per encounter (issue 17's measuring aid).

    python benchmarks/mirror_variants.py -e tower,cavalry --seeds 10 --league-seeds 1,2 \
        --variant base= --variant rh=replies=True,hands=True --out /tmp/x.json
    python benchmarks/mirror_variants.py ... --variant base= --variant new=opt=True --reuse /tmp/x.json

With ``--reuse`` the variants already in that file (by name) are read, not played again.

Each variant replaces the ``planner`` policy by ``Planner(**options)`` (options ``k=v``, Python
literals; ``w_NAME=v`` sets a field of its ``Weights``) and plays the same games (both sides, the same seeds); per encounter it prints each
variant's score, its spread over the league seeds, and the paired difference from the first variant.
"""

from __future__ import annotations

import argparse
import ast
import json
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import tactics.ai as ai  # noqa: E402
from tactics.ai.planner.policy import Planner  # noqa: E402
from tactics.ai.planner.value import Weights  # noqa: E402
from tactics.league.mirror import mirror_games  # noqa: E402
from tactics.league.play import play  # noqa: E402
from dataclasses import replace  # noqa: E402


def options(text: str) -> dict:
    out: dict = {}
    for part in filter(None, text.split(",")):
        k, v = part.split("=", 1)
        out[k] = frozenset(v.split("|")) if k == "skip" else ast.literal_eval(v)  # skip=planner|passive|...
    return out


def use(opts: dict) -> None:
    """Makes ``planner`` mean ``Planner(**opts)``; an option ``w_NAME`` sets the field NAME of its ``Weights``."""
    opts = dict(opts)
    w = {k[2:]: opts.pop(k) for k in list(opts) if k.startswith("w_")}
    if w:
        opts["weights"] = Weights(**w)
    cls = type("PlannerV", (Planner,), {"__init__": lambda self, **kw: Planner.__init__(self, **{**opts, **kw})})
    ai.GENERIC_POLICIES["planner"] = cls
    ai.planner.POLICIES["planner"] = cls
    from tactics.sim import policy as sim_policy

    sim_policy._known.cache_clear()  # the names are looked up once per ruleset


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("-e", "--encounters", required=True)
    ap.add_argument("--against", default="archer")
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--league-seeds", default="1")
    ap.add_argument("--variant", action="append", default=[])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", default="")
    ap.add_argument("--reuse", default="", help="a JSON of --out: variants named in it are not played again")
    args = ap.parse_args()
    encs = args.encounters.split(",")
    lseeds = [int(s) for s in args.league_seeds.split(",")]
    variants = [(v.split("=", 1)[0], options(v.split("=", 1)[1] if "=" in v else "")) for v in args.variant or ["base="]]
    res: dict = json.loads(Path(args.reuse).read_text()) if args.reuse else {}

    def wanted(key: str) -> bool:
        enc, ls, seed, _ = key.split("|")
        return enc in encs and int(ls) in lseeds and int(seed) < args.seeds

    need = 2 * len(encs) * len(lseeds) * args.seeds
    for name, opts in variants:
        if sum(map(wanted, res.get(name, {}))) == need:
            print(f"reused {name}", flush=True)
            continue
        use(opts)
        for ls in lseeds:
            games = mirror_games(encs, "planner", [args.against], args.seeds, league_seed=ls)
            outs = play([replace(g, index=i) for i, g in enumerate(games)], workers=args.workers)
            for o in outs:
                if o.error:
                    print("ERROR", o.game, o.error.splitlines()[0], flush=True)
                g = o.game
                res.setdefault(name, {})[f"{g.encounter}|{ls}|{g.seed_index}|{g.first}"] = o.score("planner")
        print(f"done {name}", flush=True)
    base = variants[0][0]
    for enc in encs + ["ALL"]:
        line = [f"{enc:<14}"]
        for name, _ in variants:
            keys = [k for k in res[name] if wanted(k) and k in res[base] and (enc == "ALL" or k.startswith(enc + "|"))]
            per_ls = [statistics.mean([res[name][k] for k in keys if k.split("|")[1] == str(ls)] or [0.0])
                      for ls in lseeds]
            m = statistics.mean(res[name][k] for k in keys)
            sp = statistics.stdev(per_ls) if len(per_ls) > 1 else 0.0
            d = [res[name][k] - res[base][k] for k in keys]
            se = statistics.stdev(d) / len(d) ** 0.5 if len(d) > 1 else 0.0
            line.append(f"{name} {m:6.1%} ±{sp:.1%}/ls" + ("" if name == base else f" (Δ {statistics.mean(d):+.1%} ± {1.96 * se:.1%})"))
        print("  ".join(line), flush=True)
    if args.out:
        Path(args.out).write_text(json.dumps(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
