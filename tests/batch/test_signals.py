"""Ctrl-C and SIGTERM during ``tactics batch --out X.csv``: no file under the real name, no worker left.

A real ``python -m tactics batch`` runs a long batch on two local workers;
once both workers exist it gets the signal. It must exit (130 for SIGINT,
143 for SIGTERM) within seconds, write neither the table nor a temporary
file, and leave no worker process running — even when the parent is
killed outright (SIGKILL).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc (Linux)")


def _default_sigint() -> None:
    """In the child: Ctrl-C as a terminal gives it. A suite started in the background by a shell
    without job control inherits SIGINT ignored, and Python keeps an ignored SIGINT ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _children(pid: int) -> list[int]:
    out = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[1]) == pid and fields[0] != "Z":
            out.append(int(d.name))
    return out


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie nobody reaped is dead


@pytest.mark.parametrize(("sig", "status", "group"), [
    (signal.SIGINT, 130, False), (signal.SIGTERM, 143, False), (signal.SIGKILL, -9, False),
    (signal.SIGINT, 130, True),  # a terminal's Ctrl-C: the whole process group, workers too
], ids=["SIGINT", "SIGTERM", "SIGKILL", "Ctrl-C-to-the-group"])
def test_signal_leaves_no_table_and_no_workers(tmp_path: Path, sig: signal.Signals, status: int,
                                               group: bool) -> None:
    out = tmp_path / "results.csv"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "TACTICS_SCHEDULER": ""}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tactics", "batch", "--runs", "200000", "--workers", "2", "--seed", "1",
         "--until", "60", "--no-progress", "--out", str(out)],
        cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
        preexec_fn=_default_sigint)
    try:
        deadline = time.monotonic() + 60
        workers: list[int] = []
        while time.monotonic() < deadline and proc.poll() is None:
            workers = _children(proc.pid)
            if len(workers) >= 2:
                break
            time.sleep(0.05)
        assert len(workers) >= 2, f"the workers never started: {proc.poll()} {proc.stderr.read() if proc.stderr else ''}"
        time.sleep(0.5)  # let them get into their fights
        if group:
            os.killpg(proc.pid, sig)
        else:
            proc.send_signal(sig)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == status, err.decode()
    assert b"Traceback" not in err
    if sig != signal.SIGKILL:  # SIGKILL: no word, but the kernel still ends the workers (PR_SET_PDEATHSIG)
        assert err.count(b"interrupted") == 1 and b"KeyboardInterrupt" not in err, err.decode()
    assert list(tmp_path.iterdir()) == [], "no table and no temporary file"
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(_alive(w) for w in workers):
        time.sleep(0.05)
    assert not [w for w in workers if _alive(w)], "a worker outlived its batch"


def _unraisable(exc: BaseException) -> object:
    class Args:  # the fields ``sys.unraisablehook`` receives
        exc_type = type(exc)
        exc_value = exc
        exc_traceback = None
        err_msg = None
        object = None
    return Args()


def test_a_torn_down_pools_closed_pipe_prints_nothing_at_exit() -> None:
    """The race CI once hit: at exit, ``concurrent.futures`` writes to the stopped pool's closed
    wakeup pipe (EBADF). The hook ``_stop_pool`` installs swallows exactly that, nothing else."""
    import errno

    from tactics.batch.pool import _quiet_broken_pipes_at_exit

    passed_on: list[object] = []
    hook = _quiet_broken_pipes_at_exit(passed_on.append)
    hook(_unraisable(OSError(errno.EBADF, "Bad file descriptor")))
    hook(_unraisable(OSError(errno.EPIPE, "Broken pipe")))
    assert passed_on == []
    bug = _unraisable(ValueError("a real bug"))
    hook(bug)
    hook(_unraisable(OSError(errno.ENOSPC, "No space left on device")))
    assert passed_on[0] is bug and len(passed_on) == 2
