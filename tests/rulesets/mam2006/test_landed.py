"""Strikes kept once the dice are down (``landed.py``) give the very effects the rules work out."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics import Encounter, load_map
from tactics.rulesets.mano_a_mano_2006 import landed
from tactics.rulesets.mano_a_mano_2006.sheet import sheet_from_dict
from tactics.rulesets.mano_a_mano_2006.state import FighterState, Hold
from tactics.scenario import sheet_policy
from tactics.sheets import load_sheet

ROOT = Path(__file__).resolve().parents[3]


def _duels(seeds: range) -> list[bytes]:
    """Matched duels (Modre v clone, their sheets' policies) on one shared cache and new sheet objects."""
    arena = load_map(ROOT / "maps" / "arena.toml")
    paths = [ROOT / "assets" / "characters" / "mam2006" / f"{n}.toml" for n in ("modre", "clone")]
    sheets = _fresh()   # sheets of their own: no strike kept by another test is read
    shared: dict = {}
    out = []
    for seed in seeds:
        enc = Encounter(arena, seed=seed, ruleset="mano-a-mano-2006", shared=shared)
        for sheet, team, path in zip(sheets, ("red", "blue"), paths):
            enc.add(sheet, team=team, policy=sheet_policy(str(path), None, "mano-a-mano-2006"))
        out.append(enc.run(until=120).to_bytes())
    return out


def test_kept_strikes_replay_every_duel_as_the_rules_work_it_out(monkeypatch: pytest.MonkeyPatch) -> None:
    replayed = []
    real = landed.replay

    def counting(*a):
        got = real(*a)
        replayed.append(got)
        return got

    monkeypatch.setattr(landed, "replay", counting)
    kept = _duels(range(12))
    assert sum(replayed) > 30   # a fifth of the strikes of twelve duels from cold (93 % after 200 duels)
    monkeypatch.setattr(landed, "replay", lambda *a: False)   # the long way only
    monkeypatch.setattr(landed, "keep", lambda *a: None)
    assert _duels(range(12)) == kept


class _U:
    def __init__(self, uid: str, sheet, **state) -> None:
        self.id, self.sheet, self.prone, self.z, self.status = uid, sheet, False, 0.0, {}
        self.state = FighterState(**state)


def test_only_plain_strikes_are_kept() -> None:
    """A hold, a held fighter, a pending surplus or a lost weapon reads or changes the rule state: no key."""
    from tactics.rulesets.mano_a_mano_2006.ledger import Ledger
    from tactics.rulesets.mano_a_mano_2006.pools import Pools
    from tactics.rulesets.mano_a_mano_2006.reacting import Reaction

    sheet = sheet_from_dict({"name": "A", "abilities": {"running": 2, "swimming": 2}})

    class W:
        options = None

        @staticmethod
        def light_at(u):
            return "bright"

    def key(me, them):
        led = Ledger({me.id: Pools.fresh(4), them.id: Pools.fresh(4)})
        return landed.key(W(), me, them, sheet.weapon("body"), 1, 1, Reaction("defense", 4), None, led, 0.5,
                          None, 3, 4)

    plain = _U("a", sheet), _U("b", sheet)
    assert key(*plain) is not None and key(*plain) == key(*plain)
    for odd in ({"holds": {"b": Hold("hold", 2, 1)}}, {"held_by": {"b": 1}}, {"penalty": 2}, {"disarmed": {"x"}}):
        assert key(_U("a", sheet, **odd), _U("b", sheet)) is None
        assert key(_U("a", sheet), _U("b", sheet, **odd)) is None


def test_a_kept_strike_is_handed_out_as_fresh_effects() -> None:
    """Changing the effects handed out changes nothing kept."""
    sheets = _fresh()
    shared: dict = {}
    for seed in range(6):
        _one(seed, shared, sheets)
    memo = sheets[0].kept_blows
    assert memo
    k, (target, effects, _, _) = next(iter(memo.items()))
    from tactics.rulesets.mano_a_mano_2006.ledger import Ledger

    class Me:
        id, sheet = k[1], sheets[0]

    class Them:
        id, sheet = k[2], target

    led = Ledger({Me.id: k[13], Them.id: k[14]})
    before = [repr(e) for e in effects]
    assert landed.replay(led, Me, Them, k)
    assert led.effects == list(effects) and all(a is not b for a, b in zip(led.effects, effects))
    for e in led.effects:
        (e.changes if hasattr(e, "changes") else e.harm)["stun"] = 99
        if hasattr(e, "details"):
            e.details.append(("x", 1))
    assert [repr(e) for e in effects] == before


def _fresh():
    import msgspec

    paths = [ROOT / "assets" / "characters" / "mam2006" / f"{n}.toml" for n in ("modre", "clone")]
    return [sheet_from_dict(msgspec.to_builtins(load_sheet(p, "mano-a-mano-2006"))) for p in paths]


def _one(seed: int, shared: dict, sheets) -> bytes:
    enc = Encounter(load_map(ROOT / "maps" / "arena.toml"), seed=seed, ruleset="mano-a-mano-2006", shared=shared)
    for sheet, team in zip(sheets, ("red", "blue")):
        enc.add(sheet, team=team, policy="duelist")
    return enc.run(until=120).to_bytes()
