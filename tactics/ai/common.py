"""What every policy needs: odds, expected harm, targets, approach and team fields.

The policies of :mod:`tactics.ai` are small; the arithmetic they share lives
here. Everything reads the read-only :class:`~tactics.sim.View` and the pure
rules; nothing changes the world.

Odds follow the rules exactly (DECISIONS · Dice and success): an attack hits
when ``d20 + attack > difficulty``, a natural 20 always hits::

    >>> hit_chance(4, 12)      # needs 9 or more on the d20
    0.6
    >>> hit_chance(0, 30)      # only a natural 20
    0.05

Expected harm weighs damage above stun (stun wears off one point a turn,
damage stays): ``harm_value(power, absorbed, sharpness)``.

Movement on big maps is steered by a *team field*: one multi-source distance
field from every enemy's cell, computed at most once per team and round and
shared by the whole team (the map caches fields per goals and mover), so a
hundred units do not each run a path search across the map every turn. Close
to the target the engine's own short path search finishes the approach.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from tactics.map import CLIMB_DIFFICULTY, Mover
from tactics.rules import ACTIONS, Weapon, combo_size, darkness_difficulty, range_difficulty
from tactics.rules.armor import armor_effect
from tactics.rules.stances import stance_modifiers
from tactics.sim.plan import Act, MoveTo, Plan
from tactics.sim.view import MELEE_REACH_M, MELEE_REACH_UP_M, UnitView, View

STOP_M = 1.8
"""How close a melee fighter walks to its target: inside the 3 m reach with room to spare."""
STUN_WEIGHT = 0.6
"""Stun is worth less than damage: it wears off a point a turn (000 · Rounds)."""
FOCUS_SLACK_M = 4.0
"""An injured enemy is preferred over a healthy one up to this many metres farther (team focus)."""


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


# -- weapons ---------------------------------------------------------------
def melee_weapons(ch: Any) -> list[Weapon]:
    return [w for w in ch.weapons if w.kind in ("natural", "hand")]


def weapon_instances(ws: list[Weapon]) -> list[Weapon]:
    """One entry per weapon in hand: two hands are two weapons (000 · Rounds, the combo)."""
    out: list[Weapon] = []
    for w in ws:
        out.extend([w] * max(1, int(w.count)))
    return out


def combo_allowance(me: UnitView, multiple_weapons: bool = True) -> int:
    """Quick actions a combo may hold, as the engine counts them (000 · Rounds): the +1 comes only
    when the combo's actions use several weapons (a pair of hands counts as two; a grappling
    action counts as one), so actions all with one bow get ``multiple_weapons=False``."""
    ch = me.character
    multiple = multiple_weapons and (len(ch.weapons) > 1 or any(w.count > 1 for w in ch.weapons))
    return combo_size(ch.speed, multiple, me.health)


# -- one attack, estimated ------------------------------------------------
_MISSING = object()
"""A memo's "not there yet" (None is a remembered answer: the attack is impossible)."""
_DARK_KIND = {"strike": "strike", "grapple": "grapple", "throw": "ranged", "shot": "ranged"}
"""The darkness-table column of each attack kind."""


class Estimate:
    """An attack option: action, weapon, armor avoided, odds and expected weighted harm."""

    __slots__ = ("action", "weapon", "avoid", "p", "harm", "power")

    def __init__(self, action: str, weapon: str | None, avoid: tuple[str, ...], p: float, harm: float, power: float) -> None:
        self.action, self.weapon, self.avoid, self.p, self.harm, self.power = action, weapon, avoid, p, harm, power

    @property
    def ev(self) -> float:
        return self.p * self.harm

    def act(self, target: UnitView) -> Act:
        return Act(self.action, target=target.id, weapon=self.weapon, avoid_armor=self.avoid)

    def __repr__(self) -> str:
        return f"<{self.action} {self.weapon} p={self.p:.2f} harm={self.harm:.1f}>"


def matchup(view: View, me: UnitView, target: UnitView, me_posture: str | None = None) -> tuple:
    """What both sides bring to the odds of any attack of ``me`` on ``target``, as a memo key.

    Both sheets, ``me``'s posture (or ``me_posture``), whether the target is
    ``me``'s grapple partner, both grapple roles, attacking from above, the
    target's defense bonus and the light at the target. :func:`estimate` and
    :func:`best_melee` key their memos on it, so one turn builds it once.
    """
    grapple = me.grapple
    tx, ty, tz = target.pos
    return (id(me.character), id(target.character), me_posture or me.posture, grapple == target.id,
            me.grapple_role if grapple else None, target.posture,
            target.grapple_role if target.grapple else None, me.z >= tz + 1.0,
            target.defense_bonus, view.map.light_at(tx, ty))


