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
import math
import os
import signal
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Optional

import msgspec
import typer
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from tactics import __version__
from tactics.errors import InputError, Terminated, read_toml

app = typer.Typer(
    name="tactics",
    help="Mano a Mano tactical combat: run AI skirmishes, watch replays, check files.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

_STATE = {"debug": False}

TEAM_STYLES = {"red": "bold red", "blue": "bold blue", "green": "bold green", "yellow": "bold yellow"}


class Failure(Exception):
    """A run failed for a reason the user can act on (exit 1, one line)."""


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
    """Mano a Mano tactical combat: run AI skirmishes, watch replays, check files."""
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


def _team_style(team: str) -> str:
    return TEAM_STYLES.get(team, "bold magenta")


def print_log(header: Any, events: list[Any], reasons: bool = False, detail: bool = False,
              out: Console | None = None) -> None:
    """The round-by-round log of a replay's events."""
    from tactics.log import FightLog

    out = out or console
    log = FightLog(header, events)
    current = None
    for line in log.lines(reasons=reasons, detail=detail):
        if line.round != current:
            current = line.round
            out.rule(f"round {line.round}", style="dim", align="left")
        style = {"down": "bold", "reason": "dim", "recover": "green"}.get(line.kind, "")
        text = Text(f"{line.t:6.2f}s  ", style="dim")
        text.append(line.text, style=style)
        team = line.team
        name = log.label(line.who) if line.who else ""
        if name and line.text.startswith(name):
            text.stylize(_team_style(team), 9, 9 + len(name))
        elif line.text.startswith("counter: ") and name:
            text.stylize(_team_style(team), 18, 18 + len(name))
        out.print(text, soft_wrap=True)


def final_table(header: Any, events: list[Any]) -> Table:
    from tactics.log import final_rows

    table = Table(title="Final state", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False,
                  collapse_padding=True)
    tracks: list[str] = []  # every track of the roster's presentations, in their order
    for u in header.roster:
        for t in u.presentation.tracks:
            if t.name not in tracks:
                tracks.append(t.name)
    for col, just in (("unit", "left"), ("name", "left"), ("policy", "left"), ("standing", "left"),
                      *((t, "right") for t in tracks), ("hits", "right"), ("misses", "right")):
        table.add_column(col, justify=just, no_wrap=True, overflow="ellipsis",
                         min_width=len(col) if just == "right" else None)
    for r in sorted(final_rows(header, events), key=_unit_key):
        standing = Text(r["standing"], style="" if r.get("able", True) else "dim")
        table.add_row(Text(r["id"], style=_team_style(r["team"])), r["name"], r["policy"], standing,
                      *(str(r.get(t, "")) for t in tracks), str(r["hits"]), str(r["misses"]))
    return table


def _unit_key(row: dict[str, Any]) -> tuple[Any, ...]:
    team, _, n = row["id"].rpartition("-")
    return (row["team"], team, int(n) if n.isdigit() else 0, row["id"])


def has_display() -> bool:
    """A window can open: a desktop OS, or X11/Wayland, and SDL not told to stay headless."""
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in ("dummy", "offscreen"):
        return False
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _viewer_module(name: str) -> Any:
    try:
        if name == "view":
            from tactics.viewer import view as fn
        else:
            from tactics.viewer import export as mod

            fn = getattr(mod, name)
    except (ImportError, AttributeError) as err:
        raise Failure(f"the viewer is not available ({err}); the replay itself is fine") from None
    return fn


def _progress() -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeRemainingColumn(), console=err_console, transient=True)


def _export_gif(replay: Any, out: Path, quiet: bool = False, **kw: Any) -> Path:
    export_gif = _viewer_module("export_gif")
    with _progress() as prog:
        task = prog.add_task(f"GIF {out.name}", total=None)

        def tick(done: int, total: int) -> None:
            prog.update(task, completed=done, total=total)

        return export_gif(replay, out, progress=tick, **kw)


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


def _check_number(option: str, value: float | None, *, positive: bool = False, low: float | None = None) -> None:
    """Refuse a non-finite number (and one not above 0 with ``positive``, below ``low``) naming the option."""
    if value is None:
        return
    if not math.isfinite(value):
        raise InputError(option, f"{value}", "must be a finite number")
    if positive and value <= 0:
        raise InputError(option, f"{value:g}", "must be more than 0")
    if low is not None and value < low:
        raise InputError(option, f"{value:g}", f"must be at least {low:g}")


