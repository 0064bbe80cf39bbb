"""SimPy's environment, made a few microseconds faster: the one thing it does slowly is being born.

``simpy.Environment.__init__`` binds its five event factories (``process``,
``timeout``, ``event``, ``all_of``, ``any_of``) onto the instance by walking
its class's whole ``__dict__`` for ``BoundClass`` attributes (``BoundClass.bind_early``):
about 6 µs of a duel's 0.6 ms, paid by every :class:`~tactics.sim.encounter.Encounter`.
:class:`Environment` binds the same five directly and reads ``now`` (read many times a
turn) with a C getter; everything else is SimPy's::

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

from itertools import count
from operator import attrgetter
from types import MethodType

import simpy
from simpy.events import AllOf, AnyOf, Event, Process, Timeout

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
