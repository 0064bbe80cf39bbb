"""The 2006 policies' numbers: what a split of ready points is worth, and what a reaction is worth.

Every roll is d6 + modifiers against d6 + modifiers (:func:`chances` of the
ruleset's estimates). A turn's ready points go to the attack's modifier
(they land in defense: they also raise the fighter's defense until readied
again), to power (into other), to movement (into defense), to evasion (one
point, +2 passive), or stay ready (moved to defense, or spent on a counter,
when attacked). :func:`value_of` weighs one split: the harm it should deal
against the harm the fighter should take before its next turn::

    >>> from tactics.rulesets.mano_a_mano_2006.sheet import sheet_from_dict
    >>> blade = sheet_from_dict({"name": "M", "abilities": {"swimming": 3, "climbing": 3},
    ...     "weapons": [{"name": "Ice Blade", "attack": 1, "power": 3, "sharpness": -2, "reach": 1.0}]})
    >>> w = blade.weapon("Ice Blade")
    >>> round(expected_harm(w, power_points=4, target=blade, p_full=1.0, p_half=0.0), 2)   # 2 stun, 5 damage
    6.2
    >>> harm_taken([Threat("clone", modifier=3, harm=1.0)], defense=6) < harm_taken([Threat("clone", 3, 1.0)], 2)
    True

Harm is weighed damage 1, stun :data:`STUN_WEIGHT` (stun comes back a point a turn).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from tactics.rulesets.mano_a_mano_2006.estimates import chances
from tactics.rulesets.mano_a_mano_2006.fighters import best_defense, state_of, weapons_in_hand
from tactics.rulesets.mano_a_mano_2006.harm import split_harm
from tactics.rulesets.mano_a_mano_2006.ledger import pools_of
from tactics.rulesets.mano_a_mano_2006.moving import points_for, stride
from tactics.rulesets.mano_a_mano_2006.sheet import Sheet

STUN_WEIGHT = 0.6
REACH_SLACK_M = 0.05
EVADE_BONUS = 2


def weigh(stun: float, damage: float) -> float:
    return STUN_WEIGHT * stun + damage


def absorptions(target: Any) -> list[int]:
    """What the target absorbs on each face of its cover die, 1 to 6 (its armor's cover roll: the
    pieces with cover, highest absorption first, and the first whose running cover reaches the die
    blocks, as :func:`~tactics.rulesets.mano_a_mano_2006.harm.armor_block`; sorted once)."""
    ts = getattr(target, "sheet", target)
    pieces = sorted(((a.name, a.cover, a.absorption) for a in ts.armor if a.cover > 0), key=lambda p: -p[2])
    out = []
    for die in range(1, 7):
        cover, block = 0, 0
        for _, piece_cover, absorption in pieces:
            cover += piece_cover
            if cover >= die:
                block = absorption
                break
        out.append(ts.absorption + block)
    return out


def blow_harm(w: Any, power_points: int, target: Any, bonus: int = 0,
              absorbed: list[int] | None = None) -> tuple[float, float]:
    """``(full, half)``: weighed harm of a full and of a half success of ``w`` with ``power_points`` on
    ``target`` (its armor by the cover roll, averaged over its die; ``absorbed``: its
    :func:`absorptions` when already known)."""
    power = w.power + power_points + bonus
    full = half = 0.0
    for absorption in absorbed if absorbed is not None else absorptions(target):
        s, d = split_harm(power, absorption, w.sharpness)
        full += weigh(s, d) / 6
        half += weigh(s // 2, d // 2) / 6
    return full, half


BLOW_MEMORY = 20_000
"""How many :func:`blows` answers the scenario-shared cache keeps (all are forgotten when full)."""


def absorbed_by(view: Any, target: Any) -> tuple[int, ...]:
    """:func:`absorptions` of ``target``'s sheet as a tuple: a 2006 sheet's own table (worked out once per
    sheet), else kept in ``view.shared``."""
    sheet = getattr(target, "sheet", target)
    if type(sheet) is Sheet:
        return sheet.absorption_by_die
    kept = view.shared.get("2006 absorptions")
    if kept is None or len(kept) >= BLOW_MEMORY:
        kept = view.shared["2006 absorptions"] = {}
    got = kept.get(id(sheet))
    if got is None or got[0] is not sheet:   # a pure function of the sheet: sorted once per sheet
        got = kept[id(sheet)] = (sheet, tuple(absorptions(sheet)))
    return got[1]


def blows(view: Any, w: Any, target: Any, points: int) -> list[tuple[float, float]]:
    """:func:`blow_harm` of ``w`` on ``target`` for 0 … ``points`` power points: a pure function of
    the weapon's power and sharpness and the target's absorption by die, kept in ``view.shared``."""
    absorbed = absorbed_by(view, target)
    key = (w.power, w.sharpness, absorbed, points)
    memo = view.shared.get("2006 blows")
    if memo is None or len(memo) >= BLOW_MEMORY:
        memo = view.shared["2006 blows"] = {}
    got = memo.get(key)
    if got is None:
        got = memo[key] = [blow_harm(w, p, target, absorbed=absorbed) for p in range(points + 1)]
    return got


def expected_blow(view: Any, w: Any, power_points: int, target: Any, p_full: float, p_half: float) -> float:
    """:func:`expected_harm` (no bonus) with the blow's harm read from :func:`blows`."""
    full, half = blows(view, w, target, power_points)[power_points]
    return p_full * full + p_half * half


