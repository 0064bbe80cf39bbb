from __future__ import annotations

import csv
import json
from concurrent.futures import ProcessPoolExecutor

import pytest

from tactics.batch import Table, rerun, run, run_seed
from tactics.batch.runner import CHUNK_MAX, CHUNK_MIN, SCHEDULER_ENV, _chunks, _condition, parse_vary, replay_name

from .helpers import duel, flaky

RUNS = 8
VARY = {"options.charging": [True, False]}


@pytest.fixture(scope="module")
def serial() -> Table:
    return run(duel(), RUNS, seed=11, workers=1, vary=VARY, progress=False)


@pytest.fixture(scope="module")
def dask_cluster():
    distributed = pytest.importorskip("dask.distributed")
    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                       dashboard_address=None)
    yield cluster
    cluster.close()


def test_rows_are_outcomes_with_their_seeds(serial: Table) -> None:
    assert len(serial) == 2 * RUNS
    assert serial.columns[:7] == ["options.charging", "run", "seed", "winner", "reason", "duration", "error"]
    assert {"red-1.damage", "blue-1.stun", "blue-1.hits", "red-1.misses", "blue-1.down_at"} <= set(serial.columns)
    assert not any("time" in c or "wall" in c for c in serial.columns)
    for i, row in enumerate(serial.rows):
        assert row["run"] == i % RUNS and row["options.charging"] is (i < RUNS)
        # common random numbers: run i has the same seed in every condition
        assert row["seed"] == run_seed(11, row["run"])
        assert row["error"] is None and row["winner"] in ("red", "blue", None)
        if row["winner"] is not None:
            loser = "blue-1" if row["winner"] == "red" else "red-1"
            assert row[f"{loser}.standing"] == "incapacitated"
            assert row[f"{loser}.down_at"] <= row["duration"]
    assert serial.meta["batch_seed"] == 11 and serial.meta["failures"] == []
    assert serial.meta["wall_seconds"] > 0


def test_same_seed_same_table(serial: Table) -> None:
    assert run(duel(), RUNS, seed=11, workers=1, vary=VARY, progress=False) == serial
    other = run(duel(), RUNS, seed=12, workers=1, vary=VARY, progress=False)
    assert other.column("seed") != serial.column("seed")


def test_two_workers_give_the_same_table(serial: Table) -> None:
    two = run(duel(), RUNS, seed=11, workers=2, vary=VARY, chunksize=3, progress=False)
    assert two.meta["executor"] == "2 local processes"
    assert two == serial


def test_two_workers_with_guided_chunks_give_the_same_table(serial: Table) -> None:
    two = run(duel(), RUNS, seed=11, workers=2, vary=VARY, progress=False)
    assert two == serial


def test_guided_chunks_shrink_toward_the_end_and_cover_every_run_once() -> None:
    conds = [_condition(duel(), i, {}, {}, None) for i in range(2)]
    chunks = _chunks(conds, list(range(2000)), None, 2, False)
    sizes = [len(ch.items) for ch in chunks]
    assert sizes[0] == CHUNK_MAX and sizes == sorted(sizes, reverse=True)
    assert min(sizes[:-2]) >= CHUNK_MIN                      # only each condition's very last may be smaller
    seen = [(ch.index, run) for ch in chunks for run, _ in ch.items]
    assert sorted(seen) == [(c, r) for c in range(2) for r in range(2000)]
    assert [len(ch.items) for ch in _chunks(conds, list(range(10)), 3, 2, False)] == [3, 3, 3, 1] * 2


def test_spawned_processes_give_the_same_table(serial: Table) -> None:
    # fresh interpreters (their own hash seeds), not forks of this one
    import multiprocessing

    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as ex:
        spawned = run(duel(), RUNS, seed=11, executor=ex, vary=VARY, progress=False)
    assert spawned == serial


def test_dask_local_cluster_gives_the_same_table(serial: Table, dask_cluster) -> None:
    from dask.distributed import Client

    with Client(dask_cluster) as client:
        on_dask = run(duel(), RUNS, seed=11, executor=client.get_executor(pure=False), vary=VARY,
                      chunksize=5, progress=False)
    assert on_dask == serial


def test_scheduler_address_and_environment(serial: Table, dask_cluster, monkeypatch) -> None:
    by_arg = run(duel(), RUNS, seed=11, scheduler=dask_cluster.scheduler_address, vary=VARY, progress=False)
    assert by_arg.meta["executor"].startswith("dask ") and by_arg == serial
    monkeypatch.setenv(SCHEDULER_ENV, dask_cluster.scheduler_address)
    by_env = run(duel(), 3, seed=11, progress=False)
    assert by_env.meta["executor"] == f"dask {dask_cluster.scheduler_address}"
    # an explicit worker count wins over the environment
    assert run(duel(), 2, seed=11, workers=1, progress=False).meta["executor"] == "this process"


