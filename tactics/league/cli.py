"""``tactics league``: every policy against every other on the shipped encounters; Elo and tables.

    tactics league                                    # every shipped encounter, 4 seeds, all policies
    tactics league -e arena,tower -p planner,brawler,archer --seeds 20 --plot league.png --out games.csv

Prints, per ruleset, the Elo ratings with 95 % bootstrap intervals, the
cross table of scores and the coverage of tactics per policy (``--markdown``
prints the coverage as Markdown tables too, as ``docs/ai.md`` carries it).
Everything the user gave is checked before the first game: an unknown
encounter or policy, fewer than two policies on every encounter, a seed
count out of 1..10,000, an output that cannot be written, ``--plot``
without matplotlib — one line, exit 2. Exit 1 when some games failed (their
errors are printed; the others are rated).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console
from rich.markup import escape

from tactics.errors import InputError

MAX_SEEDS = 10_000
MAX_BOOTS = 10_000
MAX_GAMES = 2_000_000


def _names(values: list[str] | None) -> list[str] | None:
    if not values:
        return None
    out = [n.strip() for v in values for n in v.split(",") if n.strip()]
    return out or None


def cli_league(
    encounters: Annotated[Optional[list[str]], typer.Option(
        "--encounters", "-e", help="Encounters (shipped names or files), comma-separated or repeated; "
        "default: every shipped encounter with two teams.")] = None,
    policies: Annotated[Optional[list[str]], typer.Option(
        "--policies", "-p", help="Policies to play, comma-separated or repeated; default: all of each ruleset.")] = None,
    seeds: Annotated[int, typer.Option("--seeds", "-n", help="Seeds per pairing and encounter (each played from both sides).")] = 4,
    seed: Annotated[int, typer.Option("--seed", "-s", help="League seed: seed i of every game is drawn from it.")] = 1,
    workers: Annotated[Optional[int], typer.Option(
        "--workers", "-w", help="Local worker processes (default: one per CPU; 1 runs in this process).")] = None,
    boots: Annotated[int, typer.Option("--boots", help="Bootstrap resamples for the Elo intervals.")] = 200,
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="Write one CSV line per game.")] = None,
    plot: Annotated[Optional[Path], typer.Option("--plot", help="Write the figure: .png, .svg or .pdf.")] = None,
    markdown: Annotated[bool, typer.Option("--markdown", help="Also print the coverage tables as Markdown.")] = False,
    progress: Annotated[Optional[bool], typer.Option(
        "--progress/--no-progress", help="Progress bar (default: when stderr is a terminal).")] = None,
) -> None:
    """Play every policy against every other; print Elo ratings, a cross table and the tactics used."""
    import sys

    from tactics.batch.cli import check_outputs
    from tactics.files import check_writable
    from tactics.league.encounters import default_encounters, pick_policies
    from tactics.league.play import play, schedule

    console = Console(highlight=False)
    err = Console(stderr=True, highlight=False)
    try:
        if not 1 <= seeds <= MAX_SEEDS:
            raise InputError("--seeds", str(seeds), f"must be from 1 to {MAX_SEEDS:,}")
        if not 0 <= boots <= MAX_BOOTS:
            raise InputError("--boots", str(boots), f"must be from 0 to {MAX_BOOTS:,}")
        if workers is not None and workers < 1:
            raise InputError("--workers", str(workers), "must be at least 1")
        if out is not None:
            if out.suffix.lower() != ".csv":
                raise InputError("--out", str(out), "the games table is a .csv file")
            check_writable(out, "--out")
        check_outputs(None, plot, None)
        encs = _names(encounters) or default_encounters()
        chosen = pick_policies(encs, _names(policies))
        playing = {e: p for e, p in chosen.items() if len(p) >= 2}
        if not playing:
            raise InputError("--policies", ",".join(_names(policies) or []),
                             "fewer than two of them play on every chosen encounter: nothing to play")
        games = schedule(list(playing), playing, seeds, seed)
        if len(games) > MAX_GAMES:
            raise InputError("--seeds", str(seeds), f"{len(games):,} games; at most {MAX_GAMES:,}")
    except (InputError, ValueError, ImportError, OSError) as e:
        err.print(f"[bold red]error:[/] {escape(' '.join(str(e).split()))}", soft_wrap=True)
        raise typer.Exit(2) from None
    skipped = sorted(set(encs) - set(playing))
    if skipped:
        err.print(f"[dim]note: fewer than two of the policies play {', '.join(skipped)}: skipped[/]")
    show = sys.stderr.isatty() if progress is None else bool(progress)
    err.print(f"[dim]{len(games):,} games on {len(playing)} encounter(s), {seeds} seed(s) from league seed {seed}[/]")
    try:
        outcomes = play(games, workers=workers, progress=show)
    except KeyboardInterrupt:
        err.print("interrupted: no table or figure written")
        raise typer.Exit(130) from None

    from tactics.league.table import League, coverage_markdown, games_csv

    league = League.from_outcomes(outcomes, boots=boots, seed=seed)
    for table in league.tables():
        console.print(table)
    if markdown:
        for g in league.groups.values():
            console.print(f"\n{g.ruleset}:\n\n{coverage_markdown(g)}\n", soft_wrap=True, markup=False)
    if out is not None:
        from tactics.files import atomic_write_bytes

        atomic_write_bytes(out, games_csv(outcomes).encode())
        console.print(f"games: {out}")
    if plot is not None:
        from tactics.league.plot import plot as draw

        console.print(f"figure: {draw(league, plot)}")
    if league.failures:
        for o in league.failures[:10]:
            g = o.game
            err.print(f"[red]failed:[/] {g.encounter} seed {g.seed} {g.first} v {g.second}: "
                      f"{escape(o.error.splitlines()[0])}", soft_wrap=True)
        raise typer.Exit(1)


__all__ = ["cli_league", "MAX_SEEDS", "MAX_GAMES"]
