"""A Mano a Mano fighter's rule state, and the budget of one of its turns.

The engine keeps what every system shares (position, tracks ``stun`` and
``damage``, prone, partner, a prepared counter); this is the rest, which
only 000 knows: defense bonuses that last until the next turn, the aim
bonus, a drawn bow, rounds in a gun, thrown weapons gone, who it covers::

    >>> from tactics.rulesets.mano_a_mano.load import load_character
    >>> s = FighterState.of(load_character("assets/characters/steven.toml"))
    >>> s.defense_bonus.append(Modifier("evading", 4)); s.defense_bonus_total()
    4

A :class:`TurnBudget` is a combo (000 · Rounds): ``allowed`` quick actions
(``ceil(speed)``, +1 with two weapons, 1 unless healthy), or one action that
is not quick; and the turn's metres of running and swimming (halved on the
ground and when encumbered, DECISIONS · Movement).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from tactics.rules.records import Modifier

from .actions import ACTIONS, combo_size
from .character import Character


@dataclass(slots=True)
class FighterState:
    """What changes during a fight that only 000 knows (the ``state`` of an engine unit)."""

    defense_bonus: list[Modifier] = field(default_factory=list)
    """Defense bonuses that last until this fighter's next turn (evade, rest, cautious...)."""
    aim_bonus: int = 0
    drawn: str | None = None
    """The bow held drawn, if any (000 · Archery and Marksmanship · Keeping a Bow Drawn)."""
    shots_left: dict[str, int] = field(default_factory=dict)
    spent: set[str] = field(default_factory=set)
    """Thrown weapons with none left in hand (every one of a weapon's ``count`` thrown)."""
    thrown: dict[str, int] = field(default_factory=dict)
    covering: str | None = None
    """The ally this fighter covers until the start of its next turn (DECISIONS · More rulings · Cover)."""
    out_of_hand: dict[str, str] = field(default_factory=dict)
    """Weapons no longer in hand: ``"dropped"`` (a ``ready weapon`` picks it up) or ``"taken"`` by a
    disarm (000 · Grappling Actions · disarm)."""
    loads: dict[str, int] = field(default_factory=dict)
    """Load actions done toward the next round of a gun that takes several (000 · Archery · load)."""
    several_weapons: bool = False
    """The sheet carries several weapons (or a pair): a combo may hold one more action."""
    weapon_counts: dict[str, int] = field(default_factory=dict)
    speeds: dict[bool, tuple[float, float, float]] = field(default_factory=dict)
    """The sheet's speeds standing and on the ground, worked out once per fighter."""
    budgets: dict[tuple[bool, str], tuple[Any, ...]] = field(default_factory=dict)
    """A turn's budget numbers by posture (prone) and health, worked out once per fighter (:func:`budget_for`)."""
    riding: Character | None = None
    taken: dict[str, Any] = field(default_factory=dict)
    """Weapons this fighter took from others by disarming them: its own to use (see :mod:`.taken`)."""
    armed: Character | None = None
    """Its sheet with the taken weapons in hand (made when first needed)."""
    defaults: dict[str, Any] = field(default_factory=dict)
    """The weapon taken for each attack kind when none is named (:func:`.resolve.default_weapon`),
    kept while nothing is out of hand or spent (then it reads the sheet alone)."""
    turn_start: tuple[float, float] | None = None
    """Where its last turn began: how far it moved since, for collisions (see :mod:`.vehicles`)."""
    """The sheet of the mount last ridden: a carried fighter moves at its speeds (see :mod:`.mounts`)."""

    @classmethod
    def of(cls, ch: Character, evading: bool = False) -> FighterState:
        s = cls(several_weapons=len(ch.weapons) > 1 or any(w.count > 1 for w in ch.weapons),
                weapon_counts={w.name: w.count for w in ch.weapons})
        for w in ch.weapons:
            if w.kind == "gun" and w.shots:
                s.shots_left[w.name] = w.shots
        if evading:
            s.defense_bonus.append(Modifier("evading", 4))
        return s

    def defense_bonus_total(self) -> int:
        bonus = self.defense_bonus
        return sum(m[1] for m in bonus) if bonus else 0  # (none most turns: no generator then)


