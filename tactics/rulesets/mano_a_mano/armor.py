"""Armor: cover, absorption, avoiding armor, and layers.

Source: 000 · Armor. Worn armor is cut into *zones*: parts of the body with
one cover and one absorption. A piece worn alone is one zone. Pieces worn in
layers (``over`` names the piece underneath) nest: the area where they overlap
has the cover of the smaller piece and the sum of the absorptions, and the rest
of the larger piece keeps its own absorption.

The example of 000 · Armor (leather jacket 5 cover / 2 absorption, crash helmet
2 cover / 5 absorption)::

    >>> zones = armor_zones([("leather jacket", 5, False, 2, None),
    ...                      ("crash helmet", 2, False, 5, None)])
    >>> armor_effect(zones, ())                                 # (absorbed, extra difficulty)
    (5, 0)
    >>> armor_effect(zones, ("leather jacket", "crash helmet"))
    (0, 7)
    >>> armor_effect(zones, ("crash helmet",))
    (2, 2)

A brigandine (6/4) over a gambeson (8/2): the overlap is 6 cover at 6
absorption, the gambeson alone covers the other 2::

    >>> z = armor_zones([("gambeson", 8, False, 2, None), ("brigandine", 6, False, 4, "gambeson")])
    >>> [(zz.pieces, zz.cover, zz.absorption) for zz in z]
    [(('brigandine', 'gambeson'), 6, 6), (('gambeson',), 2, 2)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple


class ArmorZone(NamedTuple):
    """One part of the body: the pieces covering it, its cover and absorption.

    ``complete`` zones cannot be avoided (000 · Armor); their ``cover`` is 0.
    """

    pieces: tuple[str, ...]
    cover: int
    absorption: int
    complete: bool


#: ``(name, cover, complete, absorption, over)`` — what a zone is cut from.
PieceSpec = tuple[str, int, bool, int, "str | None"]


def _groups(pieces: Sequence[PieceSpec]) -> list[list[PieceSpec]]:
    """Group pieces linked by ``over`` (either direction) into layer stacks."""
    names = [p[0] for p in pieces]
    parent = {n: n for n in names}

    def find(n: str) -> str:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    for name, _cover, _complete, _absorption, over in pieces:
        if over is not None:
            if over not in parent:
                raise ValueError(f"armor {name!r} is worn over {over!r}, which is not worn")
            parent[find(name)] = find(over)
    groups: dict[str, list[PieceSpec]] = {}
    for p in pieces:
        groups.setdefault(find(p[0]), []).append(p)
    return list(groups.values())


def armor_zones(pieces: Iterable[PieceSpec]) -> tuple[ArmorZone, ...]:
    """Cut worn armor into zones. (000 · Armor, the layering paragraph)

    A layer stack sorted by cover, largest first, c1 ≥ c2 ≥ … ≥ cn, gives the
    zones (cn, a1+…+an), (c(n-1) − cn, a1+…+a(n-1)), …, (c1 − c2, a1);
    zones of 0 cover vanish. Complete cover counts as larger than any number.
    """
    out: list[ArmorZone] = []
    for group in _groups(list(pieces)):
        if len(group) == 1:
            name, cover, complete, absorption, _ = group[0]
            out.append(ArmorZone((name,), 0 if complete else cover, absorption, complete))
            continue
        # largest cover first; complete cover is the largest of all
        stack = sorted(group, key=lambda p: (not p[2], -p[1]))
        for depth in range(len(stack), 0, -1):
            inner = stack[:depth]
            smallest = inner[-1]
            complete = smallest[2]
            if complete and depth < len(stack) and stack[depth][2]:
                continue  # two complete layers overlap everywhere
            if complete:
                cover = 0
            elif depth < len(stack):
                cover = smallest[1] - stack[depth][1]
            else:
                cover = smallest[1]
            if cover <= 0 and not complete:
                continue
            names = tuple(sorted(p[0] for p in inner))
            out.append(ArmorZone(names, cover, sum(p[3] for p in inner), complete))
    return tuple(out)


def best_absorption(zones: Sequence[ArmorZone]) -> int:
    """The largest absorption of any zone (0 with no armor). (000 · Armor)"""
    return max((z.absorption for z in zones), default=0)


def total_cover(zones: Sequence[ArmorZone]) -> int:
    """The sum of the avoidable cover of all zones. (000 · Armor)"""
    return sum(z.cover for z in zones)


def armor_effect(zones: Sequence[ArmorZone], avoid: Iterable[str]) -> tuple[int, int]:
    """``(absorbed power, extra difficulty)`` for an attack that avoids the pieces ``avoid``.

    Avoiding a piece avoids every zone it is part of: the difficulty rises by
    those zones' cover and the best absorption of the zones left applies.
    Complete cover cannot be avoided: ``ValueError``. (000 · Armor)
    """
    avoided = set(avoid)
    if not avoided:
        return best_absorption(zones), 0
    worn = {n for z in zones for n in z.pieces}
    unknown = avoided - worn
    if unknown:
        raise ValueError(f"cannot avoid armor that is not worn: {sorted(unknown)}")
    absorbed = 0
    extra = 0
    for z in zones:
        if avoided.intersection(z.pieces):
            if z.complete:
                raise ValueError(f"armor with complete cover cannot be avoided: {z.pieces}")
            extra += z.cover
        elif z.absorption > absorbed:
            absorbed = z.absorption
    return absorbed, extra
