"""000 · Stance and Position: every cell of the table."""

from __future__ import annotations

import pytest

from tactics.rules import STANCE_TABLE, Modifier, stance_modifiers

KINDS = ("strike", "throw", "shot", "grapple")
MISSILE = {"throw", "shot"}


def total(mods):
    return sum(m.value for m in mods)


def expected(row, posture, role, kind, partner, above):
    """The table of 000 · Stance and Position, written out cell by cell."""
    missile = kind in MISSILE
    h2h = not missile
    ground = posture == "on_the_ground"
    if row == "default":
        if not ground:
            return 0
        if role == "attack":
            return -5 if kind == "strike" else 0
        return (5 if missile and not above else 0) + (-5 if kind == "strike" else 0)
    if row == "aiming":
        if role == "attack":
            return 5 if missile else 0
        if not ground:
            return 0
        return (5 if missile and not above else 0) + (-5 if kind == "strike" else 0)
    if row == "grappling":
        if not ground:
            return -5
        if role == "attack":
            return -5
        return -5 if h2h else (0 if above else 5)
    if row == "dominant":
        if partner:
            return 5
        if not ground:
            return -5
        if role == "attack":
            return -5
        return -5 if h2h else (0 if above else 5)
    raise AssertionError(row)


CASES = [
    (row, grapple, aiming, posture, role, kind, partner, above)
    for row, grapple, aiming in (("default", None, False), ("aiming", None, True),
                                 ("grappling", "neutral", False), ("grappling", "inferior", False),
                                 ("dominant", "dominant", False))
    for posture in ("standing", "on_the_ground")
    for role in ("attack", "defense")
    for kind in KINDS
    for partner in ((False, True) if grapple else (False,))
    for above in (False, True)
]


@pytest.mark.parametrize("row, grapple, aiming, posture, role, kind, partner, above", CASES)
def test_every_cell(row, grapple, aiming, posture, role, kind, partner, above):
    mods = stance_modifiers(posture, grapple, kind, role=role, vs_grapple_partner=partner,
                            from_above=above, aiming=aiming)
    assert total(mods) == expected(row, posture, role, kind, partner, above)
    assert all(isinstance(m, Modifier) and m.value for m in mods)


@pytest.mark.parametrize("special, role, value", [("strategic", "attack", 5), ("cautious", "defense", 5),
                                                  ("resting", "defense", 5)])
def test_special_rows_standing(special, role, value):
    for kind in KINDS:
        assert total(stance_modifiers("standing", None, kind, role=role, special=special)) == value
        other = "defense" if role == "attack" else "attack"
        assert total(stance_modifiers("standing", None, kind, role=other, special=special)) == 0


def test_special_rows_on_the_ground():
    with pytest.raises(ValueError, match="not possible on the ground"):
        stance_modifiers("on_the_ground", None, "strike", role="attack", special="strategic")
    with pytest.raises(ValueError, match="not possible on the ground"):
        stance_modifiers("on_the_ground", None, "strike", role="defense", special="cautious")
    # resting on the ground: +5 defense plus the ground's own modifiers
    assert total(stance_modifiers("on_the_ground", None, "shot", role="defense", special="resting")) == 10
    assert total(stance_modifiers("on_the_ground", None, "strike", role="defense", special="resting")) == 0


def test_table_has_every_cell():
    rows = {"default", "aiming", "grappling", "dominant", "strategic", "cautious", "resting"}
    assert set(STANCE_TABLE) == {(r, p) for r in rows for p in ("standing", "on_the_ground")}
    assert STANCE_TABLE[("strategic", "on_the_ground")] is None
    assert STANCE_TABLE[("cautious", "on_the_ground")] is None


def test_names_follow_the_text():
    assert stance_modifiers("standing", "neutral", "strike", role="attack") == (Modifier("clinch", -5),)
    assert stance_modifiers("on_the_ground", "neutral", "shot", role="defense") == (Modifier("ground fighting", 5),)
    assert stance_modifiers("on ground".replace(" ", "_the_"), None, "strike", role="attack")[0].source == "on the ground"


def test_refusals():
    with pytest.raises(ValueError):
        stance_modifiers("flying", None, "strike", role="attack")
    with pytest.raises(ValueError):
        stance_modifiers("standing", "neutral", "shot", role="attack", aiming=True)
    with pytest.raises(ValueError):
        stance_modifiers("standing", None, "strike", role="both")
    with pytest.raises(ValueError):
        stance_modifiers("standing", "sideways", "strike", role="attack")
