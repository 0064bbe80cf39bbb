"""The file memo's stat path (issue 19): a file older than ``RACY_NS`` before its bytes were hashed
is vouched for by ``os.stat`` alone; any edit, even one that keeps the size and puts the mtime
back, still reloads (the kernel moves ``st_ctime_ns``); a young file is hashed every time."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

import tactics.filememo as filememo
from tactics.filememo import RACY_NS, FileMemo


class Reads:
    """Counts the memo's reads of file bytes."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.n = 0
        real = filememo._read

        def counted(path):
            self.n += 1
            return real(path)
        monkeypatch.setattr(filememo, "_read", counted)


def later() -> int:
    """A clock far enough ahead that every file made in the test is old."""
    return time.time_ns() + 10 * RACY_NS


def edit_keeping_size_and_mtime(p: Path, text: str) -> None:
    """Rewrite ``p`` with ``text`` (same length), put its mtime back, and wait until its ctime moved."""
    st = p.stat()
    while True:
        p.write_text(text)
        os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns))
        if p.stat().st_ctime_ns != st.st_ctime_ns:
            return
        time.sleep(0.01)


def upper_of(p: Path, builds: list[int] | None = None):
    """A loader's build for ``p``: its text upper-cased, and the text it parsed (each call noted in ``builds``)."""
    def build() -> tuple[str, str]:
        if builds is not None:
            builds.append(1)
        text = p.read_text()
        return text.upper(), text
    return build


def test_an_old_file_is_read_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reads = Reads(monkeypatch)
    p = tmp_path / "a.txt"
    p.write_text("hi")
    memo: FileMemo[str] = FileMemo(4, clock=later)
    builds: list[int] = []
    build = upper_of(p, builds)
    got = [memo.load(p, "t", build) for _ in range(5)]
    assert got == ["HI"] * 5 and len(builds) == 1
    assert reads.n == 1                          # the other four asked os.stat only
    assert memo.load(str(p), "t", build) == "HI" and reads.n == 2   # another spelling: hashed once


def test_an_edit_that_keeps_size_and_mtime_reloads_an_old_file(tmp_path: Path) -> None:
    p = tmp_path / "a.txt"
    p.write_text("hi")
    memo: FileMemo[str] = FileMemo(4, clock=later)
    build = upper_of(p)
    assert memo.load(p, "t", build) == "HI"
    assert memo.load(p, "t", build) == "HI"
    edit_keeping_size_and_mtime(p, "ho")
    assert memo.load(p, "t", build) == "HO"


def test_a_replaced_file_reloads(tmp_path: Path) -> None:
    p, q = tmp_path / "a.txt", tmp_path / "b.txt"
    p.write_text("hi")
    memo: FileMemo[str] = FileMemo(4, clock=later)
    build = upper_of(p)
    assert memo.load(p, "t", build) == "HI"
    q.write_text("ho")
    os.replace(q, p)
    assert memo.load(p, "t", build) == "HO"


def test_a_young_file_is_hashed_every_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reads = Reads(monkeypatch)
    p = tmp_path / "a.txt"
    p.write_text("hi")
    memo: FileMemo[str] = FileMemo(4)            # the real clock: the file is seconds old at most
    for _ in range(3):
        assert memo.load(p, "t", lambda: ("HI", p.read_text())) == "HI"
    assert reads.n == 3


def test_a_forgotten_entry_is_built_again(tmp_path: Path) -> None:
    paths = []
    memo: FileMemo[str] = FileMemo(2, clock=later)
    for i in range(3):
        p = tmp_path / f"f{i}.txt"
        p.write_text(str(i))
        paths.append(p)
        assert memo.load(p, "t", lambda p=p: (p.read_text(), p.read_text())) == str(i)
    assert memo.load(paths[0], "t", lambda: ("rebuilt", "0")) == "rebuilt"   # out of the memo: stat alone is not enough
    memo.clear()
    assert memo.load(paths[2], "t", lambda: ("again", "2")) == "again"
