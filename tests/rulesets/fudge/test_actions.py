"""Every action of the catalogue, from scripted 4dF faces to effects with the right numbers.

Faces are scripted attacker first (four), then defender (four); a follow-up
contest comes next in the same order.
"""

from __future__ import annotations

import pytest

from tactics.rules.effects import Attacked, Check, Harm, Push, Status
from tactics.rulesets.fudge_opposed import RULESET
from tactics.rulesets.fudge_opposed.catalogue import ACTIONS
from tactics.rulesets.fudge_opposed.turns import TurnBudget

from .fakes import BOW, CARBINE, DAGGER, PISTOL, RIFLE, SWORD, FakeUnit, FakeWorld, act, duel, kinds, make_sheet

Z = [0, 0, 0, 0]
PLUS2 = [1, 1, 0, 0]
PLUS4 = [1, 1, 1, 1]
MINUS4 = [-1, -1, -1, -1]
MINUS2 = [-1, -1, 0, 0]


def fighter(**kw):
    skills = dict(Melee=3, Block=1, Marksmanship=2, Dodge=1, Strength=2, Athletics=1, Perception=1, Stealth=1)
    skills.update(kw.pop("skills", {}))
    return make_sheet(**kw, **skills)


def only(effects, cls):
    found = [e for e in effects if isinstance(e, cls)]
    assert found, f"no {cls.__name__} in {effects}"
    return found


# -- attacks (002 · Melee Attack, Marksmanship Attack, Criticals) --------------------
def test_melee_hit_takes_damage_minus_soak():
    w, a, b = duel(fighter(weapons=[SWORD]), fighter(soak=1))
    effects = act(w.script(*PLUS2, *Z), a, "melee", "blue-1")
    assert kinds(effects) == ["Attacked", "Harm"]
    att = effects[0]
    assert att.hit and att.weapon == "sword" and att.roll.total == 5 and att.roll.vs.total == 1
    assert att.roll.margin == 4 and att.roll.mods == [("Melee", 3)] and att.roll.vs.mods == [("Block", 1)]
    # Damage = Strength 2 + sword 2 = 4, Soak 1 -> 3
    assert att.harm == {"hp": -3} and effects[1].changes == {"hp": -3}
    assert b.tracks["hp"] == 7


def test_melee_tie_misses():
    w, a, b = duel(fighter(weapons=[SWORD]), fighter(skills={"Block": 3}))
    effects = act(w.script(*Z, *Z), a, "melee", "blue-1")
    assert kinds(effects) == ["Attacked"] and not effects[0].hit and effects[0].roll.result == "tie"


def test_soak_never_heals():
    w, a, b = duel(fighter(), fighter(soak=5))
    effects = act(w.script(*PLUS2, *Z), a, "melee", "blue-1")     # hands: Strength 2 + 0 = 2 < Soak 5
    assert kinds(effects) == ["Attacked"] and effects[0].hit and effects[0].harm == {}


def test_critical_wins_and_doubles_damage_before_soak():
    w, a, b = duel(fighter(weapons=[SWORD], skills={"Melee": 0}), fighter(soak=2, skills={"Block": 6}))
    effects = act(w.script(*PLUS4, *PLUS4), a, "melee", "blue-1")
    att = effects[0]
    assert att.hit and att.roll.tags == ["critical"] and att.harm == {"hp": -(2 * 4 - 2)}


def test_critical_fail_puts_the_weapon_out_of_use_until_ready():
    w, a, b = duel(fighter(weapons=[SWORD], skills={"Melee": 8}), fighter())
    effects = act(w.script(*MINUS4, *MINUS4), a, "melee", "blue-1", weapon="sword")
    assert not effects[0].hit and effects[0].roll.tags == ["fumble"]
    assert a.status["jammed"] == ["sword"]
    assert "out of use" in RULESET.check(w, a, {"action": "melee", "target": "blue-1", "weapon": "sword"})
    effects = act(w, a, "ready")
    assert effects == [Status("red-1", {"jammed": [], "dropped": []})] and "jammed" not in a.status