def estimate(view: View, me: UnitView, target: UnitView, action: str, weapon: Weapon | None,
             charge_m: float = 0.0, distance: float | None = None, aim: int = 0,
             me_posture: str | None = None, match: tuple | None = None) -> Estimate | None:
    """Best estimate of ``action`` with ``weapon`` on ``target`` (armor avoided when it pays); None if impossible.

    Remembered in the encounter's memo for the state it depends on (the
    :func:`matchup`, range, charge, aim), so repeated turns of a long melee
    cost a lookup. ``match`` is the matchup when the caller has it already.
    """
    if match is None:
        match = matchup(view, me, target, me_posture)
    memo = view.memo.setdefault("estimates", {})
    key = (match, action, id(weapon), charge_m, distance, aim,
           None if distance is not None or ACTIONS[action].kind not in ("throw", "shot")
           else round(view.distance(me, target), 6))
    try:
        return memo[key]
    except KeyError:
        pass
    if len(memo) > 20_000:
        memo.clear()
    memo[key] = got = _estimate(view, me, target, action, weapon, charge_m, distance, aim, match)
    return got


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


def _estimate(view: View, me: UnitView, target: UnitView, action: str, weapon: Weapon | None,
              charge_m: float, distance: float | None, aim: int, match: tuple) -> Estimate | None:
    spec = ACTIONS[action]
    kind = spec.kind
    sides = _sides(view, me, match, kind, bool(aim))
    if sides is None:
        return None
    att, dfn, dark = sides
    ch, tc = me.character, target.character
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
    attack += spec.attack_bonus
    attack += att
    defense += dfn
    defense += match[8] + (spec.difficulty_bonus or 0)  # the target's defense bonus
    if kind in ("throw", "shot") and weapon is not None:
        d = distance if distance is not None else view.distance(me, target)
        rng = view.max_range(me, weapon, action)
        if rng <= 0 or d > rng:
            return None
        defense += range_difficulty(d, rng)
    defense += dark  # 0 for a blind attacker
    if spec.double_power:
        power *= 2
    if charge_m > 5.0 and kind in ("strike", "grapple"):
        power += math.floor(charge_m) - 5
    return _around_armor(action, spec, weapon.name if weapon else None, attack, defense, power, sharp, _armor(view, tc))


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


def _strikes(view: View, me: UnitView, target: UnitView, match: tuple, action: str,
             charge_m: float) -> tuple[Estimate | None, ...]:
    """:func:`estimate` of the hand-to-hand ``action`` with each of ``melee_weapons(me.character)``, in one pass.

    The same numbers as :func:`_estimate` gives one weapon at a time (the
    target's side of the roll is shared by every weapon), remembered per
    (matchup, action, charge): a turn that only changes the attacker's health
    reuses them.
    """
    memo = view.memo.get("strikes")
    if memo is None:
        memo = view.memo["strikes"] = {}
    key = (match, action, charge_m)
    got = memo.get(key)
    if got is not None:
        return got
    if len(memo) > 20_000:
        memo.clear()
    ch, tc = me.character, target.character
    ws = melee_weapons(ch)
    spec = ACTIONS[action]
    assert spec.kind == "strike", action  # the target's side below is a strike's (melee defense)
    sides = _sides(view, me, match, spec.kind, False)
    if sides is None:
        got = (None,) * len(ws)
    else:
        att, dfn, dark = sides
        defense = tc.melee_defense
        defense += dfn
        defense += match[8] + (spec.difficulty_bonus or 0)  # the target's defense bonus
        defense += dark
        armor = _armor(view, tc)
        bonus = math.floor(charge_m) - 5 if charge_m > 5.0 else 0
        row = []
        for w in ws:
            attack = ch.attack_with(w)
            attack += spec.attack_bonus
            attack += att
            power = ch.power_with(w)
            if spec.double_power:
                power *= 2
            if bonus:
                power += bonus
            row.append(_around_armor(action, spec, w.name, attack, defense, power, w.sharpness, armor))
        got = tuple(row)
    memo[key] = got
    return got


def best_melee(view: View, me: UnitView, target: UnitView, charge_m: float = 0.0,
               allow_strenuous: bool | None = None) -> list[Estimate]:
    """The best hand-to-hand turn against ``target``: one strenuous strike or a combo of quick strikes.

    Returns the attacks in order (the first one carries any charge bonus).
    Remembered in the encounter's memo for everything the choice reads (the
    :func:`matchup`, charge, health for the combo and the strenuous strikes),
    so a turn of a long melee costs one key instead of a dozen estimates.
    """
    return list(melee_choice(view, me, target, charge_m, allow_strenuous))


