"""One map, many threads (issue #16): the answers of every query equal the
single-thread answers, fights in threads equal fights run one after another,
and a batch on a thread pool or a multi-thread Dask worker loses no run.

Before the fix these crashed with signal 11: threads shared GEOS prepared
geometries (sight levels, light polygons), which are not thread-safe."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest

from tactics.map import Mover, TacticalMap, load_map
from tactics.scenario import scenario_from_dict

THREADS = 8

ARCHERS_DOC = {
    "name": "archer duel",
    "map": "night-village",
    "until": 60,
    "teams": {"red": [{"character": "archer"}], "blue": [{"character": "archer"}]},
}
"""Two archers in the night village: every turn asks line_of_sight_many and line_of_sight."""


def archers() -> Any:
    return scenario_from_dict(ARCHERS_DOC, "<archers>")


def _eyes(m: TacticalMap, n: int, rng: np.random.Generator) -> np.ndarray:
    pts = []
    while len(pts) < n:
        x, y = rng.uniform(0, m.bounds[2]), rng.uniform(0, m.bounds[3])
        if m.is_passable(x, y):
            pts.append((x, y, m.ground_height(x, y) + 1.5))
    return np.array(pts)


def _questions(m: TacticalMap) -> dict[str, Any]:
    rng = np.random.default_rng(16)
    A, B = _eyes(m, 600, rng), _eyes(m, 600, rng)
    starts = [tuple(p[:2]) for p in A[:12].tolist()]
    goals = [tuple(p[:2]) for p in B[:12].tolist()]
    return {"A": A, "B": B, "starts": starts, "goals": goals,
            "movers": [Mover(running=6), Mover(running=6, swimming=3), Mover(running=4, airspeed=8)]}


def _answers(m: TacticalMap, q: dict[str, Any]) -> list[Any]:
    """Every kind of query, in a fixed order (with the lazily built structures first used here)."""
    A, B = q["A"], q["B"]
    out: list[Any] = [m.line_of_sight_many(A, B).tolist(),
                      [m.line_of_sight(tuple(a), tuple(b)) for a, b in zip(A[:200].tolist(), B[:200].tolist())],
                      m.light_at_many(A[:, 0], A[:, 1]).tolist(),
                      [m.light_at(x, y) for x, y in A[:200, :2].tolist()],
                      [sorted(m.kinds_along(a, b)) for a, b in zip(A[:50].tolist(), B[:50].tolist())]]
    for mover in q["movers"]:
        for a, b in zip(q["starts"], q["goals"]):
            legs = m.path(a, b, mover)
            out.append(None if legs is None else [(leg.kind, leg.start, leg.end, leg.cost) for leg in legs])
        field = m.distance_field(q["goals"][:3], mover)
        out.append(field.cost_grid.tolist())
        out.append([field.next_step(x, y) for x, y in q["starts"]])
        out.append([field.downhill(x, y, 9.0) for x, y in q["starts"]])
    return out


@pytest.mark.parametrize("name", ["night-village", "tower", "ravine", "canyon"])
def test_queries_from_many_threads_equal_one_thread(name: str) -> None:
    reference = load_map(f"maps/{name}.toml")
    q = _questions(reference)
    expected = _answers(TacticalMap.from_dict(reference.to_dict()), q)
    for _ in range(3):  # a fresh map each round: the lazy builds race too
        shared = TacticalMap.from_dict(reference.to_dict())
        start = threading.Barrier(THREADS)

        def work(_: int) -> list[Any]:
            start.wait(timeout=30)
            return [_answers(shared, q) for _ in range(3)]

        with ThreadPoolExecutor(THREADS) as ex:
            got = list(ex.map(work, range(THREADS)))
        for per_thread in got:
            for answers in per_thread:
                assert answers == expected
        # one object per lazily built structure, whichever thread built it
        assert len(shared._graphs) == len(q["movers"])


def test_archer_fights_in_threads_equal_fights_one_after_another() -> None:
    sc = archers()
    seeds = list(range(16))
    serial = [sc.build(seed=s).run(until=sc.until).to_bytes() for s in seeds]
    shared = archers()  # one scenario, so every thread's fight uses the same map object
    start = threading.Barrier(4)

    def fight(seed: int) -> bytes:
        if seed < 4:
            start.wait(timeout=30)
        return shared.build(seed=seed).run(until=shared.until).to_bytes()

    with ThreadPoolExecutor(4) as ex:
        threaded = list(ex.map(fight, seeds))
    assert threaded == serial
    assert any(b"shoot" in r or b"shot" in r for r in serial)  # the archers did shoot


def test_batch_on_a_thread_pool_equals_one_worker() -> None:
    from tactics.batch import run

    one = run("maps/tower.encounter.toml", 24, seed=5, workers=1, progress=False)
    with ThreadPoolExecutor(4) as ex:
        four = run("maps/tower.encounter.toml", 24, seed=5, executor=ex, chunksize=2, progress=False)
    assert four.failures == [] and all(r["error"] is None for r in four.rows)
    assert len(four) == 24
    assert four == one


def test_batch_on_a_real_dask_worker_with_four_threads() -> None:
    distributed = pytest.importorskip("dask.distributed")
    from tactics.batch import run

    runs = 150
    local = run(archers(), runs, seed=19, workers=1, progress=False)
    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=4, processes=True, host="127.0.0.1",
                                       dashboard_address=None, worker_dashboard_address=None,
                                       silence_logs=50, timeout=60)
    outer = ThreadPoolExecutor(1)
    try:
        with distributed.Client(cluster, timeout=60) as client:
            assert sum(client.nthreads().values()) == 4
            job = outer.submit(run, archers(), runs, seed=19, executor=client.get_executor(pure=False),
                               chunksize=5, progress=False)
            on_dask = job.result(timeout=120)
    finally:
        outer.shutdown(wait=False)
        cluster.close(timeout=30)
    assert on_dask.failures == [] and all(r["error"] is None for r in on_dask.rows)
    assert len(on_dask) == runs
    assert on_dask == local
