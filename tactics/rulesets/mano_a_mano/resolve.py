"""One action of a turn, resolved into effects (000 · List of Actions; 000 · Rounds).

:func:`act` gives the effects lazily (an attack's are a generator): the engine
applies each effect before asking for the next, so a grappling action sees
whether its harm put the target out before it asks the target to keep its
balance (000 · Grappling Actions), and the dice are drawn in the order the
table would draw them::

    effects = act(world, unit, Act("quick strike", target="blue-1"), budget, turn)
    # -> Attacked(...), Harm(blue-1, {"damage": 3}), ...

The pieces live beside it: :mod:`.checks` (the d20 roll as an effect, harm),
:mod:`.grapple` (what grappling actions do besides harm; cover), :mod:`.other`
(actions that attack nobody, loading guns, delaying).

Checks run in the order of the rules text: the combo (000 · Rounds: one
action that is not quick, or ``allowed`` quick ones), climbing (one quick
action), the weapon, then :func:`~.actions.can_do` (strenuous, standing,
grappling, encumbrance, unwieldy). A refused action is a
:class:`~tactics.rules.effects.Refused` naming why; it still uses up the
action when the rules checks passed and only the target was wrong.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import Any

from tactics.rules.effects import Attacked, Effect, Refused, Status
from tactics.rules.protocol import Window
from tactics.rules.ranged import darkness_difficulty, range_difficulty
from tactics.rules.records import Modifier

from .actions import ACTIONS, can_do
from .attack import RuleOptions, resolve_attack
from .checks import d20_roll, harm, success_check
from .mounts import after_attack
from .taken import armed_sheet
from .vehicles import RAM, ram
from .grapple import COVER_REACH_M, KEEP_BALANCE, PUSH_M, cover_of, grapple_effect, slam_harm
from .other import delay_turn, is_quick, other_action
from .stances import stance_modifiers
from .throws import throw_range

__all__ = ["COVER_REACH_M", "KEEP_BALANCE", "PUSH_M", "act", "d20_roll", "harm", "max_range", "success_check"]

MELEE_REACH_M = 3.0
"""Horizontal reach of hand-to-hand attacks: the next space, diagonals included (docs/engine.md)."""
MELEE_REACH_UP_M = 2.0
"""Greatest height difference across which hand-to-hand attacks reach."""
DARKNESS_KIND = {"strike": "strike", "grapple": "grapple", "throw": "ranged", "shot": "ranged"}
BOW_ACTIONS = frozenset({"quick shot", "strategic shot", "cautious shot", "aim"})
"""Actions that keep a drawn bow drawn (000 · Archery and Marksmanship · Keeping a Bow Drawn)."""
STRATEGIC = frozenset({"strategic strike", "strategic shot"})
DEFAULT_WEAPONS = {"strike": ("hand", "natural"), "throw": ("thrown",), "shot": ("bow", "gun"), "grapple": ()}
DARKNESS = {(light, kind): darkness_difficulty(light, col) for light in ("bright", "dim", "dark")
            for kind, col in DARKNESS_KIND.items()}
"""The darkness difficulty of each light and attack kind (the table, read once; another light still
asks :func:`~tactics.rules.ranged.darkness_difficulty`, which names it)."""


_KEPT = "attack: rule options, rounded distances, listed modifiers"
"""The world memo of :func:`_attack`: the encounter's optional rules as :class:`RuleOptions`, and
``round(d, 6)`` of each distance struck across (the replay's figure; rounding costs a microsecond), and
the roll record's list of ``(source, value)`` of each tuple of modifiers (a melee rolls with the same ones
every turn; records are never changed, so rolls may share a list, as they share their empty tags)."""


# -- small pieces -----------------------------------------------------------
def posture(unit: Any) -> str:
    return "on_the_ground" if unit.prone else "standing"


@lru_cache(maxsize=4096)
def allowed(name: str, health: str, posture_: str, grappling: bool, encumbered: bool,
            unwieldy: bool) -> tuple[bool, str]:
    """:func:`~.actions.can_do`, remembered per combination (a handful per fight)."""
    return can_do(ACTIONS[name], health, posture_, grappling, encumbered, unwieldy=unwieldy)


@lru_cache(maxsize=4096)
def stances(posture_: str, grapple: str | None, kind: str, role: str, partner: bool, from_above: bool,
            aiming: bool) -> tuple[Modifier, ...]:
    """The stance table's modifiers (000 · Stance and Position), remembered per combination."""
    return tuple(stance_modifiers(posture_, grapple, kind, role=role, vs_grapple_partner=partner,
                                  from_above=from_above, aiming=aiming))


