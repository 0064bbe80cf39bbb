"""Numbers as tuples the garbage collector skips, one shared object per value.

A map's movement tables (:mod:`tactics.map.graph`) hold hundreds of thousands of
numbers; as tuples of shared objects the collector never walks them and each
costs 8 bytes::

    >>> frozen_ints(np.array([3, 1, 3]), tuple(range(4)))
    (3, 1, 3)
    >>> t = frozen_floats(np.array([2.0, 0.5, 2.0]))
    >>> t, t[0] is t[2]
    ((2.0, 0.5, 2.0), True)
"""

from __future__ import annotations

from operator import itemgetter

import numpy as np


def frozen_ints(a: np.ndarray, pool: tuple[int, ...]) -> tuple[int, ...]:
    """``a`` as a tuple of the ints of ``pool`` (``pool[i] == i``): one shared object per value.

    A tuple of numbers is left alone by the garbage collector (a list is walked
    item by item in every full collection), and sharing the number objects
    keeps a big map's edges at 8 bytes each instead of ~36. (One ``itemgetter``
    of every index builds the tuple in C: a third of the time of a ``map``.)"""
    if len(a) < 2:
        return tuple(pool[i] for i in a.tolist())
    return itemgetter(*a.tolist())(pool)


def frozen_floats(a: np.ndarray) -> tuple[float, ...]:
    """``a`` as a tuple of floats, one object per distinct value (see :func:`frozen_ints`).

    The distinct values are ``np.unique``'s; each item is found among them by a binary search
    (``searchsorted``: a map's edges have a handful of costs) instead of the inverse of a
    whole sort. Where the two could pick different objects for equal values (both 0.0 and -0.0,
    NaNs of more than one bit pattern) it takes ``np.unique``'s inverse as it always did."""
    a = a.ravel()
    vals = np.unique(a)
    if len(a) < 2 or _ambiguous(a, vals):
        vals, inv = np.unique(a, return_inverse=True)
        inv = inv.ravel()
    else:
        inv = np.searchsorted(vals, a)
    objs = vals.tolist()
    if len(inv) < 2:
        return tuple(objs[i] for i in inv.tolist())
    return itemgetter(*inv.tolist())(objs)


def _ambiguous(a: np.ndarray, vals: np.ndarray) -> bool:
    """Do values of ``a`` that compare equal differ in their bits (0.0 and -0.0, NaN payloads)?"""
    if (vals == 0.0).any():
        z = np.signbit(a[a == 0.0])
        if z.any() and not z.all():
            return True
    if np.isnan(vals[-1]):
        bits = a[np.isnan(a)].view(np.int64)
        if (bits != bits[0]).any():
            return True
    return False


__all__ = ["frozen_floats", "frozen_ints"]
