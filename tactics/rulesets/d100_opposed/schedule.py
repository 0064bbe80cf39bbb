"""Initiative and action phases: who acts when inside each 3 s action turn.

Source: DECISIONS-d100 · Time and turns (the seed's step 1 speaks of action
phases but not of how they fall). At every action turn's start each fighter
still able rolls d10 + ⌊(INT + REF) / 5⌋; highest first, ties by REF,
then by a die (d100, highest first, rolled only for fighters still tied).
With Speed up to 4 a turn holds as many phases as the fastest fighter's
Speed, splitting the 3 s evenly; phase k holds the fighters with Speed ≥ k,
in initiative order. Fighters of one phase are spaced by
:data:`ORDER_STEP` seconds so that the engine, which orders turns by time,
keeps the initiative order::

    >>> initiative_bonus(20, 25)
    9
    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '22nd']
    >>> phase_offsets(2, 3.0)
    [0.0, 1.5]
    >>> order([("a", 14, 20), ("b", 17, 15), ("c", 14, 25)], tie_die=lambda uid: 50)
    ['b', 'c', 'a']
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tactics.rules.effects import Check, Effect
from tactics.rules.protocol import Unit, World
from tactics.rules.records import Roll

ACTION_TURN_S = 3.0
MAX_REROLLS = 10
ORDER_STEP = 0.001
"""Seconds between two fighters of one phase (initiative order, not time they use)."""


def initiative_bonus(intuition: int, reflexes: int) -> int:
    """⌊(INT + REF) / 5⌋ added to the d10 (DECISIONS-d100 · Time and turns)."""
    return (intuition + reflexes) // 5


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def phase_offsets(phases: int, turn_s: float = ACTION_TURN_S) -> list[float]:
    """Start of each phase, seconds from the action turn's start: the turn split evenly."""
    return [turn_s * k / phases for k in range(phases)]


def order(entries: Sequence[tuple[str, int, int]], tie_die: Callable[[str], int]) -> list[str]:
    """Fighter ids from ``(id, initiative, REF)``: highest initiative, then REF, then a die
    rolled for each fighter still tied; those tied on the die too roll again among themselves
    (after :data:`MAX_REROLLS` whole-group ties in a row the group keeps the fighters' order)."""
    groups: dict[tuple[int, int], list[str]] = {}
    for uid, init, ref in entries:
        groups.setdefault((init, ref), []).append(uid)
    out: list[str] = []
    for key in sorted(groups, key=lambda k: (-k[0], -k[1])):
        out.extend(_break_ties(groups[key], tie_die))
    return out


def _break_ties(uids: list[str], tie_die: Callable[[str], int]) -> list[str]:
    if len(uids) < 2:
        return list(uids)
    for _ in range(MAX_REROLLS):
        rolls: dict[int, list[str]] = {}
        for uid in uids:
            rolls.setdefault(tie_die(uid), []).append(uid)
        if len(rolls) > 1:
            break
    else:
        return list(uids)
    out: list[str] = []
    for face in sorted(rolls, reverse=True):
        out.extend(_break_ties(rolls[face], tie_die))
    return out


@dataclass
class PhaseSchedule:
    """The :class:`~tactics.rules.protocol.Schedule` of the d100 ruleset (initiative rolled anew
    every action turn, so ``dynamic``)."""

    speeds: dict[str, int] = field(default_factory=dict)
    """Fighter id -> Speed, in the order the fighters were added."""
    surpriser: str | None = None
    turn_s: float = ACTION_TURN_S
    dynamic: bool = True
    orders: dict[int, list[str]] = field(default_factory=dict)
    initiative: dict[int, dict[str, int]] = field(default_factory=dict)
    joined: dict[str, int] = field(default_factory=dict)
    _phases: dict[int, tuple[list[str], int, list[float]]] = field(default_factory=dict, repr=False, compare=False)
    """Action turn -> (its order, phases, their starts) as :meth:`slots` last worked them out (again
    when the order is another list: a new roll)."""

    def start_round(self, world: World, r: int) -> list[Effect]:
        """Roll everyone's initiative for action turn ``r``: one Check per fighter (in the order
        they are listed) whose ``result`` says where it acts (``acts 1st``), then the tie dice."""
        faces: dict[str, tuple[int, int]] = {}
        entries: list[tuple[str, int, int]] = []
        rolled: dict[str, int] = {}
        for u in world.units():
            self.speeds[u.id] = int(u.sheet.speed)
            if not u.able:
                continue
            apt = u.sheet.aptitudes
            bonus = initiative_bonus(apt.INT, apt.REF)
            face = world.dice.die(10)
            rolled[u.id] = face + bonus
            entries.append((u.id, face + bonus, apt.REF))
            faces[u.id] = (face, bonus)
        ties: list[Effect] = []

        def tie_die(uid: str) -> int:
            face = world.dice.d100()
            ties.append(Check(uid, "initiative tie", Roll(dice="d100", faces=[face], total=face, success=True)))
            return face

        ids = order(entries, tie_die)
        if r == 0 and self.surpriser in ids:
            ids.remove(self.surpriser)
            ids.insert(0, self.surpriser)
        self.orders[r] = ids
        self.initiative[r] = rolled
        effects: list[Effect] = []
        for uid, (face, bonus) in faces.items():
            roll = Roll(dice="d10", faces=[face], total=face + bonus, success=True,
                        mods=[("(INT + REF) / 5", bonus)], result=f"acts {ordinal(ids.index(uid) + 1)}")
            effects.append(Check(uid, "initiative", roll))
        for old in [k for k in self.orders if k < r - 1]:   # keep this action turn and the last
            del self.orders[old], self.initiative[old]
        return effects + ties

    def phases(self, r: int) -> int:
        """How many phases action turn ``r`` holds: the highest Speed among those acting."""
        ids = self.orders.get(r, [])
        return max([self.speeds.get(u, 1) for u in ids] or [1])

    def slots(self, uid: str, r: int) -> list[tuple[float, int]]:
        ids = self.orders.get(r, [])
        got = self._phases.get(r)
        if got is None or got[0] is not ids:   # each fighter asks: the phases and their starts once a turn
            n = self.phases(r)
            got = self._phases[r] = (ids, n, phase_offsets(n, self.turn_s))
            if len(self._phases) > 2:
                for old in [k for k in self._phases if k != r]:
                    del self._phases[old]
        _, n, offsets = got
        if uid not in ids:
            return [(offsets[0] + ORDER_STEP * len(ids), 1)]
        rank = ids.index(uid)
        speed = min(self.speeds.get(uid, 1), n)
        return [(offsets[k - 1] + ORDER_STEP * rank, k) for k in range(1, speed + 1)]

    @property
    def order(self) -> list[str]:
        """Fighter ids in the latest action turn's initiative order, then those not in it
        (before the first roll: the order added)."""
        latest = self.orders[max(self.orders)] if self.orders else []
        return latest + [u for u in self.speeds if u not in latest]

    def join(self, uid: str, now: float) -> int:
        """A fighter added at ``now`` rolls initiative with everyone at the next action turn's
        start; until then it has a slot after everyone in phase 1. Returns that action turn."""
        first = math.floor(now / self.turn_s + 1e-9) + 1
        self.joined[uid] = first
        self.speeds.setdefault(uid, 1)
        return first

    def add(self, unit: Unit) -> None:
        self.speeds[unit.id] = int(unit.sheet.speed)


__all__ = ["ACTION_TURN_S", "ORDER_STEP", "initiative_bonus", "phase_offsets", "order", "PhaseSchedule"]
