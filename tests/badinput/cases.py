"""Hostile inputs, generated from templates: replays, encounters, maps, sheets, command-line options.

Every case is a command line and the files it reads, in a folder of its
own. The suite (``test_badinput.py``) runs each through the real ``tactics``
entry point and expects: exit status 2, exactly one line of output, no
traceback, the named file or option in that line, nothing created or
changed in the folder, and an answer within seconds.

Maps and character sheets belong to other layers; their cases that the
program does not yet refuse properly carry ``known`` (why), and are
expected to fail (``xfail``) rather than fixed here.
"""

from __future__ import annotations

import gzip
import json
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[2]
REPLAY = ROOT / "replays" / "charge.jsonl"
ARENA = ROOT / "maps" / "arena.toml"
STEVEN = ROOT / "assets" / "characters" / "steven.toml"


@dataclass
class Case:
    name: str
    argv: list[str]
    files: dict[str, bytes | Callable[[Path], None]] = field(default_factory=dict)
    must: list[str] = field(default_factory=list)
    """Text the one line must contain (the file, the place, the option)."""
    block: list[str] = field(default_factory=list)
    """Modules that fail to import in this run (e.g. matplotlib)."""
    known: str = ""
    """Why this case is expected to fail today (maps and sheets are other layers)."""
    env: dict[str, str] = field(default_factory=dict)
    timeout: float = 20.0
    seconds: float = 10.0
    """The answer must come sooner than this (a busy two-core machine: generous)."""


# ----------------------------------------------------------------- replays
def _replay_lines() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    lines = REPLAY.read_text().splitlines()
    return json.loads(lines[0]), [json.loads(x) for x in lines[1:]]


def _dump(header: Any, events: list[Any]) -> bytes:
    head = header if isinstance(header, (bytes, str)) else json.dumps(header, separators=(",", ":"))
    head = head.decode() if isinstance(head, bytes) else head
    body = [e if isinstance(e, str) else json.dumps(e, separators=(",", ":")) for e in events]
    return ("\n".join([head, *body]) + "\n").encode()


def _nest(depth: int, leaf: str = "1") -> str:
    return "[" * depth + leaf + "]" * depth


