"""The batch runner and the cyclic garbage collector (issue 19): no collection walks what the fights
make, and the collector is left as it was found."""

from __future__ import annotations

import gc
from pathlib import Path

from tactics.batch import run
from tactics.batch.runner import Condition, _Chunk, _run_chunk
from tactics.scenario import load_scenario, shipped_encounters

ROOT = Path(__file__).resolve().parents[2]


def _brawl():
    return load_scenario(shipped_encounters()["brawl"])


def test_no_collection_during_an_in_process_batch_and_the_collector_restored():
    sc = _brawl()
    run(sc, 1, seed=3, workers=1, progress=False)  # imports, the map's own caches
    assert gc.get_freeze_count() == 0 and gc.isenabled()
    collections: list[int] = []

    def seen(phase: str, info: dict) -> None:
        if phase == "stop":
            collections.append(info["generation"])

    gc.callbacks.append(seen)
    try:
        table = run(sc, 4, seed=5, workers=1, progress=False)
    finally:
        gc.callbacks.remove(seen)
    assert len(table.rows) == 4 and not table.failures  # the fights were played (long ones: 10,000+ containers each)
    assert collections == []  # before: a collection after every fight, walking its survivors
    assert gc.isenabled() and gc.get_freeze_count() == 0  # the batch's own freeze undone when it ends


def test_a_batch_leaves_a_disabled_collector_disabled():
    sc = _brawl()
    gc.disable()
    try:
        run(sc, 1, seed=7, workers=1, progress=False)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_chunk_run_elsewhere_freezes_nothing():
    """A chunk on a Dask worker (``frozen=False``): the worker outlives the batch, so nothing of it is frozen."""
    sc = _brawl()
    cond = Condition(0, {}, sc, float(sc.until))
    assert gc.get_freeze_count() == 0
    out = _run_chunk(_Chunk(cond, ((0, 11),), False))
    assert "error" not in out[0] and gc.get_freeze_count() == 0 and gc.isenabled()
    out = _run_chunk(_Chunk(cond, ((0, 11),), False, frozen=True))  # where the batch owns the frozen set
    try:
        assert gc.get_freeze_count() > 0 and out[0]["row"] is not None
    finally:
        gc.unfreeze()


def test_a_batch_never_counts_its_frozen_heap(monkeypatch):
    """The batch freezes its heap, and ``gc.get_freeze_count()`` walks it: the fights of a batch
    (each leaving a thousand or more containers here) never make the engine's pause ask."""
    sc = _brawl()
    run(sc, 1, seed=3, workers=1, progress=False)

    def walk() -> int:
        raise AssertionError("the frozen heap was counted in a batch")

    monkeypatch.setattr(gc, "get_freeze_count", walk)
    table = run(sc, 2, seed=13, workers=1, progress=False)
    assert len(table.rows) == 2 and not table.failures


class _Loop:
    """A caller's bookkeeping that makes a reference cycle (and holds 16 kB) in every fight."""

    def __init__(self) -> None:
        self.me = self
        self.blob = [0] * 2000


def _cyclic_factory(seed: int, overrides: dict) -> object:
    from tactics import Encounter, load_character, load_map

    enc = Encounter(load_map(ROOT / "maps/arena.toml"), seed=seed)
    steven = load_character(ROOT / "assets/characters/steven.toml")
    enc.add(steven, "red", policy="advance")
    enc.add(steven, "blue", policy="advance")
    enc.junk = _Loop()  # type: ignore[attr-defined]
    return enc


def test_a_factorys_cycles_are_still_collected():
    """A factory's fights are the caller's code: what they leave is not frozen, so their cycles go."""
    import weakref

    gc.collect()
    before = sum(1 for o in gc.get_objects() if type(o) is _Loop)
    run(_cyclic_factory, 30, seed=2, until=20, workers=1, progress=False)
    gc.collect()
    assert sum(1 for o in gc.get_objects() if type(o) is _Loop) == before == 0
    loops = []
    real = _Loop.__init__

    def noted(self) -> None:
        real(self)
        loops.append(weakref.ref(self))

    _Loop.__init__ = noted  # type: ignore[method-assign]
    try:
        run(_cyclic_factory, 200, seed=3, until=20, workers=1, progress=False)
    finally:
        _Loop.__init__ = real  # type: ignore[method-assign]
    alive = sum(1 for r in loops if r() is not None)
    assert len(loops) == 200 and alive < 50  # collected as the batch went (frozen, all 200 would be alive)
