"""A batch's rows: one per fight (its parameters, seed, outcome, every fighter's columns), and the
replays kept beside them, written as each chunk of fights comes back.

    >>> replay_name(0, 7, 1), replay_name(1, 7, 2)
    ('run-00007.jsonl', 'run-c1-00007.jsonl')
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tactics.batch.stats import character_columns
from tactics.files import atomic_write_bytes


def _kept(done: list[dict[str, Any]], folder: Path | None, n_conditions: int) -> list[dict[str, Any]]:
    """Write the replays of a finished chunk now (each whole) and drop their bytes: a long batch
    with ``keep_replays`` holds one chunk of replays in memory, not all of them."""
    if folder is not None:
        for rec in done:
            data = rec.pop("replay", None)
            if data is not None:
                atomic_write_bytes(folder / replay_name(rec["condition"], rec["run"], n_conditions), data)
    return done


def replay_name(condition: int, run: int, n_conditions: int) -> str:
    """The file name of a kept replay."""
    return f"run-c{condition}-{run:05d}.jsonl" if n_conditions > 1 else f"run-{run:05d}.jsonl"


def _row(cond: Any, rec: Mapping[str, Any]) -> dict[str, Any]:
    row: dict[str, Any] = dict(cond.params)
    row.update(
        run=rec["run"],
        seed=rec["seed"],
        winner=rec.get("winner"),
        reason=rec.get("reason"),
        duration=rec.get("duration"),
        error=rec.get("error"),
    )
    for ch in sorted(rec.get("characters") or [], key=lambda c: str(c["id"])):
        row.update(character_columns(ch))
    return row
