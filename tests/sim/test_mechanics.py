"""Each mechanic of the engine happening, with exact numbers from scripted dice.

Maps are drawn inline (2 m cells: x = 2·col + 1 at a cell centre). Sources:
000 · Attacking · Charging Attack; 000 · Movement · Jumping, Climbing, Flying;
DECISIONS · Movement, Attacks at a distance; 000 · Rounds.
"""

from __future__ import annotations

import pytest

from tactics import Encounter
from tactics.dice import ScriptedDice
from tactics.map import TacticalMap
from tactics.replay.schema import Attack, Climb, Fall, Fly, Harm, Jump, Move, Say, Turn
from tactics.sim import Act, MoveTo, Plan, Scripted

from .conftest import sheet

FLAT = ["." * 12] * 3


def of(result, kind, who=None):
    return [e for e in result.events if isinstance(e, kind) and (who is None or e.who == who)]


def passive():
    return Scripted([])


def test_a_straight_run_of_more_than_5_m_adds_power_to_the_strike():
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15]))
    runner = sheet(running=8)
    plan = Plan([MoveTo(9.0, 3.0), Act("quick strike", target="blue-1", weapon="machete")])
    enc.add(runner, "red", at=(1.0, 3.0), policy=Scripted([plan]))
    enc.add(sheet("clone", toughness=20), "blue", at=(11.0, 3.0), policy=passive())
    result = enc.run(until=0.9)
    (attack,) = of(result, Attack)
    assert attack.charge_m == 8.0
    assert dict(attack.details)["power"] == 5 + (8 - 5)          # machete 5, charge floor(8) - 5
    assert attack.harm["damage"] == 8                    # sharp: all damage


def test_a_run_of_5_m_or_less_is_no_charge_and_charging_can_be_switched_off():
    for options, run, expected in (({}, 5.0, 5), ({"charging": False}, 8.0, 5)):
        enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15]), options=options)
        plan = Plan([MoveTo(1.0 + run, 3.0), Act("quick strike", target="blue-1", weapon="machete")])
        enc.add(sheet(running=8), "red", at=(1.0, 3.0), policy=Scripted([plan]))
        enc.add(sheet("clone", toughness=20), "blue", at=(3.0 + run, 3.0), policy=passive())
        (attack,) = of(enc.run(until=0.9), Attack)
        assert dict(attack.details)["power"] == expected


GAP = ["...._......"]  # the gap is col 4: x in [8, 10), 2 m wide, 10 m deep


def test_a_jump_with_a_running_start_needs_no_roll():
    enc = Encounter(TacticalMap.from_grid(GAP), dice=ScriptedDice([]))
    enc.add(sheet(), "red", at=(5.0, 1.0), policy=Scripted([Plan([MoveTo(13.0, 1.0)])]))
    enc.add(sheet("clone"), "blue", at=(21.0, 1.0), policy=passive())
    result = enc.run(until=0.9)
    (jump,) = of(result, Jump)
    assert jump.running_start and jump.success and jump.roll is None
    assert jump.max_distance == 5.0 and jump.distance == 2.0
    move = of(result, Move, "red-1")[0]
    assert [leg.kind for leg in move.legs] == ["walk", "jump", "walk"]
    assert enc.combatants["red-1"].x == pytest.approx(12.0)   # 2 walk + 2 jump + 1 walk = 5 m


