"""A limited distance field answers as the whole one (tactics.map.distfield: a read beyond the limit
searches the whole map first; a known cell's downhill step never reads past the limit)."""

from __future__ import annotations

import math
import random

from tactics.map import Mover, TacticalMap
from tactics.map.distfield import DistanceField


def _map(seed: int, n: int = 72) -> TacticalMap:
    rnd = random.Random(seed)
    rows = ["".join("#" if rnd.random() < 0.18 else ("%" if rnd.random() < 0.05 else ".") for _ in range(n))
            for _ in range(n)]
    return TacticalMap.from_grid(rows, name=f"limit-{seed}")


def test_limited_field_reads_as_the_whole_one():
    for seed in range(3):
        tmap = _map(seed)
        g = tmap.movement_arrays(Mover(running=6))
        rnd = random.Random(seed)
        goals = [rnd.randrange(tmap.rows * tmap.cols) for _ in range(5)]
        whole = DistanceField(tmap, g, goals)
        assert whole.limit == math.inf
        for limit in (10.0, 40.0, 90.0):
            lim = DistanceField(tmap, g, goals, limit=limit)
            points = [(rnd.uniform(0, tmap.cols * 2), rnd.uniform(0, tmap.rows * 2)) for _ in range(60)]
            points.sort(key=lambda p: whole.cost_at(*p))  # the near ones first: read before any whole search
            for x, y in points:
                assert lim.downhill(x, y, 9.0) == whole.downhill(x, y, 9.0)
                assert lim.next_step(x, y) == whole.next_step(x, y)
                assert lim.cost_at(x, y) == whole.cost_at(x, y)
            assert (lim.cost_grid == whole.cost_grid).all()


def test_limited_field_searches_only_as_far_as_needed():
    tmap = _map(7)
    g = tmap.movement_arrays(Mover(running=6))
    f = DistanceField(tmap, g, [tmap.cols * 36 + 36], limit=12.0)
    assert f.cost_at(73.0, 73.0) < 12.0 and f.limit == 12.0  # a near cell: known, no whole search
    f.cost_at(1.0, 1.0)  # far: the whole search ran
    assert f.limit == math.inf


def test_small_maps_search_whole():
    tmap = TacticalMap.from_grid(["....", "....", "...."])
    f = DistanceField(tmap, tmap.movement_arrays(Mover(running=6)), [0], limit=1.0)
    assert f.limit == math.inf
