"""Every rule of 000 that live fights got wrong (issue #12), played in a fight with scripted dice
and checked in the replay's events.

Maps are drawn inline (2 m cells: x = 2·col + 1 at a cell centre). Sheets: Steven (machete,
melee defense 14, missile defense 10, grapple attack 3, grapple defense 13) and his clone
(hands, melee defense 12). Sources are named test by test (000 sections, DECISIONS · More rulings).
"""

from __future__ import annotations

import pytest

from tactics import Encounter
from tactics.dice import ScriptedDice
from tactics.map import Mover, TacticalMap
from tactics.replay.schema import Attack, End, Fall, Fly, Harm, Jump, Move, Roll, Say, State, Turn
from tactics.sim import Act, MoveTo, Plan, Scripted

from .conftest import sheet

FLAT = ["." * 12] * 3


def of(result, kind, who=None):
    return [e for e in result.events if isinstance(e, kind) and (who is None or e.who == who)]


def says(result, who=None):
    return [s.text for s in of(result, Say, who)]


def passive():
    return Scripted([])


def steven_with(*extra, **changes):
    d = sheet().to_dict()
    return sheet(weapons=d["weapons"] + list(extra), **changes)


# -- cover (000 · Other Actions · cover; DECISIONS · More rulings · Cover) ---------------------------
def test_cover_from_18_m_away_is_refused():
    enc = Encounter(TacticalMap.from_grid(["." * 24] * 3), dice=ScriptedDice([]))
    enc.add(sheet(), "red", at=(1.0, 3.0), policy=Scripted([Plan([Act("cover", target="red-2")])]))
    enc.add(sheet("clone"), "red", at=(19.0, 3.0), policy=passive())
    enc.add(sheet("clone"), "blue", at=(45.0, 3.0), policy=passive())
    result = enc.run(until=0.9)
    assert any("cover: Clone is beyond 2 m" in t for t in says(result, "red-1"))


@pytest.mark.parametrize("action, weapon, defense", [
    ("quick strike", "hands", 14 + 5),     # Steven's melee defense + 5
    ("push", None, 13 + 5),                # his grapple defense + 5: cover works against every attack
])
def test_cover_uses_the_coverers_defense_of_the_attacks_kind_and_a_miss_hits_the_coverer(action, weapon, defense):
    # red-1 Steven covers red-2 from 2 m; blue-1 attacks red-2: roll 15 + 2 (or + 3) misses
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15, 15]))
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted([Plan([Act("cover", target="red-2")])]))
    enc.add(sheet("clone"), "red", at=(5.0, 3.0), policy=passive())
    enc.add(sheet("clone"), "blue", at=(7.0, 3.0),
            policy=Scripted([Plan([Act(action, target="red-2", weapon=weapon)])]))
    result = enc.run(until=0.9)
    (attack,) = of(result, Attack)
    assert attack.roll.target_mods[0] == ("Steven covering", defense)
    assert not attack.hit
    if action == "quick strike":   # a miss hits the coverer: hands 3 blunt -> 1 damage, 2 stun
        (hurt,) = of(result, Harm, "red-1")
        assert hurt.changes == {"damage": 1, "stun": 2} and "covering Clone" in hurt.source
    assert (State(t=0.0, who="red-1", changes={"covering": "red-2"}) in of(result, State, "red-1"))


def test_cover_ends_at_the_start_of_the_coverers_next_turn():
    # round 1 the strike meets Steven's 14 + 5 = 19 (15 + 2 misses); round 2 Steven's cover has
    # lapsed: the same roll meets the clone's own 12 and hits
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15, 15]))
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted([Plan([Act("cover", target="red-2")])]))
    enc.add(sheet("clone"), "red", at=(5.0, 3.0), policy=passive())
    strike = Plan([Act("quick strike", target="red-2", weapon="hands")])
    enc.add(sheet("clone"), "blue", at=(7.0, 3.0), policy=Scripted([strike, strike]))
    result = enc.run(until=1.9)
    a1, a2 = of(result, Attack)
    assert (a1.roll.target, a1.hit) == (19, False)
    assert (a2.roll.target, a2.hit) == (12, True)
    assert State(t=1.0, who="red-1", changes={"covering": None}) in of(result, State, "red-1")


def test_of_two_coverers_the_first_in_turn_order_covers():
    # round 1 only Steven (red-2) covers red-3; round 2 the clone (red-1) covers it too, before him in
    # turn order: blue-1's strike meets the clone's 12 + 5, not Steven's 14 + 5, whoever covered first
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15]))
    cover = Plan([Act("cover", target="red-3")])
    enc.add(sheet("clone"), "red", at=(7.0, 3.0), policy=Scripted([Plan([]), cover]))
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted([cover, cover]))
    enc.add(sheet("clone"), "red", at=(5.0, 3.0), policy=passive())
    strike = Plan([Act("quick strike", target="red-3", weapon="hands")])
    enc.add(sheet("clone"), "blue", at=(5.0, 5.0), policy=Scripted([Plan([]), strike]))
    result = enc.run(until=1.9)
    (attack,) = of(result, Attack)
    assert attack.roll.target_mods[0] == ("Clone covering", 12 + 5)