def test_a_near_limit_standing_jump_that_fails_falls_into_the_gap():
    # standing at the edge: no running start, longest jump 2.5 m; 2 m is within 1 m: acrobatics vs 10
    # roll 5 fails; the 10 m fall is lethal: fall roll 15 + 0 > 10 succeeds -> damage and stun = toughness 7
    enc = Encounter(TacticalMap.from_grid(GAP), dice=ScriptedDice([5, 15]))
    enc.add(sheet(), "red", at=(7.0, 1.0), policy=Scripted([Plan([MoveTo(13.0, 1.0)])]))
    enc.add(sheet("clone"), "blue", at=(21.0, 1.0), policy=passive())
    result = enc.run(until=0.9)
    (jump,) = of(result, Jump)
    assert not jump.running_start and jump.max_distance == 2.5
    assert (jump.roll.faces, jump.roll.target, jump.success) == ([5], 10, False)
    (fall,) = of(result, Fall)
    assert fall.height == 10.0 and fall.severity == "lethal"
    assert (fall.roll.faces, fall.roll.success, fall.harm) == ([15], True, {"damage": 7, "stun": 7})
    red = enc.combatants["red-1"]
    assert red.z == -10.0 and red.standing == "incapacitated"
    assert result.winner == "blue"


def test_a_jump_beyond_the_maximum_is_refused_before_it_starts():
    wide = ["...__......"]  # 4 m: Steven can jump 5 with a run-up but 2 + 4 > 5 m of movement
    enc = Encounter(TacticalMap.from_grid(wide), dice=ScriptedDice([]))
    enc.add(sheet(), "red", at=(5.0, 1.0), policy=Scripted([Plan([MoveTo(15.0, 1.0)])]))
    enc.add(sheet("clone"), "blue", at=(21.0, 1.0), policy=passive())
    result = enc.run(until=0.9)
    red = enc.combatants["red-1"]
    assert red.x < 8.0 and red.z == 0.0
    assert not of(result, Fall)


CLIFF = {"grid": ["...^^^"], "legend": {"^": {"kind": "cliff", "surface": "handholds"}}, "heights": ["000555"]}


def test_a_failed_climbing_roll_high_up_is_a_dangerous_fall():
    # handholds: difficulty 10, 1 m per turn. Climbing rolls 15,15,15,15 then 3 fails at 4 m:
    # the fall is dangerous (3 < h <= 6); fall roll 4 + agility 0 + climbing 0 vs 10 fails:
    # damage and stun equal to toughness.
    m = TacticalMap.from_grid(CLIFF["grid"], legend=CLIFF["legend"], heights=CLIFF["heights"])
    enc = Encounter(m, dice=ScriptedDice([15, 15, 15, 15, 15, 3, 4]))
    climber = sheet(toughness=9)
    plans = [Plan([MoveTo(11.0, 1.0)]) for _ in range(8)]
    enc.add(climber, "red", at=(5.0, 1.0), policy=Scripted(plans))
    enc.add(sheet("clone"), "blue", at=(1.0, 1.0), policy=passive())
    from tactics.map import Mover

    enc.set_mover(climber, Mover(running=5, climb_surfaces={"handholds", "ladder"}))
    result = enc.run(until=8)
    climbs = of(result, Climb)
    assert [c.success for c in climbs] == [True] * 5 + [False]
    assert all(c.roll.target == 10 for c in climbs)
    (fall,) = of(result, Fall)
    assert fall.severity == "dangerous" and 3 < fall.height <= 6
    assert fall.cause == "lost grip on handholds"
    assert (fall.roll.faces, fall.roll.success, fall.harm) == ([4], False, {"damage": 9, "stun": 9})
    red = enc.combatants["red-1"]
    assert (red.tracks["damage"], red.z) == (9, 0.0)