def melee_choice(view: View, me: UnitView, target: UnitView, charge_m: float = 0.0,
                 allow_strenuous: bool | None = None, match: tuple | None = None) -> tuple[Estimate, ...]:
    """:func:`best_melee` as the remembered tuple itself: the same state gives the same (identical) tuple,
    so a policy may key what it derives from the choice (acts, a description) on it. ``match``: the
    :func:`matchup` when the caller has it already."""
    if match is None:
        match = matchup(view, me, target)
    memo = view.memo.get("best melee")
    if memo is None:
        memo = view.memo["best melee"] = {}
    key = (match, charge_m, allow_strenuous, me.health)
    got = memo.get(key)
    if got is None:
        if len(memo) > 20_000:
            memo.clear()
        # the fights of one scenario meet the same matchups: ask their shared cache (sheets, not ids, in its key)
        shared = view.shared.get("best melee")
        if shared is None:
            shared = view.shared["best melee"] = {}
        skey = (me.character, target.character, match[2:], charge_m, allow_strenuous, me.health)
        got = shared.get(skey)
        if got is None:
            if len(shared) > 20_000:
                shared.clear()
            got = shared[skey] = tuple(_best_melee(view, me, target, charge_m, allow_strenuous, match))
        memo[key] = got
    return got


def _best_melee(view: View, me: UnitView, target: UnitView, charge_m: float,
                allow_strenuous: bool | None, match: tuple) -> list[Estimate]:
    """:func:`best_melee` worked out: the combo of quick strikes, then each strenuous strike, best sum of EV wins
    (the first best, as ``max`` picks it)."""
    ch = me.character
    ws = melee_weapons(ch)
    if not ws:
        return []
    strenuous_ok = me.health == "healthy" and ch.encumbrance == "none" if allow_strenuous is None else allow_strenuous
    best: list[Estimate] | None = None
    best_ev = 0.0
    # one entry per weapon in hand (weapon_instances), estimated once per weapon
    quick: list[tuple[Estimate, int]] = []
    for i, (w, e) in enumerate(zip(ws, _strikes(view, me, target, match, "quick strike", 0.0))):
        if e is not None:
            quick.extend([(e, i)] * max(1, int(w.count)))
    if quick:
        quick.sort(key=lambda ei: -ei[0].ev)
        n = combo_allowance(me)
        # the charge goes to the first strike only (the engine resets the run after an attack)
        first = _strikes(view, me, target, match, "quick strike", charge_m)[quick[0][1]] or quick[0][0]
        best = [first] + [e for e, _ in quick[1:n]]
        best_ev = sum(e.ev for e in best)
    if strenuous_ok and me.posture == "standing":
        for action in ("powerful strike", "strategic strike"):
            for e in _strikes(view, me, target, match, action, charge_m):
                if e is not None:
                    ev = 0 + e.ev  # what sum() of a one-strike turn gives
                    if best is None or ev > best_ev:
                        best, best_ev = [e], ev
    return best or []


# -- targets ---------------------------------------------------------------
def worn(u: UnitView) -> float:
    """How close to incapacitated: (stun + damage) / stamina."""
    return (u.stun + u.damage) / max(1, u.character.stamina)


def pick_target(view: View, me: UnitView, enemies: list[UnitView] | None = None,
                field: Any = None) -> UnitView | None:
    """Team focus: the nearest injured enemy in reach, else the nearest enemy (injured ones count as nearer).

    One pass over the enemies (this runs every turn for every unit).
    """
    enemies = view.enemies() if enemies is None else enemies
    if not enemies:
        return None
    if len(enemies) == 1:
        return enemies[0]  # the only one is the pick, near or far
    mx, my, mz = me.pos
    hyp = math.hypot
    best_reach = None
    best_reach_key: tuple = ()
    best = None
    best_key = math.inf
    for e in enemies:
        ex, ey, ez = e.pos
        d = hyp(ex - mx, ey - my)
        healthy = e.health == "healthy"
        if d <= MELEE_REACH_M and abs(ez - mz) <= MELEE_REACH_UP_M:
            k = (healthy, -worn(e), d)
            if best_reach is None or k < best_reach_key:
                best_reach, best_reach_key = e, k
            continue
        if best_reach is not None:
            continue
        if not healthy:
            d -= FOCUS_SLACK_M
        if e.grapple is not None and e.grapple_role == "inferior":
            d -= 1.0  # an ally has it pinned
        if d < best_key:
            best, best_key = e, d
    return best_reach if best_reach is not None else best


# -- team fields -------------------------------------------------------------