def expected_harm(w: Any, power_points: int, target: Any, p_full: float, p_half: float, bonus: int = 0) -> float:
    """Weighed harm of a blow of ``w`` with ``power_points`` on ``target`` (its armor by the cover roll,
    averaged over its die)."""
    full, half = blow_harm(w, power_points, target, bonus)
    return p_full * full + p_half * half


def my_stride(me: Any) -> float:
    if not me.prone:
        return me.sheet.stride     # stride(running) on its feet, worked out once per sheet
    return stride(me.sheet.ability("running"), on_ground=True)


def ready(u: Any) -> int:
    return int(u.tracks.get("ready", 0))


def defense_total(u: Any, extra: int = 0, evading: bool | None = None) -> int:
    """What ``u`` adds to a defense roll if it puts every ready point into defense (plus ``extra``)."""
    p = pools_of(u)
    ev = state_of(u).evading if evading is None else evading
    return p.defense + p.ready + extra + best_defense(u).defense + (EVADE_BONUS if ev else 0) - held(u)


def held(u: Any) -> int:
    """The modifier the holds on ``u`` take off all its rolls."""
    st = state_of(u)
    return st.held_penalty() if st.held_by else 0


def reaches(view: Any, a: Any, b: Any, w: Any, slack: float = REACH_SLACK_M) -> bool:
    """Whether ``w`` of ``a`` reaches ``b`` now (hand to hand; a missile also needs sight)."""
    d = view.distance(a, b)
    if w.is_missile:
        return d <= max(w.range, w.reach) + slack and view.can_see(a, b)
    return d <= w.reach + slack


def range_penalty(view: Any, a: Any, b: Any, w: Any) -> int:
    """The range difficulty on the defender's side (001 · Attacking from a Distance)."""
    if not w.is_missile or w.range <= 0:
        return 0
    from tactics.rules import range_difficulty

    return range_difficulty(min(view.distance(a, b), w.range), w.range)


@dataclass(frozen=True)
class Threat:
    """An enemy's likely blow on me before my next turn: its modifier and its weighed harm on a hit."""

    who: str
    modifier: int
    harm: float


def threats(view: Any, me: Any, enemies: Iterable[Any]) -> list[Threat]:
    """The enemies that can strike ``me`` before my next turn (in reach after their move), each with
    its best weapon's attack plus half its next turn's points, and its blow's harm with the other half."""
    out = []
    for e in enemies:
        pe = pools_of(e)
        per = e.sheet.hp_per_round
        pts = min(pe.available, pe.ready + per)
        walk = max(0, pts - 1) * my_stride(e)
        best = None
        for w in weapons_in_hand(e):
            d = view.distance(e, me)
            if w.is_missile:
                ok = d <= max(w.range, w.reach) and view.can_see(e, me)
                left = pts
            else:
                need = max(0.0, d - w.reach)
                ok = need <= walk
                left = pts - points_for(need, my_stride(e))
            if not ok or left <= 0:
                continue
            m = left // 2
            harm = expected_blow(view, w, left - m, me, 1.0, 0.0)
            cand = (w.attack + m - held(e), harm)
            if best is None or cand[0] * 0.5 + cand[1] > best[0] * 0.5 + best[1]:
                best = cand
        if best is not None:
            out.append(Threat(e.id, best[0], best[1]))
    return out


def harm_taken(threat_list: Iterable[Threat], defense: int) -> float:
    """Weighed harm I should take from ``threat_list`` with ``defense`` on my side of each roll."""
    total = 0.0
    for t in threat_list:
        pf, ph = chances(t.modifier, defense)
        total += pf * t.harm + ph * t.harm / 2
    return total


class Split(NamedTuple):
    """One way to spend the turn's ready points on an attack (``kind`` attack, shoot, defend, choke, ...).
    A named tuple: a turn weighs a few dozen of them and keeps the best."""

    kind: str
    weapon: str
    modifier: int
    power: int
    manipulation: int = 0
    evade: bool = False
    p: float = 0.0
    dealt: float = 0.0
    taken: float = 0.0
    value: float = 0.0

    @property
    def spent(self) -> int:
        return self.modifier + self.power + self.manipulation + (1 if self.evade else 0)

    def options(self) -> dict[str, int]:
        return {"modifier": self.modifier, "power": self.power, "manipulation": self.manipulation}

    def words(self) -> str:
        parts = [f"{self.modifier} to the modifier"]
        if self.power:
            parts.append(f"{self.power} to power")
        if self.manipulation:
            parts.append(f"{self.manipulation} to manipulation")
        what = "evades and attacks" if self.kind == "defend" else self.kind
        return f"{what} with {self.weapon}: {', '.join(parts)}"

    def short(self) -> str:
        ev = "evade+" if self.evade else ""
        mp = f"/{self.manipulation}" if self.manipulation else ""
        return f"{ev}{'attack' if self.kind == 'defend' else self.kind} {self.modifier}/{self.power}{mp}"


