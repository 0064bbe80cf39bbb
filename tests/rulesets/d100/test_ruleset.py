"""The ruleset object: every action of the catalogue from scripted rolls to effects and numbers."""

from __future__ import annotations

import pytest

from tactics.dice import DiceExhausted
from tactics.rules.effects import Attacked, Check, Harm, Refused, Status
from tactics.rules.protocol import Ruleset
from tactics.rules.records import Roll
from tactics.rules.registry import get_ruleset
from tactics.rulesets.d100_opposed import ACTIONS, RULESET, Options
from tactics.rulesets.d100_opposed.odds import expected_damage, p_hit
from tactics.rulesets.d100_opposed.ruleset import field_of
from tactics.rulesets.d100_opposed.state import PhaseBudget

from .fakes import APTS, BLADE, PISTOL, FakeTurn, FakeUnit, FakeWorld, apply, sheet

TURN = FakeTurn()


def shooter(**over: object) -> FakeUnit:
    s = sheet(name="Ruiz", skills={"Kinetic Weapons": 55, "Fray": 30}, weapons=[PISTOL])
    return FakeUnit("red-1", s, **over)  # type: ignore[arg-type]


def target(**over: object) -> FakeUnit:
    # Durability 40: Wound Threshold 8, Death Rating 60; kinetic armor 4
    s = sheet(name="Vex", skills={"Fray": 40}, armor={"energy": 2, "kinetic": 4})
    return FakeUnit("blue-1", s, team="blue", **over)  # type: ignore[arg-type]


def fencer(uid: str = "red-1", team: str = "red", **over: object) -> FakeUnit:
    s = sheet(name=uid, skills={"Melee": 60, "Fray": 50}, weapons=[BLADE], armor={"kinetic": 3})
    return FakeUnit(uid, s, team=team, **over)  # type: ignore[arg-type]


def budget(world: FakeWorld, u: FakeUnit) -> PhaseBudget:
    b = RULESET.begin_turn(world, u, 0, 1)
    assert isinstance(b, PhaseBudget)
    return b


def attack(world: FakeWorld, u: FakeUnit, tid: str, action: str = "ranged attack", weapon: str | None = None,
           b: PhaseBudget | None = None) -> list:
    return RULESET.act(world, u, dict(action=action, target=tid, weapon=weapon), b or budget(world, u), TURN)


# -- the protocol ----------------------------------------------------------------
def test_follows_the_protocol_and_is_registered() -> None:
    assert isinstance(RULESET, Ruleset)
    assert get_ruleset("d100-opposed") is RULESET
    assert (RULESET.name, RULESET.round_seconds, RULESET.options_type) == ("d100-opposed", 3.0, Options)
    assert RULESET.version
    assert set(ACTIONS) == {"melee attack", "ranged attack", "full defense", "aim", "stand up", "drop prone",
                            "draw weapon"}
    assert all(a.source.startswith(("003 · ", "DECISIONS-d100 · ")) for a in ACTIONS.values())
    assert [a.name for a in ACTIONS.values() if a.quick] == ["aim", "stand up", "drop prone", "draw weapon"]


def test_presentation() -> None:
    p = RULESET.presentation(target().sheet)
    assert [(t.name, t.max, t.role) for t in p.tracks] == [("damage", 60, "harm"), ("wounds", 9, "count")]
    assert [(s.name, s.able) for s in p.standings] == [("fighting", True), ("incapacitated", False), ("dead", False)]
    assert (p.bar.segments, p.bar.max, p.bar.marks) == (["damage"], 60, [("durability", 40), ("death", 60)])
    assert [s.key for s in p.statuses] == ["prone", "full_defense", "aiming", "running"]


