"""The TOML character sheet: typed records validated by msgspec.

Source: ``mam-supplement.md`` §2 (what a sheet lists) and 000 · Combat Example
(the printed sheets). A sheet holds what the player writes; everything derived
lives on :class:`~tactics.rules.character.Character`. A minimal sheet::

    name = "Steven"
    speed = 1
    agility = 0
    strength = 3
    toughness = 7
    running = 5
    mass = 95
    height = 1.6
    [abilities]
    "unarmed combat" = 2
    [[weapons]]
    name = "hands"
    kind = "natural"
    count = 2

Room to grow: a mount or a vehicle is one more sheet (its agility, speed,
armor and natural weapons work the same); riding and driving are abilities;
``qualities`` carries flags such as ``"blind"`` or ``"flying"``.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

WeaponKind = Literal["natural", "hand", "thrown", "bow", "gun"]
WEAPON_KINDS: tuple[str, ...] = ("natural", "hand", "thrown", "bow", "gun")
SPEEDS: tuple[float, ...] = (0.25, 0.5, 1.0, 2.0, 3.0)

MAX_STAT = 1000
"""No number on a sheet goes above this (the rules' scales stop far below; a typo must not run)."""
NonNeg = Annotated[int, Meta(ge=0, le=MAX_STAT)]
NonNegFloat = Annotated[float, Meta(ge=0)]

#: The ability a weapon uses when the sheet names none (supplement §2, §4).
DEFAULT_ABILITY: dict[str, str] = {
    "natural": "unarmed combat",
    "hand": "one-handed weapons",
    "thrown": "throwing",
    "bow": "archery",
    "gun": "marksmanship",
}


class Weapon(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """One weapon line of a sheet.

    ``kind`` is natural, hand, thrown, bow or gun. ``power`` counts for hand,
    thrown, bow and gun weapons (natural ones use strength + ``leverage``);
    ``range`` is the maximum range in metres (bows and guns need one);
    ``count`` is how many there are (2 hands); ``shots`` the shots before a
    reload (0: no magazine to track) and ``reload_actions`` the actions a
    reload takes. ``attack`` and ``defense`` override the derived values.
    """

    name: str
    kind: WeaponKind
    power: NonNeg = 0
    sharpness: Literal["sharp", "blunt", "padded"] = "blunt"
    ability: str | None = None
    heft: NonNeg = 0
    mass: NonNegFloat = 0.0
    range: NonNegFloat = 0.0
    offense: int = 0
    leverage: int = 0
    count: Annotated[int, Meta(ge=1)] = 1
    two_handed: bool = False
    shots: NonNeg = 0
    reload_actions: NonNeg = 0
    attack: int | None = None
    defense: int | None = None

    @property
    def ability_name(self) -> str:
        """The ability this weapon is used with: ``ability`` or the kind's default."""
        if self.ability:
            return self.ability
        if self.kind == "hand" and self.two_handed:
            return "two-handed weapons"
        return DEFAULT_ABILITY[self.kind]

    @property
    def is_missile(self) -> bool:
        """Bows and guns: their attack is the ability alone, their power their own."""
        return self.kind == "bow" or self.kind == "gun"


class Armor(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """One piece of armor: ``cover`` (or ``complete``), ``absorption``, ``mass``;
    ``over`` names the piece it is worn over (000 · Armor, layers)."""

    name: str
    absorption: NonNeg
    cover: NonNeg = 0
    complete: bool = False
    mass: NonNegFloat = 0.0
    over: str | None = None


class Sheet(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A character sheet as written in TOML. Derived values may be overridden."""

    name: str
    speed: float
    agility: int
    strength: NonNeg
    toughness: Annotated[int, Meta(ge=1, le=MAX_STAT)]
    running: NonNeg
    mass: NonNegFloat
    height: NonNegFloat = 1.7
    swimming: NonNeg = 0
    airspeed: NonNeg = 0
    abilities: dict[str, int] = {}
    qualities: list[str] = []
    weapons: list[Weapon] = []
    armor: list[Armor] = []
    gear_mass: NonNegFloat = 0.0
    description: str = ""
    stamina: int | None = None
    melee_defense: int | None = None
    missile_defense: int | None = None
    grapple_attack: int | None = None
    grapple_defense: int | None = None


def check_sheet(sheet: Sheet) -> list[tuple[str, str]]:
    """Problems msgspec cannot see, as ``(place, problem)`` pairs (empty when fine)."""
    problems: list[tuple[str, str]] = []
    if float(sheet.speed) not in SPEEDS:
        problems.append(("speed", f"speed must be one of 1/4, 1/2, 1, 2, 3, not {sheet.speed}"))
    if sheet.strength > 50:
        problems.append(("strength", "strength above 50 is beyond the carrying capacity table"))
    seen: dict[str, int] = {}
    for i, w in enumerate(sheet.weapons):
        if w.name in seen:
            problems.append((f"weapons[{i}].name", f"weapon name {w.name!r} is used twice"))
        seen[w.name] = i
        if w.is_missile and w.range <= 0:
            problems.append((f"weapons[{i}].range", f"a {w.kind} needs a range in metres"))
        if not w.is_missile and w.range:
            problems.append((f"weapons[{i}].range", f"only bows and guns have a range, not a {w.kind} weapon"))
    pieces: dict[str, int] = {}
    for i, a in enumerate(sheet.armor):
        if a.name in pieces:
            problems.append((f"armor[{i}].name", f"armor name {a.name!r} is used twice"))
        pieces[a.name] = i
        if not a.complete and a.cover == 0:
            problems.append((f"armor[{i}].cover", "armor needs a cover above 0 or complete = true"))
    for i, a in enumerate(sheet.armor):
        if a.over is not None and (a.over not in pieces or a.over == a.name):
            problems.append((f"armor[{i}].over", f"{a.over!r} is not another piece of armor on this sheet"))
    return problems