def test_cover_stops_when_the_coverer_is_more_than_2_m_away():
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15]))
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted([Plan([Act("cover", target="red-2")])]))
    enc.add(sheet("clone"), "red", at=(5.0, 3.0), policy=Scripted([Plan([MoveTo(9.0, 3.0)])]))
    enc.add(sheet("clone"), "blue", at=(11.0, 3.0),
            policy=Scripted([Plan([Act("quick strike", target="red-2", weapon="hands")])]))
    result = enc.run(until=0.9)
    (attack,) = of(result, Attack)
    assert attack.roll.target == 12 and attack.hit


# -- disarm and ready weapon (000 · Grappling Actions · disarm; 000 · Attacking · Readying Weapons) -----
def test_a_disarm_takes_the_weapon_and_the_disarmed_cannot_strike_with_it():
    # disarm: natural 20 hits; double power blunt 6 -> 3 damage 3 stun; Steven has a free hand: taken
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([20]))
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted([Plan([Act("disarm", target="blue-1")])]))
    blue = Scripted([Plan([Act("quick strike", target="red-1", weapon="machete")]),
                     Plan([Act("ready weapon", weapon="machete")])])
    enc.add(sheet("steven"), "blue", at=(5.0, 3.0), policy=blue)
    result = enc.run(until=1.9)
    (attack,) = of(result, Attack)
    assert attack.action == "disarm" and attack.hit and attack.harm == {"damage": 3, "stun": 3}
    assert "disarms Steven: machete taken" in says(result, "red-1")
    texts = says(result, "blue-1")
    assert "refused: quick strike: machete is not in hand (taken)" in texts
    assert "refused: ready weapon: machete was taken" in texts


def test_a_dropped_weapon_is_picked_up_by_a_quick_ready_weapon():
    # the disarmer holds two hand weapons: no free hand, the machete drops; next turn blue readies
    # it (a quick action) and kicks in the same combo, then strikes with it the turn after
    club = {"name": "club", "kind": "hand", "power": 3, "heft": 2, "mass": 1.0}
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([20, 3, 15]))
    enc.add(steven_with(club), "red", at=(3.0, 3.0), policy=Scripted([Plan([Act("disarm", target="blue-1")])]))
    blue = Scripted([
        Plan([Act("let go")]),
        Plan([Act("ready weapon", weapon="machete"), Act("quick strike", target="red-1", weapon="feet")]),
        Plan([Act("quick strike", target="red-1", weapon="machete")]),
    ])
    enc.add(sheet("steven"), "blue", at=(5.0, 3.0), policy=blue)
    result = enc.run(until=2.9)
    assert "disarms Steven: machete dropped" in says(result, "red-1")
    assert "readies machete" in says(result, "blue-1")
    kick, slash = [a for a in of(result, Attack, "blue-1")]
    assert (kick.weapon, slash.weapon) == ("feet", "machete")


# -- grapple release (DECISIONS · More rulings · Grapple release) ------------------------------------
def test_a_successful_hold_lets_its_maker_release_instead_of_dominating():
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15]))
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted([Plan([Act("hold", target="blue-1")])], answers=["release"]))
    enc.add(sheet("clone"), "blue", at=(5.0, 3.0), policy=passive())
    enc.run(until=0.9)
    assert enc.combatants["red-1"].partner is None and enc.combatants["blue-1"].partner is None


def test_either_grappler_lets_go_with_a_quick_action():
    # the hold (15 + 3 > 13) pins blue; blue lets go on its turn: both are free
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15]))
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted([Plan([Act("hold", target="blue-1")])]))
    enc.add(sheet("clone"), "blue", at=(5.0, 3.0), policy=Scripted([Plan([Act("let go")])]))
    result = enc.run(until=0.9)
    assert State(t=0.5, who="blue-1", changes={"partner": None, "role": None}) in of(result, State)
    assert State(t=0.5, who="red-1", changes={"partner": None, "role": None}) in of(result, State)
    assert enc.combatants["red-1"].partner is None


def test_a_failed_grappling_action_lets_the_defender_release():
    # round 1 a natural 20 holds the wrestler (grapple defense 20); round 2 red's wrench
    # (1 + 3, +5 dominant) misses 20 - 5: the wrestler chooses to release
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([20, 1]))
    plans = [Plan([Act("hold", target="blue-1")]), Plan([Act("wrench", target="blue-1")])]
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted(plans))
    enc.add(sheet("grappler"), "blue", at=(5.0, 3.0), policy=Scripted([], answers=["release"]))
    result = enc.run(until=1.9)
    _, wrench = of(result, Attack)
    assert not wrench.hit
    assert enc.combatants["red-1"].partner is None and enc.combatants["blue-1"].partner is None


