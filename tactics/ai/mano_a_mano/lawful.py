"""A last look before a plan leaves a policy: drop the actions the rules would refuse (issue 17).

The engine refuses, and records, every step the rules do not allow; a policy
should never plan one. Each Mano a Mano policy passes its plan through
:func:`lawful`, which asks the ruleset (``view.refusal``, the checks of 000
that do not roll) about every action and drops the refused ones:

* an action before any move is checked as it stands;
* an action after a move is checked too, except for reach and range, which
  the move is there to change (the policy worked out the arrival);
* a climber does one quick action a turn (DECISIONS · Climbing), which the
  check does not know: only the first quick action of a climbing turn stays.

A plan that loses every action and every move becomes a wait whose reason
says what was dropped and why; otherwise the reason gains ``(dropped: ...)``.

When the lowest chance among the plan's attacks is a poor one, the plan
leaves it in its alternatives with the best chance a move open this turn
would give (:func:`odds_record`, :func:`move_odds`; read back by
:mod:`tactics.ai.futility`). Plans whose attacks all pay carry no record, so
their replays stay what they were. The chance of a blow (strike or grapple)
is remembered by the act and the raw state its matchup reads
(:func:`blow_odds`): a melee checks the same blow on the same pair every turn.
"""

from __future__ import annotations

import math
from typing import Any

from tactics.ai.futility import MOVE_ODDS, ODDS, POOR_ODDS
from tactics.ai.mano_a_mano.odds import PLANNING, act_chance, hit_chance, matchup, worst_blow
from tactics.rulesets.mano_a_mano.actions import ACTIONS
from tactics.rulesets.mano_a_mano.resolve import MELEE_REACH_M
from tactics.sim.plan import Act, MoveTo, Plan
from tactics.sim.view import UnitView, View

ATTACKS = ("strike", "throw", "shot", "grapple")
"""The kinds of action that roll against an enemy's defense (000 · Attacking)."""

MOVED_AWAY = ("is out of reach", "out of range")
"""Refusals a move before the action is meant to lift."""
_NONE = object()
"""Not a blow (:func:`blow_odds`' answer for any other act)."""
_BLOW, _AFAR = "blow", "afar"
_KIND = {name: _BLOW if spec.kind in ("strike", "grapple") else _AFAR
         for name, spec in ACTIONS.items() if spec.kind in ATTACKS}
"""Each attack's kind as :func:`odds_record` weighs it: a blow (:func:`sure_blow`, :func:`blow_odds`) or a
shot or throw (:func:`attack_odds` alone); any other action has no chance to weigh (``attack_odds`` is None)."""


def lawful(view: View, plan: Plan) -> Plan:
    """``plan`` without the actions the rules would refuse (see the module docstring), with its odds
    recorded as :func:`odds_record` records them.

    One pass: each action kept is weighed as it is checked (:func:`_chance`), the kept steps are
    copied only once one is dropped (most plans lose none), and a plan without an action is handed
    back as it is (there are no odds to weigh in it)."""
    me = view.me
    steps = plan.steps
    moved = False
    kept: list[MoveTo | Act] | None = None  # (a copy once a step is dropped)
    dropped: list[str] | None = None
    acts = 0
    climbing = None
    alts = plan.alternatives
    weigh = not (alts and any(what == ODDS for what, _ in alts))  # (a plan passing twice is weighed once)
    scope = None
    worst: tuple[float, Act, bool] | None = None
    aim_before = False  # an aim kept earlier in the plan
    for i, step in enumerate(steps):
        if isinstance(step, MoveTo):
            moved = True
            if kept is not None:
                kept.append(step)
            continue
        why = view.refusal(step)
        if why is not None and moved and (MOVED_AWAY[0] in why or MOVED_AWAY[1] in why):  # any of MOVED_AWAY
            why = None
        if why is None:
            if climbing is None:
                climbing = me.climbing  # (nothing moves while the plan is checked: read once)
            if climbing:
                spec = ACTIONS.get(step.action)
                if acts or spec is None or not spec.quick:
                    why = f"{step.action}: a climber does one quick action per turn"
        if why is not None:
            if dropped is None:
                dropped, kept = [], list(steps[:i])  # every step before this one was kept
            dropped.append(why)
            continue
        acts += 1
        if kept is not None:
            kept.append(step)
        if weigh:  # (the moves before it are all kept: it is struck from where the kept plan has it)
            if acts == 1:
                scope = view.memo.get(PLANNING)  # the chances the policy left for the blows it built
            got = None if scope is None else scope.get(id(step))
            p = got[1] if got is not None and got[0] is step else _chance(view, me, step, steps, i, aim_before)
            if p is not None and (worst is None or p < worst[0]):
                worst = (p, step, aim_before)
            if step.action == "aim":
                aim_before = True
    if dropped is None:
        out = plan
    elif not kept:
        return Plan([], f"{plan.reason}; nothing allowed ({dropped[0]}): waiting", plan.alternatives)
    else:
        out = Plan(kept, f"{plan.reason} (dropped: {dropped[0]})", plan.alternatives)
    return out if worst is None or worst[0] >= POOR_ODDS else _with_odds(view, me, out, worst)


