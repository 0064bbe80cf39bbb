"""Which combat systems tactics knows, by the name sheets, encounters and replays use.

    >>> sorted(BUILT_IN)
    ['d100-opposed', 'fudge-opposed', 'mano-a-mano', 'mano-a-mano-2006']
    >>> get_ruleset("mano-a-mano").name
    'mano-a-mano'

A ruleset is a package of its own under ``tactics/rulesets/`` exposing
``RULESET``; it is imported only when first asked for (this layer imports
no ruleset). A script may pass any object that follows
:class:`~tactics.rules.protocol.Ruleset` straight to ``Encounter``.
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import lru_cache
from typing import Any

from tactics.errors import InputError

DEFAULT = "mano-a-mano"

BUILT_IN: dict[str, str] = {
    "mano-a-mano": "tactics.rulesets.mano_a_mano",
    "mano-a-mano-2006": "tactics.rulesets.mano_a_mano_2006",
    "fudge-opposed": "tactics.rulesets.fudge_opposed",
    "d100-opposed": "tactics.rulesets.d100_opposed",
}
"""Name -> the module holding its ``RULESET``."""


def available() -> list[str]:
    """The built-in rulesets whose package is present, in a stable order."""
    out = []
    for name, module in BUILT_IN.items():
        if importlib.util.find_spec(module) is not None:
            out.append(name)
    return out


@lru_cache(maxsize=None)
def _load(name: str) -> Any:
    """The ``RULESET`` of a built-in name, or None (imported once: every encounter asks)."""
    module = BUILT_IN.get(name)
    if module is None or importlib.util.find_spec(module) is None:
        return None
    return importlib.import_module(module).RULESET


def get_ruleset(name: str, source: str = "", place: str = "ruleset") -> Any:
    """The ruleset called ``name``; an unknown name is an ``InputError`` naming ``source``."""
    got = _load(name) if isinstance(name, str) else None
    if got is None:
        known = ", ".join(available())
        raise InputError(source or "<arguments>", place, f"unknown ruleset {name!r}; known: {known}")
    return got


__all__ = ["DEFAULT", "BUILT_IN", "available", "get_ruleset"]
