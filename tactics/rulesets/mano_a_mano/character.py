"""A character: a sheet with every derived value computed once.

Source: DECISIONS.md "Character sheets and derived stats" (from
``mam-supplement.md`` §2). Steven of 000 · Combat Example::

    >>> from tactics.rules.sheet import Sheet, Weapon
    >>> steven = Character.from_sheet(Sheet(
    ...     name="Steven", speed=1, agility=0, strength=3, toughness=7, running=5, mass=95,
    ...     abilities={"unarmed combat": 2, "one-handed weapons": 4},
    ...     weapons=[Weapon("hands", "natural", count=2),
    ...              Weapon("machete", "hand", power=5, sharpness="sharp", heft=3, mass=0.5)]))
    >>> m = steven.weapon("machete")
    >>> steven.power_with(m), steven.attack_with(m), steven.defense_with(m)
    (5, 4, 14)
    >>> steven.melee_defense, steven.missile_defense, steven.grapple_attack, steven.grapple_defense
    (14, 10, 3, 13)

A :class:`Character` is frozen; the engine keeps stun, damage, stance and
position in its own state. Everything :func:`~tactics.rules.attack.resolve_attack`
needs is precomputed here so the hot path only looks things up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

import msgspec

from .armor import ArmorZone, armor_zones
from .movement import carrying_capacity as _cc_table
from .movement import encumbrance as _encumbrance
from .rolls import Modifier
from .sheet import Armor, Sheet, Weapon


class WeaponStats(NamedTuple):
    """A weapon in one character's hands: its derived numbers."""

    weapon: Weapon
    attack: int
    defense: int | None
    power: int
    attack_mod: Modifier