def test_sheet_round_trip_and_mover() -> None:
    s = sheet(speed=2, walk=6, run=28, weapons=[PISTOL])
    assert RULESET.sheet_from_dict(RULESET.sheet_to_dict(s)) == s
    m = RULESET.mover(s)
    assert (m.running, m.swimming, m.max_jump_m, m.max_jump_height_m, m.max_drop_m) == (14.0, 3.0, 6.0, 1.5, 3.0)
    u = FakeUnit("u", s)
    assert RULESET.speeds(u) == (14.0, 3.0)
    assert RULESET.reach(u) == (2.0, 2.0)
    assert RULESET.max_range(u, "pistol", "ranged attack") == 100.0
    assert RULESET.max_range(u, "fists", "melee attack") == 2.0
    assert RULESET.max_range(u, None, "ranged attack") == 100.0


def test_standing_and_progress() -> None:
    u = target()
    assert (RULESET.standing(u), RULESET.progress(u)) == ("fighting", 0.0)
    u.tracks["damage"] = 20
    assert RULESET.progress(u) == pytest.approx(20 / 41)
    u.tracks["damage"] = 41
    assert (RULESET.standing(u), RULESET.progress(u)) == ("incapacitated", 1.0)
    u.tracks["damage"] = 60
    assert RULESET.standing(u) == "dead"


# -- issue #14's example -----------------------------------------------------------
def test_issue_14_example() -> None:
    """d100 37 ≤ 55 ✓ MoS 37 vs 61 > 20 ✗ → DV 9 +5 − armor 4: 10 damage, one wound (WT 8)."""
    me, it = shooter(x=0), target(x=8)
    world = FakeWorld([me, it])
    world.script(37, 61, 50)                     # attack, defence, the wound's SOM × 3 test (45): failed
    effects = attack(world, me, "blue-1")
    hit, harm, wound, down = effects
    assert isinstance(hit, Attacked) and hit.hit
    assert (hit.who, hit.target, hit.action, hit.weapon, hit.distance, hit.light) == \
        ("red-1", "blue-1", "ranged attack", "pistol", 8.0, "bright")
    assert hit.roll == Roll(
        dice="d100", faces=[37], total=37, success=True, mode="under", target=55,
        target_mods=[("Kinetic Weapons", 55)],
        vs=Roll(dice="d100", faces=[61], total=61, success=False, mode="under", target=20,
                target_mods=[("Fray", 40), ("half Fray at range", -20)]),
        vs_who="blue-1", margin=37, tags=["excellent"])
    assert hit.details == [("DV", 9), ("MoS bonus", 5), ("armor", -4)]
    assert hit.harm == {"damage": 10, "wounds": 1}
    assert harm == Harm("blue-1", {"damage": 10, "wounds": 1}, "ranged attack by Ruiz")
    assert isinstance(wound, Check) and wound.who == "blue-1" and wound.purpose == "wound: SOM × 3"
    assert (wound.roll.faces, wound.roll.target, wound.roll.target_mods, wound.roll.success) == \
        ([50], 45, [("SOM × 3", 45)], False)
    assert down == Status("blue-1", {"prone": True})
    assert world.dice.remaining == 0


def test_wound_test_passed_leaves_the_target_standing() -> None:
    me, it = shooter(x=0), target(x=8)
    world = FakeWorld([me, it])
    world.script(37, 61, 45)
    effects = attack(world, me, "blue-1")
    assert [type(e).__name__ for e in effects] == ["Attacked", "Harm", "Check"]
    assert effects[2].roll.success


# -- outcomes ----------------------------------------------------------------------
def test_attacker_fails_misses_and_rolls_no_damage() -> None:
    me, it = shooter(x=0), target(x=8)
    world = FakeWorld([me, it])
    world.script(70, 10)
    (e,) = attack(world, me, "blue-1")
    assert not e.hit and e.harm == {} and e.details == [] and e.roll.margin is None
    with pytest.raises(DiceExhausted):
        world.dice.d100()


def test_both_succeed_higher_attacker_roll_hits() -> None:
    me, it = shooter(x=0), target(x=8)
    world = FakeWorld([me, it])
    world.script(25, 12)
    (e, h) = attack(world, me, "blue-1")
    assert e.hit and e.roll.vs.success and h.changes == {"damage": 5, "wounds": 0}
    world.script(12, 18)
    (e,) = attack(world, me, "blue-1")
    assert not e.hit


