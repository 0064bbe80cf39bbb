"""Initiative, cadence, the start and end of a turn, and checks outside attacks (000 · Rounds).

Initiative is fixed when the fight starts (DECISIONS · Time): whoever
surprised goes first, then longer weapon reach or range first, ties broken
by a seeded die (scripted dice keep the order added). Each fighter's turn
falls at ``round_start + slot / n`` of the round; one added during the fight
comes in at the end of the round's order. Speed ½ acts every 2nd round and
¼ every 4th, but every fighter recovers stun at its instant every round::

    >>> s = FixedSchedule(["red-1", "blue-1"], 1.0)
    >>> s.slots("blue-1", 3)
    ((0.5, 0),)
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from tactics.dice import ScriptedDice
from tactics.rules.effects import Check, Harm, Status

from .actions import acts_every
from .health import recover_stun
from .mounts import kind_of, mount_turn, rider_turn
from .movement import climb_profile, jump_needs_roll
from .resolve import max_range, success_check
from .state import OpeningBudget, TurnBudget, budget_for

JUMP_ROLL_DIFFICULTY = 10
"""Acrobatics difficulty of a jump within 1 m of the maximum (DECISIONS · Jumping)."""


class FixedSchedule:
    """Turn instants fixed at the start: ``offset = round_seconds * slot / n``."""

    dynamic = False

    def __init__(self, order: list[str], round_seconds: float) -> None:
        self.order = list(order)
        n = self.n = len(order)
        self.rs = round_seconds
        # plain loops (a comprehension is a function made and called: every fight makes a schedule)
        offsets: dict[str, float] = {}
        slots: dict[str, tuple[tuple[float, int], ...]] = {}
        for i, uid in enumerate(order):
            off = offsets[uid] = round_seconds * i / n
            slots[uid] = ((off, 0),)
        self.offsets = offsets
        self._slots = slots
        self.joiners = 0

    def start_round(self, world: Any, r: int) -> list[Any]:
        return []

    def slots(self, uid: str, r: int) -> tuple[tuple[float, int], ...]:
        return self._slots[uid]

    def delay(self, uid: str, after: str) -> float:
        """Move ``uid``'s turn to just after ``after``'s (000 · Rounds: to move in formation,
        characters may delay their turns until they are sequential); returns the new offset."""
        mine = self.offsets[uid]
        theirs = self.offsets[after]
        nxt = min((o for u, o in self.offsets.items() if o > theirs + 1e-12 and u != uid), default=self.rs)
        off = (theirs + nxt) / 2
        self.offsets[uid] = off
        self._slots[uid] = ((off, 0),)
        if mine != off and uid in self.order:
            self.order.remove(uid)
            self.order.insert(self.order.index(after) + 1, uid)
        return off

    def join(self, uid: str, now: float) -> int:
        """A fighter added during the fight comes in at the end of the order: its first round."""
        n = max(self.n, 1)
        self.joiners += 1
        off = self.rs * (n - 1 + 1 - 0.5**self.joiners) / n
        self.offsets[uid] = off
        self._slots[uid] = ((off, 0),)
        self.order.append(uid)
        return math.floor((now - off) / self.rs) + 1


def _default_attack(w: Any) -> str:
    return {"bow": "quick shot", "gun": "quick shot", "thrown": "quick throw"}.get(w.kind, "quick strike")


@lru_cache(maxsize=1024)
def longest_reach(ch: Any) -> float:
    """The longest range of a sheet's weapons (a pure function of the sheet, asked every fight)."""

    class _Holder:
        sheet = ch

    return max((max_range(_Holder, w, _default_attack(w)) for w in ch.weapons), default=0.0)


