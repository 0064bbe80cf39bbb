"""Cheap uses of the rarer actions of 000, for the policies that fight up close.

Each function returns a :class:`~tactics.sim.plan.Plan` when the trick pays
here and now, or None (the policy goes on as usual):

* :func:`cover_plan` — cover a wounded ally within 2 m that an enemy threatens,
  when no enemy is in one's own reach (000 · Other Actions · cover; DECISIONS ·
  More rulings · Cover: the attacker meets the coverer's defense + 5);
* :func:`disarm_plan` — disarm a foe whose weapon hits harder than one's own
  (000 · Grappling Actions · disarm);
* :func:`shove_plan` — push a foe that stands before a drop off it (the fall
  from the height hurts; 000 · Grappling; DECISIONS · More rulings);
* :func:`heave_plan` — heave an unwieldy thrown object when nothing else
  reaches (000 · Thrown Weapon Attacks · heave);
* :func:`ready_plan` — pick a dropped weapon up (000 · Attacking · Readying Weapons);
* :func:`reload_plan` — load an empty gun (000 · Archery and Marksmanship · load);
* :func:`stand_plan` — get up from the ground: an instant stand (strenuous, +5 defense until
  the next turn; 000 · Other Actions · instant stand) while healthy and an enemy could strike
  before the next turn, else the quick stand;
* :func:`let_go_plan` — let go of a partner who holds the dominant position, and strike free of
  the clinch's -5 (DECISIONS · More rulings · Grapple release; 000 · Stance and Position · Clinch).

:class:`BreaksFree` is mixed into the policies that do not grapple by choice:
when a grappler's action on them fails they release the hold (DECISIONS ·
More rulings · Grapple release); the grappler keeps it.
"""

from __future__ import annotations

import math
from typing import Any
from tactics.ai.mano_a_mano.odds import estimate
from tactics.ai.mano_a_mano.strikes import combo_allowance
from tactics.ai.targets import NEAR_QUERY_FROM
from tactics.rulesets.mano_a_mano.resolve import COVER_REACH_M, MELEE_REACH_M, MELEE_REACH_UP_M, PUSH_M, max_range
from tactics.sim.plan import Act, Plan
from tactics.sim.view import UnitView, View

DROP_WORTH_M = 2.0
"""A drop at least this deep beyond a foe makes a push worth more than a strike."""
DISARM_EDGE = 2
"""A foe's weapon must hit this much harder than ours to be worth a disarm."""
MIN_P = 0.3
"""The least chance of success worth a trick."""


def _in_reach(a: UnitView, b: UnitView) -> bool:
    ax, ay, az = a.pos  # one read of each place (six of x, y and z cost three times as much)
    bx, by, bz = b.pos
    return math.hypot(ax - bx, ay - by) <= MELEE_REACH_M and abs(az - bz) <= MELEE_REACH_UP_M


def cover_plan(view: View, me: UnitView, enemies: list[UnitView]) -> Plan | None:
    if me.health != "healthy" or me.partner is not None or me.prone:
        return None
    # every able enemy: ask the engine's position table for the near ones (same answer, no walk of all)
    full = len(enemies) > NEAR_QUERY_FROM and view.is_enemy_list(enemies, me)
    if full:
        # the enemies table first: it holds the nearest enemy, and when that one is farther than an
        # ally's reach from me no ally I could cover is threatened (_no_threat_near): no allies to look at
        mine = view.enemies_near(0.0, MELEE_REACH_M, me)
        if any(_in_reach(me, e) for e in mine) or _no_threat_near(me, mine):
            return None
    near = view.allies_near(COVER_REACH_M)
    if not near:
        return None  # nobody to cover (a duel): no need to look at the enemies
    if not full and any(_in_reach(me, e) for e in enemies):
        return None
    for ally in near:
        if ally.id == me.id or ally.health != "injured" or not ally.able:
            continue
        if view.distance(me, ally) > COVER_REACH_M:
            continue
        near = view.enemies_near(0.0, MELEE_REACH_M, ally) if full else enemies
        threat = next((e for e in near if _in_reach(e, ally)), None)
        if threat is None:
            continue
        if me.sheet.melee_defense + 5 <= ally.sheet.melee_defense:
            continue
        return Plan([Act("cover", target=ally.id)], f"covering wounded {ally.name} from {threat.name}")
    return None


THREAT_M = COVER_REACH_M + MELEE_REACH_M
"""No enemy flatly farther than this from a fighter threatens an ally it could cover: the ally stands
within :data:`COVER_REACH_M` (3-D, so flat too) and its threat within :data:`MELEE_REACH_M` (flat) of it."""


