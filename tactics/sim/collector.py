"""The cyclic garbage collector held off while a fight runs.

A fight allocates a few containers every turn that it keeps (events, legs,
their coordinate tuples), and makes next to no reference cycles: a 400 v 400
brawl leaves 10 objects for the collector to free. Yet with the collector on,
every few hundred allocations it walks the young objects, and every so often
the whole heap, the finished fights a caller keeps included: 9-24 % of the
100 v 100 and 400 v 400 brawls' time (``benchmarks/bench_engine.py``; measured
with ``gc.callbacks``). The peak memory does not change (268 against 267 MB).
So :meth:`~tactics.sim.encounter.Encounter.run` and ``run_until`` play the fight
with the collector off and switch it back on after, as the replay reader does
while it decodes::

    >>> import gc
    >>> with paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True

The collector's own state is the process's: a collector some caller had
switched off stays off, and two fights in two threads leave it as they found
it (the one that switched it off switches it back on). Nothing in a fight
reads the collector, so no fight changes.
"""

from __future__ import annotations

from tactics.replay.reader import collector_paused as paused

__all__ = ["paused"]
