"""Light zones: map default, cell layer, polygons painted in order."""

from __future__ import annotations

import numpy as np

from tactics.map import TacticalMap, load_map


def make() -> TacticalMap:
    return TacticalMap.from_grid(["....", "....", "...."], default_light="dark",
                                 light=["bd..", "....", "...."],
                                 light_polygons=[("bright", "POLYGON ((3 2, 7 2, 7 6, 3 6, 3 2))")])


def test_cell_layer_and_default() -> None:
    m = make()
    assert m.light_at(1.0, 1.0) == "bright" and m.light_at(3.0, 1.0) == "dim"
    assert m.light_at(7.0, 1.0) == "dark"
    assert m.light_at(-5.0, 1.0) == "dark"                       # outside: the default


def test_boundaries() -> None:
    m = make()
    assert m.light_at(1.999, 1.0) == "bright" and m.light_at(2.0, 1.0) == "dim"   # cell edge x = 2
    assert m.light_at(3.0, 4.0) == "bright"                       # a polygon owns its boundary
    assert m.light_at(2.999, 4.0) == "dark" and m.light_at(7.001, 4.0) == "dark"
    assert m.light_at(5.0, 1.999) == "dark" and m.light_at(5.0, 2.0) == "bright"


def test_many_matches_one() -> None:
    m = make()
    rng = np.random.default_rng(1)
    xs, ys = rng.uniform(-1, 9, 2000), rng.uniform(-1, 7, 2000)
    xs[:4], ys[:4] = [3.0, 7.0, 2.0, 5.0], [4.0, 6.0, 1.0, 2.0]
    many = m.light_at_many(xs, ys)
    assert list(many) == [m.light_at(x, y) for x, y in zip(xs, ys)]


def test_night_village_zones() -> None:
    m = load_map("maps/night-village.toml")
    assert m.default_light == "dark"
    assert m.light_at(2.0, 15.0) == "dark"              # west road
    assert m.light_at(20.0, 15.0) == "bright"           # the square
    assert m.light_at(25.0, 13.0) == "dim"              # the well's glow painted last
    assert m.light_at(12.0, 8.0) == "dim"               # the lantern court (cell layer)
    assert {"bright", "dim", "dark"} == set(m.light_grid.ravel())


def test_uniform_light_only_where_every_point_has_it() -> None:
    """``uniform_light`` names the one level of a map lit alike everywhere (in and out of it) and is
    None as soon as a layer cell differs or any polygon is painted; ``light_at`` agrees either way."""
    plain = TacticalMap.from_grid(["....", "...."], default_light="dim")
    assert plain.uniform_light == "dim"
    assert {plain.light_at(x, y) for x in (-1.0, 1.0, 7.9, 9.0) for y in (0.5, 3.9, 5.0)} == {"dim"}
    assert list(plain.light_at_many(np.array([1.0, 9.0]), np.array([1.0, 1.0]))) == ["dim", "dim"]
    assert make().uniform_light is None
    assert TacticalMap.from_grid(["....", "...."], light=["...k", "...."]).uniform_light is None
    same = TacticalMap.from_grid(["....", "...."], default_light="dark", light=["kk..", "...."])
    assert same.uniform_light == "dark"  # a layer painted with the default's own level
    polygon = TacticalMap.from_grid(["....", "...."], default_light="dark",
                                    light_polygons=[("dark", "POLYGON ((1 1, 3 1, 3 3, 1 3, 1 1))")])
    assert polygon.uniform_light is None  # any polygon: its cells ask the lookup (never a wrong answer)
    assert polygon.light_at(2.0, 2.0) == "dark"
    assert make().light_at(3.0, 1.0) == "dim" and load_map("maps/arena.toml").uniform_light == "bright"