def test_defender_critical_success_always_misses() -> None:
    me, it = shooter(x=0), target(x=8)
    world = FakeWorld([me, it])
    world.script(54, 11)
    (e,) = attack(world, me, "blue-1")
    assert not e.hit and e.roll.vs.tags == ["critical"]


def test_attacker_critical_ignores_armor_and_low_dv_does_nothing() -> None:
    me, it = shooter(x=0), target(x=8)
    it.sheet = sheet(name="Tank", skills={"Fray": 40}, armor={"kinetic": 12})
    world = FakeWorld([me, it])
    world.script(44, 80, 90)                     # critical success, MoS 44: 9 + 5, armor ignored -> 14, 1 wound
    effects = attack(world, me, "blue-1")
    assert effects[0].details == [("DV", 9), ("MoS bonus", 5), ("armor ignored (critical)", 0)]
    assert effects[1].changes == {"damage": 14, "wounds": 1}
    world.script(20, 80)                         # a plain hit: 9 − 12 -> nothing
    (e,) = attack(world, me, "blue-1")
    assert e.hit and e.harm == {} and e.details == [("DV", 9), ("armor", -12)]


def test_ap_lowers_armor_and_dice_dv_rolls_with_the_encounter_dice() -> None:
    me, it = fencer(x=0), target(x=1.5)
    world = FakeWorld([me, it])
    world.script(35, 70, 6, 10)                  # blade 1d10+3, AP −1: 6+3 = 9, +5, armor 4−1 -> 11; SOM test
    effects = attack(world, me, "blue-1", "melee attack")
    assert effects[0].details == [("DV 1d10+3: 6", 9), ("MoS bonus", 5), ("armor", -4), ("AP", 1)]
    assert effects[1].changes == {"damage": 11, "wounds": 1}


def test_harm_that_takes_the_target_out_asks_no_wound_tests() -> None:
    me, it = shooter(x=0), target(x=8)
    it.tracks["damage"] = 35
    world = FakeWorld([me, it])
    world.script(37, 61)
    effects = attack(world, me, "blue-1")
    assert [type(e).__name__ for e in effects] == ["Attacked", "Harm"]
    apply(world, effects)
    assert RULESET.standing(it) == "incapacitated"
    assert RULESET.check(world, me, dict(action="ranged attack", target="blue-1")) == "Vex is already out of the fight"


def test_wound_tests_off_by_option() -> None:
    me, it = shooter(x=0), target(x=8)
    world = FakeWorld([me, it], options=Options(wound_tests=False))
    world.script(37, 61)
    assert [type(e).__name__ for e in attack(world, me, "blue-1")] == ["Attacked", "Harm"]


def test_wounds_weigh_on_every_test() -> None:
    me, it = shooter(x=0), target(x=8)
    me.tracks["wounds"] = 2
    it.tracks["wounds"] = 1
    world = FakeWorld([me, it])
    world.script(29, 90)
    (e, *_) = attack(world, me, "blue-1")
    assert e.roll.target_mods == [("Kinetic Weapons", 55), ("wounds ×2", -20)] and e.roll.target == 35
    assert e.roll.vs.target_mods[-1] == ("wounds ×1", -10) and e.roll.vs.target == 10


# -- melee ------------------------------------------------------------------------
def test_melee_defence_window_and_choice() -> None:
    me, it = fencer(x=0), fencer("blue-1", "blue", x=1.5)
    world = FakeWorld([me, it])
    act = dict(action="melee attack", target="blue-1")
    (w,) = RULESET.reactions(world, me, act)
    assert (w.kind, w.reactor, w.actor, w.options, w.default) == ("defense skill", "blue-1", "red-1",
                                                                  ("Melee", "Fray", "Unarmed"), "Melee")
    world.script(45, 50)
    (e, *_) = attack(world, me, "blue-1", "melee attack")
    assert e.roll.vs.target_mods == [("Melee", 60)] and e.hit is False          # 45 < 50, both succeed
    world.answers["blue-1"] = "Fray"
    world.script(45, 50)
    (e, *_) = attack(world, me, "blue-1", "melee attack")
    assert e.roll.vs.target_mods == [("Fray", 50)]
    assert len(world.asked) == 2
    assert RULESET.reactions(world, me, dict(action="ranged attack", target="blue-1")) == []