def test_shooting_at_medium_range_is_marksmanship_vs_dodge():
    w, a, b = duel(fighter(weapons=[BOW]), fighter(), distance=10.0)
    effects = act(w.script(*PLUS2, *Z), a, "shoot", "blue-1")
    att = effects[0]
    assert att.roll.mods == [("Marksmanship", 2)] and att.roll.vs.mods == [("Dodge", 1)]
    assert att.hit and att.harm == {"hp": -4} and att.distance == 10.0


def test_long_range_penalty_and_light():
    w, a, b = duel(fighter(weapons=[BOW]), fighter(), distance=31.0)
    w.light["blue-1"] = "dim"
    effects = act(w.script(*PLUS2, *Z), a, "shoot", "blue-1")
    att = effects[0]
    assert att.roll.mods == [("Marksmanship", 2), ("range 31 m", -2), ("dim", -1)] and att.light == "dim"
    assert att.roll.total == 1 and not att.hit        # 1 vs Dodge 1: tie


def test_short_range_weapon_at_short_range_rolls_melee_plus_one():
    w, a, b = duel(fighter(weapons=[PISTOL]), fighter())
    effects = act(w.script(*Z, *Z), a, "shoot", "blue-1")
    assert effects[0].roll.mods == [("Melee", 3), ("short-range weapon at short range", 1)]
    assert effects[0].roll.vs.mods == [("Block", 1)]


def test_refusals_for_range_sight_and_band():
    w, a, b = duel(fighter(weapons=[RIFLE, SWORD]), fighter(), distance=1.0)
    assert "cannot be used at short range" in act(w, a, "shoot", "blue-1")[0].why
    b.x = 20.0
    assert "melee weapon" in act(w, a, "melee", "blue-1", weapon="sword")[0].why
    w.blocked.add(("red-1", "blue-1"))
    assert "line of sight" in act(w, a, "shoot", "blue-1")[0].why


def test_two_one_handed_weapons_make_two_contests():
    w, a, b = duel(fighter(weapons=[SWORD, DAGGER]), fighter(hp=20))
    effects = act(w.script(*PLUS2, *Z, *PLUS2, *Z), a, "melee", "blue-1")
    atts = only(effects, Attacked)
    assert [x.weapon for x in atts] == ["sword", "dagger"]
    assert [x.harm for x in atts] == [{"hp": -4}, {"hp": -3}] and b.tracks["hp"] == 13


def test_two_shots_weapon_shoots_twice_outside_a_group():
    w, a, b = duel(fighter(weapons=[CARBINE]), fighter(hp=20), distance=5.0)
    effects = act(w.script(*PLUS2, *Z, *MINUS2, *Z), a, "shoot", "blue-1")
    atts = only(effects, Attacked)
    assert [x.hit for x in atts] == [True, False] and b.tracks["hp"] == 17


def test_one_action_a_turn():
    w, a, b = duel(fighter(), fighter())
    budget = TurnBudget(6.0)
    act(w.script(*Z, *Z), a, "melee", "blue-1", budget=budget)
    effects = act(w, a, "melee", "blue-1", budget=budget)
    assert kinds(effects) == ["Refused"] and "spent" in effects[0].why


def test_run_doubles_the_move_instead_of_the_action():
    w, a, b = duel(fighter(), fighter())
    budget = TurnBudget(6.0)
    assert kinds(act(w, a, "run", budget=budget)) == ["Note"]
    assert budget.walk_m == 12.0 and budget.actions == 0


# -- manoeuvres (002 · Trip, Shove, Grapple, Disarm) -------------------------------------
def test_trip_melee_vs_block_then_strength_vs_athletics():
    w, a, b = duel(fighter(), fighter())
    effects = act(w.script(*PLUS2, *Z, *PLUS2, *Z), a, "trip", "blue-1")
    checks = only(effects, Check)
    assert [c.purpose for c in checks] == ["trip: Melee vs Block", "trip: Strength vs Athletics"]
    assert checks[1].roll.mods == [("Strength", 2)] and checks[1].roll.vs.mods == [("Athletics", 1)]
    assert b.status["prone"] is True and b.prone


def test_trip_stops_when_the_first_contest_fails():
    w, a, b = duel(fighter(), fighter())
    effects = act(w.script(*MINUS2, *Z), a, "trip", "blue-1")
    assert kinds(effects) == ["Check"] and "prone" not in b.status


