"""A fudge duel's schedule goes quiet (``tactics/sim/rounds.py``): the fights are those of a schedule told every round."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics import Encounter, load_map
from tactics.rulesets.fudge_opposed.turns import FudgeSchedule
from tactics.sheets import load_sheet

ROOT = Path(__file__).resolve().parents[3]
R = "fudge-opposed"


def _duel(seed: int, expecting: bool = False, third: bool = False) -> tuple[bytes, bool]:
    arena = load_map(ROOT / "maps/arena.toml")
    fudge = ROOT / "assets/characters/fudge"
    enc = Encounter(arena, seed=seed, ruleset=R)
    enc.add(load_sheet(fudge / "swordsman.toml", R), team="red", policy="duelist", expecting=expecting)
    enc.add(load_sheet(fudge / "shield_bearer.toml", R), team="blue", policy="duelist")
    if third:
        enc.add(load_sheet(fudge / "brawler.toml", R), team="blue", policy="duelist")
    res = enc.run(until=120)
    return res.to_bytes(), enc._rounds_quiet


@pytest.mark.parametrize("expecting,third", [(False, False), (True, False), (False, True)])
def test_quiet_rounds_play_the_same_fights(monkeypatch, expecting, third):
    quiet = [_duel(seed, expecting, third) for seed in range(6)]
    assert all(q for _, q in quiet)     # two or three fighters a side: no pool can form, so it goes quiet
    monkeypatch.setattr(FudgeSchedule, "quiet", False)
    told = [_duel(seed, expecting, third) for seed in range(6)]
    assert not any(q for _, q in told)
    assert [b for b, _ in quiet] == [b for b, _ in told]


def test_a_side_of_three_never_goes_quiet():
    arena = load_map(ROOT / "maps/arena.toml")
    fudge = ROOT / "assets/characters/fudge"
    enc = Encounter(arena, seed=1, ruleset=R)
    for _ in range(3):
        enc.add(load_sheet(fudge / "brawler.toml", R), team="red", policy="duelist")
    enc.add(load_sheet(fudge / "shield_bearer.toml", R), team="blue", policy="duelist")
    enc.run(until=30)
    assert enc._rounds_quiet is False
