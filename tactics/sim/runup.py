"""Lining up a running start in a planned path (DECISIONS · More rulings · Running start across turns).

A jump reaches its full length only after a straight run of
:data:`~tactics.sim.vertical.RUNNING_START_M` metres toward the take-off
(000 · Movement · Jumping; DECISIONS · Jumping), and that run-up may end the
previous turn. A planned path usually reaches the take-off at an angle, so
before a route is walked, every jump wider than the standing jump (the
ruleset's ``jump_limits(unit, False)``) gets a straight run-up: the walk into
its take-off is bent through the point that far straight behind it. The
mover then runs up and jumps in one turn when the turn's movement covers
both; otherwise the turn ends at the take-off (the jump is too long for what
is left) and the next turn jumps with the run-up carried over.

Nothing changes when a straight run-up already leads in (this turn's run or
the one carried over from the last), when the jump needs none, when no walk
leads into the take-off (a fighter already standing at the edge does not step
back to run), or when the ground behind the take-off is not level, open
ground to walk straight on::

    >>> RUNNING_START_M
    2.0
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from tactics.sim.vertical import RUNNING_START_M

if TYPE_CHECKING:
    from tactics.sim.combatant import Combatant
    from tactics.sim.turn import TurnState

ALIGNED = 0.9999
"""Cosine at or above which two directions count as the same straight line (as a running start does)."""


def _flat_dir(a: Any, b: Any) -> tuple[tuple[float, float], float]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy)
    return ((dx / d, dy / d) if d > 1e-9 else (0.0, 0.0)), d


def _same(p: Any, q: Any) -> bool:
    return abs(p[0] - q[0]) <= 1e-6 and abs(p[1] - q[1]) <= 1e-6


def _lead_in(legs: list[Any], j: int, u: tuple[float, float], here: Any, ts: TurnState) -> float:
    """Straight metres along ``u`` that end at the take-off of ``legs[j]``: the walk legs before it,
    and, when they reach back to where the mover stands, the run it already made there."""
    metres = 0.0
    end = legs[j].start
    k = j - 1
    while k >= 0:
        leg = legs[k]
        v, d = _flat_dir(leg.start, leg.end)
        if leg.kind != "walk" or not _same(leg.end, end) or v[0] * u[0] + v[1] * u[1] < ALIGNED:
            return metres
        metres += d
        end = leg.start
        k -= 1
    if not _same(end, here):
        return metres
    best = 0.0
    for m, direction, at in ((ts.run_m, ts.run_dir, ts.run_end), (ts.lead_m, ts.lead_dir, ts.lead_end)):
        if m > 0 and _same(at, here) and direction[0] * u[0] + direction[1] * u[1] >= ALIGNED:
            best = max(best, m)
    return metres + best


def lined_up(runner: Any, c: Combatant, legs: list[Any], ts: TurnState) -> list[Any]:
    """``legs`` with a straight run-up bent into each jump that needs a running start."""
    standing = None
    j = 0
    while j < len(legs):
        leg = legs[j]
        if leg.kind != "jump" or not (leg.gap or 0) > 0:
            j += 1
            continue
        if standing is None:
            standing = float(runner.rules.jump_limits(c, False)[0])
        u, _ = _flat_dir(leg.start, leg.end)
        if leg.gap <= standing + 1e-9 or _lead_in(legs, j, u, c.pos, ts) >= RUNNING_START_M - 1e-9:
            j += 1
            continue
        if j == 0 or legs[j - 1].kind != "walk":
            j += 1  # only a walk into the take-off is bent: nobody steps back from the edge to run
            continue
        take_off = leg.start
        back = (take_off[0] - RUNNING_START_M * u[0], take_off[1] - RUNNING_START_M * u[1])
        tmap, mover = runner.enc.map, runner.enc.mover_of(c)
        run_up = tmap.straight_walk(back, take_off, mover)
        to_back = tmap.straight_walk(legs[j - 1].start, run_up.start, mover) if run_up is not None else None
        if run_up is None or to_back is None:
            j += 1
            continue
        legs = legs[:j - 1] + [to_back, run_up] + legs[j:]
        j += 2
    return legs


__all__ = ["lined_up", "ALIGNED"]
