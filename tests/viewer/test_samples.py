"""Every sample replay the project ships opens, plays and exports a frame."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics.viewer import Viewer, export_png

SAMPLES = sorted(Path(__file__).resolve().parents[2].joinpath("replays").glob("*.jsonl")) + sorted(Path(__file__).resolve().parents[2].joinpath("replays").glob("*.jsonl.gz"))


@pytest.mark.skipif(not SAMPLES, reason="no sample replays in replays/ yet")
@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_sample_replay_plays(path, tmp_path):
    v = Viewer(path, size=(800, 500))
    for t in (0.0, v.duration / 3, v.duration / 2, v.duration, 0.0):
        v.seek(t)
        v.draw()
    v.cycle_follow()
    v.next_event()
    v.draw()
    assert v.follow is not None
    assert export_png(v.replay, tmp_path / "f.png", at=v.duration / 2, size=(400, 250))[0].exists()
