"""Each round's start, told to a schedule that changes every round (``Schedule.dynamic``).

A dynamic schedule hears :meth:`~tactics.rules.protocol.Schedule.start_round` at the
start of every round, before any turn of it. :class:`RoundStarts` does that with one
event it schedules again each round and a plain callback, not a SimPy process: a
process paid, every round, a ``Timeout``, its own resume and a generator step (two of
a 4dF duel's four SimPy steps a round are round starts and waits for them).

It takes exactly the process's place in SimPy's queue, so no fight changes: the same
instants, the same priorities (urgent for the first step, as a process's start, normal
after), and a draw of SimPy's event counter at the same moments (when it starts, and
when a round's start has been told and the next one lies ahead); and it reads and
checks the same things in the same order (the round's start again after a wake,
without asking the clock, as the process did).

**Quiet.** A schedule may say it is ``quiet``: ``start_round`` would do nothing at any
later round and every fighter's slots stay as they are, as long as nobody joins the
fight. Once it says so while nothing can make anyone join -- inside ``run`` (no pause
to come), with no timed call ever set (:meth:`~tactics.sim.encounter.Encounter.at`)
and no watch waiting (``when``) -- the round starts stop, and each fighter reads its
slots as under a fixed schedule (``Encounter._rounds_quiet``), waiting for its turn at
once instead of for the round's start first. Both only take out SimPy steps that do
nothing: a round start with nothing to tell, and a fighter's wake that read slots it
already knew; the one wait left is drawn earlier, which could only reorder it against
another event at the very same instant, and at a turn's instant off the round's start
none is left then (other fighters' turns fall at other instants, the referee's look at
the starts of rounds, reactions at the attacker's turn). Two of a 4dF duel's four
SimPy steps a round.

::

    >>> from tactics.sim.simenv import Environment
    >>> class Enc:  # the little of an encounter it reads
    ...     _ended = _stop = None; _timed = _watches = ()
    ...     class options: round_seconds = 2.0
    ...     class schedule:
    ...         heard = []
    ...         def start_round(world, r):
    ...             Enc.schedule.heard.append((env.now, r)); return []
    ...     world = turns = None
    >>> env = Enc.env = Environment()
    >>> _ = RoundStarts(Enc); env.run(until=5.0)
    >>> Enc.schedule.heard
    [(0.0, 0), (2.0, 1), (4.0, 2)]
"""

from __future__ import annotations

from typing import Any

from simpy.events import NORMAL, URGENT, Event

__all__ = ["RoundStarts"]


class RoundStarts:
    """Tells ``enc.schedule`` each round's start (module docstring); made when the fight starts."""

    __slots__ = ("enc", "r", "rs", "event")

    def __init__(self, enc: Any) -> None:
        self.enc = enc
        enc._rounds_quiet = False
        self.r = 0
        self.rs = enc.options.round_seconds
        env = enc.env
        ev = self.event = Event(env)
        ev._ok = True
        ev._value = None
        ev.callbacks = [self._first]
        env.schedule(ev, URGENT)   # where a process's first step goes

    def _first(self, _ev: Event) -> None:
        self._tell(False)

    def _woken(self, _ev: Event) -> None:
        if self.enc._ended is None:
            self._tell(True)

    def _tell(self, due: bool) -> None:
        """Tell every round's start from ``self.r`` on that is due (``due``: the first is, as a woken
        process took it), then sleep until the next one."""
        enc = self.enc
        env = enc.env
        r = self.r
        while enc._ended is None:
            if not due:
                t = r * self.rs
                if t > env.now:
                    self.r = r
                    if enc._stop is None and not enc._timed and not enc._watches and getattr(
                            enc.schedule, "quiet", False):
                        enc._rounds_quiet = True   # nothing more to tell (module docstring)
                        return
                    ev = self.event
                    ev.callbacks = [self._woken]
                    env.schedule(ev, NORMAL, t - env.now)
                    return
            due = False
            for eff in enc.schedule.start_round(enc.world, r):
                enc.turns.apply(None, eff, None)
            r += 1
        self.r = r
