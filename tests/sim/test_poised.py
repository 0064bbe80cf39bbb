"""The engine asks a ruleset's ``reactions`` on declaring only while someone waits poised with a
prepared reaction (``Encounter._poised``): with nobody so, no turn window could fire."""

from __future__ import annotations

from pathlib import Path

from tactics import Encounter, load_character, load_map
from tactics.rulesets.mano_a_mano.ruleset import ManoAMano
from tactics.replay.schema import Attack

from tests.sim.test_combat_example import play

ROOT = Path(__file__).resolve().parents[2]


def _watch(monkeypatch) -> list[int]:
    """Record ``enc._poised`` at every ask of ``ManoAMano.reactions``."""
    seen: list[int] = []
    plain = ManoAMano.reactions

    def counted(self, world, unit, act):  # type: ignore[no-untyped-def]
        seen.append(world._enc._poised)
        return plain(self, world, unit, act)

    monkeypatch.setattr(ManoAMano, "reactions", counted)
    return seen


def test_asked_only_while_someone_waits_poised_and_the_counter_still_fires(monkeypatch) -> None:
    seen = _watch(monkeypatch)
    enc, result, _, _ = play()  # 000 · Combat Example: Steven prepares a counter, the clone sets it off
    counters = [a for a in result.events if type(a) is Attack and a.reaction == "counter"]
    assert len(counters) == 1
    assert seen and all(n == 1 for n in seen)  # asked, and each time with Steven waiting
    acts = sum(1 for a in result.events if type(a) is Attack)
    assert len(seen) < acts  # not at every declared attack: only at the clone's while Steven waited
    assert enc._poised == 0


def test_a_duel_where_nobody_prepares_never_asks(monkeypatch) -> None:
    seen = _watch(monkeypatch)
    enc = Encounter(load_map(ROOT / "maps/arena.toml"), seed=3)
    enc.add(load_character(ROOT / "assets/characters/steven.toml"), team="red", policy="advance")
    enc.add(load_character(ROOT / "assets/characters/clone.toml"), team="blue", policy="advance")
    result = enc.run(until=120)
    assert any(type(e) is Attack for e in result.events)
    assert seen == []