def test_follow_up_never_crits():
    w, a, b = duel(fighter(skills={"Strength": 0}), fighter(skills={"Athletics": 5}))
    effects = act(w.script(*PLUS2, *Z, *PLUS4, *Z), a, "trip", "blue-1")
    assert not only(effects, Check)[1].roll.success and "prone" not in b.status


def test_shove_pushes_to_two_metres_and_prone_on_four():
    w, a, b = duel(fighter(), fighter(), distance=1.5)
    effects = act(w.script(*PLUS2, *Z, *PLUS2, *Z), a, "shove", "blue-1")   # margin 2+1-1... = 2
    push = only(effects, Push)[0]
    assert (push.dx, push.dy, push.metres, push.by) == (1.0, 0.0, pytest.approx(0.5), "red-1")
    assert "prone" not in b.status and b.x == pytest.approx(2.0)
    w2, a2, b2 = duel(fighter(), fighter(), distance=1.0)
    act(w2.script(*PLUS2, *Z, *PLUS4, *MINUS2), a2, "shove", "blue-1")      # 6 vs -1: by 7
    assert b2.status["prone"] is True


def test_grapple_pins_and_by_four_holds():
    w, a, b = duel(fighter(), fighter())
    act(w.script(*PLUS2, *Z, *PLUS2, *Z), a, "grapple", "blue-1")            # Strength 4 vs 2: by 2
    assert (a.status["role"], b.status["role"], a.partner, b.partner) == ("pinner", "pinned", "blue-1", "red-1")
    w, a, b = duel(fighter(), fighter())
    act(w.script(*PLUS2, *Z, *PLUS4, *Z), a, "grapple", "blue-1")            # by 4: hold
    assert (a.status["role"], b.status["role"]) == ("holder", "held")
    w, a, b = duel(fighter(), fighter())
    act(w.script(*PLUS2, *Z, *PLUS4, *Z), a, "grapple", "blue-1", pin=True)  # chooses the pin
    assert (a.status["role"], b.status["role"]) == ("pinner", "pinned")


def test_disarm_drops_the_weapon_or_takes_it_with_a_free_hand():
    w, a, b = duel(fighter(weapons=[{"name": "axe", "hands": 2, "bonus": 3}]), fighter(weapons=[SWORD]))
    act(w.script(*PLUS2, *Z, *PLUS2, *Z), a, "disarm", "blue-1")
    assert b.status["dropped"] == ["sword"]
    assert "lies on the ground" in RULESET.check(w, b, {"action": "melee", "target": "red-1", "weapon": "sword"})
    act(w, b, "ready")
    assert "dropped" not in b.status
    w, a, b = duel(fighter(), fighter(weapons=[SWORD]))          # bare hands: a hand free
    act(w.script(*PLUS2, *Z, *PLUS2, *Z), a, "disarm", "blue-1")
    assert b.status["lost"] == ["sword"] and a.status["taken"] == ["sword"]
    effects = act(w.script(*PLUS2, *Z), a, "melee", "blue-1", weapon="sword")
    assert effects[0].weapon == "sword" and effects[0].harm == {"hp": -4}


# -- pins and holds (002 · Status effects · Pinned, Held) ----------------------------------
def pinned_pair(role_a="pinner", role_b="pinned", **kw):
    w, a, b = duel(fighter(**kw), fighter(**kw))
    a.status.update(partner="blue-1", role=role_a)
    b.status.update(partner="red-1", role=role_b)
    return w, a, b


def test_pinned_fighters_may_do_nothing_else():
    w, a, b = pinned_pair()
    assert "may only break_free" in RULESET.check(w, b, {"action": "melee", "target": "red-1"})
    assert "may only let_go" in RULESET.check(w, a, {"action": "melee", "target": "blue-1"})
    assert RULESET.speeds(a) == (0.0, 0.0)


def test_pin_broken_on_a_tie():
    w, a, b = pinned_pair()
    effects = act(w.script(*Z, *Z), b, "break_free")
    assert only(effects, Check)[0].roll.result == "pin broken"
    assert "role" not in a.status and "role" not in b.status


def test_pin_reversed_on_a_win_and_hold_on_four():
    w, a, b = pinned_pair()
    act(w.script(*PLUS2, *Z), b, "break_free")
    assert (b.status["role"], a.status["role"]) == ("pinner", "pinned")
    w, a, b = pinned_pair()
    act(w.script(*PLUS4, *Z), b, "break_free")
    assert (b.status["role"], a.status["role"]) == ("holder", "held")
    w, a, b = pinned_pair()
    act(w.script(*PLUS4, *Z), b, "break_free", outcome="break")
    assert "role" not in a.status and "role" not in b.status


