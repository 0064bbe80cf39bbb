"""Odds and expected harm of one Mano a Mano attack, as the rules work them out.

Odds follow the rules exactly (DECISIONS · Dice and success): an attack hits
when ``d20 + attack > difficulty``, a natural 20 always hits::

    >>> hit_chance(4, 12)      # needs 9 or more on the d20
    0.6
    >>> hit_chance(0, 30)      # only a natural 20
    0.05

Expected harm weighs damage above stun (stun wears off one point a turn,
damage stays): ``harm_value(power, absorbed, sharpness)``. :func:`estimate`
gives an :class:`Estimate` of one action with one weapon on one target
(stances, darkness, range, charge, armor avoided when it pays), remembered in
the encounter's memo by the :func:`matchup` of both sides. Everything reads the
read-only view and the pure rules of :mod:`tactics.rulesets.mano_a_mano`.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from tactics.rules.ranged import DARKNESS_TABLE, darkness_difficulty, range_difficulty
from tactics.rulesets.mano_a_mano import ACTIONS, Weapon, armor_effect, stance_modifiers
from tactics.rulesets.mano_a_mano.resolve import MELEE_REACH_M
from tactics.sim.plan import Act
from tactics.sim.view import UnitView, View

STUN_WEIGHT = 0.6
"""Stun is worth less than damage: it wears off a point a turn (000 · Rounds)."""
STANDING, ON_THE_GROUND = "standing", "on_the_ground"
"""The two postures of the stance table (000 · Stance and Position)."""


def _scenario_memo(view: Any, name: str) -> dict:
    """The memo ``name`` the fights of a scenario share (``view.shared``; sheets, not ids, in its keys)."""
    shared = view.shared.get(name)
    if shared is None:
        shared = view.shared[name] = {}
    return shared


def posture(u: UnitView) -> str:
    """``u``'s posture as the stance table names it."""
    return ON_THE_GROUND if u.prone else STANDING


# -- odds and harm ----------------------------------------------------------
def hit_chance(attack: float, difficulty: float) -> float:
    """P(d20 + attack > difficulty); a natural 20 always succeeds (DECISIONS · Dice)."""
    need = math.floor(difficulty - attack) + 1  # smallest die that succeeds
    wins = 21 - max(need, 1)
    return max(1, min(20, wins)) / 20.0


def harm_value(power: float, absorbed: float, sharpness: str, only_stun: bool = False, min_stun: int = 0) -> float:
    """Weighted harm of ``power`` against ``absorbed`` armor (000 · Health · Sharpness)."""
    p = max(0.0, power - absorbed)
    if only_stun:
        return max(p, float(min_stun)) * STUN_WEIGHT
    if sharpness == "sharp":
        return p
    if sharpness == "padded":
        return p * STUN_WEIGHT
    dmg = math.floor(p / 2)
    return dmg + (p - dmg) * STUN_WEIGHT


def armor_options(ch: Any) -> list[tuple[tuple[str, ...], int, int]]:
    """Every way to aim around ``ch``'s armor: ``(pieces avoided, absorbed, extra difficulty)`` (000 · Armor)."""
    zones = ch.armor_zones
    names = sorted({n for z in zones for n in z.pieces if not z.complete})
    out: list[tuple[tuple[str, ...], int, int]] = []
    for k in range(0, min(len(names), 3) + 1):
        for combo in itertools.combinations(names, k):
            try:
                absorbed, extra = armor_effect(zones, combo)
            except ValueError:
                continue
            out.append((combo, absorbed, extra))
    if not out:
        out = [((), 0, 0)]
    return out


def thrown_range_difficulty(action: str, d: float, rng: float) -> int:
    """The range difficulty of ``action`` at ``d`` of ``rng`` metres; none for a throw whose range is
    arm's reach (a heaved unwieldy rock reaches the next space unhindered, as the engine rules)."""
    if ACTIONS[action].kind == "throw" and rng <= MELEE_REACH_M:
        return 0
    return range_difficulty(d, rng)