# -- knock-downs (000 · Grappling; DECISIONS · More rulings · Falls from a push, trip or slam) ----------
def test_a_push_moves_the_target_and_a_lost_balance_is_a_knock_down_that_hurts():
    # push 15 + 3 > 13; the clone is moved 2 m away; balance 5 + 0 vs 8 fails: a knock-down from
    # its own height: strength 3 blunt -> 1 damage, 2 stun
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15, 5]))
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted([Plan([Act("push", target="blue-1")])]))
    enc.add(sheet("clone"), "blue", at=(5.0, 3.0), policy=passive())
    result = enc.run(until=0.4)
    push = of(result, Move, "blue-1")[0]
    assert push.legs[0].kind == "push" and push.legs[0].end[0] == pytest.approx(7.0)
    (balance,) = [r for r in of(result, Roll, "blue-1") if r.purpose == "keep balance"]
    assert (balance.roll.target, balance.roll.success) == (8, False)
    (fall,) = of(result, Fall, "blue-1")
    assert (fall.severity, fall.height, fall.harm) == ("knockdown", 0.0, {"damage": 1, "stun": 2})
    assert enc.combatants["blue-1"].prone and enc.combatants["blue-1"].tracks == {"stun": 2, "damage": 1}


def test_a_push_off_a_ledge_adds_one_damage_per_metre_after_the_split():
    # the clone stands at the edge of a 2 m platform: pushed off, it falls 2 m: 1 + 2 damage, 2 stun
    m = TacticalMap.from_grid(["....."], heights=["22200"])
    enc = Encounter(m, dice=ScriptedDice([15]))
    enc.add(sheet(), "red", at=(3.0, 1.0), policy=Scripted([Plan([Act("push", target="blue-1")])]))
    enc.add(sheet("clone"), "blue", at=(5.0, 1.0), policy=passive())
    result = enc.run(until=0.4)
    (fall,) = of(result, Fall, "blue-1")
    assert (fall.severity, fall.height, fall.harm) == ("knockdown", 2.0, {"damage": 3, "stun": 2})


def test_a_push_into_a_wall_hurts_as_a_fall_onto_it():
    # the wall stops the push within 1 m; the clone keeps its feet (balance 15) but the wall hurts
    enc = Encounter(TacticalMap.from_grid(["....#."]), dice=ScriptedDice([15, 15]))
    enc.add(sheet(), "red", at=(5.0, 1.0), policy=Scripted([Plan([Act("push", target="blue-1")])]))
    enc.add(sheet("clone"), "blue", at=(7.0, 1.0), policy=passive())
    result = enc.run(until=0.4)
    (fall,) = of(result, Fall, "blue-1")
    assert fall.cause == "pushed into a wall by Steven" and fall.harm == {"damage": 1, "stun": 2}
    assert not enc.combatants["blue-1"].prone


def test_a_trip_that_knocks_down_adds_the_fall_to_its_own_harm():
    # trip 15 + 3 hits: double power 6 blunt -> 3 damage 3 stun; balance 2 fails: + 1 damage 2 stun
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15, 2]))
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted([Plan([Act("trip", target="blue-1")])]))
    enc.add(sheet("clone", toughness=20), "blue", at=(5.0, 3.0), policy=passive())
    result = enc.run(until=0.4)
    (attack,) = of(result, Attack)
    assert attack.harm == {"damage": 3, "stun": 3}
    (fall,) = of(result, Fall, "blue-1")
    assert fall.harm == {"damage": 1, "stun": 2}
    assert enc.combatants["blue-1"].tracks == {"stun": 5, "damage": 4}


@pytest.mark.parametrize("onto, breaks, harm", [
    (True, False, {"damage": 3, "stun": 3}),   # falls onto: double power 6
    (True, True, {"damage": 1, "stun": 2}),    # the roll vs 8 takes the attack's power (3) off
    (False, True, {}),                         # no fall onto, fall broken: no harm
    (False, False, {"damage": 1, "stun": 2}),
])
def test_a_slam_may_fall_onto_the_target_and_the_target_may_break_the_fall(onto, breaks, harm):
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15, 15 if breaks else 3]))
    slam = Act("slam", target="blue-1", options={"fall onto": True} if onto else None)
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted([Plan([slam])]))
    enc.add(sheet("clone", toughness=20), "blue", at=(5.0, 3.0), policy=passive())
    result = enc.run(until=0.4)
    (attack,) = of(result, Attack)
    assert attack.hit and attack.harm == harm
    (roll,) = [r for r in of(result, Roll, "blue-1") if r.purpose == "slam: break the fall"]
    assert roll.roll.target == 8 and roll.roll.success == breaks
    assert enc.combatants["blue-1"].prone
    assert enc.combatants["red-1"].prone == onto


