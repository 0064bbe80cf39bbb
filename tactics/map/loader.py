"""Map files: TOML in, :class:`TacticalMap` out, every refusal one line.

A map file (see docs/maps.md for the whole format)::

    [map]
    name = "duel"
    description = "Two pillars."
    cell_size = 2
    grid = \"\"\"
    r..O..b
    .......
    \"\"\"

    [legend]                      # extends DEFAULT_LEGEND
    "O" = { kind = "wall", height = 3 }

Problems are :class:`~tactics.errors.InputError` naming the place: ``line N,
column M`` for a TOML syntax error or a bad grid character (the grid's own
line in the file), ``[light] polygon 2``, ``[spawns] red cell 1``,
``legend 'x'``... ::

    >>> build_map({"map": {"grid": ["..Q"]}}, "x.toml")
    Traceback (most recent call last):
    ...
    tactics.errors.InputError: x.toml: grid row 1, col 3: unknown legend character 'Q'
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from pathlib import Path

import numpy as np

from ..errors import InputError, read_toml_text
from ..filememo import FileMemo
from .limits import MAX_HEIGHT, check_cell_size, check_cells, check_number
from .tactical import TacticalMap, _lines
from .terrain import KINDS, LIGHTS, SURFACES, Terrain, canonical_kind

DEFAULT_LEGEND: dict[str, Terrain] = {
    ".": Terrain("floor"),
    "#": Terrain("wall", height=4.0),
    "O": Terrain("wall", height=3.0),
    "=": Terrain("wall", height=1.0),
    "~": Terrain("water", depth=2.0),
    ",": Terrain("water", depth=0.5),
    "_": Terrain("gap", depth=10.0),
    "^": Terrain("cliff"),
    "H": Terrain("ladder"),
    "|": Terrain("rope"),
    "%": Terrain("rubble"),
    "r": Terrain("floor", spawn="red"),
    "b": Terrain("floor", spawn="blue"),
}
"""Characters every map knows; a file's ``[legend]`` adds to or overrides them."""

DEFAULT_DEPTH = {"water": 2.0, "gap": 10.0}
DEFAULT_WALL_HEIGHT = 4.0
_TOP_KEYS = {"format", "version", "map", "legend", "heights", "light", "spawns"}
_HEIGHT_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def load_map(path: str | Path) -> TacticalMap:
    """Read and validate a map file; raises :class:`InputError` on any problem.

    The same file with the same content gives the same :class:`TacticalMap`
    object, from any thread: maps are immutable, and their lazily built
    sight tables, movement graphs and path answers are then shared too. See
    :data:`MAP_MEMORY` for the memo (the one piece of process-wide state of
    the map layer).
    """
    def build() -> tuple[TacticalMap, str]:
        doc, text = read_toml_text(path, "map file")
        return build_map(doc, str(path), text), text
    return _MEMO.load(path, "map", build)


MAP_MEMORY = 32
"""How many parsed maps :func:`load_map` keeps (least recently used first out).

The one process-wide memo of the map layer (a :class:`~tactics.filememo.FileMemo`):
keyed by the absolute path, the file's device and inode (the file itself,
whatever the path), its size and ``st_mtime_ns``, and a BLAKE2b hash of its
bytes (so a file rewritten within the same mtime tick still reloads); the
values are immutable maps. A hit costs an open, an ``fstat``, a read and a
hash of the file (about 7-30 µs), no parsing, and only an ``os.stat`` (about
2 µs) once the file is a couple of seconds older than the last hash of its
bytes (:mod:`tactics.filememo`). :func:`clear_map_memo` empties it."""

_MEMO: FileMemo[TacticalMap] = FileMemo(MAP_MEMORY)


def clear_map_memo() -> None:
    """Forget every map :func:`load_map` kept (the next load parses again)."""
    _MEMO.clear()


def validate_map(path: str | Path) -> list[str]:
    """Problems of a map file as one-line strings (empty: the map is fine)."""
    try:
        load_map(path)
    except InputError as exc:
        return [str(exc)]
    return []


# ------------------------------------------------------------------ pieces
def _num(v: object, src: str, place: str, what: str, minimum: float | None = None) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise InputError(src, place, f"{what} must be a number, not {type(v).__name__} {v!r}")
    if not math.isfinite(v):
        raise InputError(src, place, f"{what} must be a finite number, not {v!r}")
    if minimum is not None and v < minimum:
        raise InputError(src, place, f"{what} must be at least {minimum:g}, not {v!r}")
    return float(v)


