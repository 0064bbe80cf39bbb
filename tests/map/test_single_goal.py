"""A small map's field made of kept one-goal fields is the multi-goal search's, to the bit
(tactics.map.singlegoal)."""

from __future__ import annotations

import random

import numpy as np

from tactics.map import Mover, TacticalMap
from tactics.map import singlegoal


def _map(seed: int, cols: int = 20, rows: int = 14) -> TacticalMap:
    rnd = random.Random(seed)
    ch = "..........%,~=#_"
    grid = ["".join(rnd.choice(ch) for _ in range(cols)) for _ in range(rows)]
    heights = [[rnd.choice((0.0, 0.0, 0.0, 0.5, 1.0, 2.5)) for _ in range(cols)] for _ in range(rows)]
    return TacticalMap.from_grid(grid, heights=heights, name=f"single-{seed}")


def test_kept_fields_answer_as_the_search_from_scratch():
    for seed in range(4):
        tmap = _map(seed)
        for mover in (Mover(running=6), Mover(running=4, swimming=2.0)):
            g = tmap.movement_arrays(mover)
            rnd = random.Random(seed)
            n = g.rows * g.cols
            cells = [rnd.randrange(n) for _ in range(12)]  # few cells: most fields meet kept goals
            reached = 0
            for _ in range(60):
                goals = rnd.sample(cells, rnd.randint(1, 5))
                got = g.dijkstra_to(goals)
                fresh = g._search_to(goals)
                assert got.shape == fresh.shape == (g.rows, g.cols)
                assert got.tobytes() == fresh.tobytes()  # the same floats, bit for bit
                reached += int(np.isfinite(got).sum()) - len(goals)
            assert reached > 60 * 50  # real searches, not walled-in goals
            assert len(g._one_goal) > 0  # the kept fields were used
            assert all(not f.flags.writeable for f in g._one_goal.values())


def test_a_cell_is_searched_alone_only_when_asked_again():
    g = _map(9).movement_arrays(Mover(running=6))
    calls: list[list[int]] = []

    def search(goals: list[int]) -> np.ndarray:
        calls.append(list(goals))
        return g._search_to(goals)

    singlegoal.nearest(g, [3, 40], search)
    assert calls == [[3, 40]]  # first time: one search, nothing kept
    singlegoal.nearest(g, [3, 40], search)
    assert calls[1:] == [[3], [40]]  # asked again: each kept
    out = singlegoal.nearest(g, [40, 3], search)
    assert len(calls) == 3  # both kept: no search at all
    assert out.tobytes() == g._search_to([3, 40]).tobytes()
