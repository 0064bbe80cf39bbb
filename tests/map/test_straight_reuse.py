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


def _straight_walk_by_arrays(tmap: TacticalMap, start, goal, mover: Mover):
    """``straight_walk`` as it read the map before the flat copies: each point through ``_point3``, the
    classes from the 2-D array."""
    import math

    from tactics.map.movement import Leg
    from tactics.map.terrain import STEP_HEIGHT

    g = tmap.movement_arrays(mover)
    a, b = tmap._point3(start), tmap._point3(goal)
    (ca, ra), (cb, rb) = tmap.cell_of(a[0], a[1]), tmap.cell_of(b[0], b[1])
    if not (tmap.in_bounds(ca, ra) and tmap.in_bounds(cb, rb)):
        return None
    if g.cls[ra, ca] == 1 and g.cls[rb, cb] == 1 and abs(b[2] - a[2]) <= STEP_HEIGHT:
        inv = 1.0 / tmap.cell_size
        if pathing.straight_walk_line(g, a[0] * inv, a[1] * inv, b[0] * inv, b[1] * inv):
            return Leg("walk", a, b, math.dist(a, b), cost=math.dist(a[:2], b[:2]))
    return None


def test_straight_walk_on_the_flat_copies_is_the_array_reading() -> None:
    """The same leg (or None) to the bit, for 2-D and 3-D points, in and out of the map, on a map with
    heights, water and walls and on a shipped one."""
    from tactics.map import load_map

    hilly = TacticalMap.from_grid(["..2.....", "..2.~~..", "...#....", "........"],
                                  legend={"2": {"kind": "floor", "height": 0.2}})
    rng = random.Random(11)
    walks = 0
    for tmap in (fresh(), hilly, load_map("maps/arena.toml")):
        x1, y1 = tmap.bounds[2], tmap.bounds[3]
        mover = Mover(running=6)
        for _ in range(600):
            a = (rng.uniform(-1, x1 + 1), rng.uniform(-1, y1 + 1))
            b = (rng.uniform(-1, x1 + 1), rng.uniform(-1, y1 + 1))
            if rng.random() < 0.5:
                a = (*a, rng.choice((0.0, 0.2, 1.5)))
            if rng.random() < 0.3:
                b = (*b, rng.choice((0.0, 0.2)))
            got, want = tmap.straight_walk(a, b, mover), _straight_walk_by_arrays(tmap, a, b, mover)
            assert got == want and (got is None or (got.start, got.end, got.cost) == (want.start, want.end, want.cost))
            walks += got is not None
    assert walks > 200
