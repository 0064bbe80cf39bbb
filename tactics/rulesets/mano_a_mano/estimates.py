"""What the generic AI asks Mano a Mano: is an action allowed now, and what would an attack do?

The odds follow the rules exactly (DECISIONS · Dice and success): an attack
hits when ``d20 + attack > difficulty``, a natural 20 always hits::

    >>> hit_chance(4, 12), hit_chance(0, 30)
    (0.6, 0.05)

:func:`estimates` lists the plain attacks a fighter could make on a target
from where it stands (quick strike within reach; a shot or throw within
range and sight), with the range and darkness the engine would add, best
first by expected progress. Stances, armor aimed around and charges are left
to the policies of ``tactics/ai/mano_a_mano`` that weigh them.
"""

from __future__ import annotations

import math
from typing import Any

from tactics.rules.plan import Act
from tactics.rules.protocol import Estimate
from tactics.rules.ranged import darkness_difficulty, range_difficulty
from tactics.rules.records import Modifier

from .actions import ACTIONS
from .attack import RuleOptions, resolve_attack
from .resolve import COVER_REACH_M, DARKNESS_KIND, MELEE_REACH_M, MELEE_REACH_UP_M, STRATEGIC, allowed, max_range, posture
from .taken import armed_sheet
from .vehicles import RAM, ram_refusal

STUN_WEIGHT = 0.6
"""Stun is worth less than damage: it wears off a point a turn (000 · Rounds)."""
_PLAIN = RuleOptions()


def hit_chance(attack: float, difficulty: float) -> float:
    """P(d20 + attack > difficulty); a natural 20 always succeeds (DECISIONS · Dice)."""
    need = math.floor(difficulty - attack) + 1
    return max(1, min(20, 21 - max(need, 1))) / 20.0


def _reaches(world: Any, c: Any, target: Any, action: str, weapon: Any) -> bool:
    if ACTIONS[action].kind in ("strike", "grapple"):
        return world.flat_distance(c, target) <= MELEE_REACH_M and abs(c.z - target.z) <= MELEE_REACH_UP_M
    r = max_range(c, weapon, action)
    return r > 0 and world.distance(c, target) <= r and world.line_of_sight(c, target)


_AT_RESOLUTION = frozenset({"prepare counter", "delay"})
"""Actions :func:`.resolve.act` checks where the turn's budget is known (:func:`refusal` says None)."""


def refusal(world: Any, c: Any, act: Any) -> str | None:
    """Why ``act`` would be refused now, or None (the checks of :func:`.resolve.act` that do not roll)."""
    name = act.action
    spec = ACTIONS.get(name)
    if spec is None:  # (a ram is no action of the catalogue: the vehicles' own checks)
        return ram_refusal(world, c, act) if name == RAM else f"unknown action {name!r}"
    kind = spec.kind
    if kind == "other" and name in _AT_RESOLUTION:
        return None
    ch = c.sheet
    st = c.state
    weapon = None
    if act.weapon:
        held = ch.weapon_stats.get(act.weapon)  # ch.weapon(), without its KeyError on the common path
        if held is None:
            if act.weapon not in st.taken:
                return f"{c.name} has no weapon {act.weapon!r}"
            ch = armed_sheet(c)  # a weapon it took by a disarm, as resolve.act finds it
            held = ch.weapon_stats[act.weapon]
        weapon = held.weapon
        if weapon.name in st.out_of_hand and name != "ready weapon":
            return f"{name}: {weapon.name} is not in hand"
    if st.aim_bonus and name in STRATEGIC:
        return f"{name} cannot be done while aiming"
    unwieldy = weapon is not None and weapon.heft > ch.strength  # ch.unwieldy(weapon)
    ok, why = allowed(name, c.standing, "on_the_ground" if c.prone else "standing", c.partner is not None,
                      ch.encumbrance != "none", unwieldy)
    if not ok:
        return f"{name}: {why}"
    if kind == "other":
        return _other_refusal(world, c, act, spec, weapon)
    target = world.unit(act.target or "")
    if target is None or not target.able:
        return f"{name}: no able target {act.target!r}"
    if weapon is None:
        return None
    if kind in ("strike", "grapple"):  # _reaches, hand to hand
        if math.hypot(c.x - target.x, c.y - target.y) <= MELEE_REACH_M and abs(c.z - target.z) <= MELEE_REACH_UP_M:
            return None
        return f"{name}: {target.name} is out of reach"
    if not _reaches(world, c, target, name, weapon):
        return f"{name}: {target.name} is out of reach"
    return None


