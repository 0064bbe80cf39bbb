"""One action of a turn, resolved into effects (000 · List of Actions; 000 · Rounds).

:func:`act` is a generator: the engine applies each effect before asking for
the next, so a grappling action sees whether its harm put the target out
before it asks the target to keep its balance (000 · Grappling Actions), and
the dice are drawn in the order the table would draw them::

    effects = act(world, unit, Act("quick strike", target="blue-1"), budget, turn)
    # -> Attacked(...), Harm(blue-1, {"damage": 3}), ...

Checks run in the order of the rules text: the combo (000 · Rounds: one
action that is not quick, or ``allowed`` quick ones), climbing (one quick
action), the weapon, then :func:`~.actions.can_do` (strenuous, standing,
grappling, encumbrance, unwieldy). A refused action is a
:class:`~tactics.rules.effects.Refused` naming why; it still uses up the
action when the rules checks passed and only the target was wrong.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from tactics.rules.effects import Attacked, Check, Effect, Harm, Refused, Status
from tactics.rules.ranged import darkness_difficulty, range_difficulty
from tactics.rules.records import Modifier, Roll

from .actions import ACTIONS, can_do
from .attack import RuleOptions, resolve_attack
from .health import rest
from .rolls import success
from .stances import stance_modifiers
from .throws import throw_range

KEEP_BALANCE = 8
"""Difficulty of keeping one's feet after a push or trip (000 · Grappling Actions)."""
MELEE_REACH_M = 3.0
"""Horizontal reach of hand-to-hand attacks: the next space, diagonals included (docs/engine.md)."""
MELEE_REACH_UP_M = 2.0
"""Greatest height difference across which hand-to-hand attacks reach."""
DARKNESS_KIND = {"strike": "strike", "grapple": "grapple", "throw": "ranged", "shot": "ranged"}
BOW_ACTIONS = frozenset({"quick shot", "strategic shot", "cautious shot", "aim"})
"""Actions that keep a drawn bow drawn (000 · Archery and Marksmanship · Keeping a Bow Drawn)."""
DEFAULT_WEAPONS = {"strike": ("hand", "natural"), "throw": ("thrown",), "shot": ("bow", "gun"), "grapple": ()}


# -- small pieces -----------------------------------------------------------
_NATURAL_20 = ["natural 20"]
_NO_TAGS: list[str] = []
"""Shared by every roll record (records are never changed): no list per roll."""


def d20_roll(die: int, mods: list[tuple[str, int]], target: int, target_mods: list[tuple[str, int]],
             ok: bool) -> Roll:
    """The record of one d20 success roll (DECISIONS · Dice and success)."""
    total = die
    for _, v in mods:
        total += v
    return Roll(dice="d20", faces=[die], total=total, success=ok, target=target,
                mods=mods, target_mods=target_mods, tags=_NATURAL_20 if die == 20 else _NO_TAGS)


def success_check(world: Any, who: str, purpose: str, mods: list[tuple[str, int]],
                  dmods: list[tuple[str, int]]) -> Check:
    """Roll d20 + ``mods`` against the sum of ``dmods`` (mam-supplement § 1)."""
    die = world.dice.d20()
    mods = [(s, int(v)) for s, v in mods]
    dmods = [(s, int(v)) for s, v in dmods]
    difficulty = sum(v for _, v in dmods)
    ok = success(die, sum(v for _, v in mods), difficulty)
    return Check(who, purpose, d20_roll(die, mods, difficulty, dmods, ok))


def harm(unit: Any, stun: int, damage: int, source: str) -> Harm | None:
    """Stun and damage landing on ``unit`` as a change of its tracks (000 · Health);
    being hurt spoils an aim (000 · Archery and Marksmanship · Aiming)."""
    if stun <= 0 and damage <= 0:
        return None
    unit.state.aim_bonus = 0
    changes = {}
    if damage:
        changes["damage"] = damage
    if stun:
        changes["stun"] = stun
    return Harm(unit.id, changes, source)


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
            return float(throw_range(ch, w, action))
        except ValueError:
            return 0.0
    return 0.0


def default_weapon(unit: Any, kind: str) -> Any:
    ch = unit.sheet
    wanted = DEFAULT_WEAPONS[kind]
    best = None
    for w in ch.weapons:
        if w.kind in wanted and w.name not in unit.state.spent:
            if best is None or ch.power_with(w) > ch.power_with(best):
                best = w
    return best


