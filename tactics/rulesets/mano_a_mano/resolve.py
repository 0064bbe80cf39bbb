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

import math
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from tactics.rules.effects import Attacked, Check, Effect, Fall, Harm, Note, Push, Refused, Status
from tactics.rules.ranged import darkness_difficulty, range_difficulty
from tactics.rules.protocol import Window
from tactics.rules.records import Modifier, Roll

from .actions import ACTIONS, can_do
from .attack import RuleOptions, resolve_attack
from .health import rest, split_power
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
COVER_REACH_M = 2.0
"""A coverer protects only an ally within this distance (DECISIONS · More rulings · Cover)."""
PUSH_M = 2.0
"""How far a push moves its target: one space (docs/rules.md)."""
STRATEGIC = frozenset({"strategic strike", "strategic shot"})
DEFAULT_WEAPONS = {"strike": ("hand", "natural"), "throw": ("thrown",), "shot": ("bow", "gun"), "grapple": ()}


# -- small pieces -----------------------------------------------------------
def d20_roll(die: int, mods: list[tuple[str, int]], target: int, target_mods: list[tuple[str, int]],
             ok: bool) -> Roll:
    """The record of one d20 success roll (DECISIONS · Dice and success)."""
    return Roll(dice="d20", faces=[die], total=die + sum(v for _, v in mods), success=ok, target=target,
                mods=mods, target_mods=target_mods, tags=["natural 20"] if die == 20 else [])


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
            # ruling (throws.py): a range of 0 m still reaches an adjacent target
            return max(float(throw_range(ch, w, action)), MELEE_REACH_M)
        except ValueError:
            return 0.0
    return 0.0


def default_weapon(unit: Any, kind: str) -> Any:
    ch = unit.sheet
    wanted = DEFAULT_WEAPONS[kind]
    best = None
    for w in ch.weapons:
        if w.kind in wanted and w.name not in unit.state.spent and w.name not in unit.state.out_of_hand:
            if best is None or ch.power_with(w) > ch.power_with(best):
                best = w
    return best


def _delay(world: Any, c: Any, step: Any, budget: Any, turn: Any) -> Iterator[Effect]:
    """Delay the turn until just after an ally's (000 · Rounds: to move in formation), before
    moving or acting; the turn comes again at its new slot when that is later this round."""
    sched = world.memo.get("schedule")
    ally = world.unit(step.target or "")
    if turn.used > 0 or budget.done_actions > 0 or turn.reaction:
        yield Refused(c.id, "delay: a turn is delayed before moving or acting")
        return
    if sched is None or ally is None or ally.id == c.id or ally.team != c.team or ally.id not in sched.offsets:
        yield Refused(c.id, f"delay: no ally {step.target!r} to follow")
        return
    before = sched.offsets[c.id]
    after = sched.delay(c.id, ally.id)
    budget.done = True
    budget.delayed = after > before
    yield Note(c.id, f"delays its turn until after {ally.name}'s")


def _quick(spec: Any, c: Any, step: Any) -> bool:
    """Is this action quick? A load that fills less than one round (a musket's nine loads) takes
    a full turn (000 · Archery and Marksmanship · load)."""
    if spec.name == "load":
        w = _gun(c, step.weapon)
        if w is not None and (w.reload_actions or 1) > max(w.shots, 1):
            return False
    return spec.quick


def _gun(c: Any, name: str | None) -> Any:
    ch = c.sheet
    if name:
        try:
            return ch.weapon(name)
        except KeyError:
            return None
    return next((w for w in ch.weapons if w.kind == "gun"), None)


def rounds_per_load(w: Any) -> float:
    """Rounds one load action puts in: ``shots / reload_actions`` (a revolver loaded at once: 6;
    one bullet at a time: 1; a musket: 1/9) (000 · Archery and Marksmanship · load)."""
    return max(w.shots, 1) / max(w.reload_actions, 1)


