"""The AI policies in real skirmishes: they win against dummies, never stall, explain themselves."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pytest

from tactics import Encounter, load_character, load_map
from tactics.ai import POLICIES, policies_for
from tactics.ai.mano_a_mano import Archer, Brawler, Cautious, Flyer, Grappler, NoChargeBrawler, Skirmisher
from tactics.ai.mano_a_mano.experiments import runner
from tactics.ai.mano_a_mano.movers import safe_mover
from tactics.ai.mano_a_mano.odds import hit_chance
from tactics.map import TacticalMap
from tactics.replay.schema import Attack, Fly, Harm, Say, State, Turn
from tactics.sim import Plan

ROOT = Path(__file__).resolve().parents[2]
MAPS = ["arena", "ravine", "tower", "night-village", "river", "canyon"]
SHEET_FOR = {
    "brawler": "steven",
    "brawler-nocharge": "steven",
    "archer": "archer",
    "skirmisher": "spear_thrower",
    "grappler": "grappler",
    "flyer": "winged",
    "cautious": "soldier",
}


def sheet(name: str):
    return load_character(ROOT / "assets/characters" / f"{name}.toml")


def fight(mapname: str, red: str, blue: str = "passive", n: int = 2, seed: int = 0, red_sheet=None, blue_sheet=None,
          until: float = 300, **opts):
    m = load_map(ROOT / "maps" / f"{mapname}.toml") if isinstance(mapname, str) else mapname
    enc = Encounter(m, seed=seed, options=opts or None)
    for _ in range(n):
        enc.add(red_sheet or sheet(SHEET_FOR.get(red, "steven")), team="red", policy=red)
    for _ in range(n):
        enc.add(blue_sheet or sheet("clone"), team="blue", policy=blue)
    return enc.run(until=until)


# -- the registry ------------------------------------------------------------
def test_policies_are_registered_by_name_and_resolved_by_the_engine():
    mano = policies_for("mano-a-mano")
    assert {"mano-a-mano", "d100-opposed", "fudge-opposed", "mano-a-mano-2006"} <= set(POLICIES)
    from tactics.ai import GENERIC_POLICIES

    assert mano == {**POLICIES["mano-a-mano"], **GENERIC_POLICIES}   # the generic ones (the planner) after
    assert set(mano) >= {"advance", "brawler", "archer", "skirmisher", "grappler", "flyer", "cautious",
                         "brawler-nocharge"}
    for name, cls in mano.items():
        p = cls()
        assert callable(p.plan), name
    enc = Encounter(load_map(ROOT / "maps/arena.toml"), seed=1)
    enc.add(sheet("steven"), team="red", policy="brawler")
    enc.add(sheet("clone"), team="blue", policy="passive")
    assert enc.header().roster[0].policy == "brawler"
    assert isinstance(mano["brawler-nocharge"](), Brawler) and not NoChargeBrawler().charge


def test_hit_chance_follows_the_dice_rule():
    assert hit_chance(4, 12) == pytest.approx(0.6)   # 9..20 on the d20
    assert hit_chance(0, 30) == pytest.approx(0.05)  # natural 20 only
    assert hit_chance(20, 5) == pytest.approx(1.0)


def test_safe_mover_plans_no_jump_that_needs_a_roll():
    steven = sheet("steven")               # running 5: no gap is safe without a run
    m = safe_mover(steven)
    assert m.max_jump_m < 2.0 and "rope" not in m.climb_surfaces and "ladder" in m.climb_surfaces
    river = load_map(ROOT / "maps/river.toml")
    legs = river.path((3, 5), (45, 5), m)
    assert legs is not None and not any(leg.kind == "jump" for leg in legs)  # by the ford, not the broken bridge


# -- real skirmishes on every map ---------------------------------------------
@pytest.mark.parametrize("mapname", MAPS)
def test_every_policy_wins_against_a_passive_team_and_nothing_stalls(mapname):
    for policy in ("brawler", "archer", "skirmisher", "grappler", "flyer", "cautious"):
        results = [fight(mapname, policy, seed=s) for s in range(3)]
        wins = Counter(r.winner for r in results)
        assert wins["red"] >= 1, (mapname, policy, [r.reason for r in results])
        for r in results:
            assert not r.reason.startswith("time limit"), (mapname, policy, r.reason)
            assert r.duration < 150, (mapname, policy, r.duration)


def test_every_turn_carries_a_reason():
    r = fight("arena", "brawler", blue="archer", n=3, seed=4, blue_sheet=sheet("archer"))
    turns = Counter((e.who, e.t) for e in r.events if isinstance(e, Turn))
    said = {(e.who, e.t) for e in r.events if isinstance(e, Say) and e.text and not e.text.startswith("refused")}
    assert turns and all(k in said for k in turns)


def test_teams_that_cannot_meet_end_as_a_draw_with_no_path():
    m = TacticalMap.from_grid(["r....#....b", "r....#....b", "r....#....b"],
                              legend={"#": {"kind": "wall", "height": 6},
                                      "r": {"kind": "floor", "spawn": "red"},
                                      "b": {"kind": "floor", "spawn": "blue"}})
    enc = Encounter(m, seed=0, options={"stall_rounds": 10})
    for _ in range(2):
        enc.add(sheet("steven"), team="red", policy="brawler")
        enc.add(sheet("clone"), team="blue", policy="cautious")
    r = enc.run(until=200)
    assert r.winner is None and r.reason.startswith("no path"), r.reason
    assert r.duration <= 12
    reasons = {e.text for e in r.events if isinstance(e, Say) and e.who.startswith("red")}
    assert any(t.startswith("no path") for t in reasons)


# -- each policy does what it says ------------------------------------------------
def test_brawler_charges_over_open_ground_and_nocharge_never_does():
    fast = runner()
    r = fight("arena", "brawler", n=2, seed=3, red_sheet=fast)
    charges = [e for e in r.events if isinstance(e, Attack) and e.who.startswith("red") and e.charge_m > 5]
    assert charges and all(dict(e.details)["power"] >= 2 * 5 + math.floor(e.charge_m) - 5 or not e.hit for e in charges)
    assert any("charging" in e.text for e in r.events if isinstance(e, Say))
    for seed in range(4):
        r = fight("arena", "brawler", blue="brawler-nocharge", n=4, seed=seed, red_sheet=fast, blue_sheet=fast)
        assert not [e for e in r.events if isinstance(e, Attack) and e.who.startswith("blue") and e.charge_m > 5]


def test_brawler_uses_powerful_strikes_healthy_and_quick_strikes_injured():
    r = fight("arena", "brawler", blue="brawler", n=3, seed=2, blue_sheet=sheet("steven"))
    by_health: dict[str, Counter] = {"healthy": Counter(), "injured": Counter()}
    health = {}
    for e in r.events:
        if isinstance(e, State) and "standing" in e.changes:
            health[e.who] = e.changes["standing"]
        if isinstance(e, Harm):
            health[e.who] = e.standing
        if isinstance(e, Attack) and e.reaction != "counter":
            by_health.setdefault(health.get(e.who, "healthy"), Counter())[e.action] += 1
    assert by_health["healthy"]["powerful strike"] > 0
    assert by_health["injured"].get("powerful strike", 0) == 0


def test_archer_draws_aims_and_shoots_and_never_fires_undrawn():
    r = fight("night-village", "archer", n=2, seed=1)   # dark lanes: under 50 % unaimed, so it aims
    refused = [e.text for e in r.events if isinstance(e, Say) and "not drawn" in e.text]
    assert not refused
    shots = [e for e in r.events if isinstance(e, Attack) and e.who.startswith("red")]
    assert shots and all(e.action in ("quick shot", "draw and fire") for e in shots)
    assert any(dict(e.roll.mods).get("aiming") for e in shots)


def test_archer_climbs_to_the_tower_roof_and_keeps_out_of_reach():
    enc = Encounter(load_map(ROOT / "maps/tower.toml"), seed=5)
    enc.add(sheet("archer"), team="red", at=(11.0, 17.0), policy="archer")    # west of the ladder foot
    enc.add(sheet("clone"), team="blue", policy="passive")
    r = enc.run(until=200)
    assert r.winner == "red"
    assert max(e.roll.total for e in r.events if isinstance(e, Attack)) > 0
    zs = [leg.end[2] for e in r.events if type(e).__name__ == "Move" for leg in e.legs]
    assert max(zs) >= 9.9   # got up there


def test_skirmisher_throws_then_closes_in():
    r = fight("arena", "skirmisher", n=1, seed=2)
    acts = [e.action for e in r.events if isinstance(e, Attack) and e.who == "red-1"]
    assert acts and acts[0] in ("powerful throw", "quick throw")
    assert "quick strike" in acts or "powerful strike" in acts or r.winner == "red"
    throws = [a for a in acts if a.endswith("throw")]
    javelins = sum(w.count for w in sheet("spear_thrower").weapons if w.kind == "thrown")
    assert 1 <= len(throws) <= javelins   # each javelin is spent once thrown


def test_grappler_clinches_takes_the_dominant_position_and_finishes():
    r = fight("arena", "grappler", n=1, seed=0)
    acts = [e.action for e in r.events if isinstance(e, Attack) and e.who == "red-1"]
    assert acts[0] == "hold"
    assert set(acts) & {"slam", "wrench", "choke"}
    roles = [e.changes.get("role") for e in r.events if isinstance(e, State) and e.who == "red-1"]
    assert "dominant" in roles
    assert r.winner == "red"


def test_flyer_strikes_from_above_and_never_runs_out_of_airspeed():
    r = fight("arena", "flyer", blue="brawler", n=1, seed=0, blue_sheet=sheet("steven"))
    flies = [e for e in r.events if isinstance(e, Fly)]
    assert flies and min(e.airspeed_after for e in flies) > 0
    hits = [e for e in r.events if isinstance(e, Attack) and e.who == "red-1"]
    assert hits
    # between its turns it hovers out of the brawler's 2 m reach: the brawler never strikes
    assert not [e for e in r.events if isinstance(e, Attack) and e.who == "blue-1"]
    assert r.winner == "red"


def test_cautious_counters_the_advancing_and_rests_off_stun():
    r = fight("arena", "cautious", blue="brawler", n=2, seed=1, blue_sheet=sheet("steven"))
    says = [e.text for e in r.events if isinstance(e, Say) and e.who.startswith("red")]
    assert any(t.startswith("waiting to counter") for t in says)
    assert any(e.reaction == "counter" for e in r.events if isinstance(e, Attack) and e.who.startswith("red"))


def test_cautious_rests_when_resting_makes_it_healthy():
    enc = Encounter(load_map(ROOT / "maps/arena.toml"), seed=0)
    me = enc.add(sheet("soldier"), team="red", at=(5, 5), policy="cautious")
    enc.add(sheet("clone"), team="blue", at=(35, 25), policy="passive")
    c = enc.combatants[me.id]
    c.tracks.update(stun=4, damage=3)                 # 7 of toughness 6: injured, 3 damage alone is healthy
    c.set_standing(enc.rules.standing(c))
    assert me.health == "injured"
    r = enc.run(until=3)
    says = [e.text for e in r.events if isinstance(e, Say) and e.who == me.id]
    assert says[0].startswith("resting")
    assert me.health == "healthy" and me.tracks["stun"] == 0


def test_a_plan_is_a_plan_with_a_reason_for_every_policy():
    for cls in (Brawler, NoChargeBrawler, Archer, Skirmisher, Grappler, Flyer, Cautious):
        enc = Encounter(load_map(ROOT / "maps/arena.toml"), seed=0)
        me = enc.add(sheet("steven"), team="red", policy=cls())
        enc.add(sheet("clone"), team="blue", policy="passive")
        plan = cls().plan(enc.view_for(enc.combatants[me.id]))
        assert isinstance(plan, Plan) and plan.reason


def test_walkers_cross_the_ravine_with_a_running_jump_and_never_fall():
    for seed in range(3):
        r = fight("ravine", "brawler", n=2, seed=seed)
        jumps = [e for e in r.events if type(e).__name__ == "Jump" and e.who.startswith("red")]
        falls = [e for e in r.events if type(e).__name__ == "Fall" and e.who.startswith("red")]
        assert jumps and all(j.running_start and j.roll is None and j.success for j in jumps)
        assert not falls and r.winner == "red"
        assert any("running jump" in e.text for e in r.events if isinstance(e, Say))
