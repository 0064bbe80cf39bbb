"""The fudge-opposed policies' numbers: one attack's odds and expected harm from any distance,
a squad's pooled attack, the harm a fighter can expect to take, all in closed form.

The ruleset's :meth:`estimates` answers "what could I do from where I stand"; a
policy also asks "what could I do from where I would stand after moving", and
"what would the enemies do to me if I took full defence". These read the same
pieces the ruleset resolves with (:mod:`tactics.rulesets.fudge_opposed.ranges`,
``conditions``, ``odds``), so the numbers are the rules' own::

    >>> from tactics.rulesets.fudge_opposed.odds import p_beats
    >>> round(float(p_beats(3, 2)), 3)     # Melee 3 against Block 2, criticals counted
    0.584

Harm is in hit points; an :class:`Option` carries its chance ``p`` and its
expected worth ``value`` (hit points taken off the enemy, or saved), and
prints as ``melee (sword) on Trooper 58% ≈2.1 hp``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tactics.rulesets.fudge_opposed import conditions, group
from tactics.rulesets.fudge_opposed.estimates import expected_harm
from tactics.rulesets.fudge_opposed.odds import expected_shortfall, p_at_least, p_beats
from tactics.rulesets.fudge_opposed.ranges import SHORT_RANGE_M, Use, light_mods, weapon_use
from tactics.rulesets.fudge_opposed.state import dual_partner, melee_damage, sheet_key, status, weapons
from tactics.sim.plan import Act, MoveTo


@dataclass
class Option:
    """One thing a policy could do this turn: the steps, its chance, its expected worth (hp)."""

    what: str
    steps: list[MoveTo | Act] = field(default_factory=list)
    p: float = 1.0
    value: float = 0.0
    note: str = ""
    score: float | None = None
    """What the choice is ranked by (default ``value``): a policy may weigh hp saved against hp dealt."""

    def rank(self) -> float:
        return self.value if self.score is None else self.score

    def text(self) -> str:
        p = f" {self.p:.0%}" if self.p < 1.0 else ""
        return f"{self.what}{p} ≈{self.value:.1f} hp" + (f" ({self.note})" if self.note else "")


def best(options: list[Option]) -> Option:
    """The option of the highest rank (the first listed on a tie)."""
    return max(options, key=lambda o: o.rank())


def explain(choice: Option, others: list[Option], head: str = "", top: int = 2) -> str:
    """``head: choice; weighed: alt1, alt2`` (the alternatives best first, the choice left out)."""
    alts = [o for o in sorted(others, key=lambda o: o.rank(), reverse=True) if o is not choice][:top]
    text = (head + ": " if head else "") + choice.text()
    if alts:
        text += "; weighed: " + ", ".join(o.text() for o in alts)
    return text


def label(view: Any, u: Any) -> str:
    """``Trooper (red-2)`` when others share its name, else ``Trooper``."""
    name = u.name
    same = [o.name for o in view.units()].count(name)   # (a list and count: no generator, a name read once)
    return f"{name} ({u.id})" if same > 1 else name


def light_at(view: Any, u: Any) -> str:
    return view.map.light_at(u.x, u.y)


def attack_total(view: Any, me: Any, target: Any, use: Use, st_me: dict[str, Any] | None = None,
                 light: str | None = None) -> int:
    """The attacker's skill with every modifier: band, the light at the target, its statuses
    (``st_me``, ``light``: my statuses and the light at the target, when already read)."""
    mods = tuple(use.mods) + light_mods(light_at(view, target) if light is None else light) + conditions.roll_mods(
        status(me) if st_me is None else st_me, use.skill, attack=True)
    return me.sheet.skill(use.skill) + sum(v for _, v in mods)


def defence_total(target: Any, skill: str, extra: int = 0, st: dict[str, Any] | None = None) -> int:
    """The defender's Block or Dodge with its statuses (``extra``: full defence, say)."""
    st = status(target) if st is None else st
    rating, mods = conditions.defence(st, skill, target.sheet.skill(skill), target.sheet.shield)
    return rating + sum(v for _, v in mods) + extra


