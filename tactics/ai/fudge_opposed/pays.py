"""No shot at poor odds while a move would better them (issue 17), for every fudge-opposed policy.

A policy's plan passes through :func:`pays` before it leaves: its attack's
chance is worked out where the plan's moves end (``odds.strike``: the range
band and the light count, 002 · Range); when it is under
:data:`~tactics.ai.futility.POOR_ODDS` and one move straight toward the target
would give a better one, the fighter closes in instead (a run: two moves and
no action, 002 · Actions) and attacks only if it arrives in reach. Every
attacking plan records its odds for :mod:`tactics.ai.futility`.
"""

from __future__ import annotations

import math
from typing import Any

from tactics.ai.futility import POOR_ODDS, with_odds
from tactics.rulesets.fudge_opposed.state import weapons
from tactics.sim.plan import Act, MoveTo, Plan

from .common import close_in
from .odds import best_weapon, kept_strike, label

ATTACKS = ("shoot", "melee")
"""The plain attacks whose odds a move can change (concentrated fire and dog-piles are the squad's)."""


def _odds(view: Any, me: Any, target: Any, act: Act, distance: float) -> float | None:
    w = next((x for x in weapons(me) if x.name == act.weapon), None)
    if w is None:
        got = best_weapon(view, me, target, distance)
        return None if got is None else got[1]
    got = kept_strike(view, me, target, w, distance)
    return None if got is None else got[0]


def pays(view: Any, me: Any, enemies: list[Any], plan: Plan) -> Plan:
    """``plan``, or a walk in when its attack is a poor shot a move would better (module docstring)."""
    acts = [s for s in plan.steps if isinstance(s, Act) and s.action in ATTACKS and s.target]
    if not acts:
        return plan
    act = acts[-1]
    target = view.unit(act.target)
    if target is None:
        return plan
    moves = [s for s in plan.steps if isinstance(s, MoveTo)]
    at = (moves[-1].x, moves[-1].y, view.map.ground_height(moves[-1].x, moves[-1].y)) if moves else me.pos
    p = _odds(view, me, target, act, math.dist(at, target.pos))
    if p is None:
        return plan
    if p >= POOR_ODDS:
        return with_odds(plan, p, p, always=True)
    d_now = view.distance(me, target)
    nearer = max(1.0, d_now - view.movement(me))
    p_move = _odds(view, me, target, act, nearer) or 0.0
    if p_move <= p:
        return with_odds(plan, p, p_move, always=True)
    got = close_in(view, me, target, enemies)
    if got is None:
        return with_odds(plan, p, p_move, always=True)
    steps, arrives = got
    why = f"closing on {label(view, target)}: only {p:.0%} from there, {p_move:.0%} a move nearer"
    if arrives:
        end = steps[-1] if steps else None
        at2 = (end.x, end.y, view.map.ground_height(end.x, end.y)) if end else me.pos
        p2 = _odds(view, me, target, act, math.dist(at2, target.pos))
        if p2 is not None and p2 >= POOR_ODDS:
            return with_odds(Plan(list(steps) + [act], why + f"; attacking on arrival {p2:.0%}"), p2, p2, always=True)
    return Plan(list(steps), why)


__all__ = ["pays", "ATTACKS"]
