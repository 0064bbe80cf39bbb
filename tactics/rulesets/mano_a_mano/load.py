"""Loading sheets: TOML in, :class:`Character` out, or one clear line of error.

Every refusal is an :class:`~tactics.errors.InputError` ``file: place: problem``
where *place* is the field path on the sheet, for example::

    assets/characters/bad.toml: weapons[1].power: expected int, got str

    >>> character_from_dict({"name": "x"}, source="inline")
    Traceback (most recent call last):
    ...
    tactics.errors.InputError: inline: speed: missing required field
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import msgspec

from tactics.errors import InputError, read_toml_text
from tactics.filememo import FileMemo

from .character import Character
from .sheet import Sheet, check_sheet

_AT = re.compile(r"^(?P<msg>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.S)
_MISSING = re.compile(r"Object missing required field `(?P<field>[^`]+)`")
RULESET_NAME = "mano-a-mano"
_UNKNOWN = re.compile(r"Object contains unknown field `(?P<field>[^`]+)`")


def _place_and_problem(err: msgspec.ValidationError) -> tuple[str, str]:
    """Turn msgspec's ``"Expected `int`, got `str` - at `$.weapons[1].power`"``
    into ``("weapons[1].power", "expected int, got str")``."""
    m = _AT.match(str(err))
    msg = m.group("msg") if m else str(err)
    path = (m.group("path") or "") if m else ""
    path = path.lstrip(".")
    for pattern, problem in ((_MISSING, "missing required field"), (_UNKNOWN, "unknown field")):
        f = pattern.match(msg)
        if f:
            return (f"{path}.{f.group('field')}" if path else f.group("field")), problem
    msg = msg.replace("`", "")
    msg = msg[:1].lower() + msg[1:]
    return path or "(sheet)", msg


def character_from_dict(data: Mapping[str, Any], source: str = "<dict>") -> Character:
    """Validate plain data (a parsed TOML sheet, a replay header) into a Character."""
    if not isinstance(data, Mapping):
        raise InputError(source, "(sheet)", f"a sheet is a table of fields, not {type(data).__name__}")
    data = dict(data)
    system = data.pop("ruleset", RULESET_NAME)
    if system != RULESET_NAME:
        raise InputError(source, "ruleset", f"this is a {system} sheet, not a {RULESET_NAME} one")
    try:
        sheet = msgspec.convert(data, Sheet, strict=True)
    except msgspec.ValidationError as err:
        place, problem = _place_and_problem(err)
        raise InputError(source, place, problem) from None
    problems = check_sheet(sheet)
    if problems:
        place, problem = problems[0]
        raise InputError(source, place, problem)
    return Character.from_sheet(sheet)


SHEET_MEMORY = 256
"""How many characters :func:`load_character` keeps, by file content (a
:class:`~tactics.filememo.FileMemo`: the same bytes give the same frozen
:class:`Character`, a changed file loads again)."""

_MEMO: FileMemo[Character] = FileMemo(SHEET_MEMORY)


def load_character(path: str | Path) -> Character:
    """Read a TOML sheet file. Refusals are one-line :class:`InputError`.

    The second load of an unchanged file costs a read and a hash (an ``os.stat`` once it is a
    couple of seconds old: :mod:`tactics.filememo`), no parsing: the same :class:`Character` comes back (it is frozen; leave its
    ``abilities`` dict alone too)."""
    def build() -> tuple[Character, str]:
        data, text = read_toml_text(path, "sheet")
        return character_from_dict(data, source=str(path)), text
    return _MEMO.load(path, RULESET_NAME, build)
