"""Where a batch's fights run: this process, a local process pool (capped), a Dask cluster; and how
a local pool is stopped when interrupted.

    >>> cap_workers(1_000_000, fights=20)[0] <= max(2, os.cpu_count() or 1)
    True

A local pool never has more workers than CPUs (at least 2) or fights; a Dask
scheduler is given ``SCHEDULER_TIMEOUT`` seconds to answer.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from tactics.errors import InputError

SCHEDULER_ENV = "TACTICS_SCHEDULER"
SCHEDULER_TIMEOUT = 10
"""Seconds to wait for a Dask scheduler before giving up (Dask's own default is 30)."""


def default_workers() -> int:
    """One worker per CPU this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def max_workers() -> int:
    """The most local worker processes a batch starts: the machine's CPUs (two at least)."""
    return max(2, os.cpu_count() or 1, default_workers())


def cap_workers(asked: int | None, fights: int) -> tuple[int, str]:
    """The local workers to start for ``fights`` fights, and why it differs from ``asked`` ("" if not).

    >>> cap_workers(4, 1)
    (1, 'using 1 worker, one per fight (asked for 4)')
    >>> cap_workers(1, 10)
    (1, '')
    """
    if asked is None:
        n = default_workers()
        return max(1, min(n, fights)), ""
    asked = int(asked)
    if asked < 1:
        raise ValueError(f"workers must be at least 1, got {asked}")
    n = min(asked, max_workers())
    note = f"using {n} workers, the number of CPUs (asked for {asked})" if n < asked else ""
    if fights < n:
        n = max(1, fights)
        note = f"using {n} worker{'s' if n > 1 else ''}, one per fight (asked for {asked})"
    return n, note


def dask_executor(address: str) -> tuple[Executor, Callable[[], None], int]:
    """An Executor on an existing Dask cluster, a closer, and the cluster's thread count."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise ImportError(
            "running on a Dask cluster needs the cluster extra: pip install 'tactics[cluster]'"
        ) from None
    try:
        client = Client(address, timeout=SCHEDULER_TIMEOUT)
    except (OSError, ValueError, TypeError) as err:
        raise InputError("--scheduler", address, f"cannot use the Dask scheduler: {' '.join(str(err).split())}") from None
    try:
        threads = sum(client.nthreads().values()) or 1
    except Exception:  # noqa: BLE001 - only used to size chunks
        threads = 1
    return client.get_executor(pure=False), client.close, threads


# ----------------------------------------------------------------- stopping a local pool
def _broken_pipe(exc: BaseException | None) -> bool:
    return isinstance(exc, OSError) and exc.errno in (errno.EBADF, errno.EPIPE)


def _quiet_broken_pipes(args: threading.ExceptHookArgs) -> None:
    """While a pool is torn down, its helper threads may write to a worker's pipe that was just
    closed (EBADF, EPIPE): expected, not worth a traceback on the user's screen."""
    if _broken_pipe(args.exc_value):
        return
    threading.__excepthook__(args)


def _quiet_broken_pipes_at_exit(previous: Callable[[Any], object]) -> Callable[[Any], None]:
    """The same at interpreter exit, as a ``sys.unraisablehook`` passing everything else to
    ``previous``: ``concurrent.futures`` wakes its pool's manager thread through a pipe the
    teardown may have closed, which Python reports as "Exception ignored in <module 'threading'>"
    (an unraisable exception, not a thread's)."""
    def hook(args: Any) -> None:
        if not _broken_pipe(args.exc_value):
            previous(args)
    return hook


def _stop_pool(ex: ProcessPoolExecutor) -> None:
    """Interrupted: drop the queued chunks and end the workers now (not after their current chunk)."""
    threading.excepthook = _quiet_broken_pipes  # the process is about to end: its pool's threads too
    sys.unraisablehook = _quiet_broken_pipes_at_exit(sys.unraisablehook)
    procs = list((getattr(ex, "_processes", None) or {}).values())
    for p in procs:
        with contextlib.suppress(Exception):
            p.terminate()
    for p in procs:
        with contextlib.suppress(Exception):
            p.join(timeout=5)
            if p.is_alive():
                p.kill()
                p.join(timeout=5)
    with contextlib.suppress(Exception):
        ex.shutdown(wait=False, cancel_futures=True)
