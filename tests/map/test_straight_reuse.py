"""A straight walk found clear answers for the walks to points on it (tactics.map.straight): the same
legs as a fresh search, whatever the mover, and never for a point off the line or beyond its end."""

from __future__ import annotations

import random

from tactics.map import Mover, TacticalMap
from tactics.map import pathing
from tactics.map.straight import on_clear_walk

GRID = [
    "..............",
    "..............",
    ".....#........",
    "..............",
    "......~~......",
    "..............",
]


def fresh() -> TacticalMap:
    return TacticalMap.from_grid(GRID)


def test_points_on_a_clear_walk_get_the_legs_a_fresh_search_gives(monkeypatch) -> None:
    tmap = fresh()
    safe, real = Mover(running=6, max_jump_m=2.0), Mover(running=6)
    start, goal = (1.0, 1.0), (27.0, 2.5)
    a = tmap._point3(start)
    points = [(a[0] + (goal[0] - a[0]) * f, a[1] + (goal[1] - a[1]) * f) for f in (0.1, 0.37, 0.5, 0.93, 1.0)]
    expected = [fresh().path(a, p, real) for p in points]
    elsewhere = fresh().path(a, (3.0, 11.0), real)
    assert [leg.kind for leg in tmap.path(start, goal, safe)] == ["walk"]
    grid_walks = []
    monkeypatch.setattr("tactics.map.routing.straight_walk_line",
                        lambda *a: grid_walks.append(a) or pathing.straight_walk_line(*a))
    assert [tmap.path(a, p, real) for p in points] == expected
    assert grid_walks == []  # every one answered by the walk the safe mover's search found clear
    assert tmap.path(a, (3.0, 11.0), real) == elsewhere
    assert len(grid_walks) == 1  # another line: the grid is walked


def test_off_the_line_or_past_its_end_the_grid_is_walked() -> None:
    a, g = (1.0, 1.0, 0.0), (27.0, 2.5, 0.0)
    assert on_clear_walk(a, (14.0, 1.75, 0.0), g)
    assert not on_clear_walk(a, (14.0, 1.76, 0.0), g)       # a centimetre off
    assert not on_clear_walk(a, (27.1, 2.50577, 0.0), g)    # beyond the end
    assert not on_clear_walk(a, (0.9, 0.99, 0.0), g)        # behind the start
    assert not on_clear_walk(a, (14.0, 1.75, 0.0), None)    # nothing known


def test_the_reuse_agrees_with_the_grid_walk_on_random_lines() -> None:
    rng = random.Random(7)
    tmap = fresh()
    graph = tmap.movement_arrays(Mover(running=6))
    inv = 1.0 / tmap.cell_size
    checked = 0
    for _ in range(400):
        a = (rng.uniform(0, 28), rng.uniform(0, 12), 0.0)
        g = (rng.uniform(0, 28), rng.uniform(0, 12), 0.0)
        if not pathing.straight_walk_line(graph, a[0] * inv, a[1] * inv, g[0] * inv, g[1] * inv):
            continue
        for f in (0.05, 0.3, 0.61, 0.999):
            p = (a[0] + (g[0] - a[0]) * f, a[1] + (g[1] - a[1]) * f, 0.0)
            assert on_clear_walk(a, p, g)
            assert pathing.straight_walk_line(graph, a[0] * inv, a[1] * inv, p[0] * inv, p[1] * inv)
            checked += 1
    assert checked > 100
