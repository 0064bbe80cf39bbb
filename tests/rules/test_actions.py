"""000 · List of Actions as data; combos and what a state allows."""

from __future__ import annotations

import pytest

from tactics.rules import ACTIONS, OPENING_EVADE_BONUS, get_action, acts_every, can_do, combo_size

LISTED = [
    "quick strike", "strategic strike", "cautious strike", "powerful strike",
    "quick throw", "powerful throw", "heave",
    "aim", "quick shot", "strategic shot", "cautious shot", "draw and fire", "draw", "unload", "load",
    "push", "trip", "slam", "hold", "wrench", "choke", "disarm",
    "drop", "stand", "instant stand", "rest", "cover", "ready weapon", "let go", "evade", "prepare counter", "delay",
]


def test_every_action_is_there():
    assert set(LISTED) == set(ACTIONS)


@pytest.mark.parametrize(
    "name, quick, strenuous, standing, double",
    [
        ("quick strike", True, False, False, False),
        ("strategic strike", False, True, True, False),
        ("cautious strike", False, True, True, False),
        ("powerful strike", False, True, True, True),
        ("quick throw", True, False, False, False),
        ("powerful throw", False, True, True, True),
        ("heave", False, True, True, True),
        ("aim", True, False, False, False),
        ("quick shot", True, False, False, False),
        ("strategic shot", False, True, True, False),
        ("cautious shot", False, True, True, False),
        ("draw and fire", False, True, False, False),
        ("draw", True, False, False, False),
        ("unload", True, False, False, False),
        ("load", True, False, False, False),
        ("push", True, False, False, False),
        ("trip", False, True, False, True),
        ("slam", False, True, False, False),
        ("hold", True, False, False, False),
        ("wrench", False, True, False, True),
        ("choke", False, True, False, True),
        ("disarm", False, True, False, True),
        ("drop", True, False, True, False),
        ("stand", True, False, False, False),
        ("instant stand", False, True, False, False),
        ("rest", False, False, False, False),
    ],
)
def test_flags(name, quick, strenuous, standing, double):
    a = ACTIONS[name]
    assert (a.quick, a.strenuous, a.standing, a.double_power) == (quick, strenuous, standing, double)


def test_bonuses():
    assert ACTIONS["strategic strike"].attack_bonus == 5
    assert ACTIONS["strategic shot"].attack_bonus == 5
    assert ACTIONS["heave"].attack_bonus == -5
    for name in ("cautious strike", "cautious shot", "instant stand", "rest", "evade"):
        assert ACTIONS[name].defense_bonus_until_next_turn == 5
    assert OPENING_EVADE_BONUS == 4
    assert ACTIONS["disarm"].difficulty_bonus == 5
    assert ACTIONS["choke"].only_stun and ACTIONS["choke"].min_stun == 2
    assert ACTIONS["draw"].two_hands and ACTIONS["draw and fire"].two_hands
    for name in ("strategic strike", "cautious strike", "aim"):
        assert ACTIONS[name].not_while_grappling
    assert {ACTIONS[n].kind for n in ("push", "trip", "slam", "hold", "wrench", "choke", "disarm")} == {"grapple"}
    assert ACTIONS["draw and fire"].weapons == ("bow",)
    assert ACTIONS["quick strike"].attack_mod is None
    assert ACTIONS["heave"].attack_mod == ("heave", -5)
    with pytest.raises(KeyError, match="unknown action"):
        get_action("juggle")


def test_combo_size():
    assert combo_size(1, False) == 1
    assert combo_size(1, True) == 2
    assert combo_size(0.25, True) == 2
    assert combo_size(0.5, False) == 1
    assert combo_size(2, False) == 2
    assert combo_size(3, True) == 4
    assert combo_size(3, True, health="injured") == 1


def test_acts_every():
    assert [acts_every(s) for s in (0.25, 0.5, 1, 2, 3)] == [4, 2, 1, 1, 1]


def test_can_do():
    assert can_do("powerful strike", "healthy", "standing", False, False) == (True, "")
    assert can_do("powerful strike", "injured", "standing", False, False)[0] is False
    assert can_do("quick strike", "injured", "standing", False, False) == (True, "")
    assert can_do("quick strike", "incapacitated", "standing", False, False)[0] is False
    assert can_do("powerful strike", "healthy", "on_the_ground", False, False)[0] is False
    assert can_do("quick strike", "healthy", "on_the_ground", False, False)[0] is True
    assert can_do("strategic strike", "healthy", "standing", True, False)[0] is False
    assert can_do("aim", "healthy", "standing", True, False)[0] is False
    assert can_do("instant stand", "healthy", "on_the_ground", False, True)[0] is False  # encumbered
    assert can_do("stand", "healthy", "standing", False, False)[0] is False
    assert can_do("stand", "injured", "on_the_ground", False, False)[0] is True
    assert can_do("choke", "healthy", "standing", False, False)[0] is False
    assert can_do("choke", "healthy", "on_the_ground", True, False)[0] is True
    assert can_do("powerful strike", "healthy", "standing", False, False, unwieldy=True)[0] is False
    assert can_do("heave", "healthy", "standing", False, False, unwieldy=True)[0] is True
    assert can_do("quick throw", "healthy", "standing", False, False, unwieldy=True)[0] is False


def test_keyword_call_and_ground_rulings():
    assert can_do(action="drop", health="healthy", posture="on_the_ground", grappling=False, encumbered=False)[0] is False
    assert can_do("drop", "healthy", "standing", False, False)[0] is True
    assert can_do("trip", "healthy", "on_the_ground", True, False)[0] is True  # grappling is not "powerful"
    assert can_do("powerful throw", "healthy", "on_the_ground", False, False)[0] is False
    assert can_do("evade", "injured", "standing", False, False) == (True, "")