def test_a_flyer_loses_airspeed_climbing_and_gains_it_diving_up_to_double():
    enc = Encounter(TacticalMap.from_grid(["." * 20] * 3), dice=ScriptedDice([]))
    flyer = sheet(airspeed=8)
    plans = [
        Plan([MoveTo(5.0, 3.0, 24.0)]),    # climb 4 (half of 8): airspeed 8 -> 4
        Plan([MoveTo(5.0, 3.0, 0.0)]),     # dive 4: 4 -> 8
        Plan([MoveTo(5.0, 3.0, 0.0)]),     # dive 4: 8 -> 12
        Plan([MoveTo(5.0, 3.0, 0.0)]),     # dive 4: 12 -> 16 (double)
        Plan([MoveTo(5.0, 3.0, 0.0)]),     # dive 4: stays 16
    ]
    enc.add(flyer, "red", at=(5.0, 3.0, 20.0), policy=Scripted(plans), flying=True)
    enc.add(sheet("clone"), "blue", at=(39.0, 1.0), policy=passive())
    result = enc.run(until=4.9)
    fly = of(result, Fly)
    assert [(f.ascended, f.descended) for f in fly] == [(4.0, 0.0), (0.0, 4.0), (0.0, 4.0), (0.0, 4.0), (0.0, 4.0)]
    assert [f.airspeed_after for f in fly] == [4.0, 8.0, 12.0, 16.0, 16.0]
    assert [f.z for f in fly] == [24.0, 20.0, 16.0, 12.0, 8.0]


def test_a_flyer_incapacitated_in_the_air_falls():
    # the archer's arrow: roll 20 hits; 8 m up the fall is lethal: roll 2 fails -> damage = stamina
    enc = Encounter(TacticalMap.from_grid(["." * 20] * 3), dice=ScriptedDice([20, 2]))
    archer = sheet("archer")
    bow = next(w.name for w in archer.weapons if w.kind == "bow")
    enc.add(archer, "red", at=(1.0, 3.0), policy=Scripted([Plan([Act("draw and fire", target="blue-1", weapon=bow)])]))
    victim = sheet("clone", airspeed=6, toughness=1)
    enc.add(victim, "blue", at=(11.0, 3.0, 8.0), policy=passive(), flying=True)
    result = enc.run(until=0.9)
    (fall,) = of(result, Fall, "blue-1")
    assert fall.cause == "incapacitated in the air"
    assert fall.height == 8.0 and fall.severity == "lethal" and not fall.roll.success
    assert fall.harm["damage"] == victim.stamina
    assert enc.combatants["blue-1"].z == 0.0 and not enc.combatants["blue-1"].flying


def test_an_archers_difficulty_rises_with_distance_and_darkness():
    grid = ["." * 40] * 3
    light = ["b" * 20 + "k" * 20] * 3
    enc = Encounter(TacticalMap.from_grid(grid, light=light), dice=ScriptedDice([10, 10, 10]))
    archer = sheet("archer")
    bow = next(w for w in archer.weapons if w.kind == "bow")
    shots = [Plan([Act("draw and fire", target=t, weapon=bow.name)]) for t in ("blue-1", "blue-2", "blue-3")]
    enc.add(archer, "red", at=(1.0, 3.0), policy=Scripted(shots))
    enc.add(sheet("clone", toughness=30), "blue", at=(5.0, 3.0), policy=passive())
    enc.add(sheet("clone", toughness=30), "blue", at=(37.0, 3.0), policy=passive())
    enc.add(sheet("clone", toughness=30), "blue", at=(73.0, 3.0), policy=passive())
    result = enc.run(until=2.9)
    a1, a2, a3 = of(result, Attack)
    step = bow.range / 20
    mods = [dict(a.roll.target_mods) for a in (a1, a2, a3)]
    rng = [sum(v for k, v in m.items() if k.startswith("range")) for m in mods]
    assert rng == [int(4 // step), int(36 // step), int(72 // step)]
    assert rng[0] <= rng[1] <= rng[2] and rng[2] > rng[0]
    assert "dark light" not in mods[1] and mods[2]["dark light"] == 5   # ranged in the dark: +5


def test_speed_half_acts_every_other_round():
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([]))
    enc.add(sheet(speed=0.5), "red", at=(1.0, 1.0), policy=passive())
    enc.add(sheet("clone"), "blue", at=(21.0, 1.0), policy=passive())
    result = enc.run(until=5.9)
    rounds = [t.round for t in of(result, Turn, "red-1")]
    assert rounds == [1, 3, 5]
    assert [t.round for t in of(result, Turn, "blue-1")] == [1, 2, 3, 4, 5, 6]


def test_an_unknown_action_is_refused_with_a_reason():
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([]))
    enc.add(sheet(), "red", at=(1.0, 1.0), policy=Scripted([Plan([Act("fireball", target="blue-1")])]))
    enc.add(sheet("clone"), "blue", at=(5.0, 1.0), policy=passive())
    result = enc.run(until=0.9)
    assert any("unknown action 'fireball'" in s.text for s in of(result, Say, "red-1"))


