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
its interval, the draw rate, mean and median duration, each team's casualty
rate (the share of its characters that ended the fight in a standing that
cannot act: ``<id>.down_at`` set) and the mean of each of its tracks. Failed
runs are counted apart and left out of the rates.

A fighter's columns come from its row of ``Result.summary()`` through
:func:`character_columns`: ``team, standing``, one column per track, ``hits,
misses, down_at``::

    >>> character_columns({"id": "a", "team": "red", "standing": "out", "tracks": {"hp": 0, "fatigue": 2},
    ...                    "hits": 3, "misses": 1, "down_at": 7.5})
    {'a.team': 'red', 'a.standing': 'out', 'a.hp': 0, 'a.fatigue': 2, 'a.hits': 3, 'a.misses': 1, 'a.down_at': 7.5}
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

CHARACTER_FIELDS: tuple[str, ...] = ("team", "standing", "hits", "misses", "down_at")
"""The per-character columns every ruleset gives, as ``"<id>.<field>"`` (the tracks come between
``standing`` and ``hits``, one column per track name)."""

_NOT_TRACKS = frozenset(CHARACTER_FIELDS) | {"health", "able", "incapacitated_at", "policy", "name", "turns", "x", "y",
                                             "z", "id"}
"""Character columns that are not tracks (older tables' names included)."""


def character_columns(ch: Mapping[str, Any]) -> dict[str, Any]:
    """One fighter's table columns from its ``Result.summary()`` row (see the module docstring).

    ``down_at`` is when it stopped being able to act (None if it still can at the end);
    a row that gives ``incapacitated_at`` instead (older engines) is read the same. The
    older names ``health`` (the standing) and ``incapacitated_at`` (= ``down_at``) stay
    columns, at the end, when the row still gives them, so older scripts keep reading them.
    """
    uid = ch["id"]
    out: dict[str, Any] = {f"{uid}.team": ch.get("team"), f"{uid}.standing": ch.get("standing", ch.get("health"))}
    for name, value in (ch.get("tracks") or {}).items():
        out[f"{uid}.{name}"] = value
    out[f"{uid}.hits"] = ch.get("hits")
    out[f"{uid}.misses"] = ch.get("misses")
    out[f"{uid}.down_at"] = ch.get("down_at", ch.get("incapacitated_at"))
    for old in ("health", "incapacitated_at"):
        if old in ch:
            out[f"{uid}.{old}"] = ch[old]
    return out


def is_casualty(row: Mapping[str, Any], uid: str) -> bool:
    """The fighter ended the run unable to act: ``down_at`` set (``able`` false, or an older table's
    ``incapacitated_at``, when that is the column the row has)."""
    if f"{uid}.able" in row:
        return row[f"{uid}.able"] is False
    for col in (f"{uid}.down_at", f"{uid}.incapacitated_at"):
        if col in row:
            return row[col] is not None and row[col] != ""
    return False


def track_columns(columns: Iterable[str], uid: str) -> list[str]:
    """The track names that have a column for fighter ``uid``, in column order."""
    prefix = f"{uid}."
    return [c[len(prefix):] for c in columns if c.startswith(prefix) and c[len(prefix):] not in _NOT_TRACKS]


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
    """Share of this team's characters unable to act at the end of the finished runs."""
    track_means: dict[str, float] = field(default_factory=dict)
    """Mean of each track per character of this team per run (at the end of the run)."""


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
    tracks_of = {i: track_columns(columns, i) for i in ids}
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
            down = sum(1 for r, i in members if is_casualty(r, i))
            sums: dict[str, float] = {}
            for r, i in members:
                for name in tracks_of[i]:
                    v = r.get(f"{i}.{name}")
                    if isinstance(v, (int, float)) and not isinstance(v, bool):
                        sums[name] = sums.get(name, 0.0) + v
                    else:
                        sums.setdefault(name, 0.0)
            team_stats.append(
                TeamStats(
                    team=team,
                    wins=Rate.of(wins, n, confidence),
                    casualty_rate=down / len(members) if members else float("nan"),
                    track_means={k: v / len(members) for k, v in sums.items()} if members else {},
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


__all__ = ["wilson", "Rate", "TeamStats", "ConditionStats", "summarize", "character_ids", "character_columns",
           "is_casualty", "track_columns", "CHARACTER_FIELDS"]