def test_pin_holds_when_the_pinner_wins():
    w, a, b = pinned_pair()
    effects = act(w.script(*MINUS2, *Z), b, "break_free")
    assert kinds(effects) == ["Check"] and b.status["role"] == "pinned"


def test_held_breaks_free_on_strength_vs_strength_minus_four():
    w, a, b = pinned_pair("holder", "held")
    effects = act(w.script(*MINUS2, *Z), b, "break_free")       # 2 - 2 = 0 vs 2 - 4 = -2: free
    roll = only(effects, Check)[0].roll
    assert roll.vs.mods == [("Strength", 2), ("hold", -4)] and roll.success
    assert "role" not in b.status and "role" not in a.status


def test_holds_are_never_reversed():
    w, a, b = pinned_pair("holder", "held")
    act(w.script(*PLUS4, *Z), b, "break_free", outcome="hold")
    assert "role" not in b.status


def test_holder_acts_at_minus_four_and_held_defends_at_zero():
    w, a, b = pinned_pair("holder", "held")
    effects = act(w.script(*Z, *Z), a, "melee", "blue-1")
    assert effects[0].roll.mods == [("Melee", 3), ("holding", -4)]
    assert effects[0].roll.vs.mods == [("Block", 0), ("held", 0)]


def test_let_go_frees_both():
    w, a, b = pinned_pair()
    effects = act(w, a, "let_go")
    assert effects == [Status("red-1", {"partner": None, "role": None}),
                       Status("blue-1", {"partner": None, "role": None})]
    assert ACTIONS["let_go"].quick


def test_attacked_pinner_is_asked_to_let_go_and_then_defends_in_full():
    w, a, b = pinned_pair()
    c = FakeUnit("blue-2", "blue", fighter(), x=0.5)
    w.units_.append(c)
    windows = RULESET.reactions(w, c, {"action": "melee", "target": "red-1"})
    assert [(x.kind, x.reactor, x.options, x.default) for x in windows] == [("let_go", "red-1", (False, True), False)]
    w.answers["red-1"] = True
    effects = act(w.script(*Z, *Z), c, "melee", "red-1")
    assert kinds(effects)[:2] == ["Status", "Status"] and effects[2].roll.vs.mods == [("Block", 1)]
    w, a, b = pinned_pair()
    w.units_.append(c)
    effects = act(w.script(*Z, *Z), c, "melee", "red-1")          # holds on: Block 0
    assert effects[0].roll.vs.mods == [("Block", 0), ("pinner", 0)] and effects[0].hit


def test_a_dual_wielder_asks_an_attacked_pinner_before_each_strike_and_reads_its_defence_anew():
    """The second strike reuses the first one's contest sides only while no let-go changed the target."""
    for answer, vs in ((True, [("Block", 1)]), (False, [("Block", 0), ("pinner", 0)])):
        w, a, b = pinned_pair(hp=30)
        c = FakeUnit("blue-2", "blue", fighter(weapons=[SWORD, DAGGER]), x=0.5)
        w.units_.append(c)
        w.answers["red-1"] = answer
        effects = act(w.script(*Z, *Z, *Z, *Z), c, "melee", "red-1")
        atts = only(effects, Attacked)
        assert [x.weapon for x in atts] == ["sword", "dagger"]
        assert [x.roll.vs.mods for x in atts] == [vs, vs]
        assert kinds(effects).count("Status") == (4 if answer else 0)   # both let go, once a strike


# -- stances (002 · Go to Ground, Full Defence, Prone) -------------------------------------
def test_full_defence_adds_two_until_the_next_action():
    w, a, b = duel(fighter(), fighter())
    act(w, b, "full_defence")
    effects = act(w.script(*Z, *Z), a, "melee", "blue-1")
    assert effects[0].roll.vs.mods == [("Block", 1), ("full defence", 2)]
    effects = act(w.script(*Z, *Z), b, "melee", "red-1")
    assert effects[0] == Status("blue-1", {"full_defence": False}) and "full_defence" not in b.status


