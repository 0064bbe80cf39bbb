"""Team fields: where a team's enemies are, as distance fields every member steers by.

Movement on big maps is steered by a *team field*: one multi-source distance
field from every enemy's cell, computed at most once per team and round and
shared by the whole team (the map caches fields per goals and mover), so a
hundred units do not each run a path search across the map every turn. Close
to the target the engine's own short path search finishes the approach::

    >>> ok, field = reach_field(view, view.me, view.enemies())    # doctest: +SKIP
    >>> steer(view, view.me, view.enemies(), 8.0, field)           # doctest: +SKIP
    (14.2, 6.0)

On big maps a team field is searched only out to a little beyond the team's
farthest member at first (:func:`field_limit`); a read past that searches the
rest, so every answer is the whole field's (:mod:`tactics.map.distfield`).

Units plan with a *safe mover* (:func:`movers`, made by the ruleset's AI package): only the jumps and
climbs they surely make, so nobody walks into a ravine it would fall into.
Nothing here reads a ruleset's rules; the map and the view answer.
"""

from __future__ import annotations

import importlib
import math
from typing import Any

import numpy as np

from tactics.map import DistanceField, Mover
from tactics.map.graph import SCIPY_FROM
from tactics.sim.view import UnitView, View

SAFE_MOVERS: dict[str, str] = {
    "mano-a-mano": "tactics.ai.mano_a_mano.movers",
    "mano-a-mano-2006": "tactics.ai.mano_a_mano_2006.movers",
    "d100-opposed": "tactics.ai.d100_opposed.movers",
}
"""Ruleset name -> the module whose ``safe_mover(sheet, cell_size) -> Mover`` plans only the jumps and
climbs that sheet surely makes. A ruleset without one plans with the engine's own mover."""


def _can_fly(sheet: Any) -> bool:
    return getattr(sheet, "airspeed", 0) > 0


def movers(view: View, me: UnitView) -> tuple[Mover, Mover]:
    """(safe, engine's) movers of ``me``; flyers use the engine's for both.

    The safe mover comes from the ruleset's AI package (:data:`SAFE_MOVERS`),
    made once per sheet and cell size in the scenario-shared cache.
    """
    real = view.mover(me)
    ch = me.character
    if _can_fly(ch):
        return real, real
    memo = view.shared.get("safe movers")
    if memo is None:
        memo = view.shared["safe movers"] = {}
    key = (id(ch), view.map.cell_size)  # by identity: some systems' sheets are not hashable
    got = memo.get(key)
    if got is None or got[0] is not ch:
        safe = _safe_mover(view, ch)
        if safe is None:
            return real, real
        got = memo[key] = (ch, safe)
    return got[1], real


def _safe_mover(view: View, ch: Any) -> Mover | None:
    """The ruleset's safe mover for the sheet ``ch`` (None: the ruleset has none)."""
    module = SAFE_MOVERS.get(getattr(view.ruleset, "name", ""))
    if module is None:
        return None
    return importlib.import_module(module).safe_mover(ch, view.map.cell_size)


def _round_seconds(view: View) -> float:
    """Seconds in a round: the encounter's setting when it has one, else the ruleset's."""
    got = getattr(view.options, "round_seconds", None)
    return float(got) if got else float(view.ruleset.round_seconds)


def _field(view: View, me: UnitView, enemies: list[UnitView], mv: Mover) -> Any:
    # one field per team per round on small maps; every other round on big ones (it only steers)
    memo = view.memo
    got = memo.get("team fields")
    if got is None:  # the round's length and the cadence: the encounter's map and options, once
        tmap = view.map
        got = memo["team fields"] = (max(1e-9, _round_seconds(view)), 1 if tmap.rows * tmap.cols <= 4096 else 2,
                                     {})
    seconds, every, fields = got
    rnd = math.floor(view.time / seconds) // every
    mkey = mv.key
    key = (me.team, mkey)
    hit = fields.get(key)
    if hit is not None and hit[0] == rnd:
        return hit[1]
    f = _distance_field(view, enemies, mv, None, mkey)
    fields[key] = (rnd, f)
    return f


def round_field(view: View, team: str, mv: Mover) -> Any:
    """The team field :func:`_field` keeps for ``team`` and ``mv`` this round, or None when there is
    none yet (the next ask builds it from where the enemies stand then)."""
    got = view.memo.get("team fields")
    if got is None:
        return None
    seconds, every, fields = got
    hit = fields.get((team, mv.key))
    return hit[1] if hit is not None and hit[0] == math.floor(view.time / seconds) // every else None


