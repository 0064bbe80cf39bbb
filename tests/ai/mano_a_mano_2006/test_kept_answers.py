"""The 2006 duelist's scenario-shared answers (strike splits, defend options) change no fight."""

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
    assert_shared_cache_changes_nothing(_duel, ("2006 splits", "2006 defend options"))
