"""The ruleset object: protocol, presentation, turns and initiative, group attacks across turns,
movement numbers and the AI's estimates."""

from __future__ import annotations

import pytest

from tactics.rules.effects import Attacked
from tactics.rules.protocol import Ruleset
from tactics.rules.records import Presentation
from tactics.rulesets.fudge_opposed import RULESET, FudgeOptions, odds
from tactics.rulesets.fudge_opposed.turns import TurnBudget

from .fakes import BOW, CARBINE, SWORD, FakeUnit, FakeWorld, act, apply, duel, kinds, make_sheet

Z = [0, 0, 0, 0]
PLUS2 = [1, 1, 0, 0]
MINUS2 = [-1, -1, 0, 0]


def fighter(**kw):
    skills = dict(Melee=3, Block=1, Marksmanship=2, Dodge=1, Strength=2, Athletics=1, Perception=1, Stealth=1)
    skills.update(kw.pop("skills", {}))
    return make_sheet(**kw, **skills)


def test_follows_the_protocol():
    assert isinstance(RULESET, Ruleset)
    assert (RULESET.name, RULESET.round_seconds) == ("fudge-opposed", 2.0)
    assert RULESET.options_type().group_attacks is True


def test_registry_finds_it():
    from tactics.rules.registry import available, get_ruleset

    assert "fudge-opposed" in available() and get_ruleset("fudge-opposed") is RULESET


def test_presentation():
    p = RULESET.presentation(fighter(hp=12))
    assert isinstance(p, Presentation)
    assert [(t.name, t.max, t.role, t.start) for t in p.tracks] == [("hp", 12, "health", 12)]
    assert [(s.name, s.able) for s in p.standings] == [("fighting", True), ("out", False)]
    assert p.bar.segments == ["hp"] and p.bar.max == 12
    keys = {(s.key, s.value) for s in p.statuses}
    for k in [("prone", None), ("gone_to_ground", None), ("hidden", None), ("full_defence", None),
              ("role", "pinner"), ("role", "pinned"), ("role", "holder"), ("role", "held")]:
        assert k in keys


def test_standing_and_progress():
    w, a, b = duel(fighter(hp=10), fighter(hp=10))
    assert RULESET.standing(b) == "fighting" and RULESET.progress(b) == 0.0
    b.tracks["hp"] = 4
    assert RULESET.progress(b) == pytest.approx(0.6)
    b.tracks["hp"] = 0
    assert RULESET.standing(b) == "out" and RULESET.progress(b) == 1.0


def test_mover_and_movement_numbers():
    s = fighter(skills={"Athletics": 1})
    m = RULESET.mover(s)
    assert (m.running, m.swimming, m.max_jump_m) == (6.0, 3.0, 3.0)
    w, a, b = duel(s, s)
    assert RULESET.reach(a) == (2.0, 2.0)
    assert RULESET.jump_limits(a, False)[0] == 0.75
    assert RULESET.climb(a, "ladder") == (0, 3.0) and RULESET.climb(a, "rope") == (1, 1.0)
    assert RULESET.max_range(a, "hands", "melee") == 2.0
    w2, g, _ = duel(fighter(weapons=[BOW]), s)
    assert RULESET.max_range(g, "bow", "shoot") == 60.0


def test_jump_check_near_the_limit():
    w, a, b = duel(fighter(skills={"Athletics": 1}), fighter())
    assert RULESET.jump_check(w, a, 1.0, 3.0) is None
    r = RULESET.jump_check(w.script(*Z), a, 2.5, 3.0)
    assert r.target == 1 and r.success and r.mods == [("Athletics", 1)]


def test_climb_check():
    w, a, b = duel(fighter(skills={"Athletics": 1}), fighter())
    r = RULESET.climb_check(w.script(*Z), a, "finger holds")
    assert r.target == 3 and not r.success


def test_fall_prices():
    w, a, b = duel(fighter(skills={"Athletics": 1}, soak=3), fighter())
    assert RULESET.fall(w, a, 2.0, False, None).harm == {}
    out = RULESET.fall(w.script(*Z), a, 7.0, False, None)          # Athletics 1 vs 2: fails
    assert out.harm == {"hp": -10} and out.roll.target == 2 and out.severity == "full"
    out = RULESET.fall(w.script(*PLUS2), a, 7.0, False, None)
    assert out.harm == {"hp": -5} and out.severity == "halved"
    assert RULESET.fall(w, a, 8.0, True, None).harm == {}


