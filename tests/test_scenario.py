"""Encounter files: loading, refusals, building, overrides, teams from policies."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics.errors import InputError
from tactics.scenario import (
    ARCHETYPES,
    Scenario,
    character_path,
    default_scenario,
    load_scenario,
    map_path,
    policy_names,
    shipped_characters,
    shipped_encounters,
    sheet_policy,
    shipped_maps,
)
from tactics.map.movement import Mover
from tactics.sim import Encounter

ENCOUNTERS = shipped_encounters()


def write(tmp_path: Path, text: str, name: str = "e.encounter.toml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


GOOD = """
name = "duel"
map = "arena"
seed = 5
until = 60
[options]
charging = false
[teams.red]
members = [{ character = "steven", policy = "advance" }]
[teams.blue]
members = [{ character = "clone", at = [21, 15] }]
"""


def test_every_shipped_map_has_an_encounter() -> None:
    assert set(shipped_maps()) <= set(ENCOUNTERS)
    assert "arena" in ENCOUNTERS


@pytest.mark.parametrize("name", sorted(ENCOUNTERS))
def test_shipped_encounters_load_build_and_run(name: str) -> None:
    sc = load_scenario(ENCOUNTERS[name])
    assert sc.name == name and sc.description
    enc = sc.build()
    assert isinstance(enc, Encounter)
    assert len(enc.order) == len(sc.roster()) >= 2
    result = enc.run(until=5)
    assert result.duration <= 5


def test_default_is_a_mixed_four_against_four_on_arena() -> None:
    sc = default_scenario()
    assert sc.map == "arena"
    roster = sc.roster()
    teams = [t for t, _, _ in roster]
    assert teams.count("red") == 4 and teams.count("blue") == 4
    assert len({m.character for _, m, _ in roster}) >= 3
    assert sc == load_scenario(ENCOUNTERS["arena"])


def test_build_gives_a_fresh_encounter_each_call_and_runs_reproducibly() -> None:
    sc = default_scenario()
    a, b = sc.build(), sc.build()
    assert a is not b
    ra, rb = a.run(until=30), b.run(until=30)
    assert ra.to_bytes() == rb.to_bytes()
    assert sc.build(seed=2).seed == 2 and sc.build().seed == sc.seed


def test_encounters_of_one_scenario_share_pure_caches_and_play_as_if_alone() -> None:
    sc = default_scenario()
    a, b = sc.build(seed=4), sc.build(seed=5)
    assert a.shared is b.shared and a.memo is not b.memo
    together = [sc.build(seed=s).run(until=60).to_bytes() for s in (4, 5, 6, 4)]
    alone = [default_scenario().build(seed=s).run(until=60).to_bytes() for s in (4, 5, 6)]
    assert together[:3] == alone and together[3] == together[0]
    assert a.shared.get("best melee")                     # the brawlers' choices were kept for the next fights
    c = a.order[0]
    derived = a.mover_of(c)
    a.set_mover(c.character, Mover(running=1))             # this encounter only
    assert a.mover_of(c).running == 1 and b.mover_of(b.order[0]) is derived


def test_loaded_fields(tmp_path: Path) -> None:
    sc = load_scenario(write(tmp_path, GOOD))
    assert (sc.name, sc.map, sc.seed, sc.until) == ("duel", "arena", 5, 60)
    assert sc.options["charging"] is False
    enc = sc.build()
    assert enc.rule_options.charging is False
    blue = enc.combatants["blue-1"]
    assert (blue.x, blue.y) == (21, 15)
    assert enc.combatants["red-1"].policy_name == "advance"
    assert (enc.combatants["red-1"].x, enc.combatants["red-1"].y) == enc.map.spawns["red"][0]


def test_array_of_teams_form_count_and_team_policy(tmp_path: Path) -> None:
    p = write(tmp_path, """
