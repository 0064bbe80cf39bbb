"""Attacks as effects: one strike, two-weapon and two-shot attacks, sneak attacks, and
group attacks that wait for the last of their members (002 · Actions, Marksmanship
Attack, Melee Attack, Sneak Attack, Criticals, Concentrated Fire, Dogpile).

A strike rolls the range band's skills (:func:`~.ranges.weapon_use`) with the
light and the statuses as modifiers; a win takes Damage − Soak (at least 0)
from ``hp``; ``++++`` doubles the Damage before Soak, ``----`` puts the weapon
out of use (status ``jammed``) until its wielder spends an action::

    # Melee 3 vs Block 1, faces +2 vs 0, sword (Strength 2 + 2), Soak 1
    [Attacked(red-1 -> blue-1, melee, sword, hit, harm {"hp": -3}), Harm(blue-1, {"hp": -3})]

When three or more identical fighters (same sheet, same weapon) of a team
attack one target in a round and the ``group_attacks`` option is on, each
attack joins a pool; the pool resolves as one Dodge (or Block) roll of the
target at the turn of the last of those fighters to act that round, or at
the next round's start if that one never comes. A pool that ends under three
resolves its attacks one by one then.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from msgspec.structs import replace

from tactics.rules.effects import Attacked, Effect, Harm, Note, Refused, Status
from tactics.rules.protocol import Window
from tactics.rules.records import Roll

from . import conditions, group
from .contest import _NEW, DICE, Side, contest
from .ranges import Use, light_mods, weapon_use
from .sheet import BARE_HANDS, Weapon
from .state import Pending, dual_partner, find_weapon, melee_damage, memo_of, sheet_key, state_of, status

LET_GO = "let_go"
"""Kind of the reaction window a pinner or holder answers when attacked (002 · Status effects · Pinned)."""


def let_go_window(target: Any, attacker: Any, action: str, st: dict[str, Any] | None = None) -> Window | None:
    """The window a pinner or holder gets when attacked: let go (True) and defend in full, or hold on
    (``st``: the target's statuses, when already read)."""
    if conditions.role(status(target) if st is None else st) in ("pinner", "holder"):
        return Window(kind=LET_GO, reactor=target.id, actor=attacker.id, action=action,
                      options=(False, True), default=False)
    return None


def release(a: Any, b_id: str | None) -> list[Effect]:
    """Both partners of a pin or hold let go."""
    out: list[Effect] = [Status(a.id, {"partner": None, "role": None})]
    if b_id:
        out.append(Status(b_id, {"partner": None, "role": None}))
    return out


def ask_let_go(world: Any, me: Any, target: Any, action: str, st: dict[str, Any] | None = None
               ) -> tuple[list[Effect], dict[str, Any]]:
    """Ask the attacked pinner or holder; returns the effects and the target's statuses after
    (``st``: the target's statuses, when already read; never changed here)."""
    if st is None:
        st = status(target)
    win = let_go_window(target, me, action, st)
    if win is None or not world.ask(target, win):
        return [], st
    effects = release(target, st.get("partner"))
    st = {**st, "partner": None, "role": None}
    return effects, st


def situation(world: Any, me: Any, target: Any, use: Use, st_me: dict[str, Any] | None = None
              ) -> tuple[tuple[Any, ...], str]:
    """Modifiers of an attack roll: range band, the light at the target, the attacker's statuses
    (``st_me``: those statuses, when already read)."""
    light = world.light_at(target)
    mods = tuple(use.mods) + light_mods(light) + conditions.roll_mods(
        status(me) if st_me is None else st_me, use.skill, attack=True)
    return mods, light


def contest_sides(world: Any, me: Any, target: Any, use: Use, st_me: dict[str, Any], tst: dict[str, Any]
                  ) -> tuple[Side, Side, str]:
    """The attacker's and the defender's :class:`~.contest.Side` of a strike, and the light at the target
    (``st_me``, ``tst``: both fighters' statuses)."""
    mods, light = situation(world, me, target, use, st_me)
    atk = _NEW(Side, (me.id, use.skill, me.sheet.skill(use.skill), mods))
    rating, dmods = conditions.defence(tst, use.defence, target.sheet.skill(use.defence), target.sheet.shield)
    return atk, _NEW(Side, (target.id, use.defence, rating, dmods)), light


def strike(world: Any, me: Any, target: Any, weapon: Weapon, use: Use, action: str,
           sneak: bool = False, st_me: dict[str, Any] | None = None, distance: float | None = None,
           tst: dict[str, Any] | None = None, sides: tuple[Use, Side, Side, str] | None = None) -> list[Effect]:
    """One contest and its harm (``st_me``, ``distance``, ``tst``: my statuses, the distance to ``target``
    and its statuses, when already read: nothing an attack does is applied before it returns, so they
    hold for both strikes of a two-weapon attack; ``sides``: the use and :func:`contest_sides` read from
    ``tst``, used when this strike's use is that one and no let-go changed ``tst``)."""
    effects, st_t = ask_let_go(world, me, target, action, tst)
    if st_me is None:
        st_me = status(me)
    if sides is not None and st_t is tst and sides[0] == use:
        _, atk, dfd, light = sides   # (no let-go changed the target's statuses: the sides read stand)
    else:
        atk, dfd, light = contest_sides(world, me, target, use, st_me, st_t)
    o = contest(world.dice, atk, dfd, crits=True)
    hit = o.won or sneak
    critical = o.critical or (sneak and o.won)
    roll = o.roll
    if sneak:
        roll = replace(roll, success=True, tags=[*roll.tags, "sneak attack"]
                       + (["critical"] if critical and "critical" not in roll.tags else []))
    damage = melee_damage(me, weapon)
    raw = damage * 2 if critical else damage
    soak = target.sheet.soak
    harm = max(0, raw - soak) if hit else 0
    details = ([("Damage", damage), ("critical x2", raw), ("Soak", -soak), ("harm", harm)] if critical
               else [("Damage", damage), ("Soak", -soak), ("harm", harm)])
    changes = {"hp": -harm} if harm else {}
    effects.append(Attacked(me.id, target.id, action, weapon.name, roll, hit, dict(changes), details,
                            distance=world.distance(me, target) if distance is None else distance, light=light))
    if harm:
        effects.append(Harm(target.id, changes, f"{action} by {me.name}"))
    if o.fumble and not sneak and weapon.name != BARE_HANDS:
        effects.append(Status(me.id, {"jammed": conditions.names(st_me, "jammed") + [weapon.name]}))
    state_of(me).last_weapon = weapon.name
    return effects


def harm_in(effects: list[Effect], uid: str) -> int:
    """Hit points ``uid`` lost in ``effects``."""
    return -sum(e.changes.get("hp", 0) for e in effects if isinstance(e, Harm) and e.who == uid)


def attack(world: Any, me: Any, target: Any, weapon_name: str | None, ranged: bool, action: str,
           found: tuple[Weapon, Use] | None = None, seen: Seen | None = None) -> list[Effect]:
    """A melee or ranged attack: pooled into a group, or one strike (two with two weapons or two shots).
    ``found``: the weapon and its use when the caller has already checked them (``FudgeOpposed.check``);
    ``seen``: what that check read on the way (:class:`Seen`)."""
    if found is not None:
        weapon, use = found
    else:
        seen = None
        weapon = find_weapon(me, weapon_name, ranged if weapon_name is None else None)
        if isinstance(weapon, str):
            return [Refused(me.id, weapon)]
        use = weapon_use(weapon, world.distance(me, target))
        if isinstance(use, str):
            return [Refused(me.id, use)]
        if use.skill == "Marksmanship" and not world.line_of_sight(me, target):
            return [Refused(me.id, f"no line of sight to {target.name}")]
    sneak = bool((status(me) if seen is None else seen.st_me).get("hidden"))
    try:
        pooled = world.options.group_attacks
    except AttributeError:
        pooled = True
    if not sneak and pooled and len(identical(world, me)) >= group.MIN_FIGHTERS:
        return join_pool(world, me, target, weapon, use)
    effects = full_attack(world, me, target, weapon, use, action, sneak, seen)
    if sneak:
        effects.append(Status(me.id, {"hidden": False}))
    return effects


class Seen(NamedTuple):
    """What :meth:`~tactics.rulesets.fudge_opposed.FudgeOpposed.check` read on its way to allowing an
    attack, handed on to the attack (nothing is applied in between, so it still holds)."""

    st_me: dict[str, Any]
    """The attacker's statuses (:func:`~.state.status`)."""
    usable: list[Weapon]
    """Its weapons in use (:func:`~.state.weapons`)."""
    distance: float
    """Metres to the target (3-D)."""


def full_attack(world: Any, me: Any, target: Any, weapon: Weapon, use: Use, action: str,
                sneak: bool = False, seen: Seen | None = None) -> list[Effect]:
    """One strike, and a second with the other hand's weapon or a two-shots weapon's second shot
    (unless the first put the weapon out of use or the target out of the fight)."""
    if seen is None:
        st_me, usable, distance = status(me), None, world.distance(me, target)
    else:
        st_me, usable, distance = seen
    tst = status(target)   # the target's statuses before either strike (the second asks a let-go again)
    sides = (use, *contest_sides(world, me, target, use, st_me, tst))   # the second weapon's too, mostly
    effects = strike(world, me, target, weapon, use, action, sneak, st_me, distance, tst, sides)
    second = dual_partner(me, weapon, usable) or (weapon if weapon.two_shots else None)
    if second is None:
        return effects
    left, jammed, tid = target.tracks.get("hp", 0), False, target.id   # (harm_in and the jam, one pass)
    for e in effects:
        if isinstance(e, Harm):
            if e.who == tid:
                left += e.changes.get("hp", 0)
        elif isinstance(e, Status) and "jammed" in e.changes:
            jammed = True
    if left > 0:
        use2 = weapon_use(second, distance)
        if not isinstance(use2, str) and not jammed:
            effects += strike(world, me, target, second, use2, action, False, st_me, distance, tst, sides)
    return effects


# -- group attacks --------------------------------------------------------------
def identical(world: Any, me: Any) -> list[Any]:
    """Able team-mates of the same sheet as ``me``, ``me`` included."""
    key = None   # the sheet's encoding, made only when a team-mate's sheet is another object
    out = []
    for u in world.units():
        if u.team != me.team or not u.able:
            continue
        if u.sheet is not me.sheet:
            if key is None:
                key = sheet_key(me.sheet)
            if sheet_key(u.sheet) != key:
                continue
        out.append(u)
    return out


def still_to_act(world: Any, me: Any, r: int) -> list[Any]:
    """Identical fighters with a turn still to come in round ``r``."""
    sched = memo_of(world).schedule
    return [u for u in identical(world, me) if u.id != me.id and state_of(u).last_round != r
            and (sched is None or sched.acts_in(u.id, r))]


def join_pool(world: Any, me: Any, target: Any, weapon: Weapon, use: Use) -> list[Effect]:
    """Add ``me``'s attack to the pool on ``target``; resolve it if nobody identical is left to act."""
    kind = "fire" if use.skill == "Marksmanship" else "dogpile"
    r = state_of(me).last_round
    key = (target.id, sheet_key(me.sheet), weapon.name, kind, r, me.team)
    pool = memo_of(world).pools.setdefault(key, [])
    pool.append(Pending(me.id, weapon.name, group.weight(dual_partner(me, weapon) is not None, weapon.two_shots)))
    state_of(me).last_weapon = weapon.name
    effects: list[Effect] = [Note(me.id, f"joins the {group.LABEL[kind]} on {target.name} "
                                         f"({len(pool)} fighter{'s' if len(pool) > 1 else ''} so far)")]
    if not still_to_act(world, me, r):
        effects += resolve_pool(world, key)
    return effects


def resolve_ready_pools(world: Any, me: Any) -> list[Effect]:
    """At the end of ``me``'s turn: the pools of its kind nobody identical is left to join."""
    pools = memo_of(world).pools
    if not pools:
        return []   # nothing waits (the usual case: no sheet's encoding made every turn)
    r = state_of(me).last_round
    key_sheet = sheet_key(me.sheet)
    out: list[Effect] = []
    for key in list(pools):
        if key[1] == key_sheet and key[4] == r and key[5] == me.team and not still_to_act(world, me, r):
            out += resolve_pool(world, key)
    return out


def resolve_stale_pools(world: Any, r: int) -> list[Effect]:
    """At the start of round ``r``: pools of earlier rounds that never saw their last member."""
    out: list[Effect] = []
    for key in list(memo_of(world).pools):
        if key[4] is not None and key[4] < r:
            out += resolve_pool(world, key)
    return out


def resolve_pool(world: Any, key: tuple[Any, ...]) -> list[Effect]:
    members = memo_of(world).pools.pop(key, [])
    if not members:
        return []
    target_id, _, weapon_name, kind = key[0], key[1], key[2], key[3]
    target = world.unit(target_id)
    if not target.able:
        return [Note(members[-1].who, f"the {group.LABEL[kind]} on {target.name} is called off: it is out")]
    groups, singles = group.split([(m.who, m.weight) for m in members], kind)
    effects: list[Effect] = []
    for g in groups:
        effects += group_strike(world, [world.unit(uid) for uid, _ in g], sum(w for _, w in g), target,
                                weapon_name, kind)
    for uid, _ in singles:
        me = world.unit(uid)
        weapon = find_weapon(me, weapon_name)
        use = weapon_use(weapon, world.distance(me, target)) if not isinstance(weapon, str) else weapon
        if isinstance(weapon, str) or isinstance(use, str):
            effects.append(Refused(uid, use if isinstance(use, str) else str(weapon)))
            continue
        action = "shoot" if weapon.ranged else "melee"
        effects += full_attack(world, me, target, weapon, use, action)
    return effects


def group_strike(world: Any, members: list[Any], attackers: int, target: Any, weapon_name: str,
                 kind: str) -> list[Effect]:
    """The target's one roll against the group's difficulty; one hit per point short."""
    label = group.LABEL[kind]
    last = members[-1]
    effects, tst = ask_let_go(world, last, target, label)
    skill_name = group.ATTACK_SKILL[kind]
    worst: tuple[Any, ...] | None = None
    light = "bright"
    usable = []
    for m in members:
        weapon = find_weapon(m, weapon_name)
        use = weapon_use(weapon, world.distance(m, target)) if not isinstance(weapon, str) else weapon
        if isinstance(use, str):
            effects.append(Refused(m.id, use))
            continue
        mods, light = situation(world, m, target, Use(skill_name, group.DEFENCE[kind], use.mods))
        usable.append((m, weapon))
        if worst is None or sum(v for _, v in mods) < sum(v for _, v in worst):
            worst = mods
    if not usable:
        return effects
    skill = last.sheet.skill(skill_name)
    b = group.bonus(attackers)
    difficulty = skill + sum(v for _, v in worst or ()) + b
    defence = group.DEFENCE[kind]
    rating, dmods = conditions.defence(tst, defence, target.sheet.skill(defence), target.sheet.shield)
    side = Side(target.id, defence, rating, dmods)
    faces = world.dice.fudge(4)
    total = side.base + sum(faces)
    n = group.hits(difficulty, total, attackers)
    roll = Roll(dice=DICE, faces=faces, total=total, success=total >= difficulty, mode="meet", target=difficulty,
                mods=side.mod_list(), target_mods=[(skill_name, skill), *(worst or ()), (label, b)],
                vs_who=last.id, margin=total - difficulty, result="tie" if total == difficulty else "",
                tags=["group", f"one {defence} roll of {target.name} against all {len(members)} {last.name}s"
                               f" ({attackers} attackers: +{b})",
                      f"{n} hit{'' if n == 1 else 's'}: one per point short"])
    weapon = usable[-1][1]
    damage = melee_damage(last, weapon)
    per_hit = max(0, damage - target.sheet.soak)
    harm = n * per_hit
    details = [("attackers", attackers), ("fighters", len(members)), (f"{label} bonus", b), ("hits", n),
               ("Damage", damage), ("Soak", -target.sheet.soak), ("harm", harm)]
    changes = {"hp": -harm} if harm else {}
    effects.append(Attacked(last.id, target.id, label, weapon_name, roll, n > 0, dict(changes), details,
                            distance=world.distance(last, target), light=light))
    if harm:
        effects.append(Harm(target.id, changes, f"{label} by {len(members)} x {last.name}"))
    return effects


__all__ = ["LET_GO", "let_go_window", "release", "ask_let_go", "situation", "contest_sides", "strike",
           "harm_in", "attack", "full_attack",
           "identical", "still_to_act", "join_pool", "resolve_ready_pools", "resolve_stale_pools", "resolve_pool",
           "group_strike"]
