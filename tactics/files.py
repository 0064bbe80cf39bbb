"""Writing files whole or not at all, and checking output paths before the work.

Every file ``tactics`` writes goes through :func:`atomic_path` (from
:mod:`tactics.replay.atomic`, whose docstring shows it: written whole or not
at all, with the mode a plain ``open`` gives; it lives there because the
viewer needs it too).

:func:`check_writable` refuses, before anything long starts, an output that
could not be written: a folder given as a file, a missing or read-only
parent folder::

    >>> import pathlib, tempfile
    >>> check_writable(pathlib.Path(tempfile.mkdtemp()), "--out")
    Traceback (most recent call last):
    ...
    tactics.errors.InputError: --out: ...: a folder, not a file
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from tactics.errors import InputError
from tactics.replay.atomic import atomic_path, atomic_write_bytes, umask_mode

__all__ = ["atomic_path", "atomic_write_bytes", "check_writable", "check_writable_dir", "umask_mode"]


def _probe(folder: Path, option: str, shown: str) -> None:
    """Create and remove a temporary file in ``folder``: the only honest test (root, read-only mounts)."""
    try:
        fd, name = tempfile.mkstemp(prefix=".tactics-probe-", dir=folder)
    except OSError as exc:
        raise InputError(option, shown, f"cannot write in {folder}: {exc.strerror or exc}") from None
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(name)


def check_writable(path: str | os.PathLike[str], option: str, *, create_parents: bool = False) -> Path:
    """Refuse (InputError) an output file that cannot be written; leave nothing behind.

    ``option`` names the option in the message (``"--out"``). The parent
    folder must exist, unless ``create_parents`` (for default paths such as
    ``replays/``, made at write time), when the nearest existing folder up
    the path must be writable.
    """
    p = Path(path)
    shown = str(path)
    if shown == "" or p.name in ("", ".", ".."):
        raise InputError(option, shown, "not a file name")
    if p.is_dir():
        raise InputError(option, shown, "a folder, not a file")
    if p.exists() and not p.is_file():
        raise InputError(option, shown, "not a regular file (a device or a pipe?)")
    parent = p.parent
    if not parent.exists():
        if not create_parents:
            raise InputError(option, shown, f"the folder {parent} does not exist")
        parent = _nearest_existing(parent)
    if not parent.is_dir():
        raise InputError(option, shown, f"{parent} is not a folder")
    _probe(parent, option, shown)
    return p


def check_writable_dir(path: str | os.PathLike[str], option: str) -> Path:
    """Refuse (InputError) an output folder that is a file, or whose parent is missing or not writable."""
    p = Path(path)
    shown = str(path)
    if p.exists():
        if not p.is_dir():
            raise InputError(option, shown, "a file, not a folder")
        _probe(p, option, shown)
        return p
    if not p.parent.is_dir():
        raise InputError(option, shown, f"the folder {p.parent} does not exist")
    _probe(p.parent, option, shown)
    return p


def _nearest_existing(p: Path) -> Path:
    while not p.exists() and p != p.parent:
        p = p.parent
    return p
