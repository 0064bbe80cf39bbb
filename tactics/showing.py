"""Showing a replay: in a window when there is a display, else as a GIF beside it (``--show``).

The viewer is imported only when asked for, so the command line starts fast
and a broken viewer never stops a fight from being written.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from tactics.errors import Failure
from tactics.filekinds import load_replay

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)


def has_display() -> bool:
    """A window can open: a desktop OS, or X11/Wayland, and SDL not told to stay headless."""
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in ("dummy", "offscreen"):
        return False
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _viewer_module(name: str) -> Any:
    try:
        if name == "view":
            from tactics.viewer import view as fn
        else:
            from tactics.viewer import export as mod

            fn = getattr(mod, name)
    except (ImportError, AttributeError) as err:
        raise Failure(f"the viewer is not available ({err}); the replay itself is fine") from None
    return fn


def _progress() -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeRemainingColumn(), console=err_console, transient=True)


def _export_gif(replay: Any, out: Path, quiet: bool = False, **kw: Any) -> Path:
    export_gif = _viewer_module("export_gif")
    with _progress() as prog:
        task = prog.add_task(f"GIF {out.name}", total=None)

        def tick(done: int, total: int) -> None:
            prog.update(task, completed=done, total=total)

        return export_gif(replay, out, progress=tick, **kw)


def _show(path: Path) -> None:
    if has_display():
        view = _viewer_module("view")
        try:
            view(path)
            return
        except RuntimeError as err:  # NoDisplayError: fall back to a GIF
            err_console.print(f"no window ({' '.join(str(err).split())}); writing a GIF instead")
    rep = load_replay(path)
    step = max(0.1, round(rep.duration / 300, 2))
    gif = _export_gif(rep, path.with_suffix(".gif"), step=step, scale=0.75)
    console.print(f"gif: {gif}")
