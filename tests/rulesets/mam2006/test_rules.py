"""The pure rules of the 2006 revision, with the numbers of DECISIONS-2006.md and the seed (001)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactics.rulesets.mano_a_mano_2006.contest import (critical_bonus, double_applies, halve, opposed_roll,
                                                       outcome, result_of)
from tactics.rulesets.mano_a_mano_2006.defending import (counter_outcome, defense_mods, interfering_points_ok,
                                                         parry_mods, passive_mods, stops)
from tactics.rulesets.mano_a_mano_2006.harm import armor_block, attack_harm, split_harm
from tactics.rulesets.mano_a_mano_2006.manipulation import (choke_split, manipulation_modifier,
                                                            missile_manipulation, surplus, throw_position)
from tactics.rulesets.mano_a_mano_2006.moving import (CLIMB_DIFFICULTY, fall_difficulty, fall_power,
                                                      instant_stand_automatic, instant_stand_effect, points_for,
                                                      stance_mods, stride)
from tactics.rulesets.mano_a_mano_2006.pools import (Pools, hit_points, hp_per_round, phase_one, phase_two,
                                                     spend, standing, take_harm)

pools = st.builds(Pools, *(st.integers(0, 6) for _ in range(5)))


# -- hit points and pools (001 · Hit Points; DECISIONS-2006 · Hit points and pools) -----------
@pytest.mark.parametrize("abilities, hp, expected", [
    ({"swimming": 3, "natural weapons": 3}, None, 6),
    ({"running": 5, "climbing": 2, "grapple": 4, "stealth": 9}, None, 9),
    ({"stealth": 9}, None, 1),
    ({"running": -2}, None, 1),
    ({"running": 1}, 7, 7),
])
def test_hit_points(abilities: dict, hp: int | None, expected: int) -> None:
    assert hit_points(abilities, hp) == expected


def test_hp_per_round_rounds_up() -> None:
    assert [hp_per_round(h) for h in (1, 2, 5, 6, 7)] == [1, 1, 3, 3, 4]


def test_fresh_pools_are_all_ready() -> None:
    assert Pools.fresh(6).as_dict() == {"ready": 6, "defense": 0, "other": 0, "stun": 0, "damage": 0}


def test_phase_one_moves_one_stun_to_other() -> None:
    assert phase_one(Pools(0, 0, 0, 3, 0)) == Pools(0, 0, 1, 2, 0)
    assert phase_one(Pools(2, 0, 0, 0, 1)) == Pools(2, 0, 0, 0, 1)


def test_phase_two_other_first_then_defense_keeping_gear_and_holds() -> None:
    assert phase_two(Pools(0, 2, 4, 0, 0), 3) == Pools(3, 2, 1, 0, 0)
    assert phase_two(Pools(0, 6, 0, 0, 0), 3) == Pools(3, 3, 0, 0, 0)
    assert phase_two(Pools(0, 3, 2, 0, 0), 3) == Pools(3, 2, 0, 0, 0)
    # 2 for gear and a 1-point hold stay in other
    assert phase_two(Pools(0, 1, 4, 0, 0), 3, keep_in_other=3) == Pools(2, 0, 3, 0, 0)
    # stunned and damaged points never come back this way
    assert phase_two(Pools(0, 0, 0, 4, 2), 3) == Pools(0, 0, 0, 4, 2)


def test_spending() -> None:
    assert spend(Pools.fresh(6), 4, "other") == Pools(2, 0, 4, 0, 0)
    with pytest.raises(ValueError):
        spend(Pools(1, 0, 0, 0, 0), 2, "defense")
    with pytest.raises(ValueError):
        spend(Pools.fresh(6), 1, "stun")


def test_harm_order_ready_defense_other() -> None:
    assert take_harm(Pools(1, 2, 3, 0, 0), stun=2, damage=2) == Pools(0, 0, 2, 2, 2)
    assert take_harm(Pools(3, 0, 0, 0, 0), damage=1) == Pools(2, 0, 0, 0, 1)


def test_stun_overflows_into_damage() -> None:
    assert take_harm(Pools(0, 0, 0, 6, 0), stun=2) == Pools(0, 0, 0, 4, 2)
    assert take_harm(Pools(0, 0, 0, 1, 5), stun=3) == Pools(0, 0, 0, 0, 6)


def test_down_and_out() -> None:
    assert standing(Pools(0, 0, 0, 5, 1)) == "down"
    assert standing(Pools(0, 0, 0, 0, 6)) == "out"
    assert standing(Pools(0, 0, 1, 4, 1)) == "fighting"


@given(pools, st.integers(0, 8), st.integers(0, 8), st.integers(1, 6), st.integers(0, 6))
def test_pools_always_sum_to_hp(p: Pools, stun: int, damage: int, per_round: int, keep: int) -> None:
    hp = p.hp
    for q in (take_harm(p, stun, damage), phase_one(p), phase_two(p, per_round, keep)):
        assert q.hp == hp and min(q.as_dict().values()) >= 0
    assert phase_two(p, per_round, keep).ready - p.ready <= per_round


# -- rolls (DECISIONS-2006 · Rolls) ---------------------------------------------------------
def test_opposed_rolls_and_half_successes() -> None:
    assert outcome(2, 3, 1, 6) == "failure"       # Modre 5 vs 7
    assert outcome(6, 3, 4, 3) == "success"       # Modre 9 vs 7
    assert outcome(3, 2, 2, 3) == "half"
    assert outcome(6, -10, 1, 10) == "success"    # 6 against 1
    assert outcome(1, 10, 6, -10) == "failure"


def test_halves_round_down() -> None:
    assert [halve(n, "half") for n in (0, 1, 2, 3, 5)] == [0, 0, 1, 1, 2]
    assert halve(5, "success") == 5 and halve(5, "failure") == 0


def test_roll_record_carries_both_sides() -> None:
    r = opposed_roll(3, [("sword", 2)], 4, [("defense points", 1)], "b")
    assert (r.total, r.vs.total, r.margin, r.result, r.success, r.vs.result) == (5, 5, 0, "half", True, "half")
    assert result_of(r) == "half"
    assert "automatic" in opposed_roll(6, [], 1, [("x", 9)]).tags


def test_random_damage_and_critical_hit_on_the_d6() -> None:
    assert [double_applies(d, random_damage=True) for d in range(1, 7)] == [False] * 4 + [True] * 2
    assert double_applies(1, random_damage=False)
    assert critical_bonus(6, 1, 3, critical_hit=True) == 3
    assert critical_bonus(6, 2, 3, critical_hit=True) == 0
    assert critical_bonus(6, 1, 3, critical_hit=False) == 0


# -- harm and armor (DECISIONS-2006 · Attacks and defense) ---------------------------------------
def test_harm_split() -> None:
    assert split_harm(4, 0, -2) == (2, 2)
    assert split_harm(4, 1, -2) == (2, 1)
    assert split_harm(3, 0, -5) == (3, 0)
    assert split_harm(3, 0, 2) == (0, 3)
    assert split_harm(1, 4, 0) == (0, 0)
    assert attack_harm(4, 0, -2, "half") == (1, 1)
    assert attack_harm(5, 0, -2, "half") == (1, 1)   # 2 stun, 3 damage halve to 1 and 1
    assert attack_harm(4, 0, -2, "failure") == (0, 0)


@given(st.integers(0, 20), st.integers(0, 20), st.integers(-10, 10))
def test_split_is_never_more_than_gets_through(p: int, a: int, s: int) -> None:
    stun, damage = split_harm(p, a, s)
    assert stun >= 0 and damage >= 0 and stun + damage == max(0, p - a)


def test_cover_roll_armor() -> None:
    assert armor_block([("a", 3, 2)], 4) is None
    assert armor_block([("a", 3, 2)], 3) == ("a", 2)
    assert armor_block([("a", 2, 1)], 1) == ("a", 1)
    # sorted by absorption: helmet (abs 4, cover 1) first, then mail (abs 2): cover 1, then 1 + 3
    pieces = [("mail", 3, 2), ("helmet", 1, 4)]
    assert [armor_block(pieces, d) for d in range(1, 7)] == [
        ("helmet", 4), ("mail", 2), ("mail", 2), ("mail", 2), None, None]


# -- defending and interfering (001 · Interfering; 001 · Maneuvering) ---------------------------
def test_defense_and_parry_modifiers() -> None:
    assert defense_mods(6, "body", 0) == [("defense points", 6), ("body", 0)]
    assert defense_mods(2, "sword", 2, evading=True) == [("defense points", 2), ("sword", 2), ("evading", 2)]
    assert parry_mods("sword", 2) == [("sword parry", 2)]
    assert passive_mods(evading=True, against_counter=True) == []
    assert passive_mods(opening_evade=True) == [("opening evade", 4)]


def test_interfering_rules() -> None:
    assert interfering_points_ok(1, 1) and interfering_points_ok(3, 5) and not interfering_points_ok(6, 5)
    assert stops(["failure", "half", "success"]) and not stops(["half", "half"]) and not stops([])
    assert counter_outcome("success") == ("success", "failure")
    assert counter_outcome("failure") == ("failure", "success")
    assert counter_outcome("half") == ("half", "half")


# -- manipulation (001 · Manipulation) ------------------------------------------------------
def test_manipulation_numbers() -> None:
    assert manipulation_modifier(1, 3) == 4
    assert missile_manipulation(4) == -1
    assert surplus(4, 1, "success") == 3 and surplus(4, 1, "half") == 1 and surplus(4, 6, "success") == 0
    assert choke_split(5) == (3, 2)           # Mr. A chokes Mr. B: -3 and power 2
    assert choke_split(5, "half") == (1, 1)
    assert choke_split(1) == (1, 0)
    assert throw_position("half") == "crouching"


# -- moving (001 · Hit Points · Defense; DECISIONS-2006 · Movement on the map) -------------------
def test_strides_and_points() -> None:
    assert stride(0) == 1.0 and stride(2) == 3.0
    assert [points_for(m, 1.0) for m in (0, 0.4, 1, 1.1, 3)] == [0, 1, 1, 2, 3]
    assert points_for(6, 3.0) == 2


def test_stances_are_plus_minus_two() -> None:
    assert stance_mods(False, None, "strike", role="attack") == []
    assert stance_mods(True, None, "strike", role="defense") == [("on the ground", -2)]
    assert stance_mods(True, None, "shot", role="defense", from_above=True) == []
    assert stance_mods(False, "dominant", "grapple", role="attack", vs_grapple_partner=True) == [
        ("dominant standing", 2)]
    assert stance_mods(False, "neutral", "strike", role="attack") == [("clinch", -2)]
    values = {v for cell in itertools.product([False, True], [None, "neutral", "dominant"], ["strike", "shot"],
                                              ["attack", "defense"])
              for _, v in stance_mods(cell[0], cell[1], cell[2], role=cell[3])}
    assert values <= {-2, 2}


def test_instant_stand() -> None:
    assert instant_stand_automatic(3, 3) and not instant_stand_automatic(2, 3)
    assert instant_stand_effect("success") == (True, True)
    assert instant_stand_effect("half") == (True, False)
    assert instant_stand_effect("failure") == (False, False)


def test_climbs_and_falls() -> None:
    surfaces = ("ladder", "rope", "hand holds", "finger holds", "sheer")
    assert [CLIMB_DIFFICULTY[k] for k in surfaces] == [0, 1, 2, 3, 4]
    assert [fall_difficulty(h) for h in (2, 3, 8.9, 9)] == [0, 1, 2, 3]
    assert fall_power(6, "failure") == 6 and fall_power(7, "half") == 3 and fall_power(7, "success") == 0


@given(pools, st.dictionaries(st.sampled_from(["ready", "defense", "other", "stun", "damage"]), st.integers(-6, 6)))
def test_plus_adds_the_changes_pool_by_pool(p, changes):
    after = p.plus(changes)
    assert after.as_dict() == {k: v + changes.get(k, 0) for k, v in p.as_dict().items()}


@given(pools, st.sampled_from(["ready", "defense", "other", "stun"]), st.sampled_from(["ready", "defense", "other"]),
       st.integers(0, 6))
def test_move_takes_from_one_pool_and_gives_to_another(p, source, dest, n):
    if getattr(p, source) < n:
        with pytest.raises(ValueError):
            p.move(source, dest, n)
        return
    after = p.move(source, dest, n)
    assert after.hp == p.hp
    if source != dest:
        assert getattr(after, source) == getattr(p, source) - n and getattr(after, dest) == getattr(p, dest) + n


def test_the_ledger_refuses_a_move_that_leaves_a_pool_negative():
    from tactics.rulesets.mano_a_mano_2006.ledger import Ledger

    led = Ledger({"a": Pools(2, 0, 0, 0, 0)})
    led.move("a", {"ready": -2, "defense": 2}, "all into defense")
    assert led.pools("a") == Pools(0, 2, 0, 0, 0) and led.effects[0].changes == {"ready": -2, "defense": 2}
    with pytest.raises(ValueError):
        led.move("a", {"ready": -1, "other": 1}, "from nothing")
    assert led.pools("a") == Pools(0, 2, 0, 0, 0) and len(led.effects) == 1
