"""The path search against plain references: Dijkstra for the cost, the cell
list of a grid walk for the straight-line checks behind smoothing."""

from __future__ import annotations

import math
import random

import pytest

from tactics.map import Mover, TacticalMap, jump
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


MOVERS = [Mover(running=6), Mover(running=6, swimming=3), Mover(running=4, airspeed=8),
          Mover(running=9, climb_surfaces={"handholds"}), Mover(running=2)]


def check_paths(m: TacticalMap, mover: Mover, rng: random.Random, goals: int, starts: int) -> None:
    """A* paths cost what Dijkstra says, step along real edges, and exist when a way does."""
    g = m.movement_arrays(mover)
    nodes = [i for i, c in enumerate(g.cls.ravel().tolist()) if c != 0]
    for _ in range(goals if nodes else 0):
        t = rng.choice(nodes)
        dist = g.dijkstra_to([t]).ravel()
        for s in rng.sample(nodes, min(starts, len(nodes))):
            path = g.astar(s, t)
            if path is None:
                assert math.isinf(dist[s]), (s, t)
                continue
            assert path[0] == s and path[-1] == t
            edges = [g.edge(a, b) for a, b in zip(path, path[1:])]
            assert all(e is not None for e in edges), (s, t, path)
            assert math.isclose(sum(e["cost"] for e in edges), dist[s], rel_tol=1e-12, abs_tol=1e-9), (s, t)


@pytest.fixture(params=["as built", "always jump"])
def jumping(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each search test twice: as the tables decide, and with jump point search
    on every map (small random maps mostly get plain A*)."""
    if request.param == "always jump":
        monkeypatch.setattr(jump, "WORTH_IT", 0.0)


def test_paths_are_as_cheap_as_dijkstra_on_random_maps(jumping: None) -> None:
    rng = random.Random(11)
    for _ in range(150):
        if rng.random() < 0.5:
            rows, cols, density = rng.randint(1, 12), rng.randint(1, 12), rng.random()
        else:  # sparse: long rays over open ground
            rows, cols, density = rng.randint(12, 36), rng.randint(12, 36), rng.random() * 0.15
        check_paths(random_map(rng, rows, cols, density), rng.choice(MOVERS), rng, 3, 6)


def test_paths_are_as_cheap_as_dijkstra_behind_walls_with_gaps(jumping: None) -> None:
    # the engine benchmark's map in small: long walls with gaps, scattered rubble
    rng = random.Random(3)
    n = 48
    grid = ["".join("#" if c in (15, 32) and r % 8 not in (0, 1) else
                    "%" if (r * 7 + c * 3) % 23 == 0 else "." for c in range(n)) for r in range(n)]
    check_paths(TacticalMap.from_grid(grid), Mover(running=6), rng, 6, 20)


def test_legs_from_the_search_edges_match_legs_from_looked_up_edges(jumping: None) -> None:
    from tactics.map.pathing import legs_along

    rng = random.Random(8)
    for _ in range(40):
        m = random_map(rng, rng.randint(2, 20), rng.randint(2, 20), rng.random() * 0.4)
        g = m.movement_arrays(rng.choice(MOVERS))
        nodes = [i for i, c in enumerate(g.cls.ravel().tolist()) if c != 0]
        for _ in range(10 if len(nodes) > 1 else 0):
            s, t = rng.sample(nodes, 2)
            edges: list[int] = []
            path = g.astar(s, t, edges)
            if path is None:
                continue
            assert len(edges) == len(path) - 1
            a = ((s % g.cols + 0.3) * g.s, (s // g.cols + 0.6) * g.s, float(g.stand.flat[s]))
            b = ((t % g.cols + 0.5) * g.s, (t // g.cols + 0.5) * g.s, float(g.stand.flat[t]))
            assert legs_along(g, path, a, b, edges) == legs_along(g, path, a, b)


@pytest.mark.parametrize("seed", range(4))
def test_scipy_fields_are_the_python_fields_to_the_last_bit(seed: int, monkeypatch) -> None:
    """Maps over SCIPY_FROM cells get their fields from scipy; the search in Python (forced here)
    must give the very same floats, so a fight is the same whichever ran."""
    from tactics.map import graph as graph_mod

    rng = random.Random(seed)
    tmap = random_map(rng, 70, 70, 0.25)  # 4,900 cells: over SCIPY_FROM
    assert tmap.rows * tmap.cols > graph_mod.SCIPY_FROM
    for mover in (Mover(running=6), Mover(running=6, swimming=2), Mover(running=4, airspeed=10)):
        g = tmap.movement_arrays(mover)
        goals = [rng.randrange(g.rows * g.cols) for _ in range(rng.randint(1, 5))]
        fast = g.dijkstra_to(goals)
        monkeypatch.setattr(graph_mod, "SCIPY_FROM", 10**9)
        slow = g.dijkstra_to(goals)
        monkeypatch.setattr(graph_mod, "SCIPY_FROM", 4096)
        assert fast.tobytes() == slow.tobytes()
        assert math.isfinite(float(fast.min())) and fast.min() == 0.0
