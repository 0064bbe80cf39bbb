"""The per-run table: one row per fight, outcomes only.

    >>> t = Table([{"run": 0, "winner": "red"}, {"run": 1, "winner": None, "note": "x"}])
    >>> t.columns
    ['run', 'winner', 'note']
    >>> len(t), t.rows[1]["winner"]
    (2, None)

Rows are plain dicts; ``columns`` is the union of their keys in first-seen
order. The table holds what happened in each fight (who won, when, who took
how much harm) and never how long the computer took, so equal batch seeds give
equal tables (``t1 == t2`` compares the rows). Wall-clock numbers and the batch
settings live in ``meta`` and in :meth:`summary`.

Write it with :meth:`to_csv` (empty cell for ``None``) or :meth:`to_parquet`
(needs the optional ``pyarrow``); :meth:`save` picks by the file suffix.
"""

from __future__ import annotations

import csv
import os
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tactics.files import atomic_path

if TYPE_CHECKING:
    from tactics.batch.report import Summary

SUFFIXES = (".csv", ".parquet")


class Table:
    """Rows of dicts with a column order, plus ``meta`` (settings, timings, failures)."""

    def __init__(self, rows: Iterable[Mapping[str, Any]], meta: Mapping[str, Any] | None = None) -> None:
        self.rows: list[dict[str, Any]] = [dict(r) for r in rows]
        cols: dict[str, None] = {}
        for r in self.rows:
            cols.update(dict.fromkeys(r))
        self.columns: list[str] = list(cols)
        self.meta: dict[str, Any] = dict(meta or {})

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self.rows)

    def __getitem__(self, i: int) -> dict[str, Any]:
        return self.rows[i]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Table):
            return NotImplemented
        return self.columns == other.columns and self.rows == other.rows

    def __repr__(self) -> str:
        return f"<Table {len(self.rows)} rows × {len(self.columns)} columns>"

    def column(self, name: str) -> list[Any]:
        """One column as a list (``None`` where a row lacks it)."""
        return [r.get(name) for r in self.rows]

    @property
    def failures(self) -> list[dict[str, Any]]:
        """The failed runs: their row (with ``seed`` and ``error``) and traceback."""
        return list(self.meta.get("failures", []))

    def summary(self, confidence: float = 0.95) -> Summary:
        """Win rates with Wilson intervals, durations, casualties, and the batch timings."""
        from tactics.batch.report import Summary

        return Summary.of(self, confidence)

    # -- writing -------------------------------------------------------------
    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write ``.csv`` or ``.parquet`` according to the suffix."""
        path = Path(path)
        check_out_path(path)
        if path.suffix.lower() == ".parquet":
            return self.to_parquet(path)
        return self.to_csv(path)

    def to_csv(self, path: str | os.PathLike[str]) -> Path:
        """Write the CSV whole or not at all (a temporary file renamed into place)."""
        path = Path(path)
        with atomic_path(path) as tmp, open(tmp, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(self.columns)
            for r in self.rows:
                w.writerow([_cell(r.get(c)) for c in self.columns])
        return path

    def to_parquet(self, path: str | os.PathLike[str]) -> Path:
        pa, pq = _pyarrow()
        path = Path(path)
        data = {c: [r.get(c) for r in self.rows] for c in self.columns}
        with atomic_path(path) as tmp:
            pq.write_table(pa.table(data), str(tmp))
        return path


def check_out_path(path: str | os.PathLike[str]) -> None:
    """Fail early (before a long batch) when the results cannot be written there."""
    suffix = Path(path).suffix.lower()
    if suffix not in SUFFIXES:
        raise ValueError(f"results go to a .csv or .parquet file, not {str(path)!r}")
    if suffix == ".parquet":
        _pyarrow()


def _pyarrow() -> tuple[Any, Any]:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise ImportError(
            "writing .parquet needs pyarrow, which is not installed: "
            "`pip install pyarrow`, or write a .csv file instead"
        ) from None
    return pa, pq


def _cell(v: Any) -> Any:
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    return v


__all__ = ["Table", "check_out_path"]
