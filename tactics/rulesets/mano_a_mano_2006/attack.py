"""One attack or manipulation, from the points spent to the harm taken, as effects
(001 · Hit Points; 001 · Interfering; 001 · Manipulation; 001 · Armor and Weapons;
001 · Combat Example; DECISIONS-2006 · Attacks and defense, Manipulation).

The steps, in the order the seed's example walks them (step 3 and step 5):

1. the attacker spends ready points: to the modifier (into defense) and to
   power or manipulation (into other), at least one in all;
2. the target, if it has ready points and is not surprised, answers a
   ``defend`` window (points into defense, a parry or a counter), and each of
   its allies within reach of the attacker an ``interfere`` window;
3. the dice: the attacker's d6, the target's d6, then one per interferer;
4. the target's harm (stun and damage from ready, then defense, then other),
   or the manipulation's effect; then a counter's harm on the attacker.

:func:`points_of` reads the plan's parameters from ``act.options``; without
them the ready points are shared, the modifier taking the smaller half::

    >>> points_of("attack", {"modifier": 2, "power": 4}, 6)
    {'modifier': 2, 'power': 4, 'manipulation': 0}
    >>> points_of("attack", None, 5), points_of("hold", None, 3)
    ({'modifier': 2, 'power': 3, 'manipulation': 0}, {'modifier': 1, 'power': 0, 'manipulation': 2})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactics.rules import charge_bonus, darkness_difficulty, range_difficulty
from tactics.rules.effects import Attacked, Check, Refused, Status
from tactics.rules.records import Mod, Roll

from .contest import FAILURE, SUCCESS, critical_bonus, double_applies, halve, opposed_roll, result_of
from .defending import EVASION_BONUS, OPENING_EVASION_BONUS, counter_outcome
from .fighters import (DARK_KIND, attack_kind, best_defense, opening_evade, options_of, position_mods,
                       roll_penalties, sheet_of, state_of, weapon_in_hand, weapons_in_hand)
from . import landed
from .harm import BLUNT_SHARPNESS, armor_block, attack_harm
from .ledger import Ledger
from .manipulation import (MANIPULATIONS, MISSILE_ALLOWED, choke_split, manipulation_modifier,
                           missile_manipulation, surplus, throw_position)
from .reacting import Reaction, defend_window, interfere_window, read_defend, read_interfere
from .state import Hold

REACH_SLACK_M = 0.05


def points_of(action: str, options: Mapping[str, Any] | None, ready: int) -> dict[str, int]:
    """``modifier``, ``power`` and ``manipulation`` points of a plan (missing ones 0 when any is given)."""
    o = options if type(options) is dict else dict(options or {})
    if "modifier" in o or "power" in o or "manipulation" in o:
        get = o.get
        return {"modifier": max(0, int(get("modifier", 0))), "power": max(0, int(get("power", 0))),
                "manipulation": max(0, int(get("manipulation", 0)))}
    modifier = ready // 2
    rest = ready - modifier
    if action in ("attack", "shoot", "defend", "choke", "wrench"):
        return {"modifier": modifier, "power": rest, "manipulation": 0}
    return {"modifier": modifier, "power": 0, "manipulation": rest}


def within(world: Any, a: Any, b: Any, weapon: Any) -> bool:
    """Whether ``b`` is within ``a``'s reach (hand to hand) or range and sight (missiles)."""
    d = world.distance(a, b)
    if weapon.is_missile:
        return d <= max(weapon.range, weapon.reach) + REACH_SLACK_M and world.line_of_sight(a, b)
    return d <= weapon.reach + REACH_SLACK_M


def refusal(world: Any, me: Any, act: Any, ready: int) -> str | None:
    """Why this attack or manipulation cannot be made now (None: it can)."""
    return _checked(world, me, act, ready)[0]


_NOT = (None, None, None, 0.0)


