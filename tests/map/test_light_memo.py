"""LightField.code_at keeps its answers in mixed cells by the point, bounded (issue 19)."""

from __future__ import annotations

import numpy as np

import tactics.map.light as light
from tactics.map.light import LightField


def _field() -> LightField:
    return LightField(np.full((4, 5), 0, np.int8), 2.0,
                      [(1, "POLYGON ((1 1, 7 1, 7 5, 1 5, 1 1))"), (2, "POLYGON ((3 3, 9 3, 9 7, 3 7, 3 3))")])


def test_kept_answers_are_the_vectorised_ones(monkeypatch) -> None:
    monkeypatch.setattr(light, "MIXED_MEMORY", 50)
    f = _field()
    rng = np.random.default_rng(2)
    xs, ys = rng.uniform(-1, 11, 300).round(1), rng.uniform(-1, 9, 300).round(1)
    want = f.codes_at(xs, ys).tolist()
    for _ in range(2):  # asked anew, then (some) kept
        assert [f.code_at(x, y) for x, y in zip(xs.tolist(), ys.tolist())] == want
    assert 0 < len(f._mixed_memo) <= 50
