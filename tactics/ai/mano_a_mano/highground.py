"""The archer's high ground: the perch worth climbing to, holding it, stepping back from its edge.

Mixed into :class:`~.archer.Archer` (its step 2, *Perch*, and what it does up
there): when the map has high ground (a tower roof, an outcrop) within a few
turns and no enemy is close, the archer heads there, ladders and ropes climbed
(000 · Movement · Climbing); once above every walker it keeps the height, and
after a shot at someone coming up it steps back from the edge with what is
left of its walk.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tactics.ai.fields import movers, standable, team_field
from tactics.ai.mano_a_mano.spots import spots
from tactics.sim.view import EYE_HEIGHT_M, UnitView, View

__all__ = ["HighGround", "PERCH_RISE_M", "PERCH_MAX_COST_M", "cells_around"]

PERCH_RISE_M = 3.0
"""High ground: at least this much above where the archer stands."""
PERCH_MAX_COST_M = 45.0
"""Head for a perch only if it is at most this many metres of movement away."""


def cells_around(tmap: Any, col: int, row: int, metres: float) -> tuple[np.ndarray, np.ndarray]:
    """Columns and rows (flat arrays) of the square of cells within ``metres`` of cell (col, row)."""
    k = int(math.ceil(metres / tmap.cell_size))
    cols = np.arange(max(0, col - k), min(tmap.cols, col + k + 1))
    rows = np.arange(max(0, row - k), min(tmap.rows, row + k + 1))
    cc, rr = np.meshgrid(cols, rows)
    return cc.ravel(), rr.ravel()


class HighGround:
    """The archer's perch and what it does on high ground (a mixin: ``self._bad`` holds the cells
    it gave up on)."""

    _bad: set[int]

    def _perch(self, view: View, me: UnitView, enemies: list[UnitView]) -> tuple[float, float] | None:
        """The nearest high ground worth climbing to, if no enemy is close."""
        if spots(view).highest < me.z + PERCH_RISE_M:
            return None  # no high ground on this map (the test below, at once)
        tmap = view.map
        if me.z >= tmap.ground_height(me.x, me.y) + 0.5 or me.z >= min(e.z for e in enemies) + PERCH_RISE_M:
            return None  # already above them
        heights = np.asarray(tmap.heights, dtype=float)
        high = (heights >= me.z + PERCH_RISE_M) & standable(tmap)
        for cell in self._bad:
            high[divmod(cell, tmap.cols)] = False
        if not high.any():
            return None
        for e in enemies:
            if view.flat_distance(me, e) < view.movement(e) * 2 + 3 and e.z < me.z + 2:
                return None  # someone would catch us on the ladder
        field = view.map.distance_field([(me.x, me.y)], movers(view, me)[0])
        cost = np.where(high & (field.cost_grid <= PERCH_MAX_COST_M), field.cost_grid, np.inf)
        rr, cc = np.nonzero(np.isfinite(cost))
        if not len(rr):
            return None
        # only high ground that sees an enemy is worth the climb (one vectorised sight check)
        s = tmap.cell_size
        xs, ys, zs = (cc + 0.5) * s, (rr + 0.5) * s, heights[rr, cc] + EYE_HEIGHT_M
        sees = np.zeros(len(rr), dtype=bool)
        for e in sorted(enemies, key=lambda e: view.flat_distance(me, e))[:3]:
            A = np.stack([xs, ys, zs], axis=1)
            B = np.tile(np.array([[e.x, e.y, e.z + EYE_HEIGHT_M]]), (len(rr), 1))
            sees |= tmap.line_of_sight_many(A, B)
        if not sees.any():
            return None
        i = int(np.argmin(np.where(sees, cost[rr, cc], np.inf)))
        return (float(xs[i]), float(ys[i]))
    @staticmethod
    def _on_high(me: UnitView, enemies: list[UnitView]) -> bool:
        """Standing well above every enemy that is not climbing up to us."""
        low = None  # the lowest of them, as min() finds it (a loop: a list comprehension is a function made and called on 3.11)
        for e in enemies:
            if not e.climbing:
                z = e.z
                if low is None or z < low:
                    low = z
        return low is None or me.z >= low + PERCH_RISE_M

    def _retreat(self, view: View, me: UnitView, enemies: list[UnitView], at: tuple[float, float, float],
                 left: float) -> tuple[float, float] | None:
        """After shooting from the edge: the spot of the high ground within ``left`` metres farthest from the climbers."""
        climbers = [e for e in enemies if e.climbing or abs(e.z - at[2]) <= 2.5]
        if left < 1.0 or not climbers:
            return None
        if all(math.hypot(at[0] - e.x, at[1] - e.y) >= view.movement(e) + 3.5 for e in climbers):
            return None
        tmap = view.map
        s = tmap.cell_size
        col, row = tmap.cell_of(at[0], at[1])
        cc, rr = cells_around(tmap, col, row, left)
        xs, ys = (cc + 0.5) * s, (rr + 0.5) * s
        gz = np.asarray(tmap.heights, dtype=float)[rr, cc]
        cost = tmap.distance_field([(at[0], at[1])], movers(view, me)[0]).cost_grid[rr, cc]
        ok = (cost <= left + 1e-6) & standable(tmap)[rr, cc] & (np.abs(gz - at[2]) <= 0.5)
        if not ok.any():
            return None
        far = np.full(len(xs), np.inf)
        for e in climbers:
            far = np.minimum(far, np.hypot(xs - e.x, ys - e.y))
        i = int(np.argmax(np.where(ok, far, -np.inf)))
        if far[i] <= min(math.hypot(at[0] - e.x, at[1] - e.y) for e in climbers) + 0.5:
            return None
        return (float(xs[i]), float(ys[i]))

    def _hold_high(self, view: View, me: UnitView, enemies: list[UnitView], budget: float) -> tuple[tuple[float, float] | None, str]:
        """On high ground with nothing in sight: the cell of it the enemies need longest to reach."""
        tmap = view.map
        s = tmap.cell_size
        col, row = tmap.cell_of(me.x, me.y)
        cc, rr = cells_around(tmap, col, row, budget)
        mine = tmap.distance_field([(me.x, me.y)], movers(view, me)[0]).cost_grid[rr, cc]
        gz = np.asarray(tmap.heights, dtype=float)[rr, cc]
        ok = (mine <= budget + 1e-6) & standable(tmap)[rr, cc] & (gz >= me.z - 1.0) & (gz <= me.z + 0.5)
        if not ok.any():
            return None, "holding the high ground"
        theirs = team_field(view, me, enemies).cost_grid[rr, cc]
        theirs = np.where(np.isfinite(theirs), theirs, 1e6)
        score = np.where(ok, theirs - 0.05 * mine, -np.inf)
        i = int(np.argmax(score))
        if cc[i] == col and rr[i] == row:
            return None, "holding the high ground, far from where they climb up"
        return ((cc[i] + 0.5) * s, (rr[i] + 0.5) * s), "holding the high ground: moving away from where they climb up"