def free_hand(c: Any) -> bool:
    """A fighter has a free hand unless two hand-held weapons (or a two-handed one) are in hand."""
    st = c.state
    held = [w for w in c.sheet.weapons if w.kind in ("hand", "bow", "gun") and w.name not in st.out_of_hand]
    return not (any(w.two_handed for w in held) or sum(w.count for w in held) >= 2)


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
    if name == "delay":
        yield from _delay(world, c, step, budget, turn)
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
    if (c.climbing or turn.climbed) and (done >= 1 or not _quick(spec, c, step)):
        # DECISIONS · Climbing: a climber does one quick action per turn at most
        yield Refused(c.id, f"{spec.name}: a climber does one quick action per turn")
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
    if weapon is not None and weapon.name in st.out_of_hand and spec.name != "ready weapon":
        yield Refused(c.id, f"{spec.name}: {weapon.name} is not in hand ({st.out_of_hand[weapon.name]})")
        return
    if spec.name in STRATEGIC and st.aim_bonus:
        # 000 · Stance and Position: one position at a time; no strategic attack while aiming
        yield Refused(c.id, f"{spec.name} cannot be done while aiming")
        return
    unwieldy = bool(weapon is not None and ch.unwieldy(weapon))
    ok, why = allowed(spec.name, c.standing, posture(c), c.partner is not None, ch.encumbrance != "none", unwieldy)
    if not ok:
        yield Refused(c.id, f"{spec.name}: {why}")
        return
    quick = _quick(spec, c, step)
    if done >= 1 and not quick:
        yield Refused(c.id, f"{spec.name}: a combo holds only quick actions")
        return
    budget.done_actions = done + 1
    budget.single = not quick
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
    elif name == "unload":
        w = weapon or _gun(c, None)
        if w is not None:
            st.shots_left[w.name] = 0
            st.loads.pop(w.name, None)
    elif name == "load":
        # each load puts in the rounds one action loads; a musket's ninth load makes one round
        w = weapon or _gun(c, None)
        if w is None or w.kind != "gun":
            yield Refused(c.id, "load: no gun")
            return
        full = max(w.shots, 1)
        have = st.shots_left.get(w.name, 0)
        if have >= full:
            yield Refused(c.id, f"load: {w.name} is already loaded")
            return
        n = st.loads.get(w.name, 0) + 1
        per = rounds_per_load(w)
        got = int(n * per + 1e-9)
        if got >= 1:
            st.shots_left[w.name] = min(full, have + got)
            st.loads.pop(w.name, None)
        else:
            st.loads[w.name] = n
        left = st.shots_left.get(w.name, 0)
        yield Note(c.id, f"loads {w.name}: {left}/{full} rounds" + (f" ({n}/{w.reload_actions} load actions)"
                                                                 if got < 1 else ""))
    elif name == "ready weapon":
        # 000 · Attacking · Readying Weapons: a quick action draws a weapon or picks a dropped one up
        w = weapon or next((w for w in ch.weapons if st.out_of_hand.get(w.name) == "dropped"), None)
        if w is None:
            yield Refused(c.id, "ready weapon: nothing to ready")
            return
        if st.out_of_hand.get(w.name) == "taken":
            yield Refused(c.id, f"ready weapon: {w.name} was taken")
            return
        st.out_of_hand.pop(w.name, None)
        yield Note(c.id, f"readies {w.name}")
    elif name == "let go":
        # DECISIONS · More rulings · Grapple release: either grappler may let go as a quick action
        if c.partner is None:
            yield Refused(c.id, "let go: not grappling")
            return
        other = c.partner
        yield Status(other, {"partner": None, "role": None})
        changes.update(partner=None, role=None)
    elif name == "cover":
        target = world.unit(step.target or "")
        if target is None or target.id == c.id or target.team != c.team or not target.able:
            yield Refused(c.id, f"cover: no ally {step.target!r} to cover")
            return
        if world.distance(c, target) > COVER_REACH_M + 1e-9:
            yield Refused(c.id, f"cover: {target.name} is beyond {COVER_REACH_M:.0f} m")
            return
        if st.covering is None:
            world.memo["covering"] = world.memo.get("covering", 0) + 1
        st.covering = step.target
        changes["covering"] = step.target
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
        # a throw whose own range is below arm's reach (a heaved rock) reaches the next space unhindered
        rd = 0 if max_r <= MELEE_REACH_M and kind == "throw" else range_difficulty(dist, max_r)
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
    coverer = cover_of(world, target)
    if coverer is not None:
        # DECISIONS · More rulings · Cover: the coverer's defense of this attack's kind + 5
        csh = coverer.sheet
        base = {"strike": csh.melee_defense, "grapple": csh.grapple_defense}.get(kind, csh.missile_defense)
        defense = Modifier(f"{coverer.name} covering", base + 5)
    if defense is None and kind == "strike" and target.state.out_of_hand:
        # 000 · Sheets: melee defense is the best of the weapons in hand; a disarmed weapon no longer counts
        tsh = target.sheet
        held = [d for w in tsh.weapons if w.kind in ("natural", "hand") and w.name not in target.state.out_of_hand
                and (d := tsh.defense_with(w)) is not None]
        if held:
            defense = Modifier("melee defense", max(held))
    opts = world.options
    charge_m = turn.run_m if opts.charging and melee and turn.run_m > 5.0 else 0.0
    die = world.dice.d20()
    rule_opts = RuleOptions(random_damage=opts.random_damage, critical_hit=opts.critical_hit)
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
    r_damage, r_stun = res.damage, res.stun
    details = [("power", res.power), ("absorbed", res.absorbed)]
    slam_check = None
    onto = False
    if res.hit and spec.name == "slam":
        r_damage, r_stun, slam_check, onto = _slam(world, c, target, step)
        details = [("power", c.sheet.strength * (2 if onto else 1)), ("fell onto", int(onto))]
    if res.hit and r_damage:
        dealt["damage"] = r_damage
    if res.hit and r_stun:
        dealt["stun"] = r_stun
    yield Attacked(c.id, target.id, spec.name, res.weapon, roll, res.hit, dealt,
                   details, round(dist, 6), light,
                   "counter" if turn.reaction else "", round(charge_m, 6))
    if res.hit:
        if slam_check is not None:
            yield slam_check
        h = harm(target, r_stun, r_damage, f"{spec.name} by {c.name}")
        if h is not None:
            yield h
        if spec.name == "slam":
            if target.present and not target.prone:
                yield Status(target.id, {"prone": True})
            if onto:
                yield Status(c.id, {"prone": True})
        if kind == "grapple":
            yield from _grapple_effect(world, c, target, spec, step)
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


