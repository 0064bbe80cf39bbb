"""Contests, range bands, light, statuses, group arithmetic and movement, with the seed's numbers."""

from __future__ import annotations

import pytest

from tactics.dice import ScriptedDice
from tactics.rulesets.fudge_opposed import conditions, group, movement
from tactics.rulesets.fudge_opposed.contest import Side, check, contest
from tactics.rulesets.fudge_opposed.ranges import band_of, light_mods, weapon_use
from tactics.rulesets.fudge_opposed.sheet import HANDS, Weapon

PISTOL = Weapon("pistol", damage=3, band="short-range")
BOW = Weapon("bow", hands=2, damage=4, band="ranged")
RIFLE = Weapon("rifle", hands=2, damage=5, band="long-range")
SWORD = Weapon("sword", bonus=2)


# -- contests (DECISIONS-fudge · Dice) ------------------------------------------
def run(attack_faces, defence_faces, a=2, d=2, crits=True):
    return contest(ScriptedDice([*attack_faces, *defence_faces]), Side("a", "Melee", a), Side("d", "Block", d),
                   crits=crits)


def test_higher_total_wins_and_margin_is_the_difference():
    o = run([1, 1, 0, 0], [0, 0, 0, -1])
    assert (o.won, o.margin, o.roll.total, o.roll.vs.total) == (True, 3, 4, 1)
    assert o.roll.mode == "opposed" and o.roll.vs_who == "d" and o.roll.dice == "4dF"
    assert o.roll.faces == [1, 1, 0, 0] and o.roll.vs.faces == [0, 0, 0, -1]
    assert o.roll.mods == [("Melee", 2)] and o.roll.vs.mods == [("Block", 2)]


def test_a_tie_goes_to_the_defender():
    o = run([1, 0, 0, 0], [0, 1, 0, 0])
    assert not o.won and o.tie and o.roll.result == "tie" and o.margin == 0
    assert o.roll.vs.success


def test_four_pluses_win_whatever_the_defender_rolled():
    o = run([1, 1, 1, 1], [1, 1, 1, 1], a=0, d=8)
    assert o.won and o.critical and o.roll.tags == ["critical"]


def test_four_minuses_lose_whatever_the_defender_rolled():
    o = run([-1, -1, -1, -1], [-1, -1, -1, -1], a=9, d=0)
    assert not o.won and o.fumble and o.roll.tags == ["fumble"]


def test_follow_up_contests_never_crit():
    o = run([1, 1, 1, 1], [1, 1, 1, 1], a=0, d=1, crits=False)
    assert not o.won and not o.critical and o.roll.tags == []


def test_modifiers_are_recorded_and_counted():
    o = contest(ScriptedDice([0] * 8), Side("a", "Marksmanship", 3, (("dim", -1),)), Side("d", "Dodge", 1), crits=True)
    assert o.roll.total == 2 and o.roll.mods == [("Marksmanship", 3), ("dim", -1)]


def test_unopposed_check_meets_the_difficulty():
    r = check(ScriptedDice([0, 0, 1, -1]), Side("a", "Athletics", 2), 2)
    assert r.success and r.mode == "meet" and r.target == 2
    r = check(ScriptedDice([0, 0, 0, -1]), Side("a", "Athletics", 2), 2)
    assert not r.success


# -- range bands (002 · Range) ----------------------------------------------------
@pytest.mark.parametrize("d,band", [(0.0, "short"), (1.99, "short"), (2.0, "medium"), (15.0, "medium"),
                                    (15.01, "long"), (100.0, "long")])
def test_bands(d, band):
    assert band_of(d) == band


def test_short_range():
    assert weapon_use(SWORD, 1.5) == ("Melee", "Block", ())
    assert weapon_use(PISTOL, 1.5).mods == (("short-range weapon at short range", 1),)
    assert weapon_use(BOW, 1.5) == ("Melee", "Block", ())
    assert "cannot be used at short range" in weapon_use(RIFLE, 1.5)
    assert "melee weapon" in weapon_use(SWORD, 2.0)


def test_medium_range_has_no_modifiers():
    for w in (PISTOL, BOW, RIFLE):
        assert weapon_use(w, 10.0) == ("Marksmanship", "Dodge", ())


def test_long_range():
    assert "cannot be used at long range" in weapon_use(PISTOL, 16.0)
    assert weapon_use(RIFLE, 200.0) == ("Marksmanship", "Dodge", ())
    assert weapon_use(BOW, 16.0).mods == (("range 16 m", -1),)
    assert weapon_use(BOW, 30.0).mods == (("range 30 m", -2),)
    assert weapon_use(BOW, 44.9).mods[0][1] == -2
    assert "reaches 60 m" in weapon_use(BOW, 61.0)


def test_light():
    assert light_mods("dim") == (("dim", -1),)
    assert light_mods("dark") == (("dark", -2),)
    assert light_mods("bright") == ()


# -- statuses (002 · Status effects; DECISIONS-fudge · Statuses) ---------------------
def test_prone():
    assert conditions.roll_mods({"prone": True}, "Marksmanship", attack=True) == (("prone", -4),)
    assert conditions.defence({"prone": True}, "Block", 3, False) == (3, (("prone", -4),))
    assert conditions.defence({"prone": True}, "Dodge", 3, False) == (3, (("prone", 2),))
    assert conditions.move_factor({"prone": True}) == 0.5


