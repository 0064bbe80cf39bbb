"""The batch figure: win rate with its interval across the varied parameter, and durations.

    >>> from tactics.batch import run, plot
    >>> plot(run("arena", runs=200, vary={"options.charging": [True, False]}), "batch.png")  # doctest: +SKIP

Left: each team's win rate per condition, with the Wilson interval as error
bars (one point per condition when nothing is varied). Right: a histogram of
fight durations, one outline per condition. Drawn with matplotlib's
object-oriented API on the Agg backend, so no display is needed.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import matplotlib

if "matplotlib.pyplot" not in sys.modules:  # leave an interactive session's backend alone
    matplotlib.use("Agg")

from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402

from tactics.files import atomic_path  # noqa: E402

if TYPE_CHECKING:
    from tactics.batch.report import Summary
    from tactics.batch.table import Table

TEAM_COLOURS = {"red": "#c0392b", "blue": "#2e6bb8", "green": "#2e8b57", "yellow": "#c9a100"}


def figure(table_or_summary: Table | Summary) -> Figure:
    """The two-panel figure (a matplotlib :class:`Figure`, not shown anywhere)."""
    from tactics.batch.report import Summary

    s = table_or_summary if isinstance(table_or_summary, Summary) else table_or_summary.summary()
    fig = Figure(figsize=(11, 4.2), layout="constrained")
    FigureCanvasAgg(fig)
    ax_w, ax_d = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1.2, 1]})

    conds = s.conditions
    teams = s.teams
    labels = [_short(c) for c in conds]
    xs = list(range(len(conds)))
    width = 0.5 / max(len(teams), 1)
    for k, team in enumerate(teams):
        off = (k - (len(teams) - 1) / 2) * width
        px, py, lo, hi = [], [], [], []
        for x, c in zip(xs, conds):
            try:
                t = c.team(team)
            except KeyError:
                continue
            if not c.runs:
                continue
            px.append(x + off)
            py.append(t.wins.value)
            lo.append(t.wins.value - t.wins.low)
            hi.append(t.wins.high - t.wins.value)
        colour = TEAM_COLOURS.get(team, f"C{k}")
        ax_w.errorbar(px, py, yerr=[lo, hi], fmt="o", capsize=4, color=colour, label=team, markersize=6)
        if len(px) > 1:
            ax_w.plot(px, py, color=colour, alpha=0.35, linewidth=1)
    draws = [(x, c.draws) for x, c in zip(xs, conds) if c.runs]
    if any(d.count for _, d in draws):
        ax_w.errorbar([x for x, _ in draws], [d.value for _, d in draws],
                      yerr=[[d.value - d.low for _, d in draws], [d.high - d.value for _, d in draws]],
                      fmt="s", capsize=3, color="grey", label="draw", markersize=4, alpha=0.8)
    ax_w.set_xticks(xs, labels, rotation=20 if len(conds) > 3 else 0, ha="right" if len(conds) > 3 else "center")
    ax_w.set_xlim(-0.6, len(conds) - 0.4)
    ax_w.set_ylim(-0.03, 1.03)
    ax_w.set_ylabel(f"win rate ({s.confidence:.0%} Wilson interval)")
    vary = list(s.meta.get("vary") or {})
    ax_w.set_xlabel(", ".join(vary) if vary else "")
    ax_w.axhline(0.5, color="black", linewidth=0.6, alpha=0.3)
    ax_w.grid(axis="y", alpha=0.3)
    ax_w.legend(loc="best", fontsize="small")
    runs = s.meta.get("runs")
    ax_w.set_title(f"{s.meta.get('encounter', 'batch')}: win rate" + (f" ({runs} runs each)" if runs else ""))

    all_d = [d for c in conds for d in c.durations]
    if all_d:
        lo_d, hi_d = min(all_d), max(all_d)
        bins = _bins(lo_d, hi_d)
        for k, c in enumerate(conds):
            if not c.durations:
                continue
            ax_d.hist(c.durations, bins=bins, histtype="step" if len(conds) > 1 else "stepfilled",
                      linewidth=1.5, label=_short(c), color=f"C{k}", alpha=1 if len(conds) > 1 else 0.7)
        if len(conds) > 1:
            ax_d.legend(fontsize="small")
    ax_d.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax_d.set_xlabel("fight duration (s of simulated time)")
    ax_d.set_ylabel("runs")
    ax_d.set_title("duration")
    ax_d.grid(axis="y", alpha=0.3)
    return fig


def plot(table_or_summary: Table | Summary, path: str | os.PathLike[str], dpi: int = 120) -> Path:
    """Draw :func:`figure` and save it (PNG, SVG, PDF by the suffix)."""
    path = Path(path)
    fig = figure(table_or_summary)
    with atomic_path(path) as tmp:  # whole or not at all
        fig.savefig(tmp, dpi=dpi, format=path.suffix.lstrip(".").lower() or None)
    return path


def _short(c: Any) -> str:
    """The value alone when one parameter is varied (the axis names it), else ``key=value`` lines."""
    if len(c.params) == 1:
        (v,) = c.params.values()
        return "true" if v is True else "false" if v is False else str(v)
    return "\n".join(f"{k}={'true' if v is True else 'false' if v is False else v}" for k, v in c.params.items()) or "all runs"


def _bins(lo: float, hi: float) -> Any:
    # half-second steps when they fit (turn times are multiples of 1/n), else 30 bins
    if hi - lo <= 30:
        start = (lo // 0.5) * 0.5
        n = int((hi - start) / 0.5) + 2
        return [start + 0.5 * i for i in range(n)]
    return 30


__all__ = ["figure", "plot"]
