"""Batch runs: one encounter fought many times, as a table of outcomes and statistics.

    >>> from tactics.batch import run, plot
    >>> table = run("arena", runs=200, seed=7, workers=2,
    ...             vary={"options.charging": [True, False]})   # doctest: +SKIP
    >>> table.to_csv("results.csv")                             # doctest: +SKIP
    >>> print(table.summary().to_dict()["conditions"][0]["teams"]["red"])  # doctest: +SKIP
    >>> plot(table, "batch.png")                                 # doctest: +SKIP

See ``docs/batch.md``. The pieces: :mod:`~tactics.batch.runner` (conditions,
seeds, executors), :mod:`~tactics.batch.seeds`, :mod:`~tactics.batch.table`,
:mod:`~tactics.batch.stats` (Wilson intervals), :mod:`~tactics.batch.report`
(the rich summary), :mod:`~tactics.batch.plot` (matplotlib, imported on use)
and :mod:`~tactics.batch.cli` (``tactics batch``).
"""

from __future__ import annotations

from typing import Any

from tactics.batch.cli import cli_batch, command
from tactics.batch.report import Summary
from tactics.batch.runner import SCHEDULER_ENV, parse_vary, rerun, run
from tactics.batch.seeds import run_seed
from tactics.batch.stats import ConditionStats, Rate, TeamStats, summarize, wilson
from tactics.batch.table import Table


def plot(table_or_summary: Any, path: Any, dpi: int = 120) -> Any:
    """Write the batch figure (see :mod:`tactics.batch.plot`); matplotlib is imported here, on use."""
    from tactics.batch.plot import plot as _plot

    return _plot(table_or_summary, path, dpi=dpi)


__all__ = ["run", "rerun", "plot", "Table", "Summary", "ConditionStats", "TeamStats", "Rate", "wilson",
           "summarize", "run_seed", "parse_vary", "SCHEDULER_ENV", "cli_batch", "command"]
