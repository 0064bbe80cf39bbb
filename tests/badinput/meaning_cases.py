"""Hostile replays whose types are right and whose meaning is not: rolls, positions, ids, times.

Each is a shipped sample replay of one ruleset (and a schema 1 original,
migrated on read) with one number changed: a roll whose total, face,
target, margin or verdict does not add up for each kind of dice, a position
off the map, a unit id that is not in the header, a time going backwards.
``tactics validate`` must refuse each naming the file and the line
(``tactics/replay/meaning.py``).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .cases import Case, _dump

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = {
    "mam": ROOT / "replays" / "charge.jsonl",             # d20 beat a difficulty
    "mam2006": ROOT / "replays" / "melee2006.jsonl",      # d6 opposed
    "fudge": ROOT / "replays" / "infiltration.jsonl",     # 4dF opposed and meet
    "d100": ROOT / "replays" / "brawl.jsonl",             # d100 under, opposed; d10 initiative
    "v1": ROOT / "tests" / "replay" / "v1" / "charge.jsonl",  # schema 1, d20
    "climb": ROOT / "replays" / "climb-fall.jsonl",       # a fall, a climb
    "flyer": ROOT / "replays" / "flyer-dive.jsonl",       # a flyer
}
ADDS_UP = "does not add up"
OFF = "off the map"

Pick = Callable[[dict[str, Any]], bool]
Change = Callable[[dict[str, Any]], None]


def _read(name: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    lines = SAMPLES[name].read_text().splitlines()
    return json.loads(lines[0]), [json.loads(x) for x in lines[1:]]


def _size(header: dict[str, Any]) -> tuple[float, float]:
    m = header["map"]["map"]
    return len(m["grid"][0]) * m.get("cell_size", 2.0), len(m["grid"]) * m.get("cell_size", 2.0)


def _roll(kind: str = "", mode: str = "", vs: bool | None = None, target: bool | None = None,
          tags: bool | None = None) -> Pick:
    """An event holding a roll of this shape."""
    def pick(e: dict[str, Any]) -> bool:
        r = e.get("roll")
        if not isinstance(r, dict) or (kind and e["type"] != kind):
            return False
        return ((not mode or r.get("mode", "beat") == mode) and (vs is None or ("vs" in r) == vs)
                and (target is None or ("target" in r) == target) and (tags is None or bool(r.get("tags")) == tags))
    return pick


def _case(sample: str, label: str, pick: Pick, change: Change, must: str) -> Case:
    header, events = _read(sample)
    i = next(k for k, e in enumerate(events) if pick(e))
    events[i] = copy.deepcopy(events[i])
    change(events[i])
    return Case(f"replay-{sample}-{label}", ["validate", "r.jsonl"], {"r.jsonl": _dump(header, events)},
                ["r.jsonl", f"line {i + 2}", must])


def _nth(kind: str, n: int) -> Pick:
    """Picks the ``n``-th event of type ``kind``."""
    seen = [0]

    def pick(e: dict[str, Any]) -> bool:
        if e["type"] != kind:
            return False
        seen[0] += 1
        return seen[0] == n
    return pick


def _set(path: str, value: Any) -> Change:
    """Set ``roll.vs.total`` and the like (a dotted path into the event)."""
    *parents, last = path.split(".")

    def change(e: dict[str, Any]) -> None:
        d = e
        for p in parents:
            d = d[p]
        d[last] = value(d[last]) if callable(value) else value
    return change


def _plus(n: int) -> Callable[[Any], Any]:
    return lambda v: v + n


def roll_cases() -> list[Case]:
    """A roll that does not add up, for every kind of dice and mode the rulesets write."""
    beat = _roll("attack", "beat", target=True)
    opposed6 = _roll("attack", "opposed", vs=True)
    fudge_opp = _roll("", "opposed", vs=True, tags=False)
    fudge_meet = _roll("roll", "meet")
    under = _roll("attack", "under", vs=True)
    under_plain = _roll("attack", "under", tags=False)
    init10 = _roll("roll", "beat", target=False)
    v1 = lambda e: e["type"] == "attack"  # noqa: E731
    return [
        # d20, beat a difficulty (Mano a Mano)
        _case("mam", "d20-total", beat, _set("roll.total", _plus(1)), ADDS_UP),
        _case("mam", "d20-face-21", beat, _set("roll.faces", [21]), ADDS_UP),
        _case("mam", "d20-two-faces", beat, _set("roll.faces", [7, 8]), ADDS_UP),
        _case("mam", "d20-target-parts", beat, _set("roll.target", _plus(3)), ADDS_UP),
        _case("mam", "d20-verdict", beat, _set("roll.success", lambda s: not s), ADDS_UP),
        _case("mam", "d20-mod-changed", beat, _set("roll.mods", [["machete attack", 9]]), ADDS_UP),
        _case("mam", "dice-unknown", beat, _set("roll.dice", "a handful"), ADDS_UP),
        _case("mam", "mode-unknown", beat, _set("roll.mode", "guess"), ADDS_UP),
        _case("climb", "fall-roll-total", lambda e: e["type"] == "fall" and "roll" in e,
              _set("roll.total", _plus(-2)), ADDS_UP),
        _case("climb", "climb-check-face-0", _roll("roll", "beat"), _set("roll.faces", [0]), ADDS_UP),
        # d6, opposed (Mano a Mano 2006)
        _case("mam2006", "d6-total", opposed6, _set("roll.total", _plus(1)), ADDS_UP),
        _case("mam2006", "d6-face-7", opposed6, _set("roll.faces", [7]), ADDS_UP),
        _case("mam2006", "d6-margin", opposed6, _set("roll.margin", _plus(2)), ADDS_UP),
        _case("mam2006", "d6-vs-total", opposed6, _set("roll.vs.total", _plus(1)), ADDS_UP),
        _case("mam2006", "d6-vs-face", opposed6, _set("roll.vs.faces", [0]), ADDS_UP),
        _case("mam2006", "d6-vs-who-unknown", opposed6, _set("roll.vs_who", "green-9"), "not in the roster"),
        # 4dF, opposed and meet (the Fudge system)
        _case("fudge", "4df-total", fudge_opp, _set("roll.total", _plus(1)), ADDS_UP),
        _case("fudge", "4df-face-2", fudge_opp, _set("roll.faces", [2, 0, 0, -1]), ADDS_UP),
        _case("fudge", "4df-three-faces", fudge_opp, _set("roll.faces", [1, 0, 0]), ADDS_UP),
        _case("fudge", "4df-margin", fudge_opp, _set("roll.margin", _plus(-1)), ADDS_UP),
        _case("fudge", "4df-vs-faces", fudge_opp, _set("roll.vs.faces", [1, 1, 1, 1]), ADDS_UP),
        _case("fudge", "4df-meet-total", fudge_meet, _set("roll.total", _plus(2)), ADDS_UP),
        # d100, roll under and opposed; d10 initiative (the d100 system)
        _case("d100", "d100-reading", under, _set("roll.total", _plus(5)), ADDS_UP),
        _case("d100", "d100-face-100", under, _set("roll.faces", [100]), ADDS_UP),
        _case("d100", "d100-target-parts", under, _set("roll.target", _plus(10)), ADDS_UP),
        _case("d100", "d100-verdict", under_plain, _set("roll.success", lambda s: not s), ADDS_UP),
        _case("d100", "d100-vs-target", under, _set("roll.vs.target", _plus(7)), ADDS_UP),
        _case("d100", "d100-vs-reading", under, _set("roll.vs.total", _plus(1)), ADDS_UP),
        _case("d100", "d10-initiative-total", init10, _set("roll.total", _plus(1)), ADDS_UP),
        _case("d100", "d10-face-11", init10, _set("roll.faces", [11]), ADDS_UP),
        # schema 1, migrated on read: the line numbers are the file's
        _case("v1", "v1-total", v1, _set("roll.total", _plus(1)), ADDS_UP),
        _case("v1", "v1-die-0", v1, _set("roll.die", 0), ADDS_UP),
        _case("v1", "v1-difficulty", v1, _set("roll.difficulty", _plus(2)), ADDS_UP),
    ]


def _far(header: dict[str, Any], axis: int) -> float:
    return _size(header)[axis] + 25.0


def place_cases() -> list[Case]:
    """Positions off the map, unit ids not in the header, times going backwards."""
    out: list[Case] = []
    h, _ = _read("mam")
    east, south = _far(h, 0), _far(h, 1)
    move = lambda e: e["type"] == "move"  # noqa: E731
    fly = lambda e: e["type"] == "move" and e["legs"][0]["kind"] == "fly"  # noqa: E731
    out += [
        _case("mam", "leg-end-east", move, _set("legs", lambda legs: [{**legs[0], "end": [east, 3.0, 0.0]}]), OFF),
        _case("mam", "leg-start-north", move, _set("legs", lambda legs: [{**legs[0], "start": [3.0, -9.0, 0.0]}]),
              OFF),
        _case("mam", "leg-second-off", move,
              _set("legs", lambda legs: [legs[0], {**legs[0], "start": legs[0]["end"], "end": [3.0, south, 0.0]}]),
              OFF),
        _case("mam", "leg-backwards-in-time", move, _set("legs", lambda legs: [{**legs[0], "t1": legs[0]["t0"] - 0.5}]),
              "before it starts"),
        _case("flyer", "flyer-leg-off", fly, _set("legs", lambda legs: [{**legs[0], "end": [-30.0, 5.0, 16.0]}]), OFF),
        _case("climb", "fall-end-off", lambda e: e["type"] == "fall", _set("end", [5.0, -40.0, 0.0]), OFF),
        _case("d100", "leg-off", move, _set("legs", lambda legs: [{**legs[0], "end": [-20.0, 7.0, 0.0]}]), OFF),
        _case("fudge", "leg-off", move, _set("legs", lambda legs: [{**legs[0], "end": [200.0, 7.0, 0.0]}]), OFF),
        _case("v1", "leg-off", move, _set("legs", lambda legs: [{**legs[0], "end": [east, 3.0, 0.0]}]), OFF),
        # unit ids not in the header
        _case("mam2006", "move-who-unknown", move, _set("who", "blue-99"), "not in the roster"),
        _case("d100", "harm-who-unknown", lambda e: e["type"] == "harm", _set("who", "nobody"), "not in the roster"),
        _case("fudge", "attack-target-unknown", lambda e: e["type"] == "attack", _set("target", "ghost"),
              "not in the roster"),
        _case("v1", "attack-who-unknown", lambda e: e["type"] == "attack", _set("who", "red-7"), "not in the roster"),
        # a say or a turn after the first of its kind: checked on the who-only path of check_events
        _case("mam", "third-say-who-unknown", _nth("say", 3), _set("who", "blue-42"), "not in the roster"),
        _case("fudge", "fifth-turn-who-unknown", _nth("turn", 5), _set("who", "nobody"), "not in the roster"),
    ]
    for sample in ("mam2006", "fudge", "d100", "v1"):
        header, events = _read(sample)
        events[-1] = {**events[-1], "t": events[-2]["t"] / 2}  # the end before the event it follows
        out.append(Case(f"replay-{sample}-time-backwards", ["validate", "r.jsonl"], {"r.jsonl": _dump(header, events)},
                        ["r.jsonl", f"line {len(events) + 1}", "backwards"]))
    for sample, where in (("mam", [-15.0, 3.0, 0.0]), ("d100", [3.0, 500.0, 0.0])):
        header, events = _read(sample)
        roster = [dict(u) for u in header["roster"]]
        roster[0]["start"] = where
        out.append(Case(f"replay-{sample}-roster-start-off", ["validate", "r.jsonl"],
                        {"r.jsonl": _dump({**header, "roster": roster}, events)}, ["r.jsonl", "line 1", OFF]))
    return out


def meaning_cases() -> list[Case]:
    return [*roll_cases(), *place_cases()]