def test_a_blocked_team_ends_as_a_draw_with_no_path():
    walled = ["....#....", "....#....", "....#...."]
    enc = Encounter(TacticalMap.from_grid(walled), seed=1, options={"stall_rounds": 5})
    enc.add(sheet(), "red", at=(1.0, 3.0), policy="advance")
    enc.add(sheet("clone"), "blue", at=(15.0, 3.0), policy="advance")
    result = enc.run(until=60)
    assert result.winner is None and result.reason.startswith("no path")
    assert not of(result, Harm)


def test_the_referee_ends_a_fight_after_stall_rounds_whole_rounds_without_moves_or_attacks():
    walled = ["....#....", "....#....", "....#...."]
    still = Encounter(TacticalMap.from_grid(walled), seed=1, options={"stall_rounds": 5})
    still.add(sheet(), "red", at=(1.0, 3.0), policy=passive())
    still.add(sheet("clone"), "blue", at=(15.0, 3.0), policy=passive())
    assert still.run(until=60).duration == 5.0                  # rounds 0..4 quiet
    late = Encounter(TacticalMap.from_grid(walled), seed=1, options={"stall_rounds": 5})
    late.add(sheet(), "red", at=(1.0, 3.0), policy=Scripted([Plan([])] * 2 + [Plan([MoveTo(3.0, 3.0)])]))
    late.add(sheet("clone"), "blue", at=(15.0, 3.0), policy=passive())
    result = late.run(until=60)
    (move,) = of(result, Move)
    assert move.t == 2.5 and result.duration == 8.0           # moved in round 2; rounds 3..7 quiet


def test_a_hold_takes_the_dominant_position_and_the_pair_moves_together():
    # hold: grapple attack 3 + d20 15 = 18 > grapple defense 13 -> dominant; then drag at half running
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([15]))
    plans = [Plan([Act("hold", target="blue-1")]), Plan([MoveTo(13.0, 3.0)])]
    enc.add(sheet(), "red", at=(5.0, 3.0), policy=Scripted(plans))
    enc.add(sheet("clone"), "blue", at=(7.0, 3.0), policy=Scripted([Plan([MoveTo(15.0, 3.0)])]))
    result = enc.run(until=1.9)
    red, blue = enc.combatants["red-1"], enc.combatants["blue-1"]
    assert (red.partner, red.role, blue.role) == ("blue-1", "dominant", "inferior")
    assert any("only the dominant grappler" in s.text for s in of(result, Say, "blue-1"))
    dragged = of(result, Move, "blue-1")
    assert dragged and all(leg.kind == "drag" for leg in dragged[0].legs)
    assert red.x == pytest.approx(5.0 + 2.5)      # half of running 5
    assert blue.pos == (5.0, 3.0, 0.0)            # one step behind, where red stood


def test_swimming_adds_to_strikes_and_halves_their_stun():
    water = ["~~~~~~", "~~~~~~"]
    enc = Encounter(TacticalMap.from_grid(water), dice=ScriptedDice([15]))
    plan = Plan([Act("quick strike", target="blue-1", weapon="hands")])
    enc.add(sheet(swimming=3), "red", at=(3.0, 1.0), policy=Scripted([plan]))
    enc.add(sheet("clone", swimming=2), "blue", at=(5.0, 1.0), policy=passive())
    (attack,) = of(enc.run(until=0.9), Attack)
    assert ("swimming", 3) in attack.roll.mods
    assert ("swimming", 2) in attack.roll.target_mods
    assert (dict(attack.details)["power"], attack.harm) == (3, {"damage": 1, "stun": 1})   # blunt 3: 1 damage, 2 stun halved to 1


