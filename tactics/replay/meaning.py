"""What a replay's numbers must mean: rolls that add up, positions on the map.

:mod:`tactics.replay.checks` calls these from its one pass over the events,
so they read the generic roll record (``docs/replay.md`` · The roll record)
and never a ruleset. A roll adds up when

- its ``faces`` fit its ``dice`` (``d6``: one face 1-6; ``4dF``: four
  faces -1..+1; ``d100``: read 0-99; ``2d10+3``: two faces 1-10),
- ``total`` is the faces plus the ``mods`` (plus the notation's constant; an
  ``under`` roll carries its modifiers in ``target_mods``, so its total is
  the reading itself),
- ``target`` is the sum of ``target_mods`` when those are given,
- ``margin`` is ``total`` minus the other side's total (an opposed roll) or
  minus the target (``beat``, ``meet``); an ``under`` roll's margin is the
  ruleset's own reading of it (003's margin of success) and is not checked,
- with no tag to say otherwise (``natural 20``, ``critical``, ``automatic``,
  ...), ``success`` is the mode's comparison: ``beat`` total > target,
  ``meet`` total >= target, ``under`` total <= target (an ``opposed``
  verdict is the ruleset's: ties and automatic results differ),
- and the other side's roll (``vs``) adds up too::

    >>> from tactics.replay.schema import RollRec
    >>> roll_problem(RollRec(dice="d12", faces=[9], total=13, success=True, target=12,
    ...                      mods=[("skill", 4)], target_mods=[("defense", 12)]), {})
    >>> roll_problem(RollRec(dice="d12", faces=[9], total=14, success=True, target=12,
    ...                      mods=[("skill", 4)]), {})
    'total 14 is not the faces 9 plus the modifiers 4 (13)'
    >>> roll_problem(RollRec(dice="4dF", faces=[1, 2, 0, 0], total=3, success=True, mode="meet"), {})
    'face 2 is not one a 4dF die shows (-1 to 1)'

Positions (the roster's starts, every leg of a move, a fall's ends) lie on
the map the header carries, within :data:`TOLERANCE_M` of its edge::

    >>> bounds = map_bounds({"map": {"cell_size": 2.0, "grid": ["....", "...."]}})
    >>> bounds
    (-1.0, -1.0, 9.0, 5.0)
    >>> off_map((8.5, 4.0, 0.0), bounds), off_map((12.0, 1.0, 0.0), bounds)
    (False, True)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

__all__ = ["TOLERANCE_M", "MODES", "map_bounds", "off_map", "roll_problem", "dice_shape", "event_checker"]

TOLERANCE_M = 1.0
"""How far past the map's edge a recorded position may lie (metres): rounding, a body's reach."""

MODES = ("beat", "meet", "under", "opposed")
"""The ways a roll's total is compared (``docs/replay.md`` · The roll record)."""

_NOTATION = re.compile(r"(\d{0,4})d(\d{1,6}|F)([+-]\d{1,6})?")

Shape = tuple[int, int, int, int] | None
"""(number of dice, lowest face, highest face, constant added), or None: not a notation."""


def dice_shape(dice: str) -> Shape:
    """What a notation rolls: ``dice_shape("2d10+3") == (2, 1, 10, 3)``; d100 reads 0-99.

    >>> dice_shape("4dF"), dice_shape("d100"), dice_shape("3 goats")
    ((4, -1, 1, 0), (1, 0, 99, 0), None)
    """
    m = _NOTATION.fullmatch(dice)
    if m is None:
        return None
    n = int(m.group(1) or 1)
    sides = m.group(2)
    const = int(m.group(3) or 0)
    if sides == "F":
        return n, -1, 1, const
    if sides == "100":
        return n, 0, 99, const
    return n, 1, int(sides), const


def _sum(mods: Any) -> int:
    t = 0
    for m in mods:
        t += m[1]
    return t


def roll_problem(r: Any, shapes: dict[str, Shape]) -> str | None:
    """Why roll record ``r`` does not add up, or None; ``shapes`` memoises :func:`dice_shape`.

    A schema 1 record (``die``, ``difficulty``, ``modifiers``) is read as the
    ``beat`` roll it migrates to (:func:`tactics.replay.migrate.roll`).
    """
    if hasattr(r, "die"):  # schema 1
        from tactics.replay.migrate import roll as migrated

        r = migrated(r)
    dice = r.dice
    shape = shapes.get(dice, False)
    if shape is False:
        shape = shapes[dice] = dice_shape(dice)
    if shape is None:
        return f"dice {dice!r} is not a notation (d6, 4dF, d100, 2d10+3)"
    n, lo, hi, const = shape
    faces = r.faces
    if len(faces) != n:
        return f"{dice} rolls {n} {'die' if n == 1 else 'dice'}, but {len(faces)} faces are recorded"
    rolled = 0
    for f in faces:
        if not lo <= f <= hi:
            return f"face {f} is not one a {dice} die shows ({lo} to {hi})"
        rolled += f
    mode = r.mode
    if mode not in MODES:
        return f"mode {mode!r} is not one of {', '.join(MODES)}"
    mods = _sum(r.mods) + const
    if r.total != rolled + mods:
        return (f"total {r.total} is not the faces {rolled} plus the modifiers {mods} ({rolled + mods})"
                if mods or r.mods else f"total {r.total} is not the faces {rolled}")
    target = r.target
    if target is not None and r.target_mods and target != _sum(r.target_mods):
        return f"target {target} is not the sum of its parts ({_sum(r.target_mods)})"
    vs = r.vs
    margin = r.margin
    if margin is not None and mode != "under":
        if vs is not None:
            if margin != r.total - vs.total:
                return f"margin {margin} is not {r.total} - {vs.total} (the other side's total)"
        elif target is not None and margin != r.total - target:
            return f"margin {margin} is not {r.total} - {target} (the target)"
    if target is not None and not r.tags and mode != "opposed":
        want = r.total > target if mode == "beat" else r.total >= target if mode == "meet" else r.total <= target
        if r.success != want:
            sign = {"beat": ">", "meet": ">=", "under": "<="}[mode]
            return (f"success is {str(r.success).lower()}, but {r.total} {sign} {target} is "
                    f"{str(want).lower()} (mode {mode}, no tag says otherwise)")
    if vs is not None:
        why = roll_problem(vs, shapes)
        if why is not None:
            return f"the other side's roll: {why}"
    return None


