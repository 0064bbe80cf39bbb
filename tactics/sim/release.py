"""A finished fight let go: the reference cycles it was made of cut, so refcounting frees it.

A running encounter is a web of objects that point back at each other: SimPy's
environment keeps its own bound methods (``env.timeout`` is bound to ``env``),
each process waits on an event whose callbacks hold the process, the
processes' generators hold the encounter, the world, the turn runner and each
policy's :class:`~tactics.sim.view.View` point back at the encounter, and two
brawlers each keep the other's view as their target. None of that is freed
when a script drops the encounter: only the cyclic garbage collector frees it,
and a duel loop paid about 5 % of its time for those walks (and 10,000 duels
with the collector off kept 2 million objects).

So when :meth:`~tactics.sim.encounter.Encounter.run` has ended the fight,
:func:`release` cuts those edges; the encounter, its result, views and
events read as before::

    >>> import gc
    >>> from tactics import Encounter, load_map, load_character
    >>> def duel(seed):
    ...     enc = Encounter(load_map("maps/arena.toml"), seed=seed)
    ...     enc.add(load_character("assets/characters/steven.toml"), team="red", policy="brawler")
    ...     enc.add(load_character("assets/characters/clone.toml"), team="blue", policy="brawler")
    ...     return enc, enc.run(until=120)
    >>> _ = duel(2); _ = gc.collect()  # the map's and the sheets' own caches, built once
    >>> gc.disable()
    >>> enc, result = duel(3)
    >>> (result.winner is not None, enc.env.now > 0, enc.world.unit("red-1").id)
    (True, True, 'red-1')
    >>> del enc, result
    >>> gc.collect()                   # nothing left for the collector
    0
    >>> gc.enable()

The cuts, all after the fight ended (nothing can run in it any more):

- the processes still waiting (the winner's next turn, the referee) are closed
  (as the collector would close them), the events still scheduled forgotten,
  and the environment's bound methods dropped (SimPy's descriptors bind them
  again when asked);
- the world, the turn runner and the policies' views keep a weak proxy of
  the encounter instead of the encounter (they work while it lives);
- each policy the engine made from a name (``policy="brawler"``) is let go
  (``Combatant.policy`` becomes None); a policy object the caller passed stays.

A cycle this misses (another ruleset's schedule, a script's closure) is
freed by the collector as before: this only saves it work.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from simpy.events import Condition, Process

if TYPE_CHECKING:
    from tactics.sim.encounter import Encounter

_BOUND = ("process", "timeout", "event", "all_of", "any_of")
"""What ``simpy.Environment.__init__`` binds onto the instance (``BoundClass.bind_early``)."""

__all__ = ["release"]


def release(enc: Encounter) -> None:
    """Cut the finished fight's reference cycles (see the module docstring)."""
    _let_go_of_simpy(enc.env)
    me = weakref.proxy(enc)
    enc.world._enc = me
    enc.turns.enc = me
    for view in enc._planners.values():
        view._enc = me
    for c in enc.order:
        if c.own_policy:
            c.policy = None


def _let_go_of_simpy(env: Any) -> None:
    """Close the processes still waiting, forget the scheduled events, unbind the environment."""
    waiting: list[Process] = []
    queue = env._queue
    for item in queue:
        _waiters(item[3], waiting)
    for p in waiting:
        target = p._target
        if isinstance(target, Condition):
            for ev in target._events:
                ev.callbacks = None
        if target is not None:
            target.callbacks = None
        p._generator.close()
        p._target = None
    for item in queue:
        item[3].callbacks = None
    queue.clear()
    d = env.__dict__
    for name in _BOUND:
        d.pop(name, None)


def _waiters(ev: Any, out: list[Process]) -> None:
    """The processes waiting on ``ev``, directly or through a condition (``any_of``)."""
    for cb in ev.callbacks or ():
        owner = getattr(cb, "__self__", None)
        if isinstance(owner, Process):
            if owner.is_alive and owner not in out:
                out.append(owner)
        elif isinstance(owner, Condition) and owner is not ev:  # a condition hears itself too
            _waiters(owner, out)
