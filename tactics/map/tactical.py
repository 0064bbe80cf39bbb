"""`TacticalMap`: the battlefield, its drawing attributes and its queries.

A map is a grid of cells of ``cell_size`` metres (x east = column, y south =
row, z up; see docs/architecture.md). Build one from a file, a dict or rows::

    >>> from tactics.map import TacticalMap
    >>> m = TacticalMap.from_grid(["r..#..b", "...#...", "......."],
    ...                           legend={"#": {"kind": "wall", "height": 4}})
    >>> m.cols, m.rows, m.bounds
    (7, 3, (0.0, 0.0, 14.0, 6.0))
    >>> m.terrain_at(7.0, 1.0), m.ground_height(7.0, 1.0)
    ('wall', 4.0)
    >>> m.line_of_sight((1, 1, 1.5), (13, 1, 1.5))    # through the wall
    False
    >>> [leg.kind for leg in m.path((1, 1), (13, 1), Mover(running=6))]  # round the wall
    ['walk', 'walk']

Caches (sight tables, merged polygons, movement graphs, distance fields) live
on the map object and are built on first use; a map is immutable once built
(setting an attribute raises ``AttributeError``), so one map object serves
every fight that uses it, from any number of threads at once: each lazily
built structure is built once under the map's lock and then shared, and the
prepared geometries the queries use are per thread (:mod:`tactics.map.shared`).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType

import numpy as np
import shapely

from ..errors import InputError
from .graph import CellGraph, NONE
from .light import LightField
from .limits import MAX_HEIGHT, check_cell_size, check_cells, check_number
from .movement import Leg, Mover
from .distfield import DistanceField
from .routing import Routing
from .shapes import Shapes
from .shared import locked_cached_property
from .sight import SightGrid
from .terrain import KINDS, LIGHTS, LOW_WALL, SURFACES, WADE_DEPTH, Terrain

__all__ = ["TacticalMap", "Mover", "Leg", "DistanceField"]

LIGHT_CHARS: dict[str, str | None] = {"b": "bright", "d": "dim", "k": "dark", ".": None}
"""Characters of a light layer grid (any case): bright, dim, dark, map default."""

_KIND_CODE = {k: i for i, k in enumerate(KINDS)}
_SURF_CODE = {s: i for i, s in enumerate(SURFACES)}
_LIGHT_CODE = {k: i for i, k in enumerate(LIGHTS)}

GridPlace = Callable[[int, int], str]


def _grid_place(r: int, c: int) -> str:
    return f"grid row {r + 1}, col {c + 1}"


class TacticalMap(Routing, Shapes):
    """An immutable battle map. Prefer :func:`~tactics.map.load_map`,
    :meth:`from_grid` or :meth:`from_dict` over calling this directly."""

    def __init__(self, *, grid: Sequence[str], legend: Mapping[str, Terrain],
                 name: str = "untitled", description: str = "", cell_size: float = 2.0,
                 ground: np.ndarray | None = None, default_light: str = "bright",
                 light_layer: Sequence[str] | None = None,
                 light_polygons: Sequence[tuple[str, str]] = (),
                 spawns: Mapping[str, Iterable[tuple[int, int]]] | None = None,
                 source: str = "<map>", grid_place: GridPlace = _grid_place,
                 light_place: GridPlace | None = None) -> None:
        self.source = source
        self.name = str(name)
        self.description = str(description)
        if isinstance(cell_size, bool) or not isinstance(cell_size, (int, float)):
            raise InputError(source, "[map] cell_size", f"must be a number, not {cell_size!r}")
        self.cell_size = check_cell_size(cell_size, source)
        grid = list(grid)
        if not grid or not grid[0]:
            raise InputError(source, "[map] grid", "the grid is empty")
        check_cells(max(len(line) for line in grid), len(grid), source, "[map] grid")
        self.rows, self.cols = len(grid), len(grid[0])
        for r, line in enumerate(grid):
            if len(line) != self.cols:
                raise InputError(source, grid_place(r, min(len(line), self.cols)),
                                 f"ragged grid: row {r + 1} has {len(line)} cells, row 1 has {self.cols}")
            for c, ch in enumerate(line):
                if ch not in legend:
                    raise InputError(source, grid_place(r, c), f"unknown legend character {ch!r}")
        self.grid = tuple(grid)
        used = {ch for line in grid for ch in line}
        self.legend = {ch: legend[ch] for ch in sorted(legend) if ch in used}
        for ch, t in self.legend.items():
            check_number(t.height, source, f"legend {ch!r}", "height", 0.0, MAX_HEIGHT)
            check_number(t.depth, source, f"legend {ch!r}", "depth", 0.0, MAX_HEIGHT)
        s = self.cell_size
        self.bounds = (0.0, 0.0, self.cols * s, self.rows * s)

        # ---- per-cell arrays
        chars = np.array([list(line) for line in grid])
        kinds = np.empty((self.rows, self.cols), dtype="<U6")
        wall_h = np.zeros((self.rows, self.cols))
        depths = np.zeros((self.rows, self.cols))
        surf = np.full((self.rows, self.cols), -1, np.int8)
        for ch, t in self.legend.items():
            sel = chars == ch
            kinds[sel] = t.kind
            wall_h[sel] = t.height if t.kind == "wall" else 0.0
            depths[sel] = t.depth if t.kind in ("water", "gap") else 0.0
            surf[sel] = -1 if t.surface is None else _SURF_CODE[t.surface]
        if ground is None:
            ground = np.zeros((self.rows, self.cols))
        ground = np.asarray(ground, float)
        if ground.shape != (self.rows, self.cols):
            raise InputError(source, "[heights]", f"height grid is {ground.shape[0]}×"
                             f"{ground.shape[1] if ground.ndim > 1 else 0} cells, the map is "
                             f"{self.rows}×{self.cols}")
        bad = ~np.isfinite(ground) | (np.abs(ground) > MAX_HEIGHT)
        if bad.any():
            r, c = (int(i) for i in np.argwhere(bad)[0])
            raise InputError(source, f"[heights] row {r + 1}, col {c + 1}", f"ground height must be a finite "
                             f"number between {-MAX_HEIGHT:g} and {MAX_HEIGHT:g} m, not {float(ground[r, c]):g}")
        self.ground = ground
        self.kinds = kinds
        self.heights = ground + wall_h
        self.depths = depths
        self.surfaces = surf
        self.kind_codes = np.vectorize(_KIND_CODE.__getitem__, otypes=[np.int8])(kinds)
        self.floor_z = np.where(kinds == "gap", self.heights - depths, self.heights)
        for a in (self.ground, self.kinds, self.heights, self.depths, self.surfaces,
                  self.kind_codes, self.floor_z):
            a.setflags(write=False)
        self._kinds_flat = tuple(kinds.ravel().tolist())  # tuples: the collector skips them
        self._floor_flat = tuple(self.floor_z.ravel().tolist())
        self.lowest_ground = float(self.floor_z.min())
        """The lowest height one stands at anywhere on the map (a bound for drops)."""

        # ---- light
        if default_light not in _LIGHT_CODE:
            raise InputError(source, "[light] default", f"unknown light {default_light!r}; use one of {LIGHTS}")
        self.default_light = default_light
        base = np.full((self.rows, self.cols), _LIGHT_CODE[default_light], np.int8)
        self.light_layer = None
        if light_layer is not None:
            light_layer = list(light_layer)
            lp = light_place or (lambda r, c: f"[light] grid row {r + 1}, col {c + 1}")
            if len(light_layer) != self.rows:
                raise InputError(source, lp(min(len(light_layer), self.rows), 0),
                                 f"light grid has {len(light_layer)} rows, the map has {self.rows}")
            for r, line in enumerate(light_layer):
                if len(line) != self.cols:
                    raise InputError(source, lp(r, min(len(line), self.cols)),
                                     f"light grid row {r + 1} has {len(line)} cells, the map has {self.cols}")
                for c, ch in enumerate(line):
                    if ch.lower() not in LIGHT_CHARS:
                        raise InputError(source, lp(r, c), f"unknown light character {ch!r}; use b (bright), "
                                         "d (dim), k (dark) or . (map default)")
                    name_ = LIGHT_CHARS[ch.lower()]
                    if name_ is not None:
                        base[r, c] = _LIGHT_CODE[name_]
            self.light_layer = tuple(light_layer)
        polys = []
        box = shapely.box(*self.bounds)
        for i, (light, wkt) in enumerate(light_polygons, 1):
            place = f"[light] polygon {i}"
            if light not in _LIGHT_CODE:
                raise InputError(source, place, f"unknown light {light!r}; use one of {LIGHTS}")
            try:
                with np.errstate(invalid="ignore"):  # nan coordinates: refused below as invalid
                    g = shapely.from_wkt(wkt)
            except Exception as exc:  # shapely.errors.GEOSException and friends
                raise InputError(source, place, f"unreadable WKT: {exc}") from None
            if g is None or g.geom_type not in ("Polygon", "MultiPolygon") or g.is_empty:
                raise InputError(source, place, "must be a non-empty POLYGON or MULTIPOLYGON")
            if not g.is_valid:
                raise InputError(source, place, f"invalid polygon: {shapely.is_valid_reason(g)}")
            if not box.buffer(1e-9).covers(g):
                raise InputError(source, place, f"polygon goes outside the map {self.bounds}")
            polys.append((_LIGHT_CODE[light], g.wkt))
        self.light_polygons = tuple((LIGHTS[c], w) for c, w in polys)
        self._light = LightField(base, s, polys, _LIGHT_CODE[default_light])
        uniform = self._light._uniform
        self.uniform_light: str | None = None if uniform is None else LIGHTS[uniform]
        """The light at every point, in the map and out of it, when it is one level everywhere (every
        light-layer cell the default's level, no polygon), else None: :meth:`light_at` answers it
        without the per-point lookup, and so may a caller that asks many times a turn (the engine's
        world)."""
        self.light_grid = np.array(LIGHTS, dtype=object)[self._light.centre_codes]
        self.light_grid.setflags(write=False)

        # ---- spawns: legend characters, then explicit cells
        cells: dict[str, list[tuple[int, int]]] = {}
        for ch, t in self.legend.items():
            if t.spawn is not None:
                rs, cs = np.nonzero(chars == ch)
                cells.setdefault(t.spawn, []).extend(zip(cs.tolist(), rs.tolist()))
        for team, lst in (spawns or {}).items():
            for i, cell in enumerate(lst, 1):
                col, row = cell
                place = f"[spawns] {team} cell {i}"
                if not self.in_bounds(col, row):
                    raise InputError(source, place, f"cell {(col, row)} is outside the map "
                                     f"({self.cols} cols × {self.rows} rows)")
                cells.setdefault(str(team), []).append((int(col), int(row)))
        self.spawn_cells: dict[str, tuple[tuple[int, int], ...]] = {}
        for team in sorted(cells):
            lst = sorted(set(cells[team]), key=lambda cr: (cr[1], cr[0]))
            for col, row in lst:
                if not self._standable(col, row):
                    raise InputError(source, grid_place(row, col),
                                     f"spawn zone {team!r} on {kinds[row, col]} "
                                     "(a spawn cell must be walkable ground)")
            self.spawn_cells[team] = tuple(lst)
        self.spawn_cells = MappingProxyType(self.spawn_cells)
        self.spawns: Mapping[str, list[tuple[float, float]]] = MappingProxyType(
            {t: FrozenList(self.center(c, r) for c, r in lst) for t, lst in self.spawn_cells.items()})
        self.legend = MappingProxyType(self.legend)

        self._graphs: dict[tuple, CellGraph] = {}
        self._fields: dict[tuple, DistanceField] = {}
        self._paths: dict[tuple, tuple[Leg, ...] | None] = {}
        self._clear_walks: dict[tuple, tuple] = {}  # start -> the end of the last clear straight walk
        self._sight_cache: dict[tuple, bool] = {}
        self._build_lock = threading.RLock()  # lazily built structures: see tactics.map.shared
        object.__setattr__(self, "_frozen", True)

    def __setattr__(self, name: str, value: object) -> None:
        if getattr(self, "_frozen", False):
            raise AttributeError(f"a TacticalMap is immutable (it may be shared by many fights and threads); "
                                 f"cannot set {name!r}")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a TacticalMap is immutable; cannot delete {name!r}")

    def __reduce__(self) -> tuple:
        """Pickled as its :meth:`to_dict` (the caches and locks stay behind)."""
        return (_rebuild, (self.to_dict(), self.source))

    # ------------------------------------------------------------ building
    @classmethod
    def from_grid(cls, rows: str | Sequence[str], legend: Mapping[str, object] | None = None,
                  cell_size: float = 2.0, heights: object = None, light: str | Sequence[str] | None = None,
                  spawns: Mapping[str, Iterable[tuple[int, int]]] | None = None, *,
                  name: str = "untitled", description: str = "", default_light: str = "bright",
                  light_polygons: Sequence[tuple[str, str]] = (), height_scale: float = 1.0) -> TacticalMap:
        """A map authored in Python.

        ``rows``: the ASCII grid (lines, or one multi-line string); ``legend``
        maps characters to a kind name, a :class:`Terrain` or a dict like
        ``{"kind": "wall", "height": 4}`` and extends :data:`DEFAULT_LEGEND`;
        ``heights``: rows×cols numbers, or lines of height characters (0-9,
        a-z = 10-35, times ``height_scale``); ``light``: lines of light
        characters (``b d k .``); ``light_polygons``: ``(light, wkt)`` pairs
        painted in order; ``spawns``: team → list of ``(col, row)``.
        """
        from .loader import DEFAULT_LEGEND, parse_height_rows, parse_terrain
        lines = _lines(rows)
        leg = dict(DEFAULT_LEGEND)
        for ch, spec in (legend or {}).items():
            leg[ch] = spec if isinstance(spec, Terrain) else parse_terrain(spec, "<grid>", f"legend {ch!r}")
        ground = None
        if heights is not None:
            if isinstance(heights, str) or (isinstance(heights, Sequence) and heights
                                            and isinstance(heights[0], str)):
                ground = parse_height_rows(_lines(heights), height_scale, "<grid>",
                                           lambda r, c: f"heights row {r + 1}, col {c + 1}")
            else:
                ground = np.asarray(heights, float)
        return cls(grid=lines, legend=leg, name=name, description=description, cell_size=cell_size,
                   ground=ground, default_light=default_light,
                   light_layer=None if light is None else _lines(light),
                   light_polygons=light_polygons, spawns=spawns, source="<grid>")

    @classmethod
    def from_dict(cls, d: Mapping, source: str = "<dict>") -> TacticalMap:
        """Rebuild a map from :meth:`to_dict` (or any parsed map file)."""
        from .loader import build_map
        return build_map(d, source)

    def to_dict(self) -> dict:
        """The whole map, JSON-able and exactly enough to rebuild it."""
        d: dict = {
            "format": "tactics-map", "version": 1,
            "map": {"name": self.name, "description": self.description,
                    "cell_size": self.cell_size, "grid": list(self.grid)},
            "legend": {ch: t.to_dict() for ch, t in self.legend.items()},
            "light": {"default": self.default_light},
            "spawns": {t: [list(c) for c in cells] for t, cells in self.spawn_cells.items()},
        }
        for t in d["legend"].values():
            t.pop("spawn", None)
        if self.ground.any():
            d["heights"] = {"ground": self.ground.tolist()}
        if self.light_layer is not None:
            d["light"]["grid"] = list(self.light_layer)
        if self.light_polygons:
            d["light"]["polygons"] = [{"light": li, "wkt": w} for li, w in self.light_polygons]
        return d

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TacticalMap) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"TacticalMap({self.name!r}, {self.cols}×{self.rows} cells of {self.cell_size:g} m)"

    # --------------------------------------------------------------- cells
    def cell_of(self, x: float, y: float) -> tuple[int, int]:
        """``(col, row)`` of the cell holding the point (may be outside the map)."""
        s = self.cell_size
        return math.floor(x / s), math.floor(y / s)

    def center(self, col: int, row: int) -> tuple[float, float]:
        """Centre of a cell in metres."""
        s = self.cell_size
        return (col + 0.5) * s, (row + 0.5) * s

    centre = center

    def in_bounds(self, col: int, row: int) -> bool:
        """True for a cell of the map."""
        return 0 <= col < self.cols and 0 <= row < self.rows

    def _standable(self, col: int, row: int) -> bool:
        k = self.kinds[row, col]
        if k == "gap" or (k == "water" and self.depths[row, col] > WADE_DEPTH):
            return False
        return not (k == "wall" and self.heights[row, col] - self.ground[row, col] > LOW_WALL)

    @locked_cached_property
    def standable(self) -> np.ndarray:
        """rows×cols bool: cells one can stand in (no gap, no water deeper than wading, no wall
        taller than a low wall), the rule of :meth:`is_passable` for every cell at once."""
        k, d = self.kinds, self.depths
        tall = (k == "wall") & (self.heights - self.ground > LOW_WALL)
        out = ~((k == "gap") | ((k == "water") & (d > WADE_DEPTH)) | tall)
        out.setflags(write=False)
        return out

    # ------------------------------------------------------- point queries
    def terrain_at(self, x: float, y: float) -> str | None:
        """Terrain kind at a point; None outside the map."""
        s = self.cell_size
        c, r = math.floor(x / s), math.floor(y / s)
        if 0 <= c < self.cols and 0 <= r < self.rows:
            return self._kinds_flat[r * self.cols + c]
        return None

    def ground_height(self, x: float, y: float) -> float:
        """Height one stands at: the top of a wall, the ground, a water
        surface, the bottom of a gap. 0.0 (the datum) outside the map."""
        s = self.cell_size
        c, r = math.floor(x / s), math.floor(y / s)
        if 0 <= c < self.cols and 0 <= r < self.rows:
            return self._floor_flat[r * self.cols + c]
        return 0.0

    def depth_at(self, x: float, y: float) -> float:
        """Water or gap depth at a point (0 elsewhere)."""
        c, r = self.cell_of(x, y)
        return float(self.depths[r, c]) if self.in_bounds(c, r) else 0.0

    def surface_at(self, x: float, y: float) -> str | None:
        """Climb surface of the cell at a point (``"ladder"``, ``"handholds"``...) or None."""
        c, r = self.cell_of(x, y)
        if not self.in_bounds(c, r):
            return None
        code = int(self.surfaces[r, c])
        return SURFACES[code] if code >= 0 else None

    def is_passable(self, x: float, y: float, mover: Mover | None = None) -> bool:
        """Can ``mover`` be in this cell? Without a mover: can one stand or
        walk there (not a gap, deep water or a wall taller than 1 m)."""
        c, r = self.cell_of(x, y)
        if not self.in_bounds(c, r):
            return False
        if mover is None:
            return self._standable(c, r)
        return bool(self.movement_arrays(mover).cls[r, c] != NONE)

    # --------------------------------------------------------------- light
    def light_at(self, x: float, y: float) -> str:
        """``"bright"``, ``"dim"`` or ``"dark"`` at a point (map default outside)."""
        uniform = self.uniform_light
        return uniform if uniform is not None else LIGHTS[self._light.code_at(x, y)]

    def light_at_many(self, xs: Sequence[float] | np.ndarray, ys: Sequence[float] | np.ndarray) -> np.ndarray:
        """Light names at many points, vectorised (object array of str)."""
        return self._light.names(xs, ys)

    def light_codes_many(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """Like :meth:`light_at_many` but int8 codes into ``LIGHTS`` (fastest)."""
        return self._light.codes_at(xs, ys)

    # --------------------------------------------------------------- sight
    @locked_cached_property
    def sight(self) -> SightGrid:
        """The sight index (obstacle tops = :attr:`floor_z`)."""
        return SightGrid(self.floor_z, self.cell_size)

    def line_of_sight(self, a: Sequence[float], b: Sequence[float]) -> bool:
        """True when the 3-D segment a→b ((x, y, z) metres, z absolute) passes
        over every obstacle (DECISIONS · Attacks at a distance)."""
        key = (a[0], a[1], a[2], b[0], b[1], b[2])
        cache = self._sight_cache
        hit = cache.get(key)
        if hit is None:
            hit = self.sight.clear(a, b)
            if len(cache) >= 65536:
                cache.clear()
            cache[key] = hit
        return hit

    def line_of_sight_many(self, A: np.ndarray, B: np.ndarray) -> np.ndarray:
        """Vectorised :meth:`line_of_sight` for N pairs (N×3 arrays) → bool[N]."""
        return self.sight.clear_many(A, B)



class FrozenList(list):
    """A list that refuses to change (a map's spawn points: the map is shared)."""

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise TypeError("a TacticalMap's spawn list is read-only (copy it with list(...))")

    append = extend = insert = remove = pop = clear = sort = reverse = _refuse
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse  # type: ignore[assignment]


def _rebuild(d: dict, source: str) -> TacticalMap:
    """Unpickle a map (see :meth:`TacticalMap.__reduce__`)."""
    return TacticalMap.from_dict(d, source=source)


def _lines(rows: str | Sequence[str]) -> list[str]:
    """Grid lines from a multi-line string (first empty line dropped) or a list."""
    if isinstance(rows, str):
        lines = rows.split("\n")
        if lines and lines[0] == "":
            lines = lines[1:]
        while lines and lines[-1].strip() == "":
            lines.pop()
        return lines
    return [str(x) for x in rows]
