"""Fights on one map share their caches when the script gives none, and play exactly as before."""

from __future__ import annotations

import doctest
from pathlib import Path

import msgspec

from tactics import Encounter, load_character, load_map
from tactics.sim import mapcaches
from tactics.sim.mapcaches import MapCaches

ROOT = Path(__file__).resolve().parents[2]


def test_the_module_examples_run():
    failures, tried = doctest.testmod(mapcaches)
    assert tried > 0 and failures == 0


def test_encounters_on_one_map_share_caches_and_another_map_has_its_own():
    arena = load_map(ROOT / "maps/arena.toml")
    brawl = load_map(ROOT / "maps/brawl.toml")
    a, b = Encounter(arena, seed=1), Encounter(arena, seed=2)
    assert a.shared is b.shared
    assert Encounter(brawl, seed=1).shared is not a.shared
    mine: dict = {}
    assert Encounter(arena, seed=3, shared=mine).shared is mine  # a scenario's own dict is kept


def _events(enc: Encounter) -> bytes:
    steven = load_character(ROOT / "assets/characters/steven.toml")
    clone = load_character(ROOT / "assets/characters/clone.toml")
    enc.add(steven, team="red", policy="brawler")
    enc.add(clone, team="blue", policy="brawler")
    return msgspec.json.encode(enc.run(until=120).events)


def test_a_fight_with_the_maps_warm_caches_is_the_fight_with_empty_ones():
    arena = load_map(ROOT / "maps/arena.toml")
    for seed in range(6):
        _events(Encounter(arena, seed=100 + seed))  # warm the map's caches with other fights
    warm = Encounter(arena, seed=7)
    assert warm.shared  # the earlier fights left answers there
    assert _events(warm) == _events(Encounter(arena, seed=7, shared={}))


def test_the_memo_is_bounded_in_maps_and_in_sheets():
    memo = MapCaches(maps=2, sheets=3)
    maps = [object() for _ in range(3)]
    first = memo.for_map(maps[0])
    memo.for_map(maps[1])
    memo.for_map(maps[2])
    assert len(memo) == 2
    assert memo.for_map(maps[0]) is not first  # forgotten, made afresh
    caches = memo.for_map(maps[0])
    caches["sheet looks"] = {i: i for i in range(3)}
    caches["routes"] = {"x": 1}
    assert memo.for_map(maps[0])["routes"] == {"x": 1}  # three sheets: kept
    caches["sheet looks"][3] = 3
    assert memo.for_map(maps[0]) == {}  # a fourth: started afresh (same dict, emptied)
    memo.clear()
    assert len(memo) == 0
