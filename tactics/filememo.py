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
A hit costs an open, an ``fstat``, a read and a hash (about 10-30 µs), no
parsing. The memo is bounded (least recently used out past ``limit``),
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
from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Generic, TypeVar

from tactics.errors import MAX_TOML_BYTES

T = TypeVar("T")

__all__ = ["FileMemo", "file_stamp"]


def file_stamp(path: str | os.PathLike[str]) -> tuple[tuple, bytes] | None:
    """``((absolute path, device, inode, size, mtime_ns), bytes)`` of a regular file, from one
    open (so the numbers and the bytes belong together); None when it cannot be read or is
    longer than any input file may be (the loader then gives its own one-line refusal)."""
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
    return (os.path.abspath(path), st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns), b"".join(parts)


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


class FileMemo(Generic[T]):
    """What loaders built from files, by the file's content (see the module docstring)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._memo: OrderedDict[tuple, T] = OrderedDict()
        self._lock = threading.Lock()

    def load(self, path: str | Path, tag: Hashable, build: Callable[[], tuple[T, str]]) -> T:
        """The object ``build()`` made from this file's current bytes, built now if need be.

        ``build()`` reads and parses the file itself (with its own refusals) and returns the
        object and the text it parsed; the object is kept under that text's hash (the file may
        have changed between the look here and the read there)."""
        seen = file_stamp(path)
        if seen is not None:
            stamp, data = seen
            key = (tag, *stamp, _digest(data))
            with self._lock:
                hit = self._memo.get(key)
                if hit is not None:
                    self._memo.move_to_end(key)
                    return hit
        value, text = build()
        if seen is not None:
            key = (tag, *seen[0], _digest(text.encode("utf-8")))
            with self._lock:
                value = self._memo.setdefault(key, value)  # another thread may have published it first
                self._memo.move_to_end(key)
                while len(self._memo) > self.limit:
                    self._memo.popitem(last=False)
        return value

    def clear(self) -> None:
        """Forget everything (the next load of each file builds again)."""
        with self._lock:
            self._memo.clear()

    def __len__(self) -> int:
        return len(self._memo)
