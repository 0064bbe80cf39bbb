"""Sheets: msgspec-validated TOML, one-line errors (DECISIONS-fudge · Sheet)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics.errors import InputError
from tactics.rulesets.fudge_opposed import RULESET
from tactics.rulesets.fudge_opposed.sheet import load_sheet, sheet_from_dict, sheet_to_dict

ROOT = Path(__file__).resolve().parents[3]
SHEETS = sorted((ROOT / "assets" / "characters" / "fudge").glob("*.toml"))


def base(**over):
    data = {"ruleset": "fudge-opposed", "name": "x", "hit_points": 10, "skills": {"Melee": 2},
            "weapons": [{"name": "sword", "bonus": 2}]}
    data.update(over)
    return data


def refusal(data) -> str:
    with pytest.raises(InputError) as err:
        sheet_from_dict(data, "s.toml")
    text = str(err.value)
    assert "\n" not in text and text.startswith("s.toml: ")
    return text


def test_six_sheets_ship_and_load():
    names = {p.stem for p in SHEETS}
    assert names == {"swordsman", "shield_bearer", "marksman", "brawler", "sneak", "trooper"}
    for p in SHEETS:
        sheet = load_sheet(str(p))
        assert sheet.ruleset == "fudge-opposed" and sheet.hit_points > 0
        assert sheet_from_dict(sheet_to_dict(sheet), "roundtrip") == sheet


def test_missing_skills_count_minus_one_and_move_defaults_to_5_plus_athletics():
    s = sheet_from_dict(base(skills={"Athletics": 2}))
    assert s.skill("Stealth") == -1 and s.move_m == 7.0
    assert sheet_from_dict(base(move=4)).move_m == 4.0
    assert sheet_from_dict(base()).soak == 0


def test_lower_case_skill_names_are_accepted():
    assert sheet_from_dict(base(skills={"melee": 3})).skill("Melee") == 3


def test_ranged_weapon_max_range_defaults_by_band():
    s = sheet_from_dict(base(weapons=[{"name": "a", "damage": 3, "band": "short-range"},
                                      {"name": "b", "damage": 3, "band": "ranged"},
                                      {"name": "c", "damage": 3, "band": "long-range", "max_range": 500}]))
    assert [w.reach_m for w in s.weapons] == [15.0, 60.0, 500.0]


@pytest.mark.parametrize("data,expected", [
    ({"name": "x", "hit_points": 3}, "s.toml: ruleset: missing required field"),
    (base(ruleset="mano-a-mano"), "s.toml: ruleset: this sheet is for 'mano-a-mano', not 'fudge-opposed'"),
    (base(hit_points=-2), "s.toml: hit_points: hit points must be at least 1, not -2"),
    (base(hit_points="ten"), "s.toml: hit_points: expected int, got str"),
    (base(skills={"Fencing": 2}), "s.toml: skills.Fencing: unknown skill 'Fencing'"),
    (base(skills={"Melee": "high"}), "s.toml: skills.Melee: expected int, got str"),
    (base(soak=-1), "s.toml: soak: Soak cannot be negative, not -1"),
    (base(weapons=[{"name": "gun", "damage": 3, "band": "far"}]), "s.toml: weapons[0].band: unknown band 'far'"),
    (base(weapons=[{"name": "gun", "band": "ranged"}]), "s.toml: weapons[0].damage: a ranged weapon needs a damage"),
    (base(weapons=[{"name": "club", "damage": 3}]), "s.toml: weapons[0].damage: only ranged weapons"),
    (base(weapons=[{"name": "club", "hands": 3}]), "s.toml: weapons[0].hands:"),
    (base(weapons=[{"name": "a"}, {"name": "a"}]), "s.toml: weapons[1].name: weapon name 'a' is used twice"),
    (base(colour="red"), "s.toml: colour: unknown field"),
    (base(name=None), "s.toml: name: expected str, got null"),
])
def test_refusals_name_file_place_and_problem(data, expected):
    assert refusal(data).startswith(expected)


def test_missing_file_is_one_line():
    with pytest.raises(InputError, match="no such sheet"):
        load_sheet("nope.toml")


def test_ruleset_object_loads_sheets():
    s = RULESET.sheet_from_dict(base(), "inline")
    assert RULESET.sheet_to_dict(s)["ruleset"] == "fudge-opposed"
    with pytest.raises(InputError):
        RULESET.sheet_from_dict(base(hit_points=0), "inline")