def _table(doc: Mapping, key: str, src: str) -> Mapping:
    v = doc.get(key, {})
    if not isinstance(v, Mapping):
        raise InputError(src, f"[{key}]", f"must be a table, not {type(v).__name__}")
    return v


def _keys(t: Mapping, allowed: set[str], src: str, place: str) -> None:
    extra = sorted(set(t) - allowed)
    if extra:
        raise InputError(src, place, f"unknown key {extra[0]!r}; known: {', '.join(sorted(allowed))}")


def parse_terrain(spec: object, src: str, place: str) -> Terrain:
    """A legend entry: a kind name or a table ``{kind, height, depth, surface, spawn}``."""
    if isinstance(spec, Terrain):
        return spec
    if isinstance(spec, str):
        spec = {"kind": spec}
    if not isinstance(spec, Mapping):
        raise InputError(src, place, f"must be a kind name or a table, not {type(spec).__name__}")
    _keys(spec, {"kind", "height", "depth", "surface", "spawn"}, src, place)
    if "kind" not in spec:
        raise InputError(src, place, "missing key 'kind'")
    raw = spec["kind"]
    kind = canonical_kind(raw) if isinstance(raw, str) else None
    if kind is None:
        raise InputError(src, place, f"unknown terrain kind {raw!r}; use one of {', '.join(KINDS)}")
    height = _num(spec.get("height", DEFAULT_WALL_HEIGHT if kind == "wall" else 0.0), src, place, "height", 0)
    depth = _num(spec.get("depth", DEFAULT_DEPTH.get(kind, 0.0)), src, place, "depth", 0)
    check_number(height, src, place, "height", 0.0, MAX_HEIGHT)
    check_number(depth, src, place, "depth", 0.0, MAX_HEIGHT)
    if kind == "wall" and height <= 0:
        raise InputError(src, place, "a wall needs a height above 0")
    if kind in ("water", "gap") and depth <= 0:
        raise InputError(src, place, f"{kind} needs a depth above 0")
    surface = spec.get("surface")
    if surface is not None and surface not in SURFACES:
        raise InputError(src, place, f"unknown climb surface {surface!r}; use one of {', '.join(SURFACES)}")
    spawn = spec.get("spawn")
    if spawn is not None and (not isinstance(spawn, str) or not spawn):
        raise InputError(src, place, f"spawn must be a team name, not {spawn!r}")
    return Terrain(kind, height if kind == "wall" else 0.0,
                   depth if kind in ("water", "gap") else 0.0, surface, spawn)


def parse_height_rows(lines: list[str], scale: float, src: str,
                      place: Callable[[int, int], str]) -> np.ndarray:
    """Height characters (``0-9``, ``a-z`` = 10..35, ``.`` = 0) times ``scale``."""
    check_cells(max((len(x) for x in lines), default=0), len(lines), src, place(0, 0))
    out = np.zeros((len(lines), max((len(x) for x in lines), default=0)))
    for r, line in enumerate(lines):
        if len(line) != out.shape[1]:
            raise InputError(src, place(r, min(len(line), out.shape[1])),
                             f"ragged height grid: row {r + 1} has {len(line)} cells, the longest {out.shape[1]}")
        for c, ch in enumerate(line):
            v = 0 if ch == "." else _HEIGHT_DIGITS.find(ch.lower())
            if v < 0:
                raise InputError(src, place(r, c), f"unknown height character {ch!r}; use 0-9, a-z or .")
            out[r, c] = v * scale
    return out


