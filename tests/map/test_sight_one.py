"""SightGrid.clear_one: the vectorised answer for one line, to the bit, without its arrays (issue 19)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tactics import load_map

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["arena", "tower", "night-village", "canyon", "firefight", "river"])
def test_clear_one_is_clear_many_line_by_line(name: str) -> None:
    m = load_map(ROOT / f"maps/{name}.toml")
    rng = np.random.default_rng(7)
    n = 400
    w, h = m.cols * m.cell_size, m.rows * m.cell_size
    A = np.stack([rng.uniform(-2, w + 2, n), rng.uniform(-2, h + 2, n), rng.uniform(-1, 8, n)], axis=1)
    B = np.stack([rng.uniform(-2, w + 2, n), rng.uniform(-2, h + 2, n), rng.uniform(-1, 8, n)], axis=1)
    B[::7, :2] = A[::7, :2] + 0.5  # some short lines, some along an axis
    B[::11, 1] = A[::11, 1]
    want = [bool(m.line_of_sight_many(A[i:i + 1], B[i:i + 1])[0]) for i in range(n)]
    got = [m.sight.clear_one(tuple(a), tuple(b)) for a, b in zip(A.tolist(), B.tolist())]
    assert got == want
    assert 0 < sum(want) < n or name == "arena"
