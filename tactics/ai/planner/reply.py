"""The enemies' best reply: whom each near enemy would strike once my plan is done (``Planner(replies=True)``).

    >>> others = Others.read(view, board, allies)           # doctest: +SKIP
    >>> others.best["red-2"]                                # red-2's best blow on one of my allies
    0.21

The one-ply value (:mod:`.value`) has every enemy that can reach where my
plan ends strike *me* with its best attack, halved when an ally of mine
stands nearer to it. With ``replies`` the reply is a max node instead: each
enemy still able strikes whichever of my team its best estimate favours —
me where the plan leaves me (its threat on me, as the value reads it: a
guard or a hide lowers it), or the ally it threatens most
(:attr:`Others.best`: its estimates on that ally from where both stand,
through the seam, ``view.estimates(ally, a=e)``; an ally out of its reach
counts at the value last seen for the pair, else nothing). Harm to an ally
costs the team as much as harm to me, so the reply of every enemy still able
is counted, on whomever it falls; taking an enemy out removes its reply on
the whole team, and standing where no enemy prefers me costs nothing more
than the team already faces.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tactics.ai.planner.board import HAND_M, MEMO, UP_M, Board

ALLIES = 4
"""How many of my nearest allies an enemy's reply is weighed on."""


@dataclass(frozen=True, slots=True)
class Others:
    """Each near enemy's best blow on one of my allies (0 when it reaches none)."""

    best: dict[str, float]

    @classmethod
    def read(cls, view: Any, board: Board, allies: Sequence[Any], n: int = ALLIES) -> Others:
        me = board.me
        seen = view.memo.setdefault(MEMO, {})
        near = sorted(allies, key=lambda a: (math.hypot(a.x - me.x, a.y - me.y), a.id))[:n]
        best: dict[str, float] = {}
        for f in board.foes:
            e = f.unit
            top = 0.0
            for a in near:
                theirs = view.estimates(a, a=e)
                if theirs:
                    v = float(theirs[0].value)
                    seen[(e.id, a.id)] = v
                elif f.ranged_threat or (math.hypot(a.x - e.x, a.y - e.y) <= max(f.walk, f.air) + HAND_M
                                         and (abs(a.z - e.z) <= UP_M or f.air > 0)):
                    v = float(seen.get((e.id, a.id), 0.0))
                else:
                    v = 0.0
                top = max(top, v)
            best[e.id] = top
        return cls(best)


def team_reply(on_me: float, on_ally: float) -> tuple[float, float]:
    """(the reply on me, on an ally): the enemy strikes whichever of the two its blow favours (me on a tie)."""
    return (on_me, 0.0) if on_me >= on_ally and on_me > 0.0 else (0.0, on_ally)


__all__ = ["Others", "team_reply", "ALLIES"]