def max_range(unit: Any, weapon: Any, action: str) -> float:
    """Greatest range in metres of ``action`` with ``weapon`` (0 for hand-to-hand)."""
    ch = unit.sheet
    w = ch.weapon(weapon) if isinstance(weapon, str) else weapon
    if w.kind in ("bow", "gun"):
        return float(w.range)
    if action in ("quick throw", "powerful throw", "heave"):
        try:
            # ruling (throws.py): a range of 0 m still reaches an adjacent target
            return max(float(throw_range(ch, w, action)), MELEE_REACH_M)
        except ValueError:
            return 0.0
    return 0.0


def default_weapon(unit: Any, kind: str) -> Any:
    """The weapon an attack of ``kind`` naming none is made with: the most powerful of that kind in
    hand and not spent (None: none). While nothing is out of hand or spent it depends on the sheet
    alone, and is kept in the fighter's state (``FighterState.defaults``): a policy that names no
    weapon asks at every attack."""
    st = unit.state
    if st.spent or st.out_of_hand:
        return _default_weapon(unit.sheet, kind, st)
    defaults = st.defaults
    if kind in defaults:
        return defaults[kind]
    best = defaults[kind] = _default_weapon(unit.sheet, kind, st)
    return best


def _default_weapon(ch: Any, kind: str, st: Any) -> Any:
    wanted = DEFAULT_WEAPONS[kind]
    best = None
    for w in ch.weapons:
        if w.kind in wanted and w.name not in st.spent and w.name not in st.out_of_hand:
            if best is None or ch.power_with(w) > ch.power_with(best):
                best = w
    return best