# -- flight (000 · Movement · Flying; DECISIONS · Movement · Flying) ----------------------------------
def test_a_flyer_climbs_at_most_half_its_airspeed_per_turn_whatever_the_steps():
    enc = Encounter(TacticalMap.from_grid(["." * 20] * 3), dice=ScriptedDice([]))
    up = Plan([MoveTo(5.0, 3.0, 22.0), MoveTo(5.0, 3.0, 24.0), MoveTo(5.0, 3.0, 26.0), MoveTo(5.0, 3.0, 28.0)])
    down = Plan([MoveTo(5.0, 3.0, 22.0), MoveTo(5.0, 3.0, 20.0), MoveTo(5.0, 3.0, 18.0), MoveTo(5.0, 3.0, 16.0)])
    enc.add(sheet(airspeed=8), "red", at=(5.0, 3.0, 20.0), policy=Scripted([up, down]), flying=True)
    enc.add(sheet("clone"), "blue", at=(39.0, 1.0), policy=passive())
    result = enc.run(until=1.9)
    fly = of(result, Fly)
    first = [f for f in fly if f.t == 0.0]
    second = [f for f in fly if f.t == 1.0]
    assert sum(f.ascended for f in first) == pytest.approx(4.0)
    assert sum(f.descended for f in second) == pytest.approx(4.0)
    assert enc.combatants["red-1"].z == pytest.approx(20.0)


def test_an_encumbered_flyer_falls_out_of_the_sky():
    # 8.5 kg carried on strength 3 (carrying capacity 5 kg, encumbered up to 10): no flight; the
    # 10 m fall is lethal: roll 15 + 0 > 10 -> damage and stun = toughness 7
    flyer = sheet(airspeed=8, gear_mass=8.0)
    assert flyer.encumbrance == "encumbered"
    enc = Encounter(TacticalMap.from_grid(["." * 20] * 3), dice=ScriptedDice([15]))
    enc.add(flyer, "red", at=(5.0, 3.0, 10.0), policy=Scripted([Plan([MoveTo(9.0, 3.0, 10.0)])]), flying=True)
    enc.add(sheet("clone"), "blue", at=(39.0, 1.0), policy=passive())
    result = enc.run(until=0.9)
    (fall,) = of(result, Fall, "red-1")
    assert fall.cause == "cannot fly" and fall.height == 10.0 and fall.severity == "lethal"
    red = enc.combatants["red-1"]
    assert red.z == 0.0 and not red.flying
    assert not of(result, Fly)


# -- climbing (DECISIONS · Movement · Climbing) -------------------------------------------------------
LADDER = {"grid": ["...^^^"], "legend": {"^": {"kind": "cliff", "surface": "ladder"}}, "heights": ["000999"]}


def test_a_climber_on_a_ladder_cannot_do_a_powerful_strike():
    m = TacticalMap.from_grid(LADDER["grid"], legend=LADDER["legend"], heights=LADDER["heights"])
    enc = Encounter(m, dice=ScriptedDice([15] * 4))
    climber = sheet()
    plans = [Plan([MoveTo(11.0, 1.0)]),
             Plan([MoveTo(11.0, 1.0), Act("powerful strike", target="blue-1", weapon="machete")])]
    enc.add(climber, "red", at=(5.0, 1.0), policy=Scripted(plans))
    enc.add(sheet("clone"), "blue", at=(1.0, 1.0), policy=passive())
    enc.set_mover(climber, Mover(running=5, climb_surfaces={"ladder"}))
    result = enc.run(until=1.9)
    assert enc.combatants["red-1"].climbing == "ladder"
    assert "refused: powerful strike: a climber does one quick action per turn" in says(result, "red-1")
    assert not of(result, Attack)


# -- guns (000 · Archery and Marksmanship · load; the supplement's reload counts) ---------------------
MUSKET = {"name": "musket", "kind": "gun", "power": 8, "range": 100.0, "shots": 1, "reload_actions": 9, "mass": 4.0}
REVOLVER = {"name": "revolver", "kind": "gun", "power": 5, "range": 50.0, "shots": 6, "reload_actions": 6, "mass": 1.0}


def test_a_musket_takes_nine_loads_each_a_whole_turn():
    shoot = Plan([Act("quick shot", target="blue-1", weapon="musket")])
    load = Plan([Act("load", weapon="musket")])
    load_and_kick = Plan([Act("load", weapon="musket"), Act("quick strike", target="blue-1", weapon="feet")])
    plans = [shoot, load_and_kick, shoot] + [load] * 8 + [shoot]
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([2, 2]))
    enc.add(steven_with(MUSKET), "red", at=(1.0, 3.0), policy=Scripted(plans))
    enc.add(sheet("clone"), "blue", at=(21.0, 3.0), policy=passive())
    result = enc.run(until=11.9)
    texts = says(result, "red-1")
    assert "refused: quick strike: no actions left this turn" in texts   # the load took the turn
    assert "refused: quick shot: musket is not loaded" in texts
    assert "loads musket: 0/1 rounds (8/9 load actions)" in texts
    assert "loads musket: 1/1 rounds" in texts
    shots = of(result, Attack, "red-1")
    assert [a.t for a in shots] == [0.0, 11.0]