def safe_mover(ch: Any, cell_size: float = 2.0) -> Mover:
    """A :class:`Mover` that only plans jumps the character surely makes.

    The engine refuses or risks jumps the map's planner offers: a jump needs a
    running start (2 m straight, same turn) to reach its full length, a jump
    within 1 m of the limit asks an acrobatics roll (failure over a gap is a
    fall, DECISIONS · Jumping), and a jump leg spends its centre-to-centre
    length of movement. Planning only jumps that are safe *without* a running
    start — gap < running/2 − 1 and gap + one cell ≤ running; rise < running/4 − 1 —
    and only climbs that cannot fail (difficulty ≤ climbing ability: a ladder for
    anyone, a rope for a trained climber; a fall from 10 m is lethal) keeps units
    out of ravines and off ropes they would fall from.
    """
    r = float(ch.running)
    gap = r / 2 - 1.01
    if gap + cell_size > r:
        gap = r - cell_size - 0.01
    rise = r / 4 - 1.01
    # only faces it cannot fall from: climbing roll d20 + climbing > difficulty always succeeds
    surfaces = frozenset(sf for sf, diff in CLIMB_DIFFICULTY.items() if diff <= ch.ability("climbing"))
    return Mover.from_character(ch, max_jump_m=max(0.0, gap), max_jump_height_m=max(0.0, rise),
                                climb_surfaces=surfaces)


def movers(view: View, me: UnitView) -> tuple[Mover, Mover]:
    """(safe, engine's) movers of ``me``; flyers use the engine's for both."""
    real = view.mover(me)
    ch = me.character
    if ch.airspeed > 0:
        return real, real
    memo = view.shared.get("safe movers")
    if memo is None:
        memo = view.shared["safe movers"] = {}
    key = (ch, view.map.cell_size)
    safe = memo.get(key)
    if safe is None:
        safe = memo[key] = safe_mover(ch, view.map.cell_size)
    return safe, real


def _field(view: View, me: UnitView, enemies: list[UnitView], mv: Mover) -> Any:
    # one field per team per round on small maps; every other round on big ones (it only steers)
    tmap = view.map
    every = 1 if tmap.rows * tmap.cols <= 4096 else 2
    rnd = math.floor(view.time / max(1e-9, view.options.round_seconds)) // every
    memo = view.memo
    fields = memo.get("team fields")
    if fields is None:
        fields = memo["team fields"] = {}
    mkey = mv.key
    key = (me.team, mkey)
    hit = fields.get(key)
    if hit is not None and hit[0] == rnd:
        return hit[1]
    f = _distance_field(view, enemies, mv, tmap, mkey)
    fields[key] = (rnd, f)
    return f


FIELD_MEMORY = 64
"""How many fields :func:`_distance_field` (and :func:`_field_answers`) remember, all forgotten when full:
a field holds a cost per cell, and the map keeps its own 256 (a batch meets a handful)."""


def _distance_field(view: View, enemies: list[UnitView], mv: Mover, tmap: Any = None, mkey: tuple | None = None) -> Any:
    """The map's distance field to the enemies' positions for ``mv``, remembered in the scenario-shared
    cache by those positions: the fights of a batch meet the same few (the map keys its own fields by
    cells, which costs more to work out than a look-up by position). ``tmap`` and ``mkey``: ``view.map``
    and ``mv.key`` when the caller has them (the :func:`map_cache` look-up is inline: every approach
    turn asks)."""
    tmap = view.map if tmap is None else tmap
    shared = view.shared.get("distance fields")
    if shared is None or shared[0] is not tmap:
        shared = view.shared["distance fields"] = (tmap, {})
    cache = shared[1]
    goals = tuple([e.pos for e in enemies])
    key = (mv.key if mkey is None else mkey, goals)
    f = cache.get(key)
    if f is None:
        if len(cache) >= FIELD_MEMORY:
            cache.clear()
        f = cache[key] = tmap.distance_field(goals, mv)
    return f


def team_field(view: View, me: UnitView, enemies: list[UnitView], safe: bool = True) -> Any:
    """One multi-source distance field to every enemy, shared by a team for a round.

    Cached in the encounter's ``view.memo`` by (team, mover, round): within a
    round (two rounds on maps of more than 4096 cells) the field is a few
    metres stale at worst, which only steers; the last metres are a real path
    to the real target. ``safe`` plans with :func:`safe_mover`; when that finds
    no way, the engine's own mover is used.
    """
    if not safe:
        return _field(view, me, enemies, movers(view, me)[1])
    return _team_field_at(view, me, enemies, movers(view, me))[0]


