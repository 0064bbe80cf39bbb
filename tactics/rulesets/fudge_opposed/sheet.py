"""The fudge-opposed character sheet: TOML validated by msgspec (DECISIONS-fudge · Sheet).

A sheet names its ruleset first, then skills (the eight of 002; a missing
one counts -1), hit points, Soak, movement and weapons::

    ruleset = "fudge-opposed"
    name = "Swordsman"
    hit_points = 12
    soak = 1
    [skills]
    Melee = 3
    Block = 2
    Strength = 2
    [[weapons]]
    name = "sword"
    hands = 1
    bonus = 2                 # melee Damage = Strength + bonus

    [[weapons]]
    name = "rifle"
    hands = 2
    damage = 5                # ranged weapons have a fixed Damage
    band = "long-range"       # short-range, ranged or long-range
    max_range = 300           # default by band: 15, 60, 300

Every refusal is one line ``file: place: problem``::

    >>> sheet_from_dict({"ruleset": "fudge-opposed", "name": "x", "hit_points": -2}, "inline")
    Traceback (most recent call last):
    ...
    tactics.errors.InputError: inline: hit_points: hit points must be at least 1, not -2
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from tactics.errors import InputError, read_toml

RULESET_NAME = "fudge-opposed"

SKILLS: tuple[str, ...] = ("Melee", "Block", "Marksmanship", "Dodge", "Athletics", "Strength", "Perception", "Stealth")
"""The skills of 002 · Actions; a sheet may leave any out."""

MISSING_SKILL = -1
"""A skill the sheet does not list counts -1 (DECISIONS-fudge · Sheet)."""

BANDS: tuple[str, ...] = ("short-range", "ranged", "long-range")

DEFAULT_MAX_RANGE: dict[str, float] = {"short-range": 15.0, "ranged": 60.0, "long-range": 300.0}
"""Metres a ranged weapon reaches when its line names no ``max_range`` (DECISIONS-fudge · Sheet)."""

SHIELD_BONUS = 2
"""A shield: +2 Block and +2 Dodge (DECISIONS-fudge · Sheet)."""

BARE_HANDS = "hands"
"""The weapon every fighter has: a melee weapon of bonus +0 (DECISIONS-fudge · Sheet)."""


class Weapon(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """One weapon line. Melee: ``bonus``. Ranged: ``damage``, ``band``, optional
    ``two_shots`` and ``max_range``."""

    name: str
    hands: Literal[1, 2] = 1
    bonus: int = 0
    damage: int | None = None
    band: Literal["short-range", "ranged", "long-range"] | None = None
    two_shots: bool = False
    max_range: Annotated[float, Meta(gt=0)] | None = None

    @property
    def ranged(self) -> bool:
        return self.band is not None

    @property
    def reach_m(self) -> float:
        """Greatest distance the weapon is used at (melee: short range only)."""
        if self.band is None:
            return 2.0
        return self.max_range if self.max_range is not None else DEFAULT_MAX_RANGE[self.band]


HANDS = Weapon(name=BARE_HANDS)


class Sheet(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A fudge-opposed sheet as written. ``move`` defaults to 5 + Athletics metres."""

    ruleset: str
    name: str
    hit_points: int
    skills: dict[str, int] = {}
    soak: int = 0
    move: float | None = None
    shield: bool = False
    airspeed: float = 0.0
    weapons: list[Weapon] = []
    description: str = ""

    def skill(self, name: str) -> int:
        """The rating of skill ``name``, -1 when the sheet leaves it out."""
        return self.skills.get(name, MISSING_SKILL)

    @property
    def move_m(self) -> float:
        """Metres per turn: ``move`` or 5 + Athletics."""
        return float(self.move) if self.move is not None else 5.0 + self.skill("Athletics")

    def weapon(self, name: str | None) -> Weapon | None:
        """The weapon called ``name`` (``hands`` is always there)."""
        for w in self.weapons:
            if w.name == name:
                return w
        return HANDS if name in (None, BARE_HANDS) else None

    def melee_weapons(self) -> list[Weapon]:
        return [w for w in self.weapons if not w.ranged] or [HANDS]

    def ranged_weapons(self) -> list[Weapon]:
        return [w for w in self.weapons if w.ranged]


