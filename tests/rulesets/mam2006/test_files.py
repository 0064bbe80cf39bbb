"""Sheets and encounters on disk: every shipped file loads; bad input is one line naming file, place, problem."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tactics.errors import InputError
from tactics.rulesets.mano_a_mano_2006 import RULESET, load_sheet, sheet_from_dict
from tactics.rulesets.mano_a_mano_2006.sheet import sheet_to_dict

ROOT = Path(__file__).resolve().parents[3]
SHEETS = sorted((ROOT / "assets" / "characters" / "mam2006").glob("*.toml"))
ENCOUNTERS = [ROOT / "maps" / "modre.encounter.toml", ROOT / "maps" / "melee2006.encounter.toml"]


def test_six_sheets() -> None:
    assert {p.stem for p in SHEETS} >= {"modre", "clone", "swordsman", "archer", "wrestler", "shield_bearer"}


@pytest.mark.parametrize("path", SHEETS, ids=lambda p: p.stem)
def test_sheet_loads_and_round_trips(path: Path) -> None:
    sheet = load_sheet(path)
    assert sheet.ruleset == "mano-a-mano-2006"
    assert RULESET.sheet_from_dict(RULESET.sheet_to_dict(sheet), str(path)) == sheet
    assert sheet.max_hp >= 1 and sheet.hp_per_round == (sheet.max_hp + 1) // 2
    p = RULESET.presentation(sheet)
    assert sum(p.start_tracks().values()) == sheet.max_hp


def test_the_other_fighters() -> None:
    by = {p.stem: load_sheet(p) for p in SHEETS}
    assert (by["swordsman"].max_hp, by["swordsman"].stride) == (7, 3.0)
    assert by["wrestler"].max_hp == 8 and by["wrestler"].weapon("body").attack == 3
    assert by["archer"].weapon("long bow").is_missile and by["archer"].weapon("long bow").range == 150
    assert by["shield_bearer"].weapon("great shield").parry == 4


@pytest.mark.parametrize("data, place, problem", [
    ({"name": "x", "hp": "six"}, "hp", "expected int | null, got str"),
    ({"name": "x", "colour": "red"}, "colour", "unknown field"),
    ({"hp": 3}, "name", "missing required field"),
    ({"name": "x", "weapons": [{"name": "bow", "kind": "missile"}]}, "weapons[0].range", "needs a range"),
    ({"name": "x", "weapons": [{"name": "a"}, {"name": "a"}]}, "weapons[1].name", "used twice"),
    ({"name": "x", "weapons": [{"name": "a", "power": -1}]}, "weapons[0].power", "expected int >= 0"),
    ({"name": "x", "armor": [{"name": "a", "cover": 0, "absorption": 1}]}, "armor[0].cover", ">= 1"),
    ({"name": "x", "ruleset": "mano-a-mano"}, "ruleset", "not 'mano-a-mano'"),
    ({"name": "x", "speed": 2.0}, "speed", "1/4, 1/2 or 1"),
])
def test_bad_sheets_are_one_line(data: dict, place: str, problem: str) -> None:
    with pytest.raises(InputError) as err:
        sheet_from_dict(data, "bad.toml")
    msg = str(err.value)
    assert "\n" not in msg and msg.startswith(f"bad.toml: {place}: ") and problem in msg, msg


def test_missing_file_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such sheet"):
        load_sheet(tmp_path / "nope.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\nhp = \n')
    with pytest.raises(InputError, match=r"bad.toml: line 2"):
        load_sheet(bad)


def test_to_dict_omits_defaults() -> None:
    assert sheet_to_dict(sheet_from_dict({"name": "x"})) == {"name": "x"}


@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_encounters(path: Path) -> None:
    data = tomllib.loads(path.read_text())
    assert data["ruleset"] == "mano-a-mano-2006"
    assert (ROOT / "maps" / f"{data['map']}.toml").is_file()
    for team in data["teams"].values():
        for m in team["members"]:
            assert load_sheet(path.parent / m["character"]).ruleset == "mano-a-mano-2006"
    sizes = sorted(len(t["members"]) for t in data["teams"].values())
    assert sizes == ([1, 1] if path.stem.startswith("modre") else [3, 3])
