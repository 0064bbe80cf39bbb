"""One attack from declaration to wounds, as effects (003 · steps 1-8).

:func:`prepare` gathers both target numbers from the fight as it stands
(the skill first, then every modifier, 003 · step 3); :func:`resolve` rolls
the opposed test and the damage and returns the effects. Issue #14's
example, a pistol (DV 9) at short range against Fray 40 behind kinetic
armor 4, with readings 37 and 61::

    d100 37 ≤ 55 ✓ MoS 37  vs  61 > 20 ✗  →  DV 9 +5 − armor 4 = 10 damage, 1 wound (WT 8)

records as ``Attacked(..., roll=Roll(dice="d100", faces=[37], total=37,
success=True, mode="under", target=55, vs=Roll(..., faces=[61], target=20,
target_mods=[("Fray", 40), ("half Fray at range", -20)]), margin=37,
tags=["excellent"]), details=[("DV", 9), ("MoS bonus", 5), ("armor", -4)])``,
then ``Harm({"damage": 10, "wounds": 1})`` and the wound's SOM × 3
``Check`` (a failure adds ``Status({"prone": True})``). See
``tests/rulesets/d100/test_ruleset.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

import msgspec

from tactics.rules.effects import Attacked, Check, Effect, Harm, Status
from tactics.rules.protocol import Unit, Window, World
from tactics.rules.records import Roll
from tactics.rulesets.d100_opposed.checks import TestResult, attack_hits, test
from tactics.rulesets.d100_opposed.damage import (
    FIGHTING, modified_dv, standing_for, wounds_from,
)
from tactics.rulesets.d100_opposed.modifiers import (
    Mod, attack_mods, common_mods, defense_mods, defense_skills, total,
)
from tactics.rulesets.d100_opposed.sheet import Weapon
from tactics.rulesets.d100_opposed.state import FighterState, Options

DEFENSE_WINDOW = "defense skill"
WOUND_TEST = "wound: SOM × 3"


@dataclass(frozen=True, slots=True)
class Setup:
    """Both sides' target numbers as pairs, before any die is rolled."""

    action: str
    weapon: Weapon
    ranged: bool
    distance: float
    light: str
    attack: list[Mod]
    defense: list[Mod] | None
    """None: the defender makes no test (surprised or unable)."""
    armor: int

    @property
    def attack_target(self) -> int:
        return total(self.attack)

    @property
    def defense_target(self) -> int | None:
        return None if self.defense is None else total(self.defense)


def state_of(unit: Unit) -> FighterState:
    st = unit.state
    return st if isinstance(st, FighterState) else FighterState()


def wounds_of(unit: Unit) -> int:
    return int(unit.tracks.get("wounds", 0))


def defenceless(unit: Unit) -> bool:
    """No defence test: surprised until its first phase, or no longer able (003 · step 2)."""
    return (bool(unit.surprised) and not state_of(unit).acted) or not unit.able


def defense_window(world: World, me: Unit, target: Unit, action: str) -> Window | None:
    """The defender's choice of skill against a melee attack (None when it has no choice)."""
    if action != "melee attack" or defenceless(target):
        return None
    skills = defense_skills(target.sheet, ranged=False)
    if len(skills) < 2:
        return None
    names = tuple(label.split(" (")[0] for label, _ in skills)
    return Window(kind=DEFENSE_WINDOW, reactor=target.id, actor=me.id, action=action, options=names,
                  default=names[0])


def prepare(world: World, me: Unit, target: Unit, weapon: Weapon, defense_skill: str | None = None) -> Setup:
    """Both target numbers (003 · steps 2-3); ``defense_skill`` None: the defender's best."""
    ranged = not weapon.melee
    distance = world.distance(me, target)
    light = world.light_at(target)
    mine = state_of(me)
    attack = [me.sheet.skill(weapon.skill)] + attack_mods(
        ranged=ranged, distance=distance, ranges=weapon.range, light=light, target_prone=bool(target.prone),
        attacker_prone=bool(me.prone), aiming=mine.aiming, running=mine.running, wounds=wounds_of(me))
    defense: list[Mod] | None = None
    if not defenceless(target):
        skills = defense_skills(target.sheet, ranged)
        chosen = skills[0]
        if defense_skill is not None:
            for label, value in skills:
                if label.split(" (")[0] == defense_skill:
                    chosen = (label, value)
        theirs = state_of(target)
        defense = defense_mods(chosen, ranged=ranged, full_defense=theirs.full_defense,
                               running=theirs.running, wounds=wounds_of(target))
    return Setup(
        action="ranged attack" if ranged else "melee attack", weapon=weapon, ranged=ranged, distance=distance,
        light=light, attack=attack, defense=defense, armor=target.sheet.armor.against(weapon.kind),
    )