map = "arena"
[[teams]]
name = "red"
policy = "passive"
members = [{ character = "brawler", count = 3 }]
[[teams]]
name = "blue"
members = [{ character = "spear-thrower" }]
""")
    sc = load_scenario(p)
    assert [(t, pol) for t, _, pol in sc.roster()] == [("red", "passive")] * 3 + [("blue", sheet_policy("spear-thrower"))]
    assert sheet_policy("spear-thrower") in ("skirmisher", "advance")
    enc = sc.build()
    assert enc.combatants["red-3"].character.name == "Steven"
    assert enc.combatants["blue-1"].character.name == "Spear thrower"


def test_map_and_character_paths_are_relative_to_the_file(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[1]
    (tmp_path / "m.toml").write_text((root / "maps" / "arena.toml").read_text())
    (tmp_path / "hero.toml").write_text((root / "assets" / "characters" / "steven.toml").read_text())
    p = write(tmp_path, 'map = "m.toml"\n[teams.red]\nmembers = [{character = "hero.toml"}]\n'
                        '[teams.blue]\nmembers = [{character = "clone"}]\n')
    enc = load_scenario(p).build()
    assert enc.combatants["red-1"].character.name == "Steven"


@pytest.mark.parametrize(
    "text, place, problem",
    [
        ('map = "nowhere"\n[teams.red]\nmembers=[{character="steven"}]', ": map: ", "unknown map 'nowhere'"),
        ('map = "arena"\n[teams.red]\nmembers=[{character="gandalf"}]', "teams.red member 1 character",
         "unknown character 'gandalf'"),
        ('map = "arena"\n[teams.red]\nmembers=[{character="steven", policy="dance"}]', "teams.red member 1 policy",
         "unknown policy 'dance'"),
        ('map = "arena"\nseed = "x"\n[teams.red]\nmembers=[{character="steven"}]', "seed", "expected int, got str"),
        ('map = "arena"\n[teams.red]\nmembers=[{character="steven", colour=1}]', "teams.red member 1",
         "unknown key 'colour'"),
        ('map = "arena"\n[options]\nchargin = true\n[teams.red]\nmembers=[{character="steven"}]', "options",
         "unknown key 'chargin'"),
        ('map = "arena"\nlight = "dusk"\n[teams.red]\nmembers=[{character="steven"}]', "light", "unknown light"),
        ('map = "arena"\n[teams.red]\nmembers=[{character="steven", at=[500, 3]}]', "teams.red member 1 at",
         "off the map"),
        ('map = "arena"\n[teams.red]\nmembers=[{character="steven", count=9}]', "teams", "spawn zone 'red'"),
        ('map = "arena"\nseed = \n', "line 2", "unreadable TOML"),
        ('map = "arena"\n', "", "missing required key 'teams'"),
        ('title = "a sheet?"\n', "", "not an encounter file"),
    ],
)
def test_refusals_are_one_line_input_errors(tmp_path: Path, text: str, place: str, problem: str) -> None:
    p = write(tmp_path, text)
    with pytest.raises(InputError) as info:
        load_scenario(p)
    msg = str(info.value)
    assert "\n" not in msg
    assert msg.startswith(str(p))
    assert place in msg and problem in msg


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such encounter file"):
        load_scenario(tmp_path / "nope.toml")


def test_overrides() -> None:
    sc = default_scenario()
    o = sc.with_overrides({"options.charging": "false", "teams.red.policy": "passive", "seed": "4",
                           "until": 20, "teams.blue.2.character": "clone"})
    assert o.seed == 4 and o.until == 20 and o.options["charging"] is False
    assert all(pol == "passive" for t, _, pol in o.roster() if t == "red")
    assert o.teams["blue"].members[1].character == "clone"
    assert sc.seed == 1 and sc.options.get("charging", True) is True  # the original is untouched
    enc = sc.build(overrides={"options.charging": False, "light": "night"})
    assert enc.rule_options.charging is False
    assert enc.map.default_light == "dark"
    for bad in ({"options.nope": 1}, {"teams.green.policy": "advance"}, {"weather": "rain"},
                {"teams.red.9.policy": "advance"}, {"teams.red.policy": "dance"}):
        with pytest.raises(InputError):
            sc.with_overrides(bad)


def test_light_overrides(tmp_path: Path) -> None:
    night = load_scenario(ENCOUNTERS["night-village"])
    assert "bright" in set(night.load_map().light_grid.ravel())
    day = night.with_overrides({"light": "day"}).load_map()
    assert set(day.light_grid.ravel()) == {"bright"}
    dark = default_scenario().with_overrides({"light": "night"}).load_map()
    assert set(dark.light_grid.ravel()) == {"dark"}
    assert set(default_scenario().with_overrides({"light": "dim"}).load_map().light_grid.ravel()) == {"dim"}


def test_with_teams_picks_archetype_sheets() -> None:
    sc = default_scenario().with_teams({"red": ["advance", "passive:archer"]})
    roster = [(t, m.character, pol) for t, m, pol in sc.roster()]
    assert roster[:2] == [("red", ARCHETYPES["advance"], "advance"), ("red", "archer", "passive")]
    assert sum(1 for t, _, _ in roster if t == "blue") == 4
    with pytest.raises(InputError, match="spawn zone 'green'"):
        default_scenario().with_teams({"green": ["advance"]})
    with pytest.raises(InputError, match="unknown policy 'dance'"):
        default_scenario().with_teams({"red": ["dance"]})


def test_every_available_policy_has_a_sheet() -> None:
    for name in policy_names():
        character_path(ARCHETYPES.get(name, "steven"))


def test_names_resolve() -> None:
    assert map_path("night-village").name == "night-village.toml"
    assert character_path("spear-thrower") == shipped_characters()["spear_thrower"]
    assert character_path("flyer").stem == "winged"
    with pytest.raises(ValueError):
        map_path("atlantis")


def test_scenario_is_a_struct() -> None:
    import msgspec

    assert issubclass(Scenario, msgspec.Struct)
