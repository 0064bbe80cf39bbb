"""A small map's distance fields as the cell-wise minimum of kept one-goal fields.

The cost from a cell to the nearest of several goals is the least, over the
goals, of the cost to each goal alone: every cost is one path's costs summed
from its goal outward, edge by edge, and the search with several goals takes
the least such sum over all of them, as the one-goal searches together do.
So the minimum of the one-goal fields is the multi-goal search's answer to
the bit (a minimum picks one of its floats; it rounds nothing).

The fights of a batch ask fields to the cells where the enemies stand, and
those are few: 200 default fights (arena, 20 × 14 cells) ran 501 searches in
Python, ~150 µs each, to groups of 1–4 goals out of only 79 distinct cells.
:func:`nearest` keeps each goal cell's own field on the graph and answers a
field whose goals all have theirs with a few ``np.minimum`` calls. A cell's
field is searched the second time the cell is asked for, so a single fight
never searches more than before plus one search per cell it asks twice; until
every goal of a field has its own, the field is searched as before, in one
go. Only maps of at most :data:`UP_TO` cells are kept this way (each field
costs 8 bytes a cell), at most :data:`MEMORY` one-goal fields per graph
(all forgotten when full).
"""

from __future__ import annotations

from typing import Callable

import numpy as np

__all__ = ["UP_TO", "MEMORY", "nearest"]

UP_TO = 1024
"""Maps of at most this many cells (32 × 32) keep one-goal fields."""
MEMORY = 256
"""One-goal fields a graph keeps (at most 2 MB on a map of :data:`UP_TO` cells)."""


def nearest(graph: object, goals: list[int], search: Callable[[list[int]], np.ndarray]) -> np.ndarray:
    """The cost from every cell to the nearest of ``goals`` (flat, read-only arrays kept per cell
    on ``graph``), as ``search(goals)`` would give it; ``search`` runs the Dijkstra itself."""
    kept: dict[int, np.ndarray] | None = getattr(graph, "_one_goal", None)
    if kept is None:
        kept = {}
        graph._one_goal = kept  # type: ignore[attr-defined]
        graph._one_goal_asked = set()  # type: ignore[attr-defined]
    asked: set[int] = graph._one_goal_asked  # type: ignore[attr-defined]
    fields = []
    whole = False
    for t in goals:
        f = kept.get(t)
        if f is None:
            if t not in asked:  # the first time: searched with the others, not kept
                asked.add(t)
                whole = True
                continue
            if len(kept) >= MEMORY:
                kept.clear()
            f = kept[t] = search([t])
            f.flags.writeable = False
        fields.append(f)
    if whole:
        return search(goals)
    if len(fields) == 1:
        return fields[0].copy()
    out = np.minimum(fields[0], fields[1])
    for f in fields[2:]:
        np.minimum(out, f, out=out)
    return out
