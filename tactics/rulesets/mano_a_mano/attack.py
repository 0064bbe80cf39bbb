"""One attack, resolved from a natural d20 and the situation the engine gathered.

Sources: 000 · List of Actions (attacks and their defences), 000 · Armor,
000 · Health · Sharpness, 000 · Attacking (Charging, Random Damage, Critical
Hit), 000 · Grappling; DECISIONS.md "Dice and success".

Steven's counter in 000 · Combat Example: a powerful strike with the machete,
roll 14, against the clone's melee defense 12::

    >>> from tactics.rules import load_character
    >>> steven = load_character("assets/characters/steven.toml")
    >>> clone = load_character("assets/characters/clone.toml")
    >>> r = resolve_attack(steven, "machete", "powerful strike", clone, 14)
    >>> r.attack, r.difficulty, r.hit, r.power, r.damage, r.stun
    (4, 12, True, 10, 10, 0)

The engine passes what it knows about the moment as modifiers with sources:
stances, darkness, range, evading (``difficulty_mods``), aiming
(``attack_mods``), pieces of armor aimed around (``avoid_armor``), metres of
straight charge (``charge_m``). Mounts and vehicles fit the same call: a
ramming vehicle passes its own ``attack=`` modifier and its charge.
"""

from __future__ import annotations

import msgspec

from .actions import ACTIONS, ActionSpec
from .armor import armor_effect
from .character import Character
from .health import split_power
from tactics.rules.ranged import charge_bonus
from .rolls import Modifier
from .sheet import Weapon


class RuleOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The optional rules of 000 · Attacking, off by default (DECISIONS.md)."""

    random_damage: bool = False
    critical_hit: bool = False


#: 000 · Attacking · Random Damage: a double power attack needs this natural roll.
RANDOM_DAMAGE_MIN_ROLL = 13

_DEFAULT_OPTIONS = RuleOptions()


class AttackResult(msgspec.Struct, frozen=True):
    """Every number of one attack, for the replay's ``attack`` event.

    ``attack`` is the total modifier (``attack_mods`` summed), ``difficulty``
    the total of ``difficulty_mods``; ``power`` is before armor, ``absorbed``
    what armor took, ``damage`` and ``stun`` what landed (0 on a miss).
    """

    action: str
    weapon: str
    roll: int
    natural20: bool
    attack: int
    attack_mods: tuple[Modifier, ...]
    difficulty: int
    difficulty_mods: tuple[Modifier, ...]
    hit: bool
    power: int
    absorbed: int
    damage: int
    stun: int


def _defense_mod(defense: int | Modifier) -> Modifier:
    if type(defense) is Modifier:
        return defense
    return Modifier("defense", int(defense))


def resolve_attack(
    attacker: Character,
    weapon: Weapon | str | None,
    action: ActionSpec | str,
    defender: Character,
    roll: int,
    *,
    attack_mods: tuple[Modifier, ...] = (),
    difficulty_mods: tuple[Modifier, ...] = (),
    defense: int | Modifier | None = None,
    attack: Modifier | None = None,
    avoid_armor: tuple[str, ...] = (),
    charge_m: float = 0.0,
    power_mods: tuple[Modifier, ...] = (),
    in_water: bool = False,
    options: RuleOptions = _DEFAULT_OPTIONS,
) -> AttackResult:
    """Resolve one attack roll: hit or miss, and the damage and stun it does.

    * The base attack is the weapon's attack modifier (strikes, shots), the
      throw modifier (throws) or the grapple attack (grappling); ``attack=``
      replaces it. The action's own bonus (strategic +5, heave −5) follows.
    * The base difficulty is the defender's melee defense (strikes), missile
      defense (throws, shots) or grapple defense (grappling); ``defense=``
      replaces it (the defender's chosen weapon, a covering ally's defense + 5).
      Disarm adds +5; avoided armor adds its cover.
    * Power: the character's power with the weapon, doubled by double power
      actions (unless Random Damage and a natural roll under 13), plus the
      charge bonus and ``power_mods``; Critical Hit adds the weapon's power on
      a natural 20. Grappling without a weapon uses strength.
    * The best absorption left subtracts; sharpness splits the rest. A choke
      does only stun, at least 2 on a hit whatever the armor.
    * ``in_water``: strikes do half the stun (rounded down), the same damage
      (000 · Movement · Swimming); the swimming bonus to rolls is the
      engine's ``attack_mods`` / ``difficulty_mods``.
    """
    spec = ACTIONS[action] if type(action) is str else action
    kind = spec.kind
    if kind == "other":
        raise ValueError(f"{spec.name} is not an attack")
    if not 1 <= roll <= 20:
        raise ValueError(f"a d20 roll is 1 to 20, not {roll}")

    if weapon is None:
        if kind != "grapple":
            raise ValueError(f"{spec.name} needs a weapon")
        stats = None
        wname = ""
        base_power = attacker.strength
        sharpness = "blunt"
    else:
        stats = attacker.weapon_stats.get(weapon if type(weapon) is str else weapon.name)
        if stats is None:
            raise KeyError(f"{attacker.name} has no weapon {weapon!r}")
        w = stats.weapon
        wname = w.name
        if spec.weapons and w.kind not in spec.weapons:
            raise ValueError(f"{spec.name} cannot be done with a {w.kind} weapon ({wname})")
        base_power = stats.power
        sharpness = w.sharpness

    # attack modifier
    if attack is not None:
        base_att = attack
    elif kind == "strike" or kind == "shot":
        base_att = stats.attack_mod  # type: ignore[union-attr]
    elif kind == "throw":
        base_att = attacker.throw_mod
    else:
        base_att = attacker.grapple_attack_mod
    if spec.attack_bonus:
        mods = (base_att, Modifier(spec.name, spec.attack_bonus)) + tuple(attack_mods)
    else:
        mods = (base_att,) + tuple(attack_mods)
    att_total = 0
    for m in mods:
        att_total += m[1]

    # difficulty
    if defense is not None:
        base_def = _defense_mod(defense)
    elif kind == "strike":
        base_def = defender.melee_defense_mod
    elif kind == "grapple":
        base_def = defender.grapple_defense_mod
    else:
        base_def = defender.missile_defense_mod
    dmods = (base_def,) + tuple(difficulty_mods)
    if spec.difficulty_bonus:
        dmods += (Modifier(spec.name, spec.difficulty_bonus),)
    if avoid_armor:
        absorbed, extra = armor_effect(defender.armor_zones, avoid_armor)
        dmods += (Modifier("armor avoided", extra),)
    else:
        absorbed = defender.best_absorption
    diff_total = 0
    for m in dmods:
        diff_total += m[1]

    natural20 = roll == 20
    hit = natural20 or roll + att_total > diff_total
    if not hit or not spec.harms:
        return AttackResult(spec.name, wname, roll, natural20, att_total, mods, diff_total, dmods,
                            hit, 0, 0, 0, 0)

    # power
    power = base_power
    if spec.double_power and not (options.random_damage and roll < RANDOM_DAMAGE_MIN_ROLL):
        power += base_power
    if natural20 and options.critical_hit:
        power += base_power
    if charge_m > 5:
        power += charge_bonus(charge_m)
    for m in power_mods:
        power += m[1]

    if absorbed > power:
        absorbed = power if power > 0 else 0
    through = power - absorbed
    if spec.only_stun:
        damage, stun = 0, through
    else:
        damage, stun = split_power(through, spec.sharpness or sharpness)
    if in_water and kind == "strike":
        stun //= 2
    if stun < spec.min_stun:
        stun = spec.min_stun
    return AttackResult(spec.name, wname, roll, natural20, att_total, mods, diff_total, dmods,
                        hit, power, absorbed, damage, stun)