# -- the action --------------------------------------------------------------
def act(world: Any, c: Any, step: Any, budget: Any, turn: Any) -> Iterable[Effect]:
    """Resolve ``step`` (an ``Act``) for unit ``c`` (000 · List of Actions): its effects, an attack's
    as a generator (the engine applies each before the next is worked out). The checks before
    the attack run when it is called (the engine iterates at once); a refusal comes back alone,
    and an attack is :func:`_attack` itself, with no generator of ours in between (a turn's
    every effect went through two)."""
    name = step.action
    spec = ACTIONS.get(name)
    if spec is None:  # (a ram is no action of the catalogue: the vehicles' own)
        return ram(world, c, step, budget, turn) if name == RAM else (Refused(c.id, f"unknown action {name!r}"),)
    if spec.kind == "other":
        if name == "prepare counter":
            # 000 · Rounds: a counter is prepared instead of moving and acting
            if turn.used > 0 or budget.done_actions > 0 or turn.reaction:
                return (Refused(c.id, "a counter-attack is prepared instead of moving and acting"),)
            budget.done = True
            return (Status(c.id, {"prepared": "counter"}),)
        if name == "delay":
            return delay_turn(world, c, step, budget, turn)
    done = budget.done_actions
    limit = 1 if turn.climbed else budget.allowed
    if budget.single or done >= limit or (done >= 1 and not spec.quick):
        why = "a combo holds only quick actions" if done and not spec.quick else "no actions left this turn"
        return (Refused(c.id, f"{spec.name}: {why}"),)
    if (c.climbing or turn.climbed) and (done >= 1 or not is_quick(spec, c, step)):
        # DECISIONS · Climbing: a climber does one quick action per turn at most
        return (Refused(c.id, f"{spec.name}: a climber does one quick action per turn"),)
    st = c.state
    if st.drawn and name not in BOW_ACTIONS:
        st.drawn = None  # lets the bow down to do anything else
    ch = c.sheet
    weapon = None
    if step.weapon:
        held = ch.weapon_stats.get(step.weapon)  # ch.weapon(), without its KeyError on the common path
        if held is None:
            if step.weapon not in st.taken:
                return (Refused(c.id, f"{c.name} has no weapon {step.weapon!r}"),)
            ch = armed_sheet(c)  # a weapon it took by a disarm (.taken)
            held = ch.weapon_stats[step.weapon]
        weapon = held.weapon
    if weapon is not None and weapon.name in st.out_of_hand and name != "ready weapon":
        return (Refused(c.id, f"{name}: {weapon.name} is not in hand ({st.out_of_hand[weapon.name]})"),)
    if st.aim_bonus and name in STRATEGIC:
        # 000 · Stance and Position: one position at a time; no strategic attack while aiming
        return (Refused(c.id, f"{name} cannot be done while aiming"),)
    unwieldy = weapon is not None and weapon.heft > ch.strength  # ch.unwieldy(weapon)
    ok, why = allowed(name, c.standing, "on_the_ground" if c.prone else "standing", c.partner is not None, ch.encumbrance != "none", unwieldy)
    if not ok:
        return (Refused(c.id, f"{name}: {why}"),)
    quick = spec.quick if name != "load" else is_quick(spec, c, step)  # only a load's depends on more
    if done >= 1 and not quick:
        return (Refused(c.id, f"{spec.name}: a combo holds only quick actions"),)
    budget.done_actions = done + 1
    budget.single = not quick
    if spec.kind == "other":
        return other_action(world, c, spec, weapon, step)
    target = world.unit(step.target or "")
    if target is None or not target.present:
        return (Refused(c.id, f"{spec.name}: no target {step.target!r}"),)
    if not target.able:
        return (Refused(c.id, f"{spec.name}: {target.name} is already out of the fight"),)
    return _attack(world, c, spec, weapon, target, step, turn, ch)


def _held_defense(target: Any) -> Modifier | None:
    """The best melee defense of the weapons ``target`` still has in hand (000 · Sheets), or None.
    (A function of its own: a comprehension over :func:`_attack`'s names would make them closure
    cells, made at every attack.)"""
    tsh = target.sheet
    out = target.state.out_of_hand
    held = [d for w in tsh.weapons if w.kind in ("natural", "hand") and w.name not in out
            and (d := tsh.defense_with(w)) is not None]
    return Modifier("melee defense", max(held)) if held else None


