"""A finished fight is freed by refcounting (tactics/sim/release.py): no cycles left for the
collector, and the encounter, its result and its views still read after it."""

from __future__ import annotations

import doctest
import gc

import pytest

import tactics.sim.release as release_module
from tactics import Encounter, load_character, load_map
from tactics.sim.policy import resolve_policy

ARENA = "maps/arena.toml"
STEVEN = "assets/characters/steven.toml"
CLONE = "assets/characters/clone.toml"


def test_the_module_teaches_by_example() -> None:
    failed, _ = doctest.testmod(release_module)
    assert failed == 0


def duel(seed: int, policy: object = "brawler", **kw: object) -> Encounter:
    enc = Encounter(load_map(ARENA), seed=seed)
    enc.add(load_character(STEVEN), team="red", policy=policy, **kw)
    enc.add(load_character(CLONE), team="blue", policy="brawler", **kw)
    return enc


def garbage_of(make) -> int:
    """How many objects the collector finds after ``make()`` ran and its objects were dropped."""
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        make()
        return gc.collect()
    finally:
        if was:
            gc.enable()


@pytest.mark.parametrize("policy", ["advance", "brawler"])
def test_duels_leave_nothing_for_the_collector(policy: str) -> None:
    duel(0, policy).run(until=120)  # the map's and sheets' caches, built once
    for seed in range(1, 6):
        assert garbage_of(lambda: duel(seed, policy).run(until=120)) == 0


def test_prepared_counters_and_a_paused_fight_leave_nothing() -> None:
    duel(0).run(until=120)

    def paused_then_run() -> None:
        enc = duel(8, counter_ready=True)
        enc.run_until(3.0)
        enc.run(until=120)
    assert garbage_of(paused_then_run) == 0


def test_the_encounter_reads_after_the_fight() -> None:
    enc = duel(4)
    result = enc.run(until=120)
    red = enc.combatants["red-1"]
    assert enc.world.unit("red-1") is red
    assert enc.view_for(red).time >= result.duration
    assert result.to_bytes().startswith(b'{"type":"header"')
    with pytest.raises(RuntimeError, match="runs once"):
        enc.run(until=200)


def test_the_engine_lets_go_of_the_policies_it_made_only() -> None:
    mine, _ = resolve_policy("brawler")
    enc = duel(5, policy=mine)
    enc.run(until=120)
    assert enc.combatants["red-1"].policy is mine
    assert enc.combatants["blue-1"].policy is None
    assert enc.combatants["blue-1"].policy_name == "brawler"


def test_the_engine_environment_is_simpys_own_state() -> None:
    import simpy

    import tactics.sim.simenv as simenv
    failed, _ = doctest.testmod(simenv)
    assert failed == 0
    env = simenv.Environment()
    assert sorted(vars(env)) == sorted(vars(simpy.Environment()))
    assert {n for n in vars(env) if not n.startswith("_")} == set(release_module._BOUND)
