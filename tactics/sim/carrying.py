"""One unit carrying others: passengers go where their carrier goes, whatever the combat system.

A passenger shares its carrier's position: every move of either (a walk, a
push, a fall) moves the whole group, and the replay hears a ``move`` for each
member (the others' legs have the kind ``carried``). The link is the engine's
status key ``carrier`` (a ruleset sets or clears it with a ``Status`` effect;
scripts and scenarios use :meth:`Carrying.carry`). While carried, a unit's
paths are planned with its carrier's mover; how far it may go in a turn is
its ruleset's word (the turn budget)::

    >>> enc.carry(passenger, carrier)              # doctest: +SKIP
    >>> enc.combatants[passenger.id].carrier       # doctest: +SKIP
    'red-1'

Only one level: a carrier is never itself carried.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactics.replay.schema import LegRec, Move, State

if TYPE_CHECKING:
    from tactics.sim.combatant import Combatant

CARRIED_LEG = "carried"
"""The leg kind of a unit moved along with its group."""


class Carrying:
    """Carrier links for :class:`~tactics.sim.encounter.Encounter`."""

    _passengers: dict[str, list[str]]
    """Carrier id -> ids of the units it carries (empty in most fights: every check is one look)."""

    def carry(self, passenger: Any, carrier: Any) -> None:
        """``passenger`` is carried by ``carrier`` from now on: it is put at the carrier's place."""
        ids = [getattr(u, "id", u) for u in (passenger, carrier)]
        missing = [i for i in ids if i not in self.combatants]
        if missing:
            raise ValueError(f"no combatant {missing[0]!r} in the encounter")
        p, k = (self.combatants[i] for i in ids)
        if p is k or k.carrier is not None or self._passengers.get(p.id):
            raise ValueError(f"{p.id} cannot be carried by {k.id}: one level of carrying, nobody on itself")
        if not self._started:
            self._starts[p.id] = k.pos
        p.carrier = k.id
        self.link_carrier(p, k.id)
        self.events.append(State(t=self.env.now, who=p.id, changes={"carrier": k.id}))

    def link_carrier(self, c: Combatant, carrier: str | None) -> None:
        """The engine's side of the ``carrier`` key: the group lists, and the passenger put on board."""
        for aboard in self._passengers.values():
            if c.id in aboard:
                aboard.remove(c.id)
        if carrier is None:
            return
        self._passengers.setdefault(carrier, []).append(c.id)
        k = self.combatants[carrier]
        if k.pos != c.pos:
            start = c.pos
            self.place(c, k.pos)
            if self._started:
                now = self.env.now
                self.events.append(Move(t=now, who=c.id, legs=[LegRec(CARRIED_LEG, start, k.pos, now, now)],
                                        metres=0.0, budget=0.0))

    def group_of(self, c: Combatant) -> list[Combatant]:
        """The others that move with ``c``: its carrier and that carrier's passengers, or its own."""
        root = c.carrier or c.id
        ids = [root, *self._passengers.get(root, ())]
        return [self.combatants[i] for i in ids if i != c.id]

    def carry_along(self, c: Combatant, p: tuple[float, float, float]) -> None:
        """``c`` was put at ``p``: the rest of its group goes there too."""
        for o in self.group_of(c):
            o.x, o.y, o.z = p
            xyz, r = self._xyz, o.row
            xyz[0, r], xyz[1, r], xyz[2, r] = p
            self._moved += 1

    def echo_move(self, ev: Move) -> None:
        """A move of one member of a group is a move of every member (the replay animates each)."""
        c = self.combatants.get(ev.who)
        if c is None:
            return
        others = self.group_of(c)
        if not others:
            return
        legs = [LegRec(CARRIED_LEG, leg.start, leg.end, leg.t0, leg.t1) for leg in ev.legs]
        for o in others:
            self.events.append(Move(t=ev.t, who=o.id, legs=legs, metres=ev.metres, budget=0.0))