def test_a_run_rerun_from_its_seed_gives_the_same_replay(tmp_path) -> None:
    table = run(duel(), 4, seed=5, workers=2, vary=VARY, keep_replays=tmp_path, progress=False)
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == sorted(replay_name(c, r, 2) for c in (0, 1) for r in range(4))
    for row in (table.rows[2], table.rows[7]):
        cond = 0 if row["options.charging"] else 1
        kept = (tmp_path / replay_name(cond, row["run"], 2)).read_bytes()
        again = rerun(duel(), row["seed"], overrides={"options.charging": row["options.charging"]})
        assert again.to_bytes() == kept
        header = json.loads(kept.split(b"\n", 1)[0])
        assert header["seed"] == row["seed"]
        assert header["ruleset_options"]["charging"] is row["options.charging"]
        assert again.winner == row["winner"] and again.duration == row["duration"]


def test_a_failed_run_keeps_the_others(capsys) -> None:
    until = 30.0
    for workers in (1, 2):
        table = run(flaky, 12, seed=3, until=until, workers=workers, progress=False)
        failed = [r for r in table.rows if r["error"]]
        good = [r for r in table.rows if not r["error"]]
        assert failed and good and len(table) == 12
        assert all(r["seed"] % 3 == 0 for r in failed) and all(r["seed"] % 3 for r in good)
        assert all(r["winner"] is not None or r["duration"] == until for r in good)
        assert [f["seed"] for f in table.failures] == [r["seed"] for r in failed]
        assert all("boom for seed" in f["error"] and "RuntimeError" in f["traceback"] for f in table.failures)
        s = table.summary()
        assert s.conditions[0].runs == len(good) and s.conditions[0].failed == len(failed)


def test_a_lost_chunk_marks_its_runs_failed() -> None:
    class Broken(ProcessPoolExecutor):
        def submit(self, fn, *args, **kwargs):  # a worker that dies: every task fails
            from concurrent.futures import Future

            f: Future = Future()
            f.set_exception(OSError("worker lost"))
            return f

    with Broken(1) as ex:
        table = run(duel(), 3, seed=2, executor=ex, progress=False)
    assert [r["error"] for r in table.rows] == ["OSError: worker lost"] * 3
    assert [r["seed"] for r in table.rows] == [run_seed(2, i) for i in range(3)]


def test_vary_grid_and_parsing() -> None:
    assert parse_vary(["options.charging=true,false", "teams.red.policy=advance, passive", "until=30,45.5"]) == {
        "options.charging": [True, False], "teams.red.policy": ["advance", "passive"], "until": [30, 45.5]}
    with pytest.raises(ValueError, match="key=v1,v2"):
        parse_vary(["options.charging"])
    table = run(duel(), 2, seed=1, workers=1, vary=["teams.red.policy=advance,passive", "until=20,40"],
                progress=False)
    assert [(r["teams.red.policy"], r["until"]) for r in table.rows[::2]] == [
        ("advance", 20), ("advance", 40), ("passive", 20), ("passive", 40)]
    assert all(r["duration"] <= r["until"] for r in table.rows)
    assert table.meta["until"] == [20.0, 40.0]


def test_bad_input_is_refused_before_running() -> None:
    from tactics.errors import InputError

    with pytest.raises(InputError, match="no team 'green'"):
        run(duel(), 2, seed=1, workers=1, vary={"teams.green.policy": ["advance"]})
    with pytest.raises(ValueError, match="runs"):
        run(duel(), 0)
    with pytest.raises(ValueError, match="until"):
        run(flaky, 2, workers=1)
    with pytest.raises(TypeError):
        run(42, 2)


def test_default_encounter_and_shipped_name() -> None:
    a = run(None, 2, seed=4, until=15, workers=1, progress=False)
    b = run("arena", 2, seed=4, until=15, workers=1, progress=False)
    assert a == b and a.meta["encounter"] == "arena"
    assert len([c for c in a.columns if c.endswith(".team")]) == 8


def test_csv_and_parquet(serial: Table, tmp_path) -> None:
    path = serial.save(tmp_path / "out" / "results.csv")
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == len(serial) and list(rows[0]) == serial.columns
    assert rows[0]["options.charging"] == "true" and rows[0]["error"] == ""
    assert int(rows[3]["seed"]) == serial.rows[3]["seed"]
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="pip install pyarrow"):
            serial.save(tmp_path / "results.parquet")
    else:  # pragma: no cover - pyarrow is optional
        serial.save(tmp_path / "results.parquet")
    with pytest.raises(ValueError, match=".csv or .parquet"):
        serial.save(tmp_path / "results.xlsx")


def test_without_dask_the_scheduler_option_says_what_to_install(monkeypatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # as if the extra were not installed
    with pytest.raises(ImportError, match=r"pip install 'tactics\[cluster\]'"):
        run(duel(), 2, seed=1, scheduler="tcp://127.0.0.1:1", progress=False)
