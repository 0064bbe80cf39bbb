"""The value of a candidate plan: expectimax over the ruleset's chance outcomes, then the likely reply.

    >>> value(board, plan, weights, catalogue, allies)        # doctest: +SKIP
    0.184

A plan's attacks each succeed with the estimate's chance ``p`` and then move
their target ``progress`` toward being out (the ruleset's
:class:`~tactics.rules.protocol.Estimate`). The planner enumerates every
combination of successes and failures (a chance node; a turn holds a few
attacks, so at most 2^4 leaves) and scores each leaf:

    dealt                          progress taken off the enemies (each capped at what it had left),
                                   each × its focus worth: 1 + focus (0.5) × (its threat / the mean − 1)
                                   (its threat: its best blow on me or on an ally, whichever is more;
                                   at least 0; 1 for all when the board holds fewer than two)
  + out  × enemies taken out       their attacks stop for good
  − reply × the reply              each enemy still able that can reach where the plan ends
                                   (its walk + hand-to-hand reach, or any distance for a shot)
                                   strikes back with its best attack's value on me — halved
                                   when an ally of mine stands nearer to it
  + ahead × next turn's best blow  the best value I could deal from where the plan ends
  − close × metres away            flat metres from there to the nearest enemy (a tie-breaker:
                                   close in when nothing else differs)
  + unseen × gain × sure blow      where the ruleset has hiding (its optional ``unseen``): the
                                   chance the plan adds that no enemy can target me, times
                                   next turn's best blow counted as a sure hit
  − risk × height / 10 m           the most height over the ground this turn's path climbs,
                                   jumps or drops (a fall it risks; a flight risks none)

and the plan's value is the leaves' expectation (expectimax: the planner then
takes the best plan — a max node — over this chance node and the enemies'
replies). An attack made after moving uses the estimate from here when one
matches (a shot) — or, for an attack the plain estimates do not list, the
ruleset's estimate of the act itself where it has one (the optional
``estimate_act``: a powerful strike's doubled power) —, else the value last
seen for that pair, and nothing when
the plan ends out of hand-to-hand reach of its target — unless the ruleset
estimates from a point (its optional ``estimates_at``): then an attack after
a move counts at the estimate from where the move ends, and nothing when
none there matches it.

Hiding (the optional ``unseen(world, unit, act)``: the chance that after the
act no enemy can target me): the reply counts only
when the plan leaves me seen (× (1 − unseen)), not as a guard's 0.6. A hide
with 0.7 against a reply of 0.3 and a 50 % blow of 0.2::

    −0.3 × 0.3 × reply  +  0.7 × 0.4 × unseen   (the sure blow: 0.2 / 0.5)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tactics.ai.planner.board import HAND_M, UP_M, Board, Foe
from tactics.rules.plan import Act, MoveTo, Plan

FALL_M = 10.0
"""The height (metres) at which :attr:`Weights.risk` counts in full."""
MAX_CHANCE_ACTS = 4
"""Attacks a plan's chance node enumerates (later ones count at their expectation)."""


@dataclass(frozen=True, slots=True)
class Weights:
    """How the leaves of the chance node are scored (see the module docstring)."""

    out: float = 0.5
    reply: float = 0.3
    ahead: float = 0.2
    guard: float = 0.6
    """The reply a plan faces when it holds an action aimed at no enemy (read as a guard: a defence,
    an evasion, a counter held ready), as a share of the full reply."""
    moved: float = 0.9
    """What an attack after a move is worth, as a share of the value last seen for that pair."""
    close: float = 1e-4
    """Per flat metre between the plan's end and the nearest enemy (a tie-breaker: close in)."""
    guess: float = 2.0
    """An attack no estimate matches succeeds with 0.5 and then counts ``guess`` × the value seen."""
    unseen: float = 0.8
    """What next turn's sure blow from hiding is worth, per unit of the chance the plan hides me."""
    risk: float = 0.3
    """What a fall from :data:`FALL_M` up costs, × the height this turn's path climbs, jumps or drops
    (the engine's legs: a lost grip, a jump short); less height counts in proportion."""
    focus: float = 0.5
    """How much more progress on a more dangerous enemy is worth: its progress counts × (1 + ``focus`` ×
    (its threat / the mean threat − 1)), at least 0 (0: every enemy's progress alike). Focused fire:
    the enemy archer hitting the team is worth shooting before the nearer swordsman."""


@dataclass(frozen=True, slots=True)
class AfterMove:
    """``act`` made at the end of a move whose last ``run_m`` metres ran straight: what the planner asks
    the ruleset's optional ``estimate_act`` for a hand-to-hand blow after a move (``Planner(charge=True)``);
    the ruleset may add what the run gives (a charge), and leaves reach to the planner."""

    act: Act
    run_m: float