def _no_threat_near(me: UnitView, near: list[UnitView]) -> bool:
    """Is every enemy of ``near`` (which holds the nearest enemy of ``me``, as
    :meth:`~tactics.sim.view.View.enemies_near` gives it) flatly farther than :data:`THREAT_M` from ``me``?
    Then :func:`cover_plan` finds no threat, whatever allies stand by: in a battle most fighters are
    still closing in, and the look at their allies is skipped::

        >>> _no_threat_near(me, view.enemies_near(0.0, MELEE_REACH_M, me))    # doctest: +SKIP
        True
    """
    mx, my = me.x, me.y
    bound = THREAT_M + 1e-6  # a hair wide: the checks that would follow measure again with hypot
    return all(math.hypot(e.x - mx, e.y - my) > bound for e in near)


def _best_power(u: UnitView) -> int:
    ch = u.sheet
    out = u.state.out_of_hand
    return max((ch.power_with(w) for w in ch.weapons if w.kind in ("natural", "hand") and w.name not in out),
               default=0)


def disarm_plan(view: View, me: UnitView, target: UnitView, match: tuple | None = None) -> Plan | None:
    """``match``: the pair's :func:`~.odds.matchup`, when the caller has it."""
    # every test must pass: the one that fails most (the foe's weapon is no better) comes first
    if not _outclassed(view, me, target, match) or me.health != "healthy" or not _in_reach(me, target):
        return None
    e = estimate(view, me, target, "disarm", None, match=match)
    if e is None or e.p < MIN_P:
        return None
    return Plan([Act("disarm", target=target.id)], f"disarming {target.name} ({e.p:.0%})")


OUTCLASSED = "disarm: outclassed"
"""The scenario-shared memo of :func:`_outclassed` for fighters with every weapon in hand."""


def _outclassed(view: View, me: UnitView, target: UnitView, match: tuple | None = None) -> bool:
    """Does a hand weapon ``target`` holds hit :data:`DISARM_EDGE` or more harder than ``me``'s best in hand?
    (While neither has lost a weapon it reads the two sheets alone: kept in the scenario-shared cache by
    both, the fights of a loop meet the same pairs; ``match``, the pair's matchup when the caller has
    it, names them.)"""
    ms, ts = me.state, target.state
    whole = not ms.out_of_hand and not ts.out_of_hand
    if whole:
        memo = view.shared.get(OUTCLASSED)
        if memo is None:
            memo = view.shared[OUTCLASSED] = {}
        key = (id(me.sheet), id(target.sheet)) if match is None else (match[0], match[1])  # (the sheets' ids)
        got = memo.get(key)
        if got is not None:  # (both sheets kept with the answer: the ids in the key stay theirs)
            return got[2]
    tsheet = target.sheet
    out_of_hand = ts.out_of_hand
    held = [w for w in tsheet.weapons if w.kind == "hand" and w.name not in out_of_hand]
    out = bool(held) and max(tsheet.power_with(w) for w in held) >= _best_power(me) + DISARM_EDGE
    if whole:
        if len(memo) > 4096:
            memo.clear()
        memo[key] = (me.sheet, tsheet, out)
    return out


def drop_beyond(view: View, me: UnitView, target: UnitView, metres: float = PUSH_M) -> float:
    """How far the ground falls within ``metres`` beyond ``target``, straight away from ``me``;
    0 when the fighter pushed down there could never come back up to fight (a pit: the fight
    would end in a draw with no path)."""
    dx, dy = target.x - me.x, target.y - me.y
    d = math.hypot(dx, dy)
    if d < 1e-9:
        return 0.0
    tmap = view.map
    minx, miny, maxx, maxy = tmap.bounds
    deepest = 0.0
    low = (target.x, target.y, target.z)
    step = 0.5
    while step <= metres + 1e-9:
        x, y = target.x + dx / d * step, target.y + dy / d * step
        if not (minx <= x < maxx and miny <= y < maxy):
            break
        g = tmap.ground_height(x, y)
        if tmap.terrain_at(x, y) == "wall" and g > target.z + 0.5:
            break
        if target.z - g > deepest:
            deepest, low = target.z - g, (x, y, g)
        step += 0.5
    if deepest > 0 and tmap.path(low, (me.x, me.y), view.mover(target)) is None:
        return 0.0
    return deepest


