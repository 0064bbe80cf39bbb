"""What a map may hold: its size and the range of its numbers (issue #16).

A map's cost grows with its cells (the movement graph has up to 8 edges a
cell, the sight table ``log2(rows) * log2(cols)`` numbers a cell): a 2000 ×
2000 map took 11.7 GB and died. So a map is refused, with one line naming
the file and the place, when it is bigger than :data:`MAX_CELLS`, or when a
number is not finite or out of its range::

    >>> check_cells(600, 600, "big.toml", "[map] grid")
    Traceback (most recent call last):
    ...
    tactics.errors.InputError: big.toml: [map] grid: the map is 600 × 600 = 360,000 cells, over the limit of 262,144 cells (512 × 512)
    >>> check_number(float("nan"), "x.toml", "legend '#'", "height", 0, MAX_HEIGHT)
    Traceback (most recent call last):
    ...
    tactics.errors.InputError: x.toml: legend '#': height must be a finite number, not nan
"""

from __future__ import annotations

import math

from ..errors import InputError

MAX_CELLS = 512 * 512
"""Most cells a map may have (262,144: 512 × 512, or any other shape of that many)."""

MIN_CELL_SIZE = 0.25
MAX_CELL_SIZE = 20.0
"""Range of ``cell_size`` in metres (a cell is one "space" of the rules, 2 m by default)."""

MAX_HEIGHT = 1000.0
"""Highest ground or wall top, deepest water or gap, in metres (also the lowest ground: -1000)."""


def check_cells(cols: int, rows: int, src: str, place: str) -> None:
    """Refuse a grid of more than :data:`MAX_CELLS` cells, before anything is built from it."""
    n = cols * rows
    if n > MAX_CELLS:
        raise InputError(src, place, f"the map is {cols} × {rows} = {n:,} cells, over the limit of "
                         f"{MAX_CELLS:,} cells (512 × 512)")


def check_number(v: float, src: str, place: str, what: str, low: float, high: float) -> float:
    """``v`` as a float when finite and within ``[low, high]``, else one :class:`InputError` line."""
    v = float(v)
    if not math.isfinite(v):
        raise InputError(src, place, f"{what} must be a finite number, not {v!r}")
    if not low <= v <= high:
        raise InputError(src, place, f"{what} must be between {low:g} and {high:g} m, not {v:g}")
    return v


def check_cell_size(v: float, src: str, place: str = "[map] cell_size") -> float:
    """A finite ``cell_size`` within :data:`MIN_CELL_SIZE` .. :data:`MAX_CELL_SIZE` metres."""
    return check_number(v, src, place, "cell_size", MIN_CELL_SIZE, MAX_CELL_SIZE)
