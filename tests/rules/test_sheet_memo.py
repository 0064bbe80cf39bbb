"""Loading a sheet twice costs nothing the second time (issue #19): the same
bytes give the same frozen object; a changed file reloads; refusals are never kept."""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tactics import load_character
from tactics.errors import InputError
from tactics.filememo import FileMemo
from tactics.sheets import load_sheet

STEVEN = Path("assets/characters/steven.toml")


@pytest.fixture
def file(tmp_path: Path) -> Path:
    p = tmp_path / "steven.toml"
    p.write_bytes(STEVEN.read_bytes())
    return p


def test_the_second_load_is_the_same_object(file: Path) -> None:
    a = load_character(file)
    assert load_character(str(file)) is a
    s = load_sheet(file)
    assert load_sheet(file) is s
    assert s.name == a.name == "Steven"


def test_a_changed_file_reloads_even_with_the_same_size_and_mtime(file: Path) -> None:
    a, s = load_character(file), load_sheet(file)
    st = file.stat()
    text = file.read_text()
    file.write_text(text.replace('name = "Steven"', 'name = "Stevie"'))   # same size
    os.utime(file, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert file.stat().st_size == st.st_size
    b, t = load_character(file), load_sheet(file)
    assert (b.name, t.name, a.name) == ("Stevie", "Stevie", "Steven")


def test_a_hit_still_refuses_another_ruleset(file: Path) -> None:
    load_sheet(file)
    with pytest.raises(InputError, match="this is a mano-a-mano sheet, not a fudge-opposed one"):
        load_sheet(file, ruleset="fudge-opposed")


def test_a_bad_file_is_refused_every_time(file: Path) -> None:
    file.write_text(file.read_text().replace("speed = 1", 'speed = "fast"'))
    for _ in range(2):
        with pytest.raises(InputError, match="speed"):
            load_character(file)
        with pytest.raises(InputError, match="speed"):
            load_sheet(file)


def test_threads_loading_one_file_get_one_object(file: Path) -> None:
    memo: FileMemo[object] = FileMemo(4)
    start = threading.Barrier(8)

    def go(_: int) -> object:
        start.wait()
        return memo.load(file, "t", lambda: (object(), file.read_text()))
    with ThreadPoolExecutor(8) as pool:
        got = list(pool.map(go, range(8)))
    assert all(g is got[0] for g in got)
    assert len(memo) == 1


def test_the_memo_is_bounded_and_tags_apart(tmp_path: Path) -> None:
    memo: FileMemo[str] = FileMemo(3)
    paths = []
    for i in range(5):
        p = tmp_path / f"f{i}.txt"
        p.write_text(str(i))
        paths.append(p)
        memo.load(p, "a", lambda p=p: (p.read_text(), p.read_text()))
        assert len(memo) <= 3
    assert memo.load(paths[0], "a", lambda: ("rebuilt", "0")) == "rebuilt"   # the oldest went
    assert memo.load(paths[4], "b", lambda: ("other tag", "4")) == "other tag"
    assert memo.load(paths[4], "a", lambda: ("never", "4")) == "4"