def schedule(world: Any, units: list[Any], surpriser: str | None) -> FixedSchedule:
    """Initiative: surprise, then reach or range, ties by a die (DECISIONS · Time)."""
    # plain loops, no closure nor comprehension over this frame's names (each would be a function,
    # or a cell, made at every fight's start)
    groups: dict[tuple, list[Any]] = {}
    for c in units:
        k = (0 if c.id == surpriser else 1, -longest_reach(c.sheet), 0)
        got = groups.get(k)
        if got is None:
            groups[k] = [c]
        else:
            got.append(c)
    ids: list[str] = []
    for k in sorted(groups):
        group = groups[k]
        if len(group) > 1 and not isinstance(world.dice, ScriptedDice):
            # ties broken by a die: one roll per tied fighter, in the order added; scripted dice
            # (tests, worked examples) keep the order added and hold only the story's rolls
            die = world.dice.die
            rolls = []
            for i in range(len(group)):
                rolls.append((-die(1000), i))
            rolls.sort()
            for _, i in rolls:
                ids.append(group[i].id)
        else:
            for c in group:
                ids.append(c.id)
    sched = FixedSchedule(ids, world.round_seconds)
    world.memo["schedule"] = sched
    return sched


def begin_turn(world: Any, c: Any, round_index: int, phase: int) -> TurnBudget | None:
    """A new turn: last turn's defense bonuses lapse; the budget if ``c`` acts this round."""
    st = c.state
    if st.defense_bonus:
        st.defense_bonus = []
    covered = st.covering
    st.covering = None  # DECISIONS · More rulings · Cover: until the start of the coverer's next turn
    if not c.able:
        return None
    ch = c.sheet
    if ch.speed <= 0.5 and round_index % acts_every(ch.speed):  # (every round above speed ½)
        return None
    st.turn_start = (c.x, c.y)
    mounted = c.carrier is not None or ch.qualities and kind_of(ch) is not None
    if covered is None and not mounted:
        return budget_for(ch, st, c.standing, c.prone)
    budget = budget_for(ch, st, c.standing, c.prone, OpeningBudget)
    opening: list[Any] = [] if covered is None else [Status(c.id, {"covering": None})]
    if c.carrier is not None:
        opening += rider_turn(world, c, budget)
    elif mounted:
        opening += mount_turn(world, c, budget)
    budget.opening = tuple(opening)
    return budget


def reaction_budget(world: Any, c: Any) -> TurnBudget:
    """A prepared counter-attack fires: a combo as on a turn of its own (000 · Rounds)."""
    return budget_for(c.sheet, c.state, c.standing, c.prone)


def end_turn(world: Any, c: Any) -> tuple:
    """End of the turn: recover stun (000 · Rounds; 000 · Health · Stun and Resting).

    Recovery starts with the turn after the one that knocked the fighter out (docs/engine.md).
    """
    stun = c.tracks["stun"]
    if stun <= 0 or c.down_at == world.now:
        return ()
    after = recover_stun(stun, c.standing)
    return (Harm(c.id, {"stun": after - stun}, "recovery"),) if after != stun else ()


def ambush(world: Any, stalker: Any, target: Any) -> tuple[bool, list[Any]]:
    """A stealth roll against detection before the fight (000 · Rounds; 000 · Combat Example 1):
    ``d20 + stealth > 10 + detection`` gives the stalker surprise."""
    check = success_check(world, stalker.id, "stealth", [("stealth", stalker.sheet.ability("stealth"))],
                          [("base", 10), ("detection", target.sheet.ability("detection"))])
    if check.roll.success:
        target.state.defense_bonus = []
    return check.roll.success, [check]


def jump_check(world: Any, c: Any, needed: float, limit: float) -> Check | None:
    """A jump within 1 m of the maximum asks acrobatics against 10 (DECISIONS · Jumping)."""
    if not jump_needs_roll(needed, limit):
        return None
    return success_check(world, c.id, "acrobatics: jump", [("acrobatics", c.sheet.ability("acrobatics"))],
                         [("near-limit jump", JUMP_ROLL_DIFFICULTY)])


def climb_check(world: Any, c: Any, surface: str) -> Check:
    """One climbing roll per turn spent climbing (000 · Movement · Climbing)."""
    difficulty, _ = climb_profile(surface, c.sheet.running)
    return success_check(world, c.id, f"climbing: {surface}", [("climbing", c.sheet.ability("climbing"))],
                         [(surface, difficulty)])
