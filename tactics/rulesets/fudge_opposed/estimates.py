"""The AI's estimates: exact odds from :mod:`.odds`, expected harm, progress to "out".

For an attack of skill ``a`` (with its modifiers) against a defence ``d``
the chance to win is the closed form with criticals; the expected harm
counts the critical's doubled Damage::

    E[hp lost] = (P(win) - 1/81) * max(0, D - Soak) + 1/81 * max(0, 2D - Soak)

(the ``++++`` throw always wins, so it is part of P(win)). ``Estimate.harm``
is the hit points lost when the action succeeds, ``progress`` the expected
hit points lost per use over those left (capped at 1). Manoeuvres win both
contests with the product of their odds and make no harm; their progress is
a fixed worth (a pin takes the target out of the fight while it lasts).

``Estimate.act`` is a plain dict ``{"action", "target", "weapon", "options"}``:
this package may not import the engine's ``Act``; the engine turns the dict
into one (the ruleset's ``act`` accepts both).
"""

from __future__ import annotations

from typing import Any

from tactics.rules.placed import Placed
from tactics.rules.protocol import Estimate

from . import conditions, group
from .attacks import identical, situation
from .manoeuvres import SECOND, wielded
from .odds import expected_shortfall, p_at_least, p_beats, p_critical
from .ranges import MELEE_USE, SHORT_RANGE_M, Use, weapon_use
from .state import melee_damage, memo_of, status, weapons
from .stealth import NOTICE_BONUS, takedown_damage

MANOEUVRE_WORTH: dict[str, float] = {"grapple": 0.5, "trip": 0.15, "shove": 0.1, "disarm": 0.25}
"""Progress toward taking the target out credited to a won manoeuvre (a heuristic for the AI)."""


def _act(action: str, target: str, weapon: str | None, **options: Any) -> dict[str, Any]:
    return {"action": action, "target": target, "weapon": weapon, "options": dict(options)}


def attack_odds(world: Any, me: Any, target: Any, use: Use) -> tuple[float, int, int]:
    """(P(win), attack total before dice, defence total before dice)."""
    mods, _ = situation(world, me, target, use)
    a = me.sheet.skill(use.skill) + sum(v for _, v in mods)
    rating, dmods = conditions.defence(status(target), use.defence, target.sheet.skill(use.defence),
                                       target.sheet.shield)
    d = rating + sum(v for _, v in dmods)
    return p_beats(a, d), a, d


def expected_harm(p_win: float, damage: int, soak: int) -> float:
    """Expected hit points lost per attack, criticals included."""
    pc = p_critical()
    return (p_win - pc) * max(0, damage - soak) + pc * max(0, 2 * damage - soak)


def takedown_estimate(world: Any, me: Any, target: Any, hp_left: int) -> list[Estimate]:
    """Before initiative, on a target not expecting the fight: Stealth against Perception + 2, then
    Strength × 4 + the best melee bonus (002 · Special Rules · Takedown)."""
    memo = memo_of(world)
    sched = memo.schedule
    if memo.initiative_rolled or status(target).get("expecting") or (sched is not None and target.id in sched.expecting):
        return []
    melee = [w for w in weapons(me) if not w.ranged]
    best = max(melee, key=lambda w: w.bonus)
    p = p_beats(me.sheet.skill("Stealth"), target.sheet.skill("Perception") + NOTICE_BONUS, crits=False)
    harm = takedown_damage(me.sheet.skill("Strength"), best.bonus)
    return [Estimate("takedown", best.name, p, float(harm), min(1.0, harm / hp_left),
                     _act("takedown", target.id, best.name), note="silent take-down before initiative")]


def estimates(world: Any, me: Any, target: Any) -> list[Estimate]:
    """Every attack and manoeuvre ``me`` could make on ``target`` from where it stands, best first."""
    out: list[Estimate] = []
    hp_left = max(1, target.tracks.get("hp", 1))
    distance = world.distance(me, target)
    n_same = len(identical(world, me))
    pooled = getattr(world.options, "group_attacks", True) and n_same >= group.MIN_FIGHTERS
    for w in weapons(me):
        use = weapon_use(w, distance)
        if isinstance(use, str):
            continue
        if use.skill == "Marksmanship" and not world.line_of_sight(me, target):
            continue
        action = "shoot" if w.ranged else "melee"
        p, a, d = attack_odds(world, me, target, use)
        damage = melee_damage(me, w)
        if pooled:
            kind = "fire" if use.skill == "Marksmanship" else "dogpile"
            attackers = min(group.MAX_ATTACKERS, n_same * group.weight(False, w.two_shots))
            difficulty = a + group.bonus(attackers)
            hits = expected_shortfall(d, difficulty, attackers)
            share = hits / n_same * max(0, damage - target.sheet.soak)
            p_any = 1.0 - float(p_at_least(d, difficulty))
            out.append(Estimate(action, w.name, p_any, share / p_any if p_any else 0.0, min(1.0, share / hp_left),
                                _act(action, target.id, w.name), note=f"{group.LABEL[kind]} share of {n_same}"))
            continue
        ev = expected_harm(p, damage, target.sheet.soak)
        if w.two_shots:
            ev *= 2
        harm_if = ev / p if p > 0 else 0.0
        out.append(Estimate(action, w.name, p, harm_if, min(1.0, ev / hp_left), _act(action, target.id, w.name)))
    if distance < SHORT_RANGE_M:
        p_open, _, _ = attack_odds(world, me, target, MELEE_USE)
        for action, (mine, theirs) in SECOND.items():
            if action == "grapple" and conditions.role(status(target)):
                continue
            if action == "disarm" and not wielded(target):
                continue
            p2 = p_beats(me.sheet.skill(mine), target.sheet.skill(theirs), crits=False)
            p = p_open * p2
            out.append(Estimate(action, None, p, 0.0, MANOEUVRE_WORTH[action], _act(action, target.id, None)))
        out += takedown_estimate(world, me, target, hp_left)
    out.sort(key=lambda e: e.value, reverse=True)
    return out


def estimates_at(world: Any, me: Any, target: Any, at: tuple[float, float, float]) -> list[Estimate]:
    """:func:`estimates` as if ``me`` stood at ``at`` (the end of a move): range, sight and the
    take-down's reach from there; nothing else of ``me`` changes."""
    return estimates(world, Placed(me, at), target)


__all__ = ["MANOEUVRE_WORTH", "attack_odds", "expected_harm", "estimates", "estimates_at", "Placed"]
