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
