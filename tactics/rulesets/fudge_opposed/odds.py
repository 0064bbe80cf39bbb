"""Exact odds of four Fudge dice, in closed form (002 · Criticals; DECISIONS-fudge · Dice).

A Fudge die shows -1, 0 or +1, each on two of its six sides, so every face is
a third. Four of them (4dF) sum to -4 … +4 in 3**4 = 81 equally likely ways;
the number of ways to make ``s`` is a trinomial coefficient::

    >>> [ways(s) for s in range(-4, 5)]
    [1, 4, 10, 16, 19, 16, 10, 4, 1]

An opposed contest ``a + 4dF`` against ``d + 4dF`` is won by the attacker when
its total is strictly higher (a tie goes to the defender). The difference of
two 4dF is 8dF (17 values, -8 … +8, out of 6561), so without criticals::

    >>> p_beats_exact(2, 2, crits=False)   # equal skills: (6561 - 1107) / 2 wins
    Fraction(101, 243)

With criticals the attacker's ``++++`` (1 in 81) wins whatever the defender
rolled and ``----`` (1 in 81) loses whatever it rolled::

    >>> p_beats(0, 0) > p_beats(0, 0, crits=False)   # ++++ also wins against a ++++
    True
    >>> round(p_beats(-8, 0), 4) == round(1 / 81, 4)   # only the crit wins
    True
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

OUTCOMES_4DF = 81
"""3**4 equally likely throws of four Fudge dice."""

DISTRIBUTION_4DF: dict[int, int] = {-4: 1, -3: 4, -2: 10, -1: 16, 0: 19, 1: 16, 2: 10, 3: 4, 4: 1}
"""Ways out of 81 to throw each sum; the closed form :func:`ways` reproduces it."""


def ways(total: int, dice: int = 4) -> int:
    """Ways ``dice`` Fudge dice sum to ``total``: the coefficient of x**(total+dice) in
    (1 + x + x**2)**dice, i.e. sum over k of (-1)**k C(dice, k) C(m - 3k + dice - 1, dice - 1)
    with m = total + dice.

        >>> ways(0), ways(4), ways(5), ways(0, dice=8)
        (19, 1, 0, 1107)
    """
    m = total + dice
    if m < 0 or m > 2 * dice:
        return 0
    return sum((-1) ** k * comb(dice, k) * comb(m - 3 * k + dice - 1, dice - 1)
               for k in range(0, m // 3 + 1) if k <= dice)


def p_total(total: int, dice: int = 4) -> Fraction:
    """Chance that ``dice`` Fudge dice sum to ``total`` (exact)."""
    return Fraction(ways(total, dice), 3 ** dice)


def _at_least(need: int) -> Fraction:
    """Chance that 4dF >= ``need``, counted."""
    return sum((p_total(s) for s in range(-4, 5) if s >= need), Fraction(0))


def _beats(gap: int, crits: bool) -> Fraction:
    """Chance that 4dF beats 4dF + ``gap`` (ties to the defender), counted."""
    if not crits:
        # attacker wins when X - Y > gap; X - Y is 8dF (17 values)
        return sum((p_total(s, 8) for s in range(-8, 9) if s > gap), Fraction(0))
    p = p_total(4)
    for x in range(-3, 4):
        p += p_total(x) * sum((p_total(y) for y in range(-4, 5) if x - y > gap), Fraction(0))
    return p


def _margin(need: int) -> Fraction:
    """Chance that 8dF >= ``need``, counted."""
    return sum((p_total(s, 8) for s in range(-8, 9) if s >= need), Fraction(0))


SPREAD = 10
"""The tables run over differences -10 … +10: past ±9 the dice cannot change the answer."""
AT_LEAST: dict[int, Fraction] = {k: _at_least(k) for k in range(-SPREAD, SPREAD + 1)}
"""P(4dF >= k), by k = difficulty − skill, counted once at import."""
BEATS: dict[tuple[int, bool], Fraction] = {(g, c): _beats(g, c) for g in range(-SPREAD, SPREAD + 1)
                                           for c in (True, False)}
"""P(attack + 4dF beats defence + 4dF), by (defence − attack, crits), counted once at import."""
BEATS_FLOAT: dict[tuple[int, bool], float] = {k: float(v) for k, v in BEATS.items()}
MARGIN: dict[int, Fraction] = {k: _margin(k) for k in range(-SPREAD, SPREAD + 1)}
"""P(8dF >= k), by k = defence − attack + margin, counted once at import."""


def _clamp(k: int) -> int:
    return -SPREAD if k < -SPREAD else SPREAD if k > SPREAD else k


def p_at_least(skill: int, difficulty: int) -> Fraction:
    """Chance that ``skill + 4dF >= difficulty`` (an unopposed check, mode ``meet``).

        >>> p_at_least(1, 1), p_at_least(0, 5)
        (Fraction(50, 81), Fraction(0, 1))
    """
    return AT_LEAST[_clamp(difficulty - skill)]


def p_beats_exact(attack: int, defence: int, crits: bool = True) -> Fraction:
    """Exact chance that ``attack + 4dF`` beats ``defence + 4dF`` (ties to the defender).

    With ``crits`` the attacker's +4 throw always wins and its -4 throw always
    loses (002 · Criticals); follow-up contests pass ``crits=False``. Only the gap counts: a
    table read (:data:`BEATS`).
    """
    return BEATS[_clamp(defence - attack), bool(crits)]


def p_beats(attack: int, defence: int, crits: bool = True) -> float:
    """:func:`p_beats_exact` as a float, for the AI."""
    return BEATS_FLOAT[_clamp(defence - attack), bool(crits)]


def p_critical() -> float:
    """Chance of ``++++`` (or of ``----``) on one 4dF throw: 1/81."""
    return 1 / OUTCOMES_4DF


def p_margin_at_least(attack: int, defence: int, margin: int) -> Fraction:
    """Chance that ``attack + 4dF`` beats ``defence + 4dF`` by ``margin`` or more (no crits:
    margins matter only in follow-up contests). A table read (:data:`MARGIN`)."""
    return MARGIN[_clamp(defence - attack + margin)]


def expected_shortfall(skill: int, difficulty: int, cap: int) -> float:
    """Expected ``min(cap, max(0, difficulty - (skill + 4dF)))``: the hits a group attack
    lands on a defender rolling ``skill`` against ``difficulty`` (002 · Concentrated Fire)."""
    return float(sum((p_total(s) * min(cap, max(0, difficulty - skill - s)) for s in range(-4, 5)), Fraction(0)))


__all__ = ["OUTCOMES_4DF", "DISTRIBUTION_4DF", "AT_LEAST", "BEATS", "MARGIN", "ways", "p_total", "p_at_least", "p_beats_exact", "p_beats",
           "p_critical", "p_margin_at_least", "expected_shortfall"]