class TurnBudget:
    """One turn's combo and metres (000 · Rounds; DECISIONS · Time, Movement)."""

    opening: tuple = ()
    """Effects of the turn's start: none in 000 (recovery is at the turn's end)."""

    __slots__ = ("allowed", "actions", "done_actions", "single", "walk_m", "swim_m", "air_m", "done",
                 "_speed", "_health", "_weapons", "delayed")

    def __init__(self, allowed: int, walk_m: float, swim_m: float, air_m: float, speed: float, health: str,
                 weapons: dict[str, int]) -> None:
        self.allowed = allowed
        """Quick actions this turn's combo may still hold."""
        self.actions = allowed
        """The combo size announced with the turn (the replay's ``turn`` event)."""
        self.done_actions = 0
        self.single = False
        """A non-quick action was done: it is the turn's only action."""
        self.walk_m = walk_m
        self.swim_m = swim_m
        self.air_m = air_m
        self.done = False
        self.delayed = False
        """The turn was delayed: the engine plays it again at its new slot (000 · Rounds)."""
        self._speed = speed
        self._health = health
        self._weapons = weapons

    def planned(self, acts: list[Any]) -> None:
        """Quick actions this plan's combo may hold (000 · Rounds): ``ceil(speed)``, +1 when its
        actions use several weapons (two different ones, or both of a pair like hands; a grappling
        action without a weapon counts as one); 1 unless healthy."""
        if len(acts) < 2:
            return
        # plain loops, no comprehension over this frame's names: a comprehension reading them would
        # make them closure cells, made at every call (every turn), before the early return above
        names = []
        for a in acts:
            n = a.weapon or ("grapple" if a.action in ACTIONS and ACTIONS[a.action].kind == "grapple" else None)
            if n:
                names.append(n)
        distinct = set(names)
        multiple = len(distinct) > 1
        if not multiple:
            weapons = self._weapons
            for n in distinct:
                if names.count(n) > 1 and weapons.get(n, 1) > 1:
                    multiple = True
                    break
        self.allowed = min(self.allowed, combo_size(self._speed, multiple, self._health))

    def move_cap(self) -> float | None:
        return None

    def moved(self, metres: float) -> tuple:
        return ()


@lru_cache(maxsize=4096)
def speeds(ch: Character, prone: bool) -> tuple[float, float, float]:
    """Metres of running, swimming and flight a turn allows: halved on the ground and when
    encumbered, no flight encumbered, nothing immobile (DECISIONS · Movement)."""
    enc = ch.encumbrance
    if enc == "immobile":
        walk = 0.0
    else:
        walk = float(ch.running)
        if prone:
            walk /= 2
        if enc == "encumbered":
            walk /= 2
    swim = float(ch.swimming) if ch.swimming > 0 else 1.0
    if enc == "encumbered":
        swim /= 2
    air = float(ch.airspeed) if enc == "none" else 0.0
    return walk, swim, air


class OpeningBudget(TurnBudget):
    """A budget whose turn opens with effects (a cover that lapses, DECISIONS · More rulings)."""

    __slots__ = ("opening",)


def budget_for(ch: Character, state: FighterState, health: str, prone: bool,
               kind: type[TurnBudget] = TurnBudget) -> TurnBudget:
    """The budget of a turn of ``ch`` (the fighter's own sheet) in this health and posture: its numbers
    worked out once per fighter, posture and health."""
    args = state.budgets.get((prone, health))
    if args is None:
        known = state.speeds
        got = known.get(prone)
        if got is None:
            got = known[prone] = speeds(ch, prone)
        walk, swim, air = got
        speed = ch.speed
        # combo_size(speed, state.several_weapons, health), without the call (000 · Rounds)
        allowed = 1 if health != "healthy" else math.ceil(speed) + (1 if state.several_weapons else 0)
        args = state.budgets[(prone, health)] = (allowed, walk, swim, air, speed, health, state.weapon_counts)
    return kind(*args)