def test_a_revolver_loaded_a_round_at_a_time_gets_one_round_per_load():
    plans = [Plan([Act("unload", weapon="revolver")]), Plan([Act("load", weapon="revolver")])] + \
        [Plan([Act("quick shot", target="blue-1", weapon="revolver")])] * 2
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([2]))
    enc.add(steven_with(REVOLVER), "red", at=(1.0, 3.0), policy=Scripted(plans))
    enc.add(sheet("clone"), "blue", at=(21.0, 3.0), policy=passive())
    result = enc.run(until=3.9)
    assert "loads revolver: 1/6 rounds" in says(result, "red-1")
    assert len(of(result, Attack, "red-1")) == 1
    assert "refused: quick shot: revolver is not loaded" in says(result, "red-1")


# -- throws (000 · Thrown Weapon Attacks · heave) ------------------------------------------------------
def test_heaving_an_unwieldy_rock_at_an_adjacent_enemy():
    # a 3 kg rock of heft 6 > strength 3: only heaved; its range 0 still reaches the next space.
    # 18 - 5 = 13 > missile defense 10 hits: double power 8 blunt -> 4 damage, 4 stun
    rock = {"name": "rock", "kind": "thrown", "power": 4, "heft": 6, "mass": 3.0}
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([18]))
    enc.add(steven_with(rock), "red", at=(1.0, 3.0), policy=Scripted([Plan([Act("heave", target="blue-1", weapon="rock")])]))
    enc.add(sheet("clone", toughness=20), "blue", at=(3.0, 3.0), policy=passive())
    (attack,) = of(enc.run(until=0.4), Attack)
    assert attack.hit and ("heave", -5) in attack.roll.mods
    assert attack.roll.target_mods == [("missile defense", 10)]
    assert attack.harm == {"damage": 4, "stun": 4}


# -- stances (000 · Stance and Position) --------------------------------------------------------------
def test_a_strategic_shot_cannot_be_done_while_aiming():
    archer = sheet("archer")
    plans = [Plan([Act("draw", weapon="longbow")]), Plan([Act("aim", weapon="longbow")]),
             Plan([Act("strategic shot", target="blue-1", weapon="longbow")]),
             Plan([Act("quick shot", target="blue-1", weapon="longbow")])]
    enc = Encounter(TacticalMap.from_grid(["." * 20] * 3), dice=ScriptedDice([10]))
    enc.add(archer, "red", at=(1.0, 3.0), policy=Scripted(plans))
    enc.add(sheet("clone"), "blue", at=(21.0, 3.0), policy=passive())
    result = enc.run(until=3.9)
    assert "refused: strategic shot cannot be done while aiming" in says(result, "red-1")
    (shot,) = of(result, Attack)
    assert shot.action == "quick shot" and ("aiming", 5) in [(k, v) for k, v in shot.roll.mods]


# -- 000 · Rounds: stalking, delaying ----------------------------------------------------------------
@pytest.mark.parametrize("dice, outcome, first", [
    ([15, 15], "both", "red-1"),       # both succeed: nobody has surprise (order added)
    ([5, 15], "b", "blue-1"),          # only blue: blue goes first
    ([15, 5], "a", "red-1"),
])
def test_mutual_stalking_is_two_rolls(dice, outcome, first):
    enc = Encounter(TacticalMap.from_grid(["." * 20] * 3), dice=ScriptedDice(dice))
    a = enc.add(sheet(), "red", at=(1.0, 3.0), policy=passive())
    b = enc.add(sheet("clone"), "blue", at=(21.0, 3.0), policy=passive())
    assert enc.stalk_each_other(a, b) == outcome
    surprised = {c.id for c in enc.combatants.values() if c.surprised}
    assert surprised == ({"blue-1" if first == "red-1" else "red-1"} if outcome != "both" else set())
    result = enc.run(until=0.9)
    rolls = [r for r in of(result, Roll) if r.purpose == "stealth"]
    assert [r.who for r in rolls] == ["red-1", "blue-1"]
    assert of(result, Turn)[0].who == first


def test_mutual_stalking_that_both_fail_starts_no_fight_unless_a_script_starts_it():
    for start_anyway in (False, True):
        enc = Encounter(TacticalMap.from_grid(["." * 20] * 3), dice=ScriptedDice([5, 5]))
        a = enc.add(sheet(), "red", at=(1.0, 3.0), policy=passive())
        b = enc.add(sheet("clone"), "blue", at=(21.0, 3.0), policy=passive())
        assert enc.stalk_each_other(a, b, start_anyway=start_anyway) == "neither"
        result = enc.run(until=1.9)
        if start_anyway:
            assert of(result, Turn)
        else:
            (end,) = of(result, End)
            assert end.reason == "no fight: neither Steven nor Clone found the other" and not of(result, Turn)