def _team_field_at(view: View, me: UnitView, enemies: list[UnitView], mv: tuple[Mover, Mover]) -> tuple[Any, float]:
    """:func:`team_field` (safe) for the movers ``mv`` and its cost at ``me``, read once."""
    sm, real = mv
    x, y, _ = me.pos
    f = _field(view, me, enemies, sm)
    cost = f.cost_at(x, y)
    if sm is not real and cost == math.inf:
        f = _field(view, me, enemies, real)
        cost = f.cost_at(x, y)
    return f, cost


def safe_reachable(view: View, me: UnitView) -> bool:
    """Can ``me`` reach any enemy without a jump that needs a roll or a climb it could fall from?"""
    if me.character.airspeed > 0:
        return True
    enemies = view.enemies()
    if not enemies:
        return False
    return _field(view, me, enemies, movers(view, me)[0]).cost_at(me.x, me.y) < math.inf


def reachable(view: View, me: UnitView, enemies: list[UnitView]) -> bool:
    """Can ``me`` walk (swim, climb, jump) to any enemy at all?"""
    return reach_field(view, me, enemies)[0]


def reach_field(view: View, me: UnitView, enemies: list[UnitView],
                mv: tuple[Mover, Mover] | None = None) -> tuple[bool, Any]:
    """:func:`reachable`, and the team field it read (None for a flyer, which reads none).

    A policy that steers later in the same turn passes that field on to
    :func:`move_toward` or :func:`steer` instead of looking it up again (within
    a turn nothing moves, so it is the very field they would get). ``mv``:
    ``me``'s :func:`movers`, when the caller has them.
    """
    if me.flying or me.character.airspeed > 0:
        return True, None
    f, cost = _team_field_at(view, me, enemies, movers(view, me) if mv is None else mv)
    return cost < math.inf, f


def steer(view: View, me: UnitView, enemies: list[UnitView], metres: float,
          field: Any = None) -> tuple[float, float] | None:
    """A waypoint about ``metres`` down the team field toward the nearest enemy (None if no way).

    ``field``: this turn's :func:`team_field` when the caller has it already.
    """
    f = team_field(view, me, enemies) if field is None else field
    x, y = me.x, me.y
    start_cost = f.cost_at(x, y)
    if start_cost == math.inf:
        return None
    return f.downhill(x, y, metres)


def standable(tmap: Any) -> Any:
    """rows×cols bool: cells one can stand in (the map's own rule, computed once per map)."""
    return tmap.standable


class Route:
    """The moves of one turn along a planned path: ``steps`` (MoveTo), where they end, whether they arrive."""

    __slots__ = ("steps", "end", "cost", "arrives", "total", "note")

    def __init__(self, steps: list[MoveTo], end: tuple[float, float], cost: float, arrives: bool, total: float,
                 note: str = "") -> None:
        self.steps, self.end, self.cost, self.arrives, self.total = steps, end, cost, arrives, total
        self.note = note

    def __bool__(self) -> bool:
        return True


def map_cache(view: View, name: str) -> dict:
    """The scenario-shared cache ``name`` of answers that are pure functions of ``view.map`` (and their keys).

    A map is no dict key (it compares by value), so the cache is kept with the
    map it belongs to and starts afresh when a view of another map asks.
    """
    tmap = view.map
    got = view.shared.get(name)
    if got is None or got[0] is not tmap:
        got = view.shared[name] = (tmap, {})
    return got[1]


ROUTE_MEMORY = 20_000
"""How many :func:`route` answers the scenario-shared cache keeps (all are forgotten when full)."""


def route(view: View, me: UnitView, goal: tuple[float, float], budget: float | None = None,
          max_m: float | None = None, mv: tuple[Mover, Mover] | None = None) -> Route | None:
    """This turn's part of the path to ``goal``, planned with :func:`safe_mover`.

    The moves are the path's corners, so the engine's own (short) path search
    between them follows the same way. ``max_m`` stops the walk early. ``mv``:
    ``me``'s :func:`movers`, when the caller has them.

    A walk the safe mover finds is a pure function of the map, the start, the
    goal, the safe mover's key and the budget, and the fights of a batch walk
    the same opening moves: those answers are kept in the scenario-shared cache
    (``view.shared``; the moves are frozen, so every answer shares them). The
    engine mover's fallback reads the enemies, so it is never kept.
    """
    return _route(view, me, goal, budget, max_m, mv)[0]


