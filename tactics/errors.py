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


class InputError(ValueError):
    """Input refused: ``file: place: problem`` on one line."""

    def __init__(self, file: str, place: str, problem: str) -> None:
        self.file = str(file)
        self.place = place
        self.problem = problem
        parts = [p for p in (self.file, place, problem) if p]
        super().__init__(": ".join(" ".join(p.split()) for p in parts))