# -- the action --------------------------------------------------------------
def act(world: Any, c: Any, step: Any, budget: Any, turn: Any) -> Iterator[Effect]:
    """Resolve ``step`` (an ``Act``) for unit ``c`` (000 · List of Actions)."""
    name = step.action
    if name == "prepare counter":
        # 000 · Rounds: a counter is prepared instead of moving and acting
        if turn.used > 0 or budget.done_actions > 0 or turn.reaction:
            yield Refused(c.id, "a counter-attack is prepared instead of moving and acting")
            return
        budget.done = True
        yield Status(c.id, {"prepared": "counter"})
        return
    spec = ACTIONS.get(name)
    if spec is None:
        yield Refused(c.id, f"unknown action {name!r}")
        return
    done = budget.done_actions
    limit = 1 if turn.climbed else budget.allowed
    if budget.single or done >= limit or (done >= 1 and not spec.quick):
        why = "a combo holds only quick actions" if done and not spec.quick else "no actions left this turn"
        yield Refused(c.id, f"{spec.name}: {why}")
        return
    if c.climbing and done >= 1:
        yield Refused(c.id, "a climber does one quick action per turn")
        return
    st = c.state
    if st.drawn and spec.name not in BOW_ACTIONS:
        st.drawn = None  # lets the bow down to do anything else
    ch = c.sheet
    weapon = None
    if step.weapon:
        try:
            weapon = ch.weapon(step.weapon)
        except KeyError:
            yield Refused(c.id, f"{c.name} has no weapon {step.weapon!r}")
            return
    unwieldy = bool(weapon is not None and ch.unwieldy(weapon))
    ok, why = allowed(spec.name, c.standing, posture(c), c.partner is not None, ch.encumbrance != "none", unwieldy)
    if not ok:
        yield Refused(c.id, f"{spec.name}: {why}")
        return
    budget.done_actions = done + 1
    budget.single = not spec.quick
    if spec.kind == "other":
        yield from _other(world, c, spec, weapon, step)
        return
    target = world.unit(step.target or "")
    if target is None or not target.present:
        yield Refused(c.id, f"{spec.name}: no target {step.target!r}")
        return
    if not target.able:
        yield Refused(c.id, f"{spec.name}: {target.name} is already out of the fight")
        return
    yield from _attack(world, c, spec, weapon, target, step, turn)


def _other(world: Any, c: Any, spec: Any, weapon: Any, step: Any) -> Iterator[Effect]:
    """Actions that attack nobody (000 · List of Actions · Other Actions, Archery and Marksmanship)."""
    changes: dict[str, Any] = {}
    name = spec.name
    st = c.state
    ch = c.sheet
    if name == "drop":
        changes["prone"] = True
    elif name in ("stand", "instant stand"):
        changes["prone"] = False
    elif name == "rest":
        stun = c.tracks["stun"]
        after = rest(stun)
        if after != stun:
            yield Harm(c.id, {"stun": after - stun}, "rest")
    elif name == "aim":
        st.aim_bonus = 5
        changes["aiming"] = True
    elif name == "draw":
        w = weapon or next((w for w in ch.weapons if w.kind == "bow"), None)
        if w is None or not ch.can_draw(w):
            yield Refused(c.id, "draw: no bow this character can draw")
            return
        st.drawn = w.name
        changes["drawn"] = True
    elif name in ("load", "unload"):
        w = weapon or next((w for w in ch.weapons if w.kind == "gun"), None)
        if w is not None:
            st.shots_left[w.name] = (w.shots or 1) if name == "load" else 0
    elif name == "cover":
        if st.covering is None:
            world.memo["covering"] = world.memo.get("covering", 0) + 1
        st.covering = step.target
    if spec.defense_bonus_until_next_turn:
        st.defense_bonus.append(Modifier(name, spec.defense_bonus_until_next_turn))
        changes["defense_bonus"] = st.defense_bonus_total()
    if changes:
        yield Status(c.id, changes)