# -- one attack, estimated ------------------------------------------------
PLANNING = "matchups while planning"
"""The memo key of the matchups one plan builds: there only while a policy passing its plans through
:class:`.lawful.Lawful` plans (nothing moves meanwhile, so a pair's matchup stays what it was)."""
_MISSING = object()
"""A memo's "not there yet" (None is a remembered answer: the attack is impossible)."""
_AFAR = frozenset(name for name, spec in ACTIONS.items() if spec.kind in ("throw", "shot"))
"""The actions whose odds read the range (a shot or a throw)."""
_DARK_KIND = {"strike": "strike", "grapple": "grapple", "throw": "ranged", "shot": "ranged"}
"""The darkness-table column of each attack kind."""


class Estimate:
    """An attack option: action, weapon, armor avoided, odds and expected weighted harm."""

    __slots__ = ("action", "weapon", "avoid", "p", "harm", "power", "ev")

    def __init__(self, action: str, weapon: str | None, avoid: tuple[str, ...], p: float, harm: float, power: float) -> None:
        self.action, self.weapon, self.avoid, self.p, self.harm, self.power = action, weapon, avoid, p, harm, power
        self.ev = p * harm
        """The expected weighted harm, ``p * harm`` (a slot: weighed many times a turn, never changed)."""

    def act(self, target: UnitView) -> Act:
        return Act(self.action, target=target.id, weapon=self.weapon, avoid_armor=self.avoid)

    def __repr__(self) -> str:
        return f"<{self.action} {self.weapon} p={self.p:.2f} harm={self.harm:.1f}>"


def matchup(view: View, me: UnitView, target: UnitView, me_posture: str | None = None) -> tuple:
    """What both sides bring to the odds of any attack of ``me`` on ``target``, as a memo key.

    Both sheets, ``me``'s posture (or ``me_posture``), whether the target is
    ``me``'s grapple partner, both grapple roles (``UnitView.role``), attacking from above, the
    target's defense bonus and the light at the target. :func:`estimate` and
    :func:`best_melee` key their memos on it. While a policy plans (:data:`PLANNING` open in the
    memo) nothing moves, so one plan builds it once per pair and the guard of
    :mod:`.lawful` reads the policy's.
    """
    scope = view.memo.get(PLANNING)
    if scope is not None:
        key = (me, target, me_posture)  # the views themselves (one per fighter): no id read
        got = scope.get(key)
        if got is not None:
            return got
    sheet, prone, partner, role, _, _, z, _ = me.glance  # one read of each side (UnitView.glance)
    tsheet, tprone, tpartner, trole, tx, ty, tz, tstate = target.glance
    m = (id(sheet), id(tsheet), me_posture or (ON_THE_GROUND if prone else STANDING),  # posture(me)
         partner is not None and partner == target.id, role if partner else None,
         ON_THE_GROUND if tprone else STANDING, trole if tpartner else None,  # posture(target)
         z >= tz + 1.0, tstate.defense_bonus_total() if tstate.defense_bonus else 0,  # (none most turns)
         view.map.light_at(tx, ty))
    if scope is not None:
        scope[key] = m
    return m


def note_chances(view: View, acts: tuple[Act, ...], chances: tuple[float, ...]) -> None:
    """While a plan is made (:data:`PLANNING`), leave the chance of each of ``acts``: hand-to-hand
    attacks a policy built from its own estimates of them, on the matchup of this plan (the chance
    of a blow reads neither where it is struck from nor an aim). The guard of :mod:`.lawful` reads
    it back (:func:`noted_chance`) instead of working the odds out again."""
    scope = view.memo.get(PLANNING)
    if scope is not None:
        for a, p in zip(acts, chances):
            scope[id(a)] = (a, p)  # the act itself kept: its id is no other's while the plan is made


def noted_chance(view: View, act: Act) -> float | None:
    """The chance :func:`note_chances` left for ``act`` (this very object) in this plan, or None."""
    scope = view.memo.get(PLANNING)
    got = None if scope is None else scope.get(id(act))
    return got[1] if got is not None and got[0] is act else None


