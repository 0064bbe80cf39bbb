"""``round(x, 6)`` for the numbers a replay records, without its decimal string.

Python's ``round(x, 6)`` rounds the exact binary value of ``x`` to six decimals
(ties to even) by writing it out as a decimal string and reading that back:
about 2,000 machine instructions a call, a few per turn (every ``move``
event records its metres and budget this way). :func:`round6` gives the
same float, bit for bit, by arithmetic when it can prove the answer:

- ``y = x * 1e6`` is within half an ulp of the exact ``x * 10**6``; below
  ``1e11`` that ulp is under ``2**-15``, so unless ``y`` lies within ``1e-4``
  of a half-integer, the exact product rounds to the same integer ``n`` as
  ``y`` does (found in floats: adding and taking away ``1.5 * 2**52``);
- ``n / 1e6`` (both exact floats) is the float nearest ``n * 10**-6``, which
  is what reading the decimal string back gives.

What rounds to zero is ``0.0 * x``: a zero of ``x``'s sign, as ``round`` gives
(``round`` itself for an int, which it keeps an int). Everything else (near a
tie, large, NaN, infinities) goes to ``round`` itself::

    >>> round6(0.1 + 0.2), round6(2.0000005), round6(0.0000025), round6(-1e-9)
    (0.3, 2.000001, 3e-06, -0.0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

_MAGIC = 6755399441055744.0  # 1.5 * 2**52: y + _MAGIC - _MAGIC is y rounded to an integer (ties to even) for |y| < 2**51


def round6(x: float) -> float:
    """``round(x, 6)``, the same float (see the module's note), cheaper."""
    y = x * 1e6
    if -1e11 < y < 1e11:
        n = y + _MAGIC - _MAGIC
        d = y - n
        if -0.4999 < d < 0.4999:
            if n:
                return n / 1e6
            if type(x) is float:  # rounds to zero (a spent budget, most moves): round keeps x's sign
                return 0.0 * x
    return round(x, 6)


def first_free(spots: Iterable[Sequence[float]], standing: Sequence[Any]) -> Sequence[float] | None:
    """The first of ``spots`` where none of ``standing`` is, to the millimetre (``round(v, 3)``).

    Exactly the spots whose rounded place no one shares, with far fewer roundings: a
    spot somebody stands on exactly is taken without any, and only those within a
    centimetre (the only ones who can round alike) are rounded. Rounding everyone for
    every spot made putting a hundred a side on a map cost as much as their first
    twenty turns.
    """
    exact = {(c.x, c.y) for c in standing}
    for spot in spots:
        x, y = spot
        if (x, y) in exact:
            continue
        rx = ry = None  # the spot's own rounding, only once someone stands within a centimetre of it
        for c in standing:
            if abs(c.x - x) <= 0.01 and abs(c.y - y) <= 0.01:
                if rx is None:
                    rx, ry = round(x, 3), round(y, 3)
                if round(c.x, 3) == rx and round(c.y, 3) == ry:
                    break
        else:
            return spot
    return None


__all__ = ["round6", "first_free"]
