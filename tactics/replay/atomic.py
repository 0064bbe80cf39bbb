"""Writing a file whole or not at all, with the mode a plain ``open`` would give.

The bytes go to a hidden temporary file in the same folder, which is renamed
over the real name (``os.replace``, atomic on one file system) only when the
writer finished without an error. An interruption (Ctrl-C, SIGTERM, a crash)
leaves the old file, or none, never half of one. The new file gets
``0o666`` less the umask, not the ``0o600`` of :func:`tempfile.mkstemp`::

    >>> import pathlib, tempfile
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "table.csv"
    >>> with atomic_path(out) as tmp:
    ...     _ = tmp.write_text("run,winner\\n0,red\\n")
    >>> out.read_text()
    'run,winner\\n0,red\\n'
    >>> sorted(p.name for p in out.parent.iterdir())     # no temporary file left behind
    ['table.csv']

A writer that streams (the replay writer, batch after batch) holds an
:class:`AtomicFile` instead: the same temporary file, open for writing, that
:meth:`~AtomicFile.commit` renames into place and :meth:`~AtomicFile.discard`
(or the garbage collector, for one dropped unfinished) removes::

    >>> f = AtomicFile(pathlib.Path(out.parent) / "log.txt")
    >>> _ = f.write(b"line 1\\n")
    >>> sorted(p.name for p in out.parent.iterdir() if p.name == "log.txt")   # not there yet
    []
    >>> f.commit().read_bytes()
    b'line 1\\n'

It lives in the replay layer because replays are its first user and the
viewer (which may import ``replay`` but not the command line) writes GIFs
and PNGs with it; :mod:`tactics.files` re-exports it.
"""

from __future__ import annotations

import contextlib
import gzip
import os
import tempfile
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

__all__ = ["AtomicFile", "atomic_path", "atomic_write_bytes", "umask_mode"]


def umask_mode(base: int = 0o666) -> int:
    """``base`` less the process umask (read without changing it where the OS allows)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return base & ~int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)  # no other way: set and restore at once
    os.umask(mask)
    return base & ~mask


def _temporary_beside(target: Path, make_parents: bool) -> tuple[int, str]:
    """A new hidden temporary file in ``target``'s folder: its open descriptor and name."""
    if make_parents:
        target.parent.mkdir(parents=True, exist_ok=True)
    # the temporary name keeps the suffix: some writers pick the format by it (pygame.image.save)
    # (and a long name is cut, so the temporary one stays within the file system's 255 bytes)
    return tempfile.mkstemp(prefix=f".{target.name[:100]}.", suffix=f".part{target.suffix[:20]}",
                            dir=target.parent)


def _remove(stream: BinaryIO, fh: BinaryIO, name: str, pid: int) -> None:
    if os.getpid() != pid:
        return  # a forked child's copy: the file is its parent's to finish or remove
    for f in (stream, fh):  # the gzip stream first: its last bytes go to a file still open
        with contextlib.suppress(OSError, ValueError):
            f.close()
    with contextlib.suppress(OSError):
        os.unlink(name)


class AtomicFile:
    """A binary file written in pieces that appears under ``path`` whole, or not at all.

    The bytes go to a temporary file beside ``path`` as they are written (so
    a long writer holds none of them in memory); with ``compress`` through a
    gzip stream (deterministic: no time or name in its header).
    :meth:`commit` closes it and renames it into place; :meth:`discard`, or
    dropping the object without committing, removes it and leaves ``path``
    as it was.
    """

    def __init__(self, path: str | os.PathLike[str], *, make_parents: bool = True, compress: bool = False) -> None:
        self.path = Path(path)
        fd, name = _temporary_beside(self.path, make_parents)
        self._name = name
        self._fh: BinaryIO = os.fdopen(fd, "wb")
        self._stream: BinaryIO = (gzip.GzipFile(fileobj=self._fh, mode="wb", mtime=0, filename="")  # type: ignore[assignment]
                                  if compress else self._fh)
        self._cleanup = weakref.finalize(self, _remove, self._stream, self._fh, name, os.getpid())

    def write(self, data: bytes) -> int:
        return self._stream.write(data)

    def commit(self) -> Path:
        """Close the file and rename it over ``path``; returns ``path``."""
        try:
            self._stream.close()  # (the gzip stream's trailer; the file itself when not compressed)
            self._fh.close()
            os.chmod(self._name, umask_mode())
            os.replace(self._name, self.path)
        except BaseException:
            self._cleanup()
            raise
        self._cleanup.detach()
        return self.path

    def discard(self) -> None:
        """Close and remove the temporary file (a no-op after :meth:`commit` or a first discard)."""
        self._cleanup()


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike[str], *, make_parents: bool = True) -> Iterator[Path]:
    """A temporary path beside ``path``; it becomes ``path`` when the block ends without error.

    On any exception (``KeyboardInterrupt`` and ``SystemExit`` too) the
    temporary file is removed and ``path`` is left as it was.
    """
    target = Path(path)
    fd, name = _temporary_beside(target, make_parents)
    os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
        os.chmod(tmp, umask_mode())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically; return the path."""
    target = Path(path)
    with atomic_path(target) as tmp:
        tmp.write_bytes(data)
    return target
