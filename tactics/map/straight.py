"""Reusing a straight walk found clear: the walk from the same start to a point on that line is clear too.

:func:`~tactics.map.pathing.straight_walk_line` reads only the ground (open,
level cells of walking cost 1, the same in every mover's graph), so a walk
found clear from ``a`` to ``g`` answers for any ``b`` on that segment: the
cells the shorter line touches are among those the longer one was checked
on. The grid walk counts a line passing within 1e-9 (as a share of its
length) of a cell corner as touching both cells beside it, so a point off
the line by rounding (the ``a + (g - a) * f`` of a walk cut where the turn's
movement ends) is covered; :data:`OFF_LINE` is a thousand times tighter::

    >>> on_clear_walk((0.0, 0.0, 0.0), (3.0, 1.5, 0.0), (8.0, 4.0, 0.0))
    True
    >>> on_clear_walk((0.0, 0.0, 0.0), (3.0, 1.6, 0.0), (8.0, 4.0, 0.0))
    False
    >>> on_clear_walk((0.0, 0.0, 0.0), (9.0, 4.5, 0.0), (8.0, 4.0, 0.0))
    False
"""

from __future__ import annotations

OFF_LINE = 1e-12
"""How far ``b`` may lie off the line (as a share of the clear walk's length): rounding, no more."""


def on_clear_walk(a: tuple[float, ...], b: tuple[float, ...], g: tuple[float, ...] | None) -> bool:
    """Is ``b`` on the segment from ``a`` to ``g`` (a walk found clear; None: none known), up to rounding?"""
    if g is None:
        return False
    ux, uy = g[0] - a[0], g[1] - a[1]
    wx, wy = b[0] - a[0], b[1] - a[1]
    uu = ux * ux + uy * uy
    dot = ux * wx + uy * wy
    if not (0.0 < dot <= uu):
        return False
    cross = ux * wy - uy * wx
    return -OFF_LINE * uu <= cross <= OFF_LINE * uu
