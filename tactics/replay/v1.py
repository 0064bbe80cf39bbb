"""Replay schema 1, frozen: the format before the ruleset seam (Mano a Mano only).

Replays written by tactics 0.1 use these types: one d20 per roll, stun and
damage on every unit. The reader decodes them with these types and
:mod:`tactics.replay.migrate` turns them into schema 2, so every old replay
still loads. Nothing writes schema 1 any more; do not change these types.
"""

from __future__ import annotations

from typing import Any, Union

import msgspec

FORMAT = "tactics-replay"
SCHEMA_VERSION = 1
"""The schema these types describe: the first, Mano a Mano only (read and migrated by the reader)."""

Vec3 = tuple[float, float, float]
Mod = tuple[str, int]
"""A modifier as it is written: ``[source, value]``."""


class UnitInfo(msgspec.Struct, frozen=True, omit_defaults=True):
    """One combatant as it enters the fight (roster entry of the header).

    ``toughness`` and ``stamina`` are copied from the sheet so a reader can
    draw health without the rules.
    """

    id: str
    name: str
    team: str
    sheet: dict[str, Any]
    start: Vec3
    toughness: int
    stamina: int
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


class RollRec(msgspec.Struct, frozen=True, gc=False):
    """A success roll: natural die, the modifiers added, the difficulty and its parts."""

    die: int
    total: int
    difficulty: int
    success: bool
    modifiers: list[Mod] = []
    difficulty_mods: list[Mod] = []


class LegRec(msgspec.Struct, frozen=True, gc=False):
    """A stretch of motion between two instants: walk, swim, climb, jump, fly, drop or fall."""

    kind: str
    start: Vec3
    end: Vec3
    t0: float
    t1: float


class Turn(msgspec.Struct, tag="turn", tag_field="type", frozen=True, gc=False):
    t: float
    who: str
    round: int
    actions: int = 1
    """Quick actions the turn may hold (combo size), 1 for a single action."""


class Move(msgspec.Struct, tag="move", tag_field="type", frozen=True, gc=False):
    t: float
    who: str
    legs: list[LegRec]
    metres: float = 0.0
    budget: float = 0.0


class Roll(msgspec.Struct, tag="roll", tag_field="type", frozen=True, gc=False):
    """A success roll that is not an attack (stealth, acrobatics, standing up...)."""

    t: float
    who: str
    purpose: str
    roll: RollRec


class Attack(msgspec.Struct, tag="attack", tag_field="type", frozen=True, gc=False, omit_defaults=True):
    t: float
    who: str
    target: str
    action: str
    weapon: str
    roll: RollRec
    hit: bool
    power: int = 0
    absorbed: int = 0
    damage: int = 0
    stun: int = 0
    distance: float = 0.0
    light: str = "bright"
    counter: bool = False
    charge_m: float = 0.0


class Damage(msgspec.Struct, tag="damage", tag_field="type", frozen=True, gc=False):
    """Harm landing on ``who``; totals and the health state after it."""

    t: float
    who: str
    stun: int
    damage: int
    total_stun: int
    total_damage: int
    health: str
    source: str


class State(msgspec.Struct, tag="state", tag_field="type", frozen=True, gc=False):
    """A change of state of ``who``: only the keys that changed.

    Keys in use: ``health``, ``posture`` (standing / on_the_ground),
    ``grapple`` (partner id or null), ``grapple_role`` (neutral / dominant /
    inferior), ``flying``, ``airspeed``, ``climbing`` (surface or null),
    ``stun``, ``damage``, ``defense_bonus``, ``counter_ready``, ``aiming``,
    ``drawn``, ``facing`` (radians), ``active`` (false once out of the fight).
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
    damage: int = 0
    stun: int = 0
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


class Say(msgspec.Struct, tag="say", tag_field="type", frozen=True, gc=False):
    t: float
    who: str
    text: str


class End(msgspec.Struct, tag="end", tag_field="type", frozen=True, gc=False):
    t: float
    winner: str | None
    reason: str
    standing: list[str] = []


Event = Union[Turn, Move, Roll, Attack, Damage, State, Fall, Climb, Jump, Fly, Say, End]
"""Every event type; a replay line after the header is exactly one of these."""

EVENT_TYPES: tuple[type, ...] = (Turn, Move, Roll, Attack, Damage, State, Fall, Climb, Jump, Fly, Say, End)
