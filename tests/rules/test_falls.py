"""Falls: severity bands, water, knock-downs, dangerous and lethal rolls."""

from __future__ import annotations

import pytest

from tactics.rules import fall_severity, resolve_fall

from .conftest import sheet


@pytest.mark.parametrize(
    "h, water, severity",
    [(0, False, "knockdown"), (3, False, "knockdown"), (3.01, False, "dangerous"), (6, False, "dangerous"),
     (6.5, False, "lethal"), (29.9, False, "lethal"), (30, False, "lethal"),
     (3, True, "knockdown"), (5, True, "knockdown"), (10, True, "dangerous"), (29, True, "dangerous"),
     (30, True, "lethal"), (100, True, "lethal")],
)
def test_severity(h, water, severity):
    assert fall_severity(h, into_water=water) == severity


def test_negative_height():
    with pytest.raises(ValueError):
        fall_severity(-1)


def test_knockdown():
    c = sheet("climber")  # strength 3
    f = resolve_fall(c, 2.6, None)  # blunt 3: 1 damage 2 stun; +1 damage per whole metre after the split
    assert (f.severity, f.power, f.damage, f.stun, f.roll) == ("knockdown", 3, 3, 2, None)
    f = resolve_fall(c, 0, None, surface_sharpness="sharp")  # rocks: all damage, still 2 stun
    assert (f.power, f.damage, f.stun) == (3, 3, 2)
    f = resolve_fall(c, 5, None, into_water=True)  # water: padded 3 all stun, +5 damage for the metres
    assert (f.severity, f.damage, f.stun) == ("knockdown", 5, 3)


def test_armor_never_helps():
    s = sheet("soldier")
    f = resolve_fall(s, 1, None)
    assert f.damage + f.stun == s.strength + 1


def test_dangerous():
    c = sheet("climber")  # agility 2, climbing 4, acrobatics 3, toughness 5
    f = resolve_fall(c, 5, 5)  # 5 + 2 + 4 = 11 > 10
    assert f.roll.total == 11 and f.roll.success and (f.damage, f.stun) == (0, 0)
    f = resolve_fall(c, 5, 4)  # 10: a tie fails
    assert not f.roll.success and (f.damage, f.stun) == (5, 5)
    f = resolve_fall(c, 5, 9, difficulty=15)  # the difficulty of the climb that failed
    assert not f.roll.success


def test_lethal():
    c = sheet("climber")
    f = resolve_fall(c, 12, 10)
    assert f.roll.success and (f.damage, f.stun) == (5, 5)
    f = resolve_fall(c, 12, 1)
    assert not f.roll.success and (f.damage, f.stun) == (10, 0)
    f = resolve_fall(c, 40, 20, difficulty=50)  # natural 20
    assert f.roll.success and (f.damage, f.stun) == (5, 5)
    with pytest.raises(ValueError):
        resolve_fall(c, 12, None)


def test_steven_uses_the_better_skill():
    s = sheet("steven")
    f = resolve_fall(s, 4, 11)
    assert f.roll.total == 11 and f.roll.success