def cover_of(world: Any, target: Any) -> Any:
    """The able ally covering ``target`` from within 2 m, or None (DECISIONS · More rulings · Cover)."""
    if not world.memo.get("covering"):
        return None
    for other in world.units():
        if (other.state.covering == target.id and other.able and other.id != target.id
                and other.team == target.team and world.distance(other, target) <= COVER_REACH_M + 1e-9):
            return other
    return None


def balance_skill(ch: Any) -> int:
    """The better of grappling and acrobatics, for keeping one's feet (000 · Grappling Actions)."""
    return max(ch.grapple_attack - ch.agility - ch.strength, ch.ability("acrobatics"))


def _grapple_effect(world: Any, c: Any, target: Any, spec: Any, step: Any) -> Iterator[Effect]:
    """What a successful grappling action does besides its harm (000 · Grappling Actions)."""
    if spec.name == "disarm":
        # the weapon leaves the hand: taken with a free hand, else dropped
        w = _held_weapon(target)
        if w is not None:
            how = "taken" if free_hand(c) else "dropped"
            target.state.out_of_hand[w.name] = how
            yield Note(c.id, f"disarms {target.name}: {w.name} {how}")
    if not target.able:
        return
    if spec.name in ("push", "trip"):
        if spec.name == "push":
            # forced to move the way the pusher wants: straight away by default
            dx, dy = target.x - c.x, target.y - c.y
            opts = step.options or {}
            if "direction" in opts:
                dx, dy = opts["direction"]
            d = math.hypot(dx, dy)
            if d > 1e-9:
                metres = min(PUSH_M, float(opts.get("metres", PUSH_M)))
                yield Push(target.id, dx / d, dy / d, metres, f"pushed by {c.name}", by=c.id)
            if not target.able or target.prone:
                return
        if target.flying:
            return  # nothing to lose one's footing on in the air
        check = success_check(world, target.id, "keep balance", [("grapple or acrobatics", balance_skill(target.sheet))],
                              [("off balance", KEEP_BALANCE)])
        yield check
        if not check.roll.success:
            # DECISIONS · More rulings: a knock-down fall from its own height onto the surface
            yield Fall(target.id, f"knocked down by {c.name}'s {spec.name}")
        return
    if c.partner == target.id or spec.name in ("hold", "slam", "wrench", "choke", "disarm"):
        # DECISIONS · Grapple release: a fully successful grappling action lets its maker choose
        choice = world.ask(c, Window("grapple", c.id, target.id, spec.name, ("dominant", "release"), "dominant",
                                     note=f"{spec.name} on {target.name} succeeded"))
        if choice == "release":
            if c.partner is not None:
                yield Status(c.id, {"partner": None, "role": None})
                yield Status(target.id, {"partner": None, "role": None})
            return
        yield Status(c.id, {"partner": target.id, "role": "dominant"})
        yield Status(target.id, {"partner": c.id, "role": "inferior"})


def _held_weapon(u: Any) -> Any:
    """The weapon a disarm takes: the best hand-held one still in hand."""
    st = u.state
    ch = u.sheet
    held = [w for w in ch.weapons if w.kind in ("hand", "bow", "gun", "thrown") and w.name not in st.out_of_hand
            and w.name not in st.spent]
    return max(held, key=lambda w: ch.power_with(w), default=None)


def _slam(world: Any, c: Any, target: Any, step: Any) -> tuple[int, int, Check, bool]:
    """A slam's harm (000 · Grappling Actions · slam): the target always ends on the ground; a
    standing slammer may fall onto it for double power; a roll against 8 takes the attack's power
    off the fall. Returns ``(damage, stun, the roll, fell onto)``."""
    onto = bool((step.options or {}).get("fall onto")) and not c.prone
    base = c.sheet.strength
    power = base * 2 if onto else base
    check = success_check(world, target.id, "slam: break the fall", [("grapple or acrobatics",
                                                                     balance_skill(target.sheet))],
                          [("slam", KEEP_BALANCE)])
    if check.roll.success:
        power -= base
    absorbed = min(target.sheet.best_absorption, max(power, 0))
    damage, stun = split_power(max(power - absorbed, 0), "blunt")
    return damage, stun, check, onto
