"""How far a thrown weapon flies (000 · List of Actions · Thrown Weapon Attacks).

    >>> from tactics.rulesets.mano_a_mano.load import load_character
    >>> throw_range(load_character("assets/characters/spear_thrower.toml"), "javelin", "quick throw") > 0
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import ActionSpec, get_action

if TYPE_CHECKING:
    from .character import Character
    from .sheet import Weapon


def throw_range(character: Character, weapon: Weapon | str, action: str | ActionSpec) -> float:
    """Maximum range in metres of a throw. (000 · List of Actions · Thrown Weapon Attacks)

    Quick throw and heave: throwing ability + (strength − heft); powerful
    throw: twice that. Unwieldy weapons (heft above strength) can only be
    heaved (``ValueError`` otherwise). Ruling: never below 0 m; a range of
    0 m still reaches an adjacent target.
    """
    spec = get_action(action)
    w = character.weapon(weapon) if isinstance(weapon, str) else weapon
    if spec.kind != "throw":
        raise ValueError(f"{spec.name} is not a throw")
    if spec.name != "heave" and w.heft > character.strength:
        raise ValueError(f"{w.name} is unwieldy for {character.name}: it can only be heaved")
    base = max(character.ability("throwing") + character.strength - w.heft, 0)
    return float(2 * base if spec.name == "powerful throw" else base)
