"""Writing replays: stream events, finish atomically.

A :class:`ReplayWriter` writes to a temporary file beside the target and
renames it into place only when closed without error, so a crash never leaves
half a replay under the real name::

    >>> import tempfile, pathlib
    >>> from tactics.replay.schema import Say, End
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "r.jsonl"
    >>> with ReplayWriter(path, header) as w:          # doctest: +SKIP
    ...     w.write(Say(t=0.0, who="red-1", text="hello"))
    ...     w.write(End(t=1.0, winner="red", reason="blue cannot act"))

A path ending in ``.gz`` is written gzip-compressed (deterministically: no
timestamp in the gzip header). The file gets the mode ``open`` would give
(``0o666`` less the umask; :mod:`tactics.replay.atomic`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

import msgspec

from tactics.replay.atomic import AtomicFile
from tactics.replay.schema import Event, Header

_ENCODER = msgspec.json.Encoder()


def encode_replay(header: Header, events: Iterable[Event]) -> bytes:
    """The replay as bytes: header line, then one line per event."""
    lines = [_ENCODER.encode(header), b"\n"]
    events = list(events)
    if events:
        lines.append(_ENCODER.encode_lines(events))
    return b"".join(lines)


def write_replay(path: str | os.PathLike[str], header: Header, events: Iterable[Event]) -> Path:
    """Write a whole replay at once, atomically. Returns the path written."""
    with ReplayWriter(path, header) as w:
        w.write_many(events)
    return w.path


class ReplayWriter:
    """Streams events into a replay; the file appears only on a clean close.

    Events are buffered and encoded in batches (msgspec's ``encode_lines``),
    which is what makes writing a million events a second possible. Each
    batch goes straight to a temporary file beside ``path``
    (:class:`~tactics.replay.atomic.AtomicFile`), so a long replay is never
    held in memory: that cut the time of writing a million events by a
    third to a half (``benchmarks/bench_engine.py``), most of it the page
    faults of keeping every batch until the end. The bytes are the same
    whatever the batch size: ``encode_lines`` of a list is the lines of its
    items, one after the other. A writer holds one open file from its
    making to its ``close`` or ``abort``.
    """

    def __init__(self, path: str | os.PathLike[str], header: Header, batch: int = 4096) -> None:
        self.path = Path(path)
        self.header = header
        self._batch = batch
        self._pending: list[Event] = []
        self._file = AtomicFile(self.path, compress=self.path.suffix == ".gz")
        self._flushed = 0
        self._closed = False
        self._file.write(_ENCODER.encode(header))
        self._file.write(b"\n")

    @property
    def count(self) -> int:
        """Events written so far."""
        return self._flushed + len(self._pending)

    def write(self, event: Event) -> None:
        pending = self._pending
        pending.append(event)
        if len(pending) >= self._batch:
            self._flush()

    def write_many(self, events: Iterable[Event]) -> None:
        """Write ``events`` in order: the same file as writing them one by one."""
        pending, batch = self._pending, self._batch
        pending.extend(events)
        if len(pending) < batch:
            return
        whole = len(pending) - len(pending) % batch
        for i in range(0, whole, batch):
            self._encode(pending[i:i + batch])
        self._pending = pending[whole:]

    def _flush(self) -> None:
        if self._pending:
            self._encode(self._pending)
            self._pending = []

    def _encode(self, events: list[Event]) -> None:
        """One batch of lines into the file."""
        self._file.write(_ENCODER.encode_lines(events))
        self._flushed += len(events)

    def close(self) -> Path:
        """Write what is pending and put the file in place (once; later calls return the path)."""
        if not self._closed:
            self._closed = True
            try:
                self._flush()
            except BaseException:
                self._file.discard()
                raise
            self._file.commit()
        return self.path

    def abort(self) -> None:
        """Drop everything: nothing is written, the temporary file is removed."""
        self._closed = True
        self._pending = []
        self._file.discard()

    def __enter__(self) -> ReplayWriter:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            self.close()
        else:
            self.abort()