def test_each_of_several_thrown_weapons_is_spent_on_its_own():
    thrower = sheet("spear_thrower")
    javelin = next(w for w in thrower.weapons if w.kind == "thrown")
    n = javelin.count
    plans = [Plan([Act("quick throw", target="blue-1", weapon=javelin.name)]) for _ in range(n + 1)]
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([2] * n))
    enc.add(thrower, "red", at=(1.0, 3.0), policy=Scripted(plans))
    enc.add(sheet("clone"), "blue", at=(5.0, 3.0), policy=passive())
    result = enc.run(until=n + 0.9)
    assert len(of(result, Attack)) == n
    assert any("already thrown" in s.text for s in of(result, Say, "red-1"))


def test_paths_offer_jumps_up_to_the_full_running():
    # a run-up may end the last turn (DECISIONS · Running start across turns; tactics/sim/runup.py):
    # Steven (running 5) is offered a 4 m gap, never a 6 m one
    enc = Encounter(TacticalMap.from_grid(FLAT), seed=1)
    steven = enc.add(sheet(), "red", at=(1.0, 1.0))
    mover = enc.mover_of(enc.combatants[steven.id])
    assert (mover.max_jump_m, mover.max_jump_height_m) == (5.0, 2.5)
    wide = TacticalMap.from_grid(["...__......", "...__......"])
    assert [leg.gap for leg in wide.path((1.0, 1.0), (19.0, 1.0), mover) if leg.kind == "jump"] == [4.0]
    wider = TacticalMap.from_grid(["...___.....", "...___....."])
    assert wider.path((1.0, 1.0), (19.0, 1.0), mover) is None


@pytest.mark.parametrize(
    "acts, done",
    [
        # a pair of hands makes two weapons: two quick strikes (speed 1 + 1)
        ([("quick strike", "hands"), ("quick strike", "hands")], 2),
        # one machete used twice is one weapon: speed 1 allows one
        ([("quick strike", "machete"), ("quick strike", "machete")], 1),
        # a strenuous action is the turn's only action, even before a quick one
        ([("powerful strike", "machete"), ("quick strike", "feet")], 1),
        ([("quick strike", "feet"), ("powerful strike", "machete")], 1),
    ],
)
def test_what_a_combo_may_hold(acts, done):
    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([2] * done))
    plan = Plan([Act(a, target="blue-1", weapon=w) for a, w in acts])
    enc.add(sheet(), "red", at=(1.0, 1.0), policy=Scripted([plan]))
    enc.add(sheet("clone"), "blue", at=(3.0, 1.0), policy=passive())
    result = enc.run(until=0.9)
    assert len(of(result, Attack)) == done
    refused = [s.text for s in of(result, Say, "red-1") if s.text.startswith("refused")]
    assert len(refused) == len(acts) - done


def test_a_plans_alternatives_are_kept_with_its_reason_and_logged():
    from tactics.log import FightLog

    enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([]))
    plan = Plan([], "holding", alternatives=(("charge the clone", 0.42), ("throw the spear", 0.1)))
    enc.add(sheet(), "red", at=(1.0, 3.0), policy=Scripted([plan]))
    enc.add(sheet("clone"), "blue", at=(11.0, 3.0), policy=passive())
    result = enc.run(until=0.9)
    (say,) = [e for e in of(result, Say, "red-1") if e.text == "holding"]
    assert say.alternatives == (("charge the clone", 0.42), ("throw the spear", 0.1))
    replay = result.replay()
    lines = [l.text for l in FightLog(replay.header, replay.events).lines(reasons=True)]
    assert any("holding (weighed: charge the clone +0.42, throw the spear +0.10)" in l for l in lines)