def round_fields(view: View, team: str) -> bool:
    """Whether :func:`_field` keeps any field for ``team`` this round (by any mover): when not,
    :func:`round_field` answers None for each of them, and the caller need not find its movers."""
    got = view.memo.get("team fields")
    if got is None:
        return False
    seconds, every, fields = got
    rnd = math.floor(view.time / seconds) // every
    return any(k[0] == team and hit[0] == rnd for k, hit in fields.items())


FIELD_MEMORY = 1024
"""How many fields :func:`_distance_field` (and :func:`_field_answers`) remember at most, all forgotten
when full: a field holds a cost per cell. The cells bound below decides on all but small maps: the
default encounter's 200 fights on arena (280 cells) meet 681 team fields, built 2,876 times with 64."""
FIELD_CELLS = 1_000_000
"""...and how many cells' costs they may hold together: on a 256×256 map (2.6 MB a field) 15 fields."""


def field_memory(tmap: Any) -> int:
    """How many fields to remember on ``tmap``: :data:`FIELD_MEMORY`, fewer on big maps (:data:`FIELD_CELLS`)."""
    return max(4, min(FIELD_MEMORY, FIELD_CELLS // max(1, tmap.rows * tmap.cols)))


def _distance_field(view: View, enemies: list[UnitView], mv: Mover, tmap: Any = None, mkey: tuple | None = None) -> Any:
    """The map's distance field to the enemies' positions for ``mv``, remembered in the scenario-shared
    cache by the cells they stand in (all the field reads; keyed by exact positions, the default
    encounter's 200 fights built 633 fields instead of 437): the fights of a batch meet the same few.
    ``tmap`` and ``mkey``: ``view.map``
    and ``mv.key`` when the caller has them (the :func:`map_cache` look-up is inline: every approach
    turn asks).

    Built as :meth:`TacticalMap.distance_field` builds it, but not kept in the map's own cache (256
    fields): a team field is asked for one round or two and then never again, and 56 of them held 150 MB
    in a 400 v 400 fight on 256×256; this cache keeps :func:`field_memory` of them."""
    tmap = view.map if tmap is None else tmap
    shared = view.shared.get("distance fields")
    if shared is None or shared[0] is not tmap:
        shared = view.shared["distance fields"] = (tmap, {})
    cache = shared[1]
    cells = _goal_cells(tmap, [(e.x, e.y) for e in enemies])  # (C getters: ``pos`` is a Python one)
    key = (mv.key if mkey is None else mkey, cells)  # the field reads only the cells: enemies elsewhere in them share it
    f = cache.get(key)
    if f is None:
        if len(cache) >= field_memory(tmap):
            cache.clear()
        # a small map's field is searched whole whatever the limit (DistanceField): none to work out
        limit = field_limit(view, enemies) if tmap.rows * tmap.cols > SCIPY_FROM else math.inf
        f = cache[key] = DistanceField(tmap, tmap.movement_arrays(mv), list(cells), limit)
    return f


LIMIT_SLACK = 1.2
"""A team field is searched out to this many times the farthest member's straight way to an enemy..."""
LIMIT_MARGIN_M = 12.0
"""...plus this many metres (:func:`field_limit`): walls and rough ground make ways longer than straight.
On ``bench_engine.py``'s walled maps the way of the farthest member was at most 1.03 times the straight
line; 1.5 and 24 m searched 418,000 cells in the 100 v 100 brawler fight and 3.19 M in the 400 v 400,
these 365,000 and 2.81 M, and no fight searched the rest of its map (branch brawl6)."""
LIMIT_SAMPLE = 32
"""How many of the enemies :func:`field_limit` measures to (every k-th: an upper bound all the same)."""


def field_limit(view: View, enemies: list[UnitView]) -> float:
    """How far (in cost) a team field is searched at first: :data:`LIMIT_SLACK` times the straight
    distance from the team member farthest from the enemies to its nearest (an upper bound:
    measured to every k-th enemy), plus :data:`LIMIT_MARGIN_M`.

    Only a guess, never a change of any answer: a member beyond it makes the field search the
    rest of the map (:class:`~tactics.map.distfield.DistanceField`). When the armies are 50 m
    apart on a 256×256 map the search covers a tenth of it::

        >>> field_limit(view, view.enemies())      # doctest: +SKIP
        72.0
    """
    if not enemies:
        return math.inf
    team = view.allies()
    team.append(view.me)
    a = np.array([u.pos[:2] for u in team])
    e = np.array([u.pos[:2] for u in enemies[::max(1, len(enemies) // LIMIT_SAMPLE)]])
    d = a[:, None, :] - e[None, :, :]
    d *= d
    farthest = math.sqrt(float(d.sum(2).min(1).max()))
    return LIMIT_SLACK * farthest + LIMIT_MARGIN_M


def _goal_cells(tmap: Any, goals: Any) -> tuple[int, ...]:
    """The flat indices of the in-bounds cells of ``goals``, in their order: what a team field is
    built from (as :meth:`TacticalMap.distance_field` builds it, without its cache)."""
    cells = []
    s, cols, rows, floor = tmap.cell_size, tmap.cols, tmap.rows, math.floor
    for p in goals:
        c, r = floor(p[0] / s), floor(p[1] / s)  # tmap.cell_of and tmap.in_bounds, inline (every team field ask)
        if 0 <= c < cols and 0 <= r < rows:
            cells.append(r * cols + c)
    return tuple(cells)


def team_field(view: View, me: UnitView, enemies: list[UnitView], safe: bool = True) -> Any:
    """One multi-source distance field to every enemy, shared by a team for a round.

    Cached in the encounter's ``view.memo`` by (team, mover, round): within a
    round (two rounds on maps of more than 4096 cells) the field is a few
    metres stale at worst, which only steers; the last metres are a real path
    to the real target. ``safe`` plans with the safe mover (:func:`movers`); when that finds
    no way, the engine's own mover is used.
    """
    if not safe:
        return _field(view, me, enemies, movers(view, me)[1])
    return _team_field_at(view, me, enemies, movers(view, me))[0]


def _team_field_at(view: View, me: UnitView, enemies: list[UnitView], mv: tuple[Mover, Mover]) -> tuple[Any, float]:
    """:func:`team_field` (safe) for the movers ``mv`` and its cost at ``me``, read once."""
    sm, real = mv
    x, y, _ = me.pos
    f = _field(view, me, enemies, sm)
    cost = f.cost_at(x, y)
    if sm is not real and cost == math.inf:
        f = _field(view, me, enemies, real)
        cost = f.cost_at(x, y)
    return f, cost


def safe_reachable(view: View, me: UnitView) -> bool:
    """Can ``me`` reach any enemy without a jump that needs a roll or a climb it could fall from?"""
    if _can_fly(me.character):
        return True
    enemies = view.enemies()
    if not enemies:
        return False
    return _field(view, me, enemies, movers(view, me)[0]).cost_at(me.x, me.y) < math.inf


def reachable(view: View, me: UnitView, enemies: list[UnitView]) -> bool:
    """Can ``me`` walk (swim, climb, jump) to any enemy at all?"""
    return reach_field(view, me, enemies)[0]


def reach_field(view: View, me: UnitView, enemies: list[UnitView],
                mv: tuple[Mover, Mover] | None = None) -> tuple[bool, Any]:
    """:func:`reachable`, and the team field it read (None for a flyer, which reads none).

    A policy that steers later in the same turn passes that field on to
    :func:`move_toward` or :func:`steer` instead of looking it up again (within
    a turn nothing moves, so it is the very field they would get). ``mv``:
    ``me``'s :func:`movers`, when the caller has them.
    """
    if me.flying or _can_fly(me.character):
        return True, None
    f, cost = _team_field_at(view, me, enemies, movers(view, me) if mv is None else mv)
    return cost < math.inf, f


def steer(view: View, me: UnitView, enemies: list[UnitView], metres: float,
          field: Any = None) -> tuple[float, float] | None:
    """A waypoint about ``metres`` down the team field toward the nearest enemy (None if no way).

    ``field``: this turn's :func:`team_field` when the caller has it already.
    """
    f = team_field(view, me, enemies) if field is None else field
    x, y, _ = me.pos
    return f.toward(x, y, metres)


def standable(tmap: Any) -> Any:
    """rows×cols bool: cells one can stand in (the map's own rule, computed once per map)."""
    return tmap.standable