# -- turns (DECISIONS-fudge · Time and turns) -------------------------------------------------
def roster(*perceptions, expecting=()):
    units = [FakeUnit(f"u{i}", "red" if i % 2 == 0 else "blue", fighter(skills={"Perception": p}), x=i * 3.0)
             for i, p in enumerate(perceptions)]
    for i in expecting:
        units[i].status["expecting"] = True
    return FakeWorld(units), units


def test_initiative_is_perception_plus_4df_highest_first():
    w, us = roster(0, 2, 1)
    sched = RULESET.schedule(w.script(*PLUS2, *Z, *MINUS2), us, None)
    effects = sched.start_round(w, 0)
    assert [(e.who, e.purpose, e.roll.total) for e in effects] == [("u0", "initiative", 2), ("u1", "initiative", 2),
                                                                   ("u2", "initiative", -1)]
    # u0 and u1 tie on 2: the higher Perception (u1) goes first
    assert sched.order == ["u1", "u0", "u2"]
    assert [sched.slots(u, 0) for u in ("u1", "u0", "u2")] == [[(0.0, 0)], [(pytest.approx(2 / 3), 0)],
                                                              [(pytest.approx(4 / 3), 0)]]
    assert us[1].state.initiative == 2


def test_full_ties_go_to_a_seeded_die():
    w, us = roster(1, 1)
    sched = RULESET.schedule(w.script(*Z, *Z, 5, 17), us, None)
    sched.start_round(w, 0)
    assert sched.order == ["u1", "u0"]


def test_surprise_round_first_for_those_expecting_the_fight():
    w, us = roster(0, 2, 3, expecting=(0, 2))
    sched = RULESET.schedule(w, us, None)
    assert sched.start_round(w, 0) == []                   # no initiative yet
    assert sched.is_surprise(0)
    assert sched.slots("u2", 0) == [(0.0, 0)] and sched.slots("u0", 0) == [(pytest.approx(2 / 3), 0)]
    assert RULESET.begin_turn(w, us[1], 0, 0) is None
    assert isinstance(RULESET.begin_turn(w, us[0], 0, 0), TurnBudget)
    w.script(*Z, *Z, *Z)                                # totals 0, 2, 3: no ties
    effects = sched.start_round(w, 1)
    assert [e.purpose for e in effects] == ["initiative"] * 3 and sched.order == ["u2", "u1", "u0"]
    assert RULESET.begin_turn(w, us[1], 1, 0) is not None


def test_surpriser_from_the_engine_counts_as_expecting():
    w, us = roster(0, 1)
    sched = RULESET.schedule(w, us, "u1")
    assert sched.is_surprise(0) and sched.acts_in("u1", 0) and not sched.acts_in("u0", 0)


def test_budget_halves_when_prone_and_doubles_without_an_action():
    w, a, b = duel(fighter(skills={"Athletics": 1}), fighter())
    budget = RULESET.begin_turn(w, a, 0, 0)
    assert (budget.actions, budget.walk_m, budget.move_cap()) == (1, 6.0, 6.0)
    budget.moved(2.0)
    assert budget.move_cap() == 4.0
    budget.planned([{"action": "melee"}])
    assert budget.walk_m == 6.0
    budget.planned([])
    assert (budget.actions, budget.walk_m) == (0, 12.0)
    a.status["prone"] = True
    assert RULESET.begin_turn(w, a, 1, 0).walk_m == 3.0
    a.able = False
    assert RULESET.begin_turn(w, a, 2, 0) is None


def test_joining_mid_fight_takes_a_place_in_the_order():
    w, us = roster(0, 1)
    sched = RULESET.schedule(w.script(*Z, *Z), us, None)
    sched.start_round(w, 0)
    newcomer = FakeUnit("u9", "blue", fighter(skills={"Perception": 4}), x=9.0)
    w.units_.append(newcomer)
    w.script(*PLUS2)
    sched.join("u9", 3)
    assert sched.order[0] == "u9"
    assert [e.who for e in sched.start_round(w, 3)] == ["u9"]


