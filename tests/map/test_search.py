"""The path search against plain references: Dijkstra for the cost, the cell
list of a grid walk for the straight-line checks behind smoothing."""

from __future__ import annotations

import math
import random

from tactics.map import Mover, TacticalMap
from tactics.map.pathing import _cells_touched, _open_flat, _straight_walk, straight_walk_line
from tactics.map.terrain import STEP_HEIGHT

CHARS = "........#O=~,_^H|%"


def random_map(rng: random.Random, rows: int, cols: int, density: float) -> TacticalMap:
    grid = ["".join(rng.choice(CHARS) if rng.random() < density else "." for _ in range(cols))
            for _ in range(rows)]
    heights = None
    if rng.random() < 0.5:
        heights = [[rng.choice([0, 0, 0, 0.3, 0.5, 1, 2, 4]) for _ in range(cols)] for _ in range(rows)]
    return TacticalMap.from_grid(grid, heights=heights)


def walk_line_by_list(graph, x0: float, y0: float, x1: float, y1: float) -> bool:
    """straight_walk_line as first written: the list of touched cells, then the checks."""
    ok, stand = _open_flat(graph)[:2]
    cols, rows = graph.cols, graph.rows
    c0, r0 = math.floor(x0), math.floor(y0)
    if not (0 <= c0 < cols and 0 <= r0 < rows):
        return False
    hu = stand[r0 * cols + c0]
    for c, r in _cells_touched(x0, y0, x1, y1):
        if not (0 <= c < cols and 0 <= r < rows):
            return False
        i = r * cols + c
        if not ok[i] or abs(stand[i] - hu) > STEP_HEIGHT:
            return False
    return True


def test_straight_walks_match_the_cell_list() -> None:
    rng = random.Random(5)
    for _ in range(60):
        rows, cols = rng.randint(1, 24), rng.randint(1, 24)
        m = random_map(rng, rows, cols, rng.random() * 0.3)
        g = m.movement_arrays(Mover(running=6))
        for _ in range(200):
            x0, y0 = rng.uniform(-1, cols + 1), rng.uniform(-1, rows + 1)
            x1, y1 = rng.uniform(-1, cols + 1), rng.uniform(-1, rows + 1)
            if rng.random() < 0.3:  # through cell corners
                x0, y0, x1, y1 = (round(v) for v in (x0, y0, x1, y1))
            assert straight_walk_line(g, x0, y0, x1, y1) == walk_line_by_list(g, x0, y0, x1, y1)
            u, v = rng.randrange(rows * cols), rng.randrange(rows * cols)
            (ur, uc), (vr, vc) = divmod(u, cols), divmod(v, cols)
            assert _straight_walk(g, u, v) == walk_line_by_list(g, uc + 0.5, ur + 0.5, vc + 0.5, vr + 0.5)
