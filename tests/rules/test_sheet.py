"""Sheets: derived stats, the reference sheets, round trips, bad files."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics.errors import InputError
from tactics.rules import Character, character_from_dict, load_character

from .conftest import CHARACTERS, sheet

ALL_SHEETS = sorted(p.stem for p in CHARACTERS.glob("*.toml"))


def test_every_reference_sheet_is_there():
    for name in ("steven", "clone", "archer", "spear_thrower", "grappler", "winged", "climber", "soldier"):
        assert name in ALL_SHEETS


@pytest.mark.parametrize("name", ALL_SHEETS)
def test_round_trip(name):
    c = sheet(name)
    again = character_from_dict(c.to_dict())
    assert again == c
    assert again.melee_defense == c.melee_defense and again.armor_zones == c.armor_zones


def test_archer():
    a = sheet("archer")
    bow = a.weapon("longbow")
    assert a.attack_with(bow) == 4  # missile weapon attack = its ability only
    assert a.defense_with(bow) is None
    assert a.power_with(bow) == 6  # bows use their own power, even above strength
    assert a.missile_defense == 11  # 10 + agility
    assert a.melee_defense == 12  # knife: 10 + 1 + 1
    assert a.can_draw(bow)


def test_spear_thrower():
    s = sheet("spear_thrower")
    assert s.attack_with("javelin") == 5  # throwing 4 + agility 1
    assert s.throw_modifier == 5
    assert s.power_with("javelin") == 4  # max(strength 4, power 4)
    assert s.attack_with("spear") == 1 + 2  # agility + two-handed weapons
    assert s.carried_mass == pytest.approx(3 * 0.8 + 1.5)


def test_grappler():
    g = sheet("grappler")
    assert g.grapple_attack == 4 + 1 + 5
    assert g.grapple_defense == 20


def test_winged():
    w = sheet("winged")
    assert w.airspeed == 8 and "flying" in w.qualities
    talons = w.weapon("talons")
    assert w.power_with(talons) == 2 + 1  # strength + leverage
    assert w.attack_with(talons) == 2 + 2


def test_soldier_layers():
    s = sheet("soldier")
    assert s.best_absorption == 6  # brigandine 4 + gambeson 2 where they overlap
    assert s.total_cover == 6 + 2 + 2
    assert s.encumbrance == "none"


def test_overrides_win():
    d = sheet("clone").to_dict()
    d.update(melee_defense=14, stamina=20, missile_defense=13, grapple_attack=5)
    c = character_from_dict(d)
    assert (c.melee_defense, c.stamina, c.missile_defense, c.grapple_attack, c.grapple_defense) == (14, 20, 13, 5, 15)


def test_lookups(steven):
    assert steven.ability("stealth") == 0
    assert steven.ability("one-handed weapons") == 4
    with pytest.raises(KeyError, match="machete"):
        steven.weapon("sword")
    assert not steven.unwieldy("machete")


GOOD = """
name = "X"
speed = 1
agility = 0
strength = 3
toughness = 5
running = 5
mass = 70
[[weapons]]
name = "hands"
kind = "natural"
[[weapons]]
name = "club"
kind = "hand"
power = 4
"""


@pytest.mark.parametrize(
    "text, place, problem",
    [
        (GOOD.replace("power = 4", 'power = "four"'), "weapons[1].power", "expected int, got str"),
        (GOOD.replace("agility = 0\n", ""), "agility", "missing required field"),
        (GOOD.replace('kind = "hand"', 'kind = "sword"'), "weapons[1].kind", "invalid enum value 'sword'"),
        (GOOD.replace("strength = 3", "strength = -1"), "strength", "expected int >= 0"),
        (GOOD.replace("speed = 1", "speed = 1.5"), "speed", "speed must be one of"),
        (GOOD.replace("running = 5", "running = 5\nrunnning = 6"), "runnning", "unknown field"),
        (GOOD.replace('name = "club"', 'name = "hands"'), "weapons[1].name", "used twice"),
        (GOOD + '[[armor]]\nname = "vest"\ncover = 3\nabsorption = 2\nover = "coat"\n', "armor[0].over",
         "not another piece of armor"),
        (GOOD + '[[weapons]]\nname = "bow"\nkind = "bow"\npower = 5\n', "weapons[2].range", "needs a range"),
        (GOOD.replace("[[weapons]]\nname = \"club\"", "[[weapons]]\nnom = \"club\""), "weapons[1]", "unknown field"),
        ("name = \n", "line 1, column 8", "unreadable TOML"),
    ],
)
def test_bad_sheets(tmp_path: Path, text, place, problem):
    f = tmp_path / "bad.toml"
    f.write_text(text)
    with pytest.raises(InputError) as info:
        load_character(f)
    err = info.value
    assert err.file == str(f)
    assert err.place == place or err.place.startswith(place)
    assert problem in err.problem
    assert "\n" not in str(err)
    assert str(err).startswith(f"{f}: ")


def test_missing_file(tmp_path):
    with pytest.raises(InputError, match="no such sheet"):
        load_character(tmp_path / "nope.toml")


def test_not_a_table():
    with pytest.raises(InputError, match="table of fields"):
        character_from_dict([1, 2], source="x")  # type: ignore[arg-type]


def test_character_is_frozen(steven: Character):
    with pytest.raises(AttributeError):
        steven.agility = 5  # type: ignore[misc]