def _route(view: View, me: UnitView, goal: tuple[float, float], budget: float | None,
           max_m: float | None, mv: tuple[Mover, Mover] | None) -> tuple[Route | None, bool]:
    """:func:`route`, and whether its answer is a pure function of the map (no look at the enemies)."""
    safe, real = movers(view, me) if mv is None else mv
    budget = view.movement(me) if budget is None else budget
    if max_m is not None:
        budget = min(budget, max_m)
    tmap = view.map
    start = me.pos
    cache = map_cache(view, "routes")
    key = (safe.key, start, goal if type(goal) is tuple else tuple(goal), budget)
    got = cache.get(key)
    if got is not None:
        steps, end, used, arrives, total = got
        return Route(list(steps), end, used, arrives, total), True
    legs = tmap.path(start, goal, safe)
    if legs is None:
        if safe is real:
            return None, True
        if safe_reachable(view, me):
            return None, False
        legs = tmap.path(start, goal, real)  # no safe way anywhere: the engine's own way
        if legs is None:
            return None, False
        careful = _careful_jump(view, me, legs, budget)
        return (careful if careful is not None else _cut(legs, start, budget)), False
    r = _cut(legs, start, budget)
    if len(cache) >= ROUTE_MEMORY:
        cache.clear()
    cache[key] = (tuple(r.steps), r.end, r.cost, r.arrives, r.total)
    return r, True


def _cut(legs: list[Any], start: tuple[float, ...], budget: float) -> Route:
    """The moves along ``legs`` (from ``start``) that ``budget`` metres pay for: one per corner,
    a straight run kept as one move, a walk or swim cut where the budget ends."""
    total = sum((leg.cost or leg.length) for leg in legs)
    steps: list[MoveTo] = []
    used = 0.0
    end = (start[0], start[1])
    prev_dir: tuple[float, float] | None = None
    for leg in legs:
        if used >= budget - 1e-6:
            break
        c = leg.cost or leg.length
        ex, ey = leg.end[0], leg.end[1]
        sx, sy = leg.start[0], leg.start[1]
        dx, dy = ex - sx, ey - sy
        dd = math.hypot(dx, dy)
        u = (dx / dd, dy / dd) if dd > 1e-9 else None
        if leg.kind in ("walk", "swim") and used + c > budget and c > 0:
            f = (budget - used) / c
            ex, ey = sx + dx * f, sy + dy * f
            c = budget - used
        if steps and leg.kind == "walk" and prev_dir is not None and u is not None and u[0] * prev_dir[0] + u[1] * prev_dir[1] > 0.99999:
            steps[-1] = MoveTo(ex, ey)  # straight on: one move (keeps a charge's run whole)
        else:
            steps.append(MoveTo(ex, ey))
        prev_dir = u if leg.kind == "walk" else None
        used += c
        end = (ex, ey)
    return Route(steps, end, used, total <= budget + 1e-6, total)


def approach_point(view: View, me: UnitView, target: UnitView, stop: float = STOP_M) -> tuple[float, float]:
    """A standable point ``stop`` metres short of ``target`` on the line from ``me``.

    A pure function of the map and both positions, kept in the scenario-shared
    cache (:func:`map_cache`): the fights of a batch close in the same way.
    """
    cache = map_cache(view, "approach points")
    key = (me.pos, target.pos, stop)
    got = cache.get(key)
    if got is None:
        if len(cache) >= ROUTE_MEMORY:
            cache.clear()
        got = cache[key] = _approach_point(view.map, key[0], key[1], stop)
    return got


def _approach_point(tmap: Any, me: tuple[float, float, float], target: tuple[float, float, float],
                    stop: float) -> tuple[float, float]:
    """:func:`approach_point` worked out from the positions ``me`` and ``target`` (x, y, z)."""
    mx, my = me[0], me[1]
    tx, ty, tz = target
    dx, dy = mx - tx, my - ty
    d = math.hypot(dx, dy)
    if d <= stop + 1e-6:
        return (mx, my)
    px, py = tx + dx / d * stop, ty + dy / d * stop
    if tmap.is_passable(px, py) and abs(tmap.ground_height(px, py) - tz) <= MELEE_REACH_UP_M:
        return (px, py)
    return (tx, ty)


RUN_UP_M = 2.1
"""A running start: a little more than the 2 m straight the engine asks (DECISIONS · Jumping)."""