def _walked(me: UnitView, steps: list[MoveTo | Act]) -> tuple[tuple[float, float, float], float, bool]:
    """Where the plan's moves end, the metres they walk (straight between corners) and whether any
    comes before the plan's first attack."""
    x, y, z = me.pos
    metres = 0.0
    for s in steps:
        if isinstance(s, MoveTo):
            metres += math.hypot(s.x - x, s.y - y)
            x, y = s.x, s.y
            z = s.z if s.z is not None else z
    return (x, y, z), metres, metres > 0


def attack_odds(view: View, me: UnitView, act: Act, at: tuple[float, float, float] | None = None,
                target: UnitView | None = None, aimed: bool | None = None) -> float | None:
    """The chance of ``act`` (an attack) hitting, as :func:`~.odds.estimate` sees it, shot from ``at``;
    ``aimed``: a shot or throw after an aim (default: whether ``me`` has aimed already)."""
    spec = ACTIONS.get(act.action)
    if spec is None or spec.kind not in ATTACKS or act.target is None:
        return None
    target = target or view.unit(act.target)
    if target is None:
        return None
    weapon = None
    if act.weapon:
        try:
            weapon = me.character.weapon(act.weapon)
        except KeyError:
            return None
    dist = None
    if at is not None and spec.kind in ("throw", "shot"):
        dist = math.dist(at, target.pos)
    if aimed is None:
        aimed = bool(me.state.aim_bonus)
    aim = 5 if aimed and spec.kind in ("throw", "shot") else 0
    return act_chance(view, me, target, act.action, weapon, tuple(act.avoid_armor), dist, aim)


def planned_odds(view: View, me: UnitView, act: Act, at: tuple[float, float, float], aimed: bool) -> float | None:
    """:func:`attack_odds` of ``act`` from ``at`` (``aimed``: after an aim), kept while the plan is made
    (:data:`~.odds.PLANNING`: nothing moves meanwhile) by the act itself, the place and the aim: a policy
    weighing the shot it plans and the guard checking it then ask once."""
    scope = view.memo.get(PLANNING)
    if scope is None:
        return attack_odds(view, me, act, at, aimed=aimed)
    key = (id(act), at, aimed)
    got = scope.get(key)
    if got is not None and got[0] is act:  # the act kept with its answer: its id is no other's meanwhile
        return got[1]
    p = attack_odds(view, me, act, at, aimed=aimed)
    scope[key] = (act, p)
    return p


