"""001 · Combat Example as data: Modre and his clone, for any driver (a test, the engine's replay).

The dice, where the two stand, and each step: whose turn, what it does or
answers, and the pools (ready, defense, other, stun, damage) after it. The
numbers are those of DECISIONS-2006 · The worked example::

    >>> DICE
    (2, 1, 6, 4)
    >>> [(s.round, s.who, s.kind) for s in STEPS]  # doctest: +NORMALIZE_WHITESPACE
    [(0, 'modre', 'begin'), (0, 'modre', 'act'), (0, 'clone', 'begin'), (1, 'modre', 'begin'),
     (1, 'modre', 'act'), (1, 'clone', 'begin'), (1, 'clone', 'move')]
    >>> STEPS[-1].pools
    {'clone': (0, 3, 0, 1, 2), 'modre': (0, 4, 2, 0, 0)}

``answers`` are the policies' answers to the windows the step opens, in
order, as ``(reactor, window kind, answer)``; ``opening`` the pools after each
effect that begins the turn (phases 1 and 2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Pools5 = tuple[int, int, int, int, int]

DICE: tuple[int, ...] = (2, 1, 6, 4)
SHEETS: dict[str, str] = {"modre": "assets/characters/mam2006/modre.toml",
                          "clone": "assets/characters/mam2006/clone.toml"}
TEAMS: dict[str, str] = {"modre": "red", "clone": "blue"}
POSITIONS: dict[str, tuple[float, float]] = {"modre": (0.0, 0.0), "clone": (0.5, 0.0)}
"""Half a metre apart: the Ice Blade (1 m) and the clone's body (0.5 m) both reach."""
ORDER: tuple[str, ...] = ("modre", "clone")
"""Modre first: his blade reaches further (step 1)."""


@dataclass(frozen=True)
class Step:
    """One step of the example: ``kind`` is ``begin`` (a turn's phases 1 and 2), ``act`` (an action,
    ``plan`` as ``dict(action, target, weapon, options)``) or ``move`` (``plan`` as ``dict(metres,
    away_from)``)."""

    round: int
    who: str
    kind: str
    pools: dict[str, Pools5]
    plan: dict[str, Any] | None = None
    answers: tuple[tuple[str, str, Any], ...] = ()
    opening: tuple[Pools5, ...] = ()
    note: str = ""
    rolls: tuple[tuple[int, int], ...] = field(default=())
    """The totals each roll of the step compares (attacker, other side)."""


STEPS: tuple[Step, ...] = (
    Step(0, "modre", "begin", {"modre": (6, 0, 0, 0, 0), "clone": (6, 0, 0, 0, 0)},
         note="step 3: no stun, all ready already"),
    Step(0, "modre", "act", {"modre": (0, 2, 4, 0, 0), "clone": (0, 6, 0, 0, 0)},
         plan=dict(action="attack", target="clone", weapon="Ice Blade", options={"modifier": 2, "power": 4}),
         answers=(("clone", "defend", {"reaction": "defense", "points": 6}),), rolls=((5, 7),),
         note="step 3: 2 + 1 + 2 = 5 against 1 + 6 + 0 = 7, a miss"),
    Step(0, "clone", "begin", {"clone": (3, 3, 0, 0, 0)}, opening=((3, 3, 0, 0, 0),),
         note="step 4: 3 from defense to ready, kept there"),
    Step(1, "modre", "begin", {"modre": (3, 2, 1, 0, 0)}, opening=((3, 2, 1, 0, 0),),
         note="step 5: 3 from other to ready"),
    Step(1, "modre", "act", {"modre": (0, 4, 2, 0, 0), "clone": (0, 0, 2, 2, 2)},
         plan=dict(action="attack", target="clone", weapon="Ice Blade", options={"modifier": 2, "power": 1}),
         answers=(("clone", "defend", {"reaction": "counter", "weapon": "body", "modifier": 1, "power": 2}),),
         rolls=((9, 7),), note="step 5: 9 against the counter's 7; power 4, sharpness -2: 2 stun, 2 damage"),
    Step(1, "clone", "begin", {"clone": (3, 0, 0, 1, 2)}, opening=((0, 0, 3, 1, 2), (3, 0, 0, 1, 2)),
         note="step 6: one stun back to other, 3 from other to ready"),
    Step(1, "clone", "move", {"clone": (0, 3, 0, 1, 2), "modre": (0, 4, 2, 0, 0)},
         plan=dict(metres=3.0, away_from="modre"), note="step 6: runs 3 m, 3 points into defense"),
)

__all__ = ["DICE", "SHEETS", "TEAMS", "POSITIONS", "ORDER", "Step", "STEPS"]