def _careful_jump(view: View, me: UnitView, legs: list[Any], budget: float) -> Route | None:
    """Cross a gap the safe way when only a jump leads on: run up, jump from the very edge.

    A jump with a running start reaches ``running`` metres and asks no roll
    below ``running − 1``; without one it reaches half that. A jump leg from
    a cell's centre spends the whole centre-to-centre length, which with the
    run-up a running-5 character cannot afford. So: stop 2.1 m short of the
    take-off cell's edge, then (this turn if the movement allows, else next)
    run to the edge and jump to just past the far edge — 2.1 m + the gap.
    Returns None when the path has no such jump, or no way to do it safely.
    """
    ch = me.character
    used = 0.0
    for leg in legs:
        if leg.kind == "jump" and (leg.gap or 0) > 0:
            break
        used += leg.cost or leg.length
        if used > budget + 8:
            return None  # the jump is turns away: walk on as usual
    else:
        return None
    (cx, cy), (lx, ly) = leg.start[:2], leg.end[:2]
    d = math.hypot(lx - cx, ly - cy)
    if d < 1e-6:
        return None
    ux, uy = (lx - cx) / d, (ly - cy) / d
    s = view.map.cell_size
    gap = float(leg.gap)
    # the take-off cell's centre, whatever the leg started from
    tc, tr = view.map.cell_of(cx - ux * 0.01, cy - uy * 0.01)
    ccx, ccy = view.map.center(tc, tr)
    if abs(ux) > abs(uy):
        ccy = cy
    else:
        ccx = cx
    ex, ey = ccx + ux * (s / 2 - 0.05), ccy + uy * (s / 2 - 0.05)
    px, py = ex + ux * (gap + 0.15), ey + uy * (gap + 0.15)
    sx, sy = ex - ux * RUN_UP_M, ey - uy * RUN_UP_M
    run = budget if budget < ch.running else float(ch.running)
    if RUN_UP_M + gap + 0.15 > run or gap > ch.running - 1.0:
        return None  # cannot be done without a roll: take the engine's way
    tmap = view.map
    mover = view.mover(me)
    up = tmap.path((sx, sy), (ex, ey), mover)
    if not up or len(up) != 1 or up[0].kind != "walk":
        return None
    at_stage = math.hypot(me.x - sx, me.y - sy) < 0.3
    steps: list[MoveTo] = []
    spent = 0.0
    if not at_stage:
        to = tmap.path(me.pos, (sx, sy), mover)
        if to is None:
            return None
        spent = sum(lg.cost or lg.length for lg in to)
        if spent > budget:
            inner = route_plain(view, me, (sx, sy), budget)
            return inner
        steps.append(MoveTo(sx, sy))
    if spent + RUN_UP_M + gap + 0.15 <= budget:
        steps += [MoveTo(ex, ey), MoveTo(px, py)]
        return Route(steps, (px, py), spent + RUN_UP_M + gap + 0.15, False, spent + RUN_UP_M + gap,
                     note=f"a running jump over the {gap:.0f} m gap")
    return Route(steps, (sx, sy), spent, False, spent + RUN_UP_M + gap,
                 note=f"stopping {RUN_UP_M:.0f} m short of the {gap:.0f} m gap for a running jump")


def route_plain(view: View, me: UnitView, goal: tuple[float, float], budget: float) -> Route | None:
    """The engine mover's path to ``goal``, cut to ``budget`` (no careful jumping)."""
    legs = view.map.path(me.pos, goal, view.mover(me))
    if legs is None:
        return None
    steps: list[MoveTo] = []
    used = 0.0
    end = (me.x, me.y)
    for leg in legs:
        if used >= budget - 1e-6:
            break
        steps.append(MoveTo(leg.end[0], leg.end[1]))
        used += leg.cost or leg.length
        end = (leg.end[0], leg.end[1])
    return Route(steps, end, min(used, budget), False, used)


HOLDING = "no path to any enemy: holding"


def walk_in(view: View, me: UnitView, target: UnitView, enemies: list[UnitView],
            reason: str) -> tuple[list[MoveTo], Plan | None]:
    """The moves that bring ``me`` into reach of ``target`` this turn, and the plan to give now
    when they do not: holding when no enemy can be reached, else walking on with ``reason``.

    ``([], None)`` when already in reach; ``(steps, None)`` when the steps arrive (an attack may
    follow in the same plan).
    """
    if view.in_reach(me, target):
        return [], None
    if not reachable(view, me, enemies):
        return [], Plan([], HOLDING)
    r = move_toward(view, me, target, enemies)
    if r is None:
        return [], Plan([], HOLDING)
    steps = list(r.steps)
    if not r.arrives:
        return steps, Plan(steps, reason + (f", {r.note}" if r.note else ""))
    return steps, None


MOVE_MEMORY = 1024
"""How many :func:`move_toward` answers are kept per team field (all are forgotten when full)."""


