"""Reading replays: validate the header and every event, name the first bad line.

    >>> replay = load_replay("replays/duel.jsonl")      # doctest: +SKIP
    >>> replay.header.seed, len(replay.events)          # doctest: +SKIP
    (7, 412)

Bad input raises :class:`tactics.errors.InputError` with the file, the line
number and the problem, on one line: a truncated last line, an unknown event
type, a wrong-typed field, a header of another format or a newer schema.
A schema 1 replay is decoded with the frozen types of :mod:`tactics.replay.v1`
and migrated to schema 2 (:mod:`tactics.replay.migrate`).
"""

from __future__ import annotations

import gc
import gzip
import importlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from tactics.errors import InputError
from tactics.replay import v1
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

            with _collector_paused():  # keyframes and motion indexes: many objects, no cycles
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


def _read_bytes(path: Path) -> bytes:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError(str(path), "", "no such file") from None
    except OSError as exc:
        raise InputError(str(path), "", f"cannot read: {exc.strerror or exc}") from None
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as exc:
            raise InputError(str(path), "", f"broken gzip data: {exc}") from None
    return data


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Hold the cyclic garbage collector off while a million events are decoded or folded.

    Neither makes reference cycles, but every leg's coordinate tuple and every
    keyframe is a new container: the collector would run thousands of times
    and walk the growing heap each time (half the reading time of a large
    replay).
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def parse_replay(data: bytes, source: str = "<memory>") -> Replay:
    """Parse replay bytes; raise InputError naming the first bad line."""
    if not data.strip():
        raise InputError(source, "line 1", "empty file, expected a replay header")
    first, _, rest = data.partition(b"\n")
    try:
        probe = _PROBE_DECODER.decode(first)
    except msgspec.DecodeError as exc:
        raise InputError(source, "line 1", f"bad header: {exc}") from None
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
    except msgspec.DecodeError as exc:
        raise InputError(source, "line 1", f"bad header: {exc}") from None
    body = rest.strip()
    if not body:
        return _replay(header, [], source)
    if not data.endswith(b"\n"):
        # the last line was cut short: name it even if it happens to parse
        last_line = data.count(b"\n") + 1
        try:
            event_decoder.decode(data.rsplit(b"\n", 1)[-1])
        except msgspec.DecodeError as exc:
            raise InputError(source, f"line {last_line}", f"truncated event: {exc}") from None
    try:
        with _collector_paused():
            events = event_decoder.decode_lines(body)
    except msgspec.DecodeError:
        events = _decode_line_by_line(rest, source, event_decoder)
    times = [ev.t for ev in events]
    if any(a > b for a, b in zip(times, times[1:])):
        i = next(i for i in range(1, len(times)) if times[i] < times[i - 1])
        raise InputError(source, f"line {i + 2}", f"time runs backwards ({times[i]} after {times[i - 1]})")
    return _replay(header, events, source)


def _replay(header: Header | v1.Header, events: list, source: str) -> Replay:
    """The replay in schema 2: a schema 1 one is migrated (:mod:`tactics.replay.migrate`)."""
    if isinstance(header, v1.Header):
        from tactics.replay.migrate import migrate

        with _collector_paused():
            header, events = migrate(header, events)
    return Replay(header, events, source)


def _decode_line_by_line(rest: bytes, source: str, decoder: msgspec.json.Decoder = _EVENT_DECODER) -> list[Event]:
    events: list[Event] = []
    for n, line in enumerate(rest.split(b"\n"), start=2):
        if not line.strip():
            continue
        try:
            events.append(decoder.decode(line))
        except msgspec.DecodeError as exc:
            raise InputError(source, f"line {n}", f"bad event: {exc}") from None
    return events


def load_replay(path: str | os.PathLike[str]) -> Replay:
    """Read and validate a replay file (``.jsonl`` or gzip ``.jsonl.gz``)."""
    path = Path(path)
    return parse_replay(_read_bytes(path), str(path))
