"""Reading replays: validate the header and every event, name the first bad line.

    >>> replay = load_replay("replays/duel.jsonl")      # doctest: +SKIP
    >>> replay.header.seed, len(replay.events)          # doctest: +SKIP
    (7, 412)

Bad input raises :class:`tactics.errors.InputError` with the file, the line
number and the problem, on one line: a truncated last line, an unknown event
type, a wrong-typed field, a header of another format or a newer schema, and
what :mod:`tactics.replay.checks` refuses (times, unit ids, sizes).
A schema 1 replay is decoded with the frozen types of :mod:`tactics.replay.v1`
and migrated to schema 2 (:mod:`tactics.replay.migrate`); the checks run
before the migration, so the line numbers are the file's.

No file can make reading eat unbounded memory: a replay holds at most
:data:`MAX_BYTES` (512 MiB, after gzip: a gzip bomb is stopped as soon as it
inflates past it), a line at most :data:`MAX_LINE_BYTES`, and JSON nests at
most :data:`~tactics.replay.checks.MAX_DEPTH` levels in its free-form parts::

    >>> parse_replay(b"\\x1f\\x8b\\x08\\x00\\x00\\x00\\x00\\x00\\x00\\x03garbage", "x.jsonl.gz")
    Traceback (most recent call last):
    ...
    tactics.errors.InputError: x.jsonl.gz: broken gzip data: invalid block type
"""

from __future__ import annotations

import gc
import importlib
import os
import re
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from tactics.errors import InputError
from tactics.replay import v1
from tactics.replay.checks import check_events, check_header, check_magnitudes
from tactics.replay.schema import FORMAT, SCHEMA_VERSION, Event, Header

if TYPE_CHECKING:
    from tactics.replay.fold import Timeline



class _Probe(msgspec.Struct):
    """What every schema's header shares: read first, to pick the decoders."""

    format: str
    schema: int


_PROBE_DECODER = msgspec.json.Decoder(_Probe)
_HEADER_DECODER = msgspec.json.Decoder(Header)
_EVENT_DECODER = msgspec.json.Decoder(Event)
_DECODERS = {
    SCHEMA_VERSION: (_HEADER_DECODER, _EVENT_DECODER),
    v1.SCHEMA_VERSION: (msgspec.json.Decoder(v1.Header), msgspec.json.Decoder(v1.Event)),
}
"""Header and event decoders by schema; schema 1 is migrated after decoding."""

MAX_BYTES = 512 * 1024 * 1024
"""Largest replay, in bytes after decompression (``load_replay(..., max_bytes=)`` to change it)."""
MAX_LINE_BYTES = 64 * 1024 * 1024
"""Longest line (the header, which carries the whole map and every sheet, is the long one)."""
_GZIP_MAGIC = b"\x1f\x8b"
_NOT_SPACE = re.compile(rb"\S")
_INFLATE_STEP = 16 * 1024 * 1024
"""Inflate in pieces of this size (no ever-growing buffer to copy)."""


@dataclass
class Replay:
    """A replay in memory: the header and the events in time order."""

    header: Header
    events: list[Event]
    source: str = "<memory>"
    _timeline: Timeline | None = field(default=None, repr=False)

    @property
    def duration(self) -> float:
        return self.events[-1].t if self.events else 0.0

    def fold(self) -> Timeline:
        """The world state at any time (built once, keyframed)."""
        if self._timeline is None:
            from tactics.replay.fold import Timeline

            with collector_paused():  # keyframes and motion indexes: many objects, no cycles
                self._timeline = Timeline(self.header, self.events)
        return self._timeline

    def fork(self, at: float, **changes: Any) -> Any:
        """The recorded fight re-simulated up to ``at`` seconds, checked against the recording, and
        paused there with ``changes`` applied (``teams=``, ``overrides=``, ``seed=``, ``until=``): an
        :class:`~tactics.sim.Encounter` to ``run(until=enc.until)``. See :func:`tactics.whatif.fork.fork`.
        """
        # imported by name when called: the replay layer does not load the engine (docs/whatif.md)
        whatif = importlib.import_module("tactics.whatif.fork")
        return whatif.fork(self, at, **changes)

    def map(self):
        """The battlefield rebuilt from the header."""
        from tactics.map import TacticalMap

        return TacticalMap.from_dict(self.header.map)


