"""What every combat system shares: the ruleset protocol, rolls and harm as data, effects.

No time, no geometry: the engine asks, a ruleset answers. This package holds
the protocol (:mod:`.protocol`), the records every system writes
(:mod:`.records`: rolls, presentation), the closed set of effects
(:mod:`.effects`), the registry of systems (:mod:`.registry`) and rule
pieces several systems share (:mod:`.ranged`: range, darkness, charging).
Each system is a package of :mod:`tactics.rulesets`.

For scripts written before the seam, the Mano a Mano (000) names are still
answered here, imported from :mod:`tactics.rulesets.mano_a_mano` when first
asked for::

    >>> from tactics.rules import load_character, resolve_attack
    >>> steven = load_character("assets/characters/steven.toml")
    >>> clone = load_character("assets/characters/clone.toml")
    >>> resolve_attack(clone, "hands", "quick strike", steven, 14).damage
    1
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
from typing import Any

from .effects import EFFECT_TYPES, Attacked, Check, Effect, Fall, Harm, Note, Push, Refused, Status
from .plan import WAIT, Act, MoveTo, Plan
from .protocol import (
    ActionInfo,
    Budget,
    Estimate,
    FallOutcome,
    MoverSpec,
    Ruleset,
    Schedule,
    Turn,
    Unit,
    Window,
    World,
)
from .ranged import charge_bonus, darkness_difficulty, range_difficulty
from .records import Bar, Mod, Modifier, Presentation, Roll, Standing, StatusInfo, Track
from .registry import BUILT_IN, DEFAULT, available, get_ruleset

_MANO_A_MANO = "tactics.rulesets.mano_a_mano"
_MANO_MODULES = frozenset({"actions", "armor", "attack", "character", "falls", "health", "load", "movement",
                           "rolls", "sheet", "stances", "throws"})


class _OldModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """``import tactics.rules.armor`` (and the other 000 modules of the first releases) gives
    the module that now lives in :mod:`tactics.rulesets.mano_a_mano`. Consulted last, only for
    names no real module answers."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        head, _, tail = fullname.rpartition(".")
        if head == __name__ and tail in _MANO_MODULES:
            return importlib.util.spec_from_loader(fullname, self)
        return None

    def create_module(self, spec: Any) -> Any:
        return importlib.import_module(f"{_MANO_A_MANO}.{spec.name.rpartition('.')[2]}")

    def exec_module(self, module: Any) -> None:
        return None


if not any(isinstance(f, _OldModules) for f in sys.meta_path):
    sys.meta_path.append(_OldModules())


def __getattr__(name: str) -> Any:
    """The Mano a Mano (000) names and modules of the first releases (``tactics.rules.load_character``,
    ``tactics.rules.attack``...), from :mod:`tactics.rulesets.mano_a_mano`."""
    if name in _MANO_MODULES:
        return importlib.import_module(f"{_MANO_A_MANO}.{name}")
    if name in ("MANO_A_MANO", "RULESETS"):
        mam = importlib.import_module(_MANO_A_MANO)
        return mam.RULESET if name == "MANO_A_MANO" else {mam.RULESET.name: mam.RULESET}
    mam = importlib.import_module(_MANO_A_MANO)
    try:
        return getattr(mam, name)
    except AttributeError:
        raise AttributeError(f"module 'tactics.rules' has no attribute {name!r}") from None


__all__ = [
    "Attacked", "Check", "Effect", "EFFECT_TYPES", "Fall", "Harm", "Note", "Push", "Refused", "Status",
    "WAIT", "Act", "MoveTo", "Plan",
    "ActionInfo", "Budget", "Estimate", "FallOutcome", "MoverSpec", "Ruleset", "Schedule", "Turn", "Unit",
    "Window", "World",
    "charge_bonus", "darkness_difficulty", "range_difficulty",
    "Bar", "Mod", "Modifier", "Presentation", "Roll", "Standing", "StatusInfo", "Track",
    "BUILT_IN", "DEFAULT", "available", "get_ruleset",
]
