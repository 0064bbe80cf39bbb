"""Spots that weigh the same: the tactician's numbers at a spot depend on a few coarse facts only.

The attack a fighter makes from a spot, and what the enemies do to it
there, depend on the spot through its light, whether getting there is a
run, and for each (fighter, weapon) pair whether the weapon reaches, and in
which range band (point-blank, short … extreme: 003 · step 3), or for an
enemy's melee weapon whether it walks or runs to strike. Spots alike in all
of these share every shot and threat (the tactician's memo keys on the same
facts), so :func:`spot_groups` sorts the phase's spots into groups and the
tactician weighs each group once; the spots of a group differ only in their
cost, which the group's best spot wins::

    >>> import numpy as np
    >>> from tactics.rulesets.d100_opposed.sheet import Ranges
    >>> band_codes(np.array([1.0, 3.0, 12.0, 70.0]), Ranges(5, 20, 35, 60)).tolist()
    [0, 1, 2, 5]
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tactics.ai.d100_opposed.odds import REACH_M
from tactics.rulesets.d100_opposed.modifiers import BANDS, POINT_BLANK_M

BEYOND = len(BANDS) + 1
SKIP = -1


def band_codes(d: np.ndarray, ranges: Any) -> np.ndarray:
    """The range band of each distance as :func:`~tactics.rulesets.d100_opposed.modifiers.range_band`
    reads it: 0 point-blank, 1 short … 4 extreme, :data:`BEYOND` past extreme."""
    code = np.full(d.shape, BEYOND, dtype=np.int64)
    for k in range(len(BANDS) - 1, -1, -1):
        code[d <= getattr(ranges, BANDS[k][0])] = k + 1
    code[(d <= POINT_BLANK_M) & (d <= ranges.extreme)] = 0
    return code


def _ranged(d: np.ndarray, sees: np.ndarray, ranges: Any) -> np.ndarray:
    """Band code where the weapon reaches and the line is clear, :data:`SKIP` elsewhere."""
    code = band_codes(d, ranges)
    code[(d > ranges.extreme + 1e-9) | ~sees] = SKIP
    return code


def _flat(e: Any, xy: list[tuple[float, float]], members: list[int], edges: tuple[float, ...]) -> np.ndarray:
    """Flat metres from ``e`` to each spot as ``math.hypot`` gives them: numpy's, and the ones within a
    hair of an ``edge`` asked again of ``math.hypot`` (the two may differ in the last bit)."""
    x = np.array([xy[i][0] for i in members])
    y = np.array([xy[i][1] for i in members])
    flat = np.hypot(e.x - x, e.y - y)
    close = np.zeros(len(members), dtype=bool)
    for edge in edges:
        close |= np.abs(flat - edge) <= 1e-9 * max(1.0, abs(edge))
    for j in np.flatnonzero(close).tolist():
        flat[j] = math.hypot(e.x - xy[members[j]][0], e.y - xy[members[j]][1])
    return flat


def spot_groups(ctx: Any, members: list[int]) -> list[list[int]]:
    """``members`` (spot indices, in order) grouped by everything the tactician's shots and threats
    read at a spot; groups in the order of their first spot, each in spot order."""
    sp = ctx.sp
    idx = np.array(members, dtype=np.int64)
    cost = np.array(sp.cost)[idx]
    cols: list[Any] = [(cost > ctx.walk + 1e-6).tolist(), [sp.light[i] for i in members]]
    for t in ctx.enemies:   # my attacks (Ctx.shots)
        d = np.array(sp.dist[t.id])[idx]
        sees = np.array(sp.sees[t.id], dtype=bool)[idx]
        for w in ctx.weapons:
            cols.append((d <= REACH_M + 1e-9).tolist() if w.melee else _ranged(d, sees, w.range).tolist())
    xy = sp.xy
    for e, _, e_walk, e_run, _, _, e_prone, arms in ctx.foes:   # their attacks on me (Ctx.threat)
        d = np.array(sp.dist[e.id])[idx]
        sees = np.array(sp.sees[e.id], dtype=bool)[idx]
        flat = None
        for w, melee, _ in arms:
            if not melee:
                cols.append(_ranged(d, sees, w.range).tolist())
            elif not e_prone:
                if flat is None:
                    flat = _flat(e, xy, members, (e_run + REACH_M, e_walk + REACH_M))
                code = (flat > e_walk + REACH_M).astype(np.int64)
                code[flat > e_run + REACH_M] = SKIP
                cols.append(code.tolist())
    groups: dict[tuple, list[int]] = {}
    for i, key in zip(members, zip(*cols)):
        got = groups.get(key)
        if got is None:
            groups[key] = [i]
        else:
            got.append(i)
    return list(groups.values())


def first_best(members: list[int], bases: list[float], score: Any) -> int:
    """The first of ``members`` whose ``score(base)`` is the highest (``score`` grows with the base,
    so that is the first whose score equals the largest base's)."""
    top = score(max(bases))
    for i, b in zip(members, bases):
        if score(b) == top:
            return i
    return members[0]


__all__ = ["spot_groups", "band_codes", "first_best", "BEYOND", "SKIP"]
