"""Initiative and cadence, as in 000 (001 · Rounds; DECISIONS.md · Time).

The order is fixed when the fight starts: whoever surprised goes first, then
the longest reach or range, ties broken by a die (scripted dice keep the
order given, so a worked example's dice hold only the story's rolls). One
turn a round, each at its own instant::

    >>> order = initiative_order(["clone", "modre"], {"clone": 0.5, "modre": 1.0}, None, None)
    >>> order
    ['modre', 'clone']
    >>> s = FixedOrder(order, round_seconds=1.0)
    >>> s.slots("modre", 0), s.slots("clone", 4)
    (((0.0, 0),), ((0.5, 0),))

Slower fighters skip turns: ¼ speed acts one round in four, ½ every other::

    >>> [acts_in_round(0.25, r) for r in range(5)], acts_in_round(0.5, 1)
    ([True, False, False, False, True], False)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from tactics.dice import ScriptedDice
from tactics.rules.effects import Effect


def initiative_order(uids: Sequence[str], reach: Mapping[str, float], surpriser: str | None,
                     dice: Any) -> list[str]:
    """Surpriser first, then longest reach or range; ties by a d1000 each unless the dice are scripted."""
    groups: dict[tuple[int, float], list[str]] = {}
    for uid in uids:
        groups.setdefault((0 if uid == surpriser else 1, -reach.get(uid, 0.0)), []).append(uid)
    out: list[str] = []
    for key in sorted(groups):
        group = groups[key]
        if len(group) > 1 and dice is not None and not isinstance(dice, ScriptedDice):
            rolls = sorted((-dice.die(1000), i) for i in range(len(group)))
            group = [group[i] for _, i in rolls]
        out.extend(group)
    return out


def acts_in_round(speed: float, r: int) -> bool:
    """Speed ¼ acts every 4th round, ½ every 2nd, 1 every round. (001 · Rounds)"""
    every = 4 if speed <= 0.25 else 2 if speed <= 0.5 else 1
    return r % every == 0


class FixedOrder:
    """The protocol's ``Schedule``: one slot a round per fighter, at ``round_seconds × slot / n``."""

    dynamic = False

    def __init__(self, order: Sequence[str], round_seconds: float = 1.0) -> None:
        self.order = list(order)
        self.round_seconds = round_seconds
        n = max(1, len(self.order))
        self.offsets = {uid: round_seconds * i / n for i, uid in enumerate(self.order)}
        self._slots: dict[str, tuple[tuple[float, int], ...]] = {}
        """Each fighter's slots, made once (the engine asks every turn; never changed in place)."""
        self._joined = 0

    def start_round(self, world: Any, r: int) -> list[Effect]:
        return []

    def slots(self, uid: str, r: int) -> Sequence[tuple[float, int]]:
        got = self._slots.get(uid)
        if got is None:
            got = self._slots[uid] = ((self.offsets[uid], 0),)
        return got

    def join(self, uid: str, now: float) -> int:
        """A newcomer's slot falls after everyone's, before the next round's first; returns the
        first round whose slot for it is still ahead of ``now`` (the engine's round index)."""
        self._joined += 1
        n = max(1, len(self.order))
        self.order.append(uid)
        off = self.offsets[uid] = self.round_seconds * (n - 0.5 ** self._joined) / n
        self._slots.pop(uid, None)
        return math.floor((now - off) / self.round_seconds) + 1


__all__ = ["initiative_order", "acts_in_round", "FixedOrder"]
