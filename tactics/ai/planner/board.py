"""What the planner knows at one decision: the near enemies, the odds both ways, movement and reach.

    >>> board = Board.read(view, enemies=4)        # doctest: +SKIP
    >>> board.mine["blue-1"][0].p                   # my best attack on blue-1 from here, its chance

Everything is read once per decision through the seam: the ruleset's
:class:`~tactics.rules.protocol.Estimate` of each attack I could make on
each near enemy from where I stand (``view.estimates(e)``) and of each it
could make on me (``view.estimates(me, a=e)``), each enemy's progress toward
being out (``view.progress``), walking metres (``view.movement``), and
whether an attack is hand to hand (the catalogue's ``kind``). An enemy out
of reach gives no estimate; the last value seen for that pair is kept in
``view.memo`` (:func:`remembered`) and stands in for it, else
:data:`PRIOR` (a typical exchange).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

PRIOR = 0.12
"""Progress per attack assumed for a pair never seen in reach (about one blow in eight to take one out)."""
HAND_M = 2.0
"""Flat metres within which a hand-to-hand attack is assumed to reach a point (a spot, not a unit)."""
UP_M = 2.5
"""Height difference beyond which nobody is assumed to fight hand to hand within a turn (a roof, a flyer)."""
MEMO = "planner:seen"


@dataclass(frozen=True, slots=True)
class Foe:
    """One near enemy as the planner weighs it."""

    unit: Any
    progress: float
    """How far it already is toward being out (0 fresh .. 1 out)."""
    walk: float
    mine: tuple[Any, ...]
    """My estimates on it from here, best first."""
    theirs: tuple[Any, ...]
    """Its estimates on me from where it stands, best first."""
    threat: float
    """Its best attack's value on me (p × progress): from here, else remembered, else the prior."""
    ranged_threat: bool
    """That best attack reaches without closing in (a shot or a throw)."""
    worth: float
    """My best attack's value on it from here, else remembered, else the prior."""
    hand: float | None = None
    """My best hand-to-hand attack's value on it: from here, else remembered, else the prior (None:
    not read; a guessed hand-to-hand blow then counts at :attr:`worth`, whatever weapon that was)."""
    shot: float | None = None
    """My best shot or throw's value on it: from here, else the last seen, else 0 (None: not read; next
    turn's blow then counts only a shot from here)."""
    air: float = 0.0
    """Metres it may fly in a turn (its airspeed; 0: it walks, or ``Planner(fly=False)``): a flyer's reply
    reaches me at any height within that, not only within :data:`UP_M`."""


