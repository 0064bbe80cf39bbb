"""One policy's mirror matches against others, with a 95 % interval: the measurement of issue 17.

    >>> games = mirror_games(["modre"], "planner", ["duelist"], seeds=2, league_seed=1)
    >>> [(g.first, g.second, g.seed_index) for g in games]
    [('planner', 'duelist', 0), ('duelist', 'planner', 0), ('planner', 'duelist', 1), ('duelist', 'planner', 1)]
    >>> wilson(30, 40)                               # 75 % of 40 games
    (0.75, 0.598, 0.858)

A mirror match is one encounter and one seed played twice, the policy
running the first team, then the second (:func:`~tactics.league.play.schedule`
with just the two policies): the encounter's asymmetries cancel. Unlike the
whole league, only the pairings with ``policy`` are played, so many more
seeds fit the same time. :func:`mirror_scores` folds the outcomes into the
policy's score (wins + ½ draws) against each opponent, per ruleset, with
the Wilson score interval — ±5 % wants about 400 games a pairing.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace

from tactics.league.play import Game, Outcome, schedule

Z95 = 1.959964


@dataclass(frozen=True, slots=True)
class Score:
    """The policy's points against one opponent over ``games`` mirror games, and the 95 % interval."""

    ruleset: str
    opponent: str
    points: float
    games: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.points / self.games if self.games else 0.0


def wilson(points: float, games: int, z: float = Z95) -> tuple[float, float, float]:
    """(rate, low, high): the Wilson score interval of ``points`` out of ``games`` (rounded to 3 places)."""
    if games <= 0:
        return 0.0, 0.0, 1.0
    p = points / games
    d = 1.0 + z * z / games
    mid = (p + z * z / (2 * games)) / d
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / d
    return round(p, 3), round(max(0.0, mid - half), 3), round(min(1.0, mid + half), 3)


def mirror_games(encounters: Sequence[str], policy: str, opponents: Sequence[str], seeds: int,
                 league_seed: int) -> list[Game]:
    """``policy`` against each opponent on each encounter, both sides of each seed (indices renumbered)."""
    out: list[Game] = []
    for opp in opponents:
        out += schedule(encounters, {e: [policy, opp] for e in encounters}, seeds, league_seed)
    return [replace(g, index=i) for i, g in enumerate(out)]


def mirror_scores(outcomes: Sequence[Outcome], policy: str) -> list[Score]:
    """``policy``'s score against each opponent it met, per ruleset (failed games left out), by ruleset
    then opponent."""
    tally: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0])
    for o in outcomes:
        g = o.game
        if o.error or policy not in (g.first, g.second) or g.first == g.second:
            continue
        opp = g.second if g.first == policy else g.first
        tally[(g.ruleset, opp)][0] += o.score(policy)
        tally[(g.ruleset, opp)][1] += 1
    out = []
    for (rs, opp), (pts, n) in sorted(tally.items()):
        _, lo, hi = wilson(pts, int(n))
        out.append(Score(rs, opp, pts, int(n), lo, hi))
    return out


__all__ = ["Score", "wilson", "mirror_games", "mirror_scores", "Z95"]
