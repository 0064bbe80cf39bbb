"""Group attacks: concentrated fire and dog-piles, as arithmetic (002 · Concentrated Fire,
Dogpile; DECISIONS-fudge · Group attacks).

Three or more identical fighters (same sheet, same weapon) attacking one
target in a round resolve together: the target rolls once (Dodge against
fire, Block against a dog-pile) against the attackers' skill plus a bonus
from the table, and is hit once per point it falls short, at most once per
attacker. Dual wielders and two-shots weapons count as two attackers::

    >>> [bonus(n) for n in range(3, 13)]
    [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    >>> hits(difficulty=5, defence_total=2, attackers=4), hits(5, 5, 4), hits(9, 0, 3)
    (3, 0, 3)

Too many fighters split: fire into groups of at most 12 attackers, a
dog-pile takes at most 6 fighters; leftovers under three fighters attack
one by one::

    >>> split([("a", 2)] * 7, "fire")
    ([[('a', 2), ('a', 2), ('a', 2), ('a', 2), ('a', 2), ('a', 2)]], [('a', 2)])
    >>> split([("a", 1)] * 8, "dogpile")
    ([[('a', 1), ('a', 1), ('a', 1), ('a', 1), ('a', 1), ('a', 1)]], [('a', 1), ('a', 1)])
"""

from __future__ import annotations

GROUP_BONUS: dict[int, int] = {3: 1, 4: 1, 5: 2, 6: 2, 7: 3, 8: 3, 9: 4, 10: 4, 11: 5, 12: 5}
"""Attackers → bonus to the difficulty (the seed's table, the same for fire and dog-piles)."""

MIN_FIGHTERS = 3
"""Fewer identical fighters than this attack one by one."""

MAX_ATTACKERS = 12
"""A group counts at most this many attackers (dual wielders and two shots count two)."""

MAX_DOGPILE_FIGHTERS = 6

DEFENCE = {"fire": "Dodge", "dogpile": "Block"}
ATTACK_SKILL = {"fire": "Marksmanship", "dogpile": "Melee"}
LABEL = {"fire": "concentrated fire", "dogpile": "dog-pile"}

Member = tuple[str, int]
"""(fighter id, attackers it counts as)."""


def bonus(attackers: int) -> int:
    """The table's bonus for ``attackers`` (3–12)."""
    if attackers < MIN_FIGHTERS:
        return 0
    return GROUP_BONUS[min(attackers, MAX_ATTACKERS)]


def weight(dual: bool, two_shots: bool) -> int:
    """Attackers one fighter counts as: 2 when dual wielding or with a two-shots weapon."""
    return 2 if dual or two_shots else 1


def hits(difficulty: int, defence_total: int, attackers: int) -> int:
    """Hits on the target: one per point short of the difficulty (a tie is none), at most ``attackers``."""
    return max(0, min(attackers, difficulty - defence_total))


def split(members: list[Member], kind: str) -> tuple[list[list[Member]], list[Member]]:
    """Members in declaration order → (groups, those who attack one by one)."""
    groups: list[list[Member]] = []
    cur: list[Member] = []
    left = list(members)
    singles: list[Member] = []
    while left:
        m = left.pop(0)
        full = sum(w for _, w in cur) + m[1] > MAX_ATTACKERS
        if kind == "dogpile" and groups and not cur:
            singles.append(m)          # only one dog-pile per target
            continue
        if full or (kind == "dogpile" and len(cur) >= MAX_DOGPILE_FIGHTERS):
            groups.append(cur)
            cur = []
            if kind == "dogpile":
                singles.append(m)
                continue
        cur.append(m)
    if cur:
        groups.append(cur)
    out = []
    for g in groups:
        if len(g) >= MIN_FIGHTERS:
            out.append(g)
        else:
            singles.extend(g)
    return out, singles


__all__ = ["GROUP_BONUS", "MIN_FIGHTERS", "MAX_ATTACKERS", "MAX_DOGPILE_FIGHTERS", "DEFENCE", "ATTACK_SKILL",
           "LABEL", "Member", "bonus", "weight", "hits", "split"]