def test_full_defence_clears_at_the_end_of_the_next_turn():
    w, a, b = duel(fighter(), fighter())
    RULESET.begin_turn(w, b, 1, 0)
    act(w, b, "full_defence")
    assert RULESET.end_turn(w, b) == []
    RULESET.begin_turn(w, b, 2, 0)
    assert RULESET.end_turn(w, b) == [Status("blue-1", {"full_defence": False})]


def test_go_to_ground_and_rise():
    w, a, b = duel(fighter(), fighter())
    act(w, b, "go_to_ground")
    assert b.status["gone_to_ground"] and RULESET.speeds(b)[0] == pytest.approx(3.0)
    effects = act(w.script(*Z, *Z), a, "melee", "blue-1")
    assert effects[0].roll.vs.mods == [("Block", 1), ("gone to ground", -4)]
    act(w, b, "rise")
    assert "gone_to_ground" not in b.status
    assert "already standing" in act(w, b, "rise")[0].why


def test_prone_attacks_at_minus_four_and_rolls_over_to_ground():
    w, a, b = duel(fighter(), fighter())
    a.status["prone"] = True
    a.prone = True
    effects = act(w.script(*Z, *Z), a, "melee", "blue-1")
    assert effects[0].roll.mods == [("Melee", 3), ("prone", -4)]
    act(w, a, "go_to_ground")
    assert a.status == {"gone_to_ground": True}


# -- stealth (002 · Hide, Sneak Attack, Takedown) --------------------------------------------
def three(**kw):
    a = FakeUnit("red-1", "red", fighter(weapons=[{"name": "knife", "bonus": 1}], skills={"Stealth": 3}))
    b = FakeUnit("blue-1", "blue", fighter(soak=1), x=1.0)
    c = FakeUnit("blue-2", "blue", fighter(), x=8.0)
    return FakeWorld([a, b, c]), a, b, c


def test_hide_must_beat_every_enemy():
    w, a, b, c = three()
    effects = act(w.script(*Z, *Z, *Z), a, "hide")              # 3 vs 1 and 3 vs 1
    assert [e.purpose for e in only(effects, Check)] == ["hide from blue-1", "hide from blue-2"]
    assert a.status["hidden"] is True
    assert "hidden" in RULESET.check(w, b, {"action": "melee", "target": "red-1"})
    w, a, b, c = three()
    act(w.script(*Z, *Z, *PLUS2), a, "hide")                    # blue-2 rolls 3: a tie sees it
    assert "hidden" not in a.status


def test_sneak_attack_always_hits_and_crits_when_it_beat_the_defence():
    w, a, b, c = three()
    a.status["hidden"] = True
    effects = act(w.script(*MINUS2, *Z), a, "melee", "blue-1")   # 1 vs 1: loses, still hits
    att = effects[0]
    assert att.hit and "sneak attack" in att.roll.tags and "critical" not in att.roll.tags
    assert att.harm == {"hp": -(3 - 1)} and "hidden" not in a.status
    w, a, b, c = three()
    a.status["hidden"] = True
    effects = act(w.script(*PLUS2, *Z), a, "melee", "blue-1")
    assert "critical" in effects[0].roll.tags and effects[0].harm == {"hp": -(2 * 3 - 1)}


def test_takedown_deals_strength_times_four_plus_bonus_ignoring_soak():
    w, a, b, c = three()
    effects = act(w.script(*PLUS2, *Z), a, "takedown", "blue-1")    # Stealth 3 + 2 vs Perception 1 + 2
    check, att, harm = effects
    assert check.roll.vs.mods == [("Perception", 1), ("last chance to notice", 2)] and check.roll.success
    assert att.action == "takedown" and att.harm == {"hp": -(2 * 4 + 1)} and harm.changes == {"hp": -9}
    assert ("Soak ignored", 0) in att.details and "critical" not in att.roll.tags


def test_takedown_noticed_becomes_a_sneak_attack():
    w, a, b, c = three()
    effects = act(w.script(*Z, *PLUS2, *MINUS2, *Z), a, "takedown", "blue-1")   # 3 vs 5: noticed
    assert not effects[0].roll.success
    att = only(effects, Attacked)[0]
    assert att.action == "sneak attack" and att.hit and att.harm == {"hp": -2}