def estimate(view: View, me: UnitView, target: UnitView, action: str, weapon: Weapon | None,
             charge_m: float = 0.0, distance: float | None = None, aim: int = 0,
             me_posture: str | None = None, match: tuple | None = None) -> Estimate | None:
    """Best estimate of ``action`` with ``weapon`` on ``target`` (armor avoided when it pays); None if impossible.

    Remembered in the encounter's memo for the state it depends on (the
    :func:`matchup`, charge, aim and, for a shot or a throw, the range difficulty: the
    distance counts only through it), so repeated turns of a long melee or an archer
    weighing many spots cost a lookup, and in the scenario-shared cache by the same with
    the sheets and the weapon themselves (the fights of a batch meet the same matchups).
    ``match`` is the matchup when the caller has it already.
    """
    if match is None:
        match = matchup(view, me, target, me_posture)
    memos = view.memo
    memo = memos.get("estimates")
    if memo is None:
        memo = memos["estimates"] = {}
    steps = None
    if weapon is not None and action in _AFAR:
        steps = _range_steps(view, me, target, match, weapon, action, distance, memos)
    key = (match, action, id(weapon), charge_m, aim, steps)
    got = memo.get(key, _MISSING)
    if got is not _MISSING:
        return got
    if len(memo) > 20_000:
        memo.clear()
    # the fights of a scenario meet the same matchups: then its shared cache, by the same key (the sheets and
    # the weapon kept with the answer, so the ids in the key stay theirs)
    shared = _scenario_memo(view, "estimates")
    kept = shared.get(key)
    if kept is None:
        if len(shared) > 20_000:
            shared.clear()
        kept = shared[key] = (me.character, target.character, weapon,
                              _estimate(view, me, target, action, weapon, charge_m, distance, aim, match))
    got = memo[key] = kept[3]
    return got


def worst_blow(view: View, ch: Any, tc: Any, act: Act) -> tuple[int, int] | None:
    """The attack and the difficulty of the blow ``act`` (a strike or a grapple) by the sheet ``ch`` on the
    sheet ``tc`` at its worst for two fighters on their feet and out of any grapple, before the target's
    defense bonus: in the darkest light, the armor it aims around counted; None for any other act, or
    without the weapon it names.

    The guard of :mod:`.lawful` proves a blow's chance from it (:func:`~.lawful.sure_blow`): for two
    such fighters :func:`act_chance` works out ``hit_chance(attack, difficulty + dark + bonus + armor)``,
    the stances adding nothing (000 · Stance and Position: the standing row of the table has no
    modifier, from above or not) and the light at most the darkest row of the table (000 · Attacking ·
    Attacking in the Dark), so the chance is at least ``hit_chance`` of these numbers with the bonus
    added. Pure in the sheets and the act: kept in the scenario-shared cache.
    """
    spec = ACTIONS.get(act.action)
    if spec is None or spec.kind not in ("strike", "grapple"):
        return None
    shared = _scenario_memo(view, "worst blows")
    avoid = tuple(act.avoid_armor)
    key = (ch, tc, spec.name, act.weapon, avoid)
    got = shared.get(key, _MISSING)
    if got is _MISSING:
        if len(shared) > 20_000:
            shared.clear()
        got = shared[key] = _worst_blow(spec, ch, tc, act.weapon, avoid)
    return got


def _worst_blow(spec: Any, ch: Any, tc: Any, wname: str | None, avoid: tuple[str, ...]) -> tuple[int, int] | None:
    weapon = None
    if wname:
        try:
            weapon = ch.weapon(wname)
        except KeyError:
            return None
    base = _base(spec, ch, tc, weapon)
    if base is None:
        return None
    attack, defense, _, _ = base
    if not ch.blind:
        defense += max(darkness_difficulty(light, _DARK_KIND[spec.kind]) for light in DARKNESS_TABLE)
    if spec.harms:  # as act_chance: exactly the armor avoided, or none when no way of the sheet matches
        defense += ([o for o in armor_options(tc) if o[0] == avoid] or [((), 0, 0)])[0][2]
    return attack, defense


