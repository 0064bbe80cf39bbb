"""Map files: every shipped map loads; broken ones fail with one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics.errors import InputError
from tactics.map import Mover, load_map, validate_map

MAPS = sorted(p for p in (Path(__file__).resolve().parents[2] / "maps").glob("*.toml") if not p.name.endswith(".encounter.toml"))

GOOD = '''[map]
name = "t"
grid = """
r..#
...b
"""
'''


def test_the_six_maps_are_shipped() -> None:
    assert {p.stem for p in MAPS} >= {"arena", "ravine", "tower", "night-village", "river", "canyon"}


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_shipped_map_loads(path: Path) -> None:
    m = load_map(path)
    assert validate_map(path) == []
    assert m.name == path.stem and m.description
    assert 16 <= m.cols <= 32 and 10 <= m.rows <= 24
    assert {"red", "blue"} <= set(m.spawns)
    for team in ("red", "blue"):
        for x, y in m.spawns[team]:
            assert m.is_passable(x, y)
    # red can reach blue on foot, and the map survives its own dict
    assert m.path(m.spawns["red"][0], m.spawns["blue"][0], Mover(running=6, swimming=2)) is not None
    assert type(m).from_dict(m.to_dict()) == m


def test_ravine_needs_the_narrow_spot() -> None:
    m = load_map("maps/ravine.toml")
    legs = m.path(m.spawns["red"][0], m.spawns["blue"][0], Mover(running=6))
    assert [leg.gap for leg in legs if leg.kind == "jump"] in ([2.0], [4.0])
    assert m.path(m.spawns["red"][0], m.spawns["blue"][0], Mover(running=1.5)) is None


def test_river_must_be_swum_without_a_jump() -> None:
    m = load_map("maps/river.toml")
    legs = m.path(m.center(3, 6), m.center(20, 6), Mover(running=3, swimming=3))
    assert "swim" in [leg.kind for leg in legs]


def fails(tmp_path: Path, text: str) -> str:
    p = tmp_path / "bad.toml"
    p.write_text(text)
    with pytest.raises(InputError) as info:
        load_map(p)
    msg = str(info.value)
    assert "\n" not in msg and msg.startswith(str(p) + ": ")
    assert validate_map(p) == [msg]
    return msg[len(str(p)) + 2:]


def test_good_fixture_loads(tmp_path: Path) -> None:
    p = tmp_path / "good.toml"
    p.write_text(GOOD)
    assert load_map(p).cols == 4


def test_unreadable_toml(tmp_path: Path) -> None:
    assert fails(tmp_path, "[map]\nname = \n").startswith("line 2, column 8: unreadable TOML")


def test_missing_file() -> None:
    with pytest.raises(InputError, match="no such map file"):
        load_map("maps/nope.toml")


def test_ragged_grid(tmp_path: Path) -> None:
    msg = fails(tmp_path, GOOD.replace("...b", "...b."))
    assert msg.startswith("line 5, column") and "ragged grid: row 2 has 5 cells" in msg


def test_unknown_legend_character(tmp_path: Path) -> None:
    assert fails(tmp_path, GOOD.replace("r..#", "r.Q#")) == "line 4, column 3: unknown legend character 'Q'"


def test_grid_as_a_list_of_strings(tmp_path: Path) -> None:
    text = '[map]\ngrid = [\n  "r..#",\n  "..Qb",\n]\n'
    assert fails(tmp_path, text) == "line 4, column 6: unknown legend character 'Q'"


def test_spawn_inside_a_wall(tmp_path: Path) -> None:
    msg = fails(tmp_path, GOOD + "[spawns]\nred = [[3, 0]]\n")
    assert msg == "grid row 1, col 4: spawn zone 'red' on wall (a spawn cell must be walkable ground)" \
        or msg.startswith("line 4, column 4: spawn zone 'red' on wall")


def test_spawn_outside(tmp_path: Path) -> None:
    assert fails(tmp_path, GOOD + "[spawns]\nblue = [[0, 0], [9, 9]]\n").startswith(
        "[spawns] blue cell 2: cell (9, 9) is outside the map")


def test_light_polygon_outside_the_map(tmp_path: Path) -> None:
    text = GOOD + '[light]\npolygons = [\n {light="dim", wkt="POLYGON ((0 0, 1 0, 1 1, 0 0))"},\n' \
                  ' {light="bright", wkt="POLYGON ((0 0, 30 0, 30 1, 0 0))"},\n]\n'
    assert fails(tmp_path, text).startswith("[light] polygon 2: polygon goes outside the map")


def test_bad_light_values(tmp_path: Path) -> None:
    assert fails(tmp_path, GOOD + '[light]\ndefault = "gloomy"\n').startswith("[light] default: unknown light")
    assert fails(tmp_path, GOOD + '[light]\npolygons = [{light="dim", wkt="POLYGON ((0 0"}]\n').startswith(
        "[light] polygon 1: unreadable WKT")


def test_light_grid_place(tmp_path: Path) -> None:
    msg = fails(tmp_path, GOOD + '[light]\ngrid = """\nbbdd\nbbdx\n"""\n')
    assert msg.startswith("line 10, column 4: unknown light character 'x'")


def test_missing_keys_and_wrong_types(tmp_path: Path) -> None:
    assert fails(tmp_path, 'name = "x"\n').startswith("top level: unknown key 'name'")
    assert fails(tmp_path, '[legend]\n"." = "floor"\n') == "[map]: missing table [map]"
    assert fails(tmp_path, '[map]\nname = "x"\n') == "[map]: missing key 'grid'"
    assert fails(tmp_path, GOOD.replace('name = "t"', "cell_size = \"big\"")).startswith(
        "[map] cell_size: cell_size must be a number, not str")
    assert fails(tmp_path, GOOD.replace('name = "t"', "name = 3")).startswith("[map] name: must be a string")
    assert fails(tmp_path, GOOD + '[legend]\n"#" = { kind = "lava" }\n').startswith(
        "legend '#': unknown terrain kind 'lava'")
    assert fails(tmp_path, GOOD + '[legend]\n"#" = { kind = "wall", height = "tall" }\n').startswith(
        "legend '#': height must be a number")
    assert fails(tmp_path, GOOD + '[legend]\n"^" = { kind = "cliff", surface = "glass" }\n').startswith(
        "legend '^': unknown climb surface 'glass'")
    assert fails(tmp_path, GOOD + '[spawns]\nred = [[0, "a"]]\n').startswith(
        "[spawns] red cell 1: must be [col, row] (integers)")


def test_height_layer(tmp_path: Path) -> None:
    text = GOOD + '[heights]\nscale = 0.5\ngrid = """\n0124\n00a0\n"""\nregions = [{cells = [[0, 0]], height = 7}]\n'
    p = tmp_path / "h.toml"
    p.write_text(text)
    m = load_map(p)
    assert m.heights[0].tolist() == [7.0, 0.5, 1.0, 6.0] and m.heights[1, 2] == 5.0  # wall: 2 + 4 m
    assert fails(tmp_path, GOOD + '[heights]\ngrid = """\n0120\n00?0\n"""\n').startswith(
        "line 10, column 3: unknown height character '?'")
