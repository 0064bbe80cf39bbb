"""Who moves (:class:`Mover`) and the pieces of a path (:class:`Leg`).

A :class:`Mover` carries the movement numbers a path depends on; it is built
by the engine from a character sheet (running, swimming, airspeed; 000 ·
Movement) and is hashable, so graphs and distance fields are cached per kind
of mover on the map::

    >>> m = Mover(running=6)
    >>> m.max_jump_m, m.max_jump_height_m, m.flying      # 000 · Movement · Jumping
    (6.0, 3.0, False)
    >>> Mover(running=6, airspeed=8).flying
    True

A path is a list of :class:`Leg` — straight pieces of one kind (``walk, swim,
climb, jump, fly, drop``) with 3-D end points; a straight run over several
cells is one leg (the engine reads the last leg for a charge).

Costs are metres of movement: walking 1 per metre (rubble and wading 2),
swimming ``running / swimming`` per metre (2 when unknown), climbing the
horizontal step plus :data:`~tactics.map.terrain.CLIMB_COST` per metre up or
down, a jump its length plus :data:`JUMP_PENALTY` (plus :data:`RISKY_JUMP_PENALTY`
within 1 m of the maximum), a drop its length plus
:data:`DROP_PENALTY`, flying its 3-D length (plus a hair, so that walking wins
ties).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .terrain import SURFACES

DEFAULT_CLIMB: frozenset[str] = frozenset({"ladder", "steep-slope", "rope", "pole"})
"""Surfaces anyone can climb (difficulty 0 or 5 in 000 · Movement · Climbing)."""

LEG_KINDS: tuple[str, ...] = ("walk", "swim", "climb", "jump", "fly", "drop")
"""Every leg kind, in code order."""

JUMP_PENALTY = 1.0
"""Extra metres a jump costs, so a path does not jump when it can walk."""

RISKY_JUMP_PENALTY = 2.0
"""Extra metres for a jump within 1 m of the mover's maximum, which asks an
acrobatics roll (DECISIONS · Movement · Jumping): a path prefers a safe way."""

DROP_PENALTY = 0.5
"""Extra metres a voluntary drop costs."""

FLY_TIE = 1e-3
"""Extra cost per metre flown: a flyer walks when walking is as short."""


@dataclass(frozen=True)
class Mover:
    """The movement numbers of whoever follows a path (metres, per turn).

    ``max_jump_m`` is the longest jump with a running start (default: running),
    ``max_jump_height_m`` the highest (default: half of that), ``max_drop_m``
    the highest voluntary drop (default 3 m: a fall that only knocks down,
    DECISIONS · Movement · Falls). ``climb_surfaces`` are the surfaces this
    mover will climb.
    """

    running: float = 6.0
    swimming: float = 0.0
    airspeed: float = 0.0
    climb_surfaces: frozenset[str] = DEFAULT_CLIMB
    max_jump_m: float | None = None
    max_jump_height_m: float | None = None
    max_drop_m: float = 3.0
    _key: tuple = field(init=False, repr=False, compare=False, hash=False, default=())

    def __post_init__(self) -> None:
        setattr_ = object.__setattr__
        surfaces = frozenset(self.climb_surfaces)
        unknown = surfaces - set(SURFACES)
        if unknown:
            raise ValueError(f"unknown climb surface(s): {sorted(unknown)}; known: {SURFACES}")
        setattr_(self, "climb_surfaces", surfaces)
        if self.max_jump_m is None:
            setattr_(self, "max_jump_m", float(self.running))
        if self.max_jump_height_m is None:
            setattr_(self, "max_jump_height_m", float(self.max_jump_m) / 2)
        setattr_(self, "_key", (
            self.swim_factor, self.flying, tuple(sorted(surfaces)),
            float(self.max_jump_m), float(self.max_jump_height_m), float(self.max_drop_m),
        ))

    @property
    def flying(self) -> bool:
        """True when the mover has an airspeed (000 · Movement · Flying)."""
        return self.airspeed > 0

    @property
    def swim_factor(self) -> float | None:
        """Metres of movement per metre swum, or None when it cannot swim."""
        if self.swimming <= 0:
            return None
        if self.running <= 0:
            return 1.0
        return max(0.1, self.running / self.swimming)

    @property
    def key(self) -> tuple:
        """What the movement graph depends on: equal keys share cached graphs."""
        return self._key

    @classmethod
    def from_character(cls, ch: object, **overrides: object) -> Mover:
        """A mover from anything with ``running``, ``swimming``, ``airspeed``."""
        kw = {k: float(getattr(ch, k, 0) or 0) for k in ("running", "swimming", "airspeed")}
        kw.update(overrides)
        return cls(**kw)  # type: ignore[arg-type]


Point3 = tuple[float, float, float]


@dataclass(frozen=True)
class Leg:
    """One straight piece of a path.

    ``length`` is the 3-D distance start→end in metres; ``cost`` the metres of
    movement it spends (see the module doc); ``surface`` the climb surface of a
    ``climb`` leg; ``gap`` the width jumped edge to edge for a ``jump`` leg
    (0.0 for a jump straight up onto something).
    """

    kind: str
    start: Point3
    end: Point3
    length: float
    surface: str | None = None
    gap: float | None = None
    cost: float = 0.0

    def to_dict(self) -> dict:
        """JSON-able form (for replay ``move`` events)."""
        return {"kind": self.kind, "start": list(self.start), "end": list(self.end),
                "length": self.length, "surface": self.surface, "gap": self.gap,
                "cost": self.cost}


def _leg_init(self: Leg, kind: str, start: Point3, end: Point3, length: float, surface: str | None = None,
              gap: float | None = None, cost: float = 0.0) -> None:
    """The dataclass's ``__init__`` without its ``object.__setattr__`` per field: the same fields in the same
    order, stored in the instance's dict (a frozen dataclass's own init costs ~13,000 instructions a leg,
    this ~5,500; a brawler turn makes one or two). The class stays a frozen dataclass (assignment, replace,
    eq, hash, repr unchanged)."""
    d = self.__dict__
    d["kind"] = kind
    d["start"] = start
    d["end"] = end
    d["length"] = length
    d["surface"] = surface
    d["gap"] = gap
    d["cost"] = cost


_leg_init.__qualname__ = "Leg.__init__"
Leg.__init__ = _leg_init  # type: ignore[method-assign]
