"""The replay format, schema 2: a header line, then one event per line (JSON Lines).

A replay is self-contained and ruleset-neutral: the header carries the whole
map, every sheet, the ruleset's name, version and options, and for each
unit its *presentation* (its tracks, its standings, how to draw its bar,
which statuses to show), so the fold, the log and the viewer read a fight of
any combat system without importing the ruleset. Each event is a msgspec
Struct tagged by its ``type`` field; every number a reader would ask "why?"
about travels with it (see ``docs/replay.md``)::

    >>> import msgspec
    >>> ev = Say(t=1.5, who="red-1", text="charging the archer")
    >>> msgspec.json.encode(ev)
    b'{"type":"say","t":1.5,"who":"red-1","text":"charging the archer"}'
    >>> r = RollRec(dice="4dF", faces=[1, 1, 0, -1], total=4, success=True, mode="opposed",
    ...             mods=[["Melee", 3]], vs=RollRec(dice="4dF", faces=[0, 0, -1, 0], total=1,
    ...             success=False, mods=[["Block", 2]]), margin=3)
    >>> msgspec.json.encode(r)[:45]
    b'{"dice":"4dF","faces":[1,1,0,-1],"total":4,"s'

Rolls name their dice and every face; harm is a change of named tracks
(``{"damage": 3}``, ``{"hp": -4}``, points moving between pools).
Schema 1 replays (Mano a Mano only) still load: :mod:`tactics.replay.migrate`.

Positions are ``[x, y, z]`` in metres (x east, y south, z up), times are
seconds of simulated time.
"""

from __future__ import annotations

from typing import Any, Union

import msgspec

FORMAT = "tactics-replay"
SCHEMA_VERSION = 2

Vec3 = tuple[float, float, float]
Mod = tuple[str, int]
"""A modifier as it is written: ``[source, value]``."""


# -- presentation (header) ----------------------------------------------------
class TrackInfo(msgspec.Struct, frozen=True, omit_defaults=True):
    """A named number a unit carries; ``role``: harm, temporary (wears off), health, pool or count."""

    name: str
    max: int
    role: str
    start: int = 0


class StandingInfo(msgspec.Struct, frozen=True, omit_defaults=True):
    name: str
    able: bool
    label: str = ""


class BarInfo(msgspec.Struct, frozen=True, omit_defaults=True):
    """Tracks stacked from the left over ``max``, with labelled ticks."""

    segments: list[str]
    max: int
    marks: list[tuple[str, int]] = []


class StatusIcon(msgspec.Struct, frozen=True, omit_defaults=True):
    key: str
    icon: str
    label: str = ""
    value: Any = None


class Presentation(msgspec.Struct, frozen=True, omit_defaults=True):
    tracks: list[TrackInfo]
    standings: list[StandingInfo]
    bar: BarInfo
    statuses: list[StatusIcon] = []


class UnitInfo(msgspec.Struct, frozen=True, omit_defaults=True):
    """One combatant as it enters the fight (roster entry of the header)."""

    id: str
    name: str
    team: str
    sheet: dict[str, Any]
    start: Vec3
    presentation: Presentation
    policy: str = ""
    airspeed: float = 0.0
    flying: bool = False
    joins_at: float = 0.0


class Header(msgspec.Struct, tag="header", tag_field="type", frozen=True, gc=False):
    format: str
    schema: int
    tactics_version: str
    seed: int | None
    ruleset: str
    options: dict[str, Any]
    map: dict[str, Any]
    roster: list[UnitInfo]
    keyframe_every: float = 10.0
    ruleset_version: str = ""
    ruleset_options: dict[str, Any] = {}


# -- events --------------------------------------------------------------------
class RollRec(msgspec.Struct, frozen=True, gc=False, omit_defaults=True):
    """One roll of any dice (the fields of :class:`tactics.rules.records.Roll`).

    ``mode``: ``beat`` (total > target), ``meet`` (total >= target), ``under``
    (the reading <= target), ``opposed`` (against ``vs``, the other side's roll).
    """

    dice: str
    faces: list[int]
    total: int
    success: bool
    mode: str = "beat"
    target: int | None = None
    mods: list[Mod] = []
    target_mods: list[Mod] = []
    vs: RollRec | None = None
    vs_who: str | None = None
    margin: int | None = None
    result: str = ""
    tags: list[str] = []


class LegRec(msgspec.Struct, frozen=True, gc=False):
    """A stretch of motion between two instants: walk, swim, climb, jump, fly, drop, fall, drag, push."""

    kind: str
    start: Vec3
    end: Vec3
    t0: float
    t1: float


