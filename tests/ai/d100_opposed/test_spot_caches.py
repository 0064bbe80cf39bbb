"""The spots' sight cache answers what a fresh look would."""

from __future__ import annotations

from pathlib import Path

from tactics import load_map
from tactics.ai.d100_opposed.spots import cell_sight
from tactics.sim.view import EYE_HEIGHT_M

ROOT = Path(__file__).resolve().parents[3]


class _View:
    def __init__(self, tmap) -> None:
        self.map = tmap
        self.shared: dict = {}


def test_cell_sight_is_line_of_sight_from_each_standable_cell() -> None:
    tmap = load_map(ROOT / "maps/arena.toml")
    view = _View(tmap)
    target = (20.0, 15.0, 1.7)   # mid-arena: the pillars hide it from some cells
    grid = cell_sight(view, target)
    s = tmap.cell_size
    seen = hidden = 0
    for r in range(tmap.rows):
        for c in range(tmap.cols):
            if not tmap.standable[r, c]:
                assert not grid[r, c]
                continue
            x, y = (c + 0.5) * s, (r + 0.5) * s
            want = bool(tmap.line_of_sight((x, y, tmap.ground_height(x, y) + EYE_HEIGHT_M), target))
            assert bool(grid[r, c]) == want, (c, r)
            seen += want
            hidden += not want
    assert seen and hidden
    assert cell_sight(view, target) is grid   # kept, not asked again