SEED_LIMIT = 2**63
"""Seeds are 64-bit integers (-2**63 to 2**63 - 1): the replay header stores them so."""


def _check_seed(seed: int | None) -> None:
    if seed is not None and not -SEED_LIMIT <= seed < SEED_LIMIT:
        raise InputError("--seed", str(seed), f"must be a 64-bit integer ({-SEED_LIMIT} to {SEED_LIMIT - 1})")


def _check_out(path: Path, option: str, *, create_parents: bool = False) -> None:
    from tactics.files import check_writable

    check_writable(path, option, create_parents=create_parents)


REPLAY_LIMIT_ENV = "TACTICS_MAX_REPLAY_BYTES"
"""Environment variable: the most bytes a replay may hold after gzip (default 512 MiB)."""


def load_replay(path: str | os.PathLike[str]) -> Any:
    """:func:`tactics.replay.load_replay` with the size limit of ``$TACTICS_MAX_REPLAY_BYTES``."""
    from tactics.replay import load_replay as load
    from tactics.replay.reader import MAX_BYTES

    raw = os.environ.get(REPLAY_LIMIT_ENV, "").strip()
    try:
        limit = int(raw) if raw else MAX_BYTES
    except ValueError:
        raise InputError(REPLAY_LIMIT_ENV, raw, "must be a whole number of bytes") from None
    if limit < 1:
        raise InputError(REPLAY_LIMIT_ENV, raw, "must be more than 0")
    return load(path, max_bytes=limit)


def _show(path: Path) -> None:
    if has_display():
        view = _viewer_module("view")
        try:
            view(path)
            return
        except RuntimeError as err:  # NoDisplayError: fall back to a GIF
            err_console.print(f"no window ({' '.join(str(err).split())}); writing a GIF instead")
    rep = load_replay(path)
    step = max(0.1, round(rep.duration / 300, 2))
    gif = _export_gif(rep, path.with_suffix(".gif"), step=step, scale=0.75)
    console.print(f"gif: {gif}")


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
def _guess_kind(path: Path) -> str:
    """``replay``, ``encounter``, ``map`` or ``sheet``, from the name and a look inside."""
    name = path.name.lower()
    if name.endswith((".jsonl", ".jsonl.gz", ".json", ".gz")):
        return "replay"
    if name.endswith(".encounter.toml"):
        return "encounter"
    if name.endswith(".toml"):
        try:
            doc = tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError):
            return "toml"
        if isinstance(doc.get("map"), dict) or "legend" in doc:
            return "map"
        if "teams" in doc:
            return "encounter"
        return "sheet"
    try:
        with open(path, "rb") as fh:
            head = fh.read(64)
    except OSError:
        return "unknown"
    if head.startswith(b"\x1f\x8b") or head.lstrip().startswith(b"{"):
        return "replay"
    return "unknown"


