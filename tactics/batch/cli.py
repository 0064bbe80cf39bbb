"""``tactics batch``: the command-line face of :func:`tactics.batch.run`.

    tactics batch                                   # the default 4v4, 100 runs, one process per CPU
    tactics batch arena --runs 500 --seed 7 --vary options.charging=true,false \\
        --out results.csv --plot batch.png --keep-replays replays/batch

The CLI mounts :func:`cli_batch` (``app.command("batch")(cli_batch)``) or the
one-command Typer app :data:`command` (``app.add_typer(command, name="batch")``).
Exit status: 0 when every run finished, 1 when some failed (their seeds and
errors are printed; the others' results are still written), 2 for bad input,
130 when interrupted (Ctrl-C; 143 for SIGTERM: the workers are stopped and no
file is written).

Every output is checked before the first fight (:func:`check_outputs`): a
folder given as ``--out``, a parent that cannot be written, a ``--plot``
suffix matplotlib cannot draw or matplotlib missing, a ``--keep-replays``
that is a file. Files are written whole or not at all
(:mod:`tactics.files`).
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.markup import escape

from tactics.errors import InputError, Terminated

PLOT_SUFFIXES = (".png", ".svg", ".pdf")


def check_outputs(out: Path | None, plot: Path | None, keep_replays: Path | None) -> None:
    """Refuse, before any fight, outputs that could not be written (InputError/ImportError)."""
    from tactics.batch.table import check_out_path
    from tactics.files import check_writable, check_writable_dir

    if out is not None:
        check_out_path(out)
        check_writable(out, "--out")
    if plot is not None:
        if plot.suffix.lower() not in PLOT_SUFFIXES:
            raise InputError("--plot", str(plot), f"the figure is {', '.join(PLOT_SUFFIXES)}")
        check_writable(plot, "--plot")
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise InputError("--plot", str(plot), "drawing needs matplotlib, which is not installed: "
                             "pip install 'tactics[plot]' (or leave out --plot)") from None
    if keep_replays is not None:
        check_writable_dir(keep_replays, "--keep-replays")


def cli_batch(
    encounter: Annotated[Optional[str], typer.Argument(
        help="Encounter file or shipped encounter name (default: the built-in 4v4 on arena).")] = None,
    runs: Annotated[int, typer.Option("--runs", "-n", min=1, help="Fights per condition.")] = 100,
    workers: Annotated[Optional[int], typer.Option(
        "--workers", "-w", min=1,
        help="Local worker processes (default: one per CPU; 1 runs in this process; capped at the CPUs).")] = None,
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
    from tactics.batch.runner import MAX_FIGHTS, cap_workers, run

    console = Console()
    err = Console(stderr=True)
    try:
        check_outputs(out, plot, keep_replays)
        if until is not None and not (math.isfinite(until) and until > 0):
            raise InputError("--until", f"{until:g}", "must be a finite number of seconds, more than 0")
        if runs > MAX_FIGHTS:
            raise InputError("--runs", str(runs), f"at most {MAX_FIGHTS:,} fights in one batch")
        if workers is not None and scheduler is None:
            workers, note = cap_workers(workers, runs * _conditions(vary))
            if note:
                err.print(f"[dim]note: {escape(note)}[/]", highlight=False, soft_wrap=True)
        table = run(encounter, runs, seed=seed, vary=vary or None, overrides=set_ or None, until=until,
                    workers=workers, scheduler=scheduler, keep_replays=keep_replays, progress=progress)
    except (InputError, ValueError, ImportError, OSError) as e:
        err.print(f"[bold red]error:[/] {escape(' '.join(str(e).split()))}", highlight=False, soft_wrap=True)
        raise typer.Exit(2) from None
    except KeyboardInterrupt as e:
        err.print(f"interrupted{' (SIGTERM)' if _is_term(e) else ''}: no fight results written", highlight=False)
        raise typer.Exit(143 if _is_term(e) else 130) from None

    summary = table.summary()
    console.print(summary)
    if seed is None:
        console.print(f"[dim]batch seed {table.meta['batch_seed']} (pass --seed {table.meta['batch_seed']} "
                      "to repeat this batch)[/]")
    try:
        if out is not None:
            console.print(f"table: {table.save(out)}")
        if plot is not None:
            from tactics.batch.plot import plot as draw

            console.print(f"figure: {draw(table, plot)}")
    except OSError as e:
        err.print(f"[bold red]error:[/] cannot write {escape(str(e.filename or ''))}: {escape(e.strerror or str(e))}",
                  highlight=False, soft_wrap=True)
        raise typer.Exit(1) from None
    except KeyboardInterrupt as e:
        err.print("interrupted while writing: the files already named above are complete, no other was written",
                  highlight=False)
        raise typer.Exit(143 if _is_term(e) else 130) from None
    if keep_replays is not None:
        console.print(f"replays: {keep_replays}/")
    if table.failures:
        raise typer.Exit(1)


def _conditions(vary: list[str] | None) -> int:
    """How many conditions ``--vary`` makes (1 when unreadable: ``run`` names the problem)."""
    from tactics.batch.runner import parse_vary

    try:
        return math.prod(len(v) for v in parse_vary(vary or None).values())
    except ValueError:
        return 1


def _is_term(e: BaseException) -> bool:
    return isinstance(e, Terminated)


command = typer.Typer(add_completion=False, help="Run an encounter many times; statistics and a plot.")
command.command(name="batch")(cli_batch)
"""A Typer app holding just ``batch`` (for ``app.add_typer(command)`` or ``app.registered_commands``)."""


def main() -> None:  # pragma: no cover - python -m tactics.batch
    typer.run(cli_batch)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
