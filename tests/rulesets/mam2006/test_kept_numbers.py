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


def _duel(seed: int) -> bytes:
    from tactics import Encounter, load_map
    from tactics.shipped import data_root
    from tactics.sheets import load_sheet

    root = data_root()
    sheets = [load_sheet(root / "assets/characters/mam2006" / f, "mano-a-mano-2006")
              for f in ("modre.toml", "clone.toml")]
    enc = Encounter(load_map(root / "maps/arena.toml"), seed=seed, ruleset="mano-a-mano-2006")
    enc.add(sheets[0], team="red", policy="duelist")
    enc.add(sheets[1], team="blue", policy="duelist")
    return enc.run(until=60).to_bytes()


def test_no_turn_window_so_the_engine_need_not_ask(monkeypatch) -> None:
    """``turn_windows = False`` skips ``reactions`` on declaring; so does nobody waiting poised with a
    prepared reaction (``Encounter._poised``: nobody prepares one in a 2006 duel). Asked anyway, at
    every declared act, it never opens a turn window, and asking changes nothing: the fight is the
    same byte for byte (``reactions`` is side-effect free, ``tactics.rules.protocol``)."""
    from tactics.rulesets.mano_a_mano_2006.ruleset import ManoAMano2006

    assert ManoAMano2006.turn_windows is False
    calls: list[bool] = []
    plain = ManoAMano2006.reactions

    def counted(self, world, unit, act):  # type: ignore[no-untyped-def]
        out = plain(self, world, unit, act)
        calls.append(any(w.turn for w in out))
        return out

    monkeypatch.setattr(ManoAMano2006, "reactions", counted)
    skipped = [_duel(seed) for seed in (3, 4)]
    assert calls == []
    monkeypatch.setattr(ManoAMano2006, "turn_windows", True)
    unpoised = [_duel(seed) for seed in (3, 4)]
    assert calls == []  # nobody waits with a prepared reaction: the engine still need not ask
    plain_act = ManoAMano2006.act

    def asking(self, world, unit, act, budget, turn):  # type: ignore[no-untyped-def]
        self.reactions(world, unit, act)  # as the engine would while someone waits poised
        return plain_act(self, world, unit, act, budget, turn)

    monkeypatch.setattr(ManoAMano2006, "act", asking)
    asked = [_duel(seed) for seed in (3, 4)]
    assert calls and not any(calls)
    assert asked == unpoised == skipped


def test_weapon_named_is_the_first_weapon_in_hand_of_that_name() -> None:
    from types import SimpleNamespace as NS

    from tactics.rulesets.mano_a_mano_2006.fighters import weapon_in_hand
    from tactics.rulesets.mano_a_mano_2006.state import FighterState
    from tactics.shipped import shipped_characters
    from tactics.sheets import load_sheet

    sheets = [load_sheet(p, "mano-a-mano-2006") for p in shipped_characters("mano-a-mano-2006").values()]
    sheets.append(sheet_from_dict({"name": "Boxer", "weapons": [{"name": "body", "attack": 3}]}))
    asked = 0
    for sheet in sheets:
        held = NS(sheet=sheet, state=FighterState())
        for name in [None, "nothing", *(w.name for w in sheet.weapons_and_body)]:
            scan = next((w for w in sheet.weapons_and_body if w.name == name), None) if name else \
                sheet.weapons_and_body[0]
            assert weapon_in_hand(held, name) is scan
            asked += 1
    assert asked > 2 * len(sheets)
    assert weapon_in_hand(NS(sheet=sheets[-1], state=FighterState()), "body").attack == 3


def test_absorption_by_die_is_the_ais_absorptions() -> None:
    from tactics.ai.mano_a_mano_2006.odds import absorptions
    from tactics.shipped import shipped_characters
    from tactics.sheets import load_sheet

    sheets = [load_sheet(p, "mano-a-mano-2006") for p in shipped_characters("mano-a-mano-2006").values()]
    sheets.append(sheet_from_dict({"name": "Mailed", "absorption": 1, "armor": [
        {"name": "helmet", "cover": 1, "absorption": 4}, {"name": "mail", "cover": 3, "absorption": 2}]}))
    for sheet in sheets:
        assert sheet.absorption_by_die == tuple(absorptions(sheet)), sheet.name
    assert sheets[-1].absorption_by_die == (5, 3, 3, 3, 1, 1)
