"""Hiding and take-downs (002 · Actions · Hide, Sneak Attack; Special Rules · Takedown;
DECISIONS-fudge · Stealth).

Hide: one Stealth roll against the Perception roll of every able enemy (a
tie goes to the enemy); beating them all sets ``hidden``. A hidden fighter
cannot be targeted, and its next attack is a sneak attack (see
:func:`~.attacks.strike`): it hits whatever the dice say and is a critical
when the roll also beat the defence.

Take-down: only before initiative is rolled, under 2 m, against a fighter not
expecting the fight. The target rolls Perception + 2 against the attacker's
Stealth (a tie goes to the target, who defends); if the target wins, the
take-down becomes a sneak attack in the surprise round; otherwise it takes
Strength × 4 + the melee weapon's bonus, no Soak, no roll, no critical::

    # Strength 3 with a knife (+1): 3 × 4 + 1 = 13 hit points, Soak ignored
    >>> takedown_damage(3, 1)
    13
"""

from __future__ import annotations

from typing import Any

from tactics.rules.effects import Attacked, Check, Effect, Harm, Refused, Status

from . import conditions
from .attacks import strike
from .contest import Side, judge
from .ranges import MELEE_USE, SHORT_RANGE_M
from .state import Intent, find_weapon, memo_of, state_of, status

TAKEDOWN_STRENGTH = 4
"""Take-down Damage: Strength times this, plus the melee weapon's bonus."""

NOTICE_BONUS = 2
"""The target's last chance to notice: Perception + 2."""


def takedown_damage(strength: int, bonus: int) -> int:
    return strength * TAKEDOWN_STRENGTH + bonus


def enemies(world: Any, me: Any) -> list[Any]:
    return [u for u in world.units() if u.team != me.team and u.able]


def hide(world: Any, me: Any) -> list[Effect]:
    """One Stealth roll against each enemy's Perception."""
    mods = conditions.roll_mods(status(me), "Stealth")
    faces = world.dice.fudge(4)
    me_side = Side(me.id, "Stealth", me.sheet.skill("Stealth"), mods)
    effects: list[Effect] = []
    beaten = True
    for foe in enemies(world, me):
        foe_side = Side(foe.id, "Perception", foe.sheet.skill("Perception"),
                        conditions.roll_mods(status(foe), "Perception"))
        o = judge(me_side, faces, foe_side, world.dice.fudge(4), crits=False)
        effects.append(Check(me.id, f"hide from {foe.name}", o.roll))
        beaten = beaten and o.won
    effects.append(Status(me.id, {"hidden": beaten}))
    return effects


def takedown(world: Any, me: Any, target: Any, it: Intent) -> list[Effect]:
    """A silent take-down, or a sneak attack if the target notices."""
    if memo_of(world).initiative_rolled:
        return [Refused(me.id, "a take-down comes only before initiative is rolled")]
    if world.distance(me, target) >= SHORT_RANGE_M:
        return [Refused(me.id, f"a take-down reaches only under {SHORT_RANGE_M:g} m")]
    sched = memo_of(world).schedule
    if status(target).get("expecting") or (sched is not None and target.id in sched.expecting):
        return [Refused(me.id, f"{target.name} is expecting the fight")]
    weapon = find_weapon(me, it.weapon, ranged=False if it.weapon is None else None)
    if isinstance(weapon, str):
        return [Refused(me.id, weapon)]
    if weapon.ranged:
        return [Refused(me.id, "a take-down is made with a melee weapon or bare hands")]
    faces = world.dice.fudge(4)
    notice = judge(Side(me.id, "Stealth", me.sheet.skill("Stealth"), conditions.roll_mods(status(me), "Stealth")),
                   faces, Side(target.id, "Perception", target.sheet.skill("Perception"),
                               (("last chance to notice", NOTICE_BONUS),)),
                   world.dice.fudge(4), crits=False)
    effects: list[Effect] = [Check(me.id, f"take-down: {target.name} notices?", notice.roll)]
    if not notice.won:
        effects += strike(world, me, target, weapon, MELEE_USE, "sneak attack", sneak=True)
        effects.append(Status(me.id, {"hidden": False}))
        return effects
    strength = me.sheet.skill("Strength")
    harm = takedown_damage(strength, weapon.bonus)
    details = [("Strength x 4", strength * TAKEDOWN_STRENGTH), ("weapon bonus", weapon.bonus), ("Soak ignored", 0),
               ("harm", harm)]
    roll = notice.roll
    effects.append(Attacked(me.id, target.id, "takedown", weapon.name, roll, True, {"hp": -harm}, details,
                            distance=world.distance(me, target), light=world.light_at(target)))
    effects.append(Harm(target.id, {"hp": -harm}, f"take-down by {me.name}"))
    state_of(me).last_weapon = weapon.name
    return effects


__all__ = ["TAKEDOWN_STRENGTH", "NOTICE_BONUS", "takedown_damage", "enemies", "hide", "takedown"]