def _plain_attacks(c: Any) -> list[tuple[str, Any]]:
    st = c.state
    out = []
    for w in c.sheet.weapons:
        if w.name in st.out_of_hand:
            continue
        if w.kind in ("natural", "hand"):
            out.append(("quick strike", w))
        elif w.kind == "thrown" and w.name not in st.spent:
            out.append(("quick throw", w))
        elif w.kind == "bow":
            out.append(("quick shot" if st.drawn == w.name else "draw and fire", w))
        elif w.kind == "gun" and st.shots_left.get(w.name, 1) > 0:
            out.append(("quick shot", w))
    return out


def estimates(world: Any, c: Any, target: Any) -> list[Estimate]:
    """The plain attacks ``c`` could make on ``target`` now, best first."""
    out = []
    ch, tch = c.sheet, target.sheet
    t = target.tracks
    left = max(1, tch.stamina - t["damage"] - t["stun"])
    light = world.light_at(target)
    for action, w in _plain_attacks(c):
        spec = ACTIONS[action]
        if not allowed(action, c.standing, posture(c), c.partner is not None, ch.encumbrance != "none",
                       bool(ch.unwieldy(w)))[0]:
            continue
        if not _reaches(world, c, target, action, w):
            continue
        dmods = []
        if spec.kind in ("throw", "shot"):
            rd = range_difficulty(world.distance(c, target), max_range(c, w, action))
            if rd:
                dmods.append(Modifier("range", rd))
        if not ch.blind:
            dd = darkness_difficulty(light, DARKNESS_KIND[spec.kind])
            if dd:
                dmods.append(Modifier(light, dd))
        res = resolve_attack(ch, w, spec, tch, 20, difficulty_mods=tuple(dmods), options=_PLAIN)
        p = hit_chance(res.attack, res.difficulty)
        harm = res.damage + STUN_WEIGHT * res.stun
        out.append(Estimate(action, w.name, p, harm, min(1.0, harm / left), Act(action, target=target.id, weapon=w.name),
                            f"{action} with {w.name}: {p:.0%} for {harm:.1f}"))
    out.sort(key=lambda e: -e.value)
    return out


def _other_refusal(world: Any, c: Any, act: Any, spec: Any, weapon: Any) -> str | None:
    """The checks of :func:`.resolve._other` that do not roll (let go, cover, ready weapon, load)."""
    st = c.state
    if spec.name == "let go" and c.partner is None:
        return "let go: not grappling"
    if spec.name == "cover":
        ally = world.unit(act.target or "")
        if ally is None or ally.id == c.id or ally.team != c.team or not ally.able:
            return f"cover: no ally {act.target!r} to cover"
        if world.distance(c, ally) > COVER_REACH_M + 1e-9:
            return f"cover: {ally.name} is beyond {COVER_REACH_M:.0f} m"
    if spec.name == "ready weapon":
        if weapon is None and "dropped" not in st.out_of_hand.values():
            return "ready weapon: nothing to ready"
        if weapon is not None and st.out_of_hand.get(weapon.name) == "taken":
            return f"ready weapon: {weapon.name} was taken"
    if spec.name == "load" and weapon is not None and weapon.kind == "gun":
        if st.shots_left.get(weapon.name, 0) >= max(weapon.shots, 1):
            return f"load: {weapon.name} is already loaded"
    return None