@dataclass(frozen=True, slots=True, eq=False)
class Character:
    """The derived, immutable view of a :class:`Sheet` (see module docstring)."""

    sheet: Sheet
    name: str
    speed: float
    agility: int
    strength: int
    toughness: int
    stamina: int
    running: int
    swimming: int
    airspeed: int
    mass: float
    height: float
    abilities: dict[str, int]
    qualities: frozenset[str]
    blind: bool
    """``"blind"`` among the qualities (darkness costs it nothing: 000 · Attacking in the Dark), read on every attack."""
    weapons: tuple[Weapon, ...]
    armor: tuple[Armor, ...]
    armor_zones: tuple[ArmorZone, ...]
    best_absorption: int
    total_cover: int
    melee_defense: int
    missile_defense: int
    grapple_attack: int
    grapple_defense: int
    throw_modifier: int
    carrying_capacity: float
    carried_mass: float
    encumbrance: str
    """``"none"``, ``"encumbered"`` or ``"immobile"`` for the carried mass (000 · Movement · Encumbrance)."""
    weapon_stats: dict[str, WeaponStats] = field(repr=False)
    # ready-made modifiers for the attack hot path
    melee_defense_mod: Modifier = field(repr=False)
    missile_defense_mod: Modifier = field(repr=False)
    grapple_attack_mod: Modifier = field(repr=False)
    grapple_defense_mod: Modifier = field(repr=False)
    throw_mod: Modifier = field(repr=False)

    # --- construction -------------------------------------------------------

    @classmethod
    def from_sheet(cls, sheet: Sheet) -> Character:
        """Compute every derived value of ``sheet`` (overrides on the sheet win)."""
        abilities = dict(sheet.abilities)
        agility, strength = sheet.agility, sheet.strength

        def ab(name: str) -> int:
            return abilities.get(name, 0)

        stats: dict[str, WeaponStats] = {}
        for w in sheet.weapons:
            skill = ab(w.ability_name)
            if w.kind == "natural":
                attack = agility + skill + w.offense
                defense: int | None = 10 + agility + skill
                power = strength + w.leverage
            elif w.kind == "hand":
                attack = agility + skill + w.offense
                defense = 10 + agility + skill
                power = max(strength, w.power)
            elif w.kind == "thrown":
                attack = ab("throwing") + agility
                defense = None
                power = max(strength, w.power)
            else:  # bow, gun
                attack = skill
                defense = None
                power = w.power
            if w.attack is not None:
                attack = w.attack
            if w.defense is not None:
                defense = w.defense
            stats[w.name] = WeaponStats(w, attack, defense, power, Modifier(f"{w.name} attack", attack))

        defenses = [s.defense for s in stats.values() if s.defense is not None]
        melee = sheet.melee_defense if sheet.melee_defense is not None else max(defenses, default=10 + agility)
        missile = sheet.missile_defense if sheet.missile_defense is not None else 10 + agility
        g_att = sheet.grapple_attack if sheet.grapple_attack is not None else ab("grapple") + agility + strength
        g_def = sheet.grapple_defense if sheet.grapple_defense is not None else g_att + 10
        stamina = sheet.stamina if sheet.stamina is not None else 2 * sheet.toughness
        zones = armor_zones([(a.name, a.cover, a.complete, a.absorption, a.over) for a in sheet.armor])
        carried = sheet.gear_mass + sum(w.mass * w.count for w in sheet.weapons) + sum(a.mass for a in sheet.armor)
        throw = ab("throwing") + agility
        return cls(
            sheet=sheet,
            name=sheet.name,
            speed=float(sheet.speed),
            agility=agility,
            strength=strength,
            toughness=sheet.toughness,
            stamina=stamina,
            running=sheet.running,
            swimming=sheet.swimming,
            airspeed=sheet.airspeed,
            mass=float(sheet.mass),
            height=float(sheet.height),
            abilities=abilities,
            qualities=frozenset(sheet.qualities),
            blind="blind" in sheet.qualities,
            weapons=tuple(sheet.weapons),
            armor=tuple(sheet.armor),
            armor_zones=zones,
            best_absorption=max((z.absorption for z in zones), default=0),
            total_cover=sum(z.cover for z in zones),
            melee_defense=melee,
            missile_defense=missile,
            grapple_attack=g_att,
            grapple_defense=g_def,
            throw_modifier=throw,
            carrying_capacity=_cc_table(strength),
            carried_mass=round(float(carried), 6),
            encumbrance=_encumbrance(round(float(carried), 6), _cc_table(strength)),
            weapon_stats=stats,
            melee_defense_mod=Modifier("melee defense", melee),
            missile_defense_mod=Modifier("missile defense", missile),
            grapple_attack_mod=Modifier("grapple attack", g_att),
            grapple_defense_mod=Modifier("grapple defense", g_def),
            throw_mod=Modifier("throw modifier", throw),
        )

    # --- look-ups ------------------------------------------------------------

    def ability(self, name: str) -> int:
        """The ability's modifier, 0 when the sheet does not list it."""
        return self.abilities.get(name, 0)

    def weapon(self, name: str) -> Weapon:
        """The weapon called ``name`` (``KeyError`` naming the choices if absent)."""
        try:
            return self.weapon_stats[name].weapon
        except KeyError:
            raise KeyError(f"{self.name} has no weapon {name!r}; has {sorted(self.weapon_stats)}") from None

    def _stats(self, weapon: Weapon | str) -> WeaponStats:
        name = weapon if isinstance(weapon, str) else weapon.name
        try:
            return self.weapon_stats[name]
        except KeyError:
            raise KeyError(f"{self.name} has no weapon {name!r}; has {sorted(self.weapon_stats)}") from None

    def attack_with(self, weapon: Weapon | str) -> int:
        """Attack modifier with ``weapon`` (the throw modifier for thrown weapons)."""
        return self._stats(weapon).attack

    def defense_with(self, weapon: Weapon | str) -> int | None:
        """Defense with ``weapon``; ``None`` for weapons that cannot parry (bows, guns, thrown)."""
        return self._stats(weapon).defense

    def power_with(self, weapon: Weapon | str) -> int:
        """Power with ``weapon`` before any doubling."""
        return self._stats(weapon).power

    def unwieldy(self, weapon: Weapon | str) -> bool:
        """Heft above strength makes a weapon unwieldy (supplement §6, Heft)."""
        return self._stats(weapon).weapon.heft > self.strength

    def can_draw(self, bow: Weapon | str) -> bool:
        """A bow of heft at least twice the strength cannot be drawn. (000 · Archery · draw)"""
        return self._stats(bow).weapon.heft < 2 * self.strength

    # --- equality and round trip ---------------------------------------------

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Character) and self.sheet == other.sheet

    def __hash__(self) -> int:
        return hash(self.sheet.name)

    def to_dict(self) -> dict[str, Any]:
        """The sheet as plain JSON-able data; :func:`character_from_dict` rebuilds it."""
        return msgspec.to_builtins(self.sheet)
