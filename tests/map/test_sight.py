"""Line of sight: DECISIONS · Attacks at a distance (3-D line over obstacles)."""

from __future__ import annotations

import numpy as np

from tactics.map import TacticalMap


def test_tall_wall_blocks_low_wall_does_not(walled: TacticalMap) -> None:
    # along row 2: the 4 m wall at col 2 and the 1 m wall at col 4
    west, mid, east = (1.0, 5.0, 1.5), (7.0, 5.0, 1.5), (13.0, 5.0, 1.5)
    assert not walled.line_of_sight(west, mid)            # through the tall wall
    assert walled.line_of_sight(mid, east)                 # over the low wall at eye height
    assert not walled.line_of_sight((7.0, 5.0, 0.5), (13.0, 5.0, 0.5))  # crouching behind it
    assert walled.line_of_sight(east, mid) == walled.line_of_sight(mid, east)


def test_over_a_low_wall_from_a_height(walled: TacticalMap) -> None:
    archer = (10.1, 8.1, 11.5)                             # at the edge of the 10 m platform
    crouched = (7.0, 5.0, 0.5)                             # behind the 1 m wall seen from the east
    assert walled.line_of_sight(archer, crouched)
    assert not walled.line_of_sight((13.0, 5.0, 1.5), crouched)


def test_never_under_or_through_a_high_wall(walled: TacticalMap) -> None:
    for z in (0.1, 1.5, 3.9):
        assert not walled.line_of_sight((1.0, 5.0, z), (7.0, 5.0, z))
    assert walled.line_of_sight((1.0, 5.0, 4.1), (7.0, 5.0, 4.1))   # over its top


def test_higher_ground_blocks(walled: TacticalMap) -> None:
    # the platform (10 m) stands between (9, 9) and a point beyond the map edge east
    assert not walled.line_of_sight((9.0, 9.0, 1.5), (13.9, 9.0, 1.5))
    assert walled.line_of_sight((9.0, 9.0, 1.5), (7.0, 9.0, 1.5))


def test_many_agrees_with_one(walled: TacticalMap) -> None:
    rng = np.random.default_rng(7)
    n = 400
    A = np.column_stack([rng.uniform(0, 14, n), rng.uniform(0, 10, n), rng.uniform(0, 12, n)])
    B = np.column_stack([rng.uniform(0, 14, n), rng.uniform(0, 10, n), rng.uniform(0, 12, n)])
    many = walled.line_of_sight_many(A, B)
    one = np.array([walled.line_of_sight(tuple(a), tuple(b)) for a, b in zip(A, B)])
    assert many.dtype == bool and many.shape == (n,)
    assert (many == one).mean() > 0.99        # equal except measure-zero grazing of corners
    assert not many.all() and many.any()


# ---------------------------------------------------------------- bulk sight on every shipped map
# line_of_sight_many answers in numpy (tactics.map.sightlines); clear_many_shapely is the method
# it replaced, and the answers must be the same to the last bit, grazing lines included.

import pytest  # noqa: E402

from tactics.map import load_map  # noqa: E402
from tactics.map import sight as sight_module  # noqa: E402
from tactics.map.sightlines import rectangles  # noqa: E402

SHIPPED = ["arena", "canyon", "night-village", "ravine", "river", "tower"]