def test_prone_in_melee_and_at_range() -> None:
    me, it = fencer(x=0, prone=True), fencer("blue-1", "blue", x=1.5, prone=True)
    world = FakeWorld([me, it])
    world.script(80, 80)
    (e,) = attack(world, me, "blue-1", "melee attack")
    assert e.roll.target_mods == [("Melee", 60), ("prone target", 10), ("prone attacker", -20)]
    gun, far = shooter(x=0, prone=True), target(x=20, prone=True)
    world = FakeWorld([gun, far])
    world.script(80, 80)
    (e,) = attack(world, gun, "blue-1")
    assert e.roll.target_mods == [("Kinetic Weapons", 55), ("medium range", -10), ("prone target", -10)]


def test_civilian_defaults_to_aptitudes_with_bare_hands() -> None:
    civ = FakeUnit("civ", sheet(name="Dana"), x=0)
    foe = fencer("blue-1", "blue", x=1.0)
    world = FakeWorld([civ, foe])
    world.script(10, 90, 4)
    effects = attack(world, civ, "blue-1", "melee attack")
    assert effects[0].weapon == "fists"
    assert effects[0].roll.target_mods == [("Unarmed (SOM default)", 15)]
    assert effects[0].details == [("DV 1d10+1: 4", 5), ("armor", -3)]   # fists 1d10 + ⌊SOM 15 / 10⌋
    assert effects[1].changes == {"damage": 2, "wounds": 0}


# -- ranged ------------------------------------------------------------------------
def test_range_bands_light_and_point_blank() -> None:
    me, it = shooter(x=0), target(x=60)
    world = FakeWorld([me, it], lights={"blue-1": "dark"})
    world.script(80, 80)
    (e,) = attack(world, me, "blue-1")
    assert e.roll.target_mods == [("Kinetic Weapons", 55), ("extreme range", -30), ("darkness at the target", -20)]
    assert e.light == "dark"
    it.x = 1.5
    world.lights["blue-1"] = "dim"
    world.script(80, 80)
    (e,) = attack(world, me, "blue-1")
    assert e.roll.target_mods == [("Kinetic Weapons", 55), ("point-blank", 10), ("dim light at the target", -10)]


def test_refusals() -> None:
    me, it = shooter(x=0), target(x=120)
    world = FakeWorld([me, it])
    chk = RULESET.check
    assert chk(world, me, dict(action="ranged attack", target="blue-1")) == \
        "Vex is 120.0 m away, beyond pistol's extreme range"
    it.x = 50
    world.blocked.add(frozenset(("red-1", "blue-1")))
    assert chk(world, me, dict(action="ranged attack", target="blue-1")) == "no line of sight to Vex"
    assert chk(world, me, dict(action="melee attack", target="blue-1")) == "Vex is 50.0 m away, beyond reach"
    assert chk(world, me, dict(action="ranged attack", target="blue-1", weapon="rocket")) == \
        "no ranged weapon 'rocket'"
    assert chk(world, me, dict(action="ranged attack")) == "needs a target"
    assert chk(world, me, dict(action="ranged attack", target="nobody")) == "no fighter 'nobody'"
    assert chk(world, me, dict(action="dance")).startswith("unknown action 'dance'")
    assert chk(world, me, dict(action="stand up")) == "not prone"
    assert chk(world, me, dict(action="draw weapon", weapon="sword")) == "no weapon 'sword' on the sheet"
    me.tracks["damage"] = 45
    assert chk(world, me, dict(action="aim")) == "Ruiz is incapacitated"
    (r,) = RULESET.act(world, me, dict(action="aim"), PhaseBudget("red-1", me.state, 4, 20), TURN)
    assert r == Refused("red-1", "aim: Ruiz is incapacitated")