class _Locator:
    """Where the rows of a grid string sit in the TOML text (1-based lines)."""

    def __init__(self, text: str | None) -> None:
        self.lines = text.split("\n") if text is not None else None

    def rows(self, section: str, key: str, n: int) -> list[tuple[int, int]] | None:
        """``(line, first column)`` for each of n rows of ``key`` in ``[section]``."""
        if self.lines is None:
            return None
        lines = self.lines
        i = 0
        while i < len(lines) and lines[i].strip() != f"[{section}]":
            i += 1
        pat = re.compile(rf"^\s*{re.escape(key)}\s*=\s*")
        while i < len(lines) and not pat.match(lines[i]):
            i += 1
        if i >= len(lines):
            return None
        m = pat.match(lines[i])
        rest = lines[i][m.end():]
        out: list[tuple[int, int]] = []
        if rest.startswith(('"""', "'''")):
            start = m.end() + 3
            if lines[i][start:].strip() == "":
                return [(i + 2 + r, 1) for r in range(n)]
            out.append((i + 1, start + 1))
            return out + [(i + 2 + r, 1) for r in range(n - 1)]
        j, col = i, m.end()
        strpat = re.compile(r'"((?:[^"\\]|\\.)*)"|\'([^\']*)\'')
        while j < len(lines) and len(out) < n:
            for sm in strpat.finditer(lines[j], col):
                out.append((j + 1, sm.start() + 2))
            j, col = j + 1, 0
        return out if len(out) == n else None

    def placer(self, section: str, key: str, n: int, fallback: str) -> Callable[[int, int], str]:
        pos = self.rows(section, key, n)

        def place(r: int, c: int) -> str:
            if pos is not None and 0 <= r < len(pos):
                line, col0 = pos[r]
                return f"line {line}, column {col0 + c}"
            return f"{fallback} row {r + 1}, col {c + 1}"
        return place


def _grid_lines(v: object, src: str, place: str) -> list[str]:
    if isinstance(v, str):
        return _lines(v)
    if isinstance(v, list) and all(isinstance(x, str) for x in v):
        return list(v)
    raise InputError(src, place, "must be a multi-line string or a list of strings")


