"""Many fights of one encounter, on a process pool or a Dask cluster, as a table.

    >>> from tactics.batch import run
    >>> table = run("maps/arena.encounter.toml", runs=200, seed=7, workers=2,
    ...             vary={"options.charging": [True, False]})          # doctest: +SKIP
    >>> table.summary().conditions[0].team("red").wins.value            # doctest: +SKIP
    0.52

What the batch is made of:

- **The encounter**: ``None`` (the built-in default, a 4v4 on ``arena``), an
  encounter file path or shipped name (``"arena"``), a
  :class:`~tactics.scenario.Scenario`, or any picklable top-level callable
  ``factory(seed: int, overrides: dict) -> Encounter`` (then give ``until``).
- **Conditions**: every combination of the ``vary`` values (dotted keys of
  :meth:`Scenario.with_overrides`, e.g. ``"options.charging"``,
  ``"teams.red.policy"``), each run ``runs`` times. Without ``vary`` there is
  one condition.
- **Seeds**: run ``i`` of every condition has seed
  :func:`~tactics.batch.seeds.run_seed` ``(batch_seed, i)``. The same seeds are
  used in every condition (common random numbers), so conditions differ by the
  varied parameter rather than by the luck of the draw. :func:`rerun` plays any
  one run again from its seed and gives the same replay, byte for byte.
- **Execution**: through the :class:`concurrent.futures.Executor` interface —
  in this process for ``workers=1``; a local :class:`ProcessPoolExecutor` for
  ``workers=K``; ``scheduler="tcp://host:8786"`` (or the
  ``TACTICS_SCHEDULER`` environment variable) for an existing Dask cluster via
  ``dask.distributed.Client(...).get_executor(pure=False)``; or any
  ``executor=`` you pass. Runs go out in chunks (one task runs several fights),
  so the per-task overhead stays small next to a fight of a few milliseconds.
- **Failures**: an exception inside one fight becomes a row with its ``seed``
  and an ``error`` and an entry in ``table.failures`` (with the traceback); the
  other runs are kept. A chunk lost as a whole (a worker killed) marks each of
  its runs failed the same way.

The rows (sorted by condition, then run) hold outcomes only; the wall-clock
time is in ``table.meta`` and ``table.summary()``.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import math
import os
import signal
import sys
import time
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tactics.batch.parse import MAX_CONDITIONS, parse_overrides, parse_value, parse_vary  # noqa: F401
from tactics.batch.progress import FightsBar as _progress
from tactics.batch.rows import _kept, _row, replay_name  # noqa: F401
from tactics.batch.pool import (  # noqa: F401
    SCHEDULER_ENV, SCHEDULER_TIMEOUT, _stop_pool, cap_workers, dask_executor, default_workers, max_workers,
)
from tactics.batch.seeds import fresh_batch_seed, run_seed
from tactics.batch.table import Table
from tactics.errors import InputError

MAX_FIGHTS = 2_000_000
"""Most fights in one batch (runs × conditions): every row is kept in memory until the end."""

Factory = Callable[[int, dict[str, Any]], Any]
"""``factory(seed, overrides) -> Encounter``: a picklable top-level callable."""


# ----------------------------------------------------------------- what runs
@dataclass(frozen=True)
class _FactorySource:
    factory: Factory
    overrides: dict[str, Any]

    def build(self, seed: int) -> Any:
        return self.factory(seed, dict(self.overrides))


@dataclass(frozen=True)
class Condition:
    """One combination of varied values: what each worker builds and runs."""

    index: int
    params: dict[str, Any]
    source: Any
    """A Scenario with the overrides applied, or a factory with its overrides (both picklable)."""
    until: float

    def build(self, seed: int) -> Any:
        return self.source.build(seed=seed)


@dataclass(frozen=True)
class _Chunk:
    condition: Condition | int
    """The condition, or its index among the conditions a local pool's workers adopted."""
    items: tuple[tuple[int, int], ...]
    """(run, seed) pairs."""
    keep_replays: bool
    frozen: bool = False
    """Run where the batch owns the collector's frozen objects (this process, which unfreezes them when
    the batch ends, or a local pool's worker, which ends with it): the survivors of each fight a
    scenario builds join them (see :func:`_run_chunk`). Not on a Dask worker, which outlives the batch."""

    @property
    def index(self) -> int:
        return self.condition if isinstance(self.condition, int) else self.condition.index


_ADOPTED: dict[int, Condition] = {}
"""In a local pool's worker process: the batch's conditions, set once by :func:`_adopt` (the
pool's initializer). Empty in every other process. Chunks then carry only an index, so all the
chunks a worker runs share one scenario and its caches (the map's paths, the AI's choices)."""


