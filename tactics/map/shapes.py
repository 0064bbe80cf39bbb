"""A map's terrain as Shapely geometry: one merged polygon per kind, an STRtree over them (a mixin).

Mixed into :class:`~tactics.map.tactical.TacticalMap`. Built once, under the
map's lock, and never prepared: the map is shared between threads, and a
GEOS prepared geometry must not be::

    >>> from tactics.map import TacticalMap
    >>> m = TacticalMap.from_grid(["..~~", "...."])
    >>> sorted(m.kinds_along((1, 1), (7, 1)))
    ['floor', 'water']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

import numpy as np
import shapely

from .shared import locked_cached_property
from .terrain import KINDS


class Shapes:
    """Merged kind polygons, their STRtree, and what a segment crosses."""

    @locked_cached_property
    def kind_polygons(self) -> Mapping[str, shapely.Geometry]:
        """Cells merged once into one polygon per terrain kind. Not prepared: they are shared by
        every thread, and a GEOS prepared geometry must not be (prepare a copy of your own)."""
        s = self.cell_size
        out = {}
        for k in KINDS:
            r, c = np.nonzero(self.kinds == k)
            if len(r):
                out[k] = shapely.coverage_union_all(shapely.box(c * s, r * s, (c + 1) * s, (r + 1) * s))
        return MappingProxyType(out)

    @locked_cached_property
    def tree(self) -> shapely.STRtree:
        """STRtree over :attr:`kind_polygons` (same order as their keys). Asked once here,
        under the map's lock: a GEOS tree finishes building on its first query, which
        must not happen in two threads at once."""
        tree = shapely.STRtree(list(self.kind_polygons.values()))
        tree.query(shapely.box(*self.bounds))
        return tree

    def kinds_along(self, a: Sequence[float], b: Sequence[float]) -> set[str]:
        """Terrain kinds a 2-D segment a→b touches (what a leg crosses)."""
        line = shapely.LineString([a[:2], b[:2]])
        names = list(self.kind_polygons)
        return {names[i] for i in self.tree.query(line, predicate="intersects").tolist()}