def test_gone_to_ground():
    st = {"gone_to_ground": True}
    assert conditions.roll_mods(st, "Melee", attack=True) == (("gone to ground", -4),)
    assert conditions.roll_mods(st, "Marksmanship", attack=True) == ()
    assert conditions.roll_mods(st, "Stealth") == (("gone to ground", 2),)
    assert conditions.defence(st, "Block", 2, False)[1] == (("gone to ground", -4),)
    assert conditions.defence(st, "Dodge", 2, False)[1] == (("gone to ground", 2),)
    assert conditions.move_factor(st) == 0.5


def test_full_defence_and_shield_do_not_stack():
    assert conditions.defence({"full_defence": True}, "Block", 2, False) == (2, (("full defence", 2),))
    assert conditions.defence({"full_defence": True}, "Dodge", 2, True) == (2, (("shield", 2),))
    assert conditions.defence({}, "Dodge", 2, True) == (2, (("shield", 2),))


@pytest.mark.parametrize("skill", ["Melee", "Marksmanship", "Stealth", "Block", "Dodge"])
def test_no_status_no_modifiers_but_the_shield(skill):
    """A fighter with no status (most rolls) takes none; its shield still counts on Block and Dodge."""
    assert conditions.roll_mods({}, skill, attack=True) == () == conditions.roll_mods({}, skill)
    assert conditions.defence({}, skill, 3, False) == (3, ())
    assert conditions.defence({}, skill, 3, True) == (3, (("shield", 2),))


@pytest.mark.parametrize("role", ["pinner", "pinned", "held"])
def test_pinned_pinner_and_held_defend_at_zero(role):
    assert conditions.defence({"role": role, "partner": "x", "full_defence": True}, "Block", 5, True) == (0, ((role, 0),))
    assert conditions.move_factor({"role": role, "partner": "x"}) == 0.0
    assert conditions.move_factor({"role": role}) == 1.0          # stale: the partner is gone


def test_the_holder_acts_at_minus_four():
    assert conditions.roll_mods({"role": "holder", "partner": "x"}, "Melee", attack=True) == (("holding", -4),)
    assert conditions.defence({"role": "holder", "partner": "x"}, "Dodge", 3, False) == (3, (("holding", -4),))


# -- group attacks (002 · Concentrated Fire, Dogpile) ------------------------------------
def test_group_table():
    assert {n: group.bonus(n) for n in range(3, 13)} == {3: 1, 4: 1, 5: 2, 6: 2, 7: 3, 8: 3, 9: 4, 10: 4, 11: 5,
                                                        12: 5}


def test_hits_one_per_point_short_at_most_one_per_attacker():
    assert group.hits(difficulty=4, defence_total=1, attackers=5) == 3
    assert group.hits(4, 4, 5) == 0                  # a tie is no hit
    assert group.hits(9, -1, 3) == 3                 # at most one per attacker


def test_dual_wielders_and_two_shots_count_twice():
    assert group.weight(True, False) == group.weight(False, True) == 2 and group.weight(False, False) == 1


def test_over_twelve_attackers_split():
    groups, singles = group.split([(f"u{i}", 1) for i in range(15)], "fire")
    assert [len(g) for g in groups] == [12, 3] and singles == []
    groups, singles = group.split([(f"u{i}", 2) for i in range(8)], "fire")     # two shots: 6 a group
    assert [len(g) for g in groups] == [6] and len(singles) == 2


def test_at_most_six_dogpile():
    groups, singles = group.split([(f"u{i}", 2) for i in range(7)], "dogpile")
    assert [len(g) for g in groups] == [6] and [u for u, _ in singles] == ["u6"]
    assert sum(w for _, w in groups[0]) == 12


# -- movement (DECISIONS-fudge · Movement on the map) ------------------------------------
def test_jumps():
    assert movement.jump_limits(6.0, True)[0] == 3.0
    assert movement.jump_limits(6.0, False)[0] == 0.75
    assert movement.jump_needs_roll(2.5, 3.0) and not movement.jump_needs_roll(2.0, 3.0)


@pytest.mark.parametrize("surface,difficulty", [("ladder", 0), ("rope", 1), ("hand holds", 2),
                                                ("finger holds", 3), ("sheer", 4)])
def test_climb_difficulties(surface, difficulty):
    d, speed = movement.climb_numbers(surface, 6.0)
    assert d == difficulty and speed == (3.0 if surface == "ladder" else 1.0)


def test_falls():
    assert movement.fall_harm(2.0) == 0
    assert movement.fall_harm(3.0) == 2
    assert movement.fall_harm(7.0) == 10 and movement.fall_harm(7.0, halved=True) == 5
    assert movement.fall_difficulty(7.0) == 2
    assert movement.fall_harm(9.9, into_water=True) == 0
    assert movement.fall_harm(12.0, into_water=True) == 20


def test_bare_hands_are_a_plus_zero_melee_weapon():
    assert HANDS.bonus == 0 and not HANDS.ranged