def target_defense(view: Any, me: Any, target: Any, w: Any) -> int:
    """The target's side of my roll: all its ready points to defense, its best defending weapon,
    evasion, range; minus the holds on it."""
    return defense_total(target) + range_penalty(view, me, target, w)


def strike_splits(view: Any, me: Any, target: Any, points: int, threat_list: list[Threat],
                  aggression: float = 1.0, weapons: list[Any] | None = None, extra_defense: int = 0) -> list[Split]:
    """Every split of ``points`` ready points on a strike at ``target`` with each weapon in ``weapons``
    (default: those that reach now), with and without evasion (``defend``), weighed; best first.
    Points not spent stay ready (they still defend); ``extra_defense``: points already moved into
    defense this turn (movement)."""
    base_def = pools_of(me).defense + best_defense(me).defense - held(me) + extra_defense
    st = state_of(me)
    ev_now = st.evading
    can_evade = st.can_evade()
    if weapons is None:
        weapons = [w for w in weapons_in_hand(me) if reaches(view, me, target, w)]
    me_held = held(me)
    d_mods = [target_defense(view, me, target, w) for w in weapons]
    # everything the splits read: a turn of a long duel asks the same few dozen questions again
    key = (points, aggression, base_def, ev_now, can_evade, me_held, tuple(threat_list), absorbed_by(view, target),
           tuple((w.name, w.attack, w.power, w.sharpness, w.is_missile, d) for w, d in zip(weapons, d_mods)))
    memo = view.shared.get("2006 splits")
    if memo is None or len(memo) >= SPLIT_MEMORY:
        memo = view.shared["2006 splits"] = {}
    got = memo.get(key)
    if got is None:
        got = memo[key] = tuple(_splits(view, target, points, threat_list, aggression, weapons, d_mods, base_def,
                                        ev_now, can_evade, me_held))
    return list(got)


SPLIT_MEMORY = 20_000
"""How many :func:`strike_splits` answers the scenario-shared cache keeps (all are forgotten when full)."""


def _splits(view: Any, target: Any, points: int, threat_list: list[Threat], aggression: float, weapons: list[Any],
            d_mods: list[int], base_def: int, ev_now: bool, can_evade: bool, me_held: int) -> list[Split]:
    """:func:`strike_splits`' answer from what it read."""
    out: list[Split] = []
    taken_at: dict[int, float] = {}   # harm_taken by my defense: the same few totals come back
    for w, d_mod in zip(weapons, d_mods):
        kind = "shoot" if w.is_missile else "attack"
        by_power = blows(view, w, target, points)   # (full, half) by power points
        for evade in ((False, True) if can_evade and kind == "attack" else (False,)):
            budget = points - (1 if evade else 0)
            bonus = EVADE_BONUS if (evade or ev_now) else 0
            name, extra = ("defend", 1) if evade else (kind, 0)
            # my defense after a split: the modifier points and the points kept both defend, so it
            # depends on the power points only (budget - p kept or in the modifier)
            taken_by_p = []
            for p in range(0, budget + 1):
                defense = base_def + budget - p + extra + bonus
                taken = taken_at.get(defense)
                if taken is None:
                    taken = taken_at[defense] = harm_taken(threat_list, defense)
                taken_by_p.append(taken)
            for m in range(0, budget + 1):
                pf, ph = chances(w.attack + m - me_held, d_mod)
                hits = pf + ph
                for p in range(0 if m else 1, budget - m + 1):   # at least one point spent
                    full, half = by_power[p]
                    dealt = pf * full + ph * half
                    taken = taken_by_p[p]
                    out.append(Split(name, w.name, m, p, 0, evade, hits, dealt, taken,
                                     aggression * dealt - taken - 0.02 * (m + p)))
    out.sort(key=lambda s: -s.value)
    return out


def holding_value(me: Any, points: int, threat_list: list[Threat], evade: bool = False) -> tuple[float, float]:
    """``(value, taken)`` of spending nothing (every ready point kept for defense or a counter)."""
    base_def = pools_of(me).defense + best_defense(me).defense - held(me)
    ev = evade or state_of(me).evading
    taken = harm_taken(threat_list, base_def + points + (EVADE_BONUS if ev else 0))
    return -taken, taken


__all__ = ["STUN_WEIGHT", "weigh", "absorptions", "blow_harm", "blows", "expected_blow", "expected_harm", "my_stride", "ready", "defense_total", "held", "reaches",
           "range_penalty", "Threat", "threats", "harm_taken", "Split", "target_defense", "strike_splits",
           "holding_value"]