def _attack(view: Any, me: Any, target: Any, use: Use, st_me: dict[str, Any] | None, light: str | None,
            memo: dict | None) -> int:
    """:func:`attack_total`, the part that does not depend on the weapon kept in ``memo`` by skill
    (integers: the sum is the same in any order)."""
    if memo is None:
        return attack_total(view, me, target, use, st_me, light)
    key = ("attack", use.skill)
    base = memo.get(key)
    if base is None:
        base = memo[key] = attack_total(view, me, target, Use(use.skill, use.defence, ()), st_me, light)
    return base + sum(v for _, v in use.mods)


def _defence(target: Any, skill: str, extra: int, st: dict[str, Any] | None, memo: dict | None) -> int:
    """:func:`defence_total`, kept in ``memo`` by skill."""
    if memo is None:
        return defence_total(target, skill, extra, st)
    key = ("defence", skill)
    got = memo.get(key)
    if got is None:
        got = memo[key] = defence_total(target, skill, extra, st)
    return got


def can_full_defend(u: Any) -> bool:
    """Full defence adds nothing for a shield bearer (002 · Full Defence)."""
    return not u.sheet.shield and not status(u).get("full_defence")


def strike(view: Any, me: Any, target: Any, w: Any, distance: float, extra_def: int = 0,
           st: dict[str, Any] | None = None, st_me: dict[str, Any] | None = None,
           light: str | None = None, usable: list[Any] | None = None,
           memo: dict | None = None) -> tuple[float, float] | None:
    """(P(first contest won), expected hp lost) of ``me`` attacking ``target`` with ``w`` from
    ``distance``, a second contest counted for dual wielders and two-shots weapons; None when the
    weapon cannot be used at that distance (``st``, ``st_me``, ``light``, ``usable``: the target's
    and my statuses, the light at the target and my weapons, when already read; ``memo``: a dict
    for the totals by skill, shared by the weapons of one look)."""
    use = weapon_use(w, distance)
    if isinstance(use, str):
        return None
    a = _attack(view, me, target, use, st_me, light, memo)
    d = _defence(target, use.defence, extra_def, st, memo)
    p = float(p_beats(a, d))
    ev = expected_harm(p, melee_damage(me, w), target.sheet.soak)
    second = dual_partner(me, w, usable) or (w if w.two_shots else None)
    if second is not None:
        use2 = weapon_use(second, distance)
        if not isinstance(use2, str):
            p2 = float(p_beats(_attack(view, me, target, use2, st_me, light, memo),
                               _defence(target, use2.defence, extra_def, st, memo)))
            ev += expected_harm(p2, melee_damage(me, second), target.sheet.soak)
    return p, ev


def squad(view: Any, me: Any) -> list[Any]:
    """``me`` and its able team-mates of the same sheet: those whose attacks pool (DECISIONS-fudge)."""
    key = sheet_key(me.sheet)
    return [me] + [u for u in view.allies() if sheet_key(u.sheet) == key]


def pooled(view: Any, me: Any, target: Any, w: Any, n: int, kind: str, extra_def: int = 0,
           st: dict[str, Any] | None = None, distance: float | None = None) -> tuple[float, float]:
    """(P(at least one hit), expected hp) of ``n`` fighters like ``me`` with ``w`` pooling on
    ``target``: one Dodge (fire) or Block (dog-pile) roll against skill + the table's bonus, one hit per
    point short, at most one per attacker (002 · Concentrated Fire, Dogpile)."""
    skill = group.ATTACK_SKILL[kind]
    defence = group.DEFENCE[kind]
    if distance is None:
        distance = view.distance(me, target)
    distance = SHORT_RANGE_M / 2 if kind == "dogpile" else max(SHORT_RANGE_M, distance)
    use = weapon_use(w, distance)
    mods = use.mods if not isinstance(use, str) else ()
    a = attack_total(view, me, target, Use(skill, defence, mods))
    if kind == "dogpile":
        n = min(n, group.MAX_DOGPILE_FIGHTERS)
    attackers = min(group.MAX_ATTACKERS, n * group.weight(dual_partner(me, w) is not None, w.two_shots))
    if n < group.MIN_FIGHTERS:
        return 0.0, 0.0
    difficulty = a + group.bonus(attackers)
    d = defence_total(target, defence, extra_def, st)
    hits = expected_shortfall(d, difficulty, attackers)
    return 1.0 - float(p_at_least(d, difficulty)), hits * max(0, melee_damage(me, w) - target.sheet.soak)


BEST_MEMORY = 20_000
""":func:`best_weapon` answers kept per encounter (all forgotten when full)."""