def map_bounds(m: Any) -> tuple[float, float, float, float] | None:
    """(west, north, east, south) of a header's map widened by :data:`TOLERANCE_M`; None when the
    header carries no grid to measure (the map's own loader judges the rest)."""
    if not isinstance(m, dict):
        return None
    body = m.get("map")
    if not isinstance(body, dict):
        return None
    grid = body.get("grid")
    size = body.get("cell_size", 2.0)
    if not isinstance(grid, list) or not grid or not all(isinstance(row, str) for row in grid):
        return None
    if isinstance(size, bool) or not isinstance(size, (int, float)) or not size > 0:
        return None
    cols = max(len(row) for row in grid)
    return (-TOLERANCE_M, -TOLERANCE_M, cols * size + TOLERANCE_M, len(grid) * size + TOLERANCE_M)


def off_map(p: Any, bounds: tuple[float, float, float, float]) -> bool:
    """Whether point ``p`` (x, y, z) lies outside ``bounds`` (from :func:`map_bounds`)."""
    x, y = p[0], p[1]
    return not (bounds[0] <= x <= bounds[2] and bounds[1] <= y <= bounds[3])


Bounds = tuple[float, float, float, float]
Checker = Callable[[Any], "str | None"]


def event_checker(ev: Any, bounds: Bounds | None, shapes: dict[str, Shape], ids: Any = None) -> Checker | None:
    """A function telling why an event of ``ev``'s type is wrong (its positions, its roll and the
    ``vs_who`` of its rolls, which must be in ``ids`` when given), or None when the type holds neither. Built once per type and replay, so the common case is a few
    comparisons: this runs for every event of a million-event replay.
    """
    if hasattr(ev, "legs"):
        return _legs_checker(bounds)
    parts: list[Checker] = []
    if bounds is not None and hasattr(ev, "start") and hasattr(ev, "end"):
        parts.append(_ends_checker(bounds))
    if hasattr(ev, "roll"):
        def roll(ev: Any) -> str | None:
            r = ev.roll
            if r is None:
                return None
            why = roll_problem(r, shapes)
            if why is not None:
                purpose = getattr(ev, "purpose", None)  # a roll event: "roll for 'initiative' ..."
                return f"{'roll' if purpose is None else f'for {purpose!r}'} does not add up: {why}"
            if ids is not None:
                while r is not None:
                    who = getattr(r, "vs_who", None)
                    if who is not None and who not in ids:
                        return f"roll is against {who!r}, who is not in the roster"
                    r = getattr(r, "vs", None)
            return None
        parts.append(roll)
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]

    def both(ev: Any) -> str | None:
        for part in parts:
            why = part(ev)
            if why is not None:
                return why
        return None
    return both


def _legs_checker(bounds: Bounds | None) -> Checker:
    w, n, e, s = bounds if bounds is not None else (-_INF, -_INF, _INF, _INF)

    def legs(ev: Any) -> str | None:
        for leg in ev.legs:
            a, b = leg.start, leg.end
            if leg.t1 < leg.t0 or not (w <= a[0] <= e and n <= a[1] <= s and w <= b[0] <= e and n <= b[1] <= s):
                return _leg_problem(ev.legs, bounds)
        return None
    return legs


def _leg_problem(legs: Any, bounds: Bounds | None) -> str | None:
    for k, leg in enumerate(legs, start=1):
        if leg.t1 < leg.t0:
            return f"leg {k} ends at t = {leg.t1:g} s, before it starts ({leg.t0:g} s)"
        for name in ("start", "end"):
            p = getattr(leg, name)
            if bounds is not None and off_map(p, bounds):
                return f"leg {k} {name}s at {at(p)}, {off_text(bounds)}"
    return None


def _ends_checker(bounds: Bounds) -> Checker:
    def ends(ev: Any) -> str | None:
        for name in ("start", "end"):
            p = getattr(ev, name)
            if off_map(p, bounds):
                return f"{name}s at {at(p)}, {off_text(bounds)}"
        return None
    return ends


_INF = float("inf")


def at(p: Any) -> str:
    """A point as the messages write it: ``(3, 4.5, 0)``."""
    return "(" + ", ".join(f"{v:g}" for v in p) + ")"


def off_text(bounds: Bounds) -> str:
    """``off the map (x 0 to 40 m, ...)`` for bounds from :func:`map_bounds`."""
    t = TOLERANCE_M
    w, n, e, s = (round(v, 6) for v in (bounds[0] + t, bounds[1] + t, bounds[2] - t, bounds[3] - t))
    return f"off the map (x {w:g} to {e:g} m, y {n:g} to {s:g} m, give or take {t:g} m)"