def _read_bytes(path: Path, max_bytes: int = MAX_BYTES) -> bytes:
    try:
        size = path.stat().st_size
        if path.is_dir():
            raise InputError(str(path), "", "a folder, not a replay file")
        if not path.is_file():  # a pipe may never end (or never start), a device never ends
            raise InputError(str(path), "", "not a regular file (a device or a pipe?), expected a replay")
        if size > max_bytes:
            raise InputError(str(path), "", f"{size:,} bytes; a replay holds at most {max_bytes:,}")
        with open(path, "rb") as fh:  # bounded: the file may grow while we read
            data = fh.read(max_bytes + 1)
        if len(data) > max_bytes:
            raise InputError(str(path), "", f"more than {max_bytes:,} bytes; a replay holds at most that")
    except FileNotFoundError:
        raise InputError(str(path), "", "no such file") from None
    except OSError as exc:
        raise InputError(str(path), "", f"cannot read: {exc.strerror or exc}") from None
    return data


def gunzip(data: bytes, source: str, max_bytes: int = MAX_BYTES) -> bytes:
    """Inflate gzip ``data`` (one or more members), refusing more than ``max_bytes`` of output.

    >>> import gzip
    >>> gunzip(gzip.compress(b"abc"), "x.gz")
    b'abc'
    >>> gunzip(gzip.compress(bytes(5000)), "bomb.gz", max_bytes=4096)
    Traceback (most recent call last):
    ...
    tactics.errors.InputError: bomb.gz: the gzip data inflates to more than 4,096 bytes (the limit for a replay)
    """
    out: list[bytes] = []
    total = 0
    rest = data
    while rest:
        d = zlib.decompressobj(wbits=31)
        pending = rest
        try:
            while not d.eof:
                # with all input taken, zlib may still hold output (a step's limit was reached): ask
                # again with no input until it gives nothing
                chunk = d.decompress(pending, min(_INFLATE_STEP, max_bytes + 1 - total))
                pending = d.unconsumed_tail
                if not chunk and not pending:
                    break
                total += len(chunk)
                out.append(chunk)
                if total > max_bytes:
                    raise InputError(source, "", f"the gzip data inflates to more than {max_bytes:,} bytes "
                                     "(the limit for a replay)")
        except zlib.error as exc:
            msg = str(exc).removeprefix("Error -3 while decompressing data: ")
            raise InputError(source, "", f"broken gzip data: {msg}") from None
        if not d.eof:
            raise InputError(source, "", "truncated gzip data (the file was cut short)")
        rest = d.unused_data.lstrip(b"\0")
        if rest and not rest.startswith(_GZIP_MAGIC):
            raise InputError(source, "", "trailing garbage after the gzip data")
    return b"".join(out)


def _check_lines(data: bytes, source: str, max_line: int) -> None:
    """Refuse a line longer than ``max_line`` bytes (a jump of about ``max_line`` per look)."""
    pos, n = 0, len(data)
    while n - pos > max_line:
        nl = data.rfind(b"\n", pos, pos + max_line + 1)
        if nl < 0:
            line = data.count(b"\n", 0, pos) + 1
            raise InputError(source, f"line {line}", f"longer than {max_line:,} bytes")
        pos = nl + 1