def _attack(world: Any, c: Any, spec: Any, weapon: Any, target: Any, step: Any, turn: Any) -> Iterator[Effect]:
    """A strike, throw, shot or grappling action (000 · Attacking; DECISIONS · Attacks at a distance)."""
    kind = spec.kind
    st = c.state
    ch = c.sheet
    if weapon is None and kind != "grapple":
        weapon = default_weapon(c, kind)
        if weapon is None:
            yield Refused(c.id, f"{spec.name}: no weapon for it")
            return
    flat = world.flat_distance(c, target)
    melee = kind in ("strike", "grapple")
    if melee and (flat > MELEE_REACH_M or abs(c.z - target.z) > MELEE_REACH_UP_M):
        yield Refused(c.id, f"{spec.name}: {target.name} is out of reach ({flat:.1f} m)")
        return
    dist = world.distance(c, target)
    attack_mods: list[Modifier] = []
    diff_mods: list[Modifier] = []
    from_above = c.z >= target.z + 1.0
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
        rd = range_difficulty(dist, max_r)
        if rd:
            diff_mods.append(Modifier(f"range {dist:.0f} m", rd))
    if not ch.blind:
        dd = darkness_difficulty(light, DARKNESS_KIND[kind])
        if dd:
            diff_mods.append(Modifier(f"{light} light", dd))
    # stances and positions (000 · Stance and Position)
    partner = c.partner == target.id
    aiming = bool(st.aim_bonus) and kind in ("shot", "throw") and c.partner is None
    attack_mods.extend(stances(posture(c), c.role if c.partner is not None else None, kind, "attack",
                               partner, from_above, aiming))
    diff_mods.extend(stances(posture(target), target.role if target.partner is not None else None, kind,
                             "defense", partner, from_above, False))
    st.aim_bonus = 0
    att_swims = world.in_deep_water(c)
    if melee:
        # 000 · Movement · Swimming: swimming adds to striking and grappling, and to defense against them
        if att_swims and ch.swimming:
            attack_mods.append(Modifier("swimming", ch.swimming))
        if world.in_deep_water(target) and target.sheet.swimming:
            diff_mods.append(Modifier("swimming", target.sheet.swimming))
    if target.state.defense_bonus:
        diff_mods.extend(Modifier(s, v) for s, v in target.state.defense_bonus)
    defense = None
    coverer = None
    if world.memo.get("covering"):
        for other in world.units():
            if (other.state.covering == target.id and other.able and other.id != target.id
                    and other.team == target.team):
                coverer = other
                break
    if coverer is not None and kind == "strike":
        defense = Modifier(f"{coverer.name} covering", coverer.sheet.melee_defense + 5)
    opts = world.options
    charge_m = turn.run_m if opts.charging and melee and turn.run_m > 5.0 else 0.0
    die = world.dice.d20()
    rule_opts = world.memo.get("rule options")
    if rule_opts is None:
        rule_opts = world.memo["rule options"] = RuleOptions(random_damage=opts.random_damage,
                                                             critical_hit=opts.critical_hit)
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
    mods = [(m[0], int(m[1])) for m in res.attack_mods]
    roll = d20_roll(die, mods, res.difficulty, [(m[0], int(m[1])) for m in res.difficulty_mods], res.hit)
    dealt = {}
    if res.hit and res.damage:
        dealt["damage"] = res.damage
    if res.hit and res.stun:
        dealt["stun"] = res.stun
    yield Attacked(c.id, target.id, spec.name, res.weapon, roll, res.hit, dealt,
                   [("power", res.power), ("absorbed", res.absorbed)], round(dist, 6), light,
                   "counter" if turn.reaction else "", round(charge_m, 6))
    if res.hit:
        h = harm(target, res.stun, res.damage, f"{spec.name} by {c.name}")
        if h is not None:
            yield h
        if kind == "grapple":
            yield from _grapple_effect(world, c, target, spec)
    elif coverer is not None and kind == "strike":
        res2 = resolve_attack(ch, weapon, spec, coverer.sheet, 20, options=rule_opts)
        h = harm(coverer, res2.stun, res2.damage, f"{spec.name} by {c.name} (covering {target.name})")
        if h is not None:
            yield h


def _grapple_effect(world: Any, c: Any, target: Any, spec: Any) -> Iterator[Effect]:
    """Positions after a successful grappling action (000 · Grappling)."""
    if not target.able:
        return
    if spec.name in ("push", "trip"):
        tch = target.sheet
        best = max(tch.grapple_attack - tch.agility - tch.strength, tch.ability("acrobatics"))
        check = success_check(world, target.id, "keep balance", [("grapple or acrobatics", best)],
                              [("off balance", KEEP_BALANCE)])
        yield check
        if not check.roll.success:
            yield Status(target.id, {"prone": True})
        return
    if spec.name == "slam":
        yield Status(target.id, {"prone": True})
    yield Status(c.id, {"partner": target.id, "role": "dominant"})
    yield Status(target.id, {"partner": c.id, "role": "inferior"})
