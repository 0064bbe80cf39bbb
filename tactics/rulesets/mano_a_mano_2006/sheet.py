"""The 2006 character sheet: TOML validated by msgspec (001 · Hit Points; 001 · Armor and Weapons;
001 · Manipulation).

A sheet says which ruleset it is for, then the fighter. Modre, from the
seed's example (001 · Combat Example)::

    ruleset = "mano-a-mano-2006"
    name = "Modre"
    size = 0
    [abilities]
    swimming = 3
    climbing = 3
    [[weapons]]
    name = "Ice Blade"
    power = 3
    sharpness = -2
    attack = 1
    defense = 1
    reach = 1.0

Every sheet also has its ``body`` (the seed's unarmed combat modifiers:
+2 attacking, 0 defending, power 1), unless it lists a weapon of that name.

    >>> s = sheet_from_dict({"ruleset": "mano-a-mano-2006", "name": "Modre",
    ...     "abilities": {"swimming": 3, "climbing": 3},
    ...     "weapons": [{"name": "Ice Blade", "power": 3, "sharpness": -2, "attack": 1, "defense": 1,
    ...                  "reach": 1.0}]})
    >>> s.max_hp, s.hp_per_round, s.stride, [w.name for w in s.all_weapons]
    (6, 3, 1.0, ['Ice Blade', 'body'])

Refusals are one line naming the file, the place and the problem::

    >>> sheet_from_dict({"ruleset": "mano-a-mano-2006", "name": "x", "hp": "six"}, "x.toml")
    Traceback (most recent call last):
    ...
    tactics.errors.InputError: x.toml: hp: expected int | null, got str
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from tactics.errors import InputError, read_toml

from .harm import armor_block
from .moving import stride
from .pools import hit_points, hp_per_round

RULESET_NAME = "mano-a-mano-2006"

NonNeg = Annotated[int, Meta(ge=0)]
NonNegFloat = Annotated[float, Meta(ge=0)]
WeaponKind = Literal["natural", "hand", "thrown", "missile", "shield"]


class Weapon(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """One weapon: ``attack``/``defense`` combat modifiers, ``power``, ``sharpness`` (negative is
    blunter), ``parry`` modifier, ``reach`` in metres, ``range`` (missiles, metres), ``double``
    (a double-power weapon, for Random Damage), ``attached`` (cannot be disarmed; natural weapons are)."""

    name: str
    kind: WeaponKind = "hand"
    attack: int = 0
    defense: int = 0
    power: NonNeg = 0
    sharpness: int = 0
    parry: int = 0
    reach: NonNegFloat = 0.5
    range: NonNegFloat = 0.0
    double: bool = False
    attached: bool = False

    @property
    def is_missile(self) -> bool:
        return self.kind in ("missile", "thrown")

    @property
    def disarmable(self) -> bool:
        return not (self.attached or self.kind == "natural")


BODY = Weapon(name="body", kind="natural", attack=2, defense=0, power=1, sharpness=-2, reach=0.5, attached=True)
"""The unarmed body of the seed's example (001 · Combat Example): +2 attacking, 0 defending, power 1;
blunt (sharpness −2, a ruling)."""


class Armor(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """One piece of armor: ``cover`` (rolled against the defender's die) and ``absorption``."""

    name: str
    cover: Annotated[int, Meta(ge=1)]
    absorption: NonNeg


class Sheet(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True, dict=True):
    """A 2006 sheet as written. ``hp`` overrides the HP the abilities give; ``absorption`` is the
    body's own (always applies); ``encumbrance`` the points that stay in other to carry gear;
    ``speed`` 1/4, 1/2 or 1 (turns skipped, 001 · Rounds); ``ai`` a policy name hint.

    The numbers a turn reads again and again (HP, HP per round, the stride, the weapons with the
    body) are worked out once per sheet (``cached_property``, kept in the instance's ``__dict__``,
    which ``dict=True`` gives a frozen struct; never encoded, compared or hashed): a sheet is
    written once and not changed in place."""

    name: str
    ruleset: str = RULESET_NAME
    description: str = ""
    hp: Annotated[int, Meta(ge=1)] | None = None
    size: int = 0
    agility: int = 0
    height: NonNegFloat = 1.7
    speed: float = 1.0
    absorption: NonNeg = 0
    encumbrance: NonNeg = 0
    abilities: dict[str, int] = {}
    weapons: list[Weapon] = []
    armor: list[Armor] = []
    qualities: list[str] = []
    ai: str = ""

    @cached_property
    def max_hp(self) -> int:
        """HP that count: the written ``hp``, else the two best athletic abilities (at least 1)."""
        return hit_points(self.abilities, self.hp)

    @cached_property
    def hp_per_round(self) -> int:
        return hp_per_round(self.max_hp)

    def ability(self, name: str) -> int:
        return int(self.abilities.get(name, 0))

    @cached_property
    def stride(self) -> float:
        return stride(self.ability("running"))

    @cached_property
    def swim_stride(self) -> float:
        """Metres per point swum: 1 + swimming."""
        return stride(self.ability("swimming"))

    @property
    def running(self) -> float:
        """Metres a turn of movement covers, HP/round strides: the longest jump with a running start
        (docs/rules-2006.md · Movement); what the shared AI routes read as a sheet's running."""
        return self.hp_per_round * self.stride

    @property
    def all_weapons(self) -> list[Weapon]:
        """The sheet's weapons, then the body unless one of them is called ``body`` (a fresh list)."""
        return list(self.weapons_and_body)

    @cached_property
    def weapons_and_body(self) -> tuple[Weapon, ...]:
        """:attr:`all_weapons` as a tuple, worked out once (what a fighter holds until disarmed)."""
        if any(w.name == "body" for w in self.weapons):
            return tuple(self.weapons)
        return (*self.weapons, BODY)

    @cached_property
    def weapon_named(self) -> dict[str | None, Weapon]:
        """Each of :attr:`weapons_and_body` by name (the first of a name), and the first under None."""
        out: dict[str | None, Weapon] = {}
        for w in self.weapons_and_body:
            out.setdefault(w.name, w)
        if self.weapons_and_body:
            out[None] = self.weapons_and_body[0]
        return out

    @cached_property
    def has_missile(self) -> bool:
        """Whether any of :attr:`weapons_and_body` is a missile (thrown or shot)."""
        return any(w.is_missile for w in self.weapons_and_body)

    @cached_property
    def armor_blocks(self) -> tuple[tuple[str, int] | None, ...]:
        """The armor's cover roll as a table: :func:`~.harm.armor_block` of the armor for each face of the
        defender's die (index 1 to 6; index 0 unused). (001 · Armor and Weapons · Armor)"""
        pieces = [(a.name, a.cover, a.absorption) for a in self.armor]
        return (None, *(armor_block(pieces, die) for die in range(1, 7)))

    @cached_property
    def absorption_by_die(self) -> tuple[int, ...]:
        """What the body and the armor's block absorb on each face of the defender's die, 1 to 6."""
        return tuple(self.absorption + (block[1] if block else 0) for block in self.armor_blocks[1:])

    @cached_property
    def best_defense(self) -> Weapon:
        """The hand-to-hand weapon (or body) with the best defense modifier, none lost (the first on a tie)."""
        ws = [w for w in self.weapons_and_body if not w.is_missile] or list(self.weapons_and_body)
        return max(ws, key=lambda w: w.defense)

    @cached_property
    def melee_reach(self) -> float:
        """The longest reach among the hand-to-hand weapons, none lost."""
        return max((w.reach for w in self.weapons_and_body if not w.is_missile), default=0.5)

    @cached_property
    def kept_blows(self) -> dict[tuple, Any]:
        """The plain strikes this sheet's fighter landed, kept by what they read (:mod:`.landed`): a
        cache of the batch the sheet plays in, like the numbers above never encoded, compared or hashed."""
        return {}

    def weapon(self, name: str | None) -> Weapon:
        """The weapon called ``name`` (None: the first); ``KeyError`` when there is none."""
        weapons = self.weapons_and_body
        if name is None:
            return weapons[0]
        for w in weapons:
            if w.name == name:
                return w
        raise KeyError(f"{self.name} has no weapon {name!r}")


_AT = re.compile(r"^(?P<msg>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.S)
_FIELD = re.compile(r"Object (?P<what>missing required|contains unknown) field `(?P<field>[^`]+)`")


def _place(err: msgspec.ValidationError) -> tuple[str, str]:
    m = _AT.match(str(err))
    msg, path = (m.group("msg"), (m.group("path") or "").lstrip(".")) if m else (str(err), "")
    f = _FIELD.match(msg)
    if f:
        field = f"{path}.{f.group('field')}" if path else f.group("field")
        return field, "missing required field" if f.group("what") == "missing required" else "unknown field"
    msg = msg.replace("`", "")
    return path or "(sheet)", msg[:1].lower() + msg[1:]


def check(sheet: Sheet) -> tuple[str, str] | None:
    """The first problem msgspec cannot see, as ``(place, problem)``, or None."""
    if sheet.ruleset != RULESET_NAME:
        return "ruleset", f"this is a {RULESET_NAME!r} sheet loader, not {sheet.ruleset!r}"
    if sheet.speed not in (0.25, 0.5, 1.0):
        return "speed", f"speed must be 1/4, 1/2 or 1, not {sheet.speed}"
    seen: set[str] = set()
    for i, w in enumerate(sheet.weapons):
        if w.name in seen:
            return f"weapons[{i}].name", f"weapon name {w.name!r} is used twice"
        seen.add(w.name)
        if w.kind == "missile" and w.range <= 0:
            return f"weapons[{i}].range", "a missile weapon needs a range in metres"
    names = [a.name for a in sheet.armor]
    for i, name in enumerate(names):
        if name in names[:i]:
            return f"armor[{i}].name", f"armor name {name!r} is used twice"
    return None


def sheet_from_dict(data: Mapping[str, Any], source: str = "<dict>") -> Sheet:
    """A validated sheet from plain data, or a one-line :class:`InputError`."""
    if not isinstance(data, Mapping):
        raise InputError(source, "(sheet)", f"a sheet is a table of fields, not {type(data).__name__}")
    try:
        sheet = msgspec.convert(dict(data), Sheet, strict=True)
    except msgspec.ValidationError as err:
        raise InputError(source, *_place(err)) from None
    problem = check(sheet)
    if problem:
        raise InputError(source, *problem)
    return sheet


def sheet_to_dict(sheet: Sheet) -> dict[str, Any]:
    """Plain data that :func:`sheet_from_dict` reads back to an equal sheet."""
    return msgspec.to_builtins(sheet)


def load_sheet(path: str | Path) -> Sheet:
    """Read a TOML sheet file."""
    return sheet_from_dict(read_toml(path, "sheet"), source=str(path))


__all__ = ["RULESET_NAME", "Weapon", "BODY", "Armor", "Sheet", "check", "sheet_from_dict", "sheet_to_dict",
           "load_sheet"]