def move_odds(view: View, me: UnitView, act: Act, at: tuple[float, float, float], walk_left: float,
              aimed: bool | None = None) -> float:
    """The best chance of ``act`` after a move open this turn from ``at`` (``walk_left`` metres):
    a shot or throw from as close as the walk left brings it (with a line of sight from there);
    a blow from ground a metre or more above the target (000 · Stance and Position; DECISIONS: from
    above is 1 m higher)."""
    target = view.unit(act.target or "")
    here = attack_odds(view, me, act, at, target, aimed) or 0.0
    if target is None or walk_left <= 0.1:
        return here
    spec = ACTIONS[act.action]
    tx, ty, tz = target.pos
    if spec.kind in ("throw", "shot"):
        d = math.hypot(at[0] - tx, at[1] - ty)
        step = min(walk_left, max(0.0, d - MELEE_REACH_M))
        if step <= 0.1:
            return here
        nx, ny = at[0] + (tx - at[0]) * step / d, at[1] + (ty - at[1]) * step / d
        if not view.map.is_passable(nx, ny):
            return here
        nz = view.map.ground_height(nx, ny)
        if not view.map.line_of_sight((nx, ny, nz + 1.6), (tx, ty, tz + 1.0)):
            return here
        return max(here, attack_odds(view, me, act, (nx, ny, nz), target, aimed) or 0.0)
    if me.z >= tz + 1.0:
        return here
    tmap = view.map
    for k in range(8):
        a = k * math.pi / 4
        px, py = tx + 1.5 * math.cos(a), ty + 1.5 * math.sin(a)
        if math.hypot(px - at[0], py - at[1]) > walk_left or not tmap.is_passable(px, py):
            continue
        if tmap.ground_height(px, py) >= tz + 1.0:
            m = list(matchup(view, me, target))
            m[7] = True
            weapon = me.character.weapon(act.weapon) if act.weapon else None
            p = act_chance(view, me, target, act.action, weapon, tuple(act.avoid_armor), match=tuple(m))
            return max(here, p or 0.0)
    return here


BLOW_ODDS = "guard: odds of blows"
"""The encounter memo of :func:`blow_odds`."""


def blow_odds(view: View, me: UnitView, act: Act) -> float | None | object:
    """:func:`attack_odds` of a hand-to-hand attack (a strike or a grapple: where it is struck from and an
    aim do not count), remembered in the encounter's memo by the act itself and everything the
    :func:`~.odds.matchup` reads, raw (both sheets, postures, grapple partners and roles, heights, the
    target's place, whose light counts, and its defense bonus), so the guard checking the same blow on
    the same standing pair every turn of a melee costs one lookup; ``_NONE`` for any other act."""
    target_id = act.target
    if target_id is None:
        return _NONE
    memo = view.memo
    blows = memo.get(BLOW_ODDS)
    if blows is None:
        blows = memo[BLOW_ODDS] = {}
    sheet, prone, partner, role, _, _, z, _ = me.glance
    target = view.unit(target_id)
    tsheet, tprone, tpartner, trole, tx, ty, tz, tstate = target.glance
    key = (id(act), id(sheet), prone, partner, role, z, id(tsheet), tprone, tpartner, trole, tx, ty, tz,
           tstate.defense_bonus_total())  # the sheets outlive the encounter's memo: their ids are theirs
    got = blows.get(key)
    if got is not None and got[0] is act:  # the act kept with its answer: its id is no other act's meanwhile
        return got[1]
    spec = ACTIONS.get(act.action)
    if spec is None or spec.kind not in ("strike", "grapple"):
        return _NONE
    if len(blows) > 20_000:
        blows.clear()
    p = attack_odds(view, me, act, None, target)
    blows[key] = (act, p)
    return p


SURE_BLOWS = "guard: sure blows"
"""The encounter memo of :func:`sure_blow`."""


def sure_blow(view: View, me: UnitView, act: Act) -> bool:
    """Is the blow ``act`` (a strike or a grapple) proven to have at least :data:`POOR_ODDS`, without
    working its chance out? True only when ``me`` and its target are both on their feet and out of any
    grapple and the chance at its worst there (:func:`~.odds.worst_blow`: the darkest light) stays at
    :data:`POOR_ODDS` or more with the target's defense bonus of now; False when that does not prove
    it (then :func:`blow_odds` works the chance out). Remembered by the act itself (with its target's
    view) and both sheets, as the largest defense bonus the bound allows: the guard asking about the
    same blow every turn of a melee costs a few reads."""
    memo = view.memo
    sure = memo.get(SURE_BLOWS)
    if sure is None:
        sure = memo[SURE_BLOWS] = {}
    got = sure.get(id(act))
    if got is None or got[0] is not act:
        if act.target is None:
            return False
        if len(sure) > 20_000:
            sure.clear()
        got = sure[id(act)] = [act, view.unit(act.target), None, None, None]  # the act kept: its id stays its
    sheet, prone, partner, _, _, _, _, _ = me.glance
    tsheet, tprone, tpartner, _, _, _, _, tstate = got[1].glance
    if prone or tprone or partner is not None or tpartner is not None:
        return False
    if got[2] is not sheet or got[3] is not tsheet:
        got[2], got[3], got[4] = sheet, tsheet, bonus_allowed(view, sheet, tsheet, act)
    allowed = got[4]
    return allowed is not None and (not tstate.defense_bonus or tstate.defense_bonus_total() <= allowed)


