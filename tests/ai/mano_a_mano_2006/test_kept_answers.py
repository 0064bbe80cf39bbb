"""The 2006 duelist's scenario-shared answers (strike splits, defend options, the choice in reach) change no fight."""

from __future__ import annotations

from pathlib import Path

from tactics import Encounter, load_map
from tactics.scenario import sheet_policy
from tactics.sheets import load_sheet

from tests.shared_cache import assert_shared_cache_changes_nothing

ROOT = Path(__file__).resolve().parents[3]


def _duel(seed: int, shared: dict) -> bytes:
    enc = Encounter(load_map(ROOT / "maps" / "arena.toml"), seed=seed, ruleset="mano-a-mano-2006", shared=shared)
    for team, name in (("red", "modre"), ("blue", "clone")):
        path = ROOT / "assets" / "characters" / "mam2006" / f"{name}.toml"
        enc.add(load_sheet(path, "mano-a-mano-2006"), team=team, policy=sheet_policy(str(path), None, "mano-a-mano-2006"))
    return enc.run(until=120).to_bytes()


def test_a_shared_cache_replays_every_duel_as_a_fresh_one() -> None:
    assert_shared_cache_changes_nothing(_duel, ("2006 splits", "2006 defend options", "2006 duelist in reach"))


def test_the_kept_choice_in_reach_is_the_one_worked_out_and_a_fresh_copy() -> None:
    from tactics.ai.mano_a_mano_2006.duelist import Duelist
    from tactics.ai.mano_a_mano_2006.kept import glance, kept_strike
    from tactics.ai.mano_a_mano_2006.odds import ready, threats

    shared: dict = {}
    _duel(0, shared)   # warm: the duel's choices are kept
    asked = 0
    for seed in range(1, 4):
        enc = Encounter(load_map(ROOT / "maps" / "arena.toml"), seed=seed, ruleset="mano-a-mano-2006", shared=shared)
        for team, name in (("red", "modre"), ("blue", "clone")):
            path = ROOT / "assets" / "characters" / "mam2006" / f"{name}.toml"
            enc.add(load_sheet(path, "mano-a-mano-2006"), team=team, policy="duelist")
        policy = Duelist()
        for _ in range(40):
            if not enc.run_until(enc.env.now + 1.0, limit=120):
                break
            for c in enc.order:
                view = enc.view_for(c)
                me, enemies = view.me, view.enemies()
                if not enemies or ready(me) <= 0:
                    continue
                key = glance(view, me, enemies, policy)
                found, kept = kept_strike(view, key)
                if not found:
                    continue
                fresh = policy.strike(view, me, enemies, ready(me), threats(view, me, enemies))
                assert kept == fresh
                asked += 1
                if kept is not None and kept.steps[0].options is not None:
                    kept.steps[0].options["modifier"] = 99   # a copy: the kept one is untouched
                    assert kept_strike(view, key)[1] == fresh
    assert asked > 5
