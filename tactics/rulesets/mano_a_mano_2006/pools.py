"""Hit points and the five pools they move between (001 · Hit Points).

A fighter's HP never change during a fight; its points only move between
five pools that always sum to HP: ``ready``, ``defense``, ``other`` (the
seed's "other used"), ``stun`` and ``damage``. A fresh fighter holds every
point in ready::

    >>> p = Pools.fresh(6)
    >>> p
    Pools(ready=6, defense=0, other=0, stun=0, damage=0)

HP are the two best athletic ability modifiers, at least 1; HP per round is
half of HP rounded up (001 · Hit Points · Total Hit Points, Hit Points per
Round)::

    >>> hit_points({"climbing": 3, "swimming": 3, "running": 0, "stealth": 9})
    6
    >>> hit_points({}), hp_per_round(6), hp_per_round(5)
    (1, 3, 3)

A turn's first two phases (DECISIONS-2006 · Hit points and pools): one point
of stun goes back to other, then up to HP/round points go to ready, from
other first (keeping the points that carry gear or hold someone) and then
from defense. The clone's first turn in the seed's example::

    >>> phase_two(Pools(0, 6, 0, 0, 0), 3)
    Pools(ready=3, defense=3, other=0, stun=0, damage=0)
    >>> phase_one(Pools(0, 0, 2, 2, 2))
    Pools(ready=0, defense=0, other=3, stun=1, damage=2)

Harm takes points from ready, then defense, then other (001 · Hit Points ·
Receiving Stun and Damage); stun that finds no point left outside stun and
damage turns that much stun into damage::

    >>> take_harm(Pools(0, 4, 2, 0, 0), stun=2, damage=2)
    Pools(ready=0, defense=0, other=2, stun=2, damage=2)
    >>> take_harm(Pools(0, 0, 1, 3, 2), stun=2, damage=0)
    Pools(ready=0, defense=0, other=0, stun=3, damage=3)
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import itemgetter
from typing import NamedTuple

POOLS: tuple[str, ...] = ("ready", "defense", "other", "stun", "damage")
"""The five pools, in the order the seed lists them."""
pool_values = itemgetter(*POOLS)
"""The five pools of a unit's tracks as a tuple, in :data:`POOLS` order, in one call (``KeyError`` when
one is missing: the engine's tracks always hold all five, read a missing one as 0 otherwise)."""

ATHLETIC: tuple[str, ...] = ("running", "swimming", "climbing", "acrobatics", "grapple", "natural weapons")
"""The athletic abilities whose two best modifiers make HP (DECISIONS-2006 · Hit points and pools)."""

HARM_ORDER: tuple[str, ...] = ("ready", "defense", "other")
"""Where harm takes its points from, first to last (001 · Hit Points · Receiving Stun and Damage)."""


class Pools(NamedTuple):
    """The five pools of one fighter; immutable, every change makes a new one. A named tuple: made a
    dozen times a turn, and a tuple's fields cost less to build than a frozen dataclass's."""

    ready: int
    defense: int
    other: int
    stun: int
    damage: int

    @classmethod
    def fresh(cls, hp: int) -> Pools:
        """All ``hp`` in ready, as at the start of a fight (001 · Combat Example, step 2)."""
        return cls(hp, 0, 0, 0, 0)

    @classmethod
    def from_tracks(cls, tracks: Mapping[str, int]) -> Pools:
        """The pools of a unit's ``tracks`` (missing ones count 0). A turn reads them a dozen times,
        and a fight's pools are a few dozen: the answers (immutable) are kept in a small bounded memo."""
        try:
            key = pool_values(tracks)
        except KeyError:
            get = tracks.get
            key = (get("ready", 0), get("defense", 0), get("other", 0), get("stun", 0), get("damage", 0))
        got = _FROM_TRACKS.get(key)
        if got is None or type(got) is not cls:
            if len(_FROM_TRACKS) >= FROM_TRACKS_MEMORY:
                _FROM_TRACKS.clear()
            got = _FROM_TRACKS[key] = cls(*(int(v) for v in key))
        return got

    @property
    def hp(self) -> int:
        return self.ready + self.defense + self.other + self.stun + self.damage

    @property
    def available(self) -> int:
        """Points neither stunned nor damaged."""
        return self.ready + self.defense + self.other

    def as_dict(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in POOLS}

    def changes_to(self, after: Pools) -> dict[str, int]:
        """The track changes from ``self`` to ``after`` (only the pools that moved)."""
        out: dict[str, int] = {}
        if after.ready != self.ready:
            out["ready"] = after.ready - self.ready
        if after.defense != self.defense:
            out["defense"] = after.defense - self.defense
        if after.other != self.other:
            out["other"] = after.other - self.other
        if after.stun != self.stun:
            out["stun"] = after.stun - self.stun
        if after.damage != self.damage:
            out["damage"] = after.damage - self.damage
        return out

    def move(self, source: str, dest: str, n: int) -> Pools:
        """``n`` points from pool ``source`` to pool ``dest``; ``ValueError`` if ``source`` lacks them."""
        if n < 0:
            raise ValueError(f"cannot move {n} points")
        have = getattr(self, source)
        if have < n:
            raise ValueError(f"{source} holds {have} points, not {n}")
        if n == 0 or source == dest:
            return self
        return self.plus({source: -n, dest: n})

    def plus(self, changes: Mapping[str, int]) -> Pools:
        """The pools with ``changes`` added (pool name to points; no check of the signs). Built
        field by field: a turn moves points a dozen times, ``dataclasses.replace`` is slow at it."""
        get = changes.get
        return Pools(self.ready + get("ready", 0), self.defense + get("defense", 0), self.other + get("other", 0),
                     self.stun + get("stun", 0), self.damage + get("damage", 0))


