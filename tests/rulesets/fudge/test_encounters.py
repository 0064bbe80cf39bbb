"""The two fudge-opposed encounters: their ruleset key, sheets, map and starting places."""

from __future__ import annotations

import math
import tomllib
from pathlib import Path

import pytest

from tactics.rulesets.fudge_opposed import RULESET
from tactics.rulesets.fudge_opposed.sheet import load_sheet

ROOT = Path(__file__).resolve().parents[3]
ENCOUNTERS = {"squad": ROOT / "maps" / "squad.encounter.toml",
              "infiltration": ROOT / "maps" / "infiltration.encounter.toml"}


def read(name):
    return tomllib.loads(ENCOUNTERS[name].read_text(encoding="utf-8"))


def members(data):
    for team, t in data["teams"].items():
        for m in t["members"]:
            for _ in range(m.get("count", 1)):
                yield team, m


@pytest.mark.parametrize("name", sorted(ENCOUNTERS))
def test_encounter_names_the_ruleset_and_its_sheets_load(name):
    data = read(name)
    assert data["ruleset"] == "fudge-opposed"
    RULESET.options_type(**data.get("options", {}))
    for _, m in members(data):
        sheet = load_sheet(str((ENCOUNTERS[name].parent / m["character"]).resolve()))
        assert sheet.ruleset == "fudge-opposed"
    assert (ROOT / "maps" / f"{data['map']}.toml").exists()


def test_squad_is_five_identical_troopers_against_two_heroes():
    data = read("squad")
    red = [m for t, m in members(data) if t == "red"]
    blue = [m for t, m in members(data) if t == "blue"]
    assert len(red) == 5 and len({m["character"] for m in red}) == 1 and len(blue) == 2


def test_infiltrators_expect_the_fight_and_start_in_the_dark_within_a_move_of_a_guard():
    from tactics.map import load_map

    data = read("infiltration")
    tmap = load_map(str(ROOT / "maps" / "infiltration.toml"))
    red = [m for t, m in members(data) if t == "red"]
    blue = [m for t, m in members(data) if t == "blue"]
    assert all(m.get("expecting") for m in red) and not any(m.get("expecting") for m in blue)
    sneak = load_sheet(str(ROOT / "assets" / "characters" / "fudge" / "sneak.toml"))
    for m in red:
        x, y = m["at"]
        assert tmap.light_at(x, y) == "dark"
        nearest = min(math.dist(m["at"], g["at"]) for g in blue)
        assert nearest - 2.0 < sneak.move_m
    assert {tmap.light_at(*g["at"]) for g in blue} == {"bright", "dark", "dim"}