def _attack(world: Any, c: Any, spec: Any, weapon: Any, target: Any, step: Any, turn: Any,
            ch: Any = None) -> Iterator[Effect]:
    """A strike, throw, shot or grappling action (000 · Attacking; DECISIONS · Attacks at a distance);
    ``ch``: the attacker's sheet with what it took in hand, when it uses a taken weapon."""
    kind = spec.kind
    st = c.state
    ch = c.sheet if ch is None else ch
    if weapon is None and kind != "grapple":
        weapon = default_weapon(c, kind)
        if weapon is None:
            yield Refused(c.id, f"{spec.name}: no weapon for it")
            return
    cx, cy, cz, tx, ty, tz = c.x, c.y, c.z, target.x, target.y, target.z
    flat = math.hypot(cx - tx, cy - ty)  # as world.flat_distance and world.distance, without the calls
    melee = kind in ("strike", "grapple")
    if melee and (flat > MELEE_REACH_M or abs(cz - tz) > MELEE_REACH_UP_M):
        yield Refused(c.id, f"{spec.name}: {target.name} is out of reach ({flat:.1f} m)")
        return
    dist = math.dist((cx, cy, cz), (tx, ty, tz))
    attack_mods: list[Modifier] = []
    diff_mods: list[Modifier] = []
    from_above = cz >= tz + 1.0
    light = world.light_at(target)
    if not melee:
        if weapon.name in st.spent:
            yield Refused(c.id, f"{spec.name}: {weapon.name} was already thrown")
            return
        if weapon.kind == "bow" and spec.name != "draw and fire" and st.drawn != weapon.name:
            yield Refused(c.id, f"{spec.name}: {weapon.name} is not drawn")
            return
        if weapon.kind == "bow" and not ch.can_draw(weapon):
            yield Refused(c.id, f"{spec.name}: {weapon.name} is too heavy to draw")
            return
        if weapon.kind == "gun" and weapon.name in st.shots_left and st.shots_left[weapon.name] <= 0:
            yield Refused(c.id, f"{spec.name}: {weapon.name} is not loaded")
            return
        max_r = max_range(c, weapon, spec.name)
        if max_r <= 0 or dist > max_r:
            yield Refused(c.id, f"{spec.name}: {target.name} is beyond {max_r:.0f} m ({dist:.1f} m)")
            return
        if not world.line_of_sight(c, target):
            yield Refused(c.id, f"{spec.name}: no line of sight to {target.name}")
            return
        # a throw whose own range is below arm's reach (a heaved rock) reaches the next space unhindered
        rd = 0 if max_r <= MELEE_REACH_M and kind == "throw" else range_difficulty(dist, max_r)
        if rd:
            diff_mods.append(Modifier(f"range {dist:.0f} m", rd))
    if not ch.blind:
        dd = DARKNESS.get((light, kind))
        if dd is None:
            dd = darkness_difficulty(light, DARKNESS_KIND[kind])
        if dd:
            diff_mods.append(Modifier(f"{light} light", dd))
    # stances and positions (000 · Stance and Position): standing, out of any grapple and not aiming is
    # the table's plain standing cell, which has no modifier (asked only for the other cells)
    partner = c.partner == target.id
    aiming = bool(st.aim_bonus) and kind in ("shot", "throw") and c.partner is None
    if c.prone or c.partner is not None or aiming:
        attack_mods.extend(stances("on_the_ground" if c.prone else "standing", c.role if c.partner is not None else None,
                                   kind, "attack", partner, from_above, aiming))
    if target.prone or target.partner is not None:
        diff_mods.extend(stances("on_the_ground" if target.prone else "standing",
                                 target.role if target.partner is not None else None, kind, "defense", partner,
                                 from_above, False))
    st.aim_bonus = 0
    att_swims = world.in_deep_water(c)
    if melee:
        # 000 · Movement · Swimming: swimming adds to striking and grappling, and to defense against them
        if att_swims and ch.swimming:
            attack_mods.append(Modifier("swimming", ch.swimming))
        if target.sheet.swimming and world.in_deep_water(target):  # (no swimmer: no look at the water)
            diff_mods.append(Modifier("swimming", target.sheet.swimming))
    if target.state.defense_bonus:
        diff_mods.extend(Modifier(s, v) for s, v in target.state.defense_bonus)
    defense = None
    memo = world.memo
    coverer = cover_of(world, target) if memo.get("covering") else None  # (nobody covers: no walk)
    if coverer is not None:
        # DECISIONS · More rulings · Cover: the coverer's defense of this attack's kind + 5
        csh = coverer.sheet
        base = {"strike": csh.melee_defense, "grapple": csh.grapple_defense}.get(kind, csh.missile_defense)
        defense = Modifier(f"{coverer.name} covering", base + 5)
    if defense is None and kind == "strike" and target.state.out_of_hand:
        # 000 · Sheets: melee defense is the best of the weapons in hand; a disarmed weapon no longer counts
        defense = _held_defense(target)
    opts = world.options
    charge_m = turn.run_m if opts.charging and melee and turn.run_m > 5.0 else 0.0
    die = world.dice.d20()
    kept = memo.get(_KEPT)
    if kept is None:
        kept = memo[_KEPT] = (RuleOptions(random_damage=opts.random_damage, critical_hit=opts.critical_hit), {}, {})
    rule_opts, rounded, listed = kept
    res = resolve_attack(ch, weapon, spec, target.sheet, die, attack_mods=tuple(attack_mods),
                         difficulty_mods=tuple(diff_mods), defense=defense, avoid_armor=tuple(step.avoid_armor),
                         charge_m=charge_m, in_water=att_swims, options=rule_opts)
    if weapon is not None and kind == "throw":
        st.thrown[weapon.name] = st.thrown.get(weapon.name, 0) + 1
        if st.thrown[weapon.name] >= max(1, weapon.count):
            st.spent.add(weapon.name)
    if weapon is not None and weapon.kind == "bow":
        st.drawn = None
    if weapon is not None and weapon.kind == "gun" and weapon.name in st.shots_left:
        st.shots_left[weapon.name] -= 1
    if spec.defense_bonus_until_next_turn:
        st.defense_bonus.append(Modifier(spec.name, spec.defense_bonus_until_next_turn))
    amods, dmods = res.attack_mods, res.difficulty_mods
    mods = listed.get(amods)  # the record's lists of (source, value), remembered per tuple of modifiers
    if mods is None:
        if len(listed) > 4096:
            listed.clear()
        mods = listed[amods] = [(m[0], int(m[1])) for m in amods]
    tmods = listed.get(dmods)
    if tmods is None:
        if len(listed) > 4096:
            listed.clear()
        tmods = listed[dmods] = [(m[0], int(m[1])) for m in dmods]
    roll = d20_roll(die, mods, res.difficulty, tmods, res.hit)
    dealt = {}
    r_damage, r_stun = res.damage, res.stun
    details = [("power", res.power), ("absorbed", res.absorbed)]
    slam_check = None
    onto = False
    if res.hit and spec.name == "slam":
        r_damage, r_stun, slam_check, onto = slam_harm(world, c, target, step)
        details = [("power", c.sheet.strength * (2 if onto else 1)), ("fell onto", int(onto))]
    if res.hit and r_damage:
        dealt["damage"] = r_damage
    if res.hit and r_stun:
        dealt["stun"] = r_stun
    shown = rounded.get(dist)  # round(dist, 6), remembered: a melee strikes across the same gap every turn
    if shown is None:
        if len(rounded) > 4096:
            rounded.clear()
        shown = rounded[dist] = round(dist, 6)
    yield Attacked(c.id, target.id, spec.name, res.weapon, roll, res.hit, dealt,
                   details, shown, light,
                   "counter" if turn.reaction else "", round(charge_m, 6) if charge_m else 0.0)
    if res.hit:
        if slam_check is not None:
            yield slam_check
        h = harm(target, r_stun, r_damage, f"{spec.name} by {c.sheet.name}")  # (c.name, without its property)
        if h is not None:
            yield h
        if spec.name == "slam":
            if target.present and not target.prone:
                yield Status(target.id, {"prone": True})
            if onto:
                yield Status(c.id, {"prone": True})
        if kind == "grapple":
            yield from grapple_effect(world, c, target, spec, step)
    else:
        if coverer is not None:
            # 000 · Other Actions · cover: a failed attack hits the covering character
            # it lands as a plain hit (a natural 20 only forces the hit: no optional rule applies)
            res2 = resolve_attack(ch, weapon, spec, coverer.sheet, 20)
            h = harm(coverer, res2.stun, res2.damage, f"{spec.name} by {c.name} (covering {target.name})")
            if h is not None:
                yield h
        if kind == "grapple" and c.partner == target.id and target.able:
            # DECISIONS · Grapple release: a failed grappling action lets the defender release
            if world.ask(target, Window("release", target.id, c.id, spec.name, ("keep", "release"), "keep",
                                        note=f"{c.name}'s {spec.name} failed")) == "release":
                yield Status(target.id, {"partner": None, "role": None})
                yield Status(c.id, {"partner": None, "role": None})
    if c.sheet.qualities or target.sheet.qualities:
        yield from after_attack(world, c, target)  # 000 · Mounted Combat: the rider's riding roll
