"""Batch statistics: win rates with Wilson intervals, durations, casualties.

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 4), round(hi, 4)
    (0.4038, 0.5962)
    >>> wilson(0, 10)[0], round(wilson(0, 10)[1], 4)
    (0.0, 0.2775)

The Wilson score interval (Wilson 1927) for ``k`` successes in ``n`` trials,
with ``z`` the two-sided normal quantile (1.95996 for 95 %)::

    centre = (p + z²/2n) / (1 + z²/n)
    half   = z·sqrt(p(1-p)/n + z²/4n²) / (1 + z²/n)

Unlike the normal ("Wald") interval it stays inside [0, 1] and does not
collapse to a point at 0 or n wins, which matters for lopsided fights.

:func:`summarize` groups the per-run rows of a :class:`~tactics.batch.table.Table`
by the varied parameters and gives, for each group, every team's win rate with
its interval, the draw rate, mean and median duration and each team's casualty
rate (the share of its characters incapacitated at the end). Failed runs are
counted apart and left out of the rates.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

CHARACTER_FIELDS: tuple[str, ...] = ("team", "health", "stun", "damage", "hits", "misses", "incapacitated_at")
"""The per-character columns of the table, as ``"<id>.<field>"``."""


def wilson(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for a proportion; ``(0.0, 1.0)`` when there are no trials."""
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes}/{trials}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence}")
    if trials == 0:
        return (0.0, 1.0)
    z = statistics.NormalDist().inv_cdf(0.5 + confidence / 2)
    n = trials
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    # exact ends at 0 and n (the formula gives them up to rounding)
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == trials else min(1.0, centre + half)
    return (lo, hi)


@dataclass(frozen=True)
class Rate:
    """``count`` of ``n`` with its Wilson interval."""

    count: int
    n: int
    low: float
    high: float

    @property
    def value(self) -> float:
        return self.count / self.n if self.n else float("nan")

    @classmethod
    def of(cls, count: int, n: int, confidence: float = 0.95) -> Rate:
        lo, hi = wilson(count, n, confidence)
        return cls(count, n, lo, hi)


@dataclass(frozen=True)
class TeamStats:
    team: str
    wins: Rate
    casualty_rate: float
    """Share of this team's characters incapacitated at the end of the finished runs."""
    damage_mean: float
    """Mean damage taken per character of this team per run."""


@dataclass(frozen=True)
class ConditionStats:
    """The statistics of the runs sharing one combination of varied values."""

    params: dict[str, Any]
    runs: int
    """Finished runs (failed ones excluded)."""
    failed: int
    teams: list[TeamStats]
    draws: Rate
    duration_mean: float
    duration_median: float
    durations: list[float] = field(repr=False)

    @property
    def label(self) -> str:
        return ", ".join(f"{k}={_fmt(v)}" for k, v in self.params.items()) or "all runs"

    def team(self, name: str) -> TeamStats:
        for t in self.teams:
            if t.team == name:
                return t
        raise KeyError(name)


def character_ids(columns: Iterable[str]) -> list[str]:
    """The character ids that have columns in a table, in column order."""
    seen: dict[str, None] = {}
    for c in columns:
        if c.endswith(".team"):
            seen[c[: -len(".team")]] = None
    return list(seen)


def summarize(
    rows: Sequence[Mapping[str, Any]],
    vary: Sequence[str] = (),
    confidence: float = 0.95,
) -> list[ConditionStats]:
    """Statistics per combination of the ``vary`` columns, in first-seen order."""
    columns: dict[str, None] = {}
    for r in rows:
        columns.update(dict.fromkeys(r))
    ids = character_ids(columns)
    groups: dict[tuple, list[Mapping[str, Any]]] = {}
    for r in rows:
        groups.setdefault(tuple(r.get(k) for k in vary), []).append(r)
    out = []
    for key, group in groups.items():
        ok = [r for r in group if not r.get("error")]
        n = len(ok)
        teams = sorted({r[f"{i}.team"] for r in ok for i in ids if r.get(f"{i}.team") is not None})
        team_stats = []
        for team in teams:
            wins = sum(1 for r in ok if r.get("winner") == team)
            members = [(r, i) for r in ok for i in ids if r.get(f"{i}.team") == team]
            down = sum(1 for r, i in members if r.get(f"{i}.health") == "incapacitated")
            dmg = sum(r.get(f"{i}.damage") or 0 for r, i in members)
            team_stats.append(
                TeamStats(
                    team=team,
                    wins=Rate.of(wins, n, confidence),
                    casualty_rate=down / len(members) if members else float("nan"),
                    damage_mean=dmg / len(members) if members else float("nan"),
                )
            )
        durations = [float(r["duration"]) for r in ok]
        draws = sum(1 for r in ok if r.get("winner") is None)
        out.append(
            ConditionStats(
                params=dict(zip(vary, key)),
                runs=n,
                failed=len(group) - n,
                teams=team_stats,
                draws=Rate.of(draws, n, confidence),
                duration_mean=statistics.fmean(durations) if durations else float("nan"),
                duration_median=statistics.median(durations) if durations else float("nan"),
                durations=durations,
            )
        )
    return out


def _fmt(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


__all__ = ["wilson", "Rate", "TeamStats", "ConditionStats", "summarize", "character_ids", "CHARACTER_FIELDS"]
