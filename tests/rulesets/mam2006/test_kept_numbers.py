"""The 2006 numbers worked out in one go (for speed) against the rules read step by step."""

from __future__ import annotations

from itertools import product

from tactics.rulesets.mano_a_mano_2006.harm import armor_block
from tactics.rulesets.mano_a_mano_2006.pools import HARM_ORDER, POOLS, Pools, take_harm
from tactics.rulesets.mano_a_mano_2006.sheet import sheet_from_dict


def _point_by_point(p: Pools, stun: int, damage: int) -> Pools:
    """001 · Hit Points · Receiving Stun and Damage, one point at a time."""
    for kind, n in (("stun", stun), ("damage", damage)):
        for _ in range(max(0, n)):
            source = next((s for s in HARM_ORDER if getattr(p, s) > 0), None)
            if source is not None:
                p = p.move(source, kind, 1)
            elif p.stun > 0:
                p = p.move("stun", "damage", 1)
    return p


def test_take_harm_is_the_point_by_point_reading() -> None:
    checked = 0
    for values in product(range(4), repeat=5):
        p = Pools(*values)
        for stun in range(-1, 8):
            for damage in range(-1, 8):
                want = _point_by_point(p, stun, damage)
                assert take_harm(p, stun, damage) == want, (p, stun, damage)
                changes = p.changes_to(want)
                assert list(changes.items()) == [(k, getattr(want, k) - getattr(p, k)) for k in POOLS
                                                 if getattr(want, k) != getattr(p, k)]
                checked += 1
    assert checked == 4 ** 5 * 81


def test_armor_blocks_table_is_armor_block_on_each_face() -> None:
    sheet = sheet_from_dict({"name": "Mailed", "armor": [{"name": "helmet", "cover": 1, "absorption": 4},
                                                          {"name": "mail", "cover": 3, "absorption": 2},
                                                          {"name": "gambeson", "cover": 1, "absorption": 1}]})
    pieces = [(a.name, a.cover, a.absorption) for a in sheet.armor]
    assert sheet.armor_blocks[1:] == tuple(armor_block(pieces, die) for die in range(1, 7))
    assert sheet.armor_blocks[1] == ("helmet", 4) and sheet.armor_blocks[6] is None
    assert sheet_from_dict({"name": "Bare"}).armor_blocks == (None,) * 7