# -- the phase budget ----------------------------------------------------------------
def test_one_complex_or_three_quick_actions() -> None:
    me, it = shooter(x=0), target(x=8)
    world = FakeWorld([me, it])
    b = budget(world, me)
    world.script(80, 80)
    attack(world, me, "blue-1", b=b)
    (r,) = RULESET.act(world, me, dict(action="aim"), b, TURN)
    assert isinstance(r, Refused) and "one complex action" in r.why
    b = budget(world, me)
    for action in ("drop prone", "aim", "stand up"):
        me.prone = action == "stand up"
        assert not any(isinstance(e, Refused) for e in RULESET.act(world, me, dict(action=action), b, TURN))
    assert b.done_actions == 3
    (r,) = RULESET.act(world, me, dict(action="draw weapon", weapon="pistol"), b, TURN)
    assert r.why == "draw weapon: at most 3 quick actions per phase"
    (r,) = RULESET.act(world, me, dict(action="full defense"), b, TURN)
    assert "one complex action" in r.why


def test_quick_actions_effects() -> None:
    me = shooter()
    world = FakeWorld([me])
    b = budget(world, me)
    assert RULESET.act(world, me, dict(action="drop prone"), b, TURN) == [Status("red-1", {"prone": True})]
    me.prone = True
    assert RULESET.act(world, me, dict(action="stand up"), b, TURN) == [Status("red-1", {"prone": False})]
    assert RULESET.act(world, me, dict(action="draw weapon", weapon="pistol"), b, TURN) == \
        [Status("red-1", {"weapon": "pistol"})]
    assert RULESET.act(world, me, dict(action="draw weapon"), budget(world, me), TURN) == \
        [Status("red-1", {"weapon": "pistol"})]                                  # none named: the first


def test_running_past_walk_costs_ten_on_every_test_until_the_next_phase() -> None:
    me = shooter(x=0)
    it = FakeUnit("blue-1", sheet(name="Vex", skills={"Fray": 40}, weapons=[PISTOL]), team="blue", x=8)
    world = FakeWorld([me, it])
    b = budget(world, me)
    assert (b.walk_m, b.move_cap()) == (20.0, 20.0)
    assert b.moved(4.0) == []
    assert b.moved(1.0) == [Status("red-1", {"running": True})]
    world.script(80, 80)
    (e,) = attack(world, me, "blue-1", b=b)
    assert e.roll.target_mods[-1] == ("running", -10)
    # the runner defends at −10 too
    world.script(80, 80)
    (e,) = attack(world, it, "red-1")
    assert ("running", -10) in e.roll.vs.target_mods
    budget(world, me)                              # its next phase: no longer running
    assert RULESET.end_turn(world, me) == [Status("red-1", {"running": False})]
    assert RULESET.end_turn(world, me) == []


def test_speed_splits_walk_and_run_per_phase() -> None:
    u = FakeUnit("u", sheet(speed=4, walk=8, run=20, airspeed=12))
    b = budget(FakeWorld([u]), u)
    assert (b.walk_limit, b.walk_m, b.swim_m, b.air_m, b.done_actions) == (2.0, 5.0, 2.0, 3.0, 0)


def test_full_defense_until_the_next_phase() -> None:
    me, it = shooter(x=0), target(x=8)
    world = FakeWorld([me, it])
    assert RULESET.act(world, it, dict(action="full defense"), budget(world, it), TURN) == \
        [Status("blue-1", {"full_defense": True})]
    world.script(29, 45)
    (e, *_) = attack(world, me, "blue-1")
    assert e.roll.vs.target_mods == [("Fray", 40), ("half Fray at range", -20), ("full defense", 30)]
    assert e.roll.vs.target == 50 and not e.hit                    # 45 ≤ 50 and 29 < 45
    budget(world, it)
    assert RULESET.end_turn(world, it) == [Status("blue-1", {"full_defense": False})]
    world.script(29, 45)
    (e, *_) = attack(world, me, "blue-1")
    assert e.roll.vs.target == 20 and e.hit


