"""Writing files whole or not at all, and checking output paths before the work.

Every file ``tactics`` writes goes through :func:`atomic_path`: the bytes go
to a hidden temporary file in the same folder, which is renamed over the real
name (``os.replace``, atomic on one file system) only when the writer
finished without an error. An interruption (Ctrl-C, SIGTERM, a crash) leaves
the old file, or none, never half of one. The new file gets the mode a plain
``open(path, "w")`` would give (``0o666`` less the umask), not the ``0o600``
of :func:`tempfile.mkstemp` (the writing half lives in
:mod:`tactics.replay.atomic`, since the viewer needs it too)::

    >>> import pathlib, tempfile
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "table.csv"
    >>> with atomic_path(out) as tmp:
    ...     _ = tmp.write_text("run,winner\\n0,red\\n")
    >>> out.read_text()
    'run,winner\\n0,red\\n'
    >>> sorted(p.name for p in out.parent.iterdir())     # no temporary file left behind
    ['table.csv']

:func:`check_writable` refuses, before anything long starts, an output that
could not be written: a folder given as a file, a missing or read-only
parent folder::

    >>> check_writable(pathlib.Path(tempfile.mkdtemp()), "--out")
    Traceback (most recent call last):
    ...
    tactics.errors.InputError: --out: ...: a folder, not a file
"""

from __future__ import annotations

import os
from pathlib import Path

from tactics.errors import InputError
from tactics.replay.atomic import atomic_path, atomic_write_bytes, umask_mode

__all__ = ["atomic_path", "atomic_write_bytes", "check_writable", "check_writable_dir", "umask_mode"]


def _nearest_existing(p: Path) -> Path:
    while not p.exists() and p != p.parent:
        p = p.parent
    return p


def check_writable(path: str | os.PathLike[str], option: str, *, create_parents: bool = True) -> Path:
    """Refuse (InputError) an output file that cannot be written; nothing is created.

    ``option`` names the option in the message (``"--out"``). A missing parent
    folder is fine when ``create_parents`` (it is made at write time) and the
    nearest existing ancestor is a writable folder.
    """
    p = Path(path)
    if str(path) == "" or p.name in ("", ".", ".."):
        raise InputError(option, str(path), "not a file name")
    if p.is_dir():
        raise InputError(option, str(p), "a folder, not a file")
    if p.exists() and not os.access(p, os.W_OK):
        raise InputError(option, str(p), "the file is not writable")
    parent = p.parent if str(p.parent) else Path(".")
    if parent.exists():
        if not parent.is_dir():
            raise InputError(option, str(p), f"{parent} is not a folder")
        if not os.access(parent, os.W_OK | os.X_OK):
            raise InputError(option, str(p), f"the folder {parent} is not writable")
        return p
    if not create_parents:
        raise InputError(option, str(p), f"the folder {parent} does not exist")
    anc = _nearest_existing(parent)
    if not anc.is_dir():
        raise InputError(option, str(p), f"{anc} is a file, not a folder")
    if not os.access(anc, os.W_OK | os.X_OK):
        raise InputError(option, str(p), f"cannot create {parent}: {anc} is not writable")
    return p


def check_writable_dir(path: str | os.PathLike[str], option: str) -> Path:
    """Refuse (InputError) an output folder that is a file or cannot be created or written."""
    p = Path(path)
    if p.exists():
        if not p.is_dir():
            raise InputError(option, str(p), "a file, not a folder")
        if not os.access(p, os.W_OK | os.X_OK):
            raise InputError(option, str(p), "the folder is not writable")
        return p
    anc = _nearest_existing(p)
    if not anc.is_dir():
        raise InputError(option, str(p), f"{anc} is a file, not a folder")
    if not os.access(anc, os.W_OK | os.X_OK):
        raise InputError(option, str(p), f"cannot create it: {anc} is not writable")
    return p