def _checked(world: Any, me: Any, act: Any, ready: int
             ) -> tuple[str | None, Any, Any, dict[str, int] | None, float]:
    """``(refusal, target, weapon, points, distance)``: :func:`refusal` and what it read, for
    :func:`resolve` (the distance :func:`within` measured, which nothing moves before the blow)."""
    action = act.action
    target_id = getattr(act, "target", None)
    if target_id is None:
        return (f"{action} needs a target", *_NOT)
    if target_id == me.id:
        return (f"{action} needs someone else as its target", *_NOT)
    target = world.unit(target_id)
    w = weapon_in_hand(me, getattr(act, "weapon", None))
    if w is None:
        return (f"{sheet_of(me).name} does not hold {getattr(act, 'weapon', None)!r}", *_NOT)
    missile = w.is_missile
    if missile and action in MANIPULATIONS and action not in MISSILE_ALLOWED:
        return (f"a missile weapon cannot {action} (001 · Manipulation with Missile Weapons)", *_NOT)
    pts = points_of(action, getattr(act, "options", None), ready)
    total = pts["modifier"] + pts["power"] + pts["manipulation"]
    if total < 1:
        return ("an attack spends at least one point", *_NOT)
    if total > ready:
        return (f"{total} points asked, {ready} ready", *_NOT)
    d = world.distance(me, target)      # within(), with the distance kept
    if not (d <= max(w.range, w.reach) + REACH_SLACK_M and world.line_of_sight(me, target) if missile
            else d <= w.reach + REACH_SLACK_M):
        return (f"{target.name} is out of reach of {w.name}", *_NOT)
    return None, target, w, pts, d


