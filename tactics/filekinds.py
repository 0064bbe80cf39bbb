"""What a file is, and whether it is a good one: ``tactics validate``'s check of one file.

A file is told apart by its name (``*.encounter.toml``, ``*.jsonl``,
``*.jsonl.gz``) and, for other TOML, by a look inside (a ``[map]`` table is a
map, ``teams`` an encounter, anything else a sheet of the ruleset it names).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tactics.errors import InputError, read_toml

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


def _guess_kind(path: Path) -> str:
    """``replay``, ``encounter``, ``map`` or ``sheet``, from the name and a look inside."""
    name = path.name.lower()
    if name.endswith((".jsonl", ".jsonl.gz", ".json", ".gz")):
        return "replay"
    if name.endswith(".encounter.toml"):
        return "encounter"
    if name.endswith(".toml"):
        try:
            doc = read_toml(path)  # bounded in size and depth; the loader names any problem
        except InputError:
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
