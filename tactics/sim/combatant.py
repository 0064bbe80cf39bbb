"""A combatant: one character's state in a running encounter.

The rules' :class:`~tactics.rules.Character` is immutable (the sheet and what
follows from it); everything that changes during a fight lives here: where the
character is, its stun and damage, posture, grapple, flight, bonuses that last
until its next turn, and the counters a final table shows::

    >>> c = Combatant("red-1", steven, "red", policy, x=3.0, y=5.0)   # doctest: +SKIP
    >>> c.take(stun=2, damage=1)                                       # doctest: +SKIP
    'healthy'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from collections.abc import Callable

from tactics.rules import Character, Modifier, health_state

if TYPE_CHECKING:
    import simpy


@dataclass(eq=False, slots=True)
class Combatant:
    id: str
    character: Character
    team: str
    policy: Any
    policy_name: str = ""
    x: float = 0.0
    y: float = 0.0
    z: float = 0.0
    facing: float = 0.0
    stun: int = 0
    damage: int = 0
    health: str = "healthy"
    posture: str = "standing"
    grapple: str | None = None
    grapple_role: str | None = None
    flying: bool = False
    airspeed: float = 0.0
    """Current airspeed (base airspeed changed by climbing and diving, 000 · Movement · Flying)."""
    climbing: str | None = None
    """Climb surface while hanging on a face between turns, else None."""
    climb_route: list[Any] = field(default_factory=list)
    route: tuple[tuple[float, float], list[Any]] | None = None
    """Goal and rest of the route under way, reused while the goal stays put (see TurnRunner)."""
    climb_base: tuple[float, float, float] | None = None
    """Foot of the climb under way: where a climber who loses grip lands."""
    defense_bonus: list[Modifier] = field(default_factory=list)
    """Defense bonuses that last until this combatant's next turn (evade, rest, cautious...)."""
    counter_ready: bool = False
    counter_plan: Any = None
    aim_bonus: int = 0
    drawn: str | None = None
    """The bow held drawn, if any (000 · Archery and Marksmanship · Keeping a Bow Drawn)."""
    shots_left: dict[str, int] = field(default_factory=dict)
    spent: set[str] = field(default_factory=set)
    """Thrown weapons with none left in hand (every one of a weapon's ``count`` thrown)."""
    thrown: dict[str, int] = field(default_factory=dict)
    """How many of each thrown weapon have been thrown."""
    covering: str | None = None
    surprised: bool = False
    offset: float = 0.0
    first_round: int = 0
    joined_at: float = 0.0
    present: bool = True
    hits: int = 0
    misses: int = 0
    turns: int = 0
    incapacitated_at: float | None = None
    attacked: simpy.Event | None = None
    row: int = 0
    """Row of this combatant in the encounter's position table."""
    health_rule: Callable[[int, int, int, int], str] = health_state
    """The ruleset's health thresholds (000 · Health by default)."""
    able: bool = True
    """In the fight and able to act: present and not incapacitated (kept up to date by
    :meth:`take` and :meth:`set_stun`, the only ways health changes; read every turn)."""

    def __post_init__(self) -> None:
        self.able = self.present and self.health != "incapacitated"

    # -- reading ---------------------------------------------------------
    @property
    def name(self) -> str:
        return self.character.name

    @property
    def pos(self) -> tuple[float, float, float]:
        return (self.x, self.y, self.z)

    @property
    def grappling(self) -> bool:
        return self.grapple is not None

    def defense_bonus_total(self) -> int:
        return sum(m[1] for m in self.defense_bonus)

    # -- harm ------------------------------------------------------------
    def take(self, stun: int = 0, damage: int = 0) -> str:
        """Add stun and damage; return the new health state (000 · Health)."""
        self.stun = max(0, self.stun + stun)
        self.damage = max(0, self.damage + damage)
        ch = self.character
        self.health = self.health_rule(self.stun, self.damage, ch.toughness, ch.stamina)
        self.able = self.present and self.health != "incapacitated"
        if stun > 0 or damage > 0:
            self.aim_bonus = 0
        return self.health

    def set_stun(self, stun: int) -> None:
        self.stun = max(0, stun)
        ch = self.character
        self.health = self.health_rule(self.stun, self.damage, ch.toughness, ch.stamina)
        self.able = self.present and self.health != "incapacitated"

    def summary(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "team": self.team,
            "policy": self.policy_name,
            "health": self.health,
            "stun": self.stun,
            "damage": self.damage,
            "hits": self.hits,
            "misses": self.misses,
            "turns": self.turns,
            "incapacitated_at": self.incapacitated_at,
            "x": self.x,
            "y": self.y,
            "z": self.z,
        }
