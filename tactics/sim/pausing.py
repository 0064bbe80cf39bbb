"""Pausing a fight and carrying it on: ``run_until(t)``, then ``run(until)``; new dice mid-fight.

Mixed into :class:`~tactics.sim.encounter.Encounter` (what-if forks need it:
docs/whatif.md)::

    >>> enc.run_until(4.0)              # the fight up to 4 s, paused before anything at 4 s   # doctest: +SKIP
    True
    >>> enc.reseed(12)                  # every die from now on from SeededDice(12)            # doctest: +SKIP
    >>> enc.run(until=300)              # the rest of the same fight                           # doctest: +SKIP

A paused and resumed fight records the same events as one uninterrupted
``run``: SimPy's ``run(until=t)`` stops on an urgent event at ``t``, before
every fighter's timeout due then, and adds no other event to the fight.
"""

from __future__ import annotations

from typing import Any

import simpy

from tactics.dice import SeededDice
from tactics.sim import collector


class Pausing:
    """``run_until``, ``paused``, ``reseed`` and the start of a run (``_start``)."""

    def _start(self, limit: float | None) -> None:
        """Initiative, every process, and the stop event (the end, or the time limit ``limit``)."""
        if not self.order:
            raise ValueError("the encounter has nobody in it")
        self._started = True
        self._end_event = self.env.event()
        if getattr(self, "_no_fight", None):  # the fight never starts (both stalkers failed)
            self._finish(None, self._no_fight)
            self._limit, self._stop = limit, self._end_event
            return
        self._schedule_initiative()
        for t, fn in self._timed:
            self.env.process(self._timed_call(t, fn))
        for c in self.order:
            self.env.process(self._life(c))
        self.env.process(self._referee())
        self._limit = limit
        self._stop = self._end_event if limit is None else self.env.any_of([self._end_event, self.env.timeout(limit)])

    def _stop_at(self, until: float) -> Any:
        """What :meth:`run` waits for: started here, or re-aimed at another time limit after a pause."""
        if not self._started:
            self._start(until)
        elif self._stop is None:
            raise RuntimeError("an encounter runs once; make a new one")
        elif self._ended is None and self._limit != until:
            self._stop = self.env.any_of([self._end_event, self.env.timeout(max(0.0, until - self.env.now))])
            self._limit = until
        stop, self._stop = self._stop, None
        return stop

    def run_until(self, t: float, limit: float | None = None) -> bool:
        """Play the fight up to time ``t`` and pause there (before anything that happens at ``t``
        itself); ``run`` carries it on. True while the fight goes on, False once it ended.

        ``limit`` is the time limit the later ``run`` will be given, when known: set at the
        start, it keeps a fight that reaches its limit exactly as an uninterrupted run.
        """
        if self._ended is not None:
            return False
        if not self._started:
            self._start(limit)
        if self._stop is None:
            raise RuntimeError("an encounter runs once; make a new one")
        if t > self.env.now:
            end = self._end_event
            stop_here = simpy.core.StopSimulation.callback
            end.callbacks.append(stop_here)  # stop at the end too, if it comes before t
            try:
                with collector.paused():  # as run() plays (tactics.sim.collector)
                    self.env.run(until=t)
            finally:
                if end.callbacks is not None and stop_here in end.callbacks:
                    end.callbacks.remove(stop_here)
        return self._ended is None

    @property
    def paused(self) -> bool:
        """Started by :meth:`run_until`, not yet over."""
        return self._started and self._ended is None and self._stop is not None

    def reseed(self, dice: Any) -> None:
        """Roll every die from now on with ``dice`` (or ``SeededDice(dice)`` for an int): the one place
        the encounter's dice are swapped (the engine and the ruleset's world read the same object)."""
        if isinstance(dice, int):
            dice = SeededDice(dice)
        self.dice = dice
        self.world.dice = dice


__all__ = ["Pausing"]