def _range_steps(view: View, me: UnitView, target: UnitView, match: tuple, weapon: Weapon, action: str,
                 distance: float | None, memo: dict | None = None) -> int:
    """The range difficulty of a shot or throw (-1: out of range), all the distance counts through
    (``memo``: ``view.memo``, when the caller has it)."""
    d = distance if distance is not None else view.distance(me, target)
    if memo is None:
        memo = view.memo
    ranges = memo.get("ranges")
    if ranges is None:
        ranges = memo["ranges"] = {}
    rkey = (match[0], id(weapon), action)  # the range is the sheet's (in the matchup), weapon's, action's
    rng = ranges.get(rkey)
    if rng is None:
        rng = ranges[rkey] = view.max_range(me, weapon, action)
    return -1 if rng <= 0 or d > rng else thrown_range_difficulty(action, d, rng)


def _sides(view: View, me: UnitView, match: tuple, kind: str, aiming: bool) -> tuple[int, int, int] | None:
    """What the matchup adds to an attack of ``kind``: (attack stance, defense stance, darkness).

    None when a stance makes the attack impossible. Remembered per (matchup,
    kind, aiming): every weapon and action of that kind shares it.
    """
    memo = view.memo.get("attack sides")
    if memo is None:
        memo = view.memo["attack sides"] = {}
    key = (match, kind, aiming)
    got = memo.get(key, _MISSING)
    if got is not _MISSING:
        return got
    if len(memo) > 20_000:
        memo.clear()
    _, _, posture, partner, my_role, target_posture, target_role, from_above, _, light = match
    att = _stance_sum(view, (posture, my_role, kind, "attack", partner, from_above, aiming))
    dfn = None if att is None else _stance_sum(view, (target_posture, target_role, kind, "defense", partner,
                                                      from_above, False))
    if att is None or dfn is None:
        got = None
    else:
        got = (att, dfn, 0 if me.character.blind else darkness_difficulty(light, _DARK_KIND[kind]))
    memo[key] = got
    return got


def _stance_sum(view: View, stance: tuple) -> int | None:
    """Sum of :func:`stance_modifiers` for ``stance`` = (posture, grapple role, kind, role, partner, from above,
    aiming); None when the stance cannot make the roll. Remembered: both sides of a duel share most stances."""
    memo = view.memo.get("stance sums")
    if memo is None:
        memo = view.memo["stance sums"] = {}
    got = memo.get(stance, _MISSING)
    if got is _MISSING:
        posture, grapple_role, kind, role, partner, from_above, aiming = stance
        try:
            got = sum(m[1] for m in stance_modifiers(posture, grapple_role, kind, role=role, vs_grapple_partner=partner,
                                                     from_above=from_above, aiming=aiming))
        except ValueError:
            got = None
        memo[stance] = got
    return got


def act_chance(view: View, me: UnitView, target: UnitView, action: str, weapon: Weapon | None,
               avoid: tuple[str, ...] = (), distance: float | None = None, aim: int = 0,
               match: tuple | None = None) -> float | None:
    """The chance of ``action`` as planned: aimed around exactly the armor pieces ``avoid`` (where
    :func:`estimate` picks the way with the best expected harm); None if impossible.

    Remembered as :func:`estimate` is, in the encounter's memo and the scenario-shared cache (the
    matchup, the weapon, the armor avoided, the aim and, for a shot or a throw, the range
    difficulty), so the guard of :mod:`.lawful` asking about the attack a policy planned costs a lookup.
    """
    if type(avoid) is not tuple:
        avoid = tuple(avoid)
    match = matchup(view, me, target) if match is None else match
    memos = view.memo
    steps = None
    if weapon is not None and action in _AFAR:
        steps = _range_steps(view, me, target, match, weapon, action, distance, memos)
    memo = memos.get("act chances")
    if memo is None:
        memo = memos["act chances"] = {}
    key = (match, action, id(weapon), avoid, aim, steps)
    got = memo.get(key, _MISSING)
    if got is _MISSING:
        if len(memo) > 20_000:
            memo.clear()
        shared = _scenario_memo(view, "act chances")  # then the fights of the scenario, by the same key
        kept = shared.get(key)
        if kept is None:
            if len(shared) > 20_000:
                shared.clear()
            armor = [o for o in _armor(view, target.character) if o[0] == avoid] or [((), 0, 0)]
            e = _estimate(view, me, target, action, weapon, 0.0, distance, aim, match, armor)
            # the sheets and the weapon kept with the answer: the ids in the key stay theirs
            kept = shared[key] = (me.character, target.character, weapon, None if e is None else e.p)
        got = memo[key] = kept[3]
    return got


