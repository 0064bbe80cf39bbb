"""Initiative, the surprise round, turn instants and the turn's budget (002 · Initiative,
Surprise!, Actions; DECISIONS-fudge · Time and turns).

Everyone rolls Perception + 4dF once; the order is highest first, ties by
the higher Perception skill, then by a seeded d20 (then roster order). A
round lasts 2 s and the n fighters' turns fall at ``2 s × slot / n``::

    >>> order_by([("a", 3, 1, 0), ("b", 3, 2, 0), ("c", 5, 0, 0)])
    ['c', 'b', 'a']
    >>> slot_offset(1, 4)
    0.5

Fighters the encounter marks as expecting the fight (status ``expecting``,
or the engine's ``surpriser``) act once each, by Perception, in a surprise
round before initiative is rolled; the others sit it out.

A turn is a move of up to ``move`` metres (before and/or after) and one
action, or a second ``move`` instead of the action::

    >>> b = TurnBudget(6.0)
    >>> b.actions, b.walk_m
    (1, 6.0)
    >>> b.planned([]); (b.actions, b.walk_m)
    (0, 12.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from tactics.rules.effects import Check, Effect
from tactics.rules.records import Roll

from . import group
from .attacks import resolve_stale_pools
from .contest import DICE
from .state import memo_of, state_of, status

ROUND_SECONDS = 2.0
TIE_DIE = 20


def slot_offset(slot: int, n: int, round_seconds: float = ROUND_SECONDS) -> float:
    """Seconds from the round's start of turn ``slot`` of ``n``."""
    return round_seconds * slot / max(n, 1)


def order_by(entries: Sequence[tuple[str, int, int, int]]) -> list[str]:
    """Ids ordered by (total, Perception, tie die) highest first; the roster order settles the rest.
    Entries are ``(uid, total, perception, die)``."""
    indexed = list(enumerate(entries))
    indexed.sort(key=lambda ie: (-ie[1][1], -ie[1][2], -ie[1][3], ie[0]))
    return [e[0] for _, e in indexed]


def expects_fight(unit: Any, surpriser: str | None) -> bool:
    """Marked as expecting the fight: status ``expecting``, or the engine's surpriser (id or team)."""
    if status(unit).get("expecting"):
        return True
    return surpriser is not None and surpriser in (unit.id, unit.team)


