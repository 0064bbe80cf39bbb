"""Errors for bad user input: one line naming the file, the place and the problem.

Every loader in the project (sheets, maps, encounters, replays) raises
:class:`InputError` for input it refuses. The ``tactics`` command catches it,
prints ``str(err)`` on one line and exits with status 2, so a user never sees a
traceback for a bad file::

    >>> err = InputError("maps/x.toml", "line 4, column 7", "unknown legend character 'Q'")
    >>> str(err)
    "maps/x.toml: line 4, column 7: unknown legend character 'Q'"
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any


class InputError(ValueError):
    """Input refused: ``file: place: problem`` on one line."""

    def __init__(self, file: str, place: str, problem: str) -> None:
        self.file = str(file)
        self.place = place
        self.problem = problem
        parts = [p for p in (self.file, place, problem) if p]
        super().__init__(": ".join(" ".join(p.split()) for p in parts))


MAX_TOML_BYTES = 16 * 1024 * 1024
"""Largest TOML file (map, sheet, encounter): a 1000 × 1000 map grid is 1 MB."""


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread (by the ``tactics`` command's handler) so cleanup runs.

    A subclass of ``KeyboardInterrupt``: whatever stops cleanly on Ctrl-C
    (temporary files removed, worker processes ended) does the same on
    ``kill``. The command exits with status 143 (128 + 15) instead of 130.
    """


def read_toml(path: str | os.PathLike[str], what: str = "file") -> dict[str, Any]:
    """A TOML file as a dict, or :class:`InputError` naming the file, the line and the problem.

    ``what`` names the kind of file in the messages (``"map file"``, ``"sheet"``)::

        >>> read_toml("nope.toml", "map file")
        Traceback (most recent call last):
        ...
        tactics.errors.InputError: nope.toml: no such map file
    """
    return read_toml_text(path, what)[0]


def read_toml_text(path: str | os.PathLike[str], what: str = "file") -> tuple[dict[str, Any], str]:
    """:func:`read_toml` and the file's text (for loaders that point at lines themselves)."""
    src = str(path)
    try:
        if Path(path).exists() and not Path(path).is_dir() and not Path(path).is_file():
            article = "an" if what[:1] in "aeiou" else "a"
            raise InputError(src, "", f"not a regular file (a device or a pipe?), expected {article} {what}")
        with open(path, "rb") as fh:  # bounded: never more than the limit
            raw = fh.read(MAX_TOML_BYTES + 1)
        if len(raw) > MAX_TOML_BYTES:
            raise InputError(src, "", f"the {what} is more than {MAX_TOML_BYTES:,} bytes long")
        text = raw.decode("utf-8")
    except IsADirectoryError:
        raise InputError(src, "", f"a folder, not a {what}") from None
    except FileNotFoundError:
        raise InputError(src, "", f"no such {what}") from None
    except UnicodeDecodeError:
        raise InputError(src, "", f"the {what} is not UTF-8 text") from None
    except OSError as exc:
        raise InputError(src, "", f"cannot read the {what}: {exc.strerror or exc}") from None
    try:
        return tomllib.loads(text), text
    except RecursionError:
        raise InputError(src, "", f"unreadable TOML: arrays or tables nested too deeply in the {what}") from None
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        place = f"line {m.group(1)}, column {m.group(2)}" if m else ""
        raise InputError(src, place, "unreadable TOML: " + re.sub(r"\s*\(at line \d+, column \d+\)", "", msg)) from None


class Failure(Exception):
    """A run failed for a reason the user can act on (exit 1, one line)."""
