"""The conformance suite every ruleset must pass: the whole chain, from sheet to picture.

Like PettingZoo's API test for environments, it ships in the package so a
ruleset written anywhere can be checked the same way::

    >>> from tactics.conformance import check_ruleset
    >>> from tactics.rules import get_ruleset
    >>> report = check_ruleset(get_ruleset("mano-a-mano"), fights=20)     # doctest: +SKIP
    >>> report.passed                                                      # doctest: +SKIP
    ['protocol', 'presentation', 'sheets', 'determinism', 'actions', 'replay', 'log', 'viewer', 'batch']

The checks, each on an open 12 × 6 map with the ruleset's own sheets:

- **protocol**: the object has every attribute and method of
  :class:`~tactics.rules.protocol.Ruleset`;
- **presentation**: track names are unique, the bar draws known tracks, the
  first standing acts and some standing does not;
- **sheets**: every sheet survives ``sheet_to_dict`` → ``sheet_from_dict``;
- **determinism**: one seed, two runs, the same replay bytes; and the duel
  ends (someone wins or the time limit comes);
- **actions**: every action of the catalogue, scripted for one turn against
  an enemy (or an ally) beside the actor, resolves to recorded events
  without an exception;
- **replay**: the bytes read back, fold to the engine's final tracks,
  standings and positions;
- **log**: every event has a line, and the final table a row per fighter;
- **viewer**: a frame is drawn headless and is not one flat colour;
- **batch**: ``fights`` duels through :func:`tactics.batch.run` finish.

A failing check raises :class:`ConformanceError` naming it and why.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tactics.rules.protocol import Ruleset

OPEN_MAP = ["." * 12] * 6
CHECKS = ("protocol", "presentation", "sheets", "determinism", "actions", "replay", "log", "viewer", "batch")


class ConformanceError(AssertionError):
    """A ruleset failed a check of the conformance suite."""


@dataclass
class Report:
    ruleset: str
    passed: list[str] = field(default_factory=list)
    notes: dict[str, str] = field(default_factory=dict)


def _fail(check: str, ruleset: Any, why: str) -> None:
    raise ConformanceError(f"{getattr(ruleset, 'name', ruleset)}: {check}: {why}")


def shipped_sheets(ruleset: Any) -> list[Any]:
    """A registered ruleset's shipped sheets (``assets/characters/...``)."""
    from tactics.scenario import shipped_characters
    from tactics.sheets import load_sheet

    return [load_sheet(p, ruleset.name) for _, p in sorted(shipped_characters(ruleset.name).items())]


def duel(ruleset: Any, a: Any, b: Any, seed: int, policy: Any = "advance", until: float = 120.0) -> Any:
    """``a`` against ``b`` two cells apart on the open map; the :class:`~tactics.sim.Result`."""
    from tactics.map import TacticalMap
    from tactics.sim import Encounter

    enc = Encounter(TacticalMap.from_grid(OPEN_MAP), seed=seed, ruleset=ruleset)
    enc.add(a, "red", at=(9.0, 5.0), policy=policy, id="red-1")
    enc.add(b, "blue", at=(13.0, 5.0), policy=policy if isinstance(policy, str) else "passive", id="blue-1")
    return enc.run(until=until)


def _check_presentation(ruleset: Any, sheets: Sequence[Any]) -> None:
    for s in sheets:
        p = ruleset.presentation(s)
        names = [t.name for t in p.tracks]
        if len(set(names)) != len(names):
            _fail("presentation", ruleset, f"track names repeat: {names}")
        if not set(p.bar.segments) <= set(names):
            _fail("presentation", ruleset, f"the bar draws unknown tracks {set(p.bar.segments) - set(names)}")
        if not p.standings or not p.standings[0].able:
            _fail("presentation", ruleset, "the first standing must be one that acts")
        if all(st.able for st in p.standings):
            _fail("presentation", ruleset, "no standing ever stops a fighter: fights could not end")


def _check_actions(ruleset: Any, sheets: Sequence[Any], seed: int) -> dict[str, int]:
    from tactics.map import TacticalMap
    from tactics.replay.schema import Say, Turn
    from tactics.sim import Act, Encounter, Plan, Scripted

    seen: dict[str, int] = {}
    a, b = sheets[0], sheets[-1]
    for name, info in ruleset.actions.items():
        enc = Encounter(TacticalMap.from_grid(OPEN_MAP), seed=seed, ruleset=ruleset)
        target = {"enemy": "blue-1", "ally": "red-2"}.get(info.targets)
        enc.add(a, "red", at=(9.0, 5.0), policy=Scripted([Plan([Act(name, target=target)], f"try {name}")]),
                id="red-1")
        enc.add(b, "red", at=(9.0, 7.0), policy="passive", id="red-2")
        enc.add(b, "blue", at=(11.0, 5.0), policy="passive", id="blue-1")
        try:
            result = enc.run(until=3 * enc.options.round_seconds)
        except Exception as exc:  # noqa: BLE001 - the point is to name any failure
            _fail("actions", ruleset, f"{name!r} raised {type(exc).__name__}: {exc}")
        events = result.events
        first = next((i for i, e in enumerate(events) if isinstance(e, Turn) and e.who == "red-1"), None)
        if first is None:
            _fail("actions", ruleset, f"red-1 never had a turn to try {name!r}")
        after = [e for e in events[first + 1:] if getattr(e, "who", None) in ("red-1", "red-2", "blue-1")
                 and not (isinstance(e, Say) and e.text == f"try {name}")]
        if not after:
            _fail("actions", ruleset, f"{name!r} left no trace in the replay")
        seen[name] = len(after)
    return seen