def test_aim_adds_ten_to_the_next_attack_only() -> None:
    me, it = shooter(x=0), target(x=8)
    world = FakeWorld([me, it])
    assert RULESET.act(world, me, dict(action="aim"), budget(world, me), TURN) == [Status("red-1", {"aiming": True})]
    world.script(80, 80)
    effects = attack(world, me, "blue-1")
    assert effects[0].roll.target_mods[-1] == ("aimed", 10) and effects[0].roll.target == 65
    assert effects[-1] == Status("red-1", {"aiming": False})
    world.script(80, 80)
    (e,) = attack(world, me, "blue-1")
    assert e.roll.target == 55


def test_surprised_defender_makes_no_test_until_its_first_phase() -> None:
    me, it = shooter(x=0), target(x=8, surprised=True)
    world = FakeWorld([me, it])
    world.script(25)
    effects = attack(world, me, "blue-1")
    assert effects[0].hit and effects[0].roll.vs is None and "no defence test" in effects[0].roll.tags
    assert RULESET.reactions(world, me, dict(action="melee attack", target="blue-1")) == []
    budget(world, it)                              # its first phase
    world.script(25, 10)
    (e, *_) = attack(world, me, "blue-1")
    assert e.roll.vs is not None and e.roll.vs.faces == [10]


# -- movement on the map ---------------------------------------------------------------
def test_jumps() -> None:
    u = FakeUnit("u", sheet(skills={"Freerunning": 50}))
    world = FakeWorld([u])
    assert RULESET.jump_limits(u, True) == (4.0, 1.0) and RULESET.jump_limits(u, False) == (2.0, 0.5)
    assert RULESET.jump_check(world, u, 2.5, 4.0) is None
    world.script(51)
    c = RULESET.jump_check(world, u, 3.5, 4.0)
    assert (c.who, c.purpose) == ("u", "Freerunning: jump")
    assert (c.roll.target, c.roll.success, c.roll.target_mods) == (50, False, [("Freerunning", 50)])


def test_climbs() -> None:
    u = FakeUnit("u", sheet(skills={"Climbing": 40}))
    world = FakeWorld([u])
    assert [RULESET.climb(u, s) for s in ("ladder", "rope", "handholds", "fingerholds", "sheer")] == \
        [(30, 2.0), (10, 1.0), (0, 1.0), (-20, 1.0), (-30, 1.0)]
    world.script(25)
    c = RULESET.climb_check(world, u, "fingerholds")
    assert c.purpose == "Climbing: fingerholds"
    assert (c.roll.target_mods, c.roll.target, c.roll.success) == ([("Climbing", 40), ("fingerholds", -20)], 20, False)


def test_falls() -> None:
    u = target()                                   # WT 8
    world = FakeWorld([u])
    out = RULESET.fall(world, u, 2.9, False, None)
    assert (out.severity, out.roll, out.harm) == ("unhurt", None, {})
    world.script(7, 5)
    out = RULESET.fall(world, u, 6.5, False, None)   # 2d10: 12, armor does not help
    assert (out.severity, out.roll.dice, out.roll.faces, out.roll.total, out.harm) == \
        ("hurt", "2d10", [7, 5], 12, {"damage": 12, "wounds": 1})
    world.script(7, 5)
    out = RULESET.fall(world, u, 6.5, True, None)    # into deep water: halved
    assert (out.roll.total, out.roll.mods, out.harm) == (6, [("halved in water", -6)], {"damage": 6, "wounds": 0})
    u.tracks["damage"] = 50
    world.script(10, 10, 10, 10)
    assert RULESET.fall(world, u, 12, False, None).severity == "dead"
    assert RULESET.airspeed_after(5.0, 6.0, 2.0, 0.0) == 5.0


