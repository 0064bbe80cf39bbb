"""Many continuations of a recorded fight: win rates from one moment, and a curve over every round.

    >>> from tactics.whatif.analyze import branch, analyze
    >>> table = branch("replays/fight-4v4.jsonl", at=4.0, runs=200, seed=7)      # doctest: +SKIP
    >>> report = analyze("replays/fight-4v4.jsonl", runs=200)                     # doctest: +SKIP
    >>> report["points"][0]["p"]                                                  # doctest: +SKIP
    {'blue': 0.79, 'red': 0.21}

Both go through :func:`tactics.batch.run` with the picklable factory
:func:`continuation` ``(seed, overrides) -> Encounter``: run ``i`` forks the
replay with the ``i``-th seed of the batch seed stream
(:func:`tactics.batch.run_seed`) as its dice from the moment on, so the runs
spread over every core (or a Dask cluster) and the same batch seed gives the
same numbers. ``analyze`` varies the moment (``vary={"at": [0, 1, 2, ...]}``):
one condition per round, the same seeds in each.

Each continuation re-simulates the recorded prefix from the header (SimPy
processes hold generators: a paused fight cannot be copied). That is cheap
next to the rest of the fight, and the whole recorded fight is checked once,
before any continuation runs (:func:`tactics.whatif.fork.verify`), so the
continuations skip the per-event check. ``docs/whatif.md`` has the numbers.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tactics.replay.reader import Replay, load_replay
from tactics.whatif.fork import Changes, end_of, fork, parse_changes, recorded_limit, verify

FORMAT = "tactics-analysis"
VERSION = 1
TURNING_POINTS = 3
"""How many turning points a report lists (the largest jumps of the curve)."""
EVENTS_PER_POINT = 8
"""Most events listed under one turning point."""

_REPLAYS: dict[str, tuple[tuple[int, int], Replay]] = {}
"""Replays read in this process, by path (re-read when the file changes)."""


def cached_replay(path: str) -> Replay:
    """The replay at ``path``, read once per process (a worker runs many continuations of it)."""
    st = os.stat(path)
    key = (st.st_mtime_ns, st.st_size)
    got = _REPLAYS.get(path)
    if got is None or got[0] != key:
        got = _REPLAYS[path] = (key, load_replay(path))
    return got[1]


def continuation(seed: int, overrides: dict[str, Any]) -> Any:
    """The batch factory: the replay ``overrides["replay"]`` forked at ``overrides["at"]`` with
    ``seed`` as the dice from then on and ``overrides["changes"]`` (a :class:`Changes` as a dict).
    Top-level, so it pickles by name; the replay is read once per process."""
    replay = cached_replay(overrides["replay"])
    changes = Changes(**overrides.get("changes", {}))
    return fork(replay, float(overrides["at"]), seed=seed, changes=changes, until=float(overrides["until"]),
                check=bool(overrides.get("check", False)))


def _changes_dict(ch: Changes) -> dict[str, Any]:
    return {"policies": dict(ch.policies), "rule_options": dict(ch.rule_options), "until": ch.until}


def branch(path: str | os.PathLike[str], at: float, runs: int = 100, *, seed: int | None = None,
           teams: Any = None, overrides: Any = None, until: float | None = None, workers: int | None = None,
           scheduler: str | None = None, keep_replays: str | os.PathLike[str] | None = None,
           progress: bool | None = None) -> Any:
    """``runs`` continuations of the replay at ``path`` from ``at`` seconds: a batch
    :class:`~tactics.batch.table.Table` (one condition). The prefix is checked against the
    recording first (InputError, one line, when it differs)."""
    from tactics.batch import run

    replay = load_replay(path)
    changes = parse_changes(replay, teams, overrides)
    enc = fork(replay, at, changes=changes, until=until)  # refuses here: a bad moment, a prefix that differs
    limit = enc.until
    return run(continuation, runs, seed=seed, until=limit, workers=workers, scheduler=scheduler,
               keep_replays=keep_replays, progress=progress,
               overrides={"replay": str(Path(path).resolve()), "at": float(at), "until": limit,
                          "changes": _changes_dict(changes)})


def moments(replay: Replay) -> list[float]:
    """The start of every round before the end of the recorded fight."""
    rs = float(replay.header.options.get("round_seconds") or 1.0)
    end = end_of(replay)
    last = end.t if end is not None else replay.duration
    n = max(1, math.ceil(last / rs - 1e-9))
    return [round(k * rs, 9) for k in range(n) if k * rs < last or k == 0]


def analysis_path(path: str | os.PathLike[str]) -> Path:
    """Where the analysis of a replay is written: beside it, ``REPLAY.analysis.json``."""
    p = Path(path)
    return p.with_name(p.name + ".analysis.json")


def analyze(path: str | os.PathLike[str], runs: int = 200, *, seed: int = 0, workers: int | None = None,
            scheduler: str | None = None, progress: bool | None = None, write: bool = True) -> dict[str, Any]:
    """At every round of the replay at ``path``, how often each side wins from there (``runs``
    continuations per round); written beside the replay (atomically) unless ``write=False``.
    Returns the report (see ``docs/whatif.md`` for its keys)."""
    from tactics.batch import run

    t0 = time.perf_counter()
    replay = load_replay(path)
    verify(replay)  # the whole recorded fight re-simulates exactly, or a one-line refusal
    limit = recorded_limit(replay)
    times = moments(replay)
    table = run(continuation, runs, seed=seed, until=limit, workers=workers, scheduler=scheduler,
                progress=progress, vary={"at": times},
                overrides={"replay": str(Path(path).resolve()), "until": limit, "changes": {}})
    summary = table.summary()
    teams = sorted(dict.fromkeys(u.team for u in replay.header.roster))
    points = []
    for k, cond in enumerate(summary.conditions):
        t = float(cond.params["at"])
        p, low, high = {}, {}, {}
        for team in teams:
            try:
                r = cond.team(team).wins
            except KeyError:
                continue
            p[team], low[team], high[team] = _num(r.value), r.low, r.high
        points.append({"t": t, "round": k + 1, "runs": cond.runs, "failed": cond.failed, "p": p, "low": low,
                       "high": high, "draw": _num(cond.draws.value), "draw_low": cond.draws.low,
                       "draw_high": cond.draws.high})
    end = end_of(replay)
    if end is not None:
        p = {team: 1.0 if team == end.winner else 0.0 for team in teams}
        points.append({"t": float(end.t), "round": None, "final": True, "runs": 0, "failed": 0, "p": p,
                       "low": dict(p), "high": dict(p), "draw": 0.0 if end.winner else 1.0,
                       "draw_low": 0.0 if end.winner else 1.0, "draw_high": 0.0 if end.winner else 1.0})
    report = {
        "format": FORMAT,
        "version": VERSION,
        "replay": Path(path).name,
        "runs": runs,
        "batch_seed": table.meta["batch_seed"],
        "until": limit,
        "teams": teams,
        "winner": end.winner if end is not None else None,
        "points": points,
        "turning_points": turning_points(replay, points),
        "failed": len(table.failures),
        "executor": table.meta["executor"],
        "wall_seconds": round(time.perf_counter() - t0, 3),
    }
    if write:
        write_json(analysis_path(path), report)
    return report


def _num(v: float) -> float:
    return 0.0 if v != v else float(v)  # nan (no finished runs) as 0


def turning_points(replay: Replay, points: list[Mapping[str, Any]], n: int = TURNING_POINTS) -> list[dict]:
    """The ``n`` largest jumps of the curve between one point and the next, with what happened
    in between (the events that changed the fight: attacks, harm, falls, fighters going down)."""
    from tactics.replay.explain import describe, roles_of

    names = {u.id: f"{u.name} ({u.id})" for u in replay.header.roster}
    roles = roles_of({u.id: u.presentation for u in replay.header.roster})
    able = {u.id: {s.name for s in u.presentation.standings if s.able} for u in replay.header.roster}
    telling = _telling(replay.events, able)
    jumps = []
    for a, b in zip(points, points[1:]):
        deltas = {team: b["p"].get(team, 0.0) - a["p"].get(team, 0.0) for team in b["p"]}
        if not deltas:
            continue
        team = max(deltas, key=lambda k: (abs(deltas[k]), k))
        jumps.append((abs(deltas[team]), a, b, team, deltas[team]))
    jumps.sort(key=lambda j: (-j[0], j[1]["t"]))
    out = []
    for size, a, b, team, delta in jumps[:n]:
        if size <= 0:
            break
        evs = [i for i, ev in enumerate(replay.events)
               if a["t"] <= ev.t < b["t"] or (b.get("final") and ev.t == b["t"])]
        told = [f"{replay.events[i].t:5.2f}s  {describe(replay.events[i], names, roles)}" for i in evs
                if telling[i]]
        out.append({"from": a["t"], "to": b["t"], "team": team, "change": round(delta, 4),
                    "before": a["p"].get(team, 0.0), "after": b["p"].get(team, 0.0),
                    "events": told[:EVENTS_PER_POINT], "more": max(0, len(told) - EVENTS_PER_POINT)})
    return out


def _telling(events: list[Any], able: Mapping[str, set[str]]) -> list[bool]:
    """Which events change a fight: attacks, falls, jumps, climbs, a fighter going down, the end
    (an attack's line already says the harm it did; harm is told when it puts a fighter down)."""
    down: set[str] = set()
    out = []
    for ev in events:
        kind = type(ev).__name__
        tell = kind in ("Attack", "Fall", "Jump", "Climb", "End")
        if kind == "Harm":
            is_down = ev.standing not in able.get(ev.who, {ev.standing})
            tell = is_down and ev.who not in down
            (down.add if is_down else down.discard)(ev.who)
        elif kind == "State" and ev.changes.get("active") is False:
            tell = ev.who not in down
            down.add(ev.who)
        out.append(tell)
    return out


def write_json(path: Path, data: Any) -> Path:
    """Write JSON atomically: a temporary file beside it, then a rename."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
            f.write("\n")
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return path


__all__ = ["branch", "analyze", "continuation", "moments", "analysis_path", "turning_points", "cached_replay",
           "write_json", "FORMAT", "VERSION"]
