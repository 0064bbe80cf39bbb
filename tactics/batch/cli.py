"""``tactics batch``: the command-line face of :func:`tactics.batch.run`.

    tactics batch                                   # the default 4v4, 100 runs, one process per CPU
    tactics batch arena --runs 500 --seed 7 --vary options.charging=true,false \\
        --out results.csv --plot batch.png --keep-replays replays/batch

The CLI mounts :func:`cli_batch` (``app.command("batch")(cli_batch)``) or the
one-command Typer app :data:`command` (``app.add_typer(command, name="batch")``).
Exit status: 0 when every run finished, 1 when some failed (their seeds and
errors are printed; the others' results are still written), 2 for bad input.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.markup import escape

from tactics.errors import InputError

PLOT_SUFFIXES = (".png", ".svg", ".pdf")


def cli_batch(
    encounter: Annotated[Optional[str], typer.Argument(
        help="Encounter file or shipped encounter name (default: the built-in 4v4 on arena).")] = None,
    runs: Annotated[int, typer.Option("--runs", "-n", min=1, help="Fights per condition.")] = 100,
    workers: Annotated[Optional[int], typer.Option(
        "--workers", "-w", min=1, help="Local worker processes (default: one per CPU; 1 runs in this process).")] = None,
    seed: Annotated[Optional[int], typer.Option(
        "--seed", "-s", help="Batch seed; run i gets its own seed from it (default: random, printed).")] = None,
    vary: Annotated[Optional[list[str]], typer.Option(
        "--vary", help="key=v1,v2,... to try every value (repeat for a grid), e.g. options.charging=true,false.")] = None,
    set_: Annotated[Optional[list[str]], typer.Option(
        "--set", help="key=value fixed for every run, e.g. teams.red.policy=brawler.")] = None,
    until: Annotated[Optional[float], typer.Option(
        "--until", help="Time limit of each fight in seconds (default: the encounter's).")] = None,
    out: Annotated[Optional[Path], typer.Option(
        "--out", "-o", help="Write the per-run table: results.csv, or results.parquet (needs pyarrow).")] = None,
    plot: Annotated[Optional[Path], typer.Option(
        "--plot", help="Write the figure (win rate with intervals, durations): .png, .svg or .pdf.")] = None,
    keep_replays: Annotated[Optional[Path], typer.Option(
        "--keep-replays", help="Folder to write every run's replay to.")] = None,
    scheduler: Annotated[Optional[str], typer.Option(
        "--scheduler", help="Dask scheduler address tcp://HOST:PORT (default: $TACTICS_SCHEDULER; "
        "needs pip install 'tactics[cluster]').")] = None,
    progress: Annotated[Optional[bool], typer.Option(
        "--progress/--no-progress", help="Progress bar (default: when stderr is a terminal).")] = None,
) -> None:
    """Run an encounter many times and report win rates, durations and casualties."""
    from tactics.batch.runner import run
    from tactics.batch.table import check_out_path

    console = Console()
    err = Console(stderr=True)
    try:
        if out is not None:
            check_out_path(out)
        if plot is not None and plot.suffix.lower() not in PLOT_SUFFIXES:
            raise ValueError(f"--plot writes {', '.join(PLOT_SUFFIXES)}, not {str(plot)!r}")
        table = run(encounter, runs, seed=seed, vary=vary or None, overrides=set_ or None, until=until,
                    workers=workers, scheduler=scheduler, keep_replays=keep_replays, progress=progress)
    except (InputError, ValueError, ImportError, OSError) as e:
        err.print(f"[bold red]error:[/] {escape(str(e))}", highlight=False, soft_wrap=True)
        raise typer.Exit(2) from None

    summary = table.summary()
    console.print(summary)
    if seed is None:
        console.print(f"[dim]batch seed {table.meta['batch_seed']} (pass --seed {table.meta['batch_seed']} "
                      "to repeat this batch)[/]")
    if out is not None:
        console.print(f"table: {table.save(out)}")
    if plot is not None:
        from tactics.batch.plot import plot as draw

        console.print(f"figure: {draw(table, plot)}")
    if keep_replays is not None:
        console.print(f"replays: {keep_replays}/")
    if table.failures:
        raise typer.Exit(1)


command = typer.Typer(add_completion=False, help="Run an encounter many times; statistics and a plot.")
command.command(name="batch")(cli_batch)
"""A Typer app holding just ``batch`` (for ``app.add_typer(command)`` or ``app.registered_commands``)."""


def main() -> None:  # pragma: no cover - python -m tactics.batch
    typer.run(cli_batch)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