@dataclass(frozen=True, slots=True)
class Board:
    me: Any
    walk: float
    progress: float
    foes: tuple[Foe, ...]
    ground: Callable[[float, float], float] | None = None
    """The map's ground height at a point (where a walker's move ends)."""
    path: Callable[[tuple[float, float]], Any] | None = None
    """The engine's path from me to a point (``view.path``: legs, or None when there is no way)."""
    there: Callable[[Any, tuple[float, float, float]], tuple[Any, ...] | None] | None = None
    """My estimates on an enemy as if I stood at a point (``view.estimates_at``), or None when the
    ruleset has none (then an attack after a move is guessed, :func:`~.value.blows`)."""
    judge: Callable[[Any], Any] | None = None
    """The ruleset's estimate of one exact act from here (``view.estimate_act``: an attack its plain
    estimates do not list), or None when it has no such seam."""
    unseen: Callable[[Any], float] | None = None
    """The chance that after an act (None: none) no enemy can target me (``view.unseen``), or None when
    the ruleset has no hiding."""
    reach: tuple[float, float] = (HAND_M + 0.5, UP_M)
    """(flat, vertical) metres of my hand-to-hand reach (the ruleset's, ``view.reach``): a blow with no
    move before it counts only within it, as the engine refuses it beyond."""
    exposure: Callable[[Any, Any], float | None] | None = None
    """``Planner(split=True)``: the factor on an enemy's best attack on me once I have done a plan's acts
    (``view.exposure``; None: the ruleset has no such seam), and an attack with its own ``options`` (a
    split of points) counts at the ruleset's ``estimate_act`` of it, not at the plain estimate's split."""
    air: float = 0.0
    """Metres I may fly this turn (my airspeed; 0: I walk, or ``Planner(fly=False)``): a move with a
    height goes straight there (:func:`~.value.end_point`), and an enemy at any height is within reach."""

    @classmethod
    def read(cls, view: Any, enemies: int = 4, hands: bool = False, exact: bool = False,
             keep: bool = False, fly: bool = False, split: bool = False) -> Board:
        me = view.me
        judge = getattr(view, "estimate_act", None) if exact else None
        seen = view.memo.setdefault(MEMO, {})
        catalogue = getattr(view.ruleset, "actions", {})
        near = sorted(view.enemies(), key=lambda e: (math.hypot(e.x - me.x, e.y - me.y), e.id))[:enemies]
        foes = []
        for e in near:
            mine = tuple(view.estimates(e))
            theirs = tuple(view.estimates(me, a=e))
            if judge is not None:  # each as the ruleset judges the act itself, in the state both are in
                mine, theirs = _exact(judge, mine, None), _exact(judge, theirs, e)
            if mine:
                seen[(me.id, e.id)] = mine[0].value
            if theirs:
                seen[(e.id, me.id)] = theirs[0].value
            best_theirs = theirs[0] if theirs else None
            ranged = best_theirs is not None and _kind(catalogue, best_theirs.action) == "ranged"
            hand = None
            if hands:  # my best blow hand to hand, apart from a shot's (a guessed hold or strike after a move)
                close = tuple(m for m in mine if _kind(catalogue, m.action) == "melee")
                if close:
                    seen[(me.id, e.id, "hand")] = close[0].value
                hand = remembered(seen, (me.id, e.id, "hand"), None, close)
            shot = None
            if keep:  # my best shot on it, kept while it is out of sight (an archer waiting drawn and aimed)
                far = tuple(m for m in mine if _kind(catalogue, m.action) == "ranged")
                if far:
                    seen[(me.id, e.id, "shot")] = far[0].value
                shot = float(far[0].value) if far else float(seen.get((me.id, e.id, "shot"), 0.0))
            foes.append(Foe(e, view.progress(e), view.movement(e), mine, theirs,
                            remembered(seen, e.id, me.id, theirs), ranged, remembered(seen, me.id, e.id, mine), hand, shot,
                            _air(e) if fly else 0.0))
        tmap = getattr(view, "map", None)
        paths: dict[tuple[float, float], Any] = {}

        def path(goal: tuple[float, float]) -> Any:
            if goal not in paths:
                paths[goal] = view.path(goal)
            return paths[goal]

        placed: dict[tuple[str, tuple[float, float, float]], tuple[Any, ...] | None] = {}
        ask = getattr(view, "estimates_at", None)

        def there(unit: Any, at: tuple[float, float, float]) -> tuple[Any, ...] | None:
            key = (unit.id, at)
            if key not in placed:
                got = ask(unit, at) if ask is not None else None
                placed[key] = None if got is None else tuple(got)
            return placed[key]

        asks = getattr(view, "exposure", None) if split else None
        exposure = asks if asks is not None and asks((), me) is not None else None
        hiding = getattr(view, "unseen", None)
        unseen = None if hiding is None or hiding(None) is None else hiding
        return cls(me, view.movement(), view.progress(me), tuple(foes), getattr(tmap, "ground_height", None),
                   None if me.flying else path, there, getattr(view, "estimate_act", None), unseen,
                   _reach(view), exposure, _air(me) if fly else 0.0)

    def foe(self, uid: str | None) -> Foe | None:
        return next((f for f in self.foes if f.unit.id == uid), None)

    def is_hand_to_hand(self, catalogue: Any, action: str) -> bool:
        return _kind(catalogue, action) == "melee"


def remembered(seen: dict[Any, float], a: Any, b: str | None, now: tuple[Any, ...]) -> float:
    """The value of ``a``'s best attack on ``b``: from ``now`` if any, else the last seen, else :data:`PRIOR`
    (``b`` None: ``a`` is the whole memo key)."""
    if now:
        return float(now[0].value)
    return float(seen.get(a if b is None else (a, b), PRIOR))


def _reach(view: Any) -> tuple[float, float]:
    """My hand-to-hand reach through the seam (``view.reach``), else the planner's own guess."""
    fn = getattr(view, "reach", None)
    return (HAND_M + 0.5, UP_M) if fn is None else tuple(float(v) for v in fn())  # type: ignore[return-value]


def _air(unit: Any) -> float:
    """Metres ``unit`` may fly in a turn: its airspeed (the engine's, any ruleset; 0 for a walker)."""
    return float(getattr(unit, "airspeed", 0.0) or 0.0)


def _exact(judge: Callable[..., Any], ests: tuple[Any, ...], a: Any) -> tuple[Any, ...]:
    """``ests`` each replaced by the ruleset's estimate of its act (``view.estimate_act``: the state both
    fighters are in, an aim, a stance), where it has one; best first again."""
    if not ests:
        return ests
    out = []
    for e in ests:
        got = judge(e.act) if a is None else judge(e.act, a)
        out.append(e if got is None else got)
    out.sort(key=lambda e: -e.value)
    return tuple(out)


def _kind(catalogue: Any, action: str) -> str:
    info = catalogue.get(action) if hasattr(catalogue, "get") else None
    return getattr(info, "kind", "other")


__all__ = ["Board", "Foe", "PRIOR", "HAND_M", "UP_M", "remembered"]
