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
