"""What a replay must mean, beyond its types: times, unit ids, sizes, magnitudes, rolls, positions.

The schema (:mod:`tactics.replay.schema`) says what a line may hold; these
checks say what a sane fight may hold, so that no file can make the fold or
the viewer spend unbounded memory or time, or crash on an id it does not
know. They read the events generically — ``type``, ``t``, ``who``,
``target``, ``roll``, ``legs``, ``start``/``end`` and the header's
``roster``, ``map`` and ``keyframe_every`` — so they hold for every schema
version that keeps those names (rolls and positions:
:mod:`tactics.replay.meaning`)::

    >>> from types import SimpleNamespace as NS
    >>> header = NS(roster=[NS(id="red-1"), NS(id="blue-1")], keyframe_every=10.0)
    >>> check_replay(header, [NS(type="say", t=0.5, who="red-1")], "fight.jsonl")
    >>> check_replay(header, [NS(type="attack", t=1.0, who="red-1", target="green-9")], "fight.jsonl")
    Traceback (most recent call last):
    ...
    tactics.errors.InputError: fight.jsonl: line 2: attack target 'green-9' is not in the roster (blue-1, red-1)

Every refusal is an :class:`~tactics.errors.InputError` naming the file and
the line (line 1 is the header, event ``i`` is line ``i + 2``). The limits
are module constants, listed in ``docs/limits.md``.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from typing import Any

import msgspec

from tactics.errors import InputError
from tactics.replay.meaning import Checker, at, event_checker, map_bounds, off_map, off_text

__all__ = ["MAX_TIME", "MAX_UNITS", "MIN_KEYFRAME_EVERY", "MAX_KEYFRAME_COPIES", "MAX_DEPTH", "MAX_MAGNITUDE",
           "SCAN_CHUNK", "check_header", "check_events", "check_replay", "check_magnitudes", "nesting_depth"]

MAX_TIME = 1e6
"""Latest event time, seconds (11.5 days of fight; a real one lasts minutes)."""
MAX_UNITS = 10_000
"""Most combatants in a roster."""
MIN_KEYFRAME_EVERY = 0.1
"""Smallest ``keyframe_every`` in seconds (0 means the fold's default)."""
MAX_KEYFRAME_COPIES = 2_000_000
"""Most unit copies the fold's keyframes may hold: keyframes × units (about 200 bytes each)."""
MAX_DEPTH = 32
"""Deepest nesting of the free-form values (sheets, map, options, state changes)."""
MAX_MAGNITUDE = 1e6
"""Largest absolute number in an event (positions, times, totals) and in a roster entry's numbers
(its sheet excepted). The viewer's drawing crashes (in SDL) on positions near 1e8 m."""


def _line(i: int) -> str:
    return f"line {i + 2}"


def nesting_depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """How deep lists and dicts nest in ``value`` (a scalar is 0), counting no further than ``limit + 1``.

    >>> nesting_depth({"a": [1, [2]]}), nesting_depth(3)
    (3, 0)
    """
    depth, level = 0, [value]
    while level and depth <= limit:
        nxt: list[Any] = []
        for v in level:
            if isinstance(v, dict):
                nxt.extend(v.values())
            elif isinstance(v, (list, tuple)):
                nxt.extend(v)
        if not nxt and not any(isinstance(v, (dict, list, tuple)) for v in level):
            break
        depth += 1
        level = nxt
    return depth


@functools.lru_cache(maxsize=64)
def _free_fields(cls: type) -> tuple[str, ...]:
    """The fields of a Struct type whose values are free-form (``Any`` somewhere in their type).

    Asked once per roster entry; ``msgspec.inspect.type_info`` takes about a
    millisecond per call, so the answer is kept per type (types are few)."""
    try:
        info = msgspec.inspect.type_info(cls)
    except (TypeError, ValueError):  # not a Struct (a test double)
        return ()
    out = []
    for f in getattr(info, "fields", ()):
        if "AnyType" in repr(f.type):
            out.append(f.name)
    return tuple(out)


def check_header(header: Any, source: str) -> None:
    """The roster (ids unique, not too many), ``keyframe_every``, the nesting of free-form parts."""
    roster = list(getattr(header, "roster", []) or [])
    if len(roster) > MAX_UNITS:
        raise InputError(source, "line 1", f"{len(roster)} units in the roster; at most {MAX_UNITS}")
    seen: set[str] = set()
    for u in roster:
        uid = getattr(u, "id", None)
        if uid in seen:
            raise InputError(source, "line 1", f"unit id {uid!r} appears twice in the roster")
        seen.add(uid)
    every = getattr(header, "keyframe_every", 0.0)
    if not isinstance(every, (int, float)) or not math.isfinite(every) or (every != 0 and every < MIN_KEYFRAME_EVERY):
        raise InputError(source, "line 1", f"keyframe_every is {every!r}; it must be 0 (the default) "
                         f"or at least {MIN_KEYFRAME_EVERY:g} seconds")
    for name in _free_fields(type(header)):
        if nesting_depth(getattr(header, name)) > MAX_DEPTH:
            raise InputError(source, "line 1", f"{name} nests more than {MAX_DEPTH} levels deep")
    for k, u in enumerate(roster):
        plain = {f: getattr(u, f) for f in getattr(u, "__struct_fields__", ()) if f != "sheet"}
        bad = _first_big(msgspec.to_builtins(plain)) if plain else None
        if bad is not None:
            raise InputError(source, "line 1", f"roster entry {k + 1}: number {bad:g} is out of range "
                             f"(at most ±{MAX_MAGNITUDE:g})")
        for name in _free_fields(type(u)):
            if nesting_depth(getattr(u, name)) > MAX_DEPTH:
                raise InputError(source, "line 1", f"roster entry {k + 1} {name} nests more than {MAX_DEPTH} levels deep")


def check_events(header: Any, events: Sequence[Any], source: str) -> None:
    """Times finite, from 0 to :data:`MAX_TIME`, never going back; ``who``/``target`` in the roster;
    rolls that add up and positions on the map (:mod:`tactics.replay.meaning`)."""
    roster = getattr(header, "roster", []) or []
    ids = {getattr(u, "id", None) for u in roster}
    bounds = map_bounds(getattr(header, "map", None))
    if bounds is not None:
        for k, u in enumerate(roster):
            start = getattr(u, "start", None)
            if start is not None and off_map(start, bounds):
                raise InputError(source, "line 1", f"roster entry {k + 1} ({u.id}) starts at {at(start)}, "
                                 f"{off_text(bounds)}")
    plan: dict[type, tuple[bool, bool, tuple[str, ...], Checker | None]] = {}
    who_only: set[type] = set()  # the types with a ``who`` and nothing else to check (a say, a turn:
    # two thirds of a long replay's events), checked without the plan's look-ups
    shapes: dict[str, Any] = {}
    last = 0.0
    for i, ev in enumerate(events):
        t = ev.t
        if not (last <= t <= MAX_TIME):  # also refuses NaN
            _bad_time(t, last, source, i)
        last = t
        cls = type(ev)
        if cls in who_only:
            who = ev.who
            if who not in ids and who is not None:
                raise InputError(source, _line(i), f"{_kind(ev)} by {who!r}, who is not in the roster ({_ids(ids)})")
            continue
        how = plan.get(cls)
        if how is None:
            how = plan[cls] = (hasattr(ev, "who"), hasattr(ev, "target"), _free_fields(cls),
                               event_checker(ev, bounds, shapes, ids))
            if how[0] and not how[1] and not how[2] and how[3] is None:
                who_only.add(cls)
        has_who, has_target, free, meaning = how
        if has_who:
            who = ev.who
            if who not in ids and who is not None:
                raise InputError(source, _line(i), f"{_kind(ev)} by {who!r}, who is not in the roster ({_ids(ids)})")
        if has_target:
            target = ev.target
            if target not in ids and target is not None:
                raise InputError(source, _line(i),
                                 f"{_kind(ev)} target {target!r} is not in the roster ({_ids(ids)})")
        if meaning is not None:
            why = meaning(ev)
            if why is not None:
                raise InputError(source, _line(i), f"{_kind(ev)} {why}")
        for name in free:
            value = getattr(ev, name)
            if isinstance(value, dict) and not any(isinstance(v, (dict, list)) for v in value.values()):
                continue  # the usual shape: one level of scalars
            if nesting_depth(value) > MAX_DEPTH:
                raise InputError(source, _line(i), f"{_kind(ev)} {name} nests more than {MAX_DEPTH} levels deep")
    _check_keyframes(header, last, source)


def _bad_time(t: float, last: float, source: str, i: int) -> None:
    if t != t or t in (math.inf, -math.inf):
        raise InputError(source, _line(i), f"time {t} is not a finite number")
    if t < 0:
        raise InputError(source, _line(i), f"negative time {t:g}")
    if t > MAX_TIME:
        raise InputError(source, _line(i), f"time {t:g} s is beyond any fight (at most {MAX_TIME:g} s)")
    raise InputError(source, _line(i), f"time runs backwards ({t} after {last})")


def _check_keyframes(header: Any, duration: float, source: str) -> None:
    every = getattr(header, "keyframe_every", 0.0) or 10.0
    copies = (duration / every + 1) * max(1, len(getattr(header, "roster", []) or []))
    if copies > MAX_KEYFRAME_COPIES:
        raise InputError(source, "line 1", f"keyframe_every {every:g} s over {duration:g} s for "
                         f"{len(header.roster)} units makes {copies:.3g} keyframe copies; at most "
                         f"{MAX_KEYFRAME_COPIES:,} (a larger keyframe_every fixes it)")


def check_replay(header: Any, events: Sequence[Any], source: str) -> None:
    """:func:`check_header` then :func:`check_events`."""
    check_header(header, source)
    check_events(header, events, source)


# bytes -> "0" for a digit or "+", "e" for e/E, "." as it is, " " for anything else (a "-" too):
# then a sign needs no pattern of its own and "1e+99" reads like "1e99"
_NUMBER_SHAPES = bytes(
    ord("0") if (chr(c).isdigit() and c < 128) or c == ord("+") else ord("e") if c in b"eE"
    else c if c == ord(".") else ord(" ")
    for c in range(256))
# seven integer digits (a million or more) or a positive exponent, after the translation above
_SUSPECTS = (b" 0000000", b"0e0")
SCAN_CHUNK = 1 << 22
"""Bytes of whole lines :func:`check_magnitudes` translates at a time (4 MiB)."""


def check_magnitudes(lines: bytes, first_line: int, source: str, start: int = 0) -> None:
    """Refuse numbers beyond ±:data:`MAX_MAGNITUDE` in event lines (``lines[start:]``, whose first
    line is line ``first_line``).

    A quick scan (C speed: ``bytes.translate`` and ``find``) finds the lines
    that might hold one; only those are decoded again and looked through
    (text that merely looks like a number is fine)::

        >>> check_magnitudes(b'{"t":1.0,"say":"1e99 reasons"}\\n{"t":2.0,"x":[1e99]}\\n', 2, "r.jsonl")
        Traceback (most recent call last):
        ...
        tactics.errors.InputError: r.jsonl: line 3: number 1e+99 is out of range (at most ±1e+06)

    The scan translates :data:`SCAN_CHUNK` bytes of whole lines at a time: a
    copy of a 100 MB replay in one piece would cost more in fresh memory
    (the kernel's page faults) than the scan itself.
    """
    starts: set[int] = set()
    n = len(lines)
    a = start
    while a < n:
        b = n if n - a <= SCAN_CHUNK else lines.rfind(b"\n", a, a + SCAN_CHUNK) + 1
        if b <= a:  # a line longer than a chunk: take it whole
            nl = lines.find(b"\n", a + SCAN_CHUNK)
            b = n if nl < 0 else nl + 1
        shapes = lines[a:b].translate(_NUMBER_SHAPES)
        for pattern in _SUSPECTS:
            pos = shapes.find(pattern)
            while pos >= 0:
                starts.add(lines.rfind(b"\n", max(0, a - 1), a + pos) + 1)
                end = lines.find(b"\n", a + pos, b)
                if end < 0:
                    break
                pos = shapes.find(pattern, end - a)
        a = b
    for first in sorted(starts):
        end = lines.find(b"\n", first)
        raw = lines[first:end if end >= 0 else n]
        try:
            doc = msgspec.json.decode(raw)
        except (msgspec.DecodeError, RecursionError):
            continue  # the typed decoder names this line's problem
        bad = _first_big(doc)
        if bad is not None:
            line = first_line + lines.count(b"\n", start, first)
            raise InputError(source, f"line {line}", f"number {bad:g} is out of range (at most ±{MAX_MAGNITUDE:g})")


def _first_big(value: Any) -> float | None:
    stack: list[Any] = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, bool):
            continue
        if isinstance(v, (int, float)):  # JSON has no NaN or infinity, but Python callers might
            if not abs(v) <= MAX_MAGNITUDE:
                return float(v)
        elif isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
    return None


def _kind(ev: Any) -> str:
    tag = getattr(getattr(type(ev), "__struct_config__", None), "tag", None)
    return str(tag or getattr(ev, "type", None) or type(ev).__name__.lower())


def _ids(ids: Iterable[Any]) -> str:
    names = sorted(str(i) for i in ids)
    return ", ".join(names[:8]) + (f", ... {len(names)} in all" if len(names) > 8 else "") if names else "empty"
