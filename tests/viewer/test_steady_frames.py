"""The viewer's playback guard against garbage-collection hitches, and its bounded log cache."""

from __future__ import annotations

import gc

import pytest

from tactics.viewer.core import _BoundedCache, steady_frames


def test_steady_frames_freezes_and_restores():
    if gc.get_freeze_count():
        pytest.skip("objects were left frozen by something else in this process")
    threshold = gc.get_threshold()
    keep = [[i] for i in range(1000)]  # tracked objects made before playback
    with steady_frames():
        assert gc.get_freeze_count() >= len(keep)
        assert gc.get_threshold() == threshold
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == threshold
    with steady_frames(young=5000):
        assert gc.get_threshold()[0] == 5000
    assert gc.get_threshold() == threshold


def test_steady_frames_restores_on_error_and_leaves_others_frozen():
    if gc.get_freeze_count():
        pytest.skip("objects were left frozen by something else in this process")
    threshold = gc.get_threshold()
    try:
        with steady_frames(young=3000):
            raise KeyError("boom")
    except KeyError:
        pass
    assert gc.get_threshold() == threshold
    assert gc.get_freeze_count() == 0
    gc.freeze()  # someone else froze first (the batch runner does): leave theirs frozen
    try:
        with steady_frames():
            pass
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_bounded_cache_empties_past_its_limit():
    c = _BoundedCache(3)
    for i in range(3):
        c[i] = [i]
    assert len(c) == 3
    c[3] = [3]
    assert dict(c) == {3: [3]}
    assert c.get(0) is None
