"""The shipped d100 encounters: their maps load, their sheets are d100 sheets, the setting holds."""

from __future__ import annotations

import math
import tomllib
from pathlib import Path

import pytest

from tactics.rulesets.d100_opposed import RULESET
from tactics.rulesets.d100_opposed.sheet import load_sheet

ROOT = Path(__file__).resolve().parents[3]


def _encounter(name: str) -> tuple[dict, dict]:
    path = ROOT / "maps" / f"{name}.encounter.toml"
    data = tomllib.loads(path.read_text())
    sheets = {}
    for team, spec in data["teams"].items():
        for i, m in enumerate(spec["members"]):
            sheets[(team, i)] = (load_sheet(path.parent / m["character"]), m)
    return data, sheets


@pytest.mark.parametrize("name", ["firefight", "brawl"])
def test_encounter_files(name: str) -> None:
    data, sheets = _encounter(name)
    assert data["ruleset"] == "d100-opposed" == RULESET.name
    assert data["map"] == name and (ROOT / "maps" / f"{name}.toml").is_file()
    assert all(s.ruleset == "d100-opposed" for s, _ in sheets.values())
    RULESET.options_type(**data.get("options", {}))


def test_firefight_sniper_in_light_gunner_in_dark() -> None:
    from tactics.map import load_map

    data, sheets = _encounter("firefight")
    m = load_map(ROOT / "maps" / "firefight.toml")
    (sniper, ms), (gunner, mg) = sheets[("red", 0)], sheets[("blue", 0)]
    assert sniper.weapons[0].skill == "Beam Weapons" and gunner.weapons[0].skill == "Kinetic Weapons"
    assert m.light_at(*ms["at"]) == "bright" and m.light_at(*mg["at"]) == "dark"
    assert m.line_of_sight((*ms["at"], 1.5), (*mg["at"], 1.5))
    gap = math.dist(ms["at"], mg["at"])
    assert gap <= sniper.weapons[0].range.extreme and gap <= gunner.weapons[0].range.extreme
    # cover: containers (3 m) that block sight and low walls (1 m) to shoot over
    kinds = {(m.kinds[r][c], float(m.heights[r][c])) for r in range(m.rows) for c in range(m.cols)}
    assert ("wall", 3.0) in kinds and ("wall", 1.0) in kinds


def test_brawl_is_close_quarters() -> None:
    from tactics.map import load_map

    data, sheets = _encounter("brawl")
    m = load_map(ROOT / "maps" / "brawl.toml")
    assert m.cols * m.cell_size <= 32 and m.rows * m.cell_size <= 20
    assert {"red", "blue"} <= set(m.spawns)
    assert any(m.light_at(x, y) == "bright" for x, y in m.spawns["red"])       # the street door
    weapons = [w for s, _ in sheets.values() for w in s.arms]
    assert any(w.melee for w in weapons)
    assert {s.name for s, _ in sheets.values()} == {"Kestrel", "Vesper", "Brick", "Dana"}
