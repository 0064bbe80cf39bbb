"""``frozen_ints`` / ``frozen_floats`` give what a gather through ``np.unique``'s inverse gave."""

from __future__ import annotations

import math

import numpy as np

from tactics.map.graph import frozen_floats, frozen_ints


def _by_inverse(a):
    vals, inv = np.unique(a, return_inverse=True)
    objs = vals.tolist()
    return tuple(map(objs.__getitem__, inv.ravel().tolist()))


def _bits(t):
    return [np.float64(x).view(np.int64).item() for x in t]


def test_frozen_floats_is_the_gather_through_uniques_inverse():
    rng = np.random.default_rng(3)
    nan2 = np.array([0x7FF8000000000001], np.int64).view(np.float64)[0]
    cases = [
        np.array([]), np.array([2.5]), np.array([3.0, 3.0]),
        rng.choice([2.0, 2.8284271247461903, 4.0, 5.5], 1000),
        np.array([0.0, -0.0, 1.0, 0.0]), np.array([-0.0, -0.0, 2.0]), np.array([0.0, 2.0, 0.0]),
        np.array([np.nan, 1.0, np.nan, 2.0]), np.array([np.nan, nan2, 1.0]),
        rng.normal(size=(7, 9)),
    ]
    for a in cases:
        got, want = frozen_floats(a), _by_inverse(a)
        assert _bits(got) == _bits(want), a
        # one object per distinct value, as before
        assert len({id(x) for x in got}) == len({id(x) for x in want})
    assert math.copysign(1.0, frozen_floats(np.array([-0.0, -0.0, 2.0]))[0]) == -1.0


def test_frozen_ints_shares_the_pool():
    pool = tuple(range(1000))
    a = np.array([5, 999, 5, 0, 300])
    got = frozen_ints(a, pool)
    assert got == (5, 999, 5, 0, 300)
    assert all(x is pool[x] for x in got)
    assert frozen_ints(np.array([], np.intp), pool) == () and frozen_ints(np.array([7]), pool) == (7,)
