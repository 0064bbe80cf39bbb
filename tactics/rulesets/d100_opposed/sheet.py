"""The d100 character sheet: a TOML file validated by msgspec, refused in one line.

Source: DECISIONS-d100 · Sheet; 003 · step 1 (defaulting to a linked
aptitude), step 6 (armor by kind, AP), step 7 (Durability), step 8 (Wound
Threshold). A sheet::

    ruleset = "d100-opposed"
    name = "Vex"
    durability = 35                 # wound_threshold 7 and death_rating 52 by default
    speed = 1                       # action phases per 3 s action turn, 1-4
    armor = { energy = 4, kinetic = 6 }
    [aptitudes]
    COO = 20
    REF = 20
    SOM = 15
    INT = 15
    WIL = 15
    [skills]
    Fray = 40
    "Kinetic Weapons" = 55
    [[weapons]]
    name = "pistol"
    skill = "Kinetic Weapons"
    dv = "1d10+2"
    ap = -1
    kind = "kinetic"
    range = { short = 10, medium = 30, long = 50, extreme = 100 }

A skill the sheet does not list defaults to its linked aptitude
(:data:`LINKED`); skill names match without regard to case::

    >>> s = sheet_from_dict({"ruleset": "d100-opposed", "name": "x", "durability": 30,
    ...     "aptitudes": {"COO": 15, "REF": 20, "SOM": 10, "INT": 15, "WIL": 10},
    ...     "skills": {"fray": 35}})
    >>> s.skill("Fray"), s.skill("Kinetic Weapons"), s.wound_threshold_value, s.death_rating_value
    (('Fray', 35), ('Kinetic Weapons (COO default)', 15), 6, 45)
    >>> sheet_from_dict({"ruleset": "d100-opposed", "name": "x", "durability": 30,
    ...     "aptitudes": {"COO": 15, "REF": 20, "SOM": 10, "INT": 15, "WIL": 40}}, "x.toml")
    Traceback (most recent call last):
    ...
    tactics.errors.InputError: x.toml: aptitudes.WIL: expected int <= 30
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from tactics.errors import InputError, read_toml
from tactics.rules.load import _place_and_problem
from tactics.rulesets.d100_opposed.damage import DV, parse_dv, parsed_dv

RULESET_NAME = "d100-opposed"

APTITUDES = ("COO", "REF", "SOM", "INT", "WIL")
SKILLS = (
    "Fray", "Melee", "Unarmed", "Kinetic Weapons", "Beam Weapons", "Thrown Weapons",
    "Climbing", "Freerunning", "Perception", "Infiltration",
)
LINKED: dict[str, str] = {
    "Fray": "REF",
    "Melee": "SOM",
    "Unarmed": "SOM",
    "Kinetic Weapons": "COO",
    "Beam Weapons": "COO",
    "Thrown Weapons": "COO",
    "Climbing": "SOM",
    "Freerunning": "SOM",
    "Perception": "INT",
    "Infiltration": "COO",
}
"""The aptitude a missing skill defaults to (003 · step 1; the table is this project's ruling)."""

MELEE_SKILLS = ("Melee", "Unarmed")
RANGED_SKILLS = ("Kinetic Weapons", "Beam Weapons", "Thrown Weapons")
_CANON = {s.lower(): s for s in SKILLS}

Aptitude = Annotated[int, Meta(ge=10, le=30)]
SkillValue = Annotated[int, Meta(ge=0, le=99)]
NonNeg = Annotated[int, Meta(ge=0)]
Metres = Annotated[float, Meta(gt=0)]
NonNegMetres = Annotated[float, Meta(ge=0)]


class Aptitudes(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The five aptitudes, 10-30 each."""

    COO: Aptitude
    REF: Aptitude
    SOM: Aptitude
    INT: Aptitude
    WIL: Aptitude


class ArmorRating(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """Armor as the pair energy / kinetic (003 · step 6)."""

    energy: NonNeg = 0
    kinetic: NonNeg = 0

    def against(self, kind: str) -> int:
        return self.energy if kind == "energy" else self.kinetic


class Ranges(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Upper edges of the range bands in metres (DECISIONS-d100 · Attacks)."""

    short: Metres
    medium: Metres
    long: Metres
    extreme: Metres


class Weapon(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True, kw_only=True):
    """One weapon: the skill it is used with, DV (dice or a number), AP (0 or negative),
    kind (``kinetic`` or ``energy``), and range bands for ranged skills (none in melee)."""

    name: str
    skill: str
    dv: str | int
    ap: Annotated[int, Meta(le=0)] = 0
    kind: Literal["kinetic", "energy"] = "kinetic"
    range: Ranges | None = None

    @property
    def melee(self) -> bool:
        return self.skill in MELEE_SKILLS

    @property
    def damage(self) -> DV:
        return parsed_dv(self.dv)


class Sheet(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True, kw_only=True):
    """A d100 character sheet as written in TOML (DECISIONS-d100 · Sheet)."""

    ruleset: str = RULESET_NAME
    name: str
    aptitudes: Aptitudes
    durability: Annotated[int, Meta(ge=1)]
    skills: dict[str, SkillValue] = {}
    wound_threshold: Annotated[int, Meta(ge=1)] | None = None
    death_rating: Annotated[int, Meta(ge=1)] | None = None
    armor: ArmorRating = ArmorRating()
    speed: Annotated[int, Meta(ge=1, le=4)] = 1
    walk: NonNegMetres = 4.0
    run: NonNegMetres = 20.0
    swim: NonNegMetres | None = None
    airspeed: NonNegMetres = 0.0
    weapons: list[Weapon] = []
    description: str = ""
    policy: str | None = None

    def __hash__(self) -> int:
        """Sheets key the engine's caches (presentation, mover): hash the canonical encoding, keys
        sorted, so equal sheets hash alike although ``skills`` is a dict and ``weapons`` a list."""
        return hash(msgspec.json.encode(self, order="sorted"))

    @property
    def wound_threshold_value(self) -> int:
        """WT, by default ⌊Durability / 5⌋ (at least 1)."""
        return self.wound_threshold or max(1, self.durability // 5)

    @property
    def swim_value(self) -> float:
        """Metres swum per action turn; by default the walk (ruling, docs/rules-d100.md)."""
        return self.walk if self.swim is None else self.swim

    @property
    def death_rating_value(self) -> int:
        """DR, by default ⌊1.5 × Durability⌋."""
        return self.death_rating or (3 * self.durability) // 2

    def aptitude(self, name: str) -> int:
        return int(getattr(self.aptitudes, name))

    def skill(self, name: str) -> tuple[str, int]:
        """(label, target) of a skill: its rating, or its linked aptitude when it is missing."""
        if name in self.skills:
            return name, self.skills[name]
        apt = LINKED[name]
        return f"{name} ({apt} default)", self.aptitude(apt)

    @property
    def arms(self) -> list[Weapon]:
        """The sheet's weapons, plus bare hands (Unarmed, DV 1d10 + ⌊SOM / 10⌋) when it lists
        no Unarmed weapon: nobody is ever without a way to hit (ruling, docs/rules-d100.md)."""
        if any(w.skill == "Unarmed" for w in self.weapons):
            return list(self.weapons)
        bonus = self.aptitudes.SOM // 10
        return [*self.weapons, Weapon(name="fists", skill="Unarmed", dv=f"1d10+{bonus}" if bonus else "1d10")]

    def weapon(self, name: str | None) -> Weapon | None:
        for w in self.arms:
            if w.name == name:
                return w
        return None


def check_sheet(sheet: Sheet) -> list[tuple[str, str]]:
    """Problems msgspec cannot see, as ``(place, problem)`` pairs (empty when fine)."""
    problems: list[tuple[str, str]] = []
    if sheet.death_rating is not None and sheet.death_rating <= sheet.durability:
        problems.append(("death_rating", f"death rating {sheet.death_rating} must exceed durability {sheet.durability}"))
    if sheet.walk > sheet.run:
        problems.append(("walk", f"walk {sheet.walk} m is more than run {sheet.run} m"))
    seen: set[str] = set()
    for i, w in enumerate(sheet.weapons):
        at = f"weapons[{i}]"
        if w.name in seen:
            problems.append((f"{at}.name", f"weapon name {w.name!r} is used twice"))
        seen.add(w.name)
        if w.skill not in MELEE_SKILLS + RANGED_SKILLS:
            known = ", ".join(MELEE_SKILLS + RANGED_SKILLS)
            problems.append((f"{at}.skill", f"{w.skill!r} is not a combat skill; known: {known}"))
        elif w.melee and w.range is not None:
            problems.append((f"{at}.range", f"a {w.skill} weapon has no range bands"))
        elif not w.melee and w.range is None:
            problems.append((f"{at}.range", f"a {w.skill} weapon needs range bands (short, medium, long, extreme)"))
        if w.range is not None:
            r = w.range
            if not r.short <= r.medium <= r.long <= r.extreme:
                problems.append((f"{at}.range", "range bands must grow: short <= medium <= long <= extreme"))
        try:
            parse_dv(w.dv)
        except ValueError as exc:
            problems.append((f"{at}.dv", str(exc)))
    return problems


def _canonical(data: dict[str, Any], source: str) -> dict[str, Any]:
    """Skill names in the sheet's ``skills`` and weapons' ``skill`` matched regardless of case."""
    out = dict(data)
    skills = out.get("skills")
    if isinstance(skills, Mapping):
        fixed: dict[str, Any] = {}
        for key, value in skills.items():
            canon = _CANON.get(str(key).strip().lower())
            if canon is None:
                raise InputError(source, f"skills.{key}", f"unknown skill {key!r}; known: {', '.join(SKILLS)}")
            if isinstance(value, bool) or not isinstance(value, int):
                raise InputError(source, f"skills.{canon}", f"expected int, got {type(value).__name__}")
            if not 0 <= value <= 99:
                raise InputError(source, f"skills.{canon}", f"a skill is 0-99, not {value}")
            fixed[canon] = value
        out["skills"] = fixed
    weapons = out.get("weapons")
    if isinstance(weapons, list):
        out["weapons"] = [
            {**w, "skill": _CANON.get(w["skill"].strip().lower(), w["skill"])}
            if isinstance(w, Mapping) and isinstance(w.get("skill"), str) else w
            for w in weapons
        ]
    return out


def sheet_from_dict(data: Mapping[str, Any], source: str = "<dict>") -> Sheet:
    """Validate plain data (parsed TOML, a replay header) into a :class:`Sheet`; the ``ruleset``
    key may be left out (the engine's sheet loader reads it first), but not name another system."""
    if not isinstance(data, Mapping):
        raise InputError(source, "(sheet)", f"a sheet is a table of fields, not {type(data).__name__}")
    ruleset = data.get("ruleset", RULESET_NAME)   # the generic loader (tactics.sheets) takes the key off
    if ruleset != RULESET_NAME:
        raise InputError(source, "ruleset", f"this sheet is for {ruleset!r}, not {RULESET_NAME!r}")
    try:
        sheet = msgspec.convert(_canonical(dict(data), source), Sheet, strict=True)
    except msgspec.ValidationError as err:
        place, problem = _place_and_problem(err)
        if place.endswith(".kind") and problem.startswith("invalid enum value"):
            problem += "; known: kinetic, energy"
        raise InputError(source, place, problem) from None
    problems = check_sheet(sheet)
    if problems:
        place, problem = problems[0]
        raise InputError(source, place, problem)
    return sheet


def sheet_to_dict(sheet: Sheet) -> dict[str, Any]:
    """Plain data that :func:`sheet_from_dict` reads back to an equal sheet, ``ruleset`` first
    (so the engine's generic sheet loader routes it here too)."""
    return {"ruleset": RULESET_NAME, **msgspec.to_builtins(sheet)}


def load_sheet(path: str | Path) -> Sheet:
    """Read a TOML sheet file; refusals are one-line :class:`~tactics.errors.InputError`.

    A file must say ``ruleset = "d100-opposed"`` (without it the engine reads a Mano a Mano sheet).
    """
    data = read_toml(path, "sheet")
    if "ruleset" not in data:
        raise InputError(str(path), "ruleset", f'missing; a d100 sheet file starts with ruleset = "{RULESET_NAME}"')
    return sheet_from_dict(data, source=str(path))


__all__ = [
    "RULESET_NAME", "APTITUDES", "SKILLS", "LINKED", "MELEE_SKILLS", "RANGED_SKILLS",
    "Aptitudes", "ArmorRating", "Ranges", "Weapon", "Sheet",
    "check_sheet", "sheet_from_dict", "sheet_to_dict", "load_sheet",
]