def test_a_turn_is_delayed_until_just_after_an_allys():
    # order added: red-1, red-2, blue-1. red-1 delays after red-2: it acts again this round after
    # red-2, and from then on every round right after it (moving in formation)
    enc = Encounter(TacticalMap.from_grid(["." * 20] * 3), dice=ScriptedDice([]))
    plans = [Plan([Act("delay", target="red-2")]), Plan([MoveTo(5.0, 3.0)]), Plan([MoveTo(7.0, 3.0)])]
    enc.add(sheet(), "red", at=(1.0, 3.0), policy=Scripted(plans))
    enc.add(sheet("clone"), "red", at=(1.0, 5.0), policy=passive())
    enc.add(sheet("clone"), "blue", at=(39.0, 3.0), policy=passive())
    result = enc.run(until=1.9)
    turns = [(t.t, t.who) for t in of(result, Turn)]
    third = 1 / 3
    assert turns[:4] == [(0.0, "red-1"), (pytest.approx(third), "red-2"), (pytest.approx(0.5), "red-1"),
                         (pytest.approx(2 * third), "blue-1")]
    assert (pytest.approx(1 + third), "red-2") == turns[4] and turns[5] == (pytest.approx(1.5), "red-1")
    assert "delays its turn until after Clone's" in says(result, "red-1")
    assert of(result, Move, "red-1")[0].t == pytest.approx(0.5)


# -- jumping (DECISIONS · More rulings · Running start across turns) ---------------------------------
def test_a_running_start_may_end_the_previous_turn():
    # a 4 m gap (cols 4-5); Steven (running 5) runs 4 m to its edge and stops; next turn he jumps
    # it with a running start (limit 5 m; within 1 m: acrobatics 15 > 10); without the run-up the
    # same jump (limit 2.5 m) is refused
    gap = ["....__......"]
    for run_up, expect in ((True, True), (False, False)):
        enc = Encounter(TacticalMap.from_grid(gap), dice=ScriptedDice([15]))
        steven = sheet()
        start = 3.0 if run_up else 7.0
        plans = [Plan([MoveTo(7.0, 1.0)]), Plan([MoveTo(15.0, 1.0)])]
        enc.add(steven, "red", at=(start, 1.0), policy=Scripted(plans))
        enc.add(sheet("clone"), "blue", at=(23.0, 1.0), policy=passive())
        enc.set_mover(steven, Mover(running=5, max_jump_m=5.0))
        result = enc.run(until=1.9)
        jumps = of(result, Jump)
        if expect:
            (jump,) = jumps
            assert jump.running_start and jump.max_distance == 5.0 and jump.distance == 4.0 and jump.success
            assert enc.combatants["red-1"].x > 12.0
        else:
            assert not jumps and any("beyond the 2.5 m without" in t for t in says(result, "red-1"))
            assert enc.combatants["red-1"].x == pytest.approx(7.0)


def test_a_run_up_from_the_previous_turn_is_no_charge():
    # 4 m straight at the end of turn 1, 2 m more in turn 2: the charge counts this turn's 2 m only
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15]))
    plans = [Plan([MoveTo(5.0, 3.0)]), Plan([MoveTo(7.0, 3.0), Act("quick strike", target="blue-1", weapon="machete")])]
    enc.add(sheet(), "red", at=(1.0, 3.0), policy=Scripted(plans))
    enc.add(sheet("clone", toughness=20), "blue", at=(9.0, 3.0), policy=passive())
    (attack,) = of(enc.run(until=1.9), Attack)
    assert attack.charge_m == 0.0 and dict(attack.details)["power"] == 5


def test_a_disarmed_fighter_defends_with_what_is_left_in_hand():
    # Steven's melee defense 14 comes from the machete; once it is taken, his hands give 12
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([20, 11]))
    enc.add(sheet(), "red", at=(3.0, 3.0),
            policy=Scripted([Plan([Act("disarm", target="blue-1")])], answers=["release"]))
    enc.add(sheet("clone", toughness=20), "red", at=(3.0, 5.0),
            policy=Scripted([Plan([Act("quick strike", target="blue-1", weapon="hands")])]))
    enc.add(sheet("steven"), "blue", at=(5.0, 3.0), policy=passive())
    result = enc.run(until=0.9)
    _, strike = of(result, Attack)
    assert strike.roll.target_mods[0] == ("melee defense", 12) and strike.hit   # 11 + 2 > 12


# -- the rest of 000 · List of Actions, Stance and Position, Health, Armor, played once each -----------
def test_rest_recovers_all_stun_and_defends_plus_5_until_the_next_turn():
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15]))
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted([Plan([Act("rest")])]))
    enc.add(sheet("clone"), "blue", at=(5.0, 3.0),
            policy=Scripted([Plan([Act("quick strike", target="red-1", weapon="hands")])]))
    enc.combatants["red-1"].tracks["stun"] = 4
    result = enc.run(until=0.9)
    (rest,) = [h for h in of(result, Harm, "red-1") if h.source == "rest"]
    assert rest.changes == {"stun": -4}
    (attack,) = of(result, Attack)
    assert ("rest", 5) in attack.roll.target_mods and attack.roll.target == 14 + 5


