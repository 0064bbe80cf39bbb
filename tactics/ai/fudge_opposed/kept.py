"""A duelist's turn face to face with its last enemy, kept for every fight of a scenario.

Alone against one enemy in reach, on ground with no drop deep enough to
shove anyone over, the duelist's whole turn (:meth:`~.duelist.Duelist.choose`,
then :func:`~.pays.pays`) reads only:

- the hand-to-hand :class:`~.looks.Look` (two sheets, weapons in hand, the
  light at both, the statuses the totals read, the weapon the enemy used last:
  :func:`~.looks.look_key`),
- the enemy's id and the name the reason calls it by,
- the drop behind the enemy (metres; :func:`~.melee.drop_behind`),
- whether the policy grapples.

:func:`turn_key` makes that key (None when the turn may read more: a second
enemy, an ally, a drop), and the plan is kept under it: the same key gives
the same steps, reason and alternatives, so the policy hands back a copy
instead of weighing the turn again. Its odds too: every distance
:func:`~.pays.pays` reads for a melee blow then is under short range, where a
melee weapon's odds are the same (a poor blow's "one move nearer" included).
Only a plan of one act on no move is kept, and never a shot (a ranged
weapon's odds read the exact distance)::

    key = turn_key(view, me, enemies, grapples=False)
    plan = kept_plan(view, key)                     # None the first time
    ...
    keep_plan(view, key, plan)                       # the next turn like it gets a copy

Entries pin the sheets and weapons whose ``id`` the key holds (no id is
reused while it lives); the store is bounded (:data:`TURN_MEMORY`, all
forgotten when full).

Most turns of a duel are the turn before over again: nobody moved, no status
changed. :func:`remember` keeps each fighter's kept turn in ``view.memo`` under
a :func:`snapshot` of all the key was made from, and :func:`last_turn` hands it
back before anything else is read while the snapshot is the same and the two
are still alone (no key, glance or store look-up)::

    plan = last_turn(view, policy)                   # None: weigh (or look up) the turn
    ...
    remember(view, policy, me, target, key)          # after keep_plan
"""

from __future__ import annotations

import math
from typing import Any

from tactics.rulesets.fudge_opposed.ranges import SHORT_RANGE_M
from tactics.rulesets.fudge_opposed.state import state_of, status
from tactics.sim.plan import Act, Plan

from .looks import look_key
from .melee import drop_behind, lowest_floor
from .odds import label

STORE = "fudge kept turns"

TURN_MEMORY = 4_096
"""How many turns the scenario-shared store keeps (all forgotten when full)."""

DROP_M = 2.0
"""A shove over a drop deeper than this is a fall: the duelist then looks for spots round the enemy."""


def turn_key(view: Any, me: Any, enemies: list[Any], grapples: bool, st_me: dict[str, Any] | None = None
             ) -> tuple[Any, Any] | None:
    """(key, pins) of a turn alone against one enemy in reach (module docstring), else None. ``enemies``
    must be every able enemy (none hidden); ``st_me``: my statuses, when already read.

    Most of the key does not change from one turn to the next while neither fighter moves or changes
    status; it is kept per fighter with a :func:`glance` at what it was made from, and made again only
    when the glance differs (the label is read every time: who else is present may change)."""
    if len(enemies) != 1 or view.allies():
        return None
    target = enemies[0]
    if not math.dist(me.pos, target.pos) < SHORT_RANGE_M:
        return None   # (what _part finds first: an approach turn makes no glance)
    seen = glance(me, target, st_me)
    if seen is not None:
        kept = view.memo.get(GLANCES)
        if kept is None:
            kept = view.memo[GLANCES] = {}
        last = kept.get(me.id)
        if last is not None and last[0] == seen:
            part = last[1]
        else:
            part = _part(view, me, target, st_me)
            kept[me.id] = (seen, part)
    else:
        part = _part(view, me, target, st_me)
    if part is None:
        return None
    key, pins, drop = part
    return (key, grapples, target.id, label(view, target), drop), pins


def _part(view: Any, me: Any, target: Any, st_me: dict[str, Any] | None) -> tuple[Any, Any, float] | None:
    """(look key, pins, drop behind the enemy) of :func:`turn_key`, or None when no turn is kept."""
    if not math.dist(me.pos, target.pos) < SHORT_RANGE_M:
        return None
    if target.z - lowest_floor(view) > DROP_M:
        return None   # edge_spots would look round it for a drop
    key, pins = look_key(view, me, target, status(me) if st_me is None else st_me, status(target))
    if len({w.name for w in pins[2]}) != len(pins[2]):
        return None   # two weapons of one name: pays() might find a ranged one by it
    return key, pins, drop_behind(view, me, target)


GLANCES = "fudge turn glances"
"""``view.memo`` key of each fighter's last :func:`glance` and the key part made from it."""


