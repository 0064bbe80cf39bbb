"""Experiments: do the rules matter to who wins?

    python -m tactics.ai.mano_a_mano.experiments            # 200 fights each, prints the table
    python -m tactics.ai.mano_a_mano.experiments --fights 40

1. **Charging** (000 · Attacking · Charging Attack). Four *runners* (Steven's
   sheet with running 10: a charge needs a straight run of more than 5 m in
   one turn, which running 5 never allows) with the ``brawler`` policy,
   which sets up charges, against the same four with ``brawler-nocharge``,
   which never gets a run of more than 5 m before a strike. Charging is on
   for the encounter; only the policies differ. Sides alternate fight by
   fight (the charging team is red in even fights, blue in odd ones) so the
   map's and the initiative's small asymmetries cancel out.
2. **High ground.** Three archers against six brawlers (Steven) starting at
   the east spawns, the archers on the same four-cell spot in the middle of
   the map — on ``tower`` that spot is the 10 m roof, on ``arena`` it is open
   ground. Brawlers below the tower must find the ladder and climb it (half
   running a turn, 000 · Movement · Climbing); on open ground they walk up
   (and the archers back off as they come). Same spot, same odds per shot:
   only the height differs.

Every fight is seeded (seed = fight number), so the numbers replay exactly.
"""

from __future__ import annotations

import argparse
import math
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tactics.map import load_map
from tactics.rules import character_from_dict, load_character
from tactics.sim import Encounter

ROOT = Path(__file__).resolve().parents[3]
MAPS = ROOT / "maps"
SHEETS = ROOT / "assets" / "characters"

TOWER_ROOF = [(19.0, 9.0), (21.0, 9.0), (19.0, 11.0), (21.0, 11.0)]
"""Four roof cells of the tower map (cols 9-10, rows 4-5), 10 m up."""


def runner() -> Any:
    """Steven with running 10: fast enough to charge (a run of 6-9 m gives +1..+4 power)."""
    d = load_character(SHEETS / "steven.toml").to_dict()
    d["name"] = "Runner"
    d["running"] = 10
    return character_from_dict(d, source="<runner>")


@dataclass(frozen=True)
class Outcome:
    winner: str | None
    reason: str
    duration: float
    charges: int
    charge_power: int


ARCHERS, BRAWLERS = 3, 6
"""The high-ground experiment's sides: a close fight on open ground."""


def _fight(job: tuple[str, int]) -> tuple[str, int, Outcome]:
    kind, seed = job
    if kind == "charge":
        m = load_map(MAPS / "arena.toml")
        ch = runner()
        enc = Encounter(m, seed=seed)
        red, blue = ("brawler", "brawler-nocharge") if seed % 2 == 0 else ("brawler-nocharge", "brawler")
        for _ in range(4):
            enc.add(ch, team="red", policy=red)
        for _ in range(4):
            enc.add(ch, team="blue", policy=blue)
        res = enc.run(until=300)
        winner = None if res.winner is None else ("charging" if (res.winner == "red") == (seed % 2 == 0) else "not charging")
    else:
        where = kind.split("-", 1)[1]
        m = load_map(MAPS / f"{where}.toml")
        archer = load_character(SHEETS / "archer.toml")
        steven = load_character(SHEETS / "steven.toml")
        enc = Encounter(m, seed=seed)
        for i in range(ARCHERS):
            # the same spot on both maps: on the roof, or on the open ground where the tower would be
            at = (*TOWER_ROOF[i], 10.0) if where == "tower" else TOWER_ROOF[i]
            enc.add(archer, team="red", policy="archer", at=at)
        for _ in range(BRAWLERS):
            enc.add(steven, team="blue", policy="brawler")
        res = enc.run(until=300)
        winner = {"red": "archers", "blue": "brawlers"}.get(res.winner or "", None)
    charges = [e for e in res.events if type(e).__name__ == "Attack" and e.charge_m > 5.0]
    return kind, seed, Outcome(winner, res.reason, res.duration, len(charges),
                               sum(math.floor(e.charge_m) - 5 for e in charges))


def run(fights: int = 200, workers: int = 2) -> dict[str, dict[str, Any]]:
    """Run every experiment; returns per experiment: wins per side, draws, rates, charges."""
    jobs = [(k, s) for k in ("charge", "archers-tower", "archers-arena") for s in range(fights)]
    results: dict[str, list[Outcome]] = {"charge": [], "archers-tower": [], "archers-arena": []}
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as ex:
            for kind, _, out in ex.map(_fight, jobs, chunksize=8):
                results[kind].append(out)
    else:
        for job in jobs:
            kind, _, out = _fight(job)
            results[kind].append(out)
    summary: dict[str, dict[str, Any]] = {}
    for kind, outs in results.items():
        wins = Counter(o.winner for o in outs)
        side = "charging" if kind == "charge" else "archers"
        decided = sum(v for k, v in wins.items() if k is not None)
        summary[kind] = {
            "fights": len(outs),
            "wins": {str(k): v for k, v in wins.items()},
            "rate": wins[side] / len(outs) if outs else 0.0,
            "rate_decided": wins[side] / decided if decided else 0.0,
            "draws": wins[None],
            "mean_duration": sum(o.duration for o in outs) / max(1, len(outs)),
            "charges": sum(o.charges for o in outs),
            "charge_power": sum(o.charge_power for o in outs),
        }
    return summary


def report(summary: dict[str, dict[str, Any]]) -> str:
    lines = []
    c = summary["charge"]
    lines.append(f"charging brawlers vs the same brawlers not charging, 4v4 on arena, {c['fights']} fights:")
    lines.append(f"  charging side wins {c['wins'].get('charging', 0)}, loses {c['wins'].get('not charging', 0)}, "
                 f"draws {c['draws']}: win rate {c['rate']:.1%} ({c['rate_decided']:.1%} of decided fights)")
    lines.append(f"  {c['charges']} charging attacks, +{c['charge_power']} power in all; mean fight {c['mean_duration']:.1f} s")
    for where in ("tower", "arena"):
        a = summary[f"archers-{where}"]
        lines.append(f"{ARCHERS} archers vs {BRAWLERS} brawlers on {where}{' (archers on the roof)' if where == 'tower' else ''}, {a['fights']} fights:")
        lines.append(f"  archers win {a['wins'].get('archers', 0)}, brawlers {a['wins'].get('brawlers', 0)}, "
                     f"draws {a['draws']}: archer win rate {a['rate']:.1%}; mean fight {a['mean_duration']:.1f} s")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--fights", type=int, default=200)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--archers", type=int, default=ARCHERS)
    p.add_argument("--brawlers", type=int, default=BRAWLERS)
    a = p.parse_args(argv)
    globals().update(ARCHERS=a.archers, BRAWLERS=a.brawlers)
    print(report(run(a.fights, a.workers)))


if __name__ == "__main__":
    main()