class Turn(msgspec.Struct, tag="turn", tag_field="type", frozen=True, gc=False, omit_defaults=True):
    t: float
    who: str
    round: int
    actions: int = 1
    """Actions the turn may hold (a combo's size; 1 for a single action)."""
    phase: int = 0
    """Which of the round's action phases this is (rulesets with several per round)."""


class Move(msgspec.Struct, tag="move", tag_field="type", frozen=True, gc=False):
    t: float
    who: str
    legs: list[LegRec]
    metres: float = 0.0
    budget: float = 0.0


class Roll(msgspec.Struct, tag="roll", tag_field="type", frozen=True, gc=False):
    """A roll that is not an attack (stealth, keeping balance, initiative...)."""

    t: float
    who: str
    purpose: str
    roll: RollRec


class Attack(msgspec.Struct, tag="attack", tag_field="type", frozen=True, gc=False, omit_defaults=True):
    """One attack; ``harm`` is the track changes it caused, ``details`` the numbers between
    the roll and the harm (power, armor, DV, margin bonus...)."""

    t: float
    who: str
    target: str
    action: str
    weapon: str
    roll: RollRec
    hit: bool
    harm: dict[str, int] = {}
    details: list[Mod] = []
    distance: float = 0.0
    light: str = "bright"
    reaction: str = ""
    charge_m: float = 0.0


class Harm(msgspec.Struct, tag="harm", tag_field="type", frozen=True, gc=False):
    """Tracks of ``who`` changed by ``changes``; ``tracks`` are all of them after it, ``standing``
    where that leaves the unit (one of its presentation's standings)."""

    t: float
    who: str
    changes: dict[str, int]
    tracks: dict[str, int]
    standing: str
    source: str


class State(msgspec.Struct, tag="state", tag_field="type", frozen=True, gc=False):
    """A change of state of ``who``: only the keys that changed.

    Keys every ruleset shares: ``prone`` (low to the ground), ``partner`` (the
    unit it is locked with: grapple, pin, hold; or null), ``role`` (its part in
    that lock), ``prepared`` (a reaction it waits to make, e.g. ``counter``),
    ``flying``, ``airspeed``, ``climbing`` (surface or null), ``active`` (false
    once out of the fight). A ruleset adds its own (the presentation's
    ``statuses`` say which to draw).
    """

    t: float
    who: str
    changes: dict[str, Any]


class Fall(msgspec.Struct, tag="fall", tag_field="type", frozen=True, gc=False, omit_defaults=True):
    t: float
    who: str
    height: float
    severity: str
    start: Vec3
    end: Vec3
    cause: str
    roll: RollRec | None = None
    harm: dict[str, int] = {}
    into_water: bool = False


class Climb(msgspec.Struct, tag="climb", tag_field="type", frozen=True, gc=False, omit_defaults=True):
    t: float
    who: str
    surface: str
    metres: float
    roll: RollRec | None = None
    success: bool = True


class Jump(msgspec.Struct, tag="jump", tag_field="type", frozen=True, gc=False, omit_defaults=True):
    t: float
    who: str
    distance: float
    max_distance: float
    running_start: bool
    roll: RollRec | None = None
    success: bool = True


class Fly(msgspec.Struct, tag="fly", tag_field="type", frozen=True, gc=False):
    t: float
    who: str
    ascended: float
    descended: float
    airspeed_before: float
    airspeed_after: float
    z: float


class Say(msgspec.Struct, tag="say", tag_field="type", frozen=True, gc=False, omit_defaults=True):
    """A line of text: an AI's or a script's reason; ``alternatives`` are the other
    options a policy weighed, each ``[what, estimated value]``, best first."""

    t: float
    who: str
    text: str
    alternatives: tuple[tuple[str, float], ...] = ()


class End(msgspec.Struct, tag="end", tag_field="type", frozen=True, gc=False):
    t: float
    winner: str | None
    reason: str
    standing: list[str] = []


Event = Union[Turn, Move, Roll, Attack, Harm, State, Fall, Climb, Jump, Fly, Say, End]
"""Every event type; a replay line after the header is exactly one of these."""

EVENT_TYPES: tuple[type, ...] = (Turn, Move, Roll, Attack, Harm, State, Fall, Climb, Jump, Fly, Say, End)

ENGINE_STATUS_KEYS = frozenset({"prone", "partner", "role", "prepared", "flying", "airspeed", "climbing", "active"})
"""State keys every ruleset shares (see :class:`State`)."""