def replay_docs() -> dict[str, tuple[bytes, str]]:
    """name -> (file bytes, text the error must contain)."""
    h, ev = _replay_lines()
    good = _dump(h, ev)
    out: dict[str, tuple[bytes, str]] = {}

    def with_header(name: str, must: str = "line 1", **changes: Any) -> None:
        hh = {**h, **changes}
        out[name] = (_dump(hh, ev), must)

    def with_event(name: str, i: int, ev_new: Any, must: str = "") -> None:
        e2 = list(ev)
        e2[i] = ev_new
        out[name] = (_dump(h, e2), must or f"line {i + 2}")

    move = next(i for i, e in enumerate(ev) if e["type"] == "move")
    attack = next(i for i, e in enumerate(ev) if e["type"] == "attack")
    say = next(i for i, e in enumerate(ev) if e["type"] == "say")

    out["empty"] = (b"", "line 1")
    out["blank-lines"] = (b"\n\n  \n", "line 1")
    out["header-not-json"] = (b"this is not json\n", "line 1")
    out["header-is-array"] = (b'["header"]\n', "line 1")
    out["header-null"] = (b"null\n", "line 1")
    out["header-bom"] = (b"\xef\xbb\xbf" + good, "line 1")
    out["binary-garbage"] = (bytes(range(256)) * 8, "")
    out["latin1-text"] = (good.replace(b"standing still", "d\xe9j\xe0".encode("latin-1")), "line")
    with_header("format-other", format="other-format")
    with_header("schema-future", schema=99)
    with_header("schema-string", schema="1")
    hh = dict(h)
    del hh["roster"]
    out["header-no-roster"] = (_dump(hh, ev), "line 1")
    with_header("roster-not-list", roster={"a": 1})
    with_header("roster-duplicate-id", roster=[h["roster"][0], h["roster"][0]])
    with_header("keyframe-tiny", keyframe_every=1e-9)
    with_header("keyframe-negative", keyframe_every=-1.0)
    with_header("keyframe-string", keyframe_every="often")
    out["keyframe-nan"] = (good.replace(b'"keyframe_every":10.0', b'"keyframe_every":NaN', 1), "line 1")
    out["keyframe-infinity"] = (good.replace(b'"keyframe_every":10.0', b'"keyframe_every":Infinity', 1), "line 1")
    out["keyframe-huge-exponent"] = (good.replace(b'"keyframe_every":10.0', b'"keyframe_every":1e999', 1), "line 1")
    out["header-deep-options"] = (_dump({**h, "options": {"x": json.loads(_nest(40))}}, ev), "line 1")
    out["header-deep-recursion"] = (good.replace(b'"options":{', b'"options":{"x":' + _nest(5000).encode() + b",", 1),
                                    "line 1")
    roster = [dict(u) for u in h["roster"]]
    roster[0]["start"] = [1e300, 3.0, 0.0]
    with_header("roster-start-huge", roster=roster)
    out["cut-in-header"] = (good[: len(good.split(b"\n")[0]) // 2], "line 1")
    out["cut-mid-event"] = (good[: good.index(b'"target"')], "line")
    out["cut-last-line"] = (good.rstrip(b"\n")[:-5], "line")
    with_event("event-unknown-type", say, {**ev[say], "type": "teleport"})
    with_event("event-t-string", say, {**ev[say], "t": "soon"})
    with_event("event-t-missing", say, {k: v for k, v in ev[say].items() if k != "t"})
    with_event("event-who-missing", say, {k: v for k, v in ev[say].items() if k != "who"})
    with_event("event-negative-t", 0, {**ev[0], "t": -5.0})
    with_event("event-time-backwards", len(ev) - 2, {**ev[-2], "t": 0.25})
    with_event("event-t-beyond", len(ev) - 1, {**ev[-1], "t": 1e7})
    with_event("event-t-huge-exponent", len(ev) - 1, {**ev[-1], "t": 1e300})
    with_event("event-is-array", say, [1, 2, 3])
    with_event("event-is-null", say, None)
    with_event("event-is-string", say, "say hello")
    with_event("event-who-unknown", say, {**ev[say], "who": "green-7"})
    with_event("event-who-number", say, {**ev[say], "who": 7})
    with_event("attack-target-unknown", attack, {**ev[attack], "target": "nobody"})
    with_event("attack-roll-missing", attack, {k: v for k, v in ev[attack].items() if k != "roll"})
    with_event("attack-total-string", attack, {**ev[attack], "roll": {**ev[attack]["roll"], "total": "twenty"}})
    legs = ev[move]["legs"]
    with_event("move-leg-2d", move, {**ev[move], "legs": [{**legs[0], "start": [1.0, 3.0]}]})
    with_event("move-leg-kind-number", move, {**ev[move], "legs": [{**legs[0], "kind": 3}]})
    with_event("move-position-1e8", move, {**ev[move], "legs": [{**legs[0], "end": [1e8, 3.0, 0.0]}]})
    with_event("move-position-1e300", move, {**ev[move], "legs": [{**legs[0], "end": [1e300, 3.0, 0.0]}]})
    with_event("move-legs-not-list", move, {**ev[move], "legs": "north"})
    with_event("state-deep-changes", say, {"type": "state", "t": ev[say]["t"], "who": ev[say]["who"],
                                           "changes": {"posture": json.loads(_nest(40, '"x"'))}})
    e2 = list(ev)
    e2[say] = json.dumps(ev[say], separators=(",", ":")).replace('"t":', '"t":NaN,"x":', 1)
    out["event-nan-literal"] = (_dump(h, e2), f"line {say + 2}")
    e2 = list(ev)
    e2[say] = '{"type":"say","t":' + _nest(3000, "0") + "}"
    out["event-deep-recursion"] = (_dump(h, e2), f"line {say + 2}")
    e2 = list(ev)
    e2[say] = '{"type":"say","t":0.0,"who":"red-1","text":"' + "x" * 64 + '"' + "}" * 10
    out["event-trailing-braces"] = (_dump(h, e2), f"line {say + 2}")
    return out


def _gzip_bomb(path: Path) -> None:
    """About 600 MiB of zeros in about 600 KiB of gzip."""
    comp = zlib.compressobj(9, zlib.DEFLATED, 31)
    zeros = bytes(16 * 1024 * 1024)
    with open(path, "wb") as fh:
        h, ev = _replay_lines()
        fh.write(comp.compress(_dump(h, ev[:3])))
        for _ in range(38):
            fh.write(comp.compress(zeros))
        fh.write(comp.flush())


def _long_line(path: Path) -> None:
    h, ev = _replay_lines()
    with open(path, "wb") as fh:
        fh.write(_dump(h, ev[:2]))
        fh.write(b'{"type":"say","t":0.0,"who":"red-1","text":"')
        chunk = b"a" * (1024 * 1024)
        for _ in range(65):
            fh.write(chunk)
        fh.write(b'"}\n')


def _fifo(path: Path) -> None:
    """A named pipe nobody writes to: opening it for reading would wait forever."""
    import os

    os.mkfifo(path)


def gz_docs() -> dict[str, tuple[bytes | Callable[[Path], None], str]]:
    h, ev = _replay_lines()
    good = _dump(h, ev)
    gz = gzip.compress(good, mtime=0)
    return {
        "gz-garbage": (b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03" + b"garbage" * 50, "gzip"),
        "gz-truncated": (gz[: len(gz) // 2], "gzip"),
        "gz-trailing-garbage": (gz + b"this is not gzip", "gzip"),
        "gz-bad-crc": (gz[:-8] + bytes(8), "gzip"),
        "gz-only-magic": (b"\x1f\x8b", "gzip"),
        "gz-bomb": (_gzip_bomb, "bytes"),
        "gz-of-garbage": (gzip.compress(b"not a replay\n", mtime=0), "line 1"),
    }


def replay_cases() -> list[Case]:
    cases = []
    for name, (data, must) in replay_docs().items():
        cases.append(Case(f"replay-{name}", ["validate", "r.jsonl"], {"r.jsonl": data}, ["r.jsonl", must]))
    for name, (data, must) in gz_docs().items():
        cases.append(Case(f"replay-{name}", ["validate", "r.jsonl.gz"], {"r.jsonl.gz": data}, ["r.jsonl.gz", must],
                          seconds=30.0 if name == "gz-bomb" else 10.0, timeout=60.0))
    cases.append(Case("replay-long-line", ["validate", "r.jsonl"], {"r.jsonl": _long_line},
                      ["r.jsonl", "line 4", "longer than"]))
    # the same files through view and export: refused before any window or frame
    docs = replay_docs()
    for name in ("cut-mid-event", "event-who-unknown", "keyframe-tiny", "move-position-1e300",
                 "event-t-beyond", "header-deep-recursion", "state-deep-changes"):
        data, must = docs[name]
        cases.append(Case(f"export-{name}", ["export", "r.jsonl", "--gif", "out.gif"], {"r.jsonl": data},
                          ["r.jsonl", must]))
        cases.append(Case(f"view-{name}", ["view", "r.jsonl"], {"r.jsonl": data}, ["r.jsonl", must]))
    gz = gz_docs()
    for name in ("gz-bomb", "gz-truncated"):
        data, must = gz[name]
        cases.append(Case(f"export-{name}", ["export", "r.jsonl.gz", "--png", "frames"], {"r.jsonl.gz": data},
                          ["r.jsonl.gz", must], env={"TACTICS_MAX_REPLAY_BYTES": str(64 * 1024 * 1024)}))
    if Path("/dev/zero").exists():
        cases.append(Case("export-dev-zero", ["export", "/dev/zero", "--gif", "out.gif"], {}, ["/dev/zero"]))
        cases.append(Case("validate-dev-zero", ["validate", "/dev/zero"], {}, ["/dev/zero"]))
        cases.append(Case("skirmish-dev-zero", ["skirmish", "/dev/zero"], {}, ["/dev/zero"]))
    for cmd in (["validate", "p.jsonl"], ["validate", "p.toml"], ["view", "p.jsonl"], ["skirmish", "p.toml"],
                ["batch", "p.encounter.toml", "--runs", "2"]):
        cases.append(Case(f"fifo-{cmd[0]}-{cmd[1]}", cmd, {cmd[1]: _fifo}, [cmd[1]], timeout=8.0))
    cases.append(Case("validate-folder", ["validate", "sub"], {"sub/keep.txt": b"x"}, ["sub", "folder"]))
    cases.append(Case("validate-missing", ["validate", "nothing.jsonl"], {}, ["nothing.jsonl", "no such file"]))
    cases.append(Case("validate-unknown-kind", ["validate", "notes.txt"], {"notes.txt": b"hello\n"}, ["notes.txt"]))
    cases.append(Case("view-missing", ["view", "nothing.jsonl"], {}, ["nothing.jsonl"]))
    return cases


# ----------------------------------------------------------------- encounters
ENCOUNTER = '''name = "duel"
map = "arena"
seed = 1
until = 30

[options]
charging = true

[teams.red]
members = [{ character = "steven" }]

[teams.blue]
members = [{ character = "clone" }]
'''


def _enc(old: str, new: str) -> bytes:
    assert old in ENCOUNTER, old
    return ENCOUNTER.replace(old, new, 1).encode()


def encounter_docs() -> dict[str, tuple[bytes, str]]:
    red = '[teams.red]\nmembers = [{ character = "steven" }]'
    return {
        "toml-syntax": (_enc('until = 30', 'until = = 30'), "line 4"),
        "not-utf8": (ENCOUNTER.encode() + b"# \xff\xfe\n", "UTF-8"),
        "empty": (b"", ""),
        "map-missing": (_enc('map = "arena"\n', ""), "map"),
        "map-unknown": (_enc('map = "arena"', 'map = "atlantis"'), "atlantis"),
        "map-file-missing": (_enc('map = "arena"', 'map = "nowhere/x.toml"'), "map"),
        "map-is-a-sheet": (_enc('map = "arena"', 'map = "hero.toml"'), "hero.toml"),
        "map-number": (_enc('map = "arena"', "map = 3"), "map"),
        "map-dev-zero": (_enc('map = "arena"', 'map = "/dev/zero"'), "map"),
        "map-etc-passwd": (_enc('map = "arena"', 'map = "/etc/passwd"'), "map"),
        "character-dev-zero": (_enc('"steven"', '"/dev/zero"'), "character"),
        "until-nan": (_enc("until = 30", "until = nan"), "until"),
        "until-inf": (_enc("until = 30", "until = inf"), "until"),
        "until-negative": (_enc("until = 30", "until = -5"), "until"),
        "until-zero": (_enc("until = 30", "until = 0"), "until"),
        "until-huge": (_enc("until = 30", "until = 1e12"), "until"),
        "until-string": (_enc("until = 30", 'until = "long"'), "until"),
        "seed-float": (_enc("seed = 1", "seed = 1.5"), "seed"),
        "seed-string": (_enc("seed = 1", 'seed = "x"'), "seed"),
        "round-seconds-zero": (_enc("charging = true", "round_seconds = 0"), "round_seconds"),
        "round-seconds-negative": (_enc("charging = true", "round_seconds = -1"), "round_seconds"),
        "round-seconds-nan": (_enc("charging = true", "round_seconds = nan"), "round_seconds"),
        "round-seconds-inf": (_enc("charging = true", "round_seconds = inf"), "round_seconds"),
        "round-seconds-huge": (_enc("charging = true", "round_seconds = 1e9"), "round_seconds"),
        "stall-rounds-zero": (_enc("charging = true", "stall_rounds = 0"), "stall_rounds"),
        "stall-rounds-negative": (_enc("charging = true", "stall_rounds = -3"), "stall_rounds"),
        "keyframe-tiny": (_enc("charging = true", "keyframe_every = 1e-9"), "keyframe_every"),
        "keyframe-negative": (_enc("charging = true", "keyframe_every = -1.0"), "keyframe_every"),
        "keyframe-nan": (_enc("charging = true", "keyframe_every = nan"), "keyframe_every"),
        "option-unknown": (_enc("charging = true", "teleporting = true"), "options"),
        "option-wrong-type": (_enc("charging = true", 'charging = "maybe"'), "charging"),
        "light-unknown": (_enc("until = 30", 'until = 30\nlight = "purple"'), "light"),
        "top-key-unknown": (_enc("until = 30", "until = 30\nweather = 3"), "weather"),
        "no-teams": (ENCOUNTER.split("[options]")[0].encode(), "teams"),
        "teams-string": (ENCOUNTER.split("[options]")[0].encode() + b'teams = "red"\n', "teams"),
        "nobody": (_enc(red, '[teams.red]\nmembers = [{ character = "steven", count = 0 }]')
                   .replace(b'{ character = "clone" }', b'{ character = "clone", count = 0 }'), "nobody"),
        "count-negative": (_enc(red, '[teams.red]\nmembers = [{ character = "steven", count = -1 }]'), "count"),
        "count-huge": (_enc(red, '[teams.red]\nmembers = [{ character = "steven", count = 100000000 }]'), "fighters"),
        "count-string": (_enc(red, '[teams.red]\nmembers = [{ character = "steven", count = "two" }]'), "count"),
        "count-float": (_enc(red, '[teams.red]\nmembers = [{ character = "steven", count = 1.5 }]'), "count"),
        "too-many-for-spawns": (_enc(red, '[teams.red]\nmembers = [{ character = "steven", count = 40 }]'),
                                "spawn"),
        "character-unknown": (_enc('"steven"', '"gandalf"'), "gandalf"),
        "character-missing": (_enc('{ character = "steven" }', '{ policy = "brawler" }'), "character"),
        "character-file-missing": (_enc('"steven"', '"sheets/none.toml"'), "character"),
        "policy-unknown": (_enc('{ character = "steven" }', '{ character = "steven", policy = "berserk" }'),
                           "berserk"),
        "team-policy-unknown": (_enc(red, red + '\npolicy = "berserk"'), "berserk"),
        "member-key-unknown": (_enc('{ character = "steven" }', '{ character = "steven", hat = "red" }'), "hat"),
        "member-is-string": (_enc('[{ character = "steven" }]', '["steven"]'), "member"),
        "at-off-map": (_enc('{ character = "steven" }', '{ character = "steven", at = [500, 500] }'), "off the map"),
        "at-in-wall": (_enc('{ character = "steven" }', '{ character = "steven", at = [15, 5] }'), "wall"),
        "at-one-number": (_enc('{ character = "steven" }', '{ character = "steven", at = [1] }'), "at"),
        "at-nan": (_enc('{ character = "steven" }', '{ character = "steven", at = [nan, 1] }'), "at"),
        "at-inf": (_enc('{ character = "steven" }', '{ character = "steven", at = [1, inf] }'), "at"),
        "at-z-huge": (_enc('{ character = "steven" }', '{ character = "steven", at = [3, 3, 1e300] }'), "z ="),
        "at-strings": (_enc('{ character = "steven" }', '{ character = "steven", at = ["a", "b"] }'), "at"),
        "duplicate-ids": (_enc('[{ character = "steven" }]',
                               '[{ character = "steven", id = "x" }, { character = "clone", id = "x" }]'), "'x'"),
        "id-takes-auto-id": (_enc('[{ character = "steven" }]',
                                  '[{ character = "steven" }, { character = "clone", id = "red-1" }]'), "red-1"),
        "id-count-clash": (_enc('[{ character = "steven" }]',
                                '[{ character = "steven", id = "a", count = 2 }, { character = "clone", id = "a-1" }]'),
                           "a-1"),
        "teams-array-no-name": (ENCOUNTER.split("[options]")[0].encode()
                                + b'[[teams]]\nmembers = [{ character = "steven" }]\n', "teams"),
        "teams-array-duplicate": (ENCOUNTER.split("[options]")[0].encode()
                                  + b'[[teams]]\nname = "red"\nmembers = [{ character = "steven" }]\n'
                                  + b'[[teams]]\nname = "red"\nmembers = [{ character = "clone" }]\n', "twice"),
        "deep-toml-array": (_enc("until = 30", "until = 30\nx = " + _nest(3000)), ""),
        "ruleset-unknown": (_enc("until = 30", 'until = 30\nruleset = "chess"'), "chess"),
        "ruleset-number": (_enc("until = 30", "until = 30\nruleset = 7"), "ruleset"),
        "ruleset-sheet-mismatch": (_enc("until = 30", 'until = 30\nruleset = "d100-opposed"'), ""),
    }


def encounter_cases() -> list[Case]:
    cases = []
    hero = STEVEN.read_bytes()
    for name, (data, must) in encounter_docs().items():
        files = {"e.encounter.toml": data, "hero.toml": hero}
        cases.append(Case(f"encounter-{name}", ["validate", "e.encounter.toml"], files, ["e.encounter.toml", must]))
    for name in ("until-nan", "count-huge", "duplicate-ids", "keyframe-tiny", "toml-syntax", "at-off-map",
                 "policy-unknown", "round-seconds-zero"):
        data, must = encounter_docs()[name]
        files = {"e.encounter.toml": data, "hero.toml": hero}
        cases.append(Case(f"skirmish-encounter-{name}", ["skirmish", "e.encounter.toml", "--quiet"], files,
                          ["e.encounter.toml", must]))
        cases.append(Case(f"batch-encounter-{name}", ["batch", "e.encounter.toml", "--runs", "2", "--workers", "1",
                                                      "--no-progress", "--out", "r.csv"], files,
                          ["e.encounter.toml", must]))
    return cases


# ----------------------------------------------------------------- maps
def _map(old: str, new: str) -> bytes:
    text = ARENA.read_text()
    assert old in text, old
    return text.replace(old, new, 1).encode()


def _grid(n: int) -> bytes:
    return ('[map]\nname = "huge"\ngrid = """\n' + ("." * n + "\n") * n + '"""\n').encode()


def map_docs() -> dict[str, tuple[bytes, str, str]]:
    """name -> (bytes, must, known problem or "")."""
    row = ".r................b."
    return {
        "toml-syntax": (_map("cell_size = 2", "cell_size = = 2"), "line", ""),
        "not-utf8": (ARENA.read_bytes() + b"# \xff\n", "UTF-8", ""),
        "legend-unknown-char": (_map(row, ".r......Q.........b.", ), "Q", ""),
        "ragged-rows": (_map(row, ".r.......b."), "", ""),
        "grid-missing": (b'[map]\nname = "x"\n', "grid", ""),
        "grid-empty": (_map('grid = """', 'grid = ""\nold = """'), "", ""),
        "cell-size-zero": (_map("cell_size = 2", "cell_size = 0"), "cell_size", ""),
        "cell-size-negative": (_map("cell_size = 2", "cell_size = -2"), "cell_size", ""),
        "cell-size-nan": (_map("cell_size = 2", "cell_size = nan"), "cell_size", ""),
        "cell-size-inf": (_map("cell_size = 2", "cell_size = inf"), "cell_size", ""),
        "cell-size-string": (_map("cell_size = 2", 'cell_size = "big"'), "cell_size", ""),
        "wall-height-nan": (_map('"O" = { kind = "wall", height = 3 }', '"O" = { kind = "wall", height = nan }'),
                            "height", ""),
        "wall-height-negative": (_map('"O" = { kind = "wall", height = 3 }', '"O" = { kind = "wall", height = -3 }'),
                                 "height", ""),
        "legend-kind-unknown": (_map('"%" = "rubble"', '"%" = "lava"'), "lava", ""),
        "light-unknown": (_map('default = "bright"', 'default = "strobe"'), "strobe", ""),
        "light-polygon-bad-wkt": (_map('default = "bright"', 'default = "bright"\npolygons = [{ light = "dark", '
                                       'wkt = "POLYGON ((" }]'), "", ""),
        "legend-two-chars": (_map('"%" = "rubble"', '"%%" = "rubble"'), "%%", ""),
        "grid-over-16MiB": (_grid(4200), "bytes", ""),
        "deep-toml-array": (_map('cell_size = 2', "cell_size = 2\nx = " + _nest(3000)), "nested", ""),
        "heights-scale-nan": (_map("[light]", '[heights]\nscale = nan\n\n[light]'), "scale", ""),
        "heights-region-huge": (_map("[light]", '[heights]\nregions = [{ cols = [0, 1000000000], rows = [0, 1000000000], '
                                     'height = 2 }]\n\n[light]'), "", ""),
        "heights-region-nan": (_map("[light]", '[heights]\nregions = [{ cells = [[1, 1]], height = nan }]\n\n[light]'),
                               "height", ""),
        "spawn-off-grid": (_map("[light]", '[spawns]\nred = [[500, 500]]\n\n[light]'), "spawns", ""),
        "light-polygon-huge": (_map('default = "bright"', 'default = "bright"\npolygons = [{ light = "dark", '
                                    'wkt = "POLYGON ((0 0, 1e300 0, 1e300 1e300, 0 0))" }]'), "", ""),
        "legend-not-table": (_map('[legend]\n"." = "floor"', 'legend = 3\n[legend2]\n"." = "floor"'), "legend", ""),
        "grid-2000x2000": (_grid(2000), "", ""),
    }


def map_cases() -> list[Case]:
    cases = []
    for name, (data, must, known) in map_docs().items():
        cases.append(Case(f"map-{name}", ["validate", "m.toml"], {"m.toml": data}, ["m.toml", must], known=known,
                          timeout=4.0 if known else 12.0))
    for name in ("toml-syntax", "legend-unknown-char", "cell-size-nan"):
        data, must, known = map_docs()[name]
        cases.append(Case(f"skirmish-map-{name}", ["skirmish", "m.toml", "--quiet"], {"m.toml": data},
                          ["m.toml", must], known=known))
    return cases


# ----------------------------------------------------------------- sheets
def _sheet(old: str, new: str) -> bytes:
    text = STEVEN.read_text()
    assert old in text, old
    return text.replace(old, new, 1).encode()


def sheet_docs() -> dict[str, tuple[bytes, str, str]]:
    return {
        "toml-syntax": (_sheet("speed = 1", "speed = = 1"), "line", ""),
        "not-utf8": (STEVEN.read_bytes() + b"# \xff\n", "UTF-8", ""),
        "missing-stat": (_sheet("strength = 3\n", ""), "strength", ""),
        "stat-string": (_sheet("strength = 3", 'strength = "strong"'), "strength", ""),
        "stat-nan": (_sheet("strength = 3", "strength = nan"), "strength", ""),
        "stat-inf": (_sheet("toughness = 7", "toughness = inf"), "toughness", ""),
        "stat-huge": (_sheet("toughness = 7", "toughness = 1000000000"), "toughness", ""),
        "stat-negative": (_sheet("toughness = 7", "toughness = -7"), "toughness", ""),
        "speed-zero": (_sheet("speed = 1", "speed = 0"), "speed", ""),
        "mass-nan": (_sheet("mass = 95", "mass = nan"), "mass", ""),
        "height-negative": (_sheet("height = 1.6", "height = -1.6"), "height", ""),
        "unknown-key": (_sheet("speed = 1", "speed = 1\nwings = 2"), "wings", ""),
        "weapon-kind-unknown": (_sheet('kind = "hand"', 'kind = "laser"'), "laser", ""),
        "weapon-power-nan": (_sheet("power = 5", "power = nan"), "power", ""),
        "ability-string": (_sheet('craftsmanship = 2', 'craftsmanship = "lots"'), "abilities", ""),
        "empty": (b"", "", ""),
    }


D100 = ROOT / "assets" / "characters" / "d100" / "duelist.toml"


def _d100(old: str, new: str) -> bytes:
    text = D100.read_text()
    assert old in text, old
    return text.replace(old, new, 1).encode()


def d100_docs() -> dict[str, tuple[bytes, str, str]]:
    return {
        "ruleset-unknown": (_d100('ruleset = "d100-opposed"', 'ruleset = "chess"'), "chess", ""),
        "durability-nan": (_d100("durability = 35", "durability = nan"), "durability", ""),
        "durability-string": (_d100("durability = 35", 'durability = "tough"'), "durability", ""),
        "aptitude-missing": (_d100("REF = 25\n", ""), "REF", ""),
        "skill-huge": (_d100("Melee = 65", "Melee = 1000000"), "Melee", ""),
    }


def sheet_cases() -> list[Case]:
    cases = [Case(f"sheet-{name}", ["validate", "hero.toml"], {"hero.toml": data}, ["hero.toml", must], known=known)
             for name, (data, must, known) in sheet_docs().items()]
    cases += [Case(f"sheet-d100-{name}", ["validate", "hero.toml"], {"hero.toml": data}, ["hero.toml", must],
                   known=known) for name, (data, must, known) in d100_docs().items()]
    return cases


# ----------------------------------------------------------------- options
def _good_replay() -> bytes:
    return REPLAY.read_bytes()


def option_cases() -> list[Case]:
    r = {"r.jsonl": _good_replay()}
    hero = STEVEN.read_bytes()
    cases = [
        # skirmish
        *[Case(f"skirmish-until-{v}", ["skirmish", "--until", v], {}, ["--until"])
          for v in ("-1", "0", "nan", "inf", "-inf", "1e300", "abc")],
        *[Case(f"skirmish-seed-{k}", ["skirmish", "--seed", v], {}, ["--seed"])
          for k, v in (("huge", str(10**30)), ("minus-huge", str(-(10**30))), ("text", "abc"), ("float", "1.5"))],
        Case("skirmish-out-folder", ["skirmish", "--out", "sub"], {"sub/keep.txt": b"x"}, ["--out", "folder"]),
        Case("skirmish-out-missing-parent", ["skirmish", "--out", "no/such/r.jsonl"], {}, ["--out", "no/such"]),
        Case("skirmish-out-under-file", ["skirmish", "--out", "f/r.jsonl"], {"f": b"x"}, ["--out", "f"]),
        Case("skirmish-out-proc", ["skirmish", "--out", "/proc/r.jsonl"], {}, ["--out", "/proc"]),
        Case("skirmish-out-empty", ["skirmish", "--out", ""], {}, ["--out"]),
        Case("skirmish-show-gif-folder", ["skirmish", "--out", "r.jsonl", "--show"], {"r.gif/keep.txt": b"x"},
             ["r.gif"]),
        *[Case(f"skirmish-team-{k}", ["skirmish", "--team", v], {}, ["--team"])
          for k, v in (("no-equals", "red"), ("no-team", "=brawler"), ("no-policy", "red="),
                       ("unknown-policy", "red=berserk"), ("unknown-sheet", "red=brawler:gandalf"))],
        *[Case(f"skirmish-set-{k}", ["skirmish", "--set", v], {}, ["--set", must])
          for k, v, must in (("no-equals", "until", ""), ("unknown-key", "weather=rain", "weather"),
                             ("unknown-team", "teams.green.policy=advance", "green"),
                             ("unknown-option", "options.nope=1", "nope"),
                             ("until-negative", "until=-1", "until"), ("until-nan", "until=nan", "until"),
                             ("round-seconds-nan", "options.round_seconds=nan", "round_seconds"),
                             ("count-huge", "teams.red.count=100000000", "fighters"),
                             ("light-unknown", "light=purple", "purple"),
                             ("member-out-of-range", "teams.red.9.policy=advance", "members"),
                             ("keyframe-tiny", "options.keyframe_every=1e-9", "keyframe_every"))],
        Case("skirmish-target-missing", ["skirmish", "nowhere.encounter.toml"], {}, ["nowhere.encounter.toml"]),
        Case("skirmish-target-unknown-name", ["skirmish", "atlantis"], {}, ["atlantis"]),
        Case("skirmish-target-folder", ["skirmish", "sub"], {"sub/keep.txt": b"x"}, ["sub"]),
        Case("skirmish-target-sheet", ["skirmish", "hero.toml"], {"hero.toml": hero}, ["hero.toml"]),
        Case("skirmish-target-replay", ["skirmish", "r.jsonl"], r, ["r.jsonl"]),
        Case("skirmish-unknown-option", ["skirmish", "--fast"], {}, ["--fast"]),
        # export and view
        *[Case(f"export-step-{k}", ["export", "r.jsonl", "--gif", "o.gif", "--step", v], r, ["--step"])
          for k, v in (("tiny", "1e-7"), ("zero", "0"), ("negative", "-1"), ("nan", "nan"), ("inf", "inf"),
                       ("text", "fast"))],
        *[Case(f"export-scale-{k}", ["export", "r.jsonl", "--gif", "o.gif", "--scale", v], r, ["--scale"])
          for k, v in (("zero", "0"), ("negative", "-1"), ("huge", "1000"), ("nan", "nan"))],
        Case("export-start-nan", ["export", "r.jsonl", "--gif", "o.gif", "--start", "nan"], r, ["--start"]),
        Case("export-start-negative", ["export", "r.jsonl", "--gif", "o.gif", "--start", "-5"], r, ["--start"]),
        Case("export-end-inf", ["export", "r.jsonl", "--gif", "o.gif", "--end", "inf"], r, ["--end"]),
        Case("export-end-before-start", ["export", "r.jsonl", "--gif", "o.gif", "--start", "2", "--end", "1"], r,
             ["--end"]),
        Case("export-png-step-tiny", ["export", "r.jsonl", "--png", "frames", "--step", "1e-6"], r, ["--step"]),
        Case("export-gif-folder", ["export", "r.jsonl", "--gif", "sub"], {**r, "sub/keep.txt": b"x"},
             ["--gif", "folder"]),
        Case("export-gif-missing-parent", ["export", "r.jsonl", "--gif", "no/such/o.gif"], r, ["--gif"]),
        Case("export-png-is-file", ["export", "r.jsonl", "--png", "frames"], {**r, "frames": b"x"},
             ["--png", "frames"]),
        Case("export-png-missing-parent", ["export", "r.jsonl", "--png", "no/such/frames"], r, ["--png"]),
        Case("export-both", ["export", "r.jsonl", "--gif", "o.gif", "--png", "frames"], r, ["--gif"]),
        Case("export-neither", ["export", "r.jsonl"], r, ["--gif"]),
        Case("export-missing-replay", ["export", "none.jsonl", "--gif", "o.gif"], {}, ["none.jsonl"]),
        Case("view-step-zero", ["view", "r.jsonl", "--step", "0"], r, ["--step"]),
        Case("view-step-nan", ["view", "r.jsonl", "--step", "nan"], r, ["--step"]),
        # batch
        Case("batch-runs-zero", ["batch", "--runs", "0"], {}, ["--runs"]),
        Case("batch-runs-absurd", ["batch", "--runs", "1000000000000"], {}, ["--runs"]),
        Case("batch-runs-text", ["batch", "--runs", "many"], {}, ["--runs"]),
        Case("batch-workers-zero", ["batch", "--workers", "0"], {}, ["--workers"]),
        *[Case(f"batch-until-{k}", ["batch", "--runs", "2", "--until", v], {}, ["--until"])
          for k, v in (("negative", "-1"), ("zero", "0"), ("nan", "nan"), ("inf", "inf"))],
        Case("batch-out-suffix", ["batch", "--runs", "2", "--out", "r.xlsx"], {}, [".csv"]),
        Case("batch-out-folder", ["batch", "--runs", "2", "--out", "sub.csv"], {"sub.csv/keep.txt": b"x"},
             ["--out", "folder"]),
        Case("batch-out-missing-parent", ["batch", "--runs", "2", "--out", "no/such/r.csv"], {}, ["--out"]),
        Case("batch-out-under-file", ["batch", "--runs", "2", "--out", "f/r.csv"], {"f": b"x"}, ["--out"]),
        Case("batch-parquet-without-pyarrow", ["batch", "--runs", "2", "--out", "r.parquet"], {}, ["pyarrow"],
             block=["pyarrow"]),
        Case("batch-plot-suffix", ["batch", "--runs", "2", "--plot", "p.gif"], {}, ["--plot"]),
        Case("batch-plot-folder", ["batch", "--runs", "2", "--plot", "p.png"], {"p.png/keep.txt": b"x"}, ["--plot"]),
        Case("batch-plot-missing-parent", ["batch", "--runs", "2", "--plot", "no/p.png"], {}, ["--plot"]),
        Case("batch-plot-without-matplotlib", ["batch", "--runs", "2", "--plot", "p.png"], {}, ["matplotlib"],
             block=["matplotlib"]),
        Case("batch-keep-replays-file", ["batch", "--runs", "2", "--keep-replays", "f"], {"f": b"x"},
             ["--keep-replays"]),
        Case("batch-keep-replays-missing-parent", ["batch", "--runs", "2", "--keep-replays", "no/such/dir"], {},
             ["--keep-replays"]),
        Case("batch-vary-no-values", ["batch", "--runs", "2", "--vary", "options.charging"], {}, ["--vary"]),
        Case("batch-vary-unknown-key", ["batch", "--runs", "2", "--vary", "weather=rain,snow"], {}, ["weather"]),
        Case("batch-vary-twice", ["batch", "--runs", "2", "--vary", "seed=1,2", "--vary", "seed=3"], {}, ["seed"]),
        Case("batch-vary-huge-grid", ["batch", "--runs", "2", *sum((["--vary", f"teams.red.{k}.policy=" +
                                                                     ",".join(["advance"] * 20)] for k in range(1, 6)),
                                                                   [])], {}, ["--vary"]),
        Case("batch-vary-bad-value", ["batch", "--runs", "2", "--vary", "until=-1,5"], {}, ["until"]),
        Case("batch-set-no-equals", ["batch", "--runs", "2", "--set", "until"], {}, ["--set"]),
        Case("batch-set-count-huge", ["batch", "--runs", "2", "--set", "teams.red.count=100000000"], {},
             ["fighters"]),
        Case("batch-encounter-missing", ["batch", "none.encounter.toml", "--runs", "2"], {}, ["none.encounter.toml"]),
        Case("batch-seed-text", ["batch", "--seed", "abc"], {}, ["--seed"]),
        Case("batch-scheduler-nonsense", ["batch", "--runs", "2", "--scheduler", "nonsense"], {}, ["--scheduler"]),
        # list and the command itself
        Case("list-unknown", ["list", "spells"], {}, ["spells"]),
        Case("unknown-command", ["fight"], {}, ["fight"]),
        Case("unknown-global-option", ["--turbo", "list"], {}, ["--turbo"]),
    ]
    return cases


def all_cases() -> list[Case]:
    from .meaning_cases import meaning_cases  # it builds on this module's helpers

    cases = [*replay_cases(), *meaning_cases(), *encounter_cases(), *map_cases(), *sheet_cases(), *option_cases()]
    names = [c.name for c in cases]
    assert len(names) == len(set(names)), "case names must be unique"
    return cases
