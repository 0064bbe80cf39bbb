"""Fixtures of the viewer tests: a small hand-made replay on disk."""

from __future__ import annotations

import pytest
from .viewer_replays import events, header

from tactics.replay import write_replay


@pytest.fixture
def replay_path(tmp_path):
    return write_replay(tmp_path / "small.jsonl", header(), events())
