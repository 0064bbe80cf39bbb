"""The viewer: a pygame-ce window on a replay, and headless export to GIF/PNG.

Reads replays only (``tactics.replay``) and the map layer (``tactics.map``);
never the engine or the AI. See ``docs/viewer.md`` for the controls.

    >>> from tactics.viewer import view, export_gif, export_png
    >>> view("replays/duel.jsonl")                            # doctest: +SKIP
    >>> export_gif("replays/duel.jsonl", "duel.gif", end=10)   # doctest: +SKIP
"""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from tactics.viewer.core import Viewer
from tactics.viewer.export import export_gif, export_png
from tactics.viewer.mapgrid import MapGrid
from tactics.viewer.window import NoDisplayError, view

__all__ = ["MapGrid", "NoDisplayError", "Viewer", "export_gif", "export_png", "view"]
