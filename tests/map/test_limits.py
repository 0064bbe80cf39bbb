"""Map limits and finite numbers (issue #16): a map too big, a number that is
NaN, infinite or absurd, a zone off the map — each refused with one line
naming the file and the place, before anything big is built."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tactics.errors import InputError
from tactics.map import TacticalMap, load_map
from tactics.map.limits import MAX_CELLS

GOOD = '''[map]
name = "t"
grid = """
r..#
...b
"""
'''

BAD = {
    # name: (text, the place the message must name, words of the problem)
    "too many cells": ('[map]\ngrid = """\n' + ("." * 600 + "\n") * 600 + '"""\n',
                       "[map] grid", "600 × 600 = 360,000 cells, over the limit of 262,144"),
    "one long row": ('[map]\ngrid = ["' + "." * (MAX_CELLS + 1) + '"]\n', "[map] grid", "over the limit"),
    "cell size nan": (GOOD.replace('name = "t"', "cell_size = nan"), "[map] cell_size", "finite number, not nan"),
    "cell size inf": (GOOD.replace('name = "t"', "cell_size = inf"), "[map] cell_size", "finite number, not inf"),
    "cell size tiny": (GOOD.replace('name = "t"', "cell_size = 0.01"), "[map] cell_size", "between 0.25 and 20"),
    "cell size huge": (GOOD.replace('name = "t"', "cell_size = 500"), "[map] cell_size", "between 0.25 and 20"),
    "cell size zero": (GOOD.replace('name = "t"', "cell_size = 0"), "[map] cell_size", "between 0.25 and 20"),
    "wall height nan": (GOOD + '[legend]\n"#" = { kind = "wall", height = nan }\n', "legend '#'", "finite"),
    "wall height inf": (GOOD + '[legend]\n"#" = { kind = "wall", height = inf }\n', "legend '#'", "finite"),
    "wall height absurd": (GOOD + '[legend]\n"#" = { kind = "wall", height = 1e9 }\n', "legend '#'",
                           "between 0 and 1000"),
    "gap depth absurd": (GOOD.replace("r..#", "r._#") + '[legend]\n"_" = { kind = "gap", depth = 5e6 }\n',
                         "legend '_'", "depth must be between 0 and 1000"),
    "water depth -inf": (GOOD + '[legend]\n"~" = { kind = "water", depth = -inf }\n', "legend '~'", "finite"),
    "height scale nan": (GOOD + '[heights]\nscale = nan\ngrid = """\n0000\n0000\n"""\n', "[heights] scale",
                         "finite"),
    "height scale absurd": (GOOD + '[heights]\nscale = 1e6\ngrid = """\n0000\n0100\n"""\n', "line 11, column 2",
                            "ground height must be a finite number between -1000 and 1000"),
    "ground nan": (GOOD + '[heights]\nground = [[0, 0, 0, 0], [0, 0, nan, 0]]\n', "[heights] ground row 2, col 3",
                   "finite"),
    "ground absurd": (GOOD + '[heights]\nground = [[0, 0, 0, 0], [0, 0, 0, -1e7]]\n',
                      "[heights] ground row 2, col 4", "between -1000 and 1000"),
    "region height inf": (GOOD + '[heights]\nregions = [{ cells = [[0, 0]], height = inf }]\n',
                          "[heights] region 1", "finite"),
    "region off the map": (GOOD + '[heights]\nregions = [{ cols = [0, 1000000000000], height = 1 }]\n',
                           "[heights] region 1", "cols [0, 1000000000000] is not a range of the map's 4 cols"),
    "region rows backwards": (GOOD + '[heights]\nregions = [{ rows = [1, 0], height = 1 }]\n',
                              "[heights] region 1", "rows [1, 0] is not a range"),
    "light polygon off the map": (GOOD + '[light]\npolygons = [{light="dark", wkt="POLYGON ((0 0, 90 0, 90 3, 0 0))"}]\n',
                                  "[light] polygon 1", "outside the map"),
    "light polygon nan": (GOOD + '[light]\npolygons = [{light="dark", wkt="POLYGON ((0 0, nan 0, 3 3, 0 0))"}]\n',
                          "[light] polygon 1", "invalid polygon"),
    "light grid too wide": (GOOD + '[light]\ngrid = """\nbbbbbbbb\nbbbb\n"""\n', "line 9, column 5", "light grid row 1 has 8"),
    "light grid too long": (GOOD + '[light]\ngrid = """\nbbbb\nbbbb\nbbbb\n"""\n', "line 11, column 1",
                            "light grid has 3 rows, the map has 2"),
    "spawn off the map": (GOOD + "[spawns]\nred = [[2, 40]]\n", "[spawns] red cell 1", "outside the map"),
    "spawn negative": (GOOD + "[spawns]\nblue = [[-1, 0]]\n", "[spawns] blue cell 1", "outside the map"),
    "height grid too big": (GOOD + '[heights]\ngrid = """\n' + ("0" * 600 + "\n") * 600 + '"""\n',
                            "line 9, column 1", "over the limit of 262,144 cells"),
}


@pytest.mark.parametrize("name", list(BAD))
def test_bad_map_is_refused_with_file_and_place(tmp_path: Path, name: str) -> None:
    text, place, problem = BAD[name]
    p = tmp_path / "bad.toml"
    p.write_text(text)
    t0 = time.perf_counter()
    with pytest.raises(InputError) as info:
        load_map(p)
    assert time.perf_counter() - t0 < 10  # refused before anything big is built (no 11.7 GB)
    msg = str(info.value)
    assert "\n" not in msg
    assert msg.startswith(f"{p}: {place}"), msg
    assert problem in msg, msg


def test_the_limit_itself_loads(tmp_path: Path) -> None:
    p = tmp_path / "wide.toml"
    p.write_text('[map]\ngrid = """\n' + ("." * 1024 + "\n") * 256 + '"""\n')
    m = load_map(p)
    assert m.cols * m.rows == MAX_CELLS


def test_the_cli_refuses_a_huge_map_with_status_2(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from tactics.cli import app

    p = tmp_path / "huge.toml"
    p.write_text('[map]\ngrid = """\n' + ("." * 2000 + "\n") * 2000 + '"""\n')
    out = CliRunner().invoke(app, ["validate", str(p)])
    assert out.exit_code == 2
    assert f"{p}: [map] grid: the map is 2000 × 2000 = 4,000,000 cells" in " ".join(out.output.split())


@pytest.mark.parametrize(("kwargs", "place"), [
    ({"rows": ["." * 1000] * 300}, "[map] grid"),
    ({"rows": ["...."], "cell_size": float("nan")}, "[map] cell_size"),
    ({"rows": ["...."], "cell_size": 100}, "[map] cell_size"),
    ({"rows": ["...."], "heights": [[0, 0, float("inf"), 0]]}, "[heights] row 1, col 3"),
    ({"rows": ["..#."], "legend": {"#": {"kind": "wall", "height": float("nan")}}}, "legend '#'"),
])
def test_maps_built_in_python_have_the_same_limits(kwargs: dict, place: str) -> None:
    with pytest.raises(InputError) as info:
        TacticalMap.from_grid(**kwargs)
    assert str(info.value).startswith(f"<grid>: {place}")