def _check_replay(ruleset: Any, result: Any) -> Any:
    from tactics.replay import parse_replay

    data = result.to_bytes()
    replay = parse_replay(data, f"<{ruleset.name} duel>")
    from tactics.replay.writer import encode_replay

    if encode_replay(replay.header, replay.events) != data:
        _fail("replay", ruleset, "the replay does not encode back to the same bytes")
    final = replay.fold().final_state().units
    for uid, row in result.combatants.items():
        u = final[uid]
        if dict(u.tracks) != row["tracks"] or u.standing != row["standing"]:
            _fail("replay", ruleset, f"{uid} folds to {dict(u.tracks)} {u.standing}, the engine had "
                  f"{row['tracks']} {row['standing']}")
        if abs(u.x - row["x"]) > 1e-6 or abs(u.y - row["y"]) > 1e-6:
            _fail("replay", ruleset, f"{uid} folds to ({u.x}, {u.y}), the engine had ({row['x']}, {row['y']})")
    return replay


def _check_log(ruleset: Any, replay: Any) -> None:
    from tactics.log import FightLog, final_rows

    log = FightLog(replay.header, replay.events)
    lines = list(log.lines(reasons=True, detail=True))
    if not all(isinstance(line.text, str) and line.text for line in lines):
        _fail("log", ruleset, "a log line is empty")
    rows = final_rows(replay.header, replay.events)
    if len(rows) != len(replay.header.roster):
        _fail("log", ruleset, f"{len(rows)} rows in the final table for {len(replay.header.roster)} fighters")


def _check_viewer(ruleset: Any, replay: Any) -> None:
    import pygame

    from tactics.viewer import export_png

    with tempfile.TemporaryDirectory() as tmp:
        (png,) = export_png(replay, Path(tmp) / "frame.png", at=min(1.0, replay.duration), size=(480, 270))
        img = pygame.image.load(str(png))
        colours = {tuple(img.get_at((x, y))) for x in range(0, img.get_width(), 16)
                   for y in range(0, img.get_height(), 16)}
    if len(colours) < 3:
        _fail("viewer", ruleset, "the frame is (nearly) one flat colour")


class _Duels:
    """A picklable batch factory: ``(seed, overrides) -> Encounter`` of the first two sheets."""

    def __init__(self, ruleset: Any, a: Any, b: Any) -> None:
        self.ruleset, self.a, self.b = ruleset, a, b

    def __call__(self, seed: int, overrides: Any = None) -> Any:
        from tactics.map import TacticalMap
        from tactics.sim import Encounter

        enc = Encounter(TacticalMap.from_grid(OPEN_MAP), seed=seed, ruleset=self.ruleset)
        enc.add(self.a, "red", at=(9.0, 5.0), policy="advance", id="red-1")
        enc.add(self.b, "blue", at=(13.0, 5.0), policy="advance", id="blue-1")
        return enc


def check_ruleset(ruleset: Any, sheets: Sequence[Any] | None = None, *, fights: int = 100,
                  seed: int = 7) -> Report:
    """Run every check on ``ruleset`` (its shipped sheets unless ``sheets`` are given)."""
    report = Report(getattr(ruleset, "name", "?"))
    if not isinstance(ruleset, Ruleset):
        missing = [n for n in dir(Ruleset) if not n.startswith("_") and not hasattr(ruleset, n)]
        _fail("protocol", ruleset, f"missing {', '.join(missing) or 'something'}")
    report.passed.append("protocol")
    sheets = list(sheets) if sheets is not None else shipped_sheets(ruleset)
    if len(sheets) < 2:
        _fail("sheets", ruleset, "needs two sheets at least")
    _check_presentation(ruleset, sheets)
    report.passed.append("presentation")
    for s in sheets:
        again = ruleset.sheet_from_dict(ruleset.sheet_to_dict(s), "<round trip>")
        if ruleset.sheet_to_dict(again) != ruleset.sheet_to_dict(s):
            _fail("sheets", ruleset, f"{s.name} does not survive to_dict/from_dict")
    report.passed.append("sheets")
    first = duel(ruleset, sheets[0], sheets[1], seed)
    if duel(ruleset, sheets[0], sheets[1], seed).to_bytes() != first.to_bytes():
        _fail("determinism", ruleset, "the same seed gave two different replays")
    report.notes["determinism"] = repr(first)
    report.passed.append("determinism")
    seen = _check_actions(ruleset, sheets, seed)
    report.notes["actions"] = ", ".join(f"{k} {v}" for k, v in seen.items())
    report.passed.append("actions")
    replay = _check_replay(ruleset, first)
    report.passed.append("replay")
    _check_log(ruleset, replay)
    report.passed.append("log")
    _check_viewer(ruleset, replay)
    report.passed.append("viewer")
    from tactics.batch import run

    table = run(_Duels(ruleset, sheets[0], sheets[1]), runs=fights, seed=seed, workers=1, until=120.0,
                progress=False)
    if len(table.rows) != fights or table.failures:
        _fail("batch", ruleset, f"{len(table.rows)} rows, {len(table.failures)} failures of {fights} fights")
    report.notes["batch"] = f"{fights} fights"
    report.passed.append("batch")
    return report


__all__ = ["CHECKS", "ConformanceError", "Report", "check_ruleset", "duel", "shipped_sheets"]
