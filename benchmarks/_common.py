"""Shared helpers for the benchmark scripts: timing and a ratio line."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_of(fn: Callable[[], object], repeat: int = 3) -> float:
    """The fastest of ``repeat`` wall-clock timings of ``fn()``, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def report(name: str, rate: float, unit: str, baseline: float | None = None, goal: float | None = None) -> None:
    line = f"{name:<52} {rate:>14,.0f} {unit}"
    if baseline:
        line += f"   ratio vs baseline {rate / baseline:6.3f}"
    if goal is not None:
        line += f"   goal {goal:,.0f}: {'met' if rate >= goal else 'NOT met'}"
    print(line, flush=True)