@contextmanager
def collector_paused() -> Iterator[None]:
    """Hold the cyclic garbage collector off while a million events are decoded or folded (as it
    was, after; the engine plays its fights under it too, :mod:`tactics.sim.collector`).

    Neither makes reference cycles, but every leg's coordinate tuple and every
    keyframe is a new container: the collector would run thousands of times
    and walk the growing heap each time (half the reading time of a large
    replay). Switched back on, it would still walk every container made
    meanwhile once, as young objects (a sixth of reading a million events):
    so they are handed to the oldest generation first, without a walk
    (``gc.freeze()`` then ``gc.unfreeze()``, two list splices), where only a
    full collection looks at them, when the old generation has grown by a
    quarter. That is done only for a pause that made many containers (at
    least :data:`HANDED_OVER`: a big fight, a long replay), and only when
    nothing else is frozen, so a caller's own ``gc.freeze()`` stays as it
    was (``gc.get_freeze_count()`` walks the frozen objects; the batch
    runner, which freezes its heap, holds the collector off around its
    fights itself, :mod:`tactics.batch.runner`, so this never asks there).
    A hand-over also resets the young count, so it is kept for big pauses:
    after every fight of a loop (tried from 500 containers in issue 19's
    fourteenth round, for the d100 duel's thousand) the collections that
    would find the caller's own reference cycles never came, and a loop
    that left one a duel kept them all.
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            if gc.get_count()[0] >= HANDED_OVER and gc.get_freeze_count() == 0:
                gc.freeze()
                gc.unfreeze()
            gc.enable()


HANDED_OVER = 20_000
"""The young containers from which a pause hands what it made to the oldest generation (see
:func:`collector_paused`): a duel makes a few hundred, a 100 v 100 fight tens of thousands."""


def parse_replay(data: bytes, source: str = "<memory>", *, max_bytes: int = MAX_BYTES,
                 max_line: int = MAX_LINE_BYTES) -> Replay:
    """Parse replay bytes (gzip or not); raise InputError naming the first bad line."""
    if data[:2] == _GZIP_MAGIC:
        data = gunzip(data, source, max_bytes)
    elif len(data) > max_bytes:
        raise InputError(source, "", f"{len(data):,} bytes; a replay holds at most {max_bytes:,}")
    if not data or data.isspace():  # (isspace stops at the first byte that is not: no copy)
        raise InputError(source, "line 1", "empty file, expected a replay header")
    _check_lines(data, source, max_line)
    nl = data.find(b"\n")
    first = data if nl < 0 else data[:nl]
    try:
        probe = _PROBE_DECODER.decode(first)
    except (msgspec.DecodeError, UnicodeDecodeError) as exc:
        raise InputError(source, "line 1", f"bad header: {exc}") from None
    except RecursionError:
        raise InputError(source, "line 1", "bad header: JSON nested too deeply") from None
    if probe.format != FORMAT:
        raise InputError(source, "line 1", f"format is {probe.format!r}, expected {FORMAT!r}")
    if probe.schema > SCHEMA_VERSION:
        raise InputError(
            source, "line 1", f"schema {probe.schema} is newer than this tactics reads ({SCHEMA_VERSION})"
        )
    if probe.schema not in _DECODERS:
        raise InputError(source, "line 1", f"schema {probe.schema} is not one this tactics reads")
    header_decoder, event_decoder = _DECODERS[probe.schema]
    try:
        header = header_decoder.decode(first)
    except (msgspec.DecodeError, UnicodeDecodeError) as exc:
        raise InputError(source, "line 1", f"bad header: {exc}") from None
    except RecursionError:
        raise InputError(source, "line 1", "bad header: JSON nested too deeply") from None
    check_header(header, source)
    if nl < 0 or _NOT_SPACE.search(data, nl + 1) is None:  # (stops at the first byte that is not)
        return _replay(header, [], source)
    if not data.endswith(b"\n"):
        # the last line was cut short: name it even if it happens to parse
        last_line = data.count(b"\n") + 1
        try:
            event_decoder.decode(data[data.rfind(b"\n") + 1:])
        except (msgspec.DecodeError, UnicodeDecodeError) as exc:
            raise InputError(source, f"line {last_line}", f"truncated event: {exc}") from None
        except RecursionError:
            raise InputError(source, f"line {last_line}", "truncated event: JSON nested too deeply") from None
    rest = memoryview(data)[nl + 1:]  # the events, not copied (a copy of 100 MB costs 50 ms and its page faults)
    try:
        with collector_paused():
            events = event_decoder.decode_lines(rest)
    except (msgspec.DecodeError, RecursionError, UnicodeDecodeError):
        events = _decode_line_by_line(data[nl + 1:], source, event_decoder)
    finally:
        rest.release()
    check_magnitudes(data, 2, source, start=nl + 1)
    check_events(header, events, source)  # before migrating: line numbers are the file's
    return _replay(header, events, source)


def _replay(header: Header | v1.Header, events: list, source: str) -> Replay:
    """The replay in schema 2: a schema 1 one is migrated (:mod:`tactics.replay.migrate`)."""
    if isinstance(header, v1.Header):
        from tactics.replay.migrate import migrate

        with collector_paused():
            header, events = migrate(header, events)
    return Replay(header, events, source)


def _decode_line_by_line(rest: bytes, source: str, decoder: msgspec.json.Decoder = _EVENT_DECODER) -> list[Event]:
    events: list[Event] = []
    for n, line in enumerate(rest.split(b"\n"), start=2):
        if not line.strip():
            continue
        try:
            events.append(decoder.decode(line))
        except (msgspec.DecodeError, UnicodeDecodeError) as exc:
            raise InputError(source, f"line {n}", f"bad event: {exc}") from None
        except RecursionError:
            raise InputError(source, f"line {n}", "bad event: JSON nested too deeply") from None
    return events


def load_replay(path: str | os.PathLike[str], *, max_bytes: int = MAX_BYTES) -> Replay:
    """Read and validate a replay file (``.jsonl`` or gzip ``.jsonl.gz``)."""
    path = Path(path)
    return parse_replay(_read_bytes(path, max_bytes), str(path), max_bytes=max_bytes)
