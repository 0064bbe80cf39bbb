"""Shared helpers for the benchmark scripts: repeated timings, their spread, ratios, goals.

Every measurement is several runs of the same work; a line shows the median
rate and the min–max range of the runs (a busy machine widens the range and
lowers the minimum), and the ratio of medians against a baseline measured in
the same run. Goals are judged on the median, never on the best run.

Each run's CPU time (this process and the children it waited for) is kept
too, and a line ends with the rate per CPU-second: on a machine shared with
other busy processes the wall-clock rate drops with the load, while the rate
per CPU-second stays near what one idle core would give (for a pool of
workers it is the work per CPU spent, not the speed-up).

    t, b = interleaved(lambda: work(), lambda: bare(), repeat=5)
    report("work", Rate(n, t), "items/s", baseline=Rate(n, b), goal=1000)
"""

from __future__ import annotations

import os
import resource
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Timing:
    """Wall-clock seconds of each run of one measurement (and its CPU seconds when known)."""

    runs: tuple[float, ...]
    cpu: tuple[float, ...] | None = None

    @property
    def cpu_median(self) -> float | None:
        return statistics.median(self.cpu) if self.cpu else None

    @property
    def min(self) -> float:
        return min(self.runs)

    @property
    def median(self) -> float:
        return statistics.median(self.runs)

    @property
    def max(self) -> float:
        return max(self.runs)


class Seconds(float):
    """Returned by a measured function that timed itself (to leave its set-up out): wall seconds, ``.cpu``."""

    cpu: float | None

    def __new__(cls, wall: float, cpu: float | None = None) -> "Seconds":
        self = super().__new__(cls, wall)
        self.cpu = cpu
        return self


def cpu_seconds() -> float:
    """CPU seconds of this process and of the children it has waited for."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _once(fn: Callable[[], object]) -> tuple[float, float]:
    c0, t0 = cpu_seconds(), time.perf_counter()
    out = fn()
    dt, dc = time.perf_counter() - t0, cpu_seconds() - c0
    if isinstance(out, Seconds):
        return float(out), (out.cpu if out.cpu is not None else dc)
    return dt, dc


def _timing(pairs: list[tuple[float, float]]) -> "Timing":
    return Timing(tuple(w for w, _ in pairs), tuple(c for _, c in pairs))


def measure(fn: Callable[[], object], repeat: int = 5, warmup: int = 0) -> Timing:
    """Time ``fn()`` ``repeat`` times (after ``warmup`` untimed calls).

    A ``fn`` that returns :class:`Seconds` is taken at its word.
    """
    for _ in range(warmup):
        fn()
    return _timing([_once(fn) for _ in range(repeat)])


def interleaved(*fns: Callable[[], object], repeat: int = 5) -> list[Timing]:
    """Time several functions in turns (a, b, a, b, ...), so a load that comes and goes hits each alike.

    Used for a measurement and its baseline: the ratio of their medians is
    then far steadier on a shared machine than timing one after the other.
    """
    runs: list[list[tuple[float, float]]] = [[] for _ in fns]
    for _ in range(repeat):
        for out, fn in zip(runs, fns):
            out.append(_once(fn))
    return [_timing(r) for r in runs]


def timing_of(seconds: Sequence[float], cpu: Sequence[float] | None = None) -> Timing:
    """A Timing from seconds measured elsewhere (a subprocess, the engine's own clock)."""
    return Timing(tuple(seconds), tuple(cpu) if cpu is not None else None)


@dataclass(frozen=True)
class Rate:
    """``count`` things done in each run of ``timing``: rates per second."""

    count: float
    timing: Timing

    @property
    def median(self) -> float:
        return self.count / self.timing.median

    @property
    def min(self) -> float:  # the slowest run
        return self.count / self.timing.max

    @property
    def max(self) -> float:  # the fastest run
        return self.count / self.timing.min

    @property
    def runs(self) -> int:
        return len(self.timing.runs)

    @property
    def per_cpu(self) -> float | None:
        """Per CPU-second (median CPU time of the runs), or None when unknown."""
        c = self.timing.cpu_median
        return self.count / c if c else None


def rate_of(counts_and_seconds: Sequence[tuple[float, float]]) -> Rate:
    """A Rate from runs that each did a different count (things/s per run; count is normalised to 1 s)."""
    rates = sorted(c / s for c, s in counts_and_seconds)
    return Rate(1.0, Timing(tuple(1.0 / r for r in rates)))  # no CPU times: measured by the caller


def fmt_spread(r: Rate, scale: float = 1.0) -> str:
    return f"{r.median * scale:>12,.0f}  ({r.min * scale:,.0f}–{r.max * scale:,.0f}, {r.runs} runs)"


def report(
    name: str,
    rate: Rate,
    unit: str,
    baseline: Rate | None = None,
    goal: float | None = None,
    width: int = 50,
) -> bool | None:
    """Print one line: median (min–max, runs) unit, ratio of medians against the baseline, goal.

    Returns whether the goal was met on the wall-clock median (None without
    a goal); the line also says whether the rate per CPU-second meets it.
    """
    line = f"{name:<{width}} {fmt_spread(rate)} {unit}"
    if rate.per_cpu is not None:
        line += f"  [{rate.per_cpu:,.0f} per CPU-s]"
    if baseline is not None:
        line += f"   ratio vs baseline {rate.median / baseline.median:.3f}"
    met = None
    if goal is not None:
        met = rate.median >= goal
        line += f"   goal ≥ {goal:,.0f}: {'met' if met else 'NOT met'}"
        if rate.per_cpu is not None:
            line += f" (per CPU-s: {'met' if rate.per_cpu >= goal else 'NOT met'})"
    print(line, flush=True)
    return met


def goal_line(name: str, met: bool, detail: str = "") -> bool:
    print(f"GOAL {name}: {'met' if met else 'NOT met'}{f' ({detail})' if detail else ''}", flush=True)
    return met


def machine_line() -> str:
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"{cpus} CPUs, load average {load:.2f} at start; lines are median (min–max of the runs) "
            f"[per CPU-second]")



def counted(work: Callable[[], T], callgrind: bool = False, profile: bool = False) -> tuple[T, Any]:
    """``work()`` with callgrind's collection switched on around it (``callgrind_control``: the process
    runs under ``valgrind --instr-atstart=no``) and/or under cProfile; ``(its result, pstats.Stats or
    None)``. What the ``*_counts.py`` scripts count a fixed workload with."""
    import subprocess

    def control(state: str) -> None:
        subprocess.run(["callgrind_control", "-i", state, str(os.getpid())], check=True, capture_output=True)

    prof = None
    if callgrind:
        control("on")
    if profile:
        import cProfile

        prof = cProfile.Profile()
        prof.enable()
    try:
        result = work()
    finally:
        if prof is not None:
            prof.disable()
        if callgrind:
            control("off")
    if prof is None:
        return result, None
    import pstats

    return result, pstats.Stats(prof)


def print_calls(stats: Any, turns: int, fights: int | None = None, fight: str = "duel", top: int = 40) -> None:
    """Python calls a turn (and a fight) from ``counted``'s stats, then the top functions by own time."""
    calls = stats.total_calls
    per = f", {calls / fights:.0f} a {fight}" if fights else ""
    print(f"Python calls: {calls:,}, {calls / turns:.1f} a turn{per}")
    stats.sort_stats("tottime").print_stats(top)