def test_takedown_only_before_initiative_and_not_on_the_expecting():
    w, a, b, c = three()
    w.memo["fudge-opposed"] = None
    from tactics.rulesets.fudge_opposed.state import memo_of
    w.memo.clear()
    memo_of(w).initiative_rolled = True
    assert "before initiative" in act(w, a, "takedown", "blue-1")[0].why
    w, a, b, c = three()
    b.status["expecting"] = True
    assert "expecting" in act(w, a, "takedown", "blue-1")[0].why


# -- catalogue --------------------------------------------------------------------------
def test_every_catalogue_entry_cites_its_source_and_is_tested_here():
    tested = {"melee", "shoot", "trip", "shove", "grapple", "disarm", "takedown", "full_defence", "go_to_ground",
              "rise", "hide", "break_free", "let_go", "ready", "run"}
    assert set(ACTIONS) == tested
    assert all(a.source.startswith(("002", "DECISIONS")) for a in ACTIONS.values())


def test_unknown_action_and_bad_targets_are_refused():
    w, a, b = duel(fighter(), fighter())
    assert "unknown action" in act(w, a, "dance")[0].why
    assert "needs a target" in act(w, a, "melee")[0].why
    assert "no fighter" in act(w, a, "melee", "nobody")[0].why
    w.units_.append(FakeUnit("red-2", "red", fighter(), x=0.5))
    assert "same side" in act(w, a, "melee", "red-2")[0].why
    b.able = False
    assert "out of the fight" in act(w, a, "melee", "blue-1")[0].why


def test_engine_style_act_objects_are_read_too():
    from dataclasses import dataclass

    @dataclass
    class Act:
        action: str
        target: str | None = None
        weapon: str | None = None

    w, a, b = duel(fighter(), fighter())
    effects = RULESET.act(w.script(*PLUS2, *Z), a, Act("melee", "blue-1"), TurnBudget(6.0), None)
    assert isinstance(effects[0], Attacked) and effects[0].hit
    assert isinstance(effects[1], Harm)


# -- rulings of docs/rules-fudge.md ------------------------------------------------------
def test_takedown_tie_is_noticed():
    w, a, b, c = three()
    effects = act(w.script(*Z, *Z, *Z, *Z), a, "takedown", "blue-1")   # Stealth 3 vs 1 + 2: tie
    assert effects[0].roll.result == "tie" and only(effects, Attacked)[0].action == "sneak attack"


def test_disarming_a_dual_wielder_drops_both_weapons():
    w, a, b = duel(fighter(), fighter(weapons=[SWORD, DAGGER]))
    act(w.script(*PLUS2, *Z, *PLUS2, *Z), a, "disarm", "blue-1")
    assert b.status["dropped"] == ["sword", "dagger"] and "taken" not in a.status


def test_shield_bearer_gains_nothing_from_full_defence():
    w, a, b = duel(fighter(), fighter(shield=True))
    act(w, b, "full_defence")
    effects = act(w.script(*Z, *Z), a, "melee", "blue-1")
    assert effects[0].roll.vs.mods == [("Block", 1), ("shield", 2)]


def test_grappling_someone_already_grappled_is_refused():
    w, a, b = pinned_pair()
    c = FakeUnit("blue-2", "blue", fighter(), x=0.5)
    w.units_.append(c)
    assert "already in a pin" in act(w, c, "grapple", "red-1")[0].why


def test_lighting_counts_on_a_manoeuvre_opening():
    w, a, b = duel(fighter(), fighter())
    w.light["blue-1"] = "dark"
    effects = act(w.script(*Z, *Z), a, "trip", "blue-1")
    assert effects[0].roll.mods == [("Melee", 3), ("dark", -2)]


def test_hidden_fighters_do_not_join_a_group():
    from tactics.rulesets.fudge_opposed.state import memo_of

    trooper = make_sheet("T", Melee=1, Marksmanship=1, weapons=[BOW])
    hero = FakeUnit("hero", "blue", fighter(hp=30))
    troops = [FakeUnit(f"t{i}", "red", trooper, x=5.0) for i in range(3)]
    w = FakeWorld([hero, *troops])
    troops[0].status["hidden"] = True
    effects = act(w.script(*Z, *Z), troops[0], "shoot", "hero")
    assert only(effects, Attacked)[0].hit and not memo_of(w).pools