def _flags(st: dict[str, Any]) -> tuple[Any, ...]:
    """All a fighter's statuses change in its attack and defence totals (``conditions.roll_mods``,
    ``conditions.defence``): its grapple role, full defence, lying prone, gone to ground."""
    return (conditions.role(st), bool(st.get("full_defence")), bool(st.get("prone")), bool(st.get("gone_to_ground")))


def _memo(view: Any) -> dict:
    """The encounter's kept answers of :func:`best_weapon` and :func:`kept_strike`."""
    memo = view.memo.get("fudge best weapon")
    if memo is None or len(memo) >= BEST_MEMORY:
        memo = view.memo["fudge best weapon"] = {}
    return memo


def kept_strike(view: Any, me: Any, target: Any, w: Any, distance: float) -> tuple[float, float] | None:
    """:func:`strike` with ``w`` as it stands, kept in ``view.memo`` by what it reads (as
    :func:`best_weapon`'s answers; of the distance, a melee weapon reads only whether it is under
    short range: :func:`~tactics.rulesets.fudge_opposed.ranges.weapon_use`)."""
    st, st_me, light = status(target), status(me), light_at(view, target)
    usable = weapons(me)
    # a melee weapon (and its dual partner, melee too) reads the distance only as short range or not
    reach = distance if w.ranged else ("short" if distance < SHORT_RANGE_M else "beyond")
    key = ("strike", id(me.sheet), id(target.sheet), id(w), reach, light, _flags(st_me), _flags(st),
           tuple(map(id, usable)))
    memo = _memo(view)
    if key not in memo:
        memo[key] = strike(view, me, target, w, distance, 0, st, st_me, light, usable)
    return memo[key]


def best_weapon(view: Any, me: Any, target: Any, distance: float, extra_def: int = 0,
                st: dict[str, Any] | None = None) -> tuple[Any, float, float] | None:
    """The weapon with the most expected harm from ``distance``: (weapon, p, expected hp).

    A pure function of the two sheets, my usable weapons, the light at the target, the distance and
    the few statuses the totals read (:func:`_flags`), so the answers are kept in ``view.memo``: a
    fighter asks the same few questions turn after turn."""
    st = status(target) if st is None else st
    st_me, light = status(me), light_at(view, target)   # read once for every weapon
    usable = weapons(me)
    key = (id(me.sheet), id(target.sheet), distance, extra_def, light, _flags(st_me), _flags(st),
           tuple(map(id, usable)))
    memo = _memo(view)
    if key in memo:
        return memo[key]
    best = None
    totals: dict = {}
    for w in usable:
        got = strike(view, me, target, w, distance, extra_def, st, st_me, light, usable, totals)
        if got is not None and (best is None or got[1] > best[2]):
            best = (w, got[0], got[1])
    memo[key] = best
    return best


def threat(view: Any, me: Any, extra_def: int = 0, within: float | None = None) -> float:
    """Expected hp ``me`` loses in a round if every enemy that can reach it (or shoot it) attacks
    it with its best weapon; ``extra_def`` adds to its Block and Dodge (full defence). A squad of
    three or more that can all reach counts as one pooled attack."""
    total = 0.0
    seen: set[str] = set()
    for e in view.enemies():
        if e.id in seen:
            continue
        d = view.distance(e, me)
        reach = view.movement(e) + SHORT_RANGE_M if within is None else within
        melee_only = all(not w.ranged for w in weapons(e))
        if melee_only and d > reach:
            continue
        if not melee_only and d >= SHORT_RANGE_M and not view.can_see(e, me):
            if d > reach:
                continue
        dist = SHORT_RANGE_M / 2 if (melee_only or d < SHORT_RANGE_M) else d
        got = best_weapon(view, e, me, dist, extra_def)
        if got is None:
            continue
        mates = [u for u in squad(view, e) if u.able and view.distance(u, me) <= d + 2 * view.movement(u)]
        if len(mates) >= group.MIN_FIGHTERS:
            kind = "dogpile" if dist < SHORT_RANGE_M else "fire"
            _, ev = pooled(view, e, me, got[0], len(mates), kind, extra_def)
            total += ev
            seen.update(u.id for u in mates)
            continue
        total += got[2]
        seen.add(e.id)
    return total


__all__ = ["Option", "best", "explain", "label", "light_at", "attack_total", "defence_total", "can_full_defend", "strike",
           "kept_strike", "squad",
           "pooled", "best_weapon", "threat"]