class FudgeSchedule:
    """Turn order of one encounter: an optional surprise round, then initiative order for ever.

    Round indexes are the engine's; the first one seen is the surprise round when
    anyone expects the fight."""

    dynamic = True

    def __init__(self, world: Any, units: Sequence[Any], surpriser: str | None) -> None:
        self.world = world
        self.roster = [u.id for u in units]
        self.units = {u.id: u for u in units}
        expecting = [u for u in units if expects_fight(u, surpriser)]
        self.expecting = {u.id for u in expecting}
        self.surprise_order = [u.id for u in sorted(
            expecting, key=lambda u: (-u.sheet.skill("Perception"), self.roster.index(u.id)))]
        self.first_round: int | None = None
        self.order: list[str] = []
        self.pending: list[Effect] = []
        memo_of(world).schedule = self

    # -- rounds -------------------------------------------------------------
    def _first(self, r: int) -> int:
        if self.first_round is None:
            self.first_round = r
        return self.first_round

    def is_surprise(self, r: int) -> bool:
        return bool(self.surprise_order) and r == self._first(r)

    def acts_in(self, uid: str, r: int) -> bool:
        """Whether ``uid`` has a turn of its own in round ``r``."""
        if not self.surprise_order:
            return True   # (no surprise round: is_surprise's answer, unasked)
        return uid in self.expecting if self.is_surprise(r) else True

    def roll_initiative(self) -> list[Effect]:
        """Perception + 4dF for everyone present; the d20 only where total and Perception tie."""
        world = self.world
        rolled: dict[str, tuple[int, int, Roll]] = {}
        effects: list[Effect] = []
        for uid in self.roster:
            u = self.units[uid]
            per = u.sheet.skill("Perception")
            faces = world.dice.fudge(4)
            roll = Roll(dice=DICE, faces=faces, total=per + sum(faces), success=True, mode="meet",
                        mods=[("Perception", per)], result="initiative")
            rolled[uid] = (roll.total, per, roll)
            state_of(u).initiative = roll.total
            effects.append(Check(uid, "initiative", roll))
        keys = [(t, p) for t, p, _ in rolled.values()]
        entries = []
        for uid in self.roster:
            t, p, _ = rolled[uid]
            die = world.dice.die(TIE_DIE) if keys.count((t, p)) > 1 else 0
            entries.append((uid, t, p, die))
        self.order = order_by(entries)
        memo_of(world).initiative_rolled = True
        return effects

    # -- the Schedule protocol ---------------------------------------------------
    def start_round(self, world: Any, r: int) -> list[Effect]:
        self.world = world
        if self.order and not self.pending and not memo_of(world).pools:
            return []   # initiative rolled, nobody new, no pool left over: the long way's answer, unasked
        out = list(self.pending)
        self.pending.clear()
        if not self.is_surprise(r) and not self.order:
            out += self.roll_initiative()
        out += resolve_stale_pools(world, r)     # the pools of rounds gone by
        return out

    @property
    def quiet(self) -> bool:
        """Nothing left for :meth:`start_round` while nobody joins (the engine then stops telling it,
        ``tactics/sim/rounds.py``): initiative rolled, nobody new waits, no pool is left over, and no
        side has the :data:`~.group.MIN_FIGHTERS` fighters a pool needs (an upper bound: alike or not)."""
        if not self.order or self.pending or memo_of(self.world).pools:
            return False
        teams = [u.team for u in self.units.values()]
        return all(teams.count(t) < group.MIN_FIGHTERS for t in set(teams))

    def _order(self, r: int) -> list[str]:
        if self.is_surprise(r):
            return self.surprise_order + [u for u in self.roster if u not in self.expecting]
        if not self.order:
            self.pending += self.roll_initiative()
        return self.order

    def slots(self, uid: str, r: int) -> Sequence[tuple[float, int]]:
        order = self._order(r)
        if uid not in order:
            self.join(uid, r)
            order = self._order(r)
        try:
            seconds = self.world.round_seconds
        except AttributeError:
            seconds = ROUND_SECONDS
        return [(slot_offset(order.index(uid), len(order), seconds), 0)]

    def join(self, uid: str, now: float) -> int:
        """A newcomer rolls its initiative at once and takes its place in the order; its first
        round is the next one to start after ``now`` (the engine's round index, returned)."""
        first = math.floor(now / ROUND_SECONDS + 1e-9) + 1
        u = self.world.unit(uid)
        self.units[uid] = u
        if uid not in self.roster:
            self.roster.append(uid)
        if not self.order:
            return first
        per = u.sheet.skill("Perception")
        faces = self.world.dice.fudge(4)
        total = per + sum(faces)
        state_of(u).initiative = total
        self.pending.append(Check(uid, "initiative", Roll(dice=DICE, faces=faces, total=total, success=True,
                                                          mode="meet", mods=[("Perception", per)],
                                                          result="initiative")))
        at = len(self.order)
        for i, other in enumerate(self.order):
            o = self.units[other]
            if (total, per) > (state_of(o).initiative or 0, o.sheet.skill("Perception")):
                at = i
                break
        self.order.insert(at, uid)
        return first


class TurnBudget:
    """One turn: ``actions`` 1 and ``walk_m`` = move (halved prone or gone to ground, 0 grappled),
    or no action and twice the walk when the plan holds no action (or ``run``)."""

    __slots__ = ("base_m", "actions", "walk_m", "swim_m", "done", "used_m", "ran")

    opening: tuple[Effect, ...] = ()
    """No effects open a turn here; ``delayed`` and ``done_actions`` are never set either (the engine
    asks all three of every turn's budget: class attributes answer at once)."""
    delayed = False
    done_actions = 0

    def __init__(self, move_m: float, can_act: bool = True) -> None:
        self.base_m = move_m
        self.actions = 1 if can_act else 0
        self.walk_m = move_m
        self.swim_m = move_m / 2
        self.done = False
        self.used_m = 0.0
        self.ran = False

    def planned(self, acts: Sequence[Any]) -> None:
        """A plan whose acts are none but ``let_go`` runs (a second move)."""
        for a in acts:
            try:
                action = a.action
            except AttributeError:
                action = a.get("action") if isinstance(a, dict) else None
            if action != "let_go":
                return
        self.run()

    def run(self) -> None:
        """A second move instead of the action."""
        self.actions = 0
        self.ran = True
        self.walk_m = 2 * self.base_m
        self.swim_m = self.base_m

    def spend(self) -> bool:
        """Spend the turn's action; False when there is none left."""
        if self.actions < 1:
            return False
        self.actions -= 1
        return True

    def move_cap(self) -> float | None:
        return max(0.0, self.walk_m - self.used_m)

    def moved(self, metres: float) -> list[Effect]:
        self.used_m += metres
        return []


__all__ = ["ROUND_SECONDS", "TIE_DIE", "slot_offset", "order_by", "expects_fight", "FudgeSchedule", "TurnBudget"]