def _estimate(view: View, me: UnitView, target: UnitView, action: str, weapon: Weapon | None,
              charge_m: float, distance: float | None, aim: int, match: tuple,
              armor: list[tuple[tuple[str, ...], int, int]] | None = None) -> Estimate | None:
    spec = ACTIONS[action]
    kind = spec.kind
    sides = _sides(view, me, match, kind, bool(aim))
    if sides is None:
        return None
    att, dfn, dark = sides
    base = _base(spec, me.character, target.character, weapon)
    if base is None:
        return None
    attack, defense, power, sharp = base
    attack += att
    defense += dfn
    defense += match[8]  # the target's defense bonus
    if kind in ("throw", "shot") and weapon is not None:
        d = distance if distance is not None else view.distance(me, target)
        rng = view.max_range(me, weapon, action)
        if rng <= 0 or d > rng:
            return None
        defense += thrown_range_difficulty(action, d, rng)
    defense += dark  # 0 for a blind attacker
    if spec.double_power:
        power *= 2
    if charge_m > 5.0 and kind in ("strike", "grapple"):
        power += math.floor(charge_m) - 5
    return _around_armor(action, spec, weapon.name if weapon else None, attack, defense, power, sharp,
                         _armor(view, target.character) if armor is None else armor)


def _base(spec: Any, ch: Any, tc: Any, weapon: Weapon | None) -> tuple[int, int, int, str] | None:
    """The numbers of ``spec`` by the sheet ``ch`` on the sheet ``tc`` before stances, light, range, the
    target's defense bonus and armor: (attack with the action's own bonus, difficulty with the action's
    own, power, sharpness); None without the weapon it needs (000 · List of Actions; 000 · Attacking)."""
    kind = spec.kind
    if kind == "grapple":
        attack = ch.grapple_attack
        defense = tc.grapple_defense
        power = ch.strength
        sharp = spec.sharpness or "blunt"
    elif kind in ("throw", "shot"):
        if weapon is None:
            return None
        attack = ch.throw_modifier if kind == "throw" else ch.attack_with(weapon)
        if kind == "throw" and weapon.kind == "hand":
            attack = ch.throw_modifier
        defense = tc.missile_defense
        power = ch.power_with(weapon)
        sharp = weapon.sharpness
    else:
        if weapon is None:
            return None
        attack = ch.attack_with(weapon)
        defense = tc.melee_defense
        power = ch.power_with(weapon)
        sharp = weapon.sharpness
    return attack + spec.attack_bonus, defense + (spec.difficulty_bonus or 0), power, sharp


def _armor(view: View, tc: Any) -> list[tuple[tuple[str, ...], int, int]]:
    """:func:`armor_options` of the sheet ``tc``, remembered in the encounter's memo."""
    options = view.memo.get("armor options")
    if options is None:
        options = view.memo["armor options"] = {}
    armor = options.get(id(tc))
    if armor is None:
        armor = options[id(tc)] = armor_options(tc)
    return armor


def _around_armor(action: str, spec: Any, wname: str | None, attack: float, defense: float, power: float,
                  sharp: str, armor: list[tuple[tuple[str, ...], int, int]]) -> Estimate:
    """``action`` (its ``spec``) with these numbers, aimed the best way around the target's ``armor``."""
    if not spec.harms:
        return Estimate(action, wname, (), hit_chance(attack, defense), 0.0, 0.0)
    best: Estimate | None = None
    for avoid, absorbed, extra in armor:
        if spec.only_stun:
            h = harm_value(power, absorbed, sharp, only_stun=True, min_stun=2)
        else:
            h = harm_value(power, absorbed, sharp)
        e = Estimate(action, wname, avoid, hit_chance(attack, defense + extra), h, power)
        if best is None or e.ev > best.ev + 1e-9:
            best = e
    assert best is not None  # armor_options always offers at least one way
    return best