def _round_end(world: Any, rounds_after: int) -> float:
    rs = getattr(world, "round_seconds", 1.0) or 1.0
    return (int(world.now // rs) + 1 + rounds_after) * rs


def _harm_numbers(power: int, target: Any, die: int, sharpness: int, result: str,
                  armor: bool = True) -> tuple[int, int, list[Mod]]:
    ts = sheet_of(target)
    absorption = ts.absorption
    details: list[Mod] = [("power", power), ("body absorption", ts.absorption)]
    if armor:
        block = ts.armor_blocks[die] if 0 < die < 7 else armor_block(
            ((a.name, a.cover, a.absorption) for a in ts.armor), die)
        if block:
            details.append((f"armor: {block[0]}", block[1]))
            absorption += block[1]
    details.append(("sharpness", sharpness))
    stun, damage = attack_harm(power, absorption, sharpness, result)
    return stun, damage, details


def _react(world: Any, led: Ledger, me: Any, target: Any, action: str, points: int,
           seen: dict[str, Any] | None = None, plain: tuple | None = None) -> tuple[Reaction, Any]:
    """Ask the target its reaction, spend its points; returns the reaction and its weapon. ``seen``: the
    attack's weapon and points, as the table sees them (the counters already moved on the sheet);
    ``plain``: the strike's :func:`~.landed.plain` key, under which the answer's outcome is kept."""
    ready = led.pools(target.id).ready
    if not target.able or getattr(target, "surprised", False) or ready <= 0:
        return Reaction("none"), None
    r = asked = read_defend(world.ask(target, defend_window(target.id, me.id, action, ready, points, seen)),
                            ready, points)
    if plain is not None:
        got = landed.kept(me, target, (plain, asked))
        if got is not None:   # this answer to this attack was worked out before
            return landed.replay(led, me, target, got)
        mark = len(led.effects)
    w = None
    if r.kind in ("parry", "counter"):
        w = weapon_in_hand(target, r.weapon) if r.weapon else (
            best_defense(target) if r.kind == "parry" else weapon_in_hand(target, None))
        if w is None or (r.kind == "counter" and not within(world, target, me, w)):
            r = Reaction("defense", ready)
    if r.kind == "defense":
        led.move(target.id, {"ready": -r.points, "defense": r.points},
                 f"defends: {r.points} ready point{'s' * (r.points != 1)} into defense")
    elif r.kind == "parry":
        led.move(target.id, {"ready": -1, "other": 1}, f"parries with {w.name}: 1 point")
    elif r.kind == "counter":
        led.move(target.id, {"ready": -r.spent, "defense": r.modifier, "other": r.power},
                 f"counters with {w.name}: {r.modifier} to the modifier, {r.power} to power")
    if plain is not None:
        landed.keep(led, me, target, (plain, asked), mark, r, w)
    return r, w


def _interferers(world: Any, led: Ledger, me: Any, target: Any, action: str,
                 points: int, seen: dict[str, Any] | None = None) -> list[tuple[Any, Reaction, Any]]:
    out = []
    for ally in world.units():
        if ally.id in (me.id, target.id) or ally.team != target.team or not ally.able:
            continue
        ready = led.pools(ally.id).ready
        if ready <= 0 or not any(within(world, ally, me, w) for w in weapons_in_hand(ally) if not w.is_missile):
            continue
        r = read_interfere(world.ask(ally, interfere_window(ally.id, me.id, action, points, seen)), ready, points)
        if r.kind == "none":
            continue
        w = weapon_in_hand(ally, r.weapon) if r.weapon else best_defense(ally)
        if w is None or not within(world, ally, me, w):
            continue
        if r.kind == "parry":
            led.move(ally.id, {"ready": -1, "other": 1},
                     f"parries {me.name}'s {action} with {w.name}: 1 point")
        else:
            led.move(ally.id, {"ready": -r.spent, "defense": r.modifier, "other": r.power},
                     f"interferes with {w.name}: {r.modifier} to the modifier, {r.power} to power")
        out.append((ally, r, w))
    return out


def resolve(world: Any, me: Any, act: Any, ready: int, turn: Any, led: Ledger) -> int:
    """Resolve an attack or manipulation into ``led``; returns the points the attacker spent."""
    found = landed.plain(world, me, act, ready, turn, led)   # a plain strike: its steps are kept (landed.py)
    plain = got = None
    if found is not None:
        plain, target, w, distance = found
        got = landed.kept(me, target, plain)
    action = act.action
    if got is not None:   # this attack was declared before: its checks and spend as then
        m, p, mp = landed.replay(led, me, target, got)
        pts = {"modifier": m, "power": p, "manipulation": mp}
    else:
        why, target, w, pts, distance = _checked(world, me, act, ready)
        if why:
            led.add(Refused(me.id, why))
            return 0
        m, p, mp = pts["modifier"], pts["power"], pts["manipulation"]
        mark = len(led.effects)
        led.move(me.id, {"ready": -(m + p + mp), "defense": m, "other": p + mp},
                 f"{action} with {w.name}: {m} to the modifier, {p} to power, {mp} to manipulation"
                 if mp else f"{action} with {w.name}: {m} to the modifier, {p} to power")
        if plain is not None:
            landed.keep(led, me, target, plain, mark, m, p, mp)
    total = m + p + mp
    seen = {"weapon": w.name, "modifier": m, "power": p, "manipulation": mp, "target": target.id}
    reaction, rw = _react(world, led, me, target, action, total, seen, plain)
    allies = _interferers(world, led, me, target, action, total, seen)
    a_die, d_die = world.dice.d6(), world.dice.d6()
    i_dice = [world.dice.d6() for _ in allies]
    blow = None if plain is None else (plain, reaction, None if rw is None else rw.name, a_die, d_die)
    got = None if blow is None else landed.kept(me, target, blow)
    if got is not None:   # the same blow landed before, dice and all
        landed.replay(led, me, target, got)
        return total
    mark = len(led.effects)
    missile = w.is_missile
    kind = (("throw" if w.kind == "thrown" else "shot") if missile     # attack_kind, read once
            else "grapple" if action in MANIPULATIONS or action == "escape" else "strike")
    a_mods: list[Mod] = [(w.name, w.attack), ("points", m)] + position_mods(me, target, kind, "attack")
    now = world.now
    a_mods += roll_penalties(me, now)
    if reaction.kind == "counter":
        d_mods = [(rw.name, rw.attack), ("points", reaction.modifier)]
        d_mods += position_mods(target, me, attack_kind("attack", rw), "attack")
    else:   # defending.parry_mods or defending.defense_mods with the passive modifiers, built in place
        if reaction.kind == "parry":
            d_mods = [(f"{rw.name} parry", rw.parry)]
        else:
            dw = best_defense(target)
            d_mods = [("defense points", led.pools(target.id).defense), (dw.name, dw.defense)]
        if state_of(target).evading:
            d_mods.append(("evading", EVASION_BONUS))
        if opening_evade(target):
            d_mods.append(("opening evade", OPENING_EVASION_BONUS))
        d_mods += position_mods(target, me, kind, "defense")
    d_mods += roll_penalties(target, now)
    light = world.light_at(target)
    if "blind" not in me.sheet.qualities:
        dark = darkness_difficulty(light, DARK_KIND.get(kind, "ranged"))
        if dark:
            d_mods.append((f"{light} light", dark))
    if missile and w.range > 0:
        rng = range_difficulty(min(distance, w.range), w.range)
        if rng:
            d_mods.append(("range", rng))
    roll = opposed_roll(a_die, a_mods, d_die, d_mods, target.id)
    res = result_of(roll)
    details: list[Mod] = []
    for (ally, r, iw), die in zip(allies, i_dice):
        i_mods = ([(f"{iw.name} parry", iw.parry)] if r.kind == "parry"
                  else [(iw.name, iw.attack), ("points", r.modifier)])
        i_roll = opposed_roll(die, i_mods, a_die, a_mods, me.id)
        i_res = result_of(i_roll)
        if r.kind == "parry":
            led.add(Check(ally.id, f"parry of {sheet_of(me).name}'s {action}", i_roll))
            stopped = i_res == SUCCESS
        else:
            stun, dmg, det = _harm_numbers(iw.power + r.power, me, a_die, iw.sharpness, i_res)
            stopped = i_res == SUCCESS and stun + dmg > 0
            led.add(Attacked(ally.id, me.id, "interfere", iw.name, i_roll, i_res != FAILURE,
                             harm={"stun": stun, "damage": dmg}, details=det, reaction="interfere"))
            led.harm(me.id, stun, dmg, f"{iw.name} of {sheet_of(ally).name}, interfering")
        if stopped:
            res = FAILURE
            details.append((f"stopped by {sheet_of(ally).name}", 1))
    res_attack, res_counter = counter_outcome(res) if reaction.kind == "counter" else (res, FAILURE)
    if action in ("attack", "shoot"):
        _strike(world, led, me, target, w, p, res_attack, roll, d_die, a_die, details, reaction, distance,
                light, turn)
    else:
        _manipulate(world, led, me, target, action, w, pts, res_attack, roll, d_die, details, reaction, distance,
                    light)
    if reaction.kind == "counter":
        c_roll = opposed_roll(d_die, d_mods, a_die, a_mods, me.id)
        c_power = rw.power + reaction.power + critical_bonus(d_die, a_die, rw.power,
                                                              critical_hit=options_of(world).critical_hit)
        stun, dmg, det = _harm_numbers(c_power, me, a_die, rw.sharpness, res_counter)
        hit = res_counter != FAILURE
        led.add(Attacked(target.id, me.id, "counter", rw.name, c_roll, hit,
                         harm={"stun": stun, "damage": dmg} if hit else {}, details=det, distance=distance,
                         reaction="counter"))
        if hit:
            led.harm(me.id, stun, dmg, f"{rw.name} of {sheet_of(target).name}, countering")
    if blow is not None:
        landed.keep(led, me, target, blow, mark)
    return total


def _strike(world: Any, led: Ledger, me: Any, target: Any, w: Any, power_points: int, res: str, roll: Roll,
            d_die: int, a_die: int, details: list[Mod], reaction: Reaction, distance: float, light: str,
            turn: Any) -> None:
    opts = options_of(world)
    base = w.power * 2 if w.double and double_applies(a_die, random_damage=opts.random_damage) else w.power
    power = base + power_points
    extra: list[Mod] = [("points to power", power_points)]
    if opts.charging and turn is not None:
        charge = charge_bonus(getattr(turn, "run_m", 0.0))
        if charge:
            power += charge
            extra.append(("charge", charge))
    crit = critical_bonus(a_die, d_die, w.power, critical_hit=opts.critical_hit)
    if crit:
        power += crit
        extra.append(("critical", crit))
    hit = res != FAILURE
    stun, dmg, det = _harm_numbers(power, target, d_die, w.sharpness, res)
    led.add(Attacked(me.id, target.id, "shoot" if w.is_missile else "attack", w.name, roll, hit,
                     harm={"stun": stun, "damage": dmg} if hit else {}, details=details + extra + det,
                     distance=distance, light=light, reaction=reaction.kind if reaction.kind != "none" else "",
                     charge_m=float(getattr(turn, "run_m", 0.0) or 0.0)))
    if hit:
        led.harm(target.id, stun, dmg, f"{w.name} of {sheet_of(me).name}: {stun} stun, {dmg} damage")


def _manipulate(world: Any, led: Ledger, me: Any, target: Any, action: str, w: Any, pts: dict[str, int],
                res: str, roll: Roll, d_die: int, details: list[Mod], reaction: Reaction, distance: float,
                light: str) -> None:
    """Disarm, hold, choke, wrench, throw or plain manipulation. (001 · Manipulation)"""
    me_st, t_st, ms, ts = state_of(me), state_of(target), sheet_of(me), sheet_of(target)
    hit = res != FAILURE
    modifier = (missile_manipulation(w.power) if w.is_missile
                else manipulation_modifier(ms.size, pts["manipulation"]))
    det: list[Mod] = [("manipulation", modifier), ("target size", ts.size)]
    harm: dict[str, int] = {}
    stun = dmg = 0
    statuses: list[Status] = []
    if action in ("choke", "wrench"):
        power = pts["power"] + (0 if w.kind == "natural" else w.power)
        large, small = choke_split(power)
        modifier += large
        det += [("choke power", power), ("larger half", large), ("smaller half", small)]
    penalty = surplus(modifier, ts.size, res)
    det.append(("surplus", penalty))
    if hit and action in ("hold", "choke", "wrench"):
        upkeep = pts["manipulation"] + pts["power"]
        power_each = halve(small, res) if action != "hold" else 0
        sharp = w.sharpness if w.kind != "natural" else BLUNT_SHARPNESS
        me_st.hold_on(target.id, Hold(action, upkeep, penalty, power_each, sharp))
        t_st.held_by[me.id] = penalty
        statuses += [Status(me.id, {"partner": target.id, "holding": action}),
                     Status(target.id, {"partner": me.id, "held": True})]
        if power_each:
            stun, dmg, more = _harm_numbers(power_each, target, d_die, sharp, SUCCESS)
            det += more
    elif hit:
        t_st.penalise(penalty, until=_round_end(world, 1))
        if action == "disarm" and res == SUCCESS:
            lost = next((x for x in weapons_in_hand(target) if x.disarmable), None)
            if lost is not None:
                t_st.disarmed.add(lost.name)
                det.append((f"disarmed: {lost.name}", 1))
                statuses.append(Status(target.id, {"disarmed": sorted(t_st.disarmed)}))
        if action == "throw":
            where = throw_position(res)
            t_st.crouching = where == "crouching"
            statuses.append(Status(target.id, {"prone": True, "crouching": t_st.crouching}))
            stun, dmg, more = _harm_numbers(pts["power"], target, d_die, BLUNT_SHARPNESS, res)
            det += more
    if stun or dmg:
        harm = {"stun": stun, "damage": dmg}
    led.add(Attacked(me.id, target.id, action, w.name, roll, hit, harm=harm, details=details + det,
                     distance=distance, light=light, reaction=reaction.kind if reaction.kind != "none" else ""))
    for st in statuses:
        led.add(st)
    if stun or dmg:
        led.harm(target.id, stun, dmg, f"{action} by {ms.name}: {stun} stun, {dmg} damage")


__all__ = ["points_of", "within", "refusal", "resolve"]
