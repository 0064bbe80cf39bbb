"""One attack's odds from anywhere: the ruleset's own target numbers, for a spot not stood on yet.

``view.estimates(target)`` answers for the fighters where they stand; a
policy weighing a move needs the same numbers for a spot it could walk to,
lying down or standing, an aim it could spend. :func:`shot` gathers both
target numbers with the ruleset's own pieces (``modifiers.attack_mods``,
``defense_skills``, ``defense_mods``: 003 · steps 2-3) and reads the closed
form (``odds.p_hit``, ``odds.expected_damage``: two d100 tests, the
both-succeed rule, MoS bonus and criticals)::

    >>> s = shot(sheet_a, weapon, sheet_b, distance=52, light="dark")   # doctest: +SKIP
    >>> s.p, s.harm, s.attack, s.defense                                 # doctest: +SKIP
    (0.38, 13.5, 40, 20)

``s.expected`` (= p × harm) is the damage the attack does on average; the
policies weigh it against what the target has left (:func:`left`). The two
closed-form sums are pure functions of a few integers, so they are kept in
the scenario-shared cache (``view.shared``) by those integers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tactics.rulesets.d100_opposed.modifiers import attack_mods, defense_mods, defense_skills, total
from tactics.rulesets.d100_opposed.odds import expected_damage, p_hit
from tactics.rulesets.d100_opposed.sheet import Sheet, Weapon

REACH_M = 2.0
ODDS_MEMORY = 50_000


@dataclass(frozen=True, slots=True)
class Shot:
    """One attack's numbers: both target numbers (defense None: no test), P(hit), harm of a hit."""

    weapon: Weapon
    attack: int
    defense: int | None
    p: float
    harm: float
    mods: tuple[tuple[str, int], ...] = ()

    @property
    def expected(self) -> float:
        """Expected modified DV of the attack (misses count 0)."""
        return self.p * self.harm


def _odds(cache: dict | None, a: int, d: int | None, w: Weapon, armor: int) -> tuple[float, float]:
    key = (a, d, w.dv if isinstance(w.dv, (int, str)) else str(w.dv), armor, w.ap)
    if cache is not None:
        got = cache.get(key)
        if got is not None:
            return got
    got = (p_hit(a, d), expected_damage(a, d, w.damage, armor, w.ap))
    if cache is not None:
        if len(cache) >= ODDS_MEMORY:
            cache.clear()
        cache[key] = got
    return got


def odds_cache(view: Any) -> dict:
    """The scenario-shared cache of closed-form answers (pure functions of integers)."""
    got = view.shared.get("d100 odds")
    if got is None:
        got = view.shared["d100 odds"] = {}
    return got


SHOT_MEMORY = 100_000
"""How many shots :func:`shot_memo` keeps for one attacker and target (all forgotten when full)."""


def shot_memo(view: Any, attacker: Any, target: Any) -> dict:
    """The scenario-shared memo of :func:`shot` answers for ``attacker`` on ``target`` (unit views),
    keyed by the weapon's name, the range band and the circumstances: a pure function of those and
    the two sheets. Found by the two ids and kept only while they hold the very same sheets (the
    memo holds them, so another sheet cannot take their place unseen)."""
    pairs = view.shared.get("d100 shots")
    if pairs is None:
        pairs = view.shared["d100 shots"] = {}
    got = pairs.get((attacker.id, target.id))
    if got is None or got[0] is not attacker.sheet or got[1] is not target.sheet or len(got[2]) >= SHOT_MEMORY:
        got = pairs[attacker.id, target.id] = (attacker.sheet, target.sheet, {})
    return got[2]


ARMS_MEMORY = 1_000
"""How many sheets' weapons :func:`arms_of` keeps (all forgotten when full)."""


def arms_of(view: Any, sheet: Sheet) -> tuple[tuple[Weapon, bool, float | None], ...]:
    """``(weapon, melee, extreme range or None)`` of each of ``sheet.arms`` (bare hands made once,
    not at every ask): a pure function of the sheet, kept in the scenario-shared cache by its
    ``id`` while it holds the very same sheet."""
    memo = view.shared.get("d100 arms")
    if memo is None or len(memo) >= ARMS_MEMORY:
        memo = view.shared["d100 arms"] = {}
    got = memo.get(id(sheet))
    if got is None or got[0] is not sheet:
        got = memo[id(sheet)] = (sheet, tuple((w, w.melee, None if w.melee else w.range.extreme) for w in sheet.arms))
    return got[1]


def in_band(weapon: Weapon, distance: float) -> bool:
    """Can ``weapon`` reach ``distance`` metres (melee: 2 m; ranged: within extreme)?"""
    if weapon.melee:
        return distance <= REACH_M + 1e-9
    return distance <= weapon.range.extreme + 1e-9


def shot(me: Sheet, weapon: Weapon, them: Sheet, *, distance: float, light: str, my_wounds: int = 0,
         their_wounds: int = 0, aiming: bool = False, running: bool = False, prone: bool = False,
         target_prone: bool = False, target_full_defense: bool = False, target_running: bool = False,
         target_defenceless: bool = False, cache: dict | None = None) -> Shot:
    """The odds of ``me`` attacking ``them`` with ``weapon`` in the given circumstances
    (the defender tests its best skill, as the ruleset's default does)."""
    ranged = not weapon.melee
    mods = [me.skill(weapon.skill)] + attack_mods(
        ranged=ranged, distance=distance, ranges=weapon.range, light=light, target_prone=target_prone,
        attacker_prone=prone, aiming=aiming, running=running, wounds=my_wounds)
    a = total(mods)
    d: int | None = None
    if not target_defenceless:
        d = total(defense_mods(defense_skills(them, ranged)[0], ranged=ranged, full_defense=target_full_defense,
                               running=target_running, wounds=their_wounds))
    p, harm = _odds(cache, a, d, weapon, them.armor.against(weapon.kind))
    return Shot(weapon, a, d, p, harm, tuple(mods))


def left(sheet: Sheet, damage: int) -> int:
    """Damage still needed to take a fighter out (Durability + 1 − damage, at least 1)."""
    return max(1, sheet.durability + 1 - int(damage))


__all__ = ["Shot", "shot", "shot_memo", "arms_of", "left", "in_band", "odds_cache", "REACH_M", "SHOT_MEMORY"]