def build_map(doc: Mapping, src: str = "<dict>", text: str | None = None) -> TacticalMap:
    """A validated :class:`TacticalMap` from a parsed map document."""
    if not isinstance(doc, Mapping):
        raise InputError(src, "", f"a map must be a table, not {type(doc).__name__}")
    _keys(doc, _TOP_KEYS, src, "top level")
    loc = _Locator(text)
    m = doc.get("map")
    if m is None:
        raise InputError(src, "[map]", "missing table [map]")
    m = _table(doc, "map", src)
    _keys(m, {"name", "description", "cell_size", "grid"}, src, "[map]")
    if "grid" not in m:
        raise InputError(src, "[map]", "missing key 'grid'")
    grid = _grid_lines(m["grid"], src, "[map] grid")
    check_cells(max((len(line) for line in grid), default=0), len(grid), src, "[map] grid")
    for k in ("name", "description"):
        if k in m and not isinstance(m[k], str):
            raise InputError(src, f"[map] {k}", f"must be a string, not {type(m[k]).__name__}")
    cell_size = check_cell_size(_num(m.get("cell_size", 2.0), src, "[map] cell_size", "cell_size"), src)
    name = m.get("name", Path(src).stem if src not in ("<dict>", "<grid>") else "untitled")

    legend = dict(DEFAULT_LEGEND)
    for ch, spec in _table(doc, "legend", src).items():
        if len(ch) != 1:
            raise InputError(src, f"legend {ch!r}", "a legend key must be exactly one character")
        legend[ch] = parse_terrain(spec, src, f"legend {ch!r}")

    rows, cols = len(grid), len(grid[0]) if grid else 0
    h = _table(doc, "heights", src)
    _keys(h, {"scale", "grid", "regions", "ground"}, src, "[heights]")
    ground = None
    scale = _num(h.get("scale", 1.0), src, "[heights] scale", "scale")  # checked even when unused
    if "ground" in h:
        g = h["ground"]
        try:
            ground = np.array(g, float)
        except (TypeError, ValueError):
            raise InputError(src, "[heights] ground", "must be rows of numbers") from None
        if ground.ndim != 2:
            raise InputError(src, "[heights] ground", "must be rows of numbers")
        _check_heights(ground, src, lambda r, c: f"[heights] ground row {r + 1}, col {c + 1}")
    elif "grid" in h:
        hl = _grid_lines(h["grid"], src, "[heights] grid")
        hplace = loc.placer("heights", "grid", len(hl), "[heights] grid")
        ground = parse_height_rows(hl, scale, src, hplace)
        _check_heights(ground, src, hplace)
    if "regions" in h:
        if ground is None:
            ground = np.zeros((rows, cols))
        ground = np.array(ground, float)
        regions = h["regions"]
        if not isinstance(regions, list):
            raise InputError(src, "[heights] regions", "must be a list of tables")
        for i, reg in enumerate(regions, 1):
            place = f"[heights] region {i}"
            if not isinstance(reg, Mapping):
                raise InputError(src, place, "must be a table")
            _keys(reg, {"cols", "rows", "cells", "height"}, src, place)
            if "height" not in reg:
                raise InputError(src, place, "missing key 'height'")
            hv = check_number(_num(reg["height"], src, place, "height"), src, place, "height",
                              -MAX_HEIGHT, MAX_HEIGHT)
            if "cells" in reg:
                cells = _cells(reg["cells"], src, place)
            else:
                c0, c1 = _pair(reg.get("cols", [0, cols - 1]), src, place, "cols")
                r0, r1 = _pair(reg.get("rows", [0, rows - 1]), src, place, "rows")
                for what, lo, hi, n in (("cols", c0, c1, cols), ("rows", r0, r1, rows)):
                    if not (0 <= lo <= hi < n):
                        raise InputError(src, place, f"{what} [{lo}, {hi}] is not a range of the map's "
                                         f"{n} {what} (0 to {n - 1})")
                cells = [(c, r) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]
            for c, r in cells:
                if not (0 <= c < cols and 0 <= r < rows) or ground.shape != (rows, cols):
                    raise InputError(src, place, f"cell {(c, r)} is outside the map ({cols} cols × {rows} rows)")
                ground[r, c] = hv

    li = _table(doc, "light", src)
    _keys(li, {"default", "grid", "polygons"}, src, "[light]")
    default_light = li.get("default", "bright")
    if default_light not in LIGHTS:
        raise InputError(src, "[light] default", f"unknown light {default_light!r}; use one of {', '.join(LIGHTS)}")
    light_layer = light_place = None
    if "grid" in li:
        light_layer = _grid_lines(li["grid"], src, "[light] grid")
        light_place = loc.placer("light", "grid", len(light_layer), "[light] grid")
    polygons = []
    raw_polys = li.get("polygons", [])
    if not isinstance(raw_polys, list):
        raise InputError(src, "[light] polygons", "must be a list of {light, wkt} tables")
    for i, p in enumerate(raw_polys, 1):
        place = f"[light] polygon {i}"
        if not isinstance(p, Mapping):
            raise InputError(src, place, "must be a table {light, wkt}")
        _keys(p, {"light", "wkt"}, src, place)
        for k in ("light", "wkt"):
            if not isinstance(p.get(k), str):
                raise InputError(src, place, f"missing or non-string key {k!r}")
        polygons.append((p["light"], p["wkt"]))

    spawns: dict[str, list[tuple[int, int]]] = {}
    for team, cells in _table(doc, "spawns", src).items():
        spawns[team] = _cells(cells, src, f"[spawns] {team}")

    return TacticalMap(grid=grid, legend=legend, name=name, description=m.get("description", ""),
                       cell_size=cell_size, ground=ground, default_light=default_light,
                       light_layer=light_layer, light_polygons=polygons, spawns=spawns, source=src,
                       grid_place=loc.placer("map", "grid", rows, "grid"), light_place=light_place)


def _check_heights(ground: np.ndarray, src: str, place: Callable[[int, int], str]) -> None:
    """Every ground height finite and within ±:data:`~tactics.map.limits.MAX_HEIGHT`."""
    bad = ~np.isfinite(ground) | (np.abs(ground) > MAX_HEIGHT)
    if bad.any():
        r, c = (int(i) for i in np.argwhere(bad)[0])
        raise InputError(src, place(r, c), f"ground height must be a finite number between {-MAX_HEIGHT:g} and "
                         f"{MAX_HEIGHT:g} m, not {float(ground[r, c]):g}")


def _pair(v: object, src: str, place: str, what: str) -> tuple[int, int]:
    if (not isinstance(v, list) or len(v) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
        raise InputError(src, place, f"{what} must be [first, last] (integers)")
    return v[0], v[1]


def _cells(v: object, src: str, place: str) -> list[tuple[int, int]]:
    if not isinstance(v, list):
        raise InputError(src, place, "must be a list of [col, row] cells")
    out = []
    for i, cell in enumerate(v, 1):
        if (not isinstance(cell, list) or len(cell) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in cell)):
            raise InputError(src, f"{place} cell {i}", f"must be [col, row] (integers), not {cell!r}")
        out.append((cell[0], cell[1]))
    return out
