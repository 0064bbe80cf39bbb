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

import gzip
import os
from collections.abc import Iterable
from pathlib import Path

import msgspec

from tactics.replay.atomic import atomic_path
from tactics.replay.schema import Event, Header

_ENCODER = msgspec.json.Encoder()


def encode_replay(header: Header, events: Iterable[Event]) -> bytes:
    """The replay as bytes: header line, then one line per event."""
    lines = [_ENCODER.encode(header), b"\n"]
    events = list(events)
    if events:
        lines.append(_ENCODER.encode_lines(events))
    return b"".join(lines)


def _atomic_write(path: Path, chunks: Iterable[bytes]) -> None:
    """Write ``chunks`` one after the other (no joined copy of a large replay) to ``path``, atomically."""
    with atomic_path(path) as tmp, open(tmp, "wb") as fh:
        if path.suffix == ".gz":
            with gzip.GzipFile(fileobj=fh, mode="wb", mtime=0, filename="") as gz:
                for chunk in chunks:
                    gz.write(chunk)
        else:
            fh.writelines(chunks)


def write_replay(path: str | os.PathLike[str], header: Header, events: Iterable[Event]) -> Path:
    """Write a whole replay at once, atomically. Returns the path written."""
    path = Path(path)
    _atomic_write(path, (encode_replay(header, events),))
    return path


class ReplayWriter:
    """Streams events into a replay; the file appears only on a clean close.

    Events are buffered and encoded in batches (msgspec's ``encode_lines``),
    which is what makes writing a million events a second possible.
    """

    def __init__(self, path: str | os.PathLike[str], header: Header, batch: int = 4096) -> None:
        self.path = Path(path)
        self.header = header
        self._batch = batch
        self._pending: list[Event] = []
        self._chunks: list[bytes] = [_ENCODER.encode(header), b"\n"]
        self._flushed = 0
        self._closed = False

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
        self._pending.extend(events)
        if len(self._pending) >= self._batch:
            self._flush()

    def _flush(self) -> None:
        if self._pending:
            self._chunks.append(_ENCODER.encode_lines(self._pending))
            self._flushed += len(self._pending)
            self._pending = []

    def close(self) -> Path:
        if not self._closed:
            self._flush()
            _atomic_write(self.path, self._chunks)
            self._closed = True
        return self.path

    def abort(self) -> None:
        """Drop everything: nothing is written."""
        self._closed = True
        self._chunks = []
        self._pending = []

    def __enter__(self) -> ReplayWriter:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None:
            self.close()
        else:
            self.abort()