def validate_file(path: Path) -> str:
    """Check one file; return a one-line description, raise InputError when refused."""
    if not path.exists():
        raise InputError(str(path), "", "no such file")
    if path.is_dir():
        raise InputError(str(path), "", "a folder, not a file")
    if not path.is_file():  # opening a pipe blocks until someone writes to it
        raise InputError(str(path), "", "not a regular file (a device or a pipe?)")
    kind = _guess_kind(path)
    if kind == "replay":
        rep = load_replay(path)
        return (f"{rep.header.ruleset} replay: {len(rep.header.roster)} combatants, {len(rep.events)} events, "
                f"{rep.duration:.1f} s")
    if kind == "encounter":
        from tactics.scenario import load_scenario

        sc = load_scenario(path)
        return f"{sc.ruleset} encounter {sc.name or path.stem!r}: map {sc.map}, {len(sc.roster())} combatants"
    if kind == "map":
        from tactics.map import load_map

        m = load_map(path)
        return f"map {m.name!r}: {m.cols}×{m.rows} cells of {m.cell_size:g} m"
    if kind in ("sheet", "toml"):
        from tactics.errors import read_toml
        from tactics.sheets import sheet_from_dict, sheet_ruleset

        data = read_toml(path, "sheet")
        ch = sheet_from_dict(data, str(path))
        return f"{sheet_ruleset(data, str(path))} character sheet {ch.name!r}"
    raise InputError(str(path), "", "not a map, sheet, encounter (.toml) or replay (.jsonl)")


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
        from tactics import scenario as sc

        kinds = ("maps", "characters", "policies", "encounters", "rulesets")
        if what is not None and what not in kinds:
            raise InputError("list", what, f"choose one of {', '.join(kinds)}")
        show = kinds if what is None else (what,)
        if "maps" in show:
            t = Table(title="Maps (maps/)", title_justify="left")
            t.add_column("name", style="bold")
            t.add_column("size")
            t.add_column("description", overflow="fold")
            from tactics.map import load_map

            for name, p in sc.shipped_maps().items():
                try:
                    m = load_map(p)
                    t.add_row(name, f"{m.cols}×{m.rows}", m.description)
                except InputError as err:
                    t.add_row(name, "?", Text(f"broken: {err}", style="red"))
            console.print(t)
        if "characters" in show:
            t = Table(title="Characters (assets/characters/)", title_justify="left")
            t.add_column("name", style="bold")
            t.add_column("ruleset")
            t.add_column("sheet")
            t.add_column("description", overflow="fold")
            from tactics.rules.registry import available
            from tactics.sheets import load_sheet

            for rs in available():
                for name, p in sc.shipped_characters(rs).items():
                    try:
                        ch = load_sheet(p, rs)
                        desc = getattr(ch, "description", "") or ""
                        t.add_row(name, rs, ch.name, desc)
                    except InputError as err:
                        t.add_row(name, rs, "?", Text(f"broken: {err}", style="red"))
            console.print(t)
        if "policies" in show:
            t = Table(title="Policies", title_justify="left")
            t.add_column("name", style="bold")
            t.add_column("plays (with --team)")
            t.add_column("what it does", overflow="fold")
            for name, cls in _policies().items():
                doc = (cls.__doc__ or "").strip().splitlines()
                t.add_row(name, sc.ARCHETYPES.get(name, "steven"), doc[0] if doc else "")
            console.print(t)
        if "rulesets" in show:
            from tactics.rules.registry import DEFAULT, available, get_ruleset

            t = Table(title="Rulesets (the combat systems; `ruleset = \"...\"` in sheets and encounters)",
                      title_justify="left")
            t.add_column("name", style="bold")
            t.add_column("version")
            t.add_column("round")
            t.add_column("options", overflow="fold")
            t.add_column("about", overflow="fold")
            for name in available():
                rs = get_ruleset(name)
                doc = (type(rs).__doc__ or "").strip().splitlines()
                opts = ", ".join(f"{k}={v}" for k, v in msgspec.to_builtins(rs.options_type()).items())
                label = f"{name} (default)" if name == DEFAULT else name
                t.add_row(label, str(rs.version), f"{rs.round_seconds:g} s", opts, doc[0] if doc else "")
            console.print(t)
        if "encounters" in show:
            t = Table(title="Encounters (maps/*.encounter.toml)", title_justify="left")
            t.add_column("name", style="bold")
            t.add_column("map")
            t.add_column("teams")
            t.add_column("description", overflow="fold")
            for name, p in sc.shipped_encounters().items():
                try:
                    e = sc.load_scenario(p)
                    teams = "  ".join(f"{k}: {sum(m.count for m in v.members)}" for k, v in e.teams.items())
                    t.add_row(name, e.map, teams, e.description)
                except InputError as err:
                    t.add_row(name, "?", "", Text(f"broken: {err}", style="red"))
            console.print(t)


def _policies() -> dict[str, type]:
    """Policy name -> class, for every ruleset present (a ruleset's own first, then the generic ones)."""
    from tactics.rules.registry import available
    from tactics.sim.policy import BUILT_IN, _ai_policies

    out = dict(BUILT_IN)
    for rs in available():
        for name, cls in _ai_policies(rs).items():
            out.setdefault(name, cls)
    return out


def _mount_batch() -> None:
    """``tactics batch`` lives in :mod:`tactics.batch.cli`; mount it when that package is there."""
    try:
        from tactics.batch.cli import cli_batch
    except ImportError:  # pragma: no cover - batch not installed
        return
    app.command("batch")(cli_batch)


_mount_batch()


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
