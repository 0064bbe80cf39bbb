"""The league figure: per ruleset, Elo with its interval, and the cross table as a heat map.

    >>> from tactics.league.plot import plot
    >>> plot(league, "league.png")                 # doctest: +SKIP

One row of two panels per ruleset: left, each policy's Elo with its 95 %
bootstrap interval (best on top); right, the score of the row policy
against the column one. matplotlib's object-oriented API on the Agg
backend (no display needed); imported only when a figure is asked for
(the ``plot`` extra).
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from tactics.files import atomic_path
from tactics.league.table import League


def figure(league: League) -> Figure:
    groups = list(league.groups.values())
    rows = max(1, len(groups))
    fig = Figure(figsize=(12, 3.2 * rows + 0.6), layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(rows, 2, squeeze=False)
    for (left, right), g in zip(axes, groups):
        names = g.players
        y = np.arange(len(names))[::-1]
        elo = np.array([g.ratings[p].elo for p in names])
        low = np.array([g.ratings[p].low for p in names])
        high = np.array([g.ratings[p].high for p in names])
        left.errorbar(elo, y, xerr=[elo - low, high - elo], fmt="o", color="#2e6bb8", capsize=3)
        left.set_yticks(y, names)
        left.axvline(1500, color="#999999", lw=0.8, ls="--")
        left.set_xlabel("Elo (95 % bootstrap interval)")
        left.set_title(f"{g.ruleset}: ratings")
        m = np.array([[np.nan if a == b or g.rate(a, b) is None else g.rate(a, b) for b in names] for a in names],
                     dtype=float)
        im = right.imshow(m, vmin=0, vmax=1, cmap="RdBu")
        right.set_xticks(range(len(names)), names, rotation=45, ha="right")
        right.set_yticks(range(len(names)), names)
        for i in range(len(names)):
            for j in range(len(names)):
                if not np.isnan(m[i, j]):
                    right.text(j, i, f"{m[i, j]:.0%}", ha="center", va="center", fontsize=7)
        right.set_title(f"{g.ruleset}: score of row against column")
        fig.colorbar(im, ax=right, shrink=0.8)
    if not groups:
        axes[0][0].set_title("no games")
    return fig


def plot(league: League, path: str | os.PathLike[str], dpi: int = 110) -> Path:
    """Write the figure (.png, .svg, .pdf) whole or not at all; returns the path."""
    fig = figure(league)
    out = Path(path)
    with atomic_path(out) as tmp:
        fig.savefig(tmp, dpi=dpi, format=out.suffix.lstrip(".").lower() or "png")
    return out


__all__ = ["figure", "plot"]
