"""The d100-opposed policies (issue #14): legal plans, no long shots, the dark wins, the fallen stand.

The encounter-level numbers are measured over 20 seeds of each shipped d100
encounter, read back from the events a replay holds (the roll records carry
both target numbers, so each attack's odds are recomputed from them).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import msgspec
import pytest

from tactics.ai import policies_for
from tactics.ai.d100_opposed import Civilian, Gunner, Melee, Sniper
from tactics.ai.d100_opposed.tactician import LOW_ODDS
from tactics.map import TacticalMap
from tactics.rules.protocol import Window
from tactics.rulesets.d100_opposed.odds import p_hit
from tactics.scenario import load_scenario
from tactics.sheets import load_sheet
from tactics.sim import Act, Encounter, Passive, Plan

ROOT = Path(__file__).resolve().parents[3]
SHEETS = ROOT / "assets" / "characters" / "d100"
SEEDS = range(1, 21)


def sheet(name: str):
    return load_sheet(SHEETS / f"{name}.toml", "d100-opposed")


@pytest.fixture(scope="module")
def fights() -> dict[str, list]:
    """name -> [(winner, events as dicts)] over 20 seeds (one scenario each: the odds are shared)."""
    out = {}
    for name in ("firefight", "brawl"):
        sc = load_scenario(ROOT / "maps" / f"{name}.encounter.toml")
        runs = []
        for seed in SEEDS:
            r = sc.build(seed=seed).run(until=sc.until)
            runs.append((r.winner, [msgspec.to_builtins(e) for e in r.events]))
        out[name] = runs
    return out


# -- registration and defaults ---------------------------------------------------
def test_policies_are_registered_for_d100():
    got = policies_for("d100-opposed")
    assert {"gunner", "sniper", "melee", "civilian"} <= set(got)
    assert got["gunner"] is Gunner and got["civilian"] is Civilian


@pytest.mark.parametrize("name, expected", [
    ("firefight", {"Ilse": "sniper", "Ruiz": "gunner"}),
    ("brawl", {"Kestrel": "melee", "Vesper": "melee", "Brick": "melee", "Dana": "civilian"}),   # Brick's is set
])
def test_shipped_sheets_get_their_policy_by_default(name, expected):
    enc = load_scenario(ROOT / "maps" / f"{name}.encounter.toml").build(seed=1)
    assert {r.name: r.policy for r in enc.header().roster} == expected


# -- measured over 20 seeds --------------------------------------------------------
@pytest.mark.parametrize("name", ["firefight", "brawl"])
def test_plans_are_legal(fights, name):
    turns = refused = 0
    for _, events in fights[name]:
        turns += sum(e["type"] == "turn" for e in events)
        refused += sum(e["type"] == "say" and e["text"].startswith("refused") for e in events)
    assert turns > 100
    assert refused / turns * 100 <= 0.5, f"{refused} refusals in {turns} turns"


@pytest.mark.parametrize("name", ["firefight", "brawl"])
def test_no_attack_under_15_percent(fights, name):
    odds = []
    for _, events in fights[name]:
        for e in events:
            if e["type"] == "attack":
                vs = e["roll"].get("vs")
                odds.append(p_hit(e["roll"]["target"], None if vs is None else vs["target"]))
    assert len(odds) > 50
    assert min(odds) >= LOW_ODDS, sorted(odds)[:5]


def test_the_gunner_in_the_dark_wins_the_firefight(fights):
    wins = Counter(w for w, _ in fights["firefight"])
    assert wins["blue"] >= 0.6 * len(SEEDS) and wins["blue"] > 2 * wins["red"], wins


def test_a_heavy_sheet_plays_the_gunner_unless_told():
    from tactics.scenario import sheet_policy

    assert sheet_policy(str(SHEETS / "heavy.toml"), ruleset="d100-opposed") == "gunner"
    assert sheet_policy(str(SHEETS / "sniper.toml"), ruleset="d100-opposed") == "sniper"


def test_the_firefight_records_the_light_at_the_target(fights):
    mods = Counter()
    for _, events in fights["firefight"]:
        for e in events:
            if e["type"] == "attack" and e["who"] == "red-1":        # the sniper shoots into the dark
                mods.update(label for label, _ in e["roll"]["target_mods"])
                if e["light"] == "dark":
                    assert ("darkness at the target", -20) in [tuple(m) for m in e["roll"]["target_mods"]]
    assert mods["darkness at the target"] > 10


def test_the_civilian_never_attacks_and_the_melee_fighters_strike(fights):
    by = Counter()
    for _, events in fights["brawl"]:
        for e in events:
            if e["type"] == "attack":
                by[(e["who"], e["action"])] += 1
    assert not any(who == "blue-2" for who, _ in by)                      # Dana
    assert by[("red-1", "melee attack")] > 20 and by[("red-2", "melee attack")] > 20
    assert not any(action == "ranged attack" for _, action in by)          # close quarters: all melee


def test_knocked_down_melee_fighters_get_up(fights):
    """A melee fighter knocked prone (−20 to its blows, +10 to the enemy's) is up again within two of its
    own phases, nearly always. (Gunners may stay down on purpose: shots at a prone target take −10.)"""
    downs = up = 0
    for _, events in fights["brawl"]:
        down_since: dict[str, int] = {}
        for e in events:
            who = e.get("who")
            if who not in ("red-1", "red-2"):
                continue
            if e["type"] == "state" and "prone" in e["changes"]:
                if e["changes"]["prone"]:
                    down_since[who] = 0
                elif who in down_since:
                    up += down_since.pop(who) <= 2
            elif e["type"] == "harm" and e["standing"] != "fighting":
                down_since.pop(who, None)
            elif e["type"] == "turn" and who in down_since:
                down_since[who] += 1
                if down_since[who] == 1:
                    downs += 1
    assert downs >= 5 and up >= 0.8 * downs, (up, downs)


# -- scenes -----------------------------------------------------------------------
def _events(res) -> list[dict]:
    return [msgspec.to_builtins(e) for e in res.events]


def _yard(grid: list[str], light: str = "bright") -> TacticalMap:
    return TacticalMap.from_grid(grid, legend={"=": {"kind": "wall", "height": 1}}, default_light=light,
                                 name="yard")


class DownFirst(Gunner):
    """Drops prone on its first phase, then plays the gunner."""

    def __init__(self) -> None:
        super().__init__()
        self.plans: list[Plan] = []

    def plan(self, view):
        if not self.plans:
            self.plans.append(Plan([Act("drop prone")], "down"))
            return self.plans[0]
        p = super().plan(view)
        self.plans.append(p)
        return p


def test_a_prone_gunner_behind_a_low_wall_stands_up():
    tmap = _yard(["..=..........", "..=..........", "..=.........."])
    enc = Encounter(tmap, seed=3, ruleset="d100-opposed")
    me = DownFirst()
    enc.add(sheet("gunner"), team="blue", at=(3.0, 3.0), policy=me)
    enc.add(sheet("civilian"), team="red", at=(23.0, 3.0), policy=Passive())
    enc.run(until=6.5)
    second = me.plans[1]
    assert isinstance(second.steps[0], Act) and second.steps[0].action == "stand up", second.reason
    assert "stand up" in second.reason


def test_it_aims_when_the_aim_adds_more_than_a_shot_now():
    """Far off in the dark a shot hits seldom (under 15 %): it aims first, then shoots."""
    tmap = _yard(["." * 80], light="dark")
    enc = Encounter(tmap, seed=5, ruleset="d100-opposed")
    me = Sniper()
    enc.add(sheet("gunner"), team="blue", at=(1.0, 1.0), policy=me)
    enc.add(sheet("runner"), team="red", at=(159.0, 1.0), policy=Passive())   # Fray 60, long range, dark
    res = enc.run(until=3.5)
    says = [e["text"] for e in _events(res) if e["type"] == "say" and e["who"] == "blue-1"]
    assert says[0].startswith("aim"), says
    assert "| also:" in says[0]
    assert says[1].startswith("ranged attack on Vesper")
    shots = [e for e in _events(res) if e["type"] == "attack" and e["who"] == "blue-1"]
    assert len(shots) == 1 and ("aimed", 10) in [tuple(m) for m in shots[0]["roll"]["target_mods"]]


def test_in_the_open_it_shoots_with_the_odds_in_its_reason():
    tmap = _yard(["." * 20])
    enc = Encounter(tmap, seed=5, ruleset="d100-opposed")
    enc.add(sheet("gunner"), team="blue", at=(1.0, 1.0), policy="gunner")
    enc.add(sheet("civilian"), team="red", at=(21.0, 1.0), policy=Passive())
    res = enc.run(until=0.5)
    says = [e["text"] for e in _events(res) if e["type"] == "say" and e["who"] == "blue-1"]
    assert says[0].startswith("ranged attack on Dana (assault rifle)")
    assert "%" in says[0] and " vs " in says[0] and "me bright, target bright" in says[0]


def test_it_steps_into_the_dark_out_of_a_lit_spot():
    """Lit where it stands, dark a step away with the same sight: it moves before it shoots."""
    tmap = TacticalMap.from_grid(["." * 30] * 3, name="edge", default_light="dark",
                                 light_polygons=[("bright", "POLYGON ((0 0, 4 0, 4 6, 0 6, 0 0))")])
    enc = Encounter(tmap, seed=2, ruleset="d100-opposed")
    enc.add(sheet("gunner"), team="blue", at=(3.0, 3.0), policy="gunner")
    enc.add(sheet("gunner"), team="red", at=(45.0, 3.0), policy=Passive())
    res = enc.run(until=0.5)
    moves = [e for e in _events(res) if e["type"] == "move" and e["who"] == "blue-1"]
    assert moves and tmap.light_at(*moves[-1]["legs"][-1]["end"][:2]) == "dark"


def test_the_defence_skill_is_the_best_target_number():
    tmap = _yard(["." * 6])
    enc = Encounter(tmap, seed=1, ruleset="d100-opposed")
    duelist = enc.add(sheet("duelist"), team="red", at=(1.0, 1.0), policy="melee")
    enc.add(sheet("civilian"), team="blue", at=(3.0, 1.0), policy="civilian")
    view = enc.view_for(enc.combatants[duelist.id])
    w = Window(kind="defense skill", reactor=duelist.id, actor="blue-1", action="melee attack",
               options=("Melee", "Fray", "Unarmed"), default="Melee")
    assert Melee().react(view, w) == "Melee"                       # Melee 65 > Fray 55 > Unarmed 40
    w2 = Window(kind="defense skill", reactor=duelist.id, actor="blue-1", action="melee attack",
                options=("Fray", "Unarmed"), default="Fray")
    assert Melee().react(view, w2) == "Fray"
    assert Melee().react(view, Window(kind="counter", reactor=duelist.id)) is None


def test_a_ravine_it_cannot_safely_jump_is_no_crash_and_no_refusal():
    """The safe way only: no jump needing a run-up or a test, no climb (the generic careful jump
    reads Mano a Mano's sheets, so the d100 policies never ask for it)."""
    from tactics.map import load_map

    enc = Encounter(load_map(ROOT / "maps" / "ravine.toml"), seed=1, ruleset="d100-opposed")
    enc.add(sheet("gunner"), team="red", policy="gunner")
    enc.add(sheet("duelist"), team="red", policy="melee")
    enc.add(sheet("runner"), team="blue", policy="melee")
    enc.add(sheet("sniper"), team="blue", policy="sniper")
    events = _events(enc.run(until=30))
    assert sum(e["type"] == "turn" for e in events) > 20
    assert not [e for e in events if e["type"] == "say" and e["text"].startswith("refused")]
