"""Closed-form odds for the AI: the chance an opposed attack hits, and the harm it does.

Source: 003 · steps 4-5 (opposed test, outcome), steps 5-7 (excellent
success, criticals ignoring armor, armor and AP), with the rulings of
DECISIONS-d100 · Tests. Every one of the 100 attacker readings is weighed
once, against a count of the defender readings it beats, so the sum is the
exact 100 × 100 sum in 100 steps::

    >>> round(p_hit(55, 20), 4)        # issue #14's example: Kinetic 55 against half Fray 20
    0.527
    >>> p_hit(55, None)                # a surprised defender makes no test
    0.56
    >>> p_hit(-50, -50)                # only 00 succeeds; a failed defence lets it hit
    0.0099

The expected modified DV of a hit, with the MoS bonus and a critical's
disregard for armor weighed reading by reading::

    >>> from tactics.rulesets.d100_opposed.damage import parse_dv
    >>> round(expected_damage(55, 20, parse_dv("9"), armor=4, ap=0), 3)
    7.843
"""

from __future__ import annotations

from functools import lru_cache

from tactics.rulesets.d100_opposed.checks import is_double, succeeds
from tactics.rulesets.d100_opposed.damage import DV, effective_armor, mos_bonus

READINGS = range(100)
"""The faces of a d100 read 00-99. The sums below are pure functions of small integers (and a DV),
remembered in bounded caches: the AI asks the same few matchups every phase."""


@lru_cache(maxsize=512)
def _beaten_by(defense: int | None) -> tuple[int, ...]:
    """For each attacker reading a, how many of the 100 defender readings it beats if a succeeds.

    A defender's failure always loses; a non-critical success loses to a higher reading;
    a critical success never loses (DECISIONS-d100 · Tests).
    """
    if defense is None:
        return (100,) * 100
    fails = sum(1 for d in READINGS if not succeeds(d, defense))
    below = 0  # defender non-critical successes with reading < a
    out = []
    for a in READINGS:
        out.append(fails + below)
        if succeeds(a, defense) and not is_double(a):
            below += 1
    return tuple(out)


@lru_cache(maxsize=4096)
def hit_counts(attack: int, defense: int | None) -> tuple[int, ...]:
    """Of the 100 × 100 pairs of readings, how many hit with attacker reading ``a``, for every ``a``
    (remembered: the AI asks the same pairs of target numbers turn after turn)."""
    beaten = _beaten_by(defense)
    return tuple(beaten[a] if succeeds(a, attack) else 0 for a in READINGS)


def p_hit(attack: int, defense: int | None) -> float:
    """Chance that an attack at target ``attack`` hits a defender at target ``defense``."""
    return sum(hit_counts(attack, defense)) / 10000


def p_hit_brute(attack: int, defense: int | None) -> float:
    """The same by the full 100 × 100 sum (the test's witness for :func:`p_hit`)."""
    from tactics.rulesets.d100_opposed.checks import attack_hits, test

    if defense is None:
        return sum(test(a, attack).success for a in READINGS) / 100
    hits = sum(attack_hits(test(a, attack), test(d, defense)) for a in READINGS for d in READINGS)
    return hits / 10000


@lru_cache(maxsize=4096)
def expected_damage(attack: int, defense: int | None, dv: DV, armor: int, ap: int) -> float:
    """Expected modified DV of a hit (0 when it cannot hit): DV + MoS bonus − armor after AP,
    armor ignored on a critical, never below 0 (003 · steps 5-7)."""
    weights = hit_counts(attack, defense)
    total_p = sum(weights)
    if total_p == 0:
        return 0.0
    dist = dv.distribution()
    left = effective_armor(armor, ap)
    out = 0.0
    harm: dict[tuple[int, int], float] = {}   # the DV's expectation by (bonus, soak): a few for 100 readings
    for a, w in enumerate(weights):
        if not w:
            continue
        soak = 0 if is_double(a) else left
        bonus = mos_bonus(a)
        h = harm.get((bonus, soak))
        if h is None:
            h = harm[bonus, soak] = sum(p * max(0, v + bonus - soak) for v, p in dist.items())
        out += w * h
    return out / total_p


__all__ = ["hit_counts", "p_hit", "p_hit_brute", "expected_damage"]
