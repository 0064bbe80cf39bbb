"""A combatant: one fighter's state in a running encounter, whatever the combat system.

The sheet is immutable (the ruleset's own type); everything that changes
during a fight lives here. The engine keeps what every system shares: where
the fighter is, its named tracks (``{"hp": 9}``, pools, ...) and standing,
whether it is prone, locked with a partner, waiting with a prepared
reaction, flying or climbing. What only one system knows lives in ``state``,
the ruleset's per-fighter object::

    >>> c = Combatant("red-1", sheet, "red", policy, tracks={"hp": 9}, standing="fighting",
    ...               able_standings=frozenset({"fighting"}))              # doctest: +SKIP
    >>> c.able                                                             # doctest: +SKIP
    True

Tracks, statuses and positions change only through the engine applying a
ruleset's effects (:mod:`tactics.sim.apply`), so every change is recorded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import simpy


@dataclass(eq=False, slots=True)
class Combatant:
    id: str
    sheet: Any
    team: str
    policy: Any
    policy_name: str = ""
    own_policy: bool = False
    """The engine made the policy from its name (it lets it go when the fight is over: :mod:`.release`)."""
    x: float = 0.0
    y: float = 0.0
    z: float = 0.0
    facing: float = 0.0
    tracks: dict[str, int] = field(default_factory=dict)
    standing: str = ""
    able_standings: frozenset[str] = frozenset()
    status: dict[str, Any] = field(default_factory=dict)
    """Ruleset statuses as last recorded (aiming, hidden, wounds...), beside the engine's own below."""
    state: Any = None
    """The ruleset's per-fighter rule state (only the ruleset reads or changes it)."""
    prone: bool = False
    partner: str | None = None
    """The fighter this one is locked with (a grapple, pin or hold), else None."""
    role: str | None = None
    """Its part in that lock, in the ruleset's words."""
    carrier: str | None = None
    """The unit carrying this one (it moves where its carrier moves, at the carrier's pace), else None."""
    prepared: str | None = None
    """A reaction it waits to make (``counter``): a window its process waits on until its next turn."""
    flying: bool = False
    airspeed: float = 0.0
    """Current airspeed (changed by climbing and diving where the ruleset says so)."""
    base_airspeed: float = 0.0
    climbing: str | None = None
    """Climb surface while hanging on a face between turns, else None."""
    climb_route: list[Any] = field(default_factory=list)
    route: tuple[tuple[float, float], list[Any]] | None = None
    """Goal and rest of the route under way, reused while the goal stays put (see tactics.sim.moves)."""
    climb_base: tuple[float, float, float] | None = None
    """Foot of the climb under way: where a climber who loses grip lands."""
    landed_at: float = 0.0
    """When its last drop or fall ends: no leg of its own starts before (see tactics.sim.moves)."""
    surprised: bool = False
    last_run: tuple[float, tuple[float, float], tuple[float, float]] | None = None
    """The straight run (metres, direction, end) that ended its last turn with no action after it."""
    first_round: int = 0
    joined_at: float = 0.0
    present: bool = True
    hits: int = 0
    misses: int = 0
    turns: int = 0
    down_at: float | None = None
    """When it stopped being able to act (None while it can)."""
    attacked: simpy.Event | None = None
    row: int = 0
    """Row of this combatant in the encounter's position table."""
    able: bool = True
    """In the fight and able to act: present and in a standing that acts (kept up to date by
    :meth:`set_standing`, read every turn)."""

    def __post_init__(self) -> None:
        self.able = self.present and self.standing in self.able_standings

    # -- reading ---------------------------------------------------------
    @property
    def name(self) -> str:
        return self.sheet.name

    @property
    def character(self) -> Any:
        """The sheet (the name scripts of the first releases used)."""
        return self.sheet

    @property
    def pos(self) -> tuple[float, float, float]:
        return (self.x, self.y, self.z)  # (faster than attrgetter("x", "y", "z"): 3.11 specializes slot reads)

    @property
    def health(self) -> str:
        """The standing (the name scripts of the first releases used)."""
        return self.standing

    def set_standing(self, standing: str) -> bool:
        """Set the standing; returns whether being able to act changed."""
        self.standing = standing
        was = self.able
        self.able = self.present and standing in self.able_standings
        return was != self.able

    def summary(self) -> dict[str, Any]:
        row = {
            "id": self.id,
            "name": self.name,
            "team": self.team,
            "policy": self.policy_name,
            "standing": self.standing,
            "health": self.standing,
            "tracks": dict(self.tracks),
        }
        for k, v in self.tracks.items():
            row.setdefault(k, v)
        row.update(hits=self.hits, misses=self.misses, turns=self.turns, down_at=self.down_at,
                   incapacitated_at=self.down_at, x=self.x, y=self.y, z=self.z)
        return row
