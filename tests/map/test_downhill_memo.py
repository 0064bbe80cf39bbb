"""A distance field works out each cell's downhill step once (tactics.map.distfield.DistanceField._walk_down):
walks that run together give the cells a fresh field gives, start by start."""

from __future__ import annotations

import random

from tactics.map import Mover, TacticalMap

GRID = [
    "....................",
    "....####............",
    "..........%%%.......",
    "......~~~...........",
    "...............###..",
    "....................",
]
MOVER = Mover(running=6)


def test_walks_that_meet_end_where_fresh_fields_end() -> None:
    tmap = TacticalMap.from_grid(GRID)
    goals = [(39.0, 11.0), (1.0, 1.0)]
    shared = tmap.distance_field(goals, MOVER)
    rng = random.Random(3)
    starts = [(rng.uniform(0, 40), rng.uniform(0, 12)) for _ in range(60)]
    for x, y in starts:
        for metres in (2.0, 9.0, 30.0):
            fresh = type(shared)(tmap, tmap.movement_arrays(MOVER), list(shared.goals))
            assert shared.downhill(x, y, metres) == fresh.downhill(x, y, metres)
    assert shared._down  # each remembered step is the one next_step finds from that cell
    for u, v in shared._down.items():
        col, row = u % tmap.cols, u // tmap.cols
        edge = shared.next_step_edge(*tmap.center(col, row))
        assert (v < 0) == (edge is None)
        assert v < 0 or edge["to"] == (v % tmap.cols, v // tmap.cols)
