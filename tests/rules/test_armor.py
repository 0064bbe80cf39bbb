"""000 · Armor: the jacket-and-helmet example, layers, complete cover."""

from __future__ import annotations

import pytest

from tactics.rules import Modifier, armor_effect, armor_zones, character_from_dict, resolve_attack

from .conftest import sheet

JACKET_AND_HELMET = [("leather jacket", 5, False, 2, None), ("crash helmet", 2, False, 5, None)]


def test_the_example():
    zones = armor_zones(JACKET_AND_HELMET)
    assert armor_effect(zones, ()) == (5, 0)
    assert armor_effect(zones, ("leather jacket", "crash helmet")) == (0, 7)
    assert armor_effect(zones, ("crash helmet",)) == (2, 2)
    assert armor_effect(zones, ("leather jacket",)) == (5, 5)


def test_layers():
    zones = armor_zones([("gambeson", 8, False, 2, None), ("brigandine", 6, False, 4, "gambeson")])
    assert [(z.pieces, z.cover, z.absorption) for z in zones] == [
        (("brigandine", "gambeson"), 6, 6),
        (("gambeson",), 2, 2),
    ]
    assert armor_effect(zones, ()) == (6, 0)
    assert armor_effect(zones, ("brigandine",)) == (2, 6)
    assert armor_effect(zones, ("gambeson",)) == (0, 8)


def test_layer_of_equal_cover_is_one_zone():
    zones = armor_zones([("vest", 4, False, 3, None), ("insert", 4, False, 2, "vest")])
    assert [(z.cover, z.absorption) for z in zones] == [(4, 5)]


def test_three_layers():
    zones = armor_zones([("coat", 8, False, 1, None), ("mail", 6, False, 3, "coat"), ("plate", 2, False, 4, "mail")])
    assert [(z.pieces, z.cover, z.absorption) for z in zones] == [
        (("coat", "mail", "plate"), 2, 8),
        (("coat", "mail"), 4, 4),
        (("coat",), 2, 1),
    ]


def test_complete_cover_cannot_be_avoided():
    zones = armor_zones([("shell", 0, True, 3, None), ("vest", 5, False, 2, "shell")])
    assert armor_effect(zones, ()) == (5, 0)
    assert armor_effect(zones, ("vest",)) == (3, 5)
    with pytest.raises(ValueError, match="complete"):
        armor_effect(zones, ("shell",))
    with pytest.raises(ValueError, match="not worn"):
        armor_effect(zones, ("hat",))


def test_example_through_resolve_attack(steven):
    d = steven.to_dict()
    d["name"] = "Biker"
    d["armor"] = [{"name": "leather jacket", "cover": 5, "absorption": 2},
                  {"name": "crash helmet", "cover": 2, "absorption": 5}]
    biker = character_from_dict(d)
    # a powerful machete strike: power 10
    r = resolve_attack(steven, "machete", "powerful strike", biker, 19)
    assert (r.absorbed, r.damage, r.difficulty) == (5, 5, 14)
    r = resolve_attack(steven, "machete", "powerful strike", biker, 19, avoid_armor=("leather jacket", "crash helmet"))
    assert (r.absorbed, r.damage, r.difficulty) == (0, 10, 21)
    assert Modifier("armor avoided", 7) in r.difficulty_mods
    r = resolve_attack(steven, "machete", "powerful strike", biker, 19, avoid_armor=("crash helmet",))
    assert (r.absorbed, r.damage, r.difficulty) == (2, 8, 16)


def test_soldier():
    s = sheet("soldier")
    assert armor_effect(s.armor_zones, ("helmet",)) == (6, 2)
    assert armor_effect(s.armor_zones, ("brigandine", "helmet")) == (2, 8)
