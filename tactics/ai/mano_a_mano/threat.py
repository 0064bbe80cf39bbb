"""How many enemies reach each of an archer's spots next turn, leaving out those that reach none.

An enemy threatens a spot when its next turn's walk, plus 3 m, gets there
(``np.hypot`` of the flat offsets below its reach), unless the spot stands
more than 2.5 m above it; a flyer always threatens (:mod:`.archer`, § Stand).
The archer keeps its distance, so most turns no enemy comes near the few
cells it weighs: an enemy whose reach ends short of the cells' bounding box
counts for none of them and is left out, and with none left the answer is
None (no threat anywhere) without a numpy call::

    >>> import numpy as np
    >>> xs, ys, gz = np.array([1.0, 3.0]), np.array([1.0, 1.0]), np.zeros(2)
    >>> threat(xs, ys, gz, (1.0, 3.0, 1.0, 1.0), [(30.0, 1.0, 0.0, False, 9.0)]) is None
    True
    >>> threat(xs, ys, gz, (1.0, 3.0, 1.0, 1.0), [(11.0, 1.0, 0.0, False, 9.0)]).tolist()
    [0.0, 1.0]

A count over fewer enemies is the same count when the ones left out add
nothing: the box's distance is at most every cell's, and the micrometre of
slack is far above the rounding of ``np.hypot``.
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np

Foe = tuple[float, float, float, bool, float]
"""An enemy as the threat reads it: x, y, z, whether it flies, how far it reaches next turn."""


def threat(xs: np.ndarray, ys: np.ndarray, gz: np.ndarray, box: tuple[float, float, float, float],
           foes: Sequence[Foe], flat: float | None = None) -> np.ndarray | None:
    """float[cells]: how many of ``foes`` reach each spot (x ``xs``, y ``ys``, ground ``gz``) next
    turn, or None when none reaches any; ``box``: the spots' (min x, max x, min y, max y); ``flat``:
    the one ground height of every spot when they share one (its test of height is one float's)."""
    x0, x1, y0, y1 = box
    near = [f for f in foes if math.hypot(max(x0 - f[0], 0.0, f[0] - x1), max(y0 - f[1], 0.0, f[1] - y1)) <= f[4] + 1e-6]
    if not near:
        return None
    count = None
    for fx, fy, fz, flies, runs in near:  # foe by foe: the same float tests, fewer arrays (one or two come near)
        if not flies and flat is not None and flat - fz > 2.5:
            close = np.zeros(len(xs), dtype=bool)  # every spot too high above it (the test below, once)
        else:
            close = np.hypot(xs - fx, ys - fy) < runs
            if not flies and flat is None:
                close &= ~(gz - fz > 2.5)
        count = close.astype(float) if count is None else count + close
    return count


__all__ = ["threat", "Foe"]
