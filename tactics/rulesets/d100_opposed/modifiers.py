"""Modifiers to the attacker's and the defender's target numbers (003 · step 3).

The numbers are those of DECISIONS-d100 · Attacks and · Time and turns.
Each function returns modifiers as ``(source, value)`` pairs, the form a
:class:`~tactics.rules.records.Roll` records in ``target_mods``; a target
number is the sum of its pairs, the skill first::

    >>> range_band(1.5, Ranges(10, 30, 50, 100)), range_band(40, Ranges(10, 30, 50, 100))
    (('point-blank', 10), ('long range', -20))
    >>> range_band(101, Ranges(10, 30, 50, 100)) is None
    True
    >>> attack_mods(ranged=True, distance=40, ranges=Ranges(10, 30, 50, 100), light="dark",
    ...             target_prone=True, attacker_prone=False, aiming=True, running=False, wounds=1)
    [('long range', -20), ('darkness at the target', -20), ('prone target', -10), ('aimed', 10), ('wounds ×1', -10)]

The defender tests Fray, halved against ranged attacks, or in melee the
better of Fray and its melee skill (003 · step 2)::

    >>> defense_mods(("Fray", 45), ranged=True, full_defense=True, running=False, wounds=0)
    [('Fray', 45), ('half Fray at range', -23), ('full defense', 30)]
"""

from __future__ import annotations

from tactics.rulesets.d100_opposed.sheet import MELEE_SKILLS, Ranges, Sheet

Mod = tuple[str, int]

POINT_BLANK_M = 2.0
BANDS: tuple[tuple[str, str, int], ...] = (
    ("short", "short range", 0),
    ("medium", "medium range", -10),
    ("long", "long range", -20),
    ("extreme", "extreme range", -30),
)
POINT_BLANK = 10
LIGHT = {"bright": 0, "dim": -10, "dark": -20}
LIGHT_LABEL = {"dim": "dim light at the target", "dark": "darkness at the target"}
PRONE_TARGET_MELEE = 10
PRONE_TARGET_RANGED = -10
PRONE_ATTACKER_MELEE = -20
AIM = 10
RUNNING = -10
PER_WOUND = -10
FULL_DEFENSE = 30


def range_band(distance: float, ranges: Ranges) -> Mod | None:
    """The band of ``distance`` metres and its modifier; None beyond extreme (DECISIONS-d100 · Attacks)."""
    if distance <= POINT_BLANK_M and distance <= ranges.extreme:
        return ("point-blank", POINT_BLANK)
    for key, label, value in BANDS:
        if distance <= getattr(ranges, key):
            return (label, value)
    return None


def common_mods(running: bool, wounds: int) -> list[Mod]:
    """What weighs on every test of a fighter: running (−10) and −10 per wound."""
    out: list[Mod] = []
    if running:
        out.append(("running", RUNNING))
    if wounds:
        out.append((f"wounds ×{wounds}", PER_WOUND * wounds))
    return out


def attack_mods(*, ranged: bool, distance: float, ranges: Ranges | None, light: str, target_prone: bool,
                attacker_prone: bool, aiming: bool, running: bool, wounds: int) -> list[Mod]:
    """The attacker's modifiers after its skill (DECISIONS-d100 · Attacks); zeros are left out."""
    out: list[Mod] = []
    if ranged and ranges is not None:
        band = range_band(distance, ranges)
        if band is not None and band[1]:
            out.append(band)
    if LIGHT.get(light, 0):
        out.append((LIGHT_LABEL[light], LIGHT[light]))
    if target_prone:
        out.append(("prone target", PRONE_TARGET_RANGED if ranged else PRONE_TARGET_MELEE))
    if attacker_prone and not ranged:
        out.append(("prone attacker", PRONE_ATTACKER_MELEE))
    if aiming:
        out.append(("aimed", AIM))
    return out + common_mods(running, wounds)


def defense_skills(sheet: Sheet, ranged: bool) -> list[Mod]:
    """The skills a defender may test, best first (Fray first on a tie): Fray, and in melee
    Unarmed and, when the sheet rates it or carries a weapon for it, Melee; each as rated
    or defaulted (003 · step 2)."""
    options = [sheet.skill("Fray")]
    if not ranged:
        for name in MELEE_SKILLS:
            if name == "Unarmed" or name in sheet.skills or any(w.skill == name for w in sheet.weapons):
                options.append(sheet.skill(name))
    options.sort(key=lambda m: -m[1])
    return options


def defense_mods(skill: Mod, *, ranged: bool, full_defense: bool, running: bool, wounds: int) -> list[Mod]:
    """The defender's target as pairs: the skill, ⌊Fray / 2⌋ at range, full defense +30, then
    running and wounds (003 · step 2, DECISIONS-d100 · Attacks)."""
    out: list[Mod] = [skill]
    if ranged:
        out.append(("half Fray at range", skill[1] // 2 - skill[1]))
    if full_defense:
        out.append(("full defense", FULL_DEFENSE))
    return out + common_mods(running, wounds)


def total(mods: list[Mod]) -> int:
    """The target number a list of pairs makes."""
    return sum(v for _, v in mods)


__all__ = [
    "Mod", "POINT_BLANK_M", "BANDS", "LIGHT", "AIM", "RUNNING", "PER_WOUND", "FULL_DEFENSE",
    "PRONE_TARGET_MELEE", "PRONE_TARGET_RANGED", "PRONE_ATTACKER_MELEE",
    "range_band", "common_mods", "attack_mods", "defense_skills", "defense_mods", "total",
]
