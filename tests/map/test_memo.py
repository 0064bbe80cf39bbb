"""Loading a map twice costs nothing the second time (issue #19): the same
content gives the same immutable object; a changed file reloads."""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tactics.errors import InputError
from tactics.map import load_map
from tactics.map.loader import MAP_MEMORY, _MEMO, clear_map_memo

TEXT = '''[map]
name = "memo"
grid = """
r..#
...b
"""
'''


@pytest.fixture
def file(tmp_path: Path) -> Path:
    p = tmp_path / "memo.toml"
    p.write_text(TEXT)
    return p


def test_the_second_load_is_the_same_object(file: Path) -> None:
    a = load_map(file)
    assert load_map(file) is a
    assert load_map(str(file)) is a                                    # str or Path
    assert load_map(file.parent / ".." / file.parent.name / file.name) is a   # the resolved path counts
    assert load_map("maps/arena.toml") is load_map(Path("maps/arena.toml").resolve())


def test_a_changed_file_reloads_even_with_the_same_size_and_mtime(file: Path) -> None:
    a = load_map(file)
    st = file.stat()
    file.write_text(TEXT.replace("r..#", "r.##"))                    # same size
    os.utime(file, ns=(st.st_atime_ns, st.st_mtime_ns))                # same mtime: only the hash tells
    assert file.stat().st_size == st.st_size and file.stat().st_mtime_ns == st.st_mtime_ns
    b = load_map(file)
    assert b is not a
    assert b.terrain_at(5.0, 1.0) == "wall" and a.terrain_at(5.0, 1.0) == "floor"
    file.write_text(TEXT)                                              # back to the first content
    os.utime(file, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert load_map(file) is a


def test_a_bad_file_is_refused_every_time_and_never_kept(file: Path) -> None:
    file.write_text(TEXT.replace("r..#", "r.Q#"))
    for _ in range(2):
        with pytest.raises(InputError, match="unknown legend character 'Q'"):
            load_map(file)
    file.write_text(TEXT.replace("r..#", "r.=#"))
    assert load_map(file).terrain_at(5.0, 1.0) == "wall"


def test_the_memo_is_bounded(tmp_path: Path) -> None:
    clear_map_memo()
    first = None
    for i in range(MAP_MEMORY + 5):
        p = tmp_path / f"m{i}.toml"
        p.write_text(TEXT)
        m = load_map(p)
        first = first or (p, m)
        assert len(_MEMO) <= MAP_MEMORY
    assert len(_MEMO) == MAP_MEMORY
    assert load_map(first[0]) is not first[1]                          # the oldest was let go


def test_threads_loading_one_file_get_one_object(file: Path) -> None:
    clear_map_memo()
    start = threading.Barrier(8)

    def load(_: int) -> int:
        start.wait(timeout=30)
        return id(load_map(file))

    with ThreadPoolExecutor(8) as ex:
        ids = set(ex.map(load, range(8)))
    assert len(ids) == 1


def test_the_shared_map_cannot_be_changed(file: Path) -> None:
    m = load_map(file)
    with pytest.raises(AttributeError, match="immutable"):
        m.name = "other"
    with pytest.raises(TypeError):
        m.spawns["red"].append((0.0, 0.0))
    with pytest.raises(TypeError):
        m.spawns["green"] = []
    with pytest.raises(TypeError):
        m.legend["x"] = m.legend["."]
    with pytest.raises(ValueError):
        m.heights[0, 0] = 9.0
    with pytest.raises(ValueError):
        m.standable[0, 0] = False
    assert load_map(file).name == "memo" and m.spawns["red"] == [(1.0, 1.0)]
