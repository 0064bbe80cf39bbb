"""A fight runs with the cyclic garbage collector off, and leaves it as it found it."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from tactics import Encounter, load_character
from tactics.map import TacticalMap
from tactics.sim import collector
from tactics.sim.plan import Plan

ROOT = Path(__file__).resolve().parents[2]


class Spy:
    """Holds still and notes whether the collector was on at each of its turns."""

    name = "spy"

    def __init__(self, seen: list[bool]) -> None:
        self.seen = seen

    def plan(self, view) -> Plan:
        self.seen.append(gc.isenabled())
        return Plan([], "watching")


def _fight(seen: list[bool]) -> Encounter:
    enc = Encounter(TacticalMap.from_grid(["." * 12] * 6, name="open"), seed=3)
    steven = load_character(ROOT / "assets/characters/steven.toml")
    enc.add(steven, "red", at=(3, 5), policy=Spy(seen))
    enc.add(steven, "blue", at=(19, 5), policy="brawler")
    return enc


def test_the_collector_is_off_during_the_fight_and_on_after():
    assert gc.isenabled()
    seen: list[bool] = []
    _fight(seen).run(until=20)
    assert seen and not any(seen)
    assert gc.isenabled()


def test_a_paused_fight_pauses_the_collector_too_and_run_carries_on_the_same():
    seen: list[bool] = []
    enc = _fight(seen)
    assert enc.run_until(3.0)
    assert seen and not any(seen) and gc.isenabled()
    enc.run(until=20)
    assert not any(seen) and gc.isenabled()


def test_a_collector_switched_off_by_the_caller_stays_off():
    gc.disable()
    try:
        _fight([]).run(until=5)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_an_error_in_the_fight_switches_the_collector_back_on():
    with pytest.raises(RuntimeError, match="boom"):
        with collector.paused():
            assert not gc.isenabled()
            raise RuntimeError("boom")
    assert gc.isenabled()


def test_what_a_pause_made_goes_to_the_oldest_generation_without_a_walk():
    """Back on, the collector does not walk the pause's containers as young objects (reading a
    million events: a sixth of the time): they are in the oldest generation already."""
    from tactics.replay.reader import HANDED_OVER

    gc.collect()
    with collector.paused():
        made = [[k] for k in range(HANDED_OVER + 1000)]
    young = gc.get_count()[0]
    assert young < 100 and all(gc.is_tracked(x) for x in made[:10])
    assert gc.get_freeze_count() == 0
    del made


def test_a_callers_frozen_heap_stays_frozen():
    gc.collect()
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with collector.paused():
            made = [[k] for k in range(30_000)]
        assert gc.get_freeze_count() == frozen and made
    finally:
        gc.unfreeze()


def test_a_small_pause_does_not_count_the_frozen_heap(monkeypatch):
    """``gc.get_freeze_count()`` walks every frozen object: asked after each duel of a batch whose
    worker froze its heap, it made a duel 30 times slower. A pause that made little never asks."""
    def walk() -> int:
        raise AssertionError("the frozen heap was counted after a small pause")

    monkeypatch.setattr(gc, "get_freeze_count", walk)
    with collector.paused():
        made = [[k] for k in range(500)]
    assert made and gc.isenabled()
    seen: list[bool] = []
    _fight(seen).run(until=5)
    assert seen


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_a_loops_own_cycles_are_still_collected():
    """A hand-over resets the young count: were it done after every small pause (a duel that leaves a
    thousand containers, as a d100 duel does), the collections that find a loop's own reference
    cycles would never come (tried in issue 19's fourteenth round: every cycle of the loop stayed)."""
    import weakref

    gc.collect()
    kept: list[list[int]] = []
    seen = []
    for i in range(400):
        with collector.paused():
            kept.extend([k] for k in range(1000))  # what a d100 duel leaves: its AI's caches
            del kept[:-5000]  # (bounded, as the caches are)
        seen.append(weakref.ref(_Cycle()))  # the loop's own bookkeeping, a cycle each time
    alive = sum(1 for r in seen if r() is not None)
    assert alive < 100, f"{alive} of the loop's 400 cycles were never collected"
