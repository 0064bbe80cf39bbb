"""Success rolls: strictly greater, natural 20 always succeeds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tactics.rules import Modifier, success, success_roll


def test_strictly_greater():
    assert success(13, 0, 10)
    assert not success(12, 2, 14)
    assert success(13, 2, 14)


def test_natural_20_always_succeeds_and_nothing_fails_automatically():
    assert success(20, -100, 50)
    assert success(1, 20, 10)


def test_roll_result():
    r = success_roll(14, (Modifier("a", 2), Modifier("b", 1)), (Modifier("d", 15), Modifier("e", 2)))
    assert (r.die, r.total, r.difficulty, r.success, r.natural20) == (14, 17, 17, False, False)
    assert success_roll(20, (), (Modifier("d", 40),)).success


def test_bad_die():
    with pytest.raises(ValueError):
        success_roll(21)


@given(st.integers(1, 20), st.integers(-30, 30), st.integers(-10, 50))
def test_success_matches_roll_result(die, mod, diff):
    r = success_roll(die, (Modifier("m", mod),), (Modifier("d", diff),))
    assert r.success == success(die, mod, diff)
    assert success(die, mod + 1, diff) or not r.success  # more modifier never hurts