def test_drop_stand_and_instant_stand():
    # drop; a kick from the ground: -5 to strike; instant stand: +5 defense until the next turn
    plans = [Plan([Act("drop")]), Plan([Act("quick strike", target="blue-1", weapon="feet")]),
             Plan([Act("instant stand")]), Plan([Act("drop")]), Plan([Act("stand")])]
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15, 10]))
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted(plans))
    blue = Scripted([Plan([]), Plan([]), Plan([Act("quick strike", target="red-1", weapon="hands")])])
    enc.add(sheet("clone"), "blue", at=(5.0, 3.0), policy=blue)
    result = enc.run(until=4.9)
    kick, punch = of(result, Attack)
    assert -5 in [v for _, v in kick.roll.mods] and kick.roll.total == 15 + 2 - 5
    assert ("instant stand", 5) in punch.roll.target_mods
    prone = [e.changes["prone"] for e in of(result, State, "red-1") if "prone" in e.changes]
    assert prone == [True, False, True, False] and not enc.combatants["red-1"].prone


def test_choke_does_only_stun_and_at_least_two():
    # grappler (hold 15 + 10 > 13) then choke while dominant: strength 5 doubled = 10 stun, no damage
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15, 15]))
    plans = [Plan([Act("hold", target="blue-1")]), Plan([Act("choke", target="blue-1")])]
    enc.add(sheet("grappler"), "red", at=(3.0, 3.0), policy=Scripted(plans))
    enc.add(sheet("clone", toughness=20), "blue", at=(5.0, 3.0), policy=passive())
    result = enc.run(until=1.9)
    _, choke = of(result, Attack)
    assert choke.hit and choke.harm == {"stun": 10}


def test_cautious_and_strategic_strikes():
    # strategic +5 to hit; cautious +5 defense against the counter-blow until the next turn
    plans = [Plan([Act("strategic strike", target="blue-1", weapon="machete")]),
             Plan([Act("cautious strike", target="blue-1", weapon="machete")])]
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([5, 5, 10]))
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted(plans))
    blue = Scripted([Plan([]), Plan([Act("quick strike", target="red-1", weapon="hands")])])
    enc.add(sheet("clone", toughness=30), "blue", at=(5.0, 3.0), policy=blue)
    result = enc.run(until=1.9)
    strategic, cautious, punch = of(result, Attack)
    assert ("strategic strike", 5) in strategic.roll.mods and strategic.hit        # 5 + 4 + 5 > 12
    assert not cautious.hit                                                           # 5 + 4 = 9
    assert ("cautious strike", 5) in punch.roll.target_mods and punch.roll.target == 19


def test_an_attack_aimed_around_armor_meets_its_cover_and_skips_its_absorption():
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([19, 19]))
    plans = [Plan([Act("quick strike", target="blue-1", weapon="machete")]),
             Plan([Act("quick strike", target="blue-1", weapon="machete", avoid_armor=("padded jacket",))])]
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted(plans))
    enc.add(sheet("grappler", toughness=30), "blue", at=(5.0, 3.0), policy=passive())
    result = enc.run(until=1.9)
    plain, around = of(result, Attack)
    assert dict(plain.details)["absorbed"] == 1 and plain.harm == {"damage": 4}
    assert ("armor avoided", 6) in around.roll.target_mods and around.harm == {"damage": 5}


def test_starting_evading_defends_plus_4_until_the_first_turn():
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([10]))
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted([Plan([Act("quick strike", target="blue-1", weapon="machete")])]))
    enc.add(sheet("clone"), "blue", at=(5.0, 3.0), policy=passive(), evading=True)
    (attack,) = of(enc.run(until=0.9), Attack)
    assert ("evading", 4) in attack.roll.target_mods and attack.roll.target == 16


def test_an_injured_fighter_does_no_combo_and_no_strenuous_action():
    plan = Plan([Act("quick strike", target="blue-1", weapon="hands"), Act("quick strike", target="blue-1", weapon="feet")])
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([2]))
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted([plan, Plan([Act("powerful strike", target="blue-1", weapon="machete")])]))
    enc.add(sheet("clone"), "blue", at=(5.0, 3.0), policy=passive())
    red = enc.combatants["red-1"]
    red.tracks["damage"] = 8
    red.set_standing("injured")
    result = enc.run(until=1.9)
    assert len(of(result, Attack)) == 1
    assert "refused: powerful strike: injured characters cannot do strenuous actions" in says(result, "red-1")


def test_an_incapacitated_fighter_recovers_half_its_stun_each_turn():
    # a powerful punch: double power 6 blunt -> 3 damage 3 stun on a clone with 5 stun already
    # (toughness 4, stamina 8): 3 + 8 = 11 >= 8, out; at its next turn's end 8 stun -> 4
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([19]))
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted([Plan([Act("powerful strike", target="blue-1", weapon="hands")])]))
    enc.add(sheet("clone", toughness=4), "blue", at=(5.0, 3.0), policy=passive())
    enc.add(sheet("clone"), "blue", at=(21.0, 3.0), policy=passive())
    enc.combatants["blue-1"].tracks["stun"] = 5
    result = enc.run(until=1.9)
    recovery = [h.changes for h in of(result, Harm, "blue-1") if h.source == "recovery"]
    assert recovery[0] == {"stun": -4}                # 8 stun: half, rounded up, recovered
    assert enc.combatants["blue-1"].standing in ("incapacitated", "injured")