# -- group attacks (002 · Concentrated Fire, Dogpile) -----------------------------------------------
def squad(n, weapons=(CARBINE,), distance=5.0, hero_skills=None):
    trooper = make_sheet("Trooper", hp=8, weapons=list(weapons), Melee=1, Block=1, Marksmanship=1, Dodge=1,
                         Strength=1)
    hero = FakeUnit("hero", "blue", fighter(hp=30, **({"skills": hero_skills} if hero_skills else {})))
    troops = [FakeUnit(f"t{i}", "red", trooper, x=distance, y=float(i) * 0.1) for i in range(n)]
    return FakeWorld([hero, *troops]), hero, troops


def turn(w, unit, r, action, target, **kw):
    budget = RULESET.begin_turn(w, unit, r, 0)
    effects = act(w, unit, action, target, budget=budget, **kw)
    end = RULESET.end_turn(w, unit)
    apply(w, end)
    return effects + end


def test_concentrated_fire_resolves_at_the_last_one_s_turn():
    w, hero, troops = squad(4)
    notes = []
    for t in troops[:3]:
        out = turn(w, t, 1, "shoot", "hero")
        notes.append(out)
        assert kinds(out) == ["Note"]
    w.script(*Z)                                    # hero's Dodge 1 + 0 = 1
    out = turn(w, troops[3], 1, "shoot", "hero")
    att = [e for e in out if isinstance(e, Attacked)][0]
    # 4 troopers with two shots = 8 attackers: +3; difficulty Marksmanship 1 + 3 = 4; short by 3 -> 3 hits
    assert ("attackers", 8) in att.details and ("concentrated fire bonus", 3) in att.details
    assert ("hits", 3) in att.details and att.roll.target == 4 and att.roll.total == 1
    assert att.roll.mods == [("Dodge", 1)] and att.roll.target_mods == [("Marksmanship", 1), ("concentrated fire", 3)]
    assert att.harm == {"hp": -9} and hero.tracks["hp"] == 21


def test_a_tie_is_no_hit_and_hits_are_capped_by_attackers():
    w, hero, troops = squad(3, weapons=[{"name": "musket", "hands": 2, "damage": 3, "band": "ranged"}])
    for t in troops[:2]:
        turn(w, t, 1, "shoot", "hero")
    out = turn(w.script(1, 1, 0, 0), troops[2], 1, "shoot", "hero")   # Dodge 1 + 2 = 3 vs 1 + 1 = 2
    att = [e for e in out if isinstance(e, Attacked)][0]
    assert not att.hit and att.harm == {}
    w, hero, troops = squad(3, weapons=[{"name": "musket", "hands": 2, "damage": 3, "band": "ranged"}],
                            hero_skills={"Dodge": -4})
    for t in troops[:2]:
        turn(w, t, 1, "shoot", "hero")
    out = turn(w.script(-1, -1, -1, 0), troops[2], 1, "shoot", "hero")   # -7 vs 2: 9 short, 3 attackers
    att = [e for e in out if isinstance(e, Attacked)][0]
    assert ("hits", 3) in att.details and att.harm == {"hp": -9}


def test_dog_pile_rolls_block_against_melee():
    w, hero, troops = squad(3, weapons=[{"name": "bayonet", "bonus": 1}], distance=1.0)
    for t in troops[:2]:
        turn(w, t, 1, "melee", "hero")
    out = turn(w.script(*MINUS2), troops[2], 1, "melee", "hero")   # Block 1 - 2 = -1 vs 1 + 1 = 2: 3 hits
    att = [e for e in out if isinstance(e, Attacked)][0]
    assert att.action == "dog-pile" and att.roll.mods == [("Block", 1)] and ("hits", 3) in att.details
    assert att.harm == {"hp": -3 * 2}                      # Strength 1 + bayonet 1 each


def test_a_pool_left_under_three_attacks_one_by_one_at_the_last_turn():
    w, hero, troops = squad(3)
    turn(w, troops[0], 1, "shoot", "hero")
    turn(w, troops[1], 1, "shoot", "hero")
    w.script(*PLUS2, *Z, *Z, *Z, *PLUS2, *Z, *Z, *Z)        # two troopers, two shots each
    out = turn(w, troops[2], 1, "full_defence", None)
    atts = [e for e in out if isinstance(e, Attacked)]
    assert [a.who for a in atts] == ["t0", "t0", "t1", "t1"] and [a.hit for a in atts] == [True, False, True, False]


