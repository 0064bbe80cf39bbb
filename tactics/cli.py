"""The ``tactics`` command: run AI skirmishes, watch and export replays, check files.

    tactics skirmish                      # the default 4-versus-4 on arena
    tactics skirmish tower --seed 3       # a shipped encounter (maps/tower.encounter.toml)
    tactics skirmish maps/river.toml --team red=advance,advance --team blue=passive
    tactics view replays/skirmish-arena-1.jsonl
    tactics export replays/skirmish-arena-1.jsonl --gif fight.gif
    tactics validate maps/*.toml assets/characters/*.toml
    tactics list

Exit status: 0 success, 1 the run failed (a bug: rerun with ``--debug`` for
the traceback), 2 bad input (one line naming the file, the place, the problem).
"""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.text import Text

from tactics import __version__
from tactics.errors import InputError, Terminated, read_toml
from tactics.shelf import _policies, shelf_tables  # noqa: F401
from tactics.showing import _export_gif, _progress, _show, _viewer_module, has_display  # noqa: F401
from tactics.fightlog import TEAM_STYLES, _team_style, _unit_key, final_table, print_log  # noqa: F401
from tactics.argchecks import _check_number, _check_out, _check_seed  # noqa: F401
from tactics.filekinds import REPLAY_LIMIT_ENV, _guess_kind, load_replay, validate_file  # noqa: F401