def _adopt(conditions: tuple[Condition, ...]) -> None:
    """Pool initializer: keep this worker's conditions (forked workers inherit the parent's warm ones)."""
    _worker_signals()
    _ADOPTED.clear()
    _ADOPTED.update((c.index, c) for c in conditions)


def _worker_signals() -> None:
    """In a local worker: leave Ctrl-C to the parent (which stops the pool), and die with the parent.

    A terminal's Ctrl-C reaches the whole process group; the workers ignore
    it so that only the parent reports it, and it terminates them. On Linux
    the kernel also sends SIGTERM to a worker whose parent dies by any means
    (even SIGKILL), so no worker outlives its batch.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, int(signal.SIGTERM), 0, 0, 0)  # PR_SET_PDEATHSIG
            if os.getppid() == 1:  # the parent died before the line above ran
                os._exit(1)


def _run_chunk(chunk: _Chunk) -> list[dict[str, Any]]:
    """Run the fights of one chunk (in a worker), each as a record with its table row made
    there too (the parent only collects). Module-level, so it pickles by name."""
    out = []
    cond = chunk.condition if isinstance(chunk.condition, Condition) else _ADOPTED[chunk.condition]
    for run, seed in chunk.items:
        rec: dict[str, Any] = {"condition": cond.index, "run": run, "seed": seed}
        # The collector off from the fight's start until its result is dropped (Encounter.run then
        # leaves it as it finds it). Switched on with the result alive, it walked every container of
        # the fight once, and after a long fight with the batch's gc.freeze() in place it also asked
        # gc.get_freeze_count(), which walks the frozen objects. What outlives a fight a scenario
        # builds (its caches: 10,000-30,000 containers a `brawl` fight) is then frozen too where the
        # batch owns the frozen objects: reference counts still free it, no collection walks it
        # (a `brawl` batch spent 12 % of its time in collections, the default encounter's 1-4 %).
        # Those fights leave no reference cycles (none in 20 fights of any shipped encounter after
        # the first few); a factory's fights are the caller's code and may (a cycle frozen is never
        # collected): their survivors stay with the collector.
        was = gc.isenabled()
        gc.disable()
        try:
            result = cond.build(seed).run(until=cond.until)
            rec["winner"] = result.winner
            rec["reason"] = result.reason
            rec["duration"] = result.duration
            rec["characters"] = result.summary()
            if chunk.keep_replays:
                rec["replay"] = result.to_bytes()
        except Exception as err:  # noqa: BLE001 - one bad fight must not sink the batch
            rec["error"] = f"{type(err).__name__}: {err}"
            rec["traceback"] = traceback.format_exc()
        finally:
            result = None  # (what the fight made goes here, by reference counts, before the collector is back)
            if chunk.frozen and not isinstance(cond.source, _FactorySource):
                gc.freeze()
            if was:
                gc.enable()
        rec["row"] = _row(cond, rec)
        rec.pop("characters", None)
        out.append(rec)
    return out


# ----------------------------------------------------------------- the source
def resolve_encounter(encounter: Any = None) -> Any:
    """A Scenario (or a factory) from what the user gave: None, a path or name, a Scenario, a callable."""
    from tactics.scenario import Scenario, default_scenario, load_scenario, shipped_encounters

    if encounter is None:
        return default_scenario()
    if isinstance(encounter, Scenario):
        return encounter
    if isinstance(encounter, (str, os.PathLike)):
        p = Path(encounter)
        if not p.exists():
            shipped = shipped_encounters()
            if str(encounter) in shipped:
                p = shipped[str(encounter)]
        return load_scenario(p)
    if callable(encounter):
        return encounter
    raise TypeError(
        "the encounter is an encounter file path, a Scenario, a factory(seed, overrides) -> Encounter, "
        f"or None for the default; got {type(encounter).__name__}"
    )


def _condition(src: Any, index: int, params: Mapping[str, Any], overrides: Mapping[str, Any],
               until: float | None) -> Condition:
    every = {**overrides, **params}
    if hasattr(src, "with_overrides"):
        sc = src.with_overrides(every)
        return Condition(index, dict(params), sc, float(sc.until if until is None else until))
    if until is None:
        raise ValueError("give until= (seconds) when the encounter is a factory function")
    return Condition(index, dict(params), _FactorySource(src, dict(every)), float(until))


def rerun(encounter: Any = None, seed: int = 0, overrides: Mapping[str, Any] | None = None,
          until: float | None = None) -> Any:
    """Play one run of a batch again from its seed; returns its :class:`~tactics.sim.Result`.

    ``overrides`` are the run's varied values (its row's parameter columns,
    plus the batch's fixed ``overrides``); ``result.to_bytes()`` equals the
    replay the batch kept for that run.
    """
    cond = _condition(resolve_encounter(encounter), 0, {}, dict(overrides or {}), until)
    return cond.build(int(seed)).run(until=cond.until)


# ----------------------------------------------------------------- --vary
@dataclass
class _Plan:
    executor: Executor | None
    close: Callable[[], None] | None
    workers: int
    label: str


def _plan(workers: int | None, executor: Executor | None, scheduler: str | None,
          conditions: Sequence[Condition] = (), fights: int | None = None) -> _Plan:
    if executor is not None:
        return _Plan(executor, None, workers or default_workers(), type(executor).__name__)
    if scheduler is None and workers is None:
        scheduler = os.environ.get(SCHEDULER_ENV) or None
    if scheduler:
        ex, close, threads = dask_executor(scheduler)
        return _Plan(ex, close, workers or threads, f"dask {scheduler}")
    n, _ = cap_workers(workers, max_workers() if fights is None else fights)
    if n == 1:
        return _Plan(None, None, 1, "this process")
    ex = ProcessPoolExecutor(max_workers=n, initializer=_adopt, initargs=(tuple(conditions),))
    return _Plan(ex, lambda: ex.shutdown(wait=True, cancel_futures=True), n, f"{n} local processes")


CHUNK_MAX = 200
"""Most fights in one task (a chunk)."""
CHUNK_MIN = 10
"""Fewest fights in one task when the sizes are chosen (fewer only at the very end)."""


def _chunks(conditions: Sequence[Condition], seeds: Sequence[int], chunksize: int | None, workers: int,
            keep: bool) -> list[_Chunk]:
    """The fights as tasks, in order, one condition per chunk.

    A given ``chunksize`` is used as is. Otherwise the sizes are guided: each
    chunk takes ``1 / (2 · workers)`` of the fights still to hand out (between
    :data:`CHUNK_MIN` and :data:`CHUNK_MAX`), so the first chunks are large
    (few tasks; each starts its scenario's caches afresh in its worker) and
    the last ones small (the workers finish together). 2,000 fights on 2
    workers go out as 200, 200, ..., 150, 113, 85, ..., 10.
    """
    left = len(conditions) * len(seeds)
    out = []
    for cond in conditions:
        items = list(enumerate(seeds))
        i = 0
        while i < len(items):
            n = chunksize or max(CHUNK_MIN, min(CHUNK_MAX, math.ceil(left / (2 * workers))))
            part = tuple(items[i:i + n])
            out.append(_Chunk(cond, part, keep))
            i += len(part)
            left -= len(part)
    return out


# ----------------------------------------------------------------- run
def run(
    encounter: Any = None,
    runs: int = 100,
    *,
    seed: int | None = None,
    vary: Mapping[str, Sequence[Any]] | Iterable[str] | None = None,
    overrides: Mapping[str, Any] | None = None,
    until: float | None = None,
    workers: int | None = None,
    executor: Executor | None = None,
    scheduler: str | None = None,
    keep_replays: str | os.PathLike[str] | None = None,
    chunksize: int | None = None,
    progress: bool | None = None,
) -> Table:
    """Run ``runs`` fights per condition and return the per-run :class:`Table`.

    ``seed`` is the batch seed (random and recorded in ``table.meta`` when
    None). ``vary`` maps dotted keys to the values to try (or takes the CLI's
    ``"key=v1,v2"`` strings); ``overrides`` are fixed for every run. ``until``
    replaces the encounter's time limit. ``workers``: 1 runs here, K > 1 on a
    local process pool (default: one per CPU). ``executor`` (any
    :class:`concurrent.futures.Executor`) or ``scheduler`` (a Dask scheduler
    address; default ``$TACTICS_SCHEDULER`` when neither it nor ``workers`` is
    given) send the runs elsewhere. ``keep_replays`` is a folder to write each
    run's replay to (``run-00007.jsonl``, or ``run-c1-00007.jsonl`` with
    several conditions). ``progress``: a rich progress bar on stderr (default:
    when stderr is a terminal).
    """
    runs = int(runs)
    if runs < 1:
        raise ValueError(f"runs must be at least 1, got {runs}")
    if runs > MAX_FIGHTS:
        raise InputError("--runs", str(runs), f"at most {MAX_FIGHTS:,} fights in one batch")
    if until is not None and not (math.isfinite(float(until)) and float(until) > 0):
        raise InputError("--until", f"{until}", "must be a finite number of seconds, more than 0")
    if chunksize is not None and int(chunksize) < 1:
        raise ValueError(f"chunksize must be at least 1, got {chunksize}")
    src = resolve_encounter(encounter)
    varied = parse_vary(vary)
    combos = math.prod(len(v) for v in varied.values())
    if combos > MAX_CONDITIONS:
        raise InputError("--vary", " ".join(varied), f"{combos:,} combinations; at most {MAX_CONDITIONS:,}")
    if combos * runs > MAX_FIGHTS:
        raise InputError("--runs", str(runs), f"{combos:,} conditions × {runs:,} runs is more than "
                         f"{MAX_FIGHTS:,} fights in one batch")
    fixed = parse_overrides(overrides)
    batch_seed = fresh_batch_seed() if seed is None else int(seed)
    conditions = [
        _condition(src, i, dict(zip(varied, combo)), fixed, until)
        for i, combo in enumerate(itertools.product(*varied.values()))
    ]
    seeds = [run_seed(batch_seed, i) for i in range(runs)]
    replays_dir = Path(keep_replays) if keep_replays is not None else None
    if replays_dir is not None:
        replays_dir.mkdir(parents=True, exist_ok=True)

    total = len(conditions) * runs
    plan = _plan(workers, executor, scheduler, conditions, total)
    chunks = _chunks(conditions, seeds, int(chunksize) if chunksize else None, plan.workers,
                     replays_dir is not None)
    local_pool = isinstance(plan.executor, ProcessPoolExecutor) and executor is None
    size = max((len(ch.items) for ch in chunks), default=0)
    show = sys.stderr.isatty() if progress is None else bool(progress)

    records: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    try:
        if plan.executor is None:
            # what lives as long as the batch (modules, maps, the scenario): out of the collector's
            # full passes, which otherwise walk all of it every few fights (~10 % of a 4 v 4's time)
            gc.freeze()
            with _progress(show, total, plan.label) as advance:
                for ch in chunks:
                    done = _run_chunk(replace(ch, frozen=True))
                    records.extend(_kept(done, replays_dir, len(conditions)))
                    advance(len(done))
        else:
            if isinstance(plan.executor, ProcessPoolExecutor) and chunks:
                # warm the caches (maps, movement graphs, sheets, the scenario's own) here, so forked
                # workers start with them instead of each building its own; the result is dropped
                _run_chunk(_Chunk(conditions[chunks[0].index], chunks[0].items[:1], False))
                # keep the collector off the inherited objects: no copy-on-write of their pages
                gc.freeze()
            if local_pool:
                # the workers adopted the conditions (the pool's initializer): send indices only
                chunks = [_Chunk(ch.index, ch.items, ch.keep_replays, frozen=True) for ch in chunks]
            # submit everything before the progress bar starts its thread (fork-safe)
            futures: dict[Future, _Chunk] = {plan.executor.submit(_run_chunk, ch): ch for ch in chunks}
            with _progress(show, total, plan.label) as advance:
                for fut in as_completed(futures):
                    ch = futures[fut]
                    try:
                        done = fut.result()
                    except Exception as err:  # noqa: BLE001 - a lost chunk: its runs failed
                        tb = "".join(traceback.format_exception(err))
                        done = [
                            {"condition": ch.index, "run": r, "seed": s,
                             "error": f"{type(err).__name__}: {err}", "traceback": tb}
                            for r, s in ch.items
                        ]
                    records.extend(_kept(done, replays_dir, len(conditions)))
                    advance(len(done))
    except BaseException:
        if local_pool:
            _stop_pool(plan.executor)  # type: ignore[arg-type]
        elif plan.close is not None:
            plan.close()
        raise
    else:
        if plan.close is not None:
            plan.close()
    finally:
        gc.unfreeze()
    wall = time.perf_counter() - t0

    records.sort(key=lambda r: (r["condition"], r["run"]))
    rows, failures = [], []
    for rec in records:
        cond = conditions[rec["condition"]]
        row = rec.get("row") or _row(cond, rec)
        rows.append(row)
        if rec.get("error"):
            failures.append({**{k: row[k] for k in (*cond.params, "run", "seed", "error")},
                             "traceback": rec.get("traceback", "")})

    name = getattr(src, "name", "") or getattr(src, "__name__", "") or "encounter"
    meta = {
        "encounter": name,
        "source": getattr(src, "source", "") or "",
        "batch_seed": batch_seed,
        "runs": runs,
        "vary": varied,
        "overrides": fixed,
        "until": sorted({c.until for c in conditions}),
        "executor": plan.label,
        "workers": plan.workers,
        "chunksize": size,
        "wall_seconds": wall,
        "runs_per_second": total / wall if wall > 0 else float("inf"),
        "failures": failures,
        "replays": str(replays_dir) if replays_dir is not None else None,
    }
    return Table(rows, meta)


__all__ = ["run", "rerun", "resolve_encounter", "parse_vary", "parse_overrides", "parse_value", "Condition",
           "Factory", "SCHEDULER_ENV", "MAX_FIGHTS", "MAX_CONDITIONS", "default_workers", "max_workers",
           "cap_workers", "dask_executor", "replay_name"]