FROM_TRACKS_MEMORY = 4_096
"""How many :meth:`Pools.from_tracks` answers are kept (all forgotten when full)."""
_FROM_TRACKS: dict[tuple, Pools] = {}
"""Pure answers only: equal tracks give equal (immutable) pools."""


def hit_points(abilities: Mapping[str, int], hp: int | None = None) -> int:
    """HP: the sheet's ``hp`` when given, else the two best athletic modifiers, at least 1.

    (001 · Hit Points · Total Hit Points)
    """
    if hp is not None:
        return max(1, int(hp))
    best = sorted((int(abilities.get(a, 0)) for a in ATHLETIC), reverse=True)[:2]
    return max(1, sum(best))


def hp_per_round(hp: int) -> int:
    """⌈HP / 2⌉. (001 · Hit Points · Hit Points per Round)"""
    return (hp + 1) // 2


def phase_one(p: Pools) -> Pools:
    """Phase 1: one point of stun back to other, if there is any. (DECISIONS-2006 · Hit points and pools)"""
    return p.move("stun", "other", 1) if p.stun else p


def phase_two(p: Pools, per_round: int, keep_in_other: int = 0) -> Pools:
    """Phase 2: up to ``per_round`` points into ready, from other (beyond ``keep_in_other``,
    the points that carry gear and maintain a hold) first, then from defense.

    (001 · Hit Points · Ready, Other Used; DECISIONS-2006 · Hit points and pools)

        >>> phase_two(Pools(0, 2, 4, 0, 0), 3)      # Modre, round 2
        Pools(ready=3, defense=2, other=1, stun=0, damage=0)
        >>> phase_two(Pools(0, 2, 4, 0, 0), 3, keep_in_other=3)
        Pools(ready=3, defense=0, other=3, stun=0, damage=0)
    """
    want = max(0, per_round)
    from_other = min(want, max(0, p.other - max(0, keep_in_other)))
    p = p.move("other", "ready", from_other)
    from_defense = min(want - from_other, p.defense)
    return p.move("defense", "ready", from_defense)


def spend(p: Pools, n: int, dest: str) -> Pools:
    """Spend ``n`` ready points into ``dest`` (``defense`` for movement and attack modifiers,
    ``other`` for power, manipulation and everything else). (001 · Hit Points · Defense, Other Used)

        >>> spend(Pools.fresh(6), 2, "defense")
        Pools(ready=4, defense=2, other=0, stun=0, damage=0)
    """
    if dest not in ("defense", "other"):
        raise ValueError(f"spent points go to defense or other, not {dest!r}")
    return p.move("ready", dest, n)


def take_harm(p: Pools, stun: int = 0, damage: int = 0) -> Pools:
    """Add ``stun`` then ``damage``, each point taken from ready, defense, other in turn.
    A stun point that finds none left there turns a stunned point into damage;
    a damage point that finds none takes a stunned point. Nothing more happens
    to a fighter whose HP are all damage. (001 · Hit Points · Stun, Damage,
    Receiving Stun and Damage)

    Worked out in whole pools rather than point by point (the same pools: a test walks every small
    case against the point-by-point reading).
    """
    ready, defense, other, stunned, damaged = p.ready, p.defense, p.other, p.stun, p.damage
    for kind, n in ((0, stun), (1, damage)):
        if n <= 0:
            continue
        left = n
        take = min(left, ready)
        ready -= take
        left -= take
        take = min(left, defense)
        defense -= take
        left -= take
        take = min(left, other)
        other -= take
        left -= take
        if kind == 0:
            stunned += n - left
        else:
            damaged += n - left
        turned = min(left, stunned)     # no point left outside: a stunned point becomes damage
        stunned -= turned
        damaged += turned
    return Pools(ready, defense, other, stunned, damaged)


def standing(p: Pools) -> str:
    """``out`` (every point damaged), ``down`` (none left outside stun and damage) or ``fighting``.

    (DECISIONS-2006 · Hit points and pools)

        >>> standing(Pools(0, 0, 0, 6, 0)), standing(Pools(0, 0, 0, 0, 6)), standing(Pools(0, 3, 0, 1, 2))
        ('down', 'out', 'fighting')
    """
    if p.damage >= p.hp:
        return "out"
    if p.available == 0:
        return "down"
    return "fighting"


__all__ = ["POOLS", "pool_values", "ATHLETIC", "HARM_ORDER", "Pools", "hit_points", "hp_per_round", "phase_one",
           "phase_two", "spend", "take_harm", "standing"]
