"""The d100 sheet: msgspec validation, one-line errors, aptitude defaults (DECISIONS-d100 · Sheet)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tactics.errors import InputError
from tactics.rulesets.d100_opposed.sheet import LINKED, SKILLS, load_sheet, sheet_from_dict, sheet_to_dict

from .fakes import APTS, BLADE, PISTOL, sheet

ROOT = Path(__file__).resolve().parents[3]
SHEETS = sorted((ROOT / "assets/characters/d100").glob("*.toml"))


def test_six_sheets_ship_and_load() -> None:
    names = {p.stem for p in SHEETS}
    assert names == {"duelist", "gunner", "sniper", "heavy", "runner", "civilian"}
    for p in SHEETS:
        s = load_sheet(p)
        assert s.ruleset == "d100-opposed"
        assert sheet_from_dict(sheet_to_dict(s), "again") == s
        assert p.read_text().lstrip("# \n").count("ruleset") >= 1


def test_shipped_sheets_fit_their_roles() -> None:
    load = {p.stem: load_sheet(p) for p in SHEETS}
    assert load["duelist"].weapons[0].skill == "Melee"
    assert load["sniper"].weapons[0].kind == "energy" and load["sniper"].weapons[0].range.extreme >= 300
    assert load["heavy"].armor.kinetic >= 10
    assert load["runner"].speed == 2
    civ = load["civilian"]
    assert civ.skills == {} and civ.weapons == []
    assert civ.skill("Fray") == ("Fray (REF default)", 15)
    assert civ.skill("Unarmed") == ("Unarmed (SOM default)", 14)
    assert [w.name for w in civ.arms] == ["fists"] and civ.arms[0].damage.text == "1d10+1"


def test_sheets_are_hashable_and_equal_sheets_hash_alike() -> None:
    a = sheet(skills={"Fray": 40, "Melee": 50}, weapons=[BLADE])
    b = sheet(skills={"Melee": 50, "Fray": 40}, weapons=[BLADE])
    assert a == b and hash(a) == hash(b) and {a: 1}[b] == 1
    assert hash(a) != hash(sheet(skills={"Fray": 41, "Melee": 50}, weapons=[BLADE]))


def test_derived_numbers() -> None:
    s = sheet(durability=35)
    assert (s.wound_threshold_value, s.death_rating_value) == (7, 52)
    s = sheet(durability=35, wound_threshold=8, death_rating=60)
    assert (s.wound_threshold_value, s.death_rating_value) == (8, 60)
    assert (s.speed, s.walk, s.run, s.swim_value) == (1, 4.0, 20.0, 4.0)


def test_defaults_follow_the_linked_aptitude_table() -> None:
    s = sheet()
    for skill in SKILLS:
        label, value = s.skill(skill)
        assert value == APTS[LINKED[skill]] and label == f"{skill} ({LINKED[skill]} default)"
    assert LINKED["Fray"] == "REF" and LINKED["Kinetic Weapons"] == "COO" and LINKED["Beam Weapons"] == "COO"
    assert LINKED["Melee"] == LINKED["Unarmed"] == LINKED["Climbing"] == "SOM" and LINKED["Perception"] == "INT"


def test_skill_names_match_regardless_of_case() -> None:
    s = sheet(skills={"fray": 40, "KINETIC WEAPONS": 55}, weapons=[{**PISTOL, "skill": "kinetic weapons"}])
    assert s.skill("Fray") == ("Fray", 40) and s.weapons[0].skill == "Kinetic Weapons"


BASE: dict[str, Any] = {"ruleset": "d100-opposed", "name": "x", "durability": 40, "aptitudes": APTS}


@pytest.mark.parametrize("change, place, words", [
    ({"ruleset": "mano-a-mano"}, "ruleset", "'mano-a-mano', not 'd100-opposed'"),
    ({"durability": None}, "durability", "missing required field"),
    ({"durability": 0}, "durability", "expected int >= 1"),
    ({"aptitudes": {**APTS, "REF": 31}}, "aptitudes.REF", "<= 30"),
    ({"aptitudes": {**APTS, "LUC": 20}}, "aptitudes.LUC", "unknown field"),
    ({"skills": {"Fray": 100}}, "skills.Fray", "0-99, not 100"),
    ({"skills": {"fray": "40"}}, "skills.Fray", "expected int, got str"),
    ({"skills": {"Hacking": 40}}, "skills.Hacking", "unknown skill"),
    ({"speed": 5}, "speed", "<= 4"),
    ({"armor": {"energy": -1}}, "armor.energy", ">= 0"),
    ({"death_rating": 40}, "death_rating", "must exceed durability"),
    ({"walk": 30}, "walk", "more than run"),
    ({"weapons": [{**PISTOL, "dv": "d10"}]}, "weapons[0].dv", "not dice"),
    ({"weapons": [{**PISTOL, "ap": 2}]}, "weapons[0].ap", "<= 0"),
    ({"weapons": [{**PISTOL, "kind": "plasma"}]}, "weapons[0].kind", "known: kinetic, energy"),
    ({"weapons": [{k: v for k, v in PISTOL.items() if k != "range"}]}, "weapons[0].range", "needs range bands"),
    ({"weapons": [{**BLADE, "range": PISTOL["range"]}]}, "weapons[0].range", "no range bands"),
    ({"weapons": [{**PISTOL, "range": {"short": 50, "medium": 30, "long": 60, "extreme": 90}}]},
     "weapons[0].range", "must grow"),
    ({"weapons": [{**BLADE, "skill": "Climbing"}]}, "weapons[0].skill", "not a combat skill"),
    ({"weapons": [BLADE, BLADE]}, "weapons[1].name", "used twice"),
    ({"colour": "red"}, "colour", "unknown field"),
])
def test_refusals_are_one_line_naming_file_place_problem(change: dict[str, Any], place: str, words: str) -> None:
    data = dict(BASE)
    for k, v in change.items():
        if v is None:
            data.pop(k, None)
        else:
            data[k] = v
    with pytest.raises(InputError) as err:
        sheet_from_dict(data, "bad.toml")
    msg = str(err.value)
    assert "\n" not in msg
    assert err.value.file == "bad.toml" and err.value.place == place, msg
    assert words in msg


def test_the_ruleset_key_may_be_left_out_of_data_but_not_out_of_a_file(tmp_path: Path) -> None:
    data = {k: v for k, v in BASE.items() if k != "ruleset"}
    s = sheet_from_dict(data, "engine")                       # tactics.sheets takes the key off first
    assert sheet_to_dict(s)["ruleset"] == "d100-opposed" and list(sheet_to_dict(s))[0] == "ruleset"
    p = tmp_path / "nokey.toml"
    p.write_text('name = "x"\ndurability = 30\n')
    with pytest.raises(InputError) as err:
        load_sheet(p)
    assert err.value.place == "ruleset" and "missing" in str(err.value)


def test_load_sheet_from_a_file(tmp_path: Path) -> None:
    p = tmp_path / "x.toml"
    p.write_text('ruleset = "d100-opposed"\nname = "x"\ndurability = "ten"\n')
    with pytest.raises(InputError) as err:
        load_sheet(p)
    assert str(err.value).startswith(f"{p}: ")
    with pytest.raises(InputError, match="no such sheet"):
        load_sheet(tmp_path / "nope.toml")
