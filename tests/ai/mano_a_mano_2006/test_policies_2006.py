"""The mano-a-mano-2006 policies: registered, legal, honest about their odds, and whole pools.

Twenty seeded fights of each shipped 2006 encounter run through the batch
runner (one process), their replays kept and read back: the policies' plans
are refused at most :data:`MAX_REFUSALS_PER_100_TURNS` times per 100 turns,
every harm event's pools sum to the fighter's HP, and every decision's
reason carries its odds and the options it weighed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics import Encounter, load_replay
from tactics.ai import POLICIES, policies_for
from tactics.ai.mano_a_mano_2006 import Duelist, Guard, Wrestler
from tactics.batch import run
from tactics.dice import ScriptedDice
from tactics.replay.schema import Harm, Say, Turn
from tactics.rulesets.mano_a_mano_2006 import load_sheet
from tactics.scenario import load_scenario, map_for, sheet_policy
from tactics.sim import Scripted
from tactics.sim.plan import Act, Plan

ROOT = Path(__file__).resolve().parents[3]
RULESET = "mano-a-mano-2006"
RUNS = 20
MAX_REFUSALS_PER_100_TURNS = 0.5
ENCOUNTERS = ("modre", "melee2006")


def test_registered_and_given_to_the_shipped_sheets() -> None:
    mine = policies_for(RULESET)
    assert POLICIES[RULESET] is not None
    assert {"duelist", "wrestler", "guard"} <= set(mine) and mine["duelist"] is Duelist
    assert [sheet_policy(s, ruleset=RULESET) for s in ("modre", "clone", "swordsman", "archer", "wrestler",
                                                       "shield_bearer")] == [
        "duelist", "duelist", "duelist", "duelist", "wrestler", "guard"]
    assert sheet_policy("steven") == "brawler"          # Mano a Mano's table is untouched
    for name in ENCOUNTERS:
        sc = load_scenario(ROOT / "maps" / f"{name}.encounter.toml")
        assert {pol for _, _, pol in sc.roster()} <= {"duelist", "wrestler", "guard"}
    assert isinstance(Guard(), Duelist) and isinstance(Wrestler(), Duelist) and Guard().aggression < 1


@pytest.fixture(scope="module")
def batches(tmp_path_factory: pytest.TempPathFactory):
    out = {}
    for name in ENCOUNTERS:
        folder = tmp_path_factory.mktemp(name)
        table = run(name, runs=RUNS, seed=2006, workers=1, keep_replays=folder, progress=False)
        out[name] = (table, [load_replay(p) for p in sorted(folder.glob("*.jsonl"))])
    return out


@pytest.mark.parametrize("name", ENCOUNTERS)
def test_batches_run_and_someone_wins(batches, name: str) -> None:
    table, replays = batches[name]
    assert len(table.rows) == RUNS == len(replays)
    assert all(r["error"] is None for r in table.rows)
    winners = [r["winner"] for r in table.rows]
    assert sum(w is not None for w in winners) >= RUNS * 0.8       # fights end, rarely in a stalemate


@pytest.mark.parametrize("name", ENCOUNTERS)
def test_plans_are_legal(batches, name: str) -> None:
    _, replays = batches[name]
    turns = refused = 0
    for rp in replays:
        turns += sum(isinstance(e, Turn) for e in rp.events)
        refused += sum(isinstance(e, Say) and e.text.startswith("refused") for e in rp.events)
    assert turns > 0 and 100 * refused / turns <= MAX_REFUSALS_PER_100_TURNS


@pytest.mark.parametrize("name", ENCOUNTERS)
def test_pools_always_sum_to_hp(batches, name: str) -> None:
    _, replays = batches[name]
    for rp in replays:
        hp = {u.id: u.sheet.get("hp") or next(t.max for t in u.presentation.tracks if t.name == "ready")
              for u in rp.header.roster}
        for e in rp.events:
            if isinstance(e, Harm):
                assert sum(e.tracks.values()) == hp[e.who], e
                assert all(v >= 0 for v in e.tracks.values()), e


@pytest.mark.parametrize("name", ENCOUNTERS)
def test_reasons_give_odds_and_alternatives(batches, name: str) -> None:
    _, replays = batches[name]
    strikes = [e.text for rp in replays for e in rp.events
               if isinstance(e, Say) and " to the modifier" in e.text and "hits " in e.text]
    assert strikes
    assert all("%" in t and "deals ~" in t and "takes ~" in t for t in strikes)
    assert sum("; weighed: " in t for t in strikes) >= 0.9 * len(strikes)


def test_the_wrestler_chokes_and_the_held_struggle(batches) -> None:
    _, replays = batches["melee2006"]
    says = [e.text for rp in replays for e in rp.events if isinstance(e, Say)]
    assert any(t.startswith("choke with body") for t in says)
    assert any(t.startswith("struggles free of Wrestler") for t in says)


def test_every_point_moved_is_explained(batches) -> None:
    _, replays = batches["melee2006"]
    sources = {e.source.split(":")[0].split(" (")[0] for rp in replays for e in rp.events if isinstance(e, Harm)}
    assert {"phase 2", "evades"} <= sources
    for rp in replays:
        for e in rp.events:
            if isinstance(e, Harm):
                assert e.source, e


def _duel(clone_policy) -> list:
    """Modre swings at a clone 0.5 m away (2 to the modifier, 1 to power), the clone's policy answers."""
    enc = Encounter(map_for("arena"), dice=ScriptedDice([3, 3, 3, 3, 3, 3]), ruleset=RULESET)
    sheets = ROOT / "assets" / "characters" / "mam2006"
    enc.add(load_sheet(sheets / "modre.toml"), team="red", at=(19.0, 13.0), id="modre",
            policy=Scripted([Plan([Act("attack", target="clone", weapon="Ice Blade",
                                       options={"modifier": 2, "power": 1})])]))
    enc.add(load_sheet(sheets / "clone.toml"), team="blue", at=(19.5, 13.0), id="clone", policy=clone_policy)
    return enc.run(until=0.4).events


def test_the_attacked_duelist_answers_the_defend_window() -> None:
    events = _duel("duelist")
    (answer,) = [e for e in events if isinstance(e, Harm) and e.who == "clone"][:1]
    assert answer.source.startswith(("defends", "counters", "parries"))
    assert sum(answer.tracks.values()) == 6


def test_no_refusals_over_a_ravine() -> None:
    """The safe mover (``movers.py``) keeps 2006 fighters from jumps they cannot make without a run-up."""
    m = map_for("ravine")
    teams = list(m.spawns)[:2]
    sheets = ROOT / "assets" / "characters" / "mam2006"
    enc = Encounter(m, seed=0, ruleset=RULESET)
    for team, names in zip(teams, (("swordsman", "archer", "wrestler"), ("shield_bearer", "archer", "modre"))):
        for n in names:
            enc.add(load_sheet(sheets / f"{n}.toml"), team=team, policy=sheet_policy(n, ruleset=RULESET))
    events = enc.run(until=120).events
    assert sum(isinstance(e, Turn) for e in events) > 50
    assert not [e.text for e in events if isinstance(e, Say) and e.text.startswith("refused")]
