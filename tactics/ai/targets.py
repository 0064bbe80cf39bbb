"""Targets: which enemy a policy goes for, so a team focuses on the ones already hurt.

:func:`pick_target` is the team's focus rule: the nearest hurt enemy in reach
(the most worn first), else the nearest enemy, hurt ones counting as up to
:data:`FOCUS_SLACK_M` metres nearer and one an ally holds pinned a metre
nearer::

    >>> target = pick_target(view, view.me)                     # doctest: +SKIP
    >>> target = pick_target(view, view.me, worn=my_measure)    # doctest: +SKIP

"How worn" and "hurt" are the ruleset's: by default ``view.progress(u)``
(0 fresh .. 1 out of the fight), and any progress counts as hurt. A policy
package may pass its own ``worn`` measure and ``fresh``, the standing of an
enemy not hurt yet (a ruleset's policies that must keep deciding exactly as
they always did pass the measures they were tuned on).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from tactics.ai.approach import reach
from tactics.sim.view import UnitView, View

FOCUS_SLACK_M = 4.0
"""A hurt enemy is preferred over a fresh one up to this many metres farther (team focus)."""
PINNED_M = 1.0
"""An enemy an ally holds pinned counts this many metres nearer."""
NEAR_QUERY_FROM = 8
"""With more enemies than this, :func:`pick_target` asks the engine's position table for the near ones
(:meth:`View.enemies_near`) before walking them; with fewer, walking all is as cheap."""
PINNED_ROLE = "inferior"
"""``UnitView.role`` of a fighter held pinned by its partner."""


def pick_target(view: View, me: UnitView, enemies: list[UnitView] | None = None, field: Any = None,
                worn: Callable[[UnitView], float] | None = None, fresh: str | None = None,
                every: bool = False) -> UnitView | None:
    """Team focus: the nearest hurt enemy in reach, else the nearest enemy (hurt ones count as nearer).

    ``worn(u)``: how close ``u`` is to out of the fight (default ``view.progress``);
    ``fresh``: the standing (``u.health``) of an enemy that is not hurt yet (default: an
    enemy is hurt once it has any progress).
    ``field`` is accepted for callers that pass this turn's team field (unused).
    ``every``: the caller vouches that ``enemies`` is this turn's ``view.enemies()`` as it came and
    ``me`` is ``view.me`` (the check it would make, :meth:`View.is_enemy_list`, compares every item:
    400 in a 400 v 400 fight).
    One pass over the enemies that can win (this runs every turn for every unit): when ``enemies``
    is every able enemy, only those within the nearest's distance plus the slacks, or in reach.
    """
    enemies = view.enemies() if enemies is None else enemies
    if not enemies:
        return None
    if len(enemies) == 1:
        return enemies[0]  # the only one is the pick, near or far
    progress = view.progress
    if worn is None:
        worn = progress
    flat, up = reach(view, me)
    if len(enemies) > NEAR_QUERY_FROM and (every or view.is_enemy_list(enemies, me)):
        # only enemies within the nearest one's distance plus the focus slack (or in reach) can win:
        # any farther one's key is above the nearest's, so the pick is the same as over all of them
        placed = view.near_placed(FOCUS_SLACK_M + PINNED_M, flat, me)
    else:
        placed = view.placed(enemies)
    mx, my, mz = me.pos
    hyp = math.hypot
    best_reach = None
    best_reach_key: tuple = ()
    best = None
    best_key = math.inf
    for e, ex, ey, ez, standing, partner, role in placed:
        d = hyp(ex - mx, ey - my)
        unhurt = standing == fresh if fresh is not None else progress(e) <= 0
        if d <= flat and abs(ez - mz) <= up:
            k = (unhurt, -worn(e), d)
            if best_reach is None or k < best_reach_key:
                best_reach, best_reach_key = e, k
            continue
        if best_reach is not None:
            continue
        if not unhurt:
            d -= FOCUS_SLACK_M
        if partner is not None and role == PINNED_ROLE:
            d -= PINNED_M  # an ally has it pinned
        if d < best_key:
            best, best_key = e, d
    return best_reach if best_reach is not None else best


__all__ = ["FOCUS_SLACK_M", "PINNED_M", "PINNED_ROLE", "pick_target"]