def test_pools_of_a_round_gone_by_resolve_at_the_next_round_start():
    w, hero, troops = squad(4)
    sched = RULESET.schedule(w.script(*Z * 5, 1, 2, 3, 4), [hero, *troops], None)   # four troopers tie: d20s
    sched.start_round(w, 1)
    for t in troops[:3]:
        turn(w, t, 1, "shoot", "hero")
    troops[3].able = False                               # the last one never acts ... but it is out: pool resolves
    w.script(*Z)
    out = sched.start_round(w, 2)
    att = [e for e in out if isinstance(e, Attacked)][0]
    assert ("attackers", 6) in att.details


def test_group_attacks_can_be_switched_off():
    w, hero, troops = squad(3)
    w.options = FudgeOptions(group_attacks=False)
    out = turn(w.script(*Z, *Z, *Z, *Z), troops[0], 1, "shoot", "hero")
    assert kinds(out) == ["Attacked", "Attacked"]


# -- estimates ------------------------------------------------------------------------
def test_estimates_use_the_closed_form():
    w, a, b = duel(fighter(weapons=[SWORD]), fighter(soak=1, hp=8))
    ests = RULESET.estimates(w, a, b)
    sword = next(e for e in ests if e.weapon == "sword")
    p = odds.p_beats(3, 1)
    assert sword.p == pytest.approx(p)
    expected = (p - 1 / 81) * 3 + (1 / 81) * 7
    assert sword.progress == pytest.approx(expected / 8)
    assert sword.harm == pytest.approx(expected / p)
    assert sword.act == {"action": "melee", "target": "blue-1", "weapon": "sword", "options": {}}
    trip = next(e for e in ests if e.action == "trip")
    assert trip.p == pytest.approx(odds.p_beats(3, 1) * odds.p_beats(2, 1, crits=False))
    assert ests == sorted(ests, key=lambda e: e.value, reverse=True)


def test_estimates_skip_hidden_targets_and_unusable_weapons():
    w, a, b = duel(fighter(weapons=[BOW]), fighter(), distance=10.0)
    assert [e.action for e in RULESET.estimates(w, a, b)] == ["shoot"]
    b.status["hidden"] = True
    assert RULESET.estimates(w, a, b) == []


def test_group_estimate_counts_the_squad():
    w, hero, troops = squad(4)
    est = RULESET.estimates(w, troops[0], hero)[0]
    assert "concentrated fire" in est.note and 0 < est.p <= 1
    expected = odds.expected_shortfall(1, 4, 8) / 4 * 3
    assert est.progress == pytest.approx(expected / 30)


def test_takedown_estimate_only_before_initiative():
    from tactics.rulesets.fudge_opposed.state import memo_of

    w, a, b = duel(fighter(weapons=[SWORD], skills={"Stealth": 3}), fighter(hp=12))
    td = next(e for e in RULESET.estimates(w, a, b) if e.action == "takedown")
    assert td.p == pytest.approx(odds.p_beats(3, 1 + 2, crits=False))
    assert td.harm == 2 * 4 + 2 and td.progress == pytest.approx(10 / 12)
    memo_of(w).initiative_rolled = True
    assert not [e for e in RULESET.estimates(w, a, b) if e.action == "takedown"]


def test_estimates_at_a_point_see_from_there():
    w, a, b = duel(fighter(weapons=[SWORD], skills={"Stealth": 3}), fighter(hp=12), distance=6.0)
    assert not [e for e in RULESET.estimates(w, a, b) if e.action in ("takedown", "melee")]
    near = RULESET.estimates_at(w, a, b, (5.0, 0.0, 0.0))
    assert {"takedown", "melee"} <= {e.action for e in near}
    td = next(e for e in near if e.action == "takedown")
    assert td.p == pytest.approx(odds.p_beats(3, 1 + 2, crits=False))
    assert RULESET.estimates_at(w, a, b, (a.x, a.y, a.z)) == RULESET.estimates(w, a, b)
    assert (a.x, a.y, a.z) == (0.0, 0.0, 0.0)       # the fighter itself did not move
    b.status["hidden"] = True
    assert RULESET.estimates_at(w, a, b, (5.0, 0.0, 0.0)) == []


def test_no_disarm_estimate_against_bare_hands():
    w, a, b = duel(fighter(), fighter())
    assert "disarm" not in [e.action for e in RULESET.estimates(w, a, b)]
    w, a, b = duel(fighter(), fighter(weapons=[SWORD]))
    assert "disarm" in [e.action for e in RULESET.estimates(w, a, b)]
