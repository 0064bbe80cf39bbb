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
    found = []
    real = landed.kept

    def counting(*a):
        got = real(*a)
        found.append(got is not None)
        return got

    monkeypatch.setattr(landed, "kept", counting)
    kept = _duels(range(12))
    assert sum(found) > 200   # about half the steps of twelve duels from cold (more after 200 duels)
    monkeypatch.setattr(landed, "kept", lambda *a: None)   # the long way only
    monkeypatch.setattr(landed, "keep", lambda *a: None)
    assert _duels(range(12)) == kept


class _U:
    def __init__(self, uid: str, sheet, team: str, **state) -> None:
        self.id, self.sheet, self.team, self.prone, self.z, self.status = uid, sheet, team, False, 0.0, {}
        self.x = self.y = 0.0
        self.able, self.tracks = True, {"ready": 4, "defense": 0, "other": 0, "stun": 0, "damage": 0}
        self.state = FighterState(**state)


class _W:
    options = None

    def __init__(self, *units) -> None:
        self._units = {u.id: u for u in units}

    def unit(self, uid):
        return self._units.get(uid)

    def units(self):
        return list(self._units.values())

    @staticmethod
    def distance(a, b):
        return 0.5

    @staticmethod
    def light_at(u):
        return "bright"


def test_only_plain_strikes_are_kept() -> None:
    """A hold, a held fighter, a pending surplus, a lost weapon, a manipulation or an ally who could interfere
    reads or changes more than the key holds: no key."""
    from tactics.rulesets.mano_a_mano_2006.ledger import Ledger
    from tactics.sim.plan import Act

    sheet = sheet_from_dict({"name": "A", "abilities": {"running": 2, "swimming": 2}})
    hit = Act("attack", target="b", weapon="body", options={"modifier": 1, "power": 1})

    def key(me, them, act=hit, *more):
        return landed.plain(_W(me, them, *more), me, act, 4, None, Ledger(units=_W(me, them).unit))

    plain = _U("a", sheet, "red"), _U("b", sheet, "blue")
    assert key(*plain) is not None and key(*plain)[0] == key(*plain)[0]
    for odd in ({"holds": {"b": Hold("hold", 2, 1)}}, {"held_by": {"b": 1}}, {"penalty": 2}, {"disarmed": {"x"}}):
        assert key(_U("a", sheet, "red", **odd), _U("b", sheet, "blue")) is None
        assert key(_U("a", sheet, "red"), _U("b", sheet, "blue", **odd)) is None
    assert key(*plain, Act("hold", target="b", weapon="body")) is None
    assert key(*plain, hit, _U("c", sheet, "blue")) is None        # the target's ally could interfere
    assert key(*plain, hit, _U("c", sheet, "red")) is not None     # mine cannot


def test_a_kept_step_is_handed_out_as_fresh_effects() -> None:
    """Changing the effects handed out changes nothing kept."""
    from tactics.rulesets.mano_a_mano_2006.ledger import Ledger

    sheets = _fresh()
    shared: dict = {}
    for seed in range(6):
        _one(seed, shared, sheets)
    memo = sheets[0].kept_blows
    k, got = next((k, v) for k, v in memo.items() if len(k) == 5 and v[1])   # a blow, with its effects
    plain = k[0]

    class Me:
        id, sheet = plain[1], sheets[0]

    class Them:
        id, sheet = plain[2], got[0]

    led = Ledger({Me.id: plain[7], Them.id: plain[8]})
    before = [repr(e) for e in got[1]]
    assert landed.kept(Me, Them, k) is got
    landed.replay(led, Me, Them, got)
    assert led.effects == list(got[1]) and all(a is not b for a, b in zip(led.effects, got[1]))
    assert (led.pools(Me.id), led.pools(Them.id)) == got[2:4]
    for e in led.effects:
        (e.changes if hasattr(e, "changes") else e.harm)["stun"] = 99
        if hasattr(e, "details"):
            e.details.append(("x", 1))
    assert [repr(e) for e in got[1]] == before

    class Other:
        id, sheet = plain[2], sheets[0]   # the same id, another sheet: not this target

    assert landed.kept(Me, Other, k) is None


def _fresh():
    import msgspec

    paths = [ROOT / "assets" / "characters" / "mam2006" / f"{n}.toml" for n in ("modre", "clone")]
    return [sheet_from_dict(msgspec.to_builtins(load_sheet(p, "mano-a-mano-2006"))) for p in paths]


def _one(seed: int, shared: dict, sheets) -> bytes:
    enc = Encounter(load_map(ROOT / "maps" / "arena.toml"), seed=seed, ruleset="mano-a-mano-2006", shared=shared)
    for sheet, team in zip(sheets, ("red", "blue")):
        enc.add(sheet, team=team, policy="duelist")
    return enc.run(until=120).to_bytes()