def glance(me: Any, target: Any, st_me: dict[str, Any] | None = None) -> tuple[Any, ...] | None:
    """Everything :func:`_part` reads that can change within a fight: both positions, sheets (by ``id``:
    the encounter holds them), statuses (fresh copies from :func:`~tactics.rulesets.fudge_opposed.state.status`;
    ``st_me``: mine, when already read), the enemy's last weapon (the map, its light and floors stay).
    None when either fighter holds a list status (jammed, dropped...) or a taken weapon: those are left
    to :func:`_part` (a list may change in place, a weapon is keyed by ``id``)."""
    a = status(me) if st_me is None else st_me
    b = status(target)
    for v in a.values():
        if type(v) is list:
            return None
    for v in b.values():
        if type(v) is list:
            return None
    sb = state_of(target)
    if sb.taken or state_of(me).taken:
        return None
    return (target.id, me.pos, target.pos, id(me.sheet), id(target.sheet), dict(a), b, sb.last_weapon)


LAST = "fudge last kept turns"
"""``view.memo`` key: each fighter's last kept turn, ``id -> (policy, snapshot, (steps, reason, alternatives))``."""


def snapshot(me: Any, target: Any) -> tuple[Any, ...] | None:
    """All a kept turn's key reads that can change within a fight, read plainly: both fighters' sheet,
    ``prone``, ``partner``, ``role`` and position (``UnitView.glance``), their statuses (copies, None when
    empty; lists as tuples), the enemy's id and last weapon. None when either holds a taken weapon (keyed
    by ``id``), as :func:`glance` (the glance's ``state`` is the same object while the fighter lives: only
    its ``taken`` and ``last_weapon`` are read). With the same two fighters alone on the map, the same
    snapshot makes the same :func:`turn_key`: a weapon out of use (jammed, dropped) is in the statuses,
    and the key reads it through the weapons in use."""
    a, b = me.glance, target.glance   # (sheet, prone, partner, role, x, y, z, state)
    if a[7].taken or b[7].taken:
        return None
    sa, sb = me.status, target.status
    return (target.id, a, b, _frozen(sa) if sa else None, _frozen(sb) if sb else None, b[7].last_weapon)


def _frozen(st: Any) -> dict[str, Any]:
    """A copy of a status mapping, its lists (jammed, dropped...) as tuples: a list changed in place
    after the copy still reads as a change."""
    out = dict(st)
    for k, v in out.items():
        if type(v) is list:
            out[k] = tuple(v)
    return out


def last_turn(view: Any, policy: Any) -> Plan | None:
    """A copy of the plan :func:`remember` kept for the acting fighter, when ``policy`` kept it, the
    fighter and its enemy are the only two on the map and :func:`snapshot` reads as it did then; else None.

    Then :meth:`~.common.FudgePolicy.plan` would go the same way to the same key: the enemy is the one
    able enemy, unhidden (its statuses are the same), nobody is an ally, the label reads the same two
    names, and my statuses (no grip, not prone, nothing out of use) send it to ``paid`` again."""
    kept = view.memo.get(LAST)
    if kept is None:
        return None
    me = view.me
    got = kept.get(me.id)
    if got is None or got[0] is not policy:
        return None
    units = view.units()
    if len(units) != 2:
        return None
    target = units[1] if units[0] is me else units[0]
    if not target.able or snapshot(me, target) != got[1]:
        return None
    steps, reason, alternatives = got[2]
    return Plan(list(steps), reason, alternatives)


def remember(view: Any, policy: Any, me: Any, target: Any, key: tuple[Any, Any] | None) -> None:
    """After a turn under ``key`` (:func:`turn_key`): keep its plan for :func:`last_turn` when the store
    holds it (a face-to-face turn's) and the two fighters are alone."""
    if key is None:
        return
    store = view.shared.get(STORE)
    got = store.get(key[0]) if store is not None else None
    if got is None or len(view.units()) != 2:
        return
    seen = snapshot(me, target)
    if seen is None:
        return
    kept = view.memo.get(LAST)
    if kept is None:
        kept = view.memo[LAST] = {}
    kept[me.id] = (policy, seen, got[0])


def kept_plan(view: Any, key: tuple[Any, Any] | None) -> Plan | None:
    """A copy of the plan kept under ``key`` (None: none kept, or no key)."""
    if key is None:
        return None
    store = view.shared.get(STORE)
    got = store.get(key[0]) if store is not None else None
    if got is None:
        return None
    steps, reason, alternatives = got[0]
    return Plan(list(steps), reason, alternatives)


def keep_plan(view: Any, key: tuple[Any, Any] | None, plan: Plan) -> None:
    """Keep ``plan`` under ``key`` if it is a face-to-face turn's: one act, no move, no shot."""
    if key is None or len(plan.steps) != 1 or not isinstance(plan.steps[0], Act):
        return
    if plan.steps[0].action == "shoot":
        return
    store = view.shared.get(STORE)
    if store is None or len(store) >= TURN_MEMORY:
        store = view.shared[STORE] = {}
    store[key[0]] = ((tuple(plan.steps), plan.reason, tuple(plan.alternatives)), key[1])


__all__ = ["turn_key", "glance", "kept_plan", "keep_plan", "TURN_MEMORY", "GLANCES", "LAST", "snapshot",
           "last_turn", "remember"]
