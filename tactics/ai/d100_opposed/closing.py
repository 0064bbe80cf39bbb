"""Closing in: a melee fighter's run at the enemy it would hurt most, or a gunner's when no spot gives a shot.

The tactician (:mod:`.tactician`) weighs this option beside the spots' (every
phase for a fighter with only melee weapons): the enemy whose best attack
would take most of its life once there (:func:`potential`), discounted by the
phases it takes to get there, is the target; the way there is the generic
:func:`~tactics.ai.approach.move_toward` (the team's field when far), full
defense on the way; the score is that attack next phase against the threat
where the run ends.
"""

from __future__ import annotations

from typing import Any

from tactics.ai.approach import move_toward
from tactics.ai.d100_opposed.odds import REACH_M, in_band, left
from tactics.ai.d100_opposed.option import Option, damage, wounds
from tactics.sim.plan import Act
from tactics.sim.view import UnitView


def potential(ctx: Any, t: UnitView) -> float:
    """What ``ctx``'s fighter's best attack on ``t`` would take of its life once there (standing,
    walking, aiming as it is): melee from reach, a gun from here."""
    me = ctx.me
    d = ctx.view.distance(me, t)
    best = 0.0
    for w in ctx.weapons:
        dist = 1.0 if w.melee else d
        if not in_band(w, dist):
            continue
        s = ctx._shot(me, w, t, dist, ctx.light_of[t.id], aiming=ctx.aiming, running=False, prone=False,
                      t_prone=bool(t.prone), t_fd=False, t_running=False, a_wounds=wounds(me),
                      t_wounds=wounds(t))
        best = max(best, s.expected / left(t.sheet, damage(t)))
    return best


def close_in(ctx: Any, future_weight: float) -> Option | None:
    """Run at the enemy ``ctx``'s fighter would do most to, the nearer the better (team field when
    far), full defense on the way; scored as that attack next phase (weighed ``future_weight``, the
    tactician's ``FUTURE``), discounted by the phases to get there, against the threat where the
    run ends."""
    view, me = ctx.view, ctx.me
    best, target = -1.0, None
    for t in ctx.enemies:
        phases = max(0.0, view.distance(me, t) - REACH_M) / max(ctx.run, 1.0)
        v = potential(ctx, t) / (1.0 + phases)
        if v > best:
            best, target = v, t
    if target is None:
        return None
    steps: list[Any] = [Act("stand up")] if me.prone else []
    r = move_toward(view, me, target, ctx.enemies, budget=ctx.run, mv=ctx.mv)
    if r is None or not r.steps:
        return None
    i = ctx.sp.index_of(view.map.cell_of(*r.end))
    running = r.cost > ctx.walk + 1e-6
    threat = ctx.threat(i, fd=not me.prone, running=running, prone=False)
    score = future_weight * best - ctx.caution * threat
    d = view.distance(me, target)
    prone = bool(me.prone)
    return Option(score, f"closing on {target.name}", "", [], steps=steps + list(r.steps) + (
        [] if me.prone else [Act("full defense")]), why=lambda: (
        f"{d:.0f} m away, {best:.3f} of it next phase; threat {threat * ctx.my_left:.1f} on the way"
        + ("" if prone else ", full defense")))   # written when named: a melee fighter weighs it every phase


__all__ = ["close_in", "potential"]
