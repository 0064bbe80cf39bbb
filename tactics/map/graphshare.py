"""One movement graph for movers that differ only where a map makes no difference.

A map builds a graph per mover key (:meth:`~tactics.map.routing.Routing.movement_arrays`):
a fighter's own mover and its *safe* mover (the jumps and climbs it surely makes,
:mod:`tactics.ai.fields`) are two keys. On a map with no gap, no deep water and no
climbable face, their graphs are the same edges to the last bit, and a fight builds
the second for nothing (a 128×128 map: ~30 ms with its search tables).

:func:`effective_key` keeps of a mover only what :meth:`CellGraph.build
<tactics.map.graph.CellGraph.build>` can tell apart on *these* arrays: flying and
swimming as they are; the longest jump and the deepest drop only where there is
something to jump over; the climb surfaces that appear on the map; and, for each
height step of the map (a distinct difference between two side-by-side cells over
:data:`~tactics.map.terrain.STEP_HEIGHT`), which of the build's tests it passes
(jumped up, a risky jump, dropped). Two movers with the same effective key get the
same graph: :func:`shared_build` hands out the one already built for the same
arrays (held weakly: it lives as long as a map holds it; the arrays are checked by
identity, so a new map never meets an old map's graph)::

    >>> g1 = shared_build(kinds, stand, depths, surfaces, 2.0, safe, CellGraph.build)   # doctest: +SKIP
    >>> shared_build(kinds, stand, depths, surfaces, 2.0, mine, CellGraph.build) is g1  # doctest: +SKIP
    True
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

import numpy as np

from .movement import Mover
from .terrain import KINDS, STEP_HEIGHT, SURFACES, WADE_DEPTH

_GAP, _WATER = KINDS.index("gap"), KINDS.index("water")

_BUILT: weakref.WeakValueDictionary[tuple, Any] = weakref.WeakValueDictionary()
"""(ids of the four arrays, cell size, effective key) -> a graph built from them. Weak: an entry goes
with the last map holding its graph; each graph keeps weak references to its arrays, so an id used
again by new arrays finds none of the old ones (:func:`shared_build`)."""


def effective_key(kinds: np.ndarray, stand: np.ndarray, depths: np.ndarray, surfaces: np.ndarray,
                  mover: Mover) -> tuple:
    """What of ``mover`` the graph of these arrays depends on (see the module's docstring)."""
    h = stand.astype(float)
    over = bool(((kinds == _GAP) | ((kinds == _WATER) & (depths > WADE_DEPTH))).any())
    steps = np.unique(np.concatenate([np.abs(np.diff(h, axis=0)).ravel(), np.abs(np.diff(h, axis=1)).ravel()]))
    steps = steps[steps > STEP_HEIGHT]
    jh = float(mover.max_jump_height_m)
    drop = mover.max_drop_m
    tests = tuple((bool(d <= jh), bool(d >= jh - 1.0), bool(d <= drop)) for d in steps.tolist())
    present = {SURFACES[i] for i in np.unique(surfaces).tolist() if i >= 0}
    return (mover.flying, mover.swim_factor, (float(mover.max_jump_m), drop) if over else None,
            frozenset(present & mover.climb_surfaces), tests)


def shared_build(kinds: np.ndarray, stand: np.ndarray, depths: np.ndarray, surfaces: np.ndarray,
                 cell_size: float, mover: Mover, build: Callable[..., Any]) -> Any:
    """``build(kinds, stand, depths, surfaces, cell_size, mover)``, or the graph it made for a mover of
    the same :func:`effective_key` from these very arrays."""
    arrays = (kinds, stand, depths, surfaces)
    key = (*map(id, arrays), float(cell_size), effective_key(kinds, stand, depths, surfaces, mover))
    g = _BUILT.get(key)
    if g is not None and all(r() is a for r, a in zip(g.made_of, arrays)):
        return g
    g = build(kinds, stand, depths, surfaces, cell_size, mover)
    g.made_of = tuple(weakref.ref(a) for a in arrays)
    _BUILT[key] = g
    return g


__all__ = ["effective_key", "shared_build"]
