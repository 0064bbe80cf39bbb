"""The battlefield as the viewer draws it: a few rows×cols arrays.

The viewer needs only what a picture needs — terrain kind, ground height,
water depth and light per cell — so it copies those arrays out of a
:class:`tactics.map.TacticalMap` once and never asks the map anything else::

    >>> g = MapGrid.from_rows(["#..", "~.."], {"#": "wall", ".": "floor", "~": "water"})
    >>> g.cols, g.rows, g.kinds[1, 0]
    (3, 2, 'water')
    >>> g.cell_of(2.5, 1.0)        # x east = column, y south = row, 2 m cells
    (1, 0)

:func:`map_for_replay` rebuilds the map of a replay through
``Replay.map()`` (the map layer); when that layer cannot read the header
(not installed yet, older build) it falls back to reading the plain arrays
of the header dict itself, so any replay still opens.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

LIGHTS = ("bright", "dim", "dark")


@dataclass
class MapGrid:
    """Per-cell arrays for drawing; row 0 is the north edge (y grows south)."""

    kinds: np.ndarray
    heights: np.ndarray
    depths: np.ndarray
    light: np.ndarray
    cell_size: float = 2.0
    name: str = ""
    features: list[dict[str, Any]] = field(default_factory=list)
    """Extra drawn things (ropes between two points...): ``{"kind", "points"}``."""

    @property
    def rows(self) -> int:
        return int(self.kinds.shape[0])

    @property
    def cols(self) -> int:
        return int(self.kinds.shape[1])

    @property
    def width_m(self) -> float:
        return self.cols * self.cell_size

    @property
    def height_m(self) -> float:
        return self.rows * self.cell_size

    def cell_of(self, x: float, y: float) -> tuple[int, int]:
        """``(col, row)`` of the cell under ``(x, y)``, clamped to the map."""
        c = int(x // self.cell_size)
        r = int(y // self.cell_size)
        return (min(max(c, 0), self.cols - 1), min(max(r, 0), self.rows - 1))

    def ground_at(self, x: float, y: float) -> float:
        c, r = self.cell_of(x, y)
        return float(self.heights[r, c])

    def light_at(self, x: float, y: float) -> str:
        c, r = self.cell_of(x, y)
        return str(self.light[r, c])

    # -- building -----------------------------------------------------------
    @classmethod
    def from_rows(
        cls,
        rows: list[str],
        legend: dict[str, Any],
        cell_size: float = 2.0,
        heights: Any = None,
        depths: Any = None,
        light: Any = None,
        name: str = "",
    ) -> MapGrid:
        """From an ASCII grid and a legend ``{char: kind}`` (or ``{char: {"kind": ...}}``)."""
        width = max((len(r) for r in rows), default=0)
        kinds = np.full((len(rows), width), "floor", dtype=object)
        hts = np.zeros((len(rows), width), dtype=float)
        dps = np.zeros((len(rows), width), dtype=float)
        for r, line in enumerate(rows):
            for c, ch in enumerate(line):
                entry = legend.get(ch, "floor")
                if isinstance(entry, dict):
                    kinds[r, c] = str(entry.get("kind", "floor"))
                    hts[r, c] = float(entry.get("height", 0.0) or 0.0)
                    dps[r, c] = float(entry.get("depth", 0.0) or 0.0)
                else:
                    kinds[r, c] = str(entry)
        shape = kinds.shape
        if heights is not None:
            hts = _grid(heights, shape, float)
        if depths is not None:
            dps = _grid(depths, shape, float)
        lit = _grid(light, shape, object) if light is not None else np.full(shape, "bright", dtype=object)
        return cls(kinds, hts, dps, lit, float(cell_size), name)

    @classmethod
    def from_map(cls, m: Any) -> MapGrid:
        """Copy the drawing arrays out of a ``TacticalMap`` (or anything shaped like one)."""
        kinds = np.asarray(m.kinds, dtype=object)
        shape = kinds.shape
        heights = _grid(getattr(m, "heights", None), shape, float)
        depths = _grid(getattr(m, "depths", None), shape, float)
        light = getattr(m, "light_grid", None)
        light = _grid(light, shape, object) if light is not None else np.full(shape, "bright", dtype=object)
        features = []
        for attr in ("ropes", "ladders"):
            for item in getattr(m, attr, None) or ():
                pts = _points(item)
                if pts:
                    features.append({"kind": attr[:-1], "points": pts})
        return cls(kinds, heights, depths, light, float(getattr(m, "cell_size", 2.0)), str(getattr(m, "name", "")), features)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> MapGrid:
        """Best-effort reading of a header map dict without the map layer.

        Understands ``kinds`` (rows of kind names) or ``grid``/``rows`` (ASCII
        lines) with a ``legend``, and optional ``heights``, ``depths``,
        ``light``/``light_grid`` grids and ``cell_size``.
        """
        cell = float(d.get("cell_size", 2.0) or 2.0)
        name = str(d.get("name", ""))
        if "kinds" in d:
            kinds = np.array([[str(k) for k in row] for row in d["kinds"]], dtype=object)
            g = cls(kinds, np.zeros(kinds.shape), np.zeros(kinds.shape), np.full(kinds.shape, "bright", dtype=object), cell, name)
        else:
            grid = d.get("grid", d.get("rows", []))
            if isinstance(grid, str):
                grid = grid.strip("\n").splitlines()
            g = cls.from_rows(list(grid), dict(d.get("legend", {}) or {}), cell, name=name)
        shape = g.kinds.shape
        if d.get("heights") is not None and not isinstance(d["heights"], dict):
            g.heights = _grid(d["heights"], shape, float)
        if d.get("depths") is not None and not isinstance(d["depths"], dict):
            g.depths = _grid(d["depths"], shape, float)
        light = d.get("light_grid", d.get("light"))
        if light is not None and not isinstance(light, dict):
            g.light = _grid(light, shape, object)
        return g


def _grid(value: Any, shape: tuple[int, int], dtype: Any) -> np.ndarray:
    if value is None:
        return np.zeros(shape, dtype=float) if dtype is float else np.full(shape, "bright", dtype=object)
    if dtype is object and isinstance(value, str):
        return np.full(shape, value, dtype=object)
    arr = np.asarray(value, dtype=dtype)
    if arr.shape != shape:
        out = np.zeros(shape, dtype=float) if dtype is float else np.full(shape, "bright", dtype=object)
        r, c = min(shape[0], arr.shape[0] if arr.ndim else 0), min(shape[1], arr.shape[1] if arr.ndim > 1 else 0)
        if r and c:
            out[:r, :c] = arr[:r, :c]
        return out
    return arr


def _points(item: Any) -> list[tuple[float, float]]:
    """Points of a rope/ladder feature, whatever shape the map gives it."""
    if isinstance(item, dict):
        for key in ("points", "path", "line"):
            if key in item:
                item = item[key]
                break
        else:
            if "start" in item and "end" in item:
                item = [item["start"], item["end"]]
            else:
                return []
    else:
        for key in ("points", "path"):
            if hasattr(item, key):
                item = getattr(item, key)
                break
        else:
            if hasattr(item, "start") and hasattr(item, "end"):
                item = [item.start, item.end]
            elif hasattr(item, "coords"):
                item = list(item.coords)
    try:
        return [(float(p[0]), float(p[1])) for p in item]
    except (TypeError, IndexError, ValueError):
        return []


def map_for_replay(replay: Any) -> MapGrid:
    """The drawing grid of a replay's battlefield.

    Uses the map layer (``replay.map()``); a map the layer refuses raises its
    :class:`~tactics.errors.InputError`. If the layer is missing or cannot
    rebuild this header, the header dict is read directly.
    """
    from tactics.errors import InputError

    try:
        m = replay.map()
    except InputError:
        raise
    except (ImportError, AttributeError, NotImplementedError, KeyError, TypeError):
        return MapGrid.from_dict(replay.header.map)
    return MapGrid.from_map(m)