def test_critical_hit_adds_the_weapon_power_on_a_natural_20():
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([20]), options={"critical_hit": True})
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted([Plan([Act("quick strike", target="blue-1", weapon="machete")])]))
    enc.add(sheet("clone", toughness=30), "blue", at=(5.0, 3.0), policy=passive())
    (attack,) = of(enc.run(until=0.9), Attack)
    assert dict(attack.details)["power"] == 10 and attack.harm == {"damage": 10}


def test_a_powerful_throw_reaches_twice_as_far_as_a_quick_one():
    # javelin: throwing 4 + strength 4 - heft 2 = 6 m quick, 12 m powerful; 8 m away: the quick
    # throw is refused, the powerful one meets range 8 x 20 / 12 = +13 and double power 8
    plans = [Plan([Act("quick throw", target="blue-1", weapon="javelin")]),
             Plan([Act("powerful throw", target="blue-1", weapon="javelin")])]
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([20]))
    enc.add(sheet("spear_thrower"), "red", at=(1.0, 3.0), policy=Scripted(plans))
    enc.add(sheet("clone", toughness=30), "blue", at=(9.0, 3.0), policy=passive())
    result = enc.run(until=1.9)
    assert any("quick throw: Clone is beyond 6 m" in t for t in says(result, "red-1"))
    (throw,) = of(result, Attack)
    assert ("range 8 m", 13) in throw.roll.target_mods and dict(throw.details)["power"] == 8


def test_a_cautious_shot_defends_plus_5_until_the_next_turn():
    plans = [Plan([Act("draw", weapon="longbow")]), Plan([Act("cautious shot", target="blue-1", weapon="longbow")])]
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15, 10]))
    enc.add(sheet("archer"), "red", at=(1.0, 3.0), policy=Scripted(plans))
    blue = Scripted([Plan([]), Plan([Act("quick strike", target="red-1", weapon="hands")])])
    enc.add(sheet("clone", toughness=30), "blue", at=(3.0, 3.0), policy=blue)
    result = enc.run(until=1.9)
    shot, punch = of(result, Attack)
    assert shot.action == "cautious shot" and ("cautious shot", 5) in punch.roll.target_mods


def test_random_damage_gives_double_power_only_on_13_or_more():
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([12, 13]), options={"random_damage": True})
    plans = [Plan([Act("powerful strike", target="blue-1", weapon="machete")])] * 2
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted(plans))
    enc.add(sheet("clone", toughness=30), "blue", at=(5.0, 3.0), policy=passive())
    low, high = of(enc.run(until=1.9), Attack)
    assert (dict(low.details)["power"], dict(high.details)["power"]) == (5, 10)


def test_an_encumbered_fighter_walks_half_and_does_nothing_strenuous():
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([]))
    plans = [Plan([MoveTo(21.0, 3.0)]), Plan([Act("powerful strike", target="blue-1", weapon="machete")])]
    enc.add(sheet(gear_mass=8.0), "red", at=(1.0, 3.0), policy=Scripted(plans))
    enc.add(sheet("clone"), "blue", at=(5.0, 3.0), policy=passive())
    result = enc.run(until=1.9)
    assert enc.combatants["red-1"].x == pytest.approx(3.5)          # running 5 halved
    assert "refused: powerful strike: encumbered characters cannot do strenuous actions" in says(result, "red-1")


def test_a_flyer_pushed_in_the_air_is_moved_but_does_not_fall():
    enc = Encounter(TacticalMap.from_grid(["." * 12] * 3), dice=ScriptedDice([15]))
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted([Plan([Act("push", target="blue-1")])]))
    enc.add(sheet("winged"), "blue", at=(5.0, 3.0, 1.5), policy=passive(), flying=True)
    result = enc.run(until=0.4)
    blue = enc.combatants["blue-1"]
    assert blue.flying and blue.pos == pytest.approx((7.0, 3.0, 1.5))
    assert not of(result, Fall) and not [r for r in of(result, Roll) if r.purpose == "keep balance"]


@pytest.mark.parametrize("answer, partners, red_prone", [("follow", True, True), ("let go", False, False)])
def test_a_grappler_whose_partner_is_tripped_down_follows_it_or_lets_go(answer, partners, red_prone):
    # hold (15 + 3 > 13), then a trip (15 + 3 + 5 dominant) that knocks down (balance 2): red chooses
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15, 15, 2]))
    plans = [Plan([Act("hold", target="blue-1")]), Plan([Act("trip", target="blue-1")])]
    enc.add(sheet(), "red", at=(3.0, 3.0), policy=Scripted(plans, answers=["dominant", answer]))
    enc.add(sheet("clone", toughness=30), "blue", at=(5.0, 3.0), policy=passive())
    enc.run(until=1.4)
    red = enc.combatants["red-1"]
    assert (red.partner == "blue-1") == partners and red.prone == red_prone
    assert enc.combatants["blue-1"].prone