SURE_BOUNDS = "guard: bonus a blow allows"
"""The scenario-shared memo of :func:`bonus_allowed`."""


def bonus_allowed(view: View, sheet: Any, tsheet: Any, act: Act) -> int | None:
    """:func:`_bonus_allowed` of :func:`~.odds.worst_blow`, kept in the scenario-shared cache by
    both sheets and what the act names (a pure function of them): each fight of a loop meets the
    same blows, and works their bound out no more."""
    shared = view.shared.get(SURE_BOUNDS)
    if shared is None:
        shared = view.shared[SURE_BOUNDS] = {}
    avoid = act.avoid_armor
    key = (id(sheet), id(tsheet), act.action, act.weapon, avoid if type(avoid) is tuple else tuple(avoid))
    got = shared.get(key)
    if got is None:
        if len(shared) > 20_000:
            shared.clear()
        # both sheets kept with the bound: the ids in the key stay theirs
        got = shared[key] = (sheet, tsheet, _bonus_allowed(worst_blow(view, sheet, tsheet, act)))
    return got[2]


def _bonus_allowed(worst: tuple[int, int] | None) -> int | None:
    """The largest defense bonus with which a blow at ``worst`` (attack, difficulty) keeps at least
    :data:`POOR_ODDS`, or None when even none does; the chance only falls as the bonus grows."""
    if worst is None or hit_chance(worst[0], worst[1]) < POOR_ODDS:
        return None
    b = 0
    while b < 100 and hit_chance(worst[0], worst[1] + b + 1) >= POOR_ODDS:
        b += 1
    return b


def odds_record(view: View, plan: Plan) -> Plan:
    """``plan`` with its attacks' odds among its alternatives (see the module docstring); a plan that
    already carries them (a policy built on another passes through here twice) is left as it is.
    (:func:`lawful` weighs each action the same way as it checks it.)"""
    alts = plan.alternatives
    if alts and any(what == ODDS for what, _ in alts):
        return plan
    me = view.me
    scope = view.memo.get(PLANNING)  # the chances the policy left for the blows it built (noted_chance)
    steps = plan.steps
    worst: tuple[float, Act, bool] | None = None
    aim_before = False  # an aim earlier in the plan
    for i, s in enumerate(steps):
        if not isinstance(s, Act):
            continue
        got = None if scope is None else scope.get(id(s))
        p = got[1] if got is not None and got[0] is s else _chance(view, me, s, steps, i, aim_before)
        if p is not None and (worst is None or p < worst[0]):
            worst = (p, s, aim_before)
        if s.action == "aim":
            aim_before = True
    return plan if worst is None or worst[0] >= POOR_ODDS else _with_odds(view, me, plan, worst)


def _chance(view: View, me: UnitView, s: Act, steps: list[MoveTo | Act], i: int, aim_before: bool) -> float | None:
    """The chance of ``s``, the ``i``-th of ``steps``, that no chance noted by the policy gives (None: no
    attack, or a blow proven not poor, :func:`sure_blow`); ``aim_before``: an aim comes before it."""
    kind = _KIND.get(s.action)
    if kind is _BLOW:
        if sure_blow(view, me, s):  # a blow proven not poor: no chance worked out
            return None
        p = blow_odds(view, me, s)
        if p is _NONE:  # no target
            p = attack_odds(view, me, s, _at(me, steps, i), aimed=aim_before or bool(me.state.aim_bonus))
        return p  # type: ignore[return-value]
    if kind is _AFAR:  # a shot or a throw: neither proven nor remembered as a blow is
        return planned_odds(view, me, s, _at(me, steps, i), aim_before or bool(me.state.aim_bonus))
    return None