@dataclass(frozen=True, slots=True)
class Blow:
    """One attack of a plan as a chance event: ``p`` of moving ``foe`` ``step`` toward out."""

    foe: Foe
    p: float
    step: float


def end_point(board: Board, plan: Plan) -> tuple[float, float, float]:
    """Where the plan leaves me: along the engine's path to its last move's goal (a walker), as far as
    this turn's walk goes; a flyer (or a board with no paths) goes straight, to its goal height."""
    me = board.me
    goal = None
    z = me.z
    for s in plan.steps:
        if isinstance(s, MoveTo):
            goal = s
            if s.z is not None:
                z = s.z
    if goal is None:
        return me.x, me.y, me.z
    if board.air > 0 and goal.z is not None:  # a flight: straight there at my airspeed
        return _straight(me, goal.x, goal.y, goal.z, board.air)
    if board.path is not None:
        return _along(board.path((goal.x, goal.y)), board.walk, me)
    return _straight(me, goal.x, goal.y, z, board.walk)


def _straight(me: Any, x: float, y: float, z: float, metres: float) -> tuple[float, float, float]:
    """Toward flat ``(x, y)`` as far as ``metres`` go, ending at height ``z``."""
    d = math.hypot(x - me.x, y - me.y)
    if d > metres > 0:
        f = metres / d
        x, y = me.x + (x - me.x) * f, me.y + (y - me.y) * f
    return x, y, z


def _along(legs: Any, walk: float, me: Any) -> tuple[float, float, float]:
    """The point ``walk`` metres of movement along ``legs`` (where I stand when there is no path)."""
    if not legs:
        return me.x, me.y, me.z
    left = walk
    for leg in legs:
        cost = leg.cost or leg.length
        if cost >= left:
            f = left / cost if cost > 0 else 1.0
            (x0, y0, z0), (x1, y1, z1) = leg.start, leg.end
            return x0 + (x1 - x0) * f, y0 + (y1 - y0) * f, z0 + (z1 - z0) * f
        left -= cost
    return tuple(legs[-1].end)  # type: ignore[return-value]


def _apart(f: Foe, end: tuple[float, float, float]) -> tuple[float, float]:
    """Flat and vertical distance from the foe to the point."""
    return math.hypot(f.unit.x - end[0], f.unit.y - end[1]), abs(f.unit.z - end[2])


def run_before(board: Board, plan: Plan) -> float:
    """The straight metres run just before the plan's end point (along the engine's path, as far as this
    turn's walk goes: its last straight stretch), as the engine keeps a charge's run."""
    me = board.me
    goal = next((s for s in reversed(plan.steps) if isinstance(s, MoveTo)), None)
    if goal is None:
        return 0.0
    legs = board.path((goal.x, goal.y)) if board.path is not None else None
    if not legs:
        return min(board.walk, math.hypot(goal.x - me.x, goal.y - me.y))
    left, run, way = board.walk, 0.0, None
    for leg in legs:
        (x0, y0, _), (x1, y1, _) = leg.start, leg.end
        d = math.hypot(x1 - x0, y1 - y0)
        cost = leg.cost or leg.length
        part = d * min(1.0, left / cost) if cost > 0 else d
        u = ((x1 - x0) / d, (y1 - y0) / d) if d > 1e-9 else None
        if u is not None and way is not None and u[0] * way[0] + u[1] * way[1] > 0.9999:
            run += part
        else:
            run = part
        way = u
        left -= cost
        if left <= 0:
            break
    return run