def _line_sets(m: TacticalMap, rng: np.random.Generator) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Random eyes; cell centre to cell centre (through corners); ends on grid lines and corners;
    vertical lines; lines partly off the map; lines under the lowest ground."""
    s, (_, _, w, h) = m.cell_size, m.bounds
    cells = np.argwhere(m.standable)
    eyes = np.array([(*m.center(c, r), m.floor_z[r, c] + rng.choice([0.5, 1.5, 3.0])) for r, c in cells])
    k = 3000
    pick = rng.integers(0, len(eyes), (k, 2))
    grid_a = np.column_stack([rng.integers(0, m.cols + 1, k) * s, rng.integers(0, 2 * m.rows + 1, k) * s / 2,
                              rng.uniform(-12, 14, k)])
    grid_b = np.column_stack([rng.integers(0, 2 * m.cols + 1, k) * s / 2, rng.integers(0, m.rows + 1, k) * s,
                              rng.uniform(-12, 14, k)])
    wide_a = np.column_stack([rng.uniform(-6, w + 6, k), rng.uniform(-6, h + 6, k), rng.uniform(-3, 15, k)])
    wide_b = np.column_stack([rng.uniform(-6, w + 6, k), rng.uniform(-6, h + 6, k), rng.uniform(-3, 15, k)])
    vertical_b = np.column_stack([wide_a[:, :2], rng.uniform(-3, 15, k)])
    return {"random": (wide_a, wide_b), "centres": (eyes[pick[:, 0]], eyes[pick[:, 1]]),
            "grid lines": (grid_a, grid_b), "vertical": (wide_a, vertical_b)}


@pytest.mark.parametrize("name", SHIPPED)
def test_many_equals_the_shapely_method_on_every_shipped_map(name: str, monkeypatch) -> None:
    m = load_map(f"maps/{name}.toml")
    g = m.sight
    for what, (A, B) in _line_sets(m, np.random.default_rng(19)).items():
        expected = g.clear_many_shapely(A, B)
        assert (m.line_of_sight_many(A, B) == expected).all(), what
        with monkeypatch.context() as mp:  # the cell-by-cell way gives the same answers
            mp.setattr(sight_module, "RECT_PAIRS_MAX", 0)
            assert (g.clear_many(A, B) == expected).all(), what
        if what == "grid lines":  # some below the ground, some above everything
            assert expected.any() and not expected.all()


@pytest.mark.parametrize("name", SHIPPED)
def test_many_equals_one_and_brute_force_on_lines_that_graze_nothing(name: str) -> None:
    m = load_map(f"maps/{name}.toml")
    rng = np.random.default_rng(23)
    n = 300
    w, h = m.bounds[2], m.bounds[3]
    zs = (float(m.floor_z.min()) - 1, float(m.floor_z.max()) + 3)
    A = np.column_stack([rng.uniform(0, w, n), rng.uniform(0, h, n), rng.uniform(*zs, n)])
    B = np.column_stack([rng.uniform(0, w, n), rng.uniform(0, h, n), rng.uniform(*zs, n)])
    many = m.line_of_sight_many(A, B)
    one = [m.line_of_sight(tuple(a), tuple(b)) for a, b in zip(A.tolist(), B.tolist())]
    assert many.tolist() == one
    assert many.tolist() == [_brute_clear(m, a, b) for a, b in zip(A.tolist(), B.tolist())]
    assert many.any() and not many.all()


def _brute_clear(m: TacticalMap, a: list[float], b: list[float]) -> bool:
    """Every cell of the map: where does the 2-D segment cross its square, and is the line's
    lowest point there under the cell's top?"""
    s = m.cell_size
    for r in range(m.rows):
        for c in range(m.cols):
            t0, t1 = 0.0, 1.0
            for p, d, lo, hi in ((a[0], b[0] - a[0], c * s, (c + 1) * s), (a[1], b[1] - a[1], r * s, (r + 1) * s)):
                if d == 0:
                    if not lo <= p <= hi:
                        t0, t1 = 1.0, 0.0
                    continue
                u, v = (lo - p) / d, (hi - p) / d
                t0, t1 = max(t0, min(u, v)), min(t1, max(u, v))
            if t0 < t1:
                zmin = min(a[2] + (b[2] - a[2]) * t0, a[2] + (b[2] - a[2]) * t1)
                if m.floor_z[r, c] > zmin + 1e-9:
                    return False
    return True


def test_rectangles_cover_the_tall_cells_once() -> None:
    m = load_map("maps/night-village.toml")
    r = rectangles(m.floor_z, m.cell_size)
    covered = np.zeros(m.floor_z.shape, int)
    s = m.cell_size
    for x0, y0, x1, y1, top in zip(*r):
        rows, cols = slice(int(y0 / s), int(y1 / s)), slice(int(x0 / s), int(x1 / s))
        assert (m.floor_z[rows, cols] == top).all()
        covered[rows, cols] += 1
    assert (covered == (m.floor_z > m.floor_z.min())).all()
    assert list(r.top) == sorted(r.top, reverse=True)


@pytest.mark.parametrize("lists", [True, False])
@pytest.mark.parametrize("shape", [(37, 23), (1, 9), (16, 1), (64, 64)])
def test_box_max_equals_brute_force(shape: tuple[int, int], lists: bool, monkeypatch) -> None:
    # big maps read the sparse table's numpy rows instead of plain lists: same answers
    monkeypatch.setattr(sight_module, "LIST_TABLE_MAX", 10**9 if lists else 0)
    rng = np.random.default_rng(5)
    top = rng.integers(0, 5, shape).astype(float)
    g = sight_module.SightGrid(top, 2.0)
    for _ in range(500):
        c0, c1 = sorted(rng.integers(-3, shape[1] + 3, 2).tolist())
        r0, r1 = sorted(rng.integers(-3, shape[0] + 3, 2).tolist())
        sub = top[max(r0, 0):max(r1 + 1, 0), max(c0, 0):max(c1 + 1, 0)]
        want = sub.max() if sub.size else -np.inf
        assert g.box_max(c0, r0, c1, r1) == want
        if sub.size:
            assert g.box_max_many(np.array([c0]), np.array([r0]), np.array([c1]), np.array([r1]))[0] == want
