"""The batch summary, and its rich table for the terminal.

    >>> summary = table.summary()                 # doctest: +SKIP
    >>> rich.print(summary)                       # doctest: +SKIP
    >>> summary.conditions[0].team("red").wins    # doctest: +SKIP
    Rate(count=52, n=100, low=0.4231, high=0.6153)

(``rich.print`` draws the terminal table.)

A :class:`Summary` holds the statistics of every condition
(:class:`~tactics.batch.stats.ConditionStats`) and the batch's settings and
wall-clock numbers (which the per-run table deliberately leaves out).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tactics.batch.stats import ConditionStats, summarize

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult

    from tactics.batch.table import Table


@dataclass
class Summary:
    conditions: list[ConditionStats]
    meta: dict[str, Any] = field(default_factory=dict)
    confidence: float = 0.95

    @classmethod
    def of(cls, table: Table, confidence: float = 0.95) -> Summary:
        vary = list(table.meta.get("vary") or {})
        return cls(summarize(table.rows, vary, confidence), dict(table.meta), confidence)

    @property
    def teams(self) -> list[str]:
        seen: dict[str, None] = {}
        for c in self.conditions:
            seen.update(dict.fromkeys(t.team for t in c.teams))
        return list(seen)

    @property
    def failures(self) -> list[dict[str, Any]]:
        return list(self.meta.get("failures", []))

    def to_dict(self) -> dict[str, Any]:
        """Plain data (for JSON): per condition, per team win rate with its interval."""
        out = []
        for c in self.conditions:
            out.append({
                "params": c.params,
                "runs": c.runs,
                "failed": c.failed,
                "draws": {"rate": c.draws.value, "low": c.draws.low, "high": c.draws.high},
                "duration_mean": c.duration_mean,
                "duration_median": c.duration_median,
                "teams": {
                    t.team: {"wins": t.wins.count, "win_rate": t.wins.value, "low": t.wins.low,
                             "high": t.wins.high, "casualty_rate": t.casualty_rate, "track_means": t.track_means}
                    for t in c.teams
                },
            })
        timing = {k: self.meta.get(k) for k in ("wall_seconds", "runs_per_second", "executor", "workers")}
        return {"batch_seed": self.meta.get("batch_seed"), "confidence": self.confidence,
                "conditions": out, "timing": timing}

    # -- rich --------------------------------------------------------------
    def table(self) -> Any:
        """The rich Table: one line per condition."""
        from rich.table import Table as RichTable

        m = self.meta
        title = f"{m.get('encounter', 'batch')}: {m.get('runs', '?')} runs per condition, batch seed {m.get('batch_seed')}"
        t = RichTable(title=title, title_justify="left")
        for k in m.get("vary") or {}:
            t.add_column(k)
        t.add_column("runs", justify="right")
        pct = f"{self.confidence:.0%}"
        for team in self.teams:
            t.add_column(f"{team} wins\n({pct} CI)", justify="right")
        t.add_column("draws", justify="right")
        t.add_column("duration\nmean / median", justify="right")
        t.add_column("casualties\n" + " / ".join(self.teams), justify="right")
        for c in self.conditions:
            cells = [_fmt(v) for v in c.params.values()]
            cells.append(f"{c.runs}" + (f" [red]+{c.failed} failed[/]" if c.failed else ""))
            by = {s.team: s for s in c.teams}
            for team in self.teams:
                s = by.get(team)
                cells.append("–" if s is None or not c.runs else
                             f"{s.wins.value:.0%} [dim]{s.wins.low:.0%}–{s.wins.high:.0%}[/]")
            cells.append(f"{c.draws.value:.0%}" if c.runs else "–")
            cells.append(f"{c.duration_mean:.1f} / {c.duration_median:.1f} s" if c.runs else "–")
            cells.append(" / ".join("–" if team not in by or not c.runs else f"{by[team].casualty_rate:.0%}"
                                    for team in self.teams))
            t.add_row(*cells)
        wall, rate = m.get("wall_seconds"), m.get("runs_per_second")
        if wall is not None:
            t.caption = f"{wall:.2f} s wall clock, {rate:,.0f} fights/s on {m.get('executor')}"
            t.caption_justify = "left"
        return t

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.table()
        fails = self.failures
        if fails:
            yield f"[bold red]{len(fails)} run(s) failed[/] (re-run one with tactics.batch.rerun(encounter, seed)):"
            for f in fails[:10]:
                params = ", ".join(f"{k}={_fmt(v)}" for k, v in f.items()
                                   if k not in ("run", "seed", "error", "traceback"))
                yield f"  run {f['run']} seed {f['seed']}" + (f" ({params})" if params else "") + f": {f['error']}"
            if len(fails) > 10:
                yield f"  ... and {len(fails) - 10} more (see the error column of the table)"


def _fmt(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


__all__ = ["Summary"]
