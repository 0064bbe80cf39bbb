"""The sneak: take-downs before initiative, hiding, sneak attacks (002 · Actions · Hide, Sneak
Attack; Special Rules · Takedown; Surprise!).

- **Before initiative** (the surprise round, for those expecting the fight):
  walk up to an unsuspecting enemy and take it down: it notices only if its
  Perception + 2 beats our Stealth (P = 1 − P(Stealth beats Perception + 2), no
  criticals); unnoticed, it takes Strength × 4 + the knife's bonus ignoring
  Soak, noticed it takes a sneak attack. The target whose expected harm, capped
  at its hit points, is highest wins (a point more for a likely kill): the
  chance comes once, so it goes to the fresh guard rather than the one a
  comrade already hurt. Nobody in reach: the turns that follow.
- **Hidden**: a sneak attack (it always hits; a critical when the roll also
  wins): the crossbow from 3–14 m with a line of sight, or the knife in reach,
  whichever is worth more.
- **Seen**: hide (one Stealth roll that must beat every enemy's Perception:
  P = the product) or attack. Over two turns hiding gives P(hide) × the sneak
  attack + (1 − P(hide)) × an attack, against two plain attacks, plus the harm
  it spares while nobody can target it: hide when that is more.
"""

from __future__ import annotations

from typing import Any

from tactics.ai.approach import HOLDING
from tactics.rulesets.fudge_opposed import conditions
from tactics.rulesets.fudge_opposed.odds import p_beats
from tactics.rulesets.fudge_opposed.ranges import SHORT_RANGE_M, weapon_use
from tactics.rulesets.fudge_opposed.state import melee_damage, status, weapons
from tactics.rulesets.fudge_opposed.stealth import NOTICE_BONUS, takedown_damage
from tactics.sim.plan import Act, Plan

from .common import FudgePolicy, before_initiative, close_in, focus, stand_off
from .odds import Option, attack_total, best, best_weapon, defence_total, explain, label, threat

SNEAK_LO_M, SNEAK_HI_M = 3.0, 14.0


def stealth(me: Any) -> int:
    return me.sheet.skill("Stealth") + sum(v for _, v in conditions.roll_mods(status(me), "Stealth"))


def p_hide(view: Any, me: Any) -> float:
    """P(one Stealth roll beats every enemy's Perception roll): each enemy rolls on its own."""
    p = 1.0
    s = stealth(me)
    for e in view.enemies():
        p *= float(p_beats(s, e.sheet.skill("Perception"), crits=False))
    return p


def sneak_harm(view: Any, me: Any, target: Any, w: Any, distance: float) -> float | None:
    """Expected hp of a sneak attack: a sure hit, doubled Damage when the roll also wins."""
    use = weapon_use(w, distance)
    if isinstance(use, str):
        return None
    p = float(p_beats(attack_total(view, me, target, use), defence_total(target, use.defence)))
    dmg, soak = melee_damage(me, w), target.sheet.soak
    return (1 - p) * max(0, dmg - soak) + p * max(0, 2 * dmg - soak)