def blows(board: Board, plan: Plan, catalogue: Any, end: tuple[float, float, float],
          weights_moved: float = 0.9, guess: float = 2.0, charge: bool | str = False) -> list[Blow]:
    """The plan's attacks on enemies as chance events (other actions deal nothing). With ``charge`` a
    hand-to-hand blow after a move counts at the ruleset's ``estimate_act`` of it made after the run
    (:class:`AfterMove`: a charge's power), × ``weights_moved``, where the ruleset answers one; with
    ``charge="ratio"`` it keeps the guess, × the ratio of that estimate's progress to the same blow's
    with no run (only what the run adds)."""
    out = []
    run: float | None = None
    moved = False
    at = end  # where I stand when the act is made: the plan's end, or where an earlier move of it ends
    last = max((i for i, s in enumerate(plan.steps) if isinstance(s, MoveTo)), default=-1)
    for i, s in enumerate(plan.steps):
        if isinstance(s, MoveTo):
            moved = True
            at = end if i == last else end_point(board, Plan(list(plan.steps[: i + 1])))
            continue
        if not isinstance(s, Act):
            continue
        first = i == 0  # nothing before it (a draw, a load) changes what the ruleset estimates
        foe = board.foe(s.target)
        if foe is None:
            continue
        placed = board.there(foe.unit, at) if moved and board.there is not None else None
        if placed is not None:  # the ruleset's estimates from where the move ends
            est = _matching(placed, s)
            if est is not None:
                out.append(Blow(foe, float(est.p), float(est.progress)))
            continue
        est = _matching(foe.mine, s)
        hand = board.is_hand_to_hand(catalogue, s.action)
        if board.exposure is not None and s.options and board.judge is not None and not moved:
            est = board.judge(s) or est  # the split the plan makes, not the plain estimate's
        if est is None and board.judge is not None and not (moved and hand):
            est = board.judge(s)  # an attack the plain estimates do not list (a powerful strike)
            if est is None and first and not hand:
                continue  # a shot first thing, that the ruleset does not estimate from here: refused
        if est is not None and not (moved and hand):
            out.append(Blow(foe, float(est.p), float(est.progress)))
            continue
        flat, up = _apart(foe, at)
        if hand and (flat > (HAND_M + 0.5 if moved else board.reach[0]) or up > board.reach[1]):
            continue
        scale = 1.0
        if charge and moved and hand and board.judge is not None:
            run = run_before(board, plan) if run is None else run
            est = board.judge(AfterMove(s, run))
            if est is not None and charge != "ratio":
                out.append(Blow(foe, float(est.p), float(est.progress) * weights_moved))
                continue
            still = board.judge(AfterMove(s, 0.0)) if est is not None else None
            if still is not None and still.progress > 0:  # the guess, × what the run adds (a charge)
                scale = float(est.progress) / float(still.progress)
        worth = foe.hand if hand and foe.hand is not None else foe.worth
        out.append(Blow(foe, 0.5, guess * worth * (weights_moved if moved else 1.0) * scale))
    return out


def _matching(estimates: Sequence[Any], act: Act) -> Any:
    """The estimate of ``act``'s action (and weapon, when it names one), or None."""
    return next((e for e in estimates if e.action == act.action and (act.weapon is None or e.weapon == act.weapon)),
                None)


def value(board: Board, plan: Plan, weights: Weights, catalogue: Any, allies: Sequence[Any],
          others: Any = None, charge: bool | str = False) -> float:
    """The expectation of the plan's leaves (see the module docstring). With ``others``
    (:class:`~.reply.Others`) each enemy's reply falls on whichever of my team it favours."""
    end = end_point(board, plan)
    hits = blows(board, plan, catalogue, end, weights.moved, weights.guess, charge)
    chance, rest = hits[:MAX_CHANCE_ACTS], hits[MAX_CHANCE_ACTS:]
    base = {f.unit.id: f.progress for f in board.foes}
    for b in rest:
        base[b.foe.unit.id] = base[b.foe.unit.id] + b.p * b.step
    hidden, hides = _unseen(board, plan)
    guard = (weights.guard if _guards(board, plan) and not hides else 1.0) * (1.0 - hidden)
    if others is None:
        reply_of = {f.unit.id: guard * _reply(f, end, allies) for f in board.foes}
    else:  # the enemy's best reply on my team: me (unscreened) or the ally it threatens most
        reply_of = {f.unit.id: max(guard * _reply(f, end, ()), others.best.get(f.unit.id, 0.0))
                    for f in board.foes}
    if board.exposure is not None:  # what the plan's acts leave me to defend with
        acts = [s for s in plan.steps if isinstance(s, Act)]
        if acts:
            for f in board.foes:
                if reply_of[f.unit.id]:
                    reply_of[f.unit.id] *= board.exposure(acts, f.unit) or 1.0
    ahead_of = {f.unit.id: _ahead(board, f, end, catalogue) for f in board.foes}
    worth = _focus(board, others, weights.focus)
    total = 0.0
    for leaf in itertools.product((True, False), repeat=len(chance)):
        p = 1.0
        prog = dict(base)
        for ok, b in zip(leaf, chance):
            p *= b.p if ok else 1.0 - b.p
            if ok:
                prog[b.foe.unit.id] += b.step
        if p <= 0.0:
            continue
        dealt = sum((min(1.0, prog[f.unit.id]) - f.progress) * worth.get(f.unit.id, 1.0) for f in board.foes)
        alive = [f for f in board.foes if prog[f.unit.id] < 0.999]
        out = len(board.foes) - len(alive)
        reply = sum(reply_of[f.unit.id] for f in alive)
        ahead = max((ahead_of[f.unit.id] for f in alive), default=0.0)
        total += p * (dealt + weights.out * out - weights.reply * reply + weights.ahead * ahead)
    if hides:
        total += weights.unseen * hides * _sure(board, end)
    if weights.risk:
        total -= weights.risk * min(1.0, _height_at_risk(board, plan) / FALL_M)
    return total - weights.close * _nearest(board, end)