def _with_odds(view: View, me: UnitView, plan: Plan, worst: tuple[float, Act, bool]) -> Plan:
    """``plan`` with the record of its poorest chance ``worst`` = (chance, act, an aim before it) and the
    best a move open this turn would give."""
    p, act, aim_before = worst
    steps = plan.steps
    at, metres, _ = _walked(me, steps)
    aimed = aim_before or bool(me.state.aim_bonus)
    alts = ((ODDS, p), (MOVE_ODDS, move_odds(view, me, act, at, view.movement(me) - metres, aimed)))
    return Plan(steps, plan.reason, tuple(plan.alternatives) + alts)


def _at(me: UnitView, steps: list[MoveTo | Act], i: int) -> tuple[float, float, float]:
    """Where the moves of ``steps`` before the ``i``-th end (``me``'s place when none comes first)."""
    at = None
    for s in steps[:i]:
        if isinstance(s, MoveTo):
            x, y, z = me.pos if at is None else at
            at = (s.x, s.y, s.z if s.z is not None else z)
    return me.pos if at is None else at


class Lawful:
    """Mixed into a policy: the ``plan``, ``counter`` and ``after_counter`` each class defines
    pass their answers through :func:`lawful`."""

    planning_scope = True
    """Open :data:`~.odds.PLANNING` around the answer (a policy that weighs matchups and leaves the
    chances of its blows: a memo of one plan); a policy that never does says False and saves the scope's
    dict every turn (the guard's answers are the same without it: the scope only remembers)."""

    def __init_subclass__(cls, **kw: object) -> None:
        super().__init_subclass__(**kw)
        for name in ("plan", "counter", "after_counter"):
            fn = cls.__dict__.get(name)
            if fn is not None and not getattr(fn, "_lawful", False):
                setattr(cls, name, _checked(fn, name, cls.planning_scope))

    def after_counter(self, view: View, plan: Plan) -> Plan:
        """A counter cut in: the rest of the plan, without what the rules would now refuse
        (the counter may have left us injured: no strenuous action)."""
        return lawful(view, plan)


def _checked(fn, name: str, scope: bool = True):  # type: ignore[no-untyped-def]
    """``fn`` answering through :func:`lawful`, with the matchups of one answer remembered meanwhile
    (:data:`~.odds.PLANNING`: nothing moves while a policy plans; a policy built on another answers
    inside the outer one's scope). Each wrapper opens the scope itself: one Python frame fewer a turn
    than a shared helper (the plan is asked every turn of every fighter). ``scope`` False: no scope
    of its own (:attr:`Lawful.planning_scope`)."""
    if not scope:
        if name == "plan":
            def plain(self, view):  # type: ignore[no-untyped-def]
                return lawful(view, fn(self, view))
            wrapped = plain
        else:
            def plain_answer(self, view, arg):  # type: ignore[no-untyped-def]
                return lawful(view, fn(self, view, arg))
            wrapped = plain_answer
        wrapped.__name__, wrapped.__doc__, wrapped.__qualname__ = name, fn.__doc__, fn.__qualname__
        wrapped._lawful = True  # type: ignore[attr-defined]
        return wrapped
    if name == "plan":
        def plan(self, view):  # type: ignore[no-untyped-def]
            memo = view.memo
            if PLANNING in memo:
                return lawful(view, fn(self, view))
            memo[PLANNING] = {}
            try:
                return lawful(view, fn(self, view))
            finally:
                del memo[PLANNING]
        wrapped = plan
    else:
        def answer(self, view, arg):  # type: ignore[no-untyped-def]
            memo = view.memo
            if PLANNING in memo:
                return lawful(view, fn(self, view, arg))
            memo[PLANNING] = {}
            try:
                return lawful(view, fn(self, view, arg))
            finally:
                del memo[PLANNING]
        wrapped = answer
    wrapped.__name__, wrapped.__doc__, wrapped.__qualname__ = name, fn.__doc__, fn.__qualname__
    wrapped._lawful = True  # type: ignore[attr-defined]
    return wrapped
__all__ = ["lawful", "Lawful", "ATTACKS", "attack_odds", "blow_odds", "move_odds", "odds_record", "planned_odds",
           "sure_blow"]
