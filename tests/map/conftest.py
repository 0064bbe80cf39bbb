"""Small hand-made maps shared by the map tests."""

from __future__ import annotations

import pytest

from tactics.map import TacticalMap


@pytest.fixture
def walled() -> TacticalMap:
    """A 4 m wall and a 1 m wall across an open field, a 10 m platform."""
    return TacticalMap.from_grid(
        [".......",
         "..#.=..",
         "..#.=..",
         "..#.=..",
         ".....PP"],
        legend={"P": "floor"},
        heights=[[0] * 7, [0] * 7, [0] * 7, [0] * 7, [0, 0, 0, 0, 0, 10, 10]])


@pytest.fixture
def gaps() -> TacticalMap:
    """Row 0: a 1-cell gap (2 m); row 2: a 4-cell gap (8 m); sealed by a 4 m wall row."""
    return TacticalMap.from_grid(
        ["..._...",
         "#######",
         "..____."])


@pytest.fixture
def cliff() -> TacticalMap:
    """A 6 m plateau (south) with a hand-hold face and one ladder cell."""
    return TacticalMap.from_grid(
        [".....",
         "^^^H^",
         "....."],
        heights=["00000", "66666", "66666"])


@pytest.fixture
def river() -> TacticalMap:
    """Deep water 4 cells (8 m) wide, north to south: swim, fly or nothing."""
    return TacticalMap.from_grid(["..~~~~..", "..~~~~..", "..~~~~.."])
