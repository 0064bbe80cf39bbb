"""Loading a file the second time for free: a bounded memo keyed by the file's content.

A user's script loads the same map and sheets in every fight of its loop
(``load_map``, ``load_character`` ×2, ``Encounter``, ``run``): parsing TOML
and validating a sheet cost more than the fight itself. What a loader builds
from a file is immutable, so the same file with the same bytes may give the
same object back::

    >>> import tempfile, os
    >>> memo = FileMemo(limit=4)
    >>> calls = []
    >>> def build(path):
    ...     calls.append(path)
    ...     text = open(path, encoding="utf-8").read()
    ...     return text.upper(), text
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = os.path.join(d, "a.txt")
    ...     _ = open(p, "w").write("hi")
    ...     a = memo.load(p, "upper", lambda: build(p))
    ...     b = memo.load(p, "upper", lambda: build(p))   # same bytes: no build
    ...     _ = open(p, "w").write("ho")
    ...     c = memo.load(p, "upper", lambda: build(p))   # changed: built again
    >>> (a, b is a, c, len(calls))
    ('HI', True, 'HO', 2)

The key is the loader's tag (what is built: a map, a Mano a Mano character, a
sheet of some ruleset), the absolute path, the file's device and inode, its
size and ``st_mtime_ns``, and a BLAKE2b hash of its bytes, so a file
rewritten within the same mtime tick still reloads, and an edit always does.
A hit costs an open, an ``fstat``, a read and a hash (about 7-30 µs), no
parsing.

A file that has not changed for a while costs one ``os.stat`` (about 2 µs):
git's rule for "racily clean" files. When the bytes were read and hashed at
a time ``t``, and the file's ``st_mtime_ns`` and ``st_ctime_ns`` were both
more than :data:`RACY_NS` (2 s, more than any file system's timestamp step)
before ``t``, then any write after the read, or any ``utime`` or rename over
it, gives the file a newer ``st_ctime_ns`` (the kernel sets it, no call can
set it back) or another inode, size or mtime. So while ``os.stat`` answers
the same device, inode, size, mtime and ctime, the bytes are the ones
hashed, and the memo answers without reading them. A file younger than that
is read and hashed every time, as before (a script that writes a sheet and
loads it at once). The one assumption is git's: the clock that stamps the
file is the clock of this process (a network share whose server's clock
runs behind ours by seconds could hide an edit for that long).

The memo is bounded (least recently used out past ``limit``),
guarded by a lock (batches run on threads and Dask workers), and invisible
to results: it only hands back what the same bytes would build again. Errors
are never remembered: a bad file is read and refused every time.

Each loader owns one :class:`FileMemo` (``tactics.map.loader``, the Mano a
Mano ``load_character``, ``tactics.sheets.load_sheet``); ``clear()`` empties
it.
"""

from __future__ import annotations

import hashlib
import os
import stat
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Generic, TypeVar

from tactics.errors import MAX_TOML_BYTES

T = TypeVar("T")

__all__ = ["FileMemo", "file_stamp", "RACY_NS"]

RACY_NS = 2_000_000_000
"""How much older than the last hash of its bytes a file's mtime and ctime must be for ``os.stat``
alone to vouch for it (see the module docstring; git calls the younger ones "racily clean")."""


def file_stamp(path: str | os.PathLike[str]) -> tuple[tuple, bytes] | None:
    """``((absolute path, device, inode, size, mtime_ns), bytes)`` of a regular file, from one
    open (so the numbers and the bytes belong together); None when it cannot be read or is
    longer than any input file may be (the loader then gives its own one-line refusal)."""
    read = _read(path)
    if read is None:
        return None
    st, data = read
    return (os.path.abspath(path), st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns), data


def _same_file(st: os.stat_result) -> tuple[int, int, int, int, int]:
    """What ``os.stat`` says of a file that any change to it changes (see the module docstring)."""
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns


def _read(path: str | os.PathLike[str]) -> tuple[os.stat_result, bytes] | None:
    """The ``fstat`` and the bytes of a regular file from one open (see :func:`file_stamp`)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except (OSError, ValueError, TypeError):
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_TOML_BYTES:
            return None
        parts = []
        got = 0
        while True:
            chunk = os.read(fd, max(st.st_size + 1, 65536))
            if not chunk:
                break
            got += len(chunk)
            if got > MAX_TOML_BYTES:  # grew while read: not ours to remember
                return None
            parts.append(chunk)
    except OSError:
        return None
    finally:
        os.close(fd)
    return st, b"".join(parts)


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


class FileMemo(Generic[T]):
    """What loaders built from files, by the file's content (see the module docstring)."""

    def __init__(self, limit: int, clock: Callable[[], int] = time.time_ns) -> None:
        self.limit = limit
        self._memo: OrderedDict[tuple, T] = OrderedDict()
        self._lock = threading.Lock()
        self._clock = clock  # the wall clock files are stamped by (tests pass their own)
        # (tag, path as given) -> (what os.stat said, when the bytes were hashed, the memo's key)
        self._vouched: dict[tuple, tuple[tuple, int, tuple]] = {}

    def load(self, path: str | Path, tag: Hashable, build: Callable[[], tuple[T, str]]) -> T:
        """The object ``build()`` made from this file's current bytes, built now if need be.

        ``build()`` reads and parses the file itself (with its own refusals) and returns the
        object and the text it parsed; the object is kept under that text's hash (the file may
        have changed between the look here and the read there)."""
        hit = self._vouched_for(path, tag)
        if hit is not None:
            return hit
        hashed_at = self._clock()  # before the read: a write after it stamps the file later
        read = _read(path)
        key = None
        if read is not None:
            st, data = read
            stamp = (os.path.abspath(path), st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
            key = (tag, *stamp, _digest(data))
            with self._lock:
                hit = self._memo.get(key)
                if hit is not None:
                    self._memo.move_to_end(key)
                    self._vouch(path, tag, st, hashed_at, key)
                    return hit
        value, text = build()
        if read is not None:
            built = (tag, *stamp, _digest(text.encode("utf-8")))
            with self._lock:
                value = self._memo.setdefault(built, value)  # another thread may have published it first
                self._memo.move_to_end(built)
                while len(self._memo) > self.limit:
                    self._memo.popitem(last=False)
                if built == key:  # the bytes built are the bytes stat'ed
                    self._vouch(path, tag, st, hashed_at, key)
        return value

    def _vouched_for(self, path: str | Path, tag: Hashable) -> T | None:
        """The object kept for this file when ``os.stat`` alone vouches for its bytes, else None."""
        try:
            seen = self._vouched.get((tag, path))
        except TypeError:  # an unhashable path: the loader refuses it
            return None
        if seen is None:
            return None
        try:
            now = _same_file(os.stat(path))
        except (OSError, ValueError, TypeError):
            return None
        same, hashed_at, key = seen
        if now != same or max(now[3], now[4]) >= hashed_at - RACY_NS:
            return None
        with self._lock:
            hit = self._memo.get(key)
            if hit is not None:
                self._memo.move_to_end(key)
        return hit

    def _vouch(self, path: str | Path, tag: Hashable, st: os.stat_result, hashed_at: int, key: tuple) -> None:
        """Remember that these bytes were hashed at ``hashed_at`` (under the lock)."""
        if len(self._vouched) >= 4 * self.limit:
            self._vouched.clear()
        self._vouched[(tag, path)] = (_same_file(st), hashed_at, key)

    def clear(self) -> None:
        """Forget everything (the next load of each file builds again)."""
        with self._lock:
            self._memo.clear()
            self._vouched.clear()

    def __len__(self) -> int:
        return len(self._memo)
