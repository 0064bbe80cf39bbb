"""Each seat of the mirror matches apart: how lopsided an encounter is, and which policy plays each seat best.

    python benchmarks/mirror_seats.py -e brawl,firefight --against gunner --seeds 50 --league-seeds 1,2

A mirror match (``tactics.league.mirror``) plays one seed from both sides and
scores the two games together, so an encounter's asymmetry cancels in the
score — but not in what the score can reach. This prints, per encounter:

- ``AGAINST`` v itself: the first team's score when the opponent plays both
  teams (wins + ½ draws; the seat's rate under self-play), and
- every other policy of the ruleset (``planner`` included) as the first team
  against the opponent, and as the second: its rate in each seat, and its
  gain in points over the self-play rate of that seat.

Its mirror score is 50 % + the mean of its two seat gains. Where self-play
gives one seat 99 %, that seat has one point left to gain, and every point
of a score above 50 % has to come from winning the other seat's hopeless
fights (issue 17's sixteenth round, ``docs/ai.md``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tactics.ai import policies_for  # noqa: E402
from tactics.league.encounters import load, ruleset_of  # noqa: E402
from tactics.league.play import Game, play, run_seed  # noqa: E402


def games(encounters: list[str], first: str, second: str, seeds: int, league_seed: int) -> list[Game]:
    """One side of the league's schedule (``tactics.league.play.schedule``, whose seeds these are): ``first``
    as the first team on every seed — ``first`` may be ``second`` too, which the schedule never pairs."""
    return [Game(0, e, ruleset_of(e), i, run_seed(league_seed, i), first, second)
            for e in encounters for i in range(seeds)]


def seat_rates(encounters: list[str], first: str, second: str, seeds: int, league_seeds: list[int],
               workers: int, teams: dict[str, str]) -> dict[str, float]:
    """Encounter -> the first team's mean score over the seeds and league seeds."""
    out: dict[str, list[float]] = {}
    for ls in league_seeds:
        todo = [replace(g, index=i) for i, g in enumerate(games(encounters, first, second, seeds, ls))]
        for o in play(todo, workers=workers):
            if o.error:
                raise SystemExit(f"{o.game.encounter} seed {o.game.seed_index}: {o.error.splitlines()[0]}")
            if o.winner is None:
                s = 0.5
            elif first != second:
                s = float(o.winner == first)
            else:  # self-play names one policy for both: the reason names the teams that cannot act
                s = 0.0 if teams[o.game.encounter] in o.reason.split(" cannot act")[0].split(", ") else 1.0
            out.setdefault(o.game.encounter, []).append(s)
    return {e: statistics.mean(v) for e, v in out.items()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-e", "--encounters", required=True)
    ap.add_argument("--against", required=True)
    ap.add_argument("--seeds", type=int, default=50)
    ap.add_argument("--league-seeds", default="1,2")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only", default="", help="the policies to seat, comma-separated (default: every one)")
    args = ap.parse_args()
    encs = args.encounters.split(",")
    lss = [int(s) for s in args.league_seeds.split(",")]
    try:
        teams = {e: next(iter(load(e).teams)) for e in encs}
    except Exception as err:  # noqa: BLE001 - one line for a bad name, as the CLI gives
        ap.error(str(err))
    rulesets = {ruleset_of(e) for e in encs}
    if len(rulesets) != 1:
        ap.error(f"--encounters: one ruleset at a time, got {sorted(rulesets)}")
    known = policies_for(rulesets.pop())
    if args.against not in known:
        ap.error(f"--against: no such policy here: {args.against}; known: {', '.join(known)}")
    policies = [p for p in known if p not in ("passive", args.against)]
    if args.only:
        unknown = [p for p in args.only.split(",") if p not in policies]
        if unknown:
            ap.error(f"--only: no such policy here: {', '.join(unknown)}; known: {', '.join(policies)}")
        policies = args.only.split(",")
    self_red = seat_rates(encs, args.against, args.against, args.seeds, lss, args.workers, teams)
    n = args.seeds * len(lss)
    print(f"{n} games a seat; gains in points over {args.against} v itself")
    for e in encs:
        print(f"{e:<14} {args.against} v itself: first team {self_red[e]:.1%}, second {1 - self_red[e]:.1%}")
    for p in policies:
        red = seat_rates(encs, p, args.against, args.seeds, lss, args.workers, teams)
        blue = seat_rates(encs, args.against, p, args.seeds, lss, args.workers, teams)
        for e in encs:
            r, b = red[e], 1 - blue[e]
            gr, gb = 100 * (r - self_red[e]), 100 * (b - (1 - self_red[e]))
            print(f"{e:<14} {p:<12} first {r:6.1%} ({gr:+5.1f})  second {b:6.1%} ({gb:+5.1f})  "
                  f"mirror {(r + b) / 2:6.1%}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
