"""Whole phases kept: the tactician's plan is a function of what it reads, and the fights of a batch repeat it.

A d100 :class:`~.tactician.Tactician` plans from the map, where every fighter
present stands (and lies, flies, is able), the sheets, each fighter's damage,
wounds and three statuses (aiming, full defense, running), its own two
counters (phases waited, and of the phases without an attack those that wear down its
caution: ``impatient_phases``) and, when it closes in
from far off, its team's distance field of this round (:func:`~tactics.ai.fields.steer`):
nothing else (the clock only through that field; the memos it reads are pure).
So its answer — the plan, and the two counters after it — is kept in the
scenario-shared cache under all of these (:func:`phase_key`): 200 matched
duels on arena play about 4,200 phases, and from the second run on about
half of them were played by an earlier fight.

A phase that built its team's field for this round (it was missing or
stale) must build it again when it is handed back, at the same moment, or
the next planner of the team would read a field made later; :func:`fields_now`
tells which fields stand, before and after.

A batch keeps thousands of phases, and the cyclic collector walks every
container it keeps at each full collection (a tenth of a duel's time when
they were tuples of steps, sheets and the policy's class): so an entry
holds atoms only — the policy's class and the sheets by ``id``, kept alive
once each in the memo's :data:`ALIVE` entry, the steps packed
(:func:`pack`) — and the collector stops tracking it after a pass or two::

    >>> key = phase_key(view, policy)                        # doctest: +SKIP
    >>> kept_phases(view).get(key)                           # doctest: +SKIP
    (((0, 9.0, 13.0, None, None), (1, 'full defense', None, None, (), None)), 'closing on Ruiz ...', (), 0, 1, False)
"""

from __future__ import annotations

from typing import Any

from tactics.ai.fields import movers, round_field, round_fields
from tactics.ai.routes import map_cache
from tactics.rulesets.d100_opposed.state import FighterState
from tactics.sim.plan import Act, MoveTo
from tactics.sim.view import View

PHASE_MEMORY = 20_000
"""How many phases the scenario-shared cache keeps per map (all are forgotten when full)."""


def kept_phases(view: View) -> dict:
    """The scenario-shared memo of whole phases on ``view.map`` (started afresh when it holds
    :data:`PHASE_MEMORY`)."""
    memo = map_cache(view, "d100 phases")
    if len(memo) >= PHASE_MEMORY:
        memo.clear()
    return memo


ALIVE = ("alive",)
"""The memo's entry ``{id: object}`` that keeps alive what its keys name by ``id`` (the policies'
classes, the sheets), so no other object takes one of those ids while the keys stand; forgotten
with them."""


def keep_alive(memo: dict, *objects: Any) -> None:
    """Hold ``objects`` in ``memo``'s :data:`ALIVE` entry."""
    alive = memo.get(ALIVE)
    if alive is None:
        alive = memo[ALIVE] = {}
    for o in objects:
        alive[id(o)] = o


def pack(steps: Any) -> tuple:
    """``steps`` (:class:`MoveTo` and :class:`Act`) as tuples of their fields, the first 0 or 1::

        >>> pack([MoveTo(1.0, 2.0), Act("aim")])
        ((0, 1.0, 2.0, None, None), (1, 'aim', None, None, (), None))
        >>> unpack(pack([MoveTo(1.0, 2.0), Act("aim")])) == [MoveTo(1.0, 2.0), Act("aim")]
        True
    """
    return tuple([(0, s.x, s.y, s.z, s.max_m) if type(s) is MoveTo else
                  (1, s.action, s.target, s.weapon, s.avoid_armor, s.options) for s in steps])


def unpack(packed: tuple) -> list[Any]:
    """The steps :func:`pack` packed, made again (equal, not the same objects)."""
    return [MoveTo(*p[1:]) if p[0] == 0 else Act(*p[1:]) for p in packed]


def fields_now(view: View) -> tuple[Any, Any]:
    """The team distance fields ``view.me``'s closing in would read this round, by its safe and its
    engine's mover (:func:`~tactics.ai.fields.team_field`): each the field object kept in the
    encounter's memo for this round, or None when there is none yet (a phase would build it from
    where the fighters stand now)."""
    team = view.me.team
    if not round_fields(view, team):   # nearly every phase: none yet this round, no movers to find
        return None, None
    safe, real = movers(view, view.me)
    return round_field(view, team, safe), round_field(view, team, real)


def phase_key(view: View, policy: Any) -> tuple:
    """Everything a :class:`~.tactician.Tactician`'s phase reads (see the module's text); the policy's
    class and the sheets by ``id``, which the caller keeps alive (:func:`keep_alive`) when it keeps
    an answer under the key. Its items 4 and 5 are :func:`fields_now`. Each fighter is read in one
    ``glance`` (sheet, prone, partner, role, x, y, z, state) and five properties, not twelve."""
    key: list[Any] = [id(type(policy)), policy._waited, policy.impatient_phases(), view.me.id, *fields_now(view)]
    for u in view.units():
        sheet, prone, _partner, _role, x, y, z, st = u.glance
        tracks = u.tracks
        if type(st) is FighterState:
            statuses = (st.aiming, st.full_defense, st.running)
        else:
            statuses = (bool(getattr(st, "aiming", False)), bool(getattr(st, "full_defense", False)),
                        bool(getattr(st, "running", False)))
        key += (u.id, u.team, id(sheet), x, y, z, bool(prone), bool(u.flying), u.able, u.standing, *statuses,
                len(tracks), *tracks.items())
    return tuple(key)   # flat: one tuple of atoms, which the collector lets go of


__all__ = ["kept_phases", "phase_key", "fields_now", "keep_alive", "pack", "unpack", "ALIVE", "PHASE_MEMORY"]
