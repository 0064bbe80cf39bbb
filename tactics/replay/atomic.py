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

It lives in the replay layer because replays are its first user and the
viewer (which may import ``replay`` but not the command line) writes GIFs
and PNGs with it; :mod:`tactics.files` re-exports it.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

__all__ = ["atomic_path", "atomic_write_bytes", "umask_mode"]


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


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike[str], *, make_parents: bool = True) -> Iterator[Path]:
    """A temporary path beside ``path``; it becomes ``path`` when the block ends without error.

    On any exception (``KeyboardInterrupt`` and ``SystemExit`` too) the
    temporary file is removed and ``path`` is left as it was.
    """
    target = Path(path)
    if make_parents:
        target.parent.mkdir(parents=True, exist_ok=True)
    # the temporary name keeps the suffix: some writers pick the format by it (pygame.image.save)
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=f".part{target.suffix}", dir=target.parent)
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
