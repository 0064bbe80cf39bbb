"""The batch's progress bar: fights done of all, on stderr (rich), or nothing when quiet.

    with FightsBar(show=True, total=200, label="2 workers") as advance:
        advance(10)    # ten more fights done
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class FightsBar:
    """A rich progress bar on stderr, or nothing."""

    def __init__(self, show: bool, total: int, label: str) -> None:
        self.show, self.total, self.label = show, total, label
        self._p: Any = None

    def __enter__(self) -> Callable[[int], None]:
        if not self.show:
            return lambda n: None
        from rich.console import Console
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                                   TimeRemainingColumn)

        self._p = Progress(
            TextColumn("[bold]fights[/] ({task.fields[where]})"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=False,
        )
        self._p.start()
        task = self._p.add_task("fights", total=self.total, where=self.label)
        return lambda n: self._p.advance(task, n)

    def __exit__(self, *exc: Any) -> None:
        if self._p is not None:
            self._p.stop()