def d100_roll(t: TestResult, mods: list[Mod], vs: Roll | None = None, vs_who: str | None = None,
              attack: bool = False) -> Roll:
    """The record of one percentile test (mode ``under``, margin = MoS on a success); an attack's
    record also tags an excellent success, the one place it changes a number."""
    tags = t.tags + (["excellent"] if attack and t.excellent else [])
    return Roll(dice="d100", faces=[t.reading], total=t.reading, success=t.success, mode="under", target=t.target,
                target_mods=list(mods), vs=vs, vs_who=vs_who, margin=t.mos, tags=tags)


def resolve(world: World, me: Unit, target: Unit, setup: Setup, options: Options) -> list[Effect]:
    """Roll the opposed test, the DV and the wounds tests; the effects in order (003 · steps 4-8)."""
    dice = world.dice
    att = test(dice.d100(), setup.attack_target)
    dfn: TestResult | None = None
    vs: Roll | None = None
    tags: list[str] = []
    if setup.defense is not None:
        dfn = test(dice.d100(), total(setup.defense))
        vs = d100_roll(dfn, setup.defense)
    else:
        tags.append("no defence test")
    hit = attack_hits(att, dfn)
    roll = d100_roll(att, setup.attack, vs=vs, vs_who=target.id, attack=True)
    if tags:
        roll = msgspec.structs.replace(roll, tags=roll.tags + tags)
    effects: list[Effect] = []
    harm: dict[str, int] = {}
    details: list[Mod] = []
    follow: list[Effect] = []
    if hit:
        faces, dv = setup.weapon.damage.roll(dice)
        damage, details = modified_dv(dv, att.mos, setup.armor, setup.weapon.ap, att.critical_success)
        if faces:   # the dice behind the DV, for the log: ("DV 1d10+3: 6", 9)
            details[0] = (f"DV {setup.weapon.damage.text}: {'+'.join(map(str, faces))}", dv)
        if damage > 0:
            sheet = target.sheet
            wounds = wounds_from(damage, sheet.wound_threshold_value)
            harm = {"damage": damage, "wounds": wounds}
            follow.append(Harm(target.id, dict(harm), f"{setup.action} by {me.name}"))
            after = int(target.tracks.get("damage", 0)) + damage
            still = standing_for(after, sheet.durability, sheet.death_rating_value) == FIGHTING
            if wounds and options.wound_tests and still:
                follow.extend(wound_tests(world, target, wounds))
    effects.append(Attacked(me.id, target.id, setup.action, setup.weapon.name, roll, hit, harm=harm,
                            details=details, distance=round(setup.distance, 2), light=setup.light))
    effects.extend(follow)
    mine = state_of(me)
    if mine.aiming:
        mine.aiming = False
        changes = mine.status_changes()
        if changes:
            effects.append(Status(me.id, changes))
    return effects


def wound_tests(world: World, unit: Unit, wounds: int) -> list[Effect]:
    """One SOM × 3 test per new wound; the first failure knocks the fighter prone.

    The new wounds do not weigh on their own tests; the ones it had before do
    (ruling, docs/rules-d100.md), as does running.
    """
    mods: list[Mod] = [("SOM × 3", 3 * unit.sheet.aptitudes.SOM)]
    mods += common_mods(state_of(unit).running, wounds_of(unit))
    out: list[Effect] = []
    prone = bool(unit.prone)
    for _ in range(wounds):
        t = test(world.dice.d100(), total(mods))
        out.append(Check(unit.id, WOUND_TEST, d100_roll(t, mods)))
        if not t.success and not prone:
            prone = True
            out.append(Status(unit.id, {"prone": True}))
    return out


__all__ = ["Setup", "DEFENSE_WINDOW", "WOUND_TEST", "defense_window", "prepare", "resolve", "wound_tests",
           "d100_roll", "defenceless", "state_of"]