app = typer.Typer(
    name="tactics",
    help="Tactical combat under four rule systems: run AI skirmishes, watch replays, check files.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

_STATE = {"debug": False}



from tactics.errors import Failure  # noqa: E402,F401 (the run failed: exit 1)


@contextlib.contextmanager
def _guard() -> Iterator[None]:
    """Turn refusals into one line + exit 2, failures into one line + exit 1."""
    try:
        yield
    except typer.Exit:
        raise
    except (InputError, ValueError, FileNotFoundError) as err:
        if _STATE["debug"]:
            raise
        msg = " ".join(str(err).split()) or type(err).__name__
        err_console.print(Text(f"error: {msg}", style="red"), soft_wrap=True)
        raise typer.Exit(2) from None
    except Failure as err:
        if _STATE["debug"]:
            raise
        err_console.print(Text(f"error: {err}", style="red"), soft_wrap=True)
        raise typer.Exit(1) from None
    except KeyboardInterrupt as err:
        err_console.print("interrupted" + (" (SIGTERM)" if isinstance(err, Terminated) else ""))
        raise typer.Exit(143 if isinstance(err, Terminated) else 130) from None
    except Exception as err:  # a bug: one line, and how to see more
        if _STATE["debug"]:
            raise
        msg = " ".join(str(err).split())
        err_console.print(Text(f"error: the run failed: {type(err).__name__}: {msg}", style="red"), soft_wrap=True)
        err_console.print("hint: rerun with --debug (tactics --debug ...) to see the traceback")
        raise typer.Exit(1) from None


def _version(value: bool) -> None:
    if value:
        console.print(f"tactics {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
    debug: bool = typer.Option(False, "--debug", help="Show full tracebacks when something fails."),
) -> None:
    """Tactical combat under four rule systems: run AI skirmishes, watch replays, check files."""
    _STATE["debug"] = debug


# ----------------------------------------------------------------- skirmish
def _parse_team(items: list[str]) -> dict[str, list[str]]:
    spec: dict[str, list[str]] = {}
    for item in items:
        team, sep, rest = item.partition("=")
        names = [n.strip() for n in rest.split(",") if n.strip()]
        if not sep or not team.strip() or not names:
            raise InputError("--team", item, "expected TEAM=POLICY,POLICY,... (for example red=brawler,archer)")
        spec[team.strip()] = names
    return spec


def _parse_set(items: list[str]) -> dict[str, str]:
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise InputError("--set", item, "expected KEY=VALUE (for example options.charging=false)")
        out[key.strip()] = value.strip()
    return out


def resolve_target(target: str | None) -> Any:
    """A :class:`Scenario` from nothing (the default), an encounter or map file, or a shipped name."""
    from tactics import scenario as sc

    if target is None:
        return sc.default_scenario()
    p = Path(target)
    if (p.suffix or "/" in target) and p.exists() and not p.is_file():
        raise InputError(str(p), "", "a folder, not an encounter or a map" if p.is_dir()
                         else "not a regular file (a device or a pipe?)")
    if p.is_file():
        if p.name.endswith(".encounter.toml"):
            return sc.load_scenario(p)
        kind = _guess_kind(p)
        if kind == "encounter":
            return sc.load_scenario(p)
        if kind == "map":
            from tactics.map import load_map

            load_map(p)  # refuse a bad map with its own message
            base = sc.default_scenario()
            d = {"name": p.stem, "map": str(p.resolve()), "seed": base.seed, "until": base.until,
                 "teams": {k: sc.msgspec.to_builtins(v) for k, v in base.teams.items()}}
            return sc.scenario_from_dict(d, str(p))
        if kind == "toml":
            read_toml(p, "file")  # names the TOML error: file, line, column, problem
        raise InputError(str(p), "", f"a {kind}, not an encounter or a map")
    encounters = sc.shipped_encounters()
    if target in encounters:
        return sc.load_scenario(encounters[target])
    maps = sc.shipped_maps()
    if target in maps:
        return resolve_target(str(maps[target]))
    if p.suffix or "/" in target:
        raise InputError(target, "", "no such file")
    raise InputError(target, "", f"not a file, a shipped encounter or a map; shipped: {', '.join(sorted(encounters))}")


@app.command(short_help="Run an AI fight: log, final table, replay.")
def skirmish(
    target: Optional[str] = typer.Argument(
        None, metavar="[ENCOUNTER_OR_MAP]",
        help="An encounter file, a map file, or a shipped name (tactics list). Default: the arena 4-versus-4."),
    seed: Optional[int] = typer.Option(None, "--seed", "-s", help="Dice seed (default: the encounter's)."),
    until: Optional[float] = typer.Option(None, "--until", "-u", help="Stop after this many seconds of fight."),
    out: Optional[Path] = typer.Option(None, "--out", "-o",
                                       help="Replay file to write (default replays/skirmish-<map>-<seed>.jsonl)."),
    team: list[str] = typer.Option([], "--team", "-t", metavar="TEAM=POLICY,...",
                                   help="Replace a team by policies, e.g. red=brawler,archer (repeatable)."),
    set_: list[str] = typer.Option([], "--set", metavar="KEY=VALUE",
                                   help="Override an encounter setting, e.g. options.charging=false, light=night."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No log or table; print only the outcome and the replay."),
    reasons: bool = typer.Option(False, "--reasons", help="Show the AI's reasons and moves in the log."),
    detail: bool = typer.Option(False, "--detail", help="Name every modifier of every roll."),
    show: bool = typer.Option(False, "--show",
                              help="Then show the fight: the viewer with a display, else a GIF beside the replay."),
) -> None:
    """Run an AI skirmish: a round-by-round log, a final table, and a replay file."""
    with _guard():
        _check_number("--until", until, positive=True)
        _check_seed(seed)
        if out is not None:
            _check_out(out, "--out")
        sc = resolve_target(target)
        if team:
            sc = sc.with_teams(_parse_team(team))
        try:
            sc = sc.with_overrides(_parse_set(set_))
        except InputError as err:  # blame the option, not the encounter file
            raise InputError("--set", " ".join(set_), err.problem if err.place.startswith("override") else
                             f"{err.place}: {err.problem}") from None
        if until is not None:
            try:
                sc = sc.with_overrides({"until": until})
            except InputError as err:  # blame the option, not the encounter file
                raise InputError("--until", f"{until:g}", err.problem) from None
        seed_used = sc.seed if seed is None else seed
        map_name = Path(sc.map).stem if sc.map.endswith(".toml") else sc.map
        out_path = out or Path("replays") / f"skirmish-{map_name}-{seed_used}.jsonl"
        _check_out(out_path, "--out", create_parents=out is None)
        if show and not has_display():
            _check_out(out_path.with_suffix(".gif"), "--show", create_parents=out is None)
        enc = sc.build(seed=seed_used)
        if not quiet:
            roster = ", ".join(
                f"{t}: " + ", ".join(f"{c.character.name} ({c.policy_name})" for c in enc.order if c.team == t)
                for t in sc.teams)
            console.print(Text(f"{sc.name or map_name} on {enc.map.name}, seed {seed_used}: {roster}", style="bold"),
                          soft_wrap=True)
        with err_console.status(f"fighting (up to {sc.until:g} s)...", spinner="dots"):
            result = enc.run(until=sc.until)
        try:
            path = result.save(out_path)
        except OSError as err:
            raise Failure(f"cannot write the replay {out_path}: {err.strerror or err}") from None
        if not quiet:
            print_log(result.header, result.events, reasons=reasons, detail=detail)
            console.print(final_table(result.header, result.events))
        from tactics.log import outcome_text

        console.print(Text(outcome_text(result.events), style="bold"))
        console.print(f"replay: {path}")
        if show:
            _show(path)


# ----------------------------------------------------------------- view / export
@app.command(short_help="Open the viewer on a replay.")
def view(
    replay: Path = typer.Argument(..., help="A replay file (.jsonl or .jsonl.gz)."),
    step: float = typer.Option(0.1, "--step", help="Seconds of fight per frame."),
    follow: Optional[str] = typer.Option(None, "--follow", help="Unit id to follow (e.g. red-1)."),
    start: float = typer.Option(0.0, "--start", help="Open at this instant (s)."),
    speed: float = typer.Option(1.0, "--speed", help="Playback speed (1 = real time)."),
    play: bool = typer.Option(False, "--play/--paused", help="Start playing, or paused on the first frame (default)."),
) -> None:
    """Open the viewer on a replay (Space play/pause, arrows step, click a unit to follow)."""
    with _guard():
        _check_number("--step", step, positive=True)
        _check_number("--start", start, low=0.0)
        _check_number("--speed", speed, positive=True)
        rep = load_replay(replay)
        if not has_display():
            raise Failure("no display to open a window on (DISPLAY/WAYLAND_DISPLAY unset or SDL_VIDEODRIVER=dummy); "
                          f"use: tactics export {replay} --gif {Path(replay).with_suffix('.gif')}")
        fn = _viewer_module("view")
        try:
            fn(rep, step=step, follow=follow, start=start, speed=speed, play=play)
        except RuntimeError as err:
            raise Failure(" ".join(str(err).split())) from None


@app.command(short_help="Draw a replay to a GIF or PNG frames.")
def export(
    replay: Path = typer.Argument(..., help="A replay file (.jsonl or .jsonl.gz)."),
    gif: Optional[Path] = typer.Option(None, "--gif", help="Write an animated GIF here."),
    png: Optional[Path] = typer.Option(None, "--png",
                                       help="Write PNG frames into this folder (or one frame to a .png file)."),
    out: Optional[Path] = typer.Option(None, "--out",
                                       help="Write here, the format by the suffix: .gif, .mp4, .webm, .png, or a folder."),
    start: Optional[float] = typer.Option(None, "--start", help="First instant (s)."),
    end: Optional[float] = typer.Option(None, "--end", help="Last instant (s)."),
    step: float = typer.Option(0.1, "--step", help="Seconds of fight between frames."),
    scale: float = typer.Option(1.0, "--scale", help="Resize the pictures (0.5 = half size)."),
) -> None:
    """Draw a replay headless: an animated GIF (--gif), PNG frames (--png), or by suffix (--out: .mp4, .webm too)."""
    with _guard():
        if sum(x is not None for x in (gif, png, out)) != 1:
            raise InputError("export", "", "give exactly one of --gif FILE, --png DIR or --out FILE")
        if out is not None and out.suffix.lower() not in (".gif", ".mp4", ".webm", ".png", ""):
            raise InputError("--out", str(out), "unknown format: use .gif, .mp4, .webm, .png or a folder")
        for option, value in (("--start", start), ("--end", end)):
            _check_number(option, value, low=0.0)
        _check_number("--step", step, positive=True)
        _check_number("--scale", scale, positive=True)
        if out is not None and out.suffix:
            _check_out(out, "--out")
        elif out is not None:
            from tactics.files import check_writable_dir

            check_writable_dir(out, "--out")
        elif gif is not None:
            _check_out(gif, "--gif")
            if gif.suffix.lower() != ".gif":
                raise InputError("--gif", str(gif), "is not a .gif; for another format use --out (.mp4, .webm, .png)")
        elif png is not None and png.suffix.lower() == ".png":
            _check_out(png, "--png")
        elif png is not None:
            from tactics.files import check_writable_dir

            check_writable_dir(png, "--png")
        rep = load_replay(replay)
        kw = dict(start=start, end=end, step=step, scale=scale)
        if out is not None:
            fn = _viewer_module("export")
            with _progress() as prog:
                task = prog.add_task(out.name, total=None)
                try:
                    paths = fn(rep, out, progress=lambda d, t: prog.update(task, completed=d, total=t), **kw)
                except RuntimeError as err:
                    raise Failure(" ".join(str(err).split())) from None
            console.print(f"{out.suffix.lstrip('.').lower() or 'png'}: "
                          f"{paths[0] if len(paths) == 1 else f'{len(paths)} frames in {out}'}")
        elif gif is not None:
            path = _export_gif(rep, gif, **kw)
            console.print(f"gif: {path}")
        else:
            export_png = _viewer_module("export_png")
            with _progress() as prog:
                task = prog.add_task("PNG frames", total=None)
                paths = export_png(rep, png, progress=lambda d, t: prog.update(task, completed=d, total=t), **kw)
            where = paths[0] if len(paths) == 1 else f"{len(paths)} frames in {png}"
            console.print(f"png: {where}")


# ----------------------------------------------------------------- validate
@app.command(short_help="Check maps, sheets, encounters, replays.")
def validate(files: list[Path] = typer.Argument(..., help="Maps, character sheets, encounters, replays.")) -> None:
    """Check files: print OK or the one-line problem for each; exit 2 if any is refused."""
    failed = 0
    for f in files:
        try:
            what = validate_file(f)
        except (InputError, ValueError) as err:
            failed += 1
            console.print(Text("FAIL ", style="bold red") + Text(" ".join(str(err).split())), soft_wrap=True)
            continue
        except Exception as err:  # a bug in a loader: still one line, but exit 1
            if _STATE["debug"]:
                raise
            console.print(Text("FAIL ", style="bold red") + Text(f"{f}: loader crashed: {type(err).__name__}: {err}"), soft_wrap=True)
            raise typer.Exit(1) from None
        console.print(Text("OK   ", style="bold green") + Text(f"{f}: {what}"), soft_wrap=True)
    if failed:
        raise typer.Exit(2)


# ----------------------------------------------------------------- list
@app.command("list", short_help="The maps, characters, policies, encounters that ship.")
def list_(
    what: Optional[str] = typer.Argument(None, metavar="[maps|characters|policies|encounters|rulesets]",
                                         help="Show only one table."),
) -> None:
    """The maps, characters, AI policies and encounters that ship."""
    with _guard():
        kinds = ("maps", "characters", "policies", "encounters", "rulesets")
        if what is not None and what not in kinds:
            raise InputError("list", what, f"choose one of {', '.join(kinds)}")
        show = kinds if what is None else (what,)
        for table in shelf_tables(show):
            console.print(table)


def _mount_batch() -> None:
    """``tactics batch`` lives in :mod:`tactics.batch.cli`; mount it when that package is there."""
    try:
        from tactics.batch.cli import cli_batch
    except ImportError:  # pragma: no cover - batch not installed
        return
    app.command("batch")(cli_batch)


_mount_batch()


def _mount_whatif() -> None:
    """``tactics fork`` and ``tactics analyze`` live in :mod:`tactics.whatif.cli`."""
    from tactics.whatif.cli import cli_analyze, cli_fork

    app.command("fork")(cli_fork)
    app.command("analyze")(cli_analyze)


_mount_whatif()


def _mount_league() -> None:
    """``tactics league`` lives in :mod:`tactics.league.cli`."""
    from tactics.league.cli import cli_league

    app.command("league")(cli_league)


_mount_league()


def _on_sigterm(signum: int, frame: Any) -> None:
    raise Terminated()


def _click_errors() -> tuple[type[BaseException], ...]:
    """The ClickException classes typer may raise (its vendored click, and click itself)."""
    out: list[type[BaseException]] = []
    vendored = getattr(getattr(typer, "core", None), "_click", None)
    if vendored is not None:
        out.append(vendored.exceptions.ClickException)
    with contextlib.suppress(ImportError):
        import click

        out.append(click.ClickException)
    return tuple(out)


def main(argv: list[str] | None = None) -> None:
    """Console script entry point (``tactics``).

    SIGTERM becomes :class:`~tactics.errors.Terminated` (a ``KeyboardInterrupt``)
    in the main thread, so ``kill`` cleans up like Ctrl-C: temporary files
    removed, batch workers ended, exit status 143. A usage error (an unknown
    command or option, ``--runs abc``) is one line too, exit 2::

        error: Invalid value for '--runs' / '-n': Input should be a valid integer, ... (tactics batch -h for help)
    """
    with contextlib.suppress(ValueError):  # not the main thread (embedded): leave the default
        signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        code = app(args=argv, prog_name="tactics", standalone_mode=False)
    except _click_errors() as err:
        if type(err).__name__ == "NoArgsIsHelpError":  # bare `tactics`: the help
            err.show()  # type: ignore[attr-defined]
            sys.exit(getattr(err, "exit_code", 2))
        ctx = getattr(err, "ctx", None)
        where = f" ({ctx.command_path} -h for help)" if ctx is not None else ""
        msg = " ".join(err.format_message().split())  # type: ignore[attr-defined]
        err_console.print(Text(f"error: {msg}{where}", style="red"), soft_wrap=True)
        sys.exit(getattr(err, "exit_code", 2) or 2)
    except KeyboardInterrupt as err:  # between commands (the parser): as _guard does
        err_console.print("interrupted")
        sys.exit(143 if isinstance(err, Terminated) else 130)
    if code is None or isinstance(code, int):
        sys.exit(code or 0)
    sys.exit(0)


if __name__ == "__main__":  # pragma: no cover
    main()
