"""resolve_attack: defences per kind, bonuses, power, options."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactics.rules import ACTIONS, Modifier, RuleOptions, resolve_attack

from .conftest import sheet


def test_strike_uses_melee_defense(steven, clone):
    r = resolve_attack(clone, "hands", "quick strike", steven, 14)
    assert r.attack_mods == (Modifier("hands attack", 2),)
    assert r.difficulty_mods == (Modifier("melee defense", 14),)
    assert (r.hit, r.power, r.damage, r.stun) == (True, 3, 1, 2)


def test_miss_does_nothing(steven, clone):
    r = resolve_attack(clone, "hands", "quick strike", steven, 12)
    assert (r.hit, r.power, r.damage, r.stun) == (False, 0, 0, 0)


def test_strategic_bonus_and_extra_mods(steven, clone):
    r = resolve_attack(steven, "machete", "strategic strike", clone, 5,
                       attack_mods=(Modifier("aiming", 0),), difficulty_mods=(Modifier("dark", 4),))
    assert r.attack == 9 and r.difficulty == 16 and not r.hit
    assert Modifier("strategic strike", 5) in r.attack_mods


def test_shot_uses_missile_defense(clone):
    archer = sheet("archer")
    r = resolve_attack(archer, "longbow", "quick shot", clone, 8, difficulty_mods=(Modifier("range", 1),))
    assert r.attack == 4 and r.difficulty == 11 and r.hit  # 12 > 11; a 7 would tie and miss
    assert r.difficulty_mods[0] == Modifier("missile defense", 10)
    assert (r.power, r.damage) == (6, 6)


def test_throw_uses_throw_modifier(steven):
    t = sheet("spear_thrower")
    r = resolve_attack(t, "javelin", "powerful throw", steven, 6)
    assert r.attack_mods[0] == Modifier("throw modifier", 5)
    assert r.difficulty == 10 and r.hit and r.power == 8 and r.damage == 8
    r = resolve_attack(t, "javelin", "heave", steven, 10)
    assert r.attack == 0 and not r.hit


def test_grapple_uses_grapple_numbers(steven):
    g = sheet("grappler")
    r = resolve_attack(g, None, "wrench", steven, 4)
    assert r.attack_mods == (Modifier("grapple attack", 10),)
    assert r.difficulty_mods == (Modifier("grapple defense", 13),)
    assert r.hit and r.power == 10 and (r.damage, r.stun) == (5, 5)
    r = resolve_attack(g, None, "choke", steven, 4)
    assert (r.damage, r.stun) == (0, 10)
    r = resolve_attack(g, None, "disarm", steven, 8)
    assert r.difficulty == 18 and not r.hit
    r = resolve_attack(g, None, "hold", steven, 8)
    assert r.hit and (r.power, r.damage, r.stun) == (0, 0, 0)


def test_choke_at_least_two_stun_through_armor(steven):
    soldier = sheet("soldier")
    d = steven.to_dict()
    d["strength"] = 1
    from tactics.rules import character_from_dict

    weak = character_from_dict(d)
    r = resolve_attack(weak, None, "choke", soldier, 20)
    assert r.power == 2 and r.absorbed == 2 and r.stun == 2 and r.damage == 0


def test_defense_override_and_cover(steven, clone):
    r = resolve_attack(clone, "hands", "quick strike", steven, 10, defense=Modifier("covering ally", 17))
    assert r.difficulty == 17
    r = resolve_attack(clone, "hands", "quick strike", steven, 10, defense=11)
    assert r.difficulty_mods == (Modifier("defense", 11),) and r.hit


def test_charge(steven, clone):
    r = resolve_attack(steven, "machete", "quick strike", clone, 15, charge_m=8.5)
    assert r.power == 5 + 3
    r = resolve_attack(steven, "machete", "quick strike", clone, 15, charge_m=5.0)
    assert r.power == 5


def test_options(steven, clone):
    r = resolve_attack(steven, "machete", "powerful strike", clone, 12, attack_mods=(Modifier("x", 5),),
                       options=RuleOptions(random_damage=True))
    assert r.hit and r.power == 5
    r = resolve_attack(steven, "machete", "powerful strike", clone, 13, options=RuleOptions(random_damage=True))
    assert r.power == 10
    r = resolve_attack(steven, "machete", "quick strike", clone, 20, options=RuleOptions(critical_hit=True))
    assert r.natural20 and r.power == 10
    r = resolve_attack(steven, "machete", "powerful strike", clone, 20, options=RuleOptions(critical_hit=True))
    assert r.power == 15
    r = resolve_attack(steven, "machete", "quick strike", clone, 20)
    assert r.power == 5


def test_natural_20_hits_anything(steven, clone):
    r = resolve_attack(clone, "hands", "quick strike", steven, 20, difficulty_mods=(Modifier("fog", 50),))
    assert r.hit


def test_refusals(steven, clone):
    with pytest.raises(ValueError, match="not an attack"):
        resolve_attack(steven, "machete", "rest", clone, 10)
    with pytest.raises(ValueError, match="cannot be done with"):
        resolve_attack(steven, "machete", "quick shot", clone, 10)
    with pytest.raises(KeyError):
        resolve_attack(steven, "sword", "quick strike", clone, 10)
    with pytest.raises(ValueError):
        resolve_attack(steven, "machete", "quick strike", clone, 0)
    with pytest.raises(ValueError, match="needs a weapon"):
        resolve_attack(steven, None, "quick strike", clone, 10)


def test_power_mods_for_a_slam_falling_on(steven, clone):
    r = resolve_attack(steven, None, "slam", clone, 15, power_mods=(Modifier("falls onto target", 3),))
    assert r.power == 6 and (r.damage, r.stun) == (3, 3)


def test_result_is_serialisable(steven, clone):
    import msgspec

    r = resolve_attack(steven, "machete", "powerful strike", clone, 14)
    d = msgspec.json.decode(msgspec.json.encode(r))
    assert d["attack_mods"] == [["machete attack", 4]] and d["damage"] == 10


@given(st.integers(1, 20), st.sampled_from(["quick strike", "powerful strike", "strategic strike"]),
       st.integers(-5, 5), st.booleans())
def test_damage_plus_stun_is_power_minus_absorption(roll, name, mod, avoid):
    steven, soldier = sheet("steven"), sheet("soldier")
    r = resolve_attack(steven, "machete", ACTIONS[name], soldier, roll, attack_mods=(Modifier("m", mod),),
                       avoid_armor=("helmet",) if avoid else ())
    assert r.hit == (roll == 20 or roll + r.attack > r.difficulty)
    if r.hit:
        assert r.damage + r.stun == r.power - r.absorbed
    else:
        assert r.damage == r.stun == 0


def test_hand_weapon_thrown_uses_throw_modifier(steven, clone):
    r = resolve_attack(steven, "machete", "quick throw", clone, 11)
    assert r.attack_mods == (Modifier("throw modifier", 0),)
    assert r.difficulty_mods == (Modifier("missile defense", 10),) and r.hit and r.damage == 5


def test_strikes_in_water_do_half_stun(steven, clone):
    r = resolve_attack(clone, "hands", "quick strike", steven, 15, in_water=True)
    assert (r.damage, r.stun) == (1, 1)
