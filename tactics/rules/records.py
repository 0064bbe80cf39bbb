"""Records every combat system shares: modifiers, rolls as data, and how a fighter is drawn.

A roll is recorded the same way whatever the dice: which dice, every face,
the modifiers on both sides, the mode of comparison, the margin and tags.
The replay, the log and the viewer explain any roll from this record alone,
without importing the ruleset that made it::

    >>> r = Roll(dice="d20", faces=[14], total=18, success=True, target=12,
    ...          mods=[("machete attack", 4)], target_mods=[("melee defense", 12)])
    >>> r.mode, r.total - sum(r.faces)
    ('beat', 4)

Modes: ``beat`` (total > target, DECISIONS · Dice and success), ``meet``
(total >= target, the Fudge system's unopposed checks), ``under`` (the
reading <= the target number, the d100 system) and ``opposed`` (``vs`` holds
the other side's roll; ``margin`` is total minus the other side's total).

A fighter's *presentation* says which tracks it has (``stun`` and
``damage``; ``hp``; five pools; ``damage`` and ``wounds``), which standings it
moves through and which of them still act, how its bar is drawn, and which
statuses the viewer shows as icons::

    >>> p = Presentation(tracks=[Track("hp", 10, "health", start=10)],
    ...                  standings=[Standing("fighting", True), Standing("out", False)],
    ...                  bar=Bar(["hp"], 10))
    >>> p.able_standings()
    frozenset({'fighting'})
"""

from __future__ import annotations

from typing import Any, NamedTuple

import msgspec

Mod = tuple[str, int]
"""A modifier as it is written: ``[source, value]``."""


class Modifier(NamedTuple):
    """A named bonus or penalty: ``Modifier("evading", 5)``."""

    source: str
    value: int


class Roll(msgspec.Struct, frozen=True, gc=False, omit_defaults=True):
    """One roll of any dice, with every number behind its verdict.

    ``dice`` is the notation (``d20``, ``d6``, ``4dF``, ``d100``, ``2d10+3``);
    ``faces`` every die as rolled (Fudge faces -1/0/+1, d100 read 0-99);
    ``total`` what is compared (faces plus ``mods``; for ``under`` the
    reading itself). ``target`` is the difficulty or target number and
    ``target_mods`` its parts; for ``opposed`` rolls ``vs`` is the other
    side's roll (itself possibly a test ``under`` its own target).
    ``result`` names a verdict between success and failure (``half``,
    ``tie``); ``tags`` name special faces (``natural 20``, ``critical``,
    ``fumble``, ``excellent``).
    """

    dice: str
    faces: list[int]
    total: int
    success: bool
    mode: str = "beat"
    target: int | None = None
    mods: list[Mod] = []
    target_mods: list[Mod] = []
    vs: Roll | None = None
    vs_who: str | None = None
    margin: int | None = None
    result: str = ""
    tags: list[str] = []


class Track(msgspec.Struct, frozen=True, omit_defaults=True):
    """A named number a fighter carries (``stun``, ``hp``, a pool, ``wounds``).

    ``role`` says how to read it: ``harm`` (accumulates, bad), ``temporary``
    (accumulates and wears off), ``health`` (depletes, good), ``pool``
    (points moving between pools), ``count`` (a tally such as wounds).
    """

    name: str
    max: int
    role: str
    start: int = 0


class Standing(msgspec.Struct, frozen=True, omit_defaults=True):
    """A step on a fighter's way from fit to finished, and whether it still acts."""

    name: str
    able: bool
    label: str = ""


class Bar(msgspec.Struct, frozen=True, omit_defaults=True):
    """How the health bar is drawn: ``segments`` (track names, stacked from the
    left in this order) over ``max``; ``marks`` are ticks with a label (a
    threshold such as toughness or a death rating)."""

    segments: list[str]
    max: int
    marks: list[tuple[str, int]] = []


class StatusInfo(msgspec.Struct, frozen=True, omit_defaults=True):
    """A status the viewer shows: key ``key`` (with value ``value`` when given,
    else any truthy value) drawn as icon ``icon`` and named ``label``."""

    key: str
    icon: str
    label: str = ""
    value: Any = None


class Presentation(msgspec.Struct, frozen=True, omit_defaults=True):
    """A fighter as the replay, the log and the viewer show it (replay header, schema 2)."""

    tracks: list[Track]
    standings: list[Standing]
    bar: Bar
    statuses: list[StatusInfo] = []

    def able_standings(self) -> frozenset[str]:
        return frozenset(s.name for s in self.standings if s.able)

    def start_tracks(self) -> dict[str, int]:
        return {t.name: t.start for t in self.tracks}


__all__ = ["Mod", "Modifier", "Roll", "Track", "Standing", "Bar", "StatusInfo", "Presentation"]