def move_toward(view: View, me: UnitView, target: UnitView, enemies: list[UnitView],
                stop: float = STOP_M, max_m: float | None = None, field: Any = None,
                mv: tuple[Mover, Mover] | None = None, budget: float | None = None,
                distance: float | None = None) -> Route | None:
    """This turn's moves toward ``target``: a planned path when close, the team field's way when far.

    ``route.arrives`` tells whether the walk ends next to the target (so an
    attack can follow in the same plan). ``field`` and ``mv``: this turn's
    :func:`team_field` and ``me``'s :func:`movers`, when the caller has them
    already (see :func:`reach_field`); likewise ``budget`` (``view.movement(me)``)
    and ``distance`` (``view.flat_distance(me, target)``).

    Given the field and the movers, the answer is a pure function of the map,
    the field, both positions, the budget and the safe mover's key (unless the
    safe mover found no way and the enemies were asked): such answers are kept
    with the field in the scenario-shared cache (:func:`_field_answers`), since
    the fights of a batch make the same approach turns.
    """
    if budget is None:
        budget = view.movement(me)
    if field is None or mv is None:
        return _move_toward(view, me, target, enemies, stop, max_m, field, mv, budget, distance)[0]
    cache = _field_answers(view, field)
    key = (mv[0].key, me.pos, target.pos, budget, stop, max_m)
    got = cache.get(key)
    if got is not None:
        steps, end, used, arrives, total, note = got
        return Route(list(steps), end, used, arrives, total, note)
    r, pure = _move_toward(view, me, target, enemies, stop, max_m, field, mv, budget, distance)
    if pure and r is not None:
        if len(cache) >= MOVE_MEMORY:
            cache.clear()
        cache[key] = (tuple(r.steps), r.end, r.cost, r.arrives, r.total, r.note)
    return r


def _field_answers(view: View, field: Any) -> dict:
    """The scenario-shared answers that depend on the distance field ``field`` (and the map), kept with
    the field itself (as many fields as :data:`FIELD_MEMORY`: each holds its grid alive)."""
    fields = map_cache(view, "answers by field")
    got = fields.get(field)
    if got is None:
        if len(fields) >= FIELD_MEMORY:
            fields.clear()
        got = fields[field] = {}
    return got


def _move_toward(view: View, me: UnitView, target: UnitView, enemies: list[UnitView], stop: float,
                 max_m: float | None, field: Any, mv: tuple[Mover, Mover] | None, budget: float,
                 distance: float | None) -> tuple[Route | None, bool]:
    """:func:`move_toward` worked out, and whether the answer is pure (every :func:`_route` was)."""
    d = view.flat_distance(me, target) if distance is None else distance
    if d > budget * 2 + 8:
        wp = steer(view, me, enemies, budget + 4, field)
        if wp is None:
            return None, True
        r, pure = _route(view, me, wp, budget, max_m, mv)
        if r is not None:
            r.arrives = False
        return r, pure
    goal = approach_point(view, me, target, stop)
    r, pure = _route(view, me, goal, budget, max_m, mv)
    if r is None:
        # no (safe) way to that spot: go the way the team field knows
        wp = steer(view, me, enemies, budget + 4, field)
        if wp is None:
            return None, pure
        r, pure2 = _route(view, me, wp, budget, max_m, mv)
        if r is None:
            return None, pure and pure2
        r.arrives = False
        return r, pure and pure2
    if r.arrives and math.hypot(r.end[0] - target.x, r.end[1] - target.y) > MELEE_REACH_M - 0.1:
        r.arrives = False
    return r, pure


def straight_run(view: View, me: UnitView, goal: tuple[float, float]) -> float | None:
    """Length of the walk to ``goal`` when it is one straight walking leg (a possible charge), else None."""
    legs = view.path(goal, me)
    if not legs:
        return None
    if any(leg.kind != "walk" for leg in legs):
        return None
    (x0, y0), (x1, y1) = legs[0].start[:2], legs[-1].end[:2]
    total = math.hypot(x1 - x0, y1 - y0)
    walked = sum(math.hypot(leg.end[0] - leg.start[0], leg.end[1] - leg.start[1]) for leg in legs)
    if walked - total > 1e-3:
        return None
    if any(view.map.terrain_at((leg.start[0] + leg.end[0]) / 2, (leg.start[1] + leg.end[1]) / 2) in ("rubble", "water") for leg in legs):
        return None
    return total


def hold(reason: str) -> Plan:
    return Plan([], reason)


__all__ = [
    "STOP_M", "hit_chance", "harm_value", "armor_options", "melee_weapons", "weapon_instances",
    "combo_allowance", "Estimate", "estimate", "matchup", "best_melee", "melee_choice", "pick_target", "team_field", "reachable",
    "reach_field",
    "steer", "standable", "walk_in", "HOLDING", "safe_mover", "movers", "route", "Route", "approach_point", "move_toward", "straight_run", "hold", "worn", "MELEE_REACH_M",
]
