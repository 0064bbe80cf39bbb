"""Files written whole, with the umask's mode; outputs checked before the work; workers capped."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from tactics.batch.runner import cap_workers, max_workers
from tactics.errors import InputError
from tactics.files import atomic_path, atomic_write_bytes, check_writable, check_writable_dir
from tactics.replay import load_replay, write_replay

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def umask_027():
    old = os.umask(0o027)
    try:
        yield
    finally:
        os.umask(old)


def test_atomic_files_get_the_umask_mode(tmp_path: Path, umask_027) -> None:
    rep = load_replay(ROOT / "replays" / "charge.jsonl")
    for name in ("r.jsonl", "r.jsonl.gz"):
        path = write_replay(tmp_path / name, rep.header, rep.events)
        assert stat.S_IMODE(path.stat().st_mode) == 0o640, name  # 0o666 & ~0o027, not mkstemp's 0o600
    assert stat.S_IMODE(atomic_write_bytes(tmp_path / "x.csv", b"a\n").stat().st_mode) == 0o640


def test_an_error_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "table.csv"
    target.write_text("old\n")
    with pytest.raises(KeyboardInterrupt), atomic_path(target) as tmp:
        tmp.write_text("half a ta")
        raise KeyboardInterrupt
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["table.csv"]


def test_temporary_name_keeps_the_suffix(tmp_path: Path) -> None:
    with atomic_path(tmp_path / "frame.png") as tmp:
        assert tmp.suffix == ".png" and tmp.parent == tmp_path and tmp.name.startswith(".frame.png.")
        tmp.write_bytes(b"x")


@pytest.mark.parametrize(("make", "problem"), [
    (lambda d: d, "a folder, not a file"),
    (lambda d: d / "missing" / "x.csv", "does not exist"),
    (lambda d: (d / "f").write_text("x") and d / "f" / "x.csv", "is not a folder"),
])
def test_check_writable_refuses(tmp_path: Path, make, problem: str) -> None:
    with pytest.raises(InputError, match=problem) as err:
        check_writable(make(tmp_path), "--out")
    assert str(err.value).startswith("--out: ")
    assert not list(tmp_path.glob(".tactics-probe-*"))


def test_check_writable_accepts_and_leaves_nothing(tmp_path: Path) -> None:
    assert check_writable(tmp_path / "x.csv", "--out") == tmp_path / "x.csv"
    assert check_writable(tmp_path / "a" / "b" / "x.csv", "--out", create_parents=True)
    assert list(tmp_path.iterdir()) == []


def test_check_writable_dir(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("x")
    with pytest.raises(InputError, match="a file, not a folder"):
        check_writable_dir(tmp_path / "f", "--png")
    with pytest.raises(InputError, match="does not exist"):
        check_writable_dir(tmp_path / "no" / "frames", "--png")
    assert check_writable_dir(tmp_path / "frames", "--png") == tmp_path / "frames"
    assert not (tmp_path / "frames").exists()


def test_workers_are_capped() -> None:
    n, note = cap_workers(1_000_000, 10_000)
    assert n == max_workers() <= max(2, os.cpu_count() or 1) and "asked for 1000000" in note
    assert cap_workers(8, 1) == (1, "using 1 worker, one per fight (asked for 8)")
    assert cap_workers(2, 100) == (2, "")
    with pytest.raises(ValueError):
        cap_workers(0, 10)