_TYPE_NAMES = {str: "str", float: "float", bool: "bool", list: "array", dict: "object", type(None): "null"}
_AT = re.compile(r"^(?P<msg>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.S)
_FIELD = re.compile(r"Object (?P<kind>missing required|contains unknown) field `(?P<field>[^`]+)`")


def _place_and_problem(err: msgspec.ValidationError) -> tuple[str, str]:
    """msgspec's ``Expected `int`, got `str` - at `$.weapons[1].bonus``` as
    ``("weapons[1].bonus", "expected int, got str")``."""
    m = _AT.match(str(err))
    msg, path = (m.group("msg"), (m.group("path") or "").lstrip(".")) if m else (str(err), "")
    f = _FIELD.match(msg)
    if f:
        place = f"{path}.{f.group('field')}" if path else f.group("field")
        return place, ("missing required field" if f.group("kind") == "missing required" else "unknown field")
    msg = msg.replace("`", "")
    return path or "(sheet)", msg[:1].lower() + msg[1:]


def check_sheet(sheet: Sheet) -> list[tuple[str, str]]:
    """Problems msgspec cannot see, as ``(place, problem)`` pairs (empty when fine)."""
    problems: list[tuple[str, str]] = []
    if sheet.ruleset != RULESET_NAME:
        problems.append(("ruleset", f"this sheet is for {sheet.ruleset!r}, not {RULESET_NAME!r}"))
    if sheet.hit_points < 1:
        problems.append(("hit_points", f"hit points must be at least 1, not {sheet.hit_points}"))
    if sheet.soak < 0:
        problems.append(("soak", f"Soak cannot be negative, not {sheet.soak}"))
    if sheet.move is not None and sheet.move < 0:
        problems.append(("move", f"move cannot be negative, not {sheet.move}"))
    if sheet.airspeed < 0:
        problems.append(("airspeed", f"airspeed cannot be negative, not {sheet.airspeed}"))
    for skill, value in sheet.skills.items():
        if skill not in SKILLS:
            problems.append((f"skills.{skill}", f"unknown skill {skill!r}; known: {', '.join(SKILLS)}"))
        elif not -4 <= value <= 8:
            problems.append((f"skills.{skill}", f"a skill is rated -4 to +8, not {value}"))
    seen: set[str] = set()
    for i, w in enumerate(sheet.weapons):
        if w.name in seen:
            problems.append((f"weapons[{i}].name", f"weapon name {w.name!r} is used twice"))
        seen.add(w.name)
        if w.band is None:
            for key, value in (("damage", w.damage), ("max_range", w.max_range)):
                if value is not None:
                    problems.append((f"weapons[{i}].{key}", f"only ranged weapons (with a band) have {key}"))
            if w.two_shots:
                problems.append((f"weapons[{i}].two_shots", "only ranged weapons (with a band) have two shots"))
        else:
            if w.damage is None:
                problems.append((f"weapons[{i}].damage", "a ranged weapon needs a damage"))
            elif w.damage < 0:
                problems.append((f"weapons[{i}].damage", f"damage cannot be negative, not {w.damage}"))
            if w.bonus:
                problems.append((f"weapons[{i}].bonus", "a ranged weapon has a fixed damage, not a bonus"))
    return problems


def _normalise(data: Mapping[str, Any]) -> dict[str, Any]:
    """Skill names are written as the seed spells them; lower-case spellings are accepted."""
    out = dict(data)
    skills = out.get("skills")
    if isinstance(skills, Mapping):
        by_lower = {s.lower(): s for s in SKILLS}
        out["skills"] = {by_lower.get(str(k).lower(), k): v for k, v in skills.items()}
    return out


def sheet_from_dict(data: Mapping[str, Any], source: str = "<dict>") -> Sheet:
    """Validate plain data (a parsed TOML sheet, a replay header) into a :class:`Sheet`."""
    if not isinstance(data, Mapping):
        raise InputError(source, "(sheet)", f"a sheet is a table of fields, not {type(data).__name__}")
    if "ruleset" not in data:
        raise InputError(source, "ruleset", f'missing required field (write ruleset = "{RULESET_NAME}" at the top)')
    skills = data.get("skills")
    if isinstance(skills, Mapping):
        for k, v in skills.items():
            if not isinstance(v, int) or isinstance(v, bool):
                raise InputError(source, f"skills.{k}", f"expected int, got {_TYPE_NAMES.get(type(v), type(v).__name__)}")
    band = None
    for i, w in enumerate(data.get("weapons") or []):
        if isinstance(w, Mapping) and "band" in w and w["band"] not in BANDS:
            band = (f"weapons[{i}].band", f"unknown band {w['band']!r}; known: {', '.join(BANDS)}")
            break
    if band:
        raise InputError(source, *band)
    try:
        sheet = msgspec.convert(_normalise(data), Sheet, strict=True)
    except msgspec.ValidationError as err:
        raise InputError(source, *_place_and_problem(err)) from None
    problems = check_sheet(sheet)
    if problems:
        raise InputError(source, *problems[0])
    return sheet


def sheet_to_dict(sheet: Sheet) -> dict[str, Any]:
    """The sheet as plain data (what the replay header carries); round-trips through
    :func:`sheet_from_dict`."""
    return msgspec.to_builtins(sheet)


def load_sheet(path: str) -> Sheet:
    """Read a TOML sheet file; refusals are one-line :class:`~tactics.errors.InputError`."""
    return sheet_from_dict(read_toml(path, "sheet"), source=str(path))


__all__ = ["RULESET_NAME", "SKILLS", "MISSING_SKILL", "BANDS", "DEFAULT_MAX_RANGE", "SHIELD_BONUS", "BARE_HANDS",
           "Weapon", "HANDS", "Sheet", "check_sheet", "sheet_from_dict", "sheet_to_dict", "load_sheet"]
