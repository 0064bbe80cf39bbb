"""Character sheets of any combat system: a TOML file names its ruleset, the ruleset validates it.

    >>> steven = load_sheet("assets/characters/steven.toml")       # no ``ruleset`` key: Mano a Mano
    >>> steven.name
    'Steven'

A sheet file may start with ``ruleset = "fudge-opposed"`` (or any name of
``tactics list rulesets``); without one it is a Mano a Mano sheet. Asking
for a ruleset the file does not declare is refused on one line::

    load_sheet("assets/characters/steven.toml", ruleset="fudge-opposed")
    # InputError: assets/characters/steven.toml: ruleset: this is a mano-a-mano sheet, not a fudge-opposed one
"""

from __future__ import annotations

import os
from typing import Any

from tactics.errors import InputError, read_toml_text
from tactics.filememo import FileMemo
from tactics.rules.registry import DEFAULT, get_ruleset


def sheet_ruleset(data: dict[str, Any], source: str) -> str:
    """The ruleset a sheet's data declares (Mano a Mano when it declares none)."""
    name = data.get("ruleset", DEFAULT)
    if not isinstance(name, str):
        raise InputError(source, "ruleset", f"a ruleset name is a string, not {type(name).__name__}")
    return name


def sheet_from_dict(data: dict[str, Any], source: str = "<dict>", ruleset: str | None = None) -> Any:
    """Validate sheet data with the ruleset it declares (or must be: ``ruleset``)."""
    if not isinstance(data, dict):
        raise InputError(source, "(sheet)", f"a sheet is a table of fields, not {type(data).__name__}")
    declared = sheet_ruleset(data, source)
    if ruleset is not None and declared != ruleset:
        raise InputError(source, "ruleset", f"this is a {declared} sheet, not a {ruleset} one")
    rs = get_ruleset(declared, source, "ruleset")
    return rs.sheet_from_dict(data, source)


SHEET_MEMORY = 256
"""How many sheets :func:`load_sheet` keeps, by file content and the ruleset asked for
(a :class:`~tactics.filememo.FileMemo`; sheets of every ruleset are frozen)."""

_MEMO: FileMemo[Any] = FileMemo(SHEET_MEMORY)


def load_sheet(path: str | os.PathLike[str], ruleset: str | None = None) -> Any:
    """Read a sheet file of any ruleset. Refusals are one-line :class:`InputError`.

    The second load of an unchanged file costs a read and a hash (an ``os.stat`` once it is a
    couple of seconds old: :mod:`tactics.filememo`), no parsing:
    the same (frozen) sheet comes back."""
    def build() -> tuple[Any, str]:
        data, text = read_toml_text(path, "sheet")
        return sheet_from_dict(data, str(path), ruleset), text
    return _MEMO.load(path, ("sheet", ruleset), build)


__all__ = ["load_sheet", "sheet_from_dict", "sheet_ruleset"]
