"""The working copy of everyone's pools while one action resolves.

A ruleset answers with effects the engine applies afterwards, but an attack
needs the pools as they are after each step (the attacker's points spent,
the defender's points moved into defense) to roll and to take harm from the
right pools. A :class:`Ledger` keeps those pools and writes each step as a
``Harm`` effect::

    >>> led = Ledger({"clone": Pools.fresh(6)})
    >>> led.move("clone", {"ready": -6, "defense": 6}, "moves 6 ready points into defense")
    >>> led.pools("clone"), led.effects[0].changes
    (Pools(ready=0, defense=6, other=0, stun=0, damage=0), {'ready': -6, 'defense': 6})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tactics.rules.effects import Effect, Harm

from .pools import POOLS, Pools, take_harm


class Ledger:
    """Pools by unit id (read once from ``lookup``, then kept) and the effects made so far."""

    def __init__(self, pools: Mapping[str, Pools] | None = None,
                 lookup: Callable[[str], Pools] | None = None, units: Callable[[str], Any] | None = None) -> None:
        """``lookup`` gives a fighter's pools by id; ``units`` (instead) the fighter, whose tracks are read."""
        self._pools: dict[str, Pools] = dict(pools) if pools else {}
        self._lookup = lookup
        self._units = units
        self.effects: list[Effect] = []

    def pools(self, uid: str) -> Pools:
        p = self._pools.get(uid)
        if p is None:
            if self._units is not None:
                p = Pools.from_tracks(self._units(uid).tracks)
            elif self._lookup is not None:
                p = self._lookup(uid)
            else:
                raise KeyError(uid)
            self._pools[uid] = p
        return p

    def settle(self, uid: str, pools: Pools) -> None:
        """``uid``'s pools are now ``pools`` (the effects that moved them were handed in already:
        :func:`~.landed.replay`)."""
        self._pools[uid] = pools

    def add(self, effect: Effect) -> None:
        self.effects.append(effect)

    def move(self, uid: str, changes: Mapping[str, int], source: str) -> None:
        """Move points between pools (the changes sum to 0) and write the ``Harm``."""
        moved: dict[str, int] = {}
        total = 0
        known = True
        for k, v in changes.items():
            if v:
                moved[k] = v = int(v)
                total += v
                known = known and k in POOLS
        if not moved:
            return
        if total != 0 or not known:
            raise ValueError(f"not a move between pools: {moved}")
        changes = moved
        p = self.pools(uid)
        get = moved.get        # Pools.plus, inline
        after = Pools(p.ready + get("ready", 0), p.defense + get("defense", 0), p.other + get("other", 0),
                      p.stun + get("stun", 0), p.damage + get("damage", 0))
        if min(after.ready, after.defense, after.other, after.stun, after.damage) < 0:
            raise ValueError(f"{uid} cannot move {changes} from {p}")
        self._pools[uid] = after
        self.effects.append(Harm(uid, changes, source))

    def harm(self, uid: str, stun: int, damage: int, source: str) -> dict[str, int]:
        """Stun and damage taken from the pools in order; the ``Harm``'s changes (may be empty).
        The source says which pools the points left (:func:`taken_from`)."""
        p = self.pools(uid)
        after = take_harm(p, stun, damage)
        changes = p.changes_to(after)
        self._pools[uid] = after
        if changes:
            self.effects.append(Harm(uid, changes, f"{source}{taken_from(changes)}"))
        return changes


def points(n: int) -> str:
    """``1 point``, ``3 points``."""
    return f"{n} point{'s' * (n != 1)}"


def from_pools(changes: Mapping[str, int], pools: tuple[str, ...] = POOLS) -> str:
    """Where points came from, by the pools that lost them: ``2 from other, 1 from defense``."""
    return ", ".join(f"{-v} from {k}" for k in pools for v in [changes.get(k, 0)] if v < 0)


def taken_from(changes: Mapping[str, int]) -> str:
    """The tail of a harm's source: which pools the stun and damage points left.

        >>> taken_from({"defense": -4, "stun": 2, "damage": 2})
        ', out of defense'
        >>> taken_from({"stun": -1, "damage": 1})
        ', 1 stun turned to damage'
    """
    lost = [k for k in ("ready", "defense", "other") if changes.get(k, 0) < 0]
    out = f", out of {' then '.join(lost)}" if lost else ""
    if changes.get("stun", 0) < 0:
        out += f", {-changes['stun']} stun turned to damage"
    return out


def pools_of(unit: Any) -> Pools:
    """A unit's pools from its tracks."""
    return Pools.from_tracks(unit.tracks)


__all__ = ["Ledger", "pools_of", "points", "from_pools", "taken_from"]