def shove_plan(view: View, me: UnitView, target: UnitView) -> Plan | None:
    # every test must pass: the one that fails on most maps comes first
    if target.z - view.map.lowest_ground < DROP_WORTH_M:
        return None  # no ground anywhere on the map lies that far below: drop_beyond could not reach it
    if me.partner is not None or target.flying or target.prone or not _in_reach(me, target):
        return None
    drop = drop_beyond(view, me, target)
    if drop < DROP_WORTH_M:
        return None
    e = estimate(view, me, target, "push", None)
    if e is None or e.p < MIN_P:
        return None
    return Plan([Act("push", target=target.id)], f"pushing {target.name} toward a {drop:.0f} m drop ({e.p:.0%})")


def heave_plan(view: View, me: UnitView, enemies: list[UnitView]) -> Plan | None:
    if me.health != "healthy" or me.prone or me.partner is not None:
        return None
    ch = me.sheet
    if not _has_rocks(view, ch):
        return None
    st = me.state
    rocks = [w for w in ch.weapons if w.kind == "thrown" and ch.unwieldy(w) and w.name not in st.spent
             and w.name not in st.out_of_hand]
    for w in rocks:
        reach = max_range(me, w, "heave")
        for e in sorted(enemies, key=lambda e: view.distance(me, e)):
            if view.distance(me, e) <= reach and view.can_see(me, e):
                return Plan([Act("heave", target=e.id, weapon=w.name)], f"heaving the {w.name} at {e.name}")
    return None


def _has_rocks(view: View, ch: Any) -> bool:
    """Does the sheet ``ch`` carry an unwieldy thrown object at all? (Kept per sheet in the scenario-shared
    cache.)"""
    memo = view.shared.get("sheets with rocks")
    if memo is None:
        memo = view.shared["sheets with rocks"] = {}
    got = memo.get(id(ch))
    if got is None or got[0] is not ch:
        if len(memo) > 4096:
            memo.clear()
        got = memo[id(ch)] = (ch, any(w.kind == "thrown" and ch.unwieldy(w) for w in ch.weapons))
    return got[1]


def ready_plan(view: View, me: UnitView) -> Plan | None:
    if not me.state.out_of_hand:
        return None
    dropped = [n for n, how in me.state.out_of_hand.items() if how == "dropped"]
    if not dropped or me.partner is not None:
        return None
    return Plan([Act("ready weapon", weapon=dropped[0])], f"picking up the {dropped[0]}")


def reload_plan(view: View, me: UnitView, enemies: list[UnitView]) -> Plan | None:
    if any(_in_reach(me, e) for e in enemies):
        return None
    st = me.state
    for w in me.sheet.weapons:
        if w.kind == "gun" and w.name in st.shots_left and st.shots_left[w.name] <= 0:
            return Plan([Act("load", weapon=w.name)], f"loading the {w.name}")
    return None


def _threatened(view: View, me: UnitView, enemies: list[UnitView]) -> bool:
    """Can an able enemy strike ``me`` before its next turn (in reach, or a walk away)?"""
    for e in enemies:
        if not e.able:
            continue
        if _in_reach(me, e) or view.flat_distance(me, e) <= view.movement(e) + MELEE_REACH_M:
            return True
    return False


def stand_plan(view: View, me: UnitView, enemies: list[UnitView]) -> Plan:
    """Getting up: an instant stand when its +5 defense will be tested, else the quick stand."""
    if me.health == "healthy" and _threatened(view, me, enemies):
        act = Act("instant stand")
        if view.refusal(act) is None:
            return Plan([act], "standing up at once (+5 defense) with an enemy close")
    return Plan([Act("stand")], "getting back up")


def let_go_plan(view: View, me: UnitView, partner: UnitView, then: Act | None) -> Plan | None:
    """Let go when ``partner`` holds the dominant position over ``me`` (it would slam, wrench or
    choke at +5 while ``me`` fights at -5); ``then`` (a quick action: a strike, or a fresh hold)
    follows free of the clinch's -5 when the combo has room for it. None when ``me`` is not the
    one held or the rules refuse."""
    if me.partner != partner.id or me.role == "dominant" or partner.role != "dominant":
        return None
    act = Act("let go")
    if view.refusal(act) is not None:
        return None
    steps = [act]
    if then is not None and combo_allowance(me, multiple_weapons=False) >= 2:  # let go uses no weapon
        steps.append(then)
    more = f" ({then.action} next)" if len(steps) > 1 else ""
    return Plan(steps, f"letting go of {partner.name}, who holds the dominant position{more}")


class BreaksFree:
    """Answer the ``release`` window (a partner's grappling action failed) with release."""

    def react(self, view: View, window: Any) -> Any:
        if window.kind == "release":
            return "release"
        return super().react(view, window)  # type: ignore[misc]
