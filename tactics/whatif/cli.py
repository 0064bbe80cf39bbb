"""``tactics fork`` and ``tactics analyze``: the command-line face of :mod:`tactics.whatif`.

    tactics fork replays/fight-4v4.jsonl --at 4 --runs 200 --team red=cautious
    tactics analyze replays/fight-4v4.jsonl --runs 200

The CLI mounts :func:`cli_fork` and :func:`cli_analyze` (``app.command("fork")(cli_fork)``).
Exit status: 0 done, 1 some continuations failed (the others are still counted), 2 bad
input or a replay that cannot be re-simulated (one line naming the file).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from tactics.errors import InputError

TEAM_STYLES = {"red": "bold red", "blue": "bold blue", "green": "bold green", "yellow": "bold yellow"}


def _refuse(err: Exception) -> typer.Exit:
    Console(stderr=True).print(f"[bold red]error:[/] {escape(' '.join(str(err).split()))}", highlight=False,
                               soft_wrap=True)
    return typer.Exit(2)


def _pct(v: float) -> str:
    return f"{100 * v:.0f}%"


def _style(team: str) -> str:
    return TEAM_STYLES.get(team, "bold")


def cli_fork(
    replay: Annotated[Path, typer.Argument(help="A replay (.jsonl or .jsonl.gz) with a seed.")],
    at: Annotated[float, typer.Option("--at", "-t", help="The moment to branch at, in seconds.")],
    runs: Annotated[int, typer.Option("--runs", "-n", min=1, help="Continuations to play.")] = 100,
    team: Annotated[Optional[list[str]], typer.Option(
        "--team", help="TEAM=POLICY (the whole team) or TEAM=P1,P2,... (member by member) from the moment on.")] = None,
    set_: Annotated[Optional[list[str]], typer.Option(
        "--set", help="KEY=VALUE from the moment on: a ruleset option (charging=false), teams.red.policy=..., until=...")] = None,
    seed: Annotated[Optional[int], typer.Option(
        "--seed", "-s", help="Batch seed: continuation i rolls with its i-th seed (default: random, printed).")] = None,
    until: Annotated[Optional[float], typer.Option(
        "--until", help="Time limit of the continuations (default: the recorded one, else 300 s).")] = None,
    keep: Annotated[Optional[Path], typer.Option(
        "--keep", help="Folder to write every continuation's replay to (run-00007.jsonl).")] = None,
    workers: Annotated[Optional[int], typer.Option(
        "--workers", "-w", min=1, help="Local worker processes (default: one per CPU).")] = None,
    scheduler: Annotated[Optional[str], typer.Option(
        "--scheduler", help="Dask scheduler address tcp://HOST:PORT (default: $TACTICS_SCHEDULER).")] = None,
    progress: Annotated[Optional[bool], typer.Option(
        "--progress/--no-progress", help="Progress bar (default: when stderr is a terminal).")] = None,
) -> None:
    """Branch a recorded fight at a moment and play it on many times: who wins from there."""
    from tactics.replay.reader import load_replay
    from tactics.whatif.analyze import branch
    from tactics.whatif.fork import end_of

    console = Console(highlight=False)
    try:
        table = branch(replay, at, runs, seed=seed, teams=team, overrides=set_, until=until, workers=workers,
                       scheduler=scheduler, keep_replays=keep, progress=progress)
        rec = load_replay(replay)
    except (InputError, ValueError, ImportError, OSError) as err:
        raise _refuse(err) from None
    summary = table.summary()
    cond = summary.conditions[0]
    changed = ", ".join([f"--team {t}" for t in team or []] + [f"--set {s}" for s in set_ or []])
    console.print(f"[bold]{escape(replay.name)}[/] from {at:g} s: {cond.runs} continuations, "
                  f"batch seed {table.meta['batch_seed']}" + (f" ({escape(changed)})" if changed else ""))
    end = end_of(rec)
    if end is not None:
        who = f"[{_style(end.winner)}]{end.winner}[/] won" if end.winner else "a draw"
        console.print(f"recorded: {who} at {end.t:g} s ({escape(end.reason)})")
    console.print(f"standing at {at:g} s: {standing_text(rec, at)}")
    out = RichTable(show_header=True, header_style="bold")
    out.add_column("from this moment")
    out.add_column("rate", justify="right")
    out.add_column("95% CI", justify="right")
    for ts in cond.teams:
        w = ts.wins
        out.add_row(f"[{_style(ts.team)}]{ts.team} wins[/]", _pct(w.value), f"{_pct(w.low)}–{_pct(w.high)}")
    d = cond.draws
    out.add_row("draws", _pct(d.value), f"{_pct(d.low)}–{_pct(d.high)}")
    console.print(out)
    console.print(f"the continuations end at {cond.duration_mean:.1f} s (mean), {cond.duration_median:.1f} s (median); "
                  f"{table.meta['wall_seconds']:.1f} s on {table.meta['executor']}")
    if seed is None:
        console.print(f"[dim]batch seed {table.meta['batch_seed']} (pass --seed "
                      f"{table.meta['batch_seed']} to repeat)[/]")
    if keep is not None:
        console.print(f"replays: {keep}/")
    if table.failures:
        for f in table.failures[:5]:
            console.print(f"[red]failed[/] run {f['run']} (seed {f['seed']}): {escape(str(f['error']))}")
        raise typer.Exit(1)


def standing_text(rec: Any, at: float) -> str:
    """Who can still act just before ``at``, by team: ``red 2 (Archer, Grappler); blue 2 (...)``."""
    tl = rec.fold()
    state = tl.state_at(max(0.0, at - 1e-9))
    teams: dict[str, list[str]] = {}
    for u in rec.header.roster:
        teams.setdefault(u.team, [])
        s = state.units.get(u.id)
        if s is not None and s.present and s.active and s.standing in tl.able.get(u.id, (s.standing,)):
            teams[u.team].append(s.name)
    return "; ".join(f"[{_style(t)}]{t}[/] {len(names)}" + (f" ({escape(', '.join(names))})" if names else "")
                     for t, names in teams.items())


def cli_analyze(
    replay: Annotated[Path, typer.Argument(help="A replay (.jsonl or .jsonl.gz) with a seed.")],
    runs: Annotated[int, typer.Option("--runs", "-n", min=1, help="Continuations per round.")] = 200,
    workers: Annotated[Optional[int], typer.Option(
        "--workers", "-w", min=1, help="Local worker processes (default: one per CPU).")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Batch seed of the continuations.")] = 0,
    scheduler: Annotated[Optional[str], typer.Option(
        "--scheduler", help="Dask scheduler address tcp://HOST:PORT (default: $TACTICS_SCHEDULER).")] = None,
    progress: Annotated[Optional[bool], typer.Option(
        "--progress/--no-progress", help="Progress bar (default: when stderr is a terminal).")] = None,
) -> None:
    """At every round, how often each side wins from there; writes REPLAY.analysis.json beside it."""
    from tactics.whatif.analyze import analysis_path, analyze

    console = Console(highlight=False)
    try:
        report = analyze(replay, runs, seed=seed, workers=workers, scheduler=scheduler, progress=progress)
    except (InputError, ValueError, ImportError, OSError) as err:
        raise _refuse(err) from None
    print_report(console, report)
    console.print(f"written: {analysis_path(replay)} ({report['wall_seconds']:.1f} s on {report['executor']})")
    if report["failed"]:
        console.print(f"[red]{report['failed']} continuations failed[/] (left out of the rates)")
        raise typer.Exit(1)


def print_report(console: Console, report: dict[str, Any]) -> None:
    """The curve as a table (one row per round) and the turning points."""
    teams = report["teams"]
    console.print(f"[bold]{escape(report['replay'])}[/]: {report['runs']} continuations per round, "
                  f"batch seed {report['batch_seed']}")
    out = RichTable(show_header=True, header_style="bold")
    out.add_column("t", justify="right")
    for t in teams:
        out.add_column(f"[{_style(t)}]{t} wins[/] (95% CI)", justify="right")
    out.add_column("draws", justify="right")
    out.add_column(teams[0] if teams else "", justify="left")
    for p in report["points"]:
        label = f"{p['t']:g} s" + (" end" if p.get("final") else "")
        cells = [f"{_pct(p['p'].get(t, 0))} {_pct(p['low'].get(t, 0))}–{_pct(p['high'].get(t, 0))}"
                 if not p.get("final") else _pct(p["p"].get(t, 0)) for t in teams]
        bar = "█" * round(20 * p["p"].get(teams[0], 0)) if teams else ""
        out.add_row(label, *cells, _pct(p["draw"]), f"[{_style(teams[0])}]{bar}[/]" if teams else "")
    console.print(out)
    if report["turning_points"]:
        console.print("[bold]Turning points[/]")
        for tp in report["turning_points"]:
            sign = "+" if tp["change"] >= 0 else "−"
            console.print(f"  {tp['from']:g}–{tp['to']:g} s: [{_style(tp['team'])}]{tp['team']}[/] "
                          f"{_pct(tp['before'])} → {_pct(tp['after'])} ({sign}{_pct(abs(tp['change']))})")
            for line in tp["events"]:
                console.print(f"      {escape(line)}")
            if tp["more"]:
                console.print(f"      [dim]... and {tp['more']} more[/]")


__all__ = ["cli_fork", "cli_analyze", "print_report", "standing_text"]