# -- the AI's estimates ------------------------------------------------------------------
def test_estimates_use_the_closed_form() -> None:
    me = FakeUnit("red-1", sheet(name="Ruiz", skills={"Kinetic Weapons": 55, "Melee": 40},
                                 weapons=[PISTOL, BLADE]), x=0)
    it = target(x=8)
    it.tracks["damage"] = 11
    world = FakeWorld([me, it])
    (est,) = RULESET.estimates(world, me, it)        # the blade and the fists cannot reach at 8 m
    assert (est.action, est.weapon) == ("ranged attack", "pistol")
    assert est.p == pytest.approx(p_hit(55, 20))
    assert est.harm == pytest.approx(expected_damage(55, 20, PISTOL_DV, 4, 0))
    assert est.progress == pytest.approx(min(1.0, est.harm / (40 + 1 - 11)))
    assert [field_of(est.act, k) for k in ("action", "target", "weapon")] == ["ranged attack", "blue-1", "pistol"]
    assert est.note == "55 vs 20"
    it.x = 1.5
    ests = RULESET.estimates(world, me, it)
    assert {e.weapon for e in ests} == {"pistol", "blade", "fists"}
    assert [e.value for e in ests] == sorted((e.value for e in ests), reverse=True)
    assert world.dice.remaining == 0                  # estimates roll nothing


def test_estimates_against_a_surprised_target() -> None:
    me, it = shooter(x=0), target(x=8, surprised=True)
    (est,) = RULESET.estimates(FakeWorld([me, it]), me, it)
    assert est.p == pytest.approx(0.56) and est.note == "55 vs no defence"


PISTOL_DV = sheet(weapons=[PISTOL]).weapons[0].damage


def test_new_state_is_fresh_per_fighter() -> None:
    s = sheet(aptitudes=APTS)
    a, b = RULESET.new_state(s, Options()), RULESET.new_state(s, Options())
    assert a is not b and not a.full_defense and not a.acted
    assert RULESET.is_sheet(s) and not RULESET.is_sheet({"name": "x"})


def test_evading_starts_on_full_defense() -> None:
    me, it = shooter(x=0), target(x=8)
    it.state = RULESET.new_state(it.sheet, Options(), evading=True)
    world = FakeWorld([me, it])
    world.script(29, 45)
    (e, *_) = attack(world, me, "blue-1")
    assert e.roll.vs.target_mods[-1] == ("full defense", 30)
    budget(world, it)
    assert RULESET.end_turn(world, it) == [Status("blue-1", {"full_defense": False})]


def test_ambush_is_infiltration_against_perception() -> None:
    stalker = FakeUnit("s", sheet(skills={"Infiltration": 60}))
    watcher = FakeUnit("w", sheet(skills={"Perception": 30}), team="blue")
    world = FakeWorld([stalker, watcher])
    world.script(45, 20)                           # both succeed, 45 > 20: unseen
    unseen, (c,) = RULESET.ambush(world, stalker, watcher)
    assert unseen and c.purpose == "ambush: Infiltration vs Perception"
    assert (c.roll.target, c.roll.vs.target, c.roll.vs_who) == (60, 30, "w")
    world.script(45, 22)                           # a critical Perception success always spots
    assert RULESET.ambush(world, stalker, watcher)[0] is False
    world.script(70, 90)                           # the stalker fails
    assert RULESET.ambush(world, stalker, watcher)[0] is False


def test_reaction_budget_and_moving() -> None:
    me = shooter()
    world = FakeWorld([me])
    b = RULESET.begin_reaction(world, me, None)  # type: ignore[arg-type]
    assert isinstance(b, PhaseBudget) and b.walk_m == 20.0
    assert RULESET.move_refusal(world, me) is None


def test_a_missing_fighter_is_refused_not_raised() -> None:
    me = shooter()

    class NoneWorld(FakeWorld):
        def unit(self, uid: str) -> FakeUnit | None:  # type: ignore[override]
            return next((u for u in self.fighters if u.id == uid), None)

    world = NoneWorld([me])
    assert RULESET.check(world, me, dict(action="ranged attack", target="ghost")) == "no fighter 'ghost'"
    assert RULESET.reactions(world, me, dict(action="melee attack", target="ghost")) == []
