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


def test_a_known_clear_walk_answers_before_the_path_memory_and_is_not_kept_there() -> None:
    tmap, mover = fresh(), Mover(running=6)
    a, far = (1.0, 1.0, 0.0), (27.0, 2.5)
    near = (a[0] + (far[0] - a[0]) * 0.3, a[1] + (far[1] - a[1]) * 0.3)  # on the walk to far
    expected = fresh().path(a, near, mover)
    assert [leg.kind for leg in tmap.path(a, far, mover)] == ["walk"]  # searched, remembered, known clear
    kept = dict(tmap._paths)
    got = tmap.path(a, near, mover)
    assert got == expected and got[0].start == a and got[0].end[:2] == near
    assert tmap._paths == kept  # answered by the clear walk: nothing more remembered
    off = (9.0, 3.0)  # not on that walk: asked as usual, and remembered
    assert tmap.path(a, off, mover) == fresh().path(a, off, mover)
    assert len(tmap._paths) == len(kept) + 1


def test_clear_walks_outlive_the_path_memory(monkeypatch) -> None:
    monkeypatch.setattr("tactics.map.routing.PATH_MEMORY", 4)
    tmap, mover = fresh(), Mover(running=6)
    a, far = (1.0, 1.0, 0.0), (27.0, 2.5)
    tmap.path(a, far, mover)
    for k in range(12):  # more questions than the path memory holds: it is forgotten
        tmap.path((1.0 + k * 0.5, 11.0, 0.0), (20.0, 11.5), mover)  # straight walks, each kept
    assert len(tmap._paths) < 12
    expected = fresh().path(a, (14.0, 1.75), mover)
    grid_walks = []
    monkeypatch.setattr("tactics.map.routing.straight_walk_line",
                        lambda *args: grid_walks.append(args) or pathing.straight_walk_line(*args))
    assert tmap.path(a, (14.0, 1.75), mover) == expected
    assert grid_walks == []  # the walk from a is still known