class Sneak(FudgePolicy):
    """Take-downs before initiative, then hide and sneak-attack."""

    name = "sneak"

    def decide(self, view: Any, me: Any, enemies: list[Any]) -> Plan:
        if before_initiative(view):
            plan = self.takedown(view, me, enemies)
            if plan is not None:
                return plan
        if status(me).get("hidden"):
            return self.sneak_attack(view, me, enemies)
        return self.seen(view, me, enemies)

    def takedown(self, view: Any, me: Any, enemies: list[Any]) -> Plan | None:
        knife = max((w for w in weapons(me) if not w.ranged), key=lambda w: w.bonus)
        opts = []
        for e in enemies:
            if status(e).get("expecting"):
                continue
            got = close_in(view, me, e, enemies, stop=1.2)
            if got is None or not got[1]:
                continue
            p = float(p_beats(stealth(me), e.sheet.skill("Perception") + NOTICE_BONUS, crits=False))
            harm = takedown_damage(me.sheet.skill("Strength"), knife.bonus)
            hp = max(1, e.tracks.get("hp", 1))
            noticed = sneak_harm(view, me, e, knife, 1.0) or 0.0
            ev = p * min(harm, hp) + (1 - p) * min(noticed, hp)
            opts.append(Option(f"take-down ({knife.name}) on {label(view, e)}", got[0] + [Act("takedown", e.id, knife.name)],
                               p, ev, score=ev + p * (harm >= hp),
                               note=f"Stealth vs Perception + 2; {harm} hp, no Soak"))
        if not opts:
            return None
        choice = best(opts)
        return Plan(choice.steps, explain(choice, opts, "before initiative"))

    def sneak_attack(self, view: Any, me: Any, enemies: list[Any]) -> Plan:
        opts = []
        for e in enemies:
            hp = max(1, e.tracks.get("hp", 1))
            for w in weapons(me):
                if w.ranged:
                    got = stand_off(view, me, e, SNEAK_LO_M, SNEAK_HI_M)
                    if got is None:
                        continue
                    steps, at = got
                    d = ((at[0] - e.x) ** 2 + (at[1] - e.y) ** 2) ** 0.5
                    act = Act("shoot", e.id, w.name)
                else:
                    got = close_in(view, me, e, enemies)
                    if got is None or not got[1]:
                        continue
                    steps, d, act = got[0], 1.0, Act("melee", e.id, w.name)
                ev = sneak_harm(view, me, e, w, d)
                if ev is None:
                    continue
                opts.append(Option(f"sneak attack ({w.name}) on {label(view, e)}", steps + [act], 1.0, ev, score=min(ev, hp) / hp))
        if not opts:
            target = focus(view, me, enemies)
            got = close_in(view, me, target, enemies)
            if got is None:
                return Plan([], HOLDING)
            return Plan(got[0], f"hidden: creeping toward {label(view, target)}")
        choice = best(opts)
        return Plan(choice.steps, explain(choice, opts, "hidden"))

    def seen(self, view: Any, me: Any, enemies: list[Any]) -> Plan:
        opts = []
        for e in enemies:
            d = view.distance(me, e)
            if d >= SHORT_RANGE_M and not view.can_see(me, e):
                continue
            got = best_weapon(view, me, e, d)
            if got is not None:
                w, p, ev = got
                act = Act("shoot" if w.ranged else "melee", e.id, w.name)
                opts.append(Option(f"{act.action} ({w.name}) on {label(view, e)}", [act], p, ev,
                                   score=min(ev, e.tracks.get("hp", 1)) / max(1, e.tracks.get("hp", 1))))
        attack = best(opts) if opts else None
        ph = p_hide(view, me)
        plain = attack.value if attack else 0.0
        if attack is not None:
            target = next(e for e in enemies if e.id == attack.steps[-1].target)
            w = next(w for w in weapons(me) if w.name == attack.steps[-1].weapon)
            sneak = sneak_harm(view, me, target, w, max(view.distance(me, target), 1.0)) or 0.0
        else:
            sneak = 0.0
        spared = threat(view, me)
        hide_two = ph * (sneak + spared) + (1 - ph) * plain
        hide = Option("hide", [Act("hide")], ph, hide_two, score=hide_two - plain,
                      note=f"then a sneak attack ≈{sneak:.1f} hp, spares ≈{spared:.1f} hp")
        if attack is not None:
            attack.score = plain
            opts.append(hide)
            choice = best([attack, hide])
            return Plan(choice.steps, explain(choice, opts, "seen"))
        if ph > 0.2:
            return Plan([Act("hide")], explain(hide, [], "nothing in sight"))
        target = focus(view, me, enemies)
        got = close_in(view, me, target, enemies)
        if got is None:
            return Plan([], HOLDING)
        steps, arrives = got
        if arrives:
            return Plan(steps + [Act("melee", target.id)], f"closing on {label(view, target)}")
        return Plan(steps, f"running at {label(view, target)}")


__all__ = ["Sneak", "p_hide", "sneak_harm", "stealth"]
