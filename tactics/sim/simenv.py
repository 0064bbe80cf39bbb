"""SimPy's environment, made a few microseconds faster: born without a walk, run without a call an event.

``simpy.Environment.__init__`` binds its five event factories (``process``,
``timeout``, ``event``, ``all_of``, ``any_of``) onto the instance by walking
its class's whole ``__dict__`` for ``BoundClass`` attributes (``BoundClass.bind_early``):
about 6 µs of a duel's 0.6 ms, paid by every :class:`~tactics.sim.encounter.Encounter`.
:class:`Environment` binds the same five directly and reads ``now`` (read many times a
turn) with a C getter. :meth:`Environment.run` with a time or an event to stop at takes SimPy's
``step`` into its loop (one Python call less an event; ``tests/test_simenv_run.py`` holds it to
SimPy's own order, value and endings); everything else is SimPy's::

    >>> env = Environment(initial_time=0.0)
    >>> def ticking(env):
    ...     yield env.timeout(1.5)
    >>> p = env.process(ticking(env))
    >>> env.run()
    >>> (env.now, p.processed, isinstance(env, simpy.Environment))
    (1.5, True, True)
    >>> sorted(vars(env)) == sorted(vars(simpy.Environment()))   # the same state as SimPy's own
    True
"""

from __future__ import annotations

from heapq import heappop
from itertools import count
from operator import attrgetter
from types import MethodType
from typing import Any

import simpy
from simpy.core import EmptySchedule, StopSimulation
from simpy.events import URGENT, AllOf, AnyOf, Event, Process, Timeout

__all__ = ["Environment"]


class Environment(simpy.Environment):
    """``simpy.Environment`` with its event factories bound without the walk (module docstring)."""

    def __init__(self, initial_time: float = 0.0) -> None:
        self._now = initial_time
        self._queue = []
        self._eid = count()
        self._active_proc = None
        self.process = MethodType(Process, self)  # type: ignore[method-assign]
        self.timeout = MethodType(Timeout, self)  # type: ignore[method-assign]
        self.event = MethodType(Event, self)  # type: ignore[method-assign]
        self.all_of = MethodType(AllOf, self)  # type: ignore[method-assign]
        self.any_of = MethodType(AnyOf, self)  # type: ignore[method-assign]

    now = property(attrgetter("_now"))  # type: ignore[assignment]
    """The current simulation time (SimPy's, read by a C getter: the engine reads it many times a turn)."""

    def run(self, until: Any = None) -> Any:
        """SimPy's ``run`` until a time or an event, with its ``step`` written into the loop (one call
        less an event); ``until=None`` is SimPy's own. The same steps in the same order, and
        the same endings: the ``until`` event stops it, an event failed and not defused raises."""
        if until is None:
            return super().run(until)
        if isinstance(until, Event):
            stop = until
            if stop.callbacks is None:
                return stop.value   # processed already
        else:
            at = until if isinstance(until, int) else float(until)
            if at <= self._now:
                raise ValueError(f"until ({at}) must be greater than the current simulation time")
            stop = Event(self)
            stop._ok = True
            stop._value = None
            self.schedule(stop, URGENT, at - self._now)
        stop.callbacks.append(StopSimulation.callback)
        queue = self._queue
        try:
            while True:
                try:
                    self._now, _, _, event = heappop(queue)
                except IndexError:
                    raise EmptySchedule from None
                callbacks, event.callbacks = event.callbacks, None
                try:
                    for callback in callbacks:
                        callback(event)
                except StopSimulation:
                    event.callbacks = callbacks[callbacks.index(callback) + 1:]
                    self.schedule(event, simpy.core.EventPriority(-1))
                    raise
                if not event._ok and not hasattr(event, "_defused"):
                    exc = type(event._value)(*event._value.args)
                    exc.__cause__ = event._value
                    raise exc
        except StopSimulation as exc:
            return exc.args[0]
        except EmptySchedule:
            assert not stop.triggered
            raise RuntimeError(f'No scheduled events left but "until" event was not triggered: {stop}') from None
