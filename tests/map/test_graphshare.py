"""Movers that differ only where a map makes no difference share one graph, the very edges a build
for each would give (``tactics.map.graphshare``)."""

from __future__ import annotations

import numpy as np
import pytest

from tactics.map import Mover, TacticalMap
from tactics.map.graph import CellGraph

MOVERS = [Mover(running=5), Mover(running=5, max_jump_m=1.49, max_jump_height_m=0.24, climb_surfaces=frozenset({"ladder"})),
          Mover(running=5, max_jump_height_m=4.0), Mover(running=5, max_jump_height_m=3.9),
          Mover(running=5, max_drop_m=5.0), Mover(running=5, max_jump_m=3.0), Mover(running=12),
          Mover(running=5, climb_surfaces=frozenset()), Mover(running=5, swimming=3), Mover(running=5, airspeed=8)]


def _same(g: CellGraph, h: CellGraph) -> bool:
    arrays = ("src", "dst", "cost", "kind", "surf", "gap", "indptr", "cls", "stand", "fac")
    return (all(np.array_equal(getattr(g, a), getattr(h, a), equal_nan=True) for a in arrays)
            and g.hmin == h.hmin and g._fwd == h._fwd)


@pytest.mark.parametrize("name", ["walled", "gaps", "cliff", "open"])
def test_a_shared_graph_is_the_graph_built_for_that_mover(name, request):
    tmap = TacticalMap.from_grid(["..%...", "......"]) if name == "open" else request.getfixturevalue(name)
    arrays = (tmap.kind_codes, tmap.floor_z_stand, tmap.depths, tmap.surfaces, tmap.cell_size)
    kept = [CellGraph.build(*arrays, m) for m in MOVERS]  # held, so later movers may meet them
    for m, g in zip(MOVERS, kept):
        assert _same(g, CellGraph.build_new(*arrays, m)), (name, m)
    shared = len({id(g) for g in kept})
    # some movers share (walkers that differ only in what the map never asks), the rest do not
    assert shared == {"walled": 8, "gaps": 8, "cliff": 5, "open": 3}[name]


def test_a_new_map_never_meets_an_old_maps_graph():
    first = TacticalMap.from_grid(["...."])
    g = first.movement_arrays(Mover(running=5))
    other = TacticalMap.from_grid(["..#."])
    assert other.movement_arrays(Mover(running=5)) is not g
    assert first.movement_arrays(Mover(running=5, max_jump_m=2.0)) is g  # nothing to jump over
    assert first.movement_arrays(Mover(running=5, airspeed=4)) is not g