def _focus(board: Board, others: Any, focus: float) -> dict[str, float]:
    """Each foe's multiplier on the progress dealt to it (see :attr:`Weights.focus`); empty (all 1) when
    ``focus`` is 0, the board holds fewer than two foes, or none threatens anyone. A foe's threat is its
    best blow on me or, with ``others``, on an ally of mine, whichever is more."""
    if not focus or len(board.foes) < 2:
        return {}
    best = others.best if others is not None else {}
    threat = {f.unit.id: max(f.threat, best.get(f.unit.id, 0.0)) for f in board.foes}
    mean = sum(threat.values()) / len(threat)
    if mean <= 0:
        return {}
    return {k: max(0.0, 1.0 + focus * (t / mean - 1.0)) for k, t in threat.items()}


def _height_at_risk(board: Board, plan: Plan) -> float:
    """The most height over the ground this turn's walk spends on a climb, a jump or a drop (the legs of
    the engine's path to the plan's last move, as far as my walk goes; 0 for a flyer or no path)."""
    goal = next((s for s in reversed(plan.steps) if isinstance(s, MoveTo)), None)
    if goal is None or board.path is None or (board.air > 0 and goal.z is not None):
        return 0.0  # no move, a flyer, or a flight
    left, top = board.walk, 0.0
    for leg in board.path((goal.x, goal.y)) or ():
        if left <= 0:
            break
        if leg.kind in ("climb", "jump", "drop"):
            low = min(leg.start[2], leg.end[2])
            ground = board.ground(*leg.end[:2]) if board.ground is not None else low
            top = max(top, max(leg.start[2], leg.end[2]) - min(low, ground))
        left -= leg.cost or leg.length
    return top


def _unseen(board: Board, plan: Plan) -> tuple[float, float]:
    """(the chance no enemy can target me once the plan is done, how much the plan adds to it): from the
    ruleset's optional ``unseen`` of the plan's last act (0, 0 when it has no hiding)."""
    if board.unseen is None:
        return 0.0, 0.0
    acts = [s for s in plan.steps if isinstance(s, Act)]
    now = board.unseen(None)
    after = board.unseen(acts[-1]) if acts else now
    return after, max(0.0, after - now)


def _sure(board: Board, end: tuple[float, float, float]) -> float:
    """Next turn's best blow as a sure hit (what it deals when it lands) on any foe: from the ruleset's
    estimates at ``end`` when it has them, else from here."""
    best = 0.0
    for f in board.foes:
        placed = board.there(f.unit, end) if board.there is not None else None
        for e in (f.mine if placed is None else placed):
            if e.p > 0 and e.progress > 0:
                best = max(best, min(1.0 - f.progress, e.progress / e.p))
    return best


def _guards(board: Board, plan: Plan) -> bool:
    """Does the plan hold an action aimed at no enemy (a defence, an evasion, a counter held ready)?"""
    return any(isinstance(s, Act) and board.foe(s.target) is None for s in plan.steps)


def _nearest(board: Board, end: tuple[float, float, float]) -> float:
    """Flat metres from the end point to the nearest enemy."""
    return min((math.hypot(f.unit.x - end[0], f.unit.y - end[1]) for f in board.foes), default=0.0)


def _reply(f: Foe, end: tuple[float, float, float], allies: Sequence[Any]) -> float:
    d, up = _apart(f, end)
    if not f.ranged_threat and (d > max(f.walk, f.air) + HAND_M or (up > UP_M and not f.air)):
        return 0.0
    screened = any(math.hypot(a.x - f.unit.x, a.y - f.unit.y) < d for a in allies)
    return f.threat * (0.5 if screened else 1.0)


def _ahead(board: Board, f: Foe, end: tuple[float, float, float], catalogue: Any) -> float:
    """Next turn's best blow on ``f`` from ``end``: from the ruleset's estimates there when it has them
    (a shot's range and sight from there), else its best from here if that is a shot; a hand-to-hand
    blow when its walk reaches ``f``."""
    d, up = _apart(f, end)
    near = d <= max(board.walk, board.air) + HAND_M and (up <= UP_M or board.air > 0)
    placed = board.there(f.unit, end) if board.there is not None else None
    if placed is not None:
        return max(max((e.value for e in placed), default=0.0), f.worth if near else 0.0)
    ranged = bool(f.mine) and not board.is_hand_to_hand(catalogue, f.mine[0].action)
    if f.shot is None:
        return f.worth if ranged or near else 0.0
    # a shot kept while the enemy is out of sight; walking up to it earns only my hand-to-hand blow
    return max(f.worth if ranged else f.shot, (f.worth if f.hand is None else f.hand) if near else 0.0)


__all__ = ["Weights", "Blow", "AfterMove", "run_before", "value", "blows", "end_point", "MAX_CHANCE_ACTS"]
