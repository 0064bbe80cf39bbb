"""Run many ``tactics`` command lines fast: import once, fork one child per command line.

    python tests/badinput/driver.py cases.json results.json

Each case is ``{"name", "argv", "cwd", "env", "block": [modules], "timeout"}``. The
parent imports :mod:`tactics.cli` (and what the commands import) once; each
child is a fresh process forked from it that changes to ``cwd``, sends its
stdout and stderr to files, and calls :func:`tactics.cli.main` — the real
entry point, with real exit codes and real file descriptors, without paying
for Python's start-up and imports 200 times. A child gets a 3 GiB address
space limit (an input that makes the program eat memory fails loudly) and
is killed after ``timeout`` seconds. Two children run at a time.

The result per case: ``{"name", "status", "stdout", "stderr", "seconds"}``;
``status`` is the exit status, or ``"timeout"``, or ``"signal N"``.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import sys
import time
from pathlib import Path

MEMORY_LIMIT = 3 * 1024**3
PARALLEL = 2


def _child(case: dict, out: Path, err: Path) -> None:
    os.chdir(case["cwd"])
    fo = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    fe = os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fo, 1)
    os.dup2(fe, 2)
    os.environ.update(case.get("env", {}))
    for name in case.get("block", []):
        sys.modules[name] = None  # type: ignore[assignment]  # import raises ImportError
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    status = 1
    try:
        from tactics.cli import main

        main(list(case["argv"]))
        status = 0
    except SystemExit as e:
        status = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException:  # noqa: BLE001 - print it as Python would, then exit 1
        import traceback

        traceback.print_exc()
        status = 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:  # noqa: BLE001
                pass
        os._exit(status)


def _warm() -> None:
    """Import what the commands import, and run one good command, so each child starts warm."""
    import importlib

    for name in ("tactics.cli", "tactics.replay", "tactics.scenario", "tactics.map", "tactics.rules",
                 "tactics.sim", "tactics.ai", "tactics.batch.cli", "tactics.batch.runner", "tactics.viewer.export",
                 "pydantic"):
        try:
            importlib.import_module(name)
        except ImportError:
            pass
    from tactics.cli import main
    from tactics.scenario import shipped_encounters

    saved = os.dup(1), os.dup(2)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    try:
        main(["validate", *map(str, shipped_encounters().values())])
    except SystemExit:
        pass
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        os.close(null)


def run_all(cases: list[dict], workdir: Path) -> list[dict]:
    _warm()

    results: dict[str, dict] = {}
    pending = list(enumerate(cases))
    running: dict[int, tuple[int, dict, float, Path, Path]] = {}
    while pending or running:
        while pending and len(running) < PARALLEL:
            k, case = pending.pop(0)
            out, err = workdir / f"{k}.out", workdir / f"{k}.err"
            pid = os.fork()
            if pid == 0:
                _child(case, out, err)
            running[pid] = (k, case, time.monotonic(), out, err)
        pid, wstatus = os.waitpid(-1, os.WNOHANG)
        now = time.monotonic()
        if pid == 0:
            for p, (k, case, t0, out, err) in list(running.items()):
                if now - t0 > case.get("timeout", 20):
                    os.kill(p, signal.SIGKILL)
                    os.waitpid(p, 0)
                    del running[p]
                    results[case["name"]] = _result(case, "timeout", out, err, now - t0)
            time.sleep(0.002)
            continue
        k, case, t0, out, err = running.pop(pid)
        if os.WIFEXITED(wstatus):
            status: int | str = os.WEXITSTATUS(wstatus)
        else:
            status = f"signal {os.WTERMSIG(wstatus)}"
        results[case["name"]] = _result(case, status, out, err, now - t0)
    return [results[c["name"]] for c in cases]


def _result(case: dict, status: int | str, out: Path, err: Path, seconds: float) -> dict:
    def read(p: Path) -> str:
        try:
            return p.read_bytes()[:20_000].decode("utf-8", "replace")
        except OSError:
            return ""

    return {"name": case["name"], "status": status, "stdout": read(out), "stderr": read(err), "seconds": seconds}


def main() -> None:
    cases = json.loads(Path(sys.argv[1]).read_text())
    target = Path(sys.argv[2])
    work = target.parent / "driver-output"
    work.mkdir(exist_ok=True)
    target.write_text(json.dumps(run_all(cases, work)))


if __name__ == "__main__":
    main()
