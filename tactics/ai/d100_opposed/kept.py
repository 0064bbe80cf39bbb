"""Whole phases kept: the tactician's plan is a function of what it reads, and the fights of a batch repeat it.

A d100 :class:`~.tactician.Tactician` plans from the map, where every fighter
present stands (and lies, flies, is able), the sheets, each fighter's damage,
wounds and three statuses (aiming, full defense, running), its own two
counters (phases waited, phases without an attack) and, when it closes in
from far off, its team's distance field of this round (:func:`~tactics.ai.fields.steer`):
nothing else (the clock only through that field; the memos it reads are pure).
So its answer — the plan, and the two counters after it — is kept in the
scenario-shared cache under all of these (:func:`phase_key`): 200 matched
duels on arena play about 4,200 phases, and from the second run on about
half of them were played by an earlier fight.

A phase that built its team's field for this round (it was missing or
stale) must build it again when it is handed back, at the same moment, or
the next planner of the team would read a field made later; :func:`fields_now`
tells which fields stand, before and after::

    >>> key = phase_key(view, policy)                        # doctest: +SKIP
    >>> kept_phases(view).get(key)                           # doctest: +SKIP
    ((MoveTo(x=9.0, y=13.0), Act(action='full defense')), 'closing on Ruiz ...', (), 0, 1, False)
"""

from __future__ import annotations

from typing import Any

from tactics.ai.fields import movers, round_field
from tactics.ai.routes import map_cache
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


def fields_now(view: View) -> tuple[Any, Any]:
    """The team distance fields ``view.me``'s closing in would read this round, by its safe and its
    engine's mover (:func:`~tactics.ai.fields.team_field`): each the field object kept in the
    encounter's memo for this round, or None when there is none yet (a phase would build it from
    where the fighters stand now)."""
    safe, real = movers(view, view.me)
    team = view.me.team
    return round_field(view, team, safe), round_field(view, team, real)


def phase_key(view: View, policy: Any) -> tuple:
    """Everything a :class:`~.tactician.Tactician`'s phase reads (see the module's text); sheets by
    ``id``, which the entry keeps alive (it holds the plan's fighters' sheets), so no other sheet
    takes one of their ids while it stands."""
    units = []
    for u in view.units():
        st = u.state
        units.append((u.id, u.team, id(u.sheet), u.pos, bool(u.prone), bool(u.flying), u.able, u.standing,
                      bool(getattr(st, "aiming", False)), bool(getattr(st, "full_defense", False)),
                      bool(getattr(st, "running", False)), tuple(u.tracks.items())))
    return (type(policy), policy._waited, policy._idle, view.me.id, fields_now(view), tuple(units))


__all__ = ["kept_phases", "phase_key", "fields_now", "PHASE_MEMORY"]
