"""Closing in hands its team field on to ``move_toward`` (issue #19), which then keeps its answers in
the scenario-shared cache: every approach is the one worked out afresh, and no fight changes."""

from __future__ import annotations

from pathlib import Path

from tactics.ai import approach
from tactics.map import load_map
from tactics.scenario import character_for
from tactics.sim import Encounter
from tests.shared_cache import assert_shared_cache_changes_nothing

ROOT = Path(__file__).resolve().parents[3]


def duel(seed: int, shared: dict) -> bytes:
    enc = Encounter(load_map(ROOT / "maps" / "arena.toml"), seed=seed, ruleset="fudge-opposed", shared=shared)
    enc.add(character_for("swordsman", None, "fudge-opposed"), team="red", policy="duelist")
    enc.add(character_for("shield_bearer", None, "fudge-opposed"), team="blue", policy="duelist")
    return enc.run(until=120).to_bytes()


def test_every_approach_is_the_one_worked_out_without_the_field(monkeypatch):
    """Each ``move_toward`` close_in asks (field and movers handed on, answers kept) gives the moves
    the same question asks with neither (nothing kept, the team field looked up again)."""
    import tactics.ai.fudge_opposed.common as common

    real = approach.move_toward
    asked = []

    def checked(view, me, target, enemies, **kw):
        got = real(view, me, target, enemies, **kw)
        afresh = real(view, me, target, enemies, stop=kw["stop"], budget=kw["budget"])
        asked.append(kw.get("field") is not None)
        assert (got is None) == (afresh is None)
        if got is not None:
            assert (got.steps, got.end, got.arrives, got.note) == (afresh.steps, afresh.end, afresh.arrives, afresh.note)
        return got

    monkeypatch.setattr(common, "move_toward", checked)
    shared: dict = {}
    for seed in range(3):
        duel(seed, shared)
    assert asked and all(asked)


def test_duels_on_a_warm_cache_replay_as_on_a_fresh_one():
    assert_shared_cache_changes_nothing(duel, ["answers by field"])
