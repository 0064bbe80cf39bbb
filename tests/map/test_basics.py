"""Attributes, point queries and the dict round trip of TacticalMap."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tactics.map import Mover, TacticalMap, load_map


@pytest.fixture
def small() -> TacticalMap:
    return TacticalMap.from_grid(
        ["r..#..b",
         "...=...",
         "~~,%_^H"],
        legend={"#": {"kind": "wall", "height": 4}},
        heights=["0000000", "0000000", "0000002"], name="small")


def test_drawing_attributes(small: TacticalMap) -> None:
    assert (small.cols, small.rows, small.cell_size) == (7, 3, 2.0)
    assert small.bounds == (0.0, 0.0, 14.0, 6.0)
    assert small.kinds.shape == small.heights.shape == small.depths.shape == (3, 7)
    assert small.kinds[0, 3] == "wall" and small.heights[0, 3] == 4.0
    assert small.kinds[1, 3] == "wall" and small.heights[1, 3] == 1.0
    assert small.depths[2, 0] == 2.0 and small.depths[2, 2] == 0.5 and small.depths[2, 4] == 10.0
    assert small.light_grid.shape == (3, 7) and set(small.light_grid.ravel()) == {"bright"}
    assert small.spawns == {"red": [(1.0, 1.0)], "blue": [(13.0, 1.0)]}


def test_cells_and_points(small: TacticalMap) -> None:
    assert small.cell_of(0.0, 0.0) == (0, 0)
    assert small.cell_of(1.99, 2.0) == (0, 1)          # y south: row 1 starts at y = 2
    assert small.center(3, 1) == (7.0, 3.0)
    kinds = {small.terrain_at(*small.center(c, 2)) for c in range(7)}
    assert kinds == {"water", "rubble", "gap", "cliff", "ladder"}
    assert small.terrain_at(-1, 0) is None
    assert small.ground_height(7, 1) == 4.0            # top of the wall
    assert small.ground_height(9, 5) == -10.0          # bottom of the gap
    assert small.ground_height(1, 5) == 0.0            # water surface
    assert small.ground_height(13, 5) == 2.0           # ladder cell raised by the height layer
    assert small.surface_at(11, 5) == "handholds" and small.surface_at(13, 5) == "ladder"
    assert small.surface_at(1, 1) is None
    assert small.is_passable(1, 1) and small.is_passable(7, 3)      # floor, low wall
    assert not small.is_passable(7, 1) and not small.is_passable(9, 5)  # tall wall, gap
    assert not small.is_passable(1, 5) and small.is_passable(5, 5)  # deep water, ford


def test_round_trip(small: TacticalMap) -> None:
    d = small.to_dict()
    again = TacticalMap.from_dict(json.loads(json.dumps(d)))
    assert again == small
    assert again.to_dict() == d
    np.testing.assert_array_equal(again.heights, small.heights)


def test_round_trip_light_and_heights() -> None:
    m = TacticalMap.from_grid(["r...", "...b"], light=["bbdd", "k..."], default_light="dark",
                              light_polygons=[("bright", "POLYGON ((0 0, 3 0, 3 3, 0 0))")],
                              heights=[[0, 1, 2, 3], [0.5, 0, 0, 0]], spawns={"green": [(2, 0)]})
    again = TacticalMap.from_dict(m.to_dict())
    assert again == m and again.light_at(2.5, 1.0) == m.light_at(2.5, 1.0)
    assert again.spawns["green"] == [(5.0, 1.0)]


def test_arena_is_the_default_map() -> None:
    arena = load_map("maps/arena.toml")
    assert arena.name == "arena" and {"red", "blue"} <= set(arena.spawns)
    legs = arena.path(arena.spawns["red"][0], arena.spawns["blue"][0], Mover(running=6))
    assert legs and legs[-1].end[:2] == arena.spawns["blue"][0]


def test_merged_polygons_and_tree(small: TacticalMap) -> None:
    polys = small.kind_polygons
    assert polys["wall"].area == 8.0 and polys["floor"].area == 4.0 * 12
    assert small.kinds_along((1.0, 1.0), (13.0, 1.0)) == {"floor", "wall"}
    assert "gap" in small.kinds_along((1.0, 5.0), (13.0, 5.0))
