"""Lines of sight a policy asked before, answered from memory.

An archer scores every cell it could stand in by what it would see from
there: one :meth:`~tactics.map.TacticalMap.line_of_sight_many` call of cells ×
the enemies it watches, every turn. The fights of a batch open the same way
until the first roll, and a fighter holding still asks the same question
turn after turn, so most of these calls were asked before (in the default
encounter two in three). :func:`sight_grid` keeps the answers in the
scenario-shared cache (``view.shared``): a pure function of the map and the
points, so remembering it changes no fight::

    >>> import numpy as np
    >>> from types import SimpleNamespace
    >>> from tactics.map import TacticalMap
    >>> view = SimpleNamespace(map=TacticalMap.from_grid(["...#..."]), shared={})
    >>> eyes = np.array([[1.0, 1.0, 1.5], [3.0, 1.0, 1.5]])
    >>> sight_grid(view, eyes, np.array([[5.0, 1.0, 1.5], [13.0, 1.0, 1.5]])).tolist()
    [[True, False], [True, False]]

The key is a BLAKE2b digest of both arrays' bytes and shapes (the cells of a
score are up to a few thousand numbers), the value a small bool array; the
cache holds :data:`SIGHT_MEMORY` answers and is emptied when full. A dict
look-up or store is atomic, so threads sharing a scenario may fill it at once
(two threads asking the same question both compute the same answer).
"""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np

__all__ = ["sight_grid", "SIGHT_MEMORY"]

SIGHT_MEMORY = 4096
"""Answers :func:`sight_grid` keeps per scenario (a few KB each at most), all forgotten when full."""


def sight_grid(view: Any, points: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """bool[n, m]: a clear line from each of the n ``points`` to each of the m ``targets``
    ((x, y, z) rows, metres), as ``view.map.line_of_sight_many`` answers the n × m pairs
    (point-major). A fresh array: the caller may change it."""
    points = np.ascontiguousarray(points, dtype=float)
    targets = np.ascontiguousarray(targets, dtype=float)
    n, m = len(points), len(targets)
    tmap = view.map
    shared = view.shared.get("sight grids")
    if shared is None or shared[0] is not tmap:
        shared = view.shared["sight grids"] = (tmap, {})
    cache = shared[1]
    h = hashlib.blake2b(points.tobytes(), digest_size=16)
    h.update(targets.tobytes())
    key = (n, m, h.digest())
    got = cache.get(key)
    if got is None:
        got = tmap.line_of_sight_many(np.repeat(points, m, axis=0), np.tile(targets, (n, 1))).reshape(n, m)
        if len(cache) >= SIGHT_MEMORY:
            cache.clear()
        cache[key] = got
    return got.copy()
