"""Mano a Mano (000): the default combat system, with the rulings of DECISIONS.md.

The rules as pure functions and small immutable types (this package's
modules), and :data:`RULESET`, the object through which the engine asks
them (:mod:`.ruleset`). No time, no geometry: the engine asks, the rules
answer. Sources are cited in each function's docstring by file and heading
of ``../shared/rules`` (``000`` is the Action page); the rulings live in
``docs/rules.md``.

    >>> from tactics.rulesets.mano_a_mano import load_character, resolve_attack
    >>> steven = load_character("assets/characters/steven.toml")
    >>> clone = load_character("assets/characters/clone.toml")
    >>> resolve_attack(clone, "hands", "quick strike", steven, 14).damage
    1
"""

from __future__ import annotations

from .actions import (
    ACTIONS,
    KEEP_BALANCE_DIFFICULTY,
    OPENING_EVADE_BONUS,
    ActionSpec,
    get_action,
    acts_every,
    can_do,
    combo_size,
)
from .armor import ArmorZone, armor_effect, armor_zones
from .attack import AttackResult, RuleOptions, resolve_attack
from .character import Character, WeaponStats
from .falls import FALL_DIFFICULTY, FallResult, fall_severity, knockdown, resolve_fall
from .health import (
    heal_damage,
    healing_difficulty,
    health_state,
    recover_stun,
    rest,
    split_power,
)
from .load import character_from_dict, load_character
from .movement import (
    CARRYING_CAPACITY_KG,
    airspeed_after,
    ascend,
    can_ascend,
    carrying_capacity,
    climb_profile,
    descend,
    encumbrance,
    jump_needs_roll,
    max_ascent,
    max_jump,
    max_safe_descent,
    movement_per_turn,
)
from tactics.rules.ranged import charge_bonus, darkness_difficulty, range_difficulty
from .throws import throw_range
from .rolls import Modifier, RollResult, success, success_roll
from .sheet import Armor, Sheet, Weapon
from .stances import STANCE_TABLE, StanceEffect, stance_modifiers

__all__ = [
    "ACTIONS", "KEEP_BALANCE_DIFFICULTY", "OPENING_EVADE_BONUS", "ActionSpec", "get_action",
    "acts_every", "can_do", "combo_size",
    "ArmorZone", "armor_effect", "armor_zones",
    "AttackResult", "RuleOptions", "resolve_attack",
    "Character", "WeaponStats",
    "heal_damage", "healing_difficulty", "health_state", "recover_stun", "rest", "split_power",
    "character_from_dict", "load_character",
    "CARRYING_CAPACITY_KG", "airspeed_after", "ascend", "descend", "can_ascend", "carrying_capacity", "climb_profile",
    "encumbrance", "jump_needs_roll", "max_ascent", "max_jump", "max_safe_descent",
    "movement_per_turn",
    "charge_bonus", "darkness_difficulty", "range_difficulty", "throw_range",
    "Modifier", "RollResult", "success", "success_roll",
    "Armor", "Sheet", "Weapon",
    "FALL_DIFFICULTY", "FallResult", "fall_severity", "knockdown", "resolve_fall",
    "STANCE_TABLE", "StanceEffect", "stance_modifiers",
]
from .ruleset import RULESET, ManoAMano, Options
from .state import FighterState, TurnBudget

__all__ += ["RULESET", "ManoAMano", "Options", "FighterState", "TurnBudget"]
