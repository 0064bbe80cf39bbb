"""Choosing a combat system: sheets and encounters name it, another system's sheet is refused on one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics import Encounter, load_sheet
from tactics.errors import InputError
from tactics.map import TacticalMap
from tactics.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[1]
FUDGE_SHEET = ROOT / "assets/characters/fudge/swordsman.toml"
MANO_SHEET = ROOT / "assets/characters/steven.toml"


def test_a_sheet_is_read_by_the_system_it_names():
    assert type(load_sheet(FUDGE_SHEET)).__module__.startswith("tactics.rulesets.fudge_opposed")
    assert type(load_sheet(MANO_SHEET)).__module__.startswith("tactics.rulesets.mano_a_mano")


def test_asking_a_sheet_for_another_system_is_one_line_naming_the_file():
    with pytest.raises(InputError) as info:
        load_sheet(MANO_SHEET, ruleset="fudge-opposed")
    msg = str(info.value)
    assert "\n" not in msg and msg.startswith(str(MANO_SHEET))
    assert "ruleset: this is a mano-a-mano sheet, not a fudge-opposed one" in msg


def test_an_encounter_refuses_a_sheet_of_another_system():
    enc = Encounter(TacticalMap.from_grid(["......"]), seed=1, ruleset="fudge-opposed")
    with pytest.raises(TypeError, match="needs a fudge-opposed sheet .* not a mano-a-mano sheet \\(Steven\\)"):
        enc.add(load_sheet(MANO_SHEET), "red", at=(1.0, 1.0))


def test_an_encounter_file_refuses_a_sheet_path_of_another_system(tmp_path):
    p = tmp_path / "mixed.encounter.toml"
    p.write_text(f'ruleset = "fudge-opposed"\nmap = "arena"\n[teams.red]\nmembers = [{{character = "{MANO_SHEET}"}}]\n'
                 '[teams.blue]\nmembers = [{character = "swordsman"}]\n', encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_scenario(p)
    assert "\n" not in str(info.value) and "not a fudge-opposed one" in str(info.value)


def test_an_unknown_ruleset_is_named_with_the_known_ones(tmp_path):
    p = tmp_path / "odd.encounter.toml"
    p.write_text('ruleset = "chess"\nmap = "arena"\n[teams.red]\nmembers = [{character = "steven"}]\n',
                 encoding="utf-8")
    with pytest.raises(InputError, match=r"ruleset: unknown ruleset 'chess'; known: mano-a-mano"):
        load_scenario(p)


@pytest.mark.parametrize("name,ruleset", [("squad", "fudge-opposed"), ("firefight", "d100-opposed"),
                                          ("modre", "mano-a-mano-2006"), ("arena", "mano-a-mano")])
def test_each_shipped_encounter_plays_its_system_and_says_so_in_the_replay(name, ruleset):
    from tactics.scenario import shipped_encounters

    sc = load_scenario(shipped_encounters()[name])
    result = sc.build(seed=3).run(until=4)
    assert sc.ruleset == result.header.ruleset == ruleset
    assert result.header.ruleset_version
    assert all(u.presentation.tracks for u in result.header.roster)


def test_no_engine_ai_or_ruleset_module_grows_past_450_lines():
    pkg = ROOT / "tactics"
    files = [*pkg.glob("sim/*.py"), *pkg.glob("ai/**/*.py"), *pkg.glob("rulesets/**/*.py")]
    assert len(files) > 40
    long = {str(f.relative_to(ROOT)): n for f in files if (n := len(f.read_text(encoding="utf-8").splitlines())) > 450}
    assert not long, f"modules over 450 lines (split them by idea): {long}"
