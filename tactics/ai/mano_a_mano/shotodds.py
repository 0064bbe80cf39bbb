"""The odds of one shot at each of several targets, read the way :func:`.odds.estimate` keeps them.

An archer weighs every enemy in sight twice a turn (:meth:`.archer.Archer._best_target`):
:func:`shot_estimates` reads the matchups, the ranges and the estimates from the same memos by
the same keys as :func:`.odds.estimate` does, in one loop, and asks ``estimate`` only for what is
not there yet, so its answers are ``estimate``'s.
"""

from __future__ import annotations

from tactics.ai.mano_a_mano.odds import PLANNING, Estimate, estimate, matchup, thrown_range_difficulty
from tactics.rules.ranged import range_difficulty
from tactics.rulesets.mano_a_mano import ACTIONS, Weapon
from tactics.sim.view import UnitView, View

_MISSING = object()
"""Not in the memo yet (None is a kept answer: the shot is impossible)."""


def shot_estimates(view: View, me: UnitView, targets: list[UnitView], action: str, weapon: Weapon,
                   aim: int, distances: list[float]) -> list[Estimate | None]:
    """:func:`estimate` of ``action`` (a shot or a throw) with ``weapon`` on each of ``targets`` at the
    matching ``distances`` (no charge, ``me`` in its own posture), read from the same memo by the same
    keys in one loop: an archer weighs every enemy in sight twice a turn."""
    memo = view.memo
    scope = memo.get(PLANNING)
    ests = memo.get("estimates")
    if ests is None:
        ests = memo.setdefault("estimates", {})
    ranges = memo.get("ranges")
    if ranges is None:
        ranges = memo["ranges"] = {}
    wid = id(weapon)
    thrown = ACTIONS[action].kind == "throw"
    out: list[Estimate | None] = []
    rkey = rng = None
    for t, d in zip(targets, distances):
        match = None if scope is None else scope.get((me, t, None))
        if match is None:
            match = matchup(view, me, t)
        if rkey is None or rkey[0] != match[0]:  # as _range_steps: the sheet's, weapon's, action's range
            rkey = (match[0], wid, action)
            rng = ranges.get(rkey)
            if rng is None:
                rng = ranges[rkey] = view.max_range(me, weapon, action)
        if rng <= 0 or d > rng:
            steps = -1
        elif thrown:
            steps = thrown_range_difficulty(action, d, rng)
        else:
            steps = range_difficulty(d, rng)
        got = ests.get((match, action, wid, 0.0, aim, steps), _MISSING)
        if got is _MISSING:
            got = estimate(view, me, t, action, weapon, 0.0, d, aim, None, match)
        out.append(got)
    return out


__all__ = ["shot_estimates"]
