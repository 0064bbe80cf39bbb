"""The read-only view a policy plans from.

A policy sees the battlefield and every combatant but cannot change them:
:class:`UnitView` exposes a combatant's state through properties and a few
plain fields, and refuses every write. Views are made once per combatant and
read the live state, so handing a policy its view costs nothing per turn::

    >>> view.me.standing, dict(view.me.tracks), [e.name for e in view.enemies()]  # doctest: +SKIP
    ('fighting', {'hp': 9}, ['Clone'])
    >>> view.in_reach(view.me, view.enemies()[0])            # doctest: +SKIP
    True

What never changes while a fight lives (a unit's ``id``, ``team``, its tracks' window; a
view's ``map``, ``memo``, ``shared`` and ``ruleset``) is copied into a plain slot when the
view is made: a slot read is one specialised instruction, where Python 3.11
does not specialise a property read (``property_descr_get`` was 8.6 % of a
default fight's instructions, benchmarks/README.md, issue 19's tenth round).
Everything that may change (positions, standing, the sheet, the clock) stays a property
that reads the live state. Writes are refused all the same (``__setattr__``),
except :class:`View`'s ``_enc``, which the engine turns into a weak proxy when
the fight ends (:mod:`tactics.sim.release`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from dataclasses import replace
from operator import attrgetter as _get  # a C getter: a view is read on every line of a policy
from types import MappingProxyType

from tactics.rules.plan import Act

if TYPE_CHECKING:
    from tactics.sim.combatant import Combatant
    from tactics.sim.encounter import Encounter

EYE_HEIGHT_M = 1.5
"""Eyes above the feet of a standing character, for sight lines."""
EYE_HEIGHT_DOWN_M = 0.5
"""Eyes above the ground of a character on the ground."""


def eye(c: Combatant | UnitView) -> tuple[float, float, float]:
    h = EYE_HEIGHT_DOWN_M if c.prone and not c.flying else EYE_HEIGHT_M
    return (c.x, c.y, c.z + h)


def _refuse(self: object, name: str, value: object = None) -> None:
    """``__setattr__`` / ``__delattr__`` of a read-only view."""
    raise AttributeError(f"{type(self).__name__} is read-only: cannot set or delete {name!r}")


class UnitView:
    """Read-only window on one combatant (its tracks and statuses are read-only mappings).

    Plain slots hold what a combatant keeps for life: ``id``, ``team``, and ``tracks`` /
    ``status``, read-only windows on its live dicts. The rest are properties on the live
    combatant (its sheet too: a script may put another in its place). Every write is refused."""

    __slots__ = ("_c", "id", "team", "tracks", "status")

    def __init__(self, combatant: Combatant) -> None:
        put = object.__setattr__
        put(self, "_c", combatant)
        put(self, "id", combatant.id)
        put(self, "team", combatant.team)
        put(self, "tracks", MappingProxyType(combatant.tracks))  # read-only windows on the live dicts
        put(self, "status", MappingProxyType(combatant.status))

    __setattr__ = _refuse
    __delattr__ = _refuse

    name = property(_get("_c.sheet.name"))
    sheet = property(_get("_c.sheet"))
    character = property(_get("_c.sheet"))
    """The sheet (the name of the first releases)."""
    x = property(_get("_c.x"))
    y = property(_get("_c.y"))
    z = property(_get("_c.z"))
    pos = property(lambda self: ((c := self._c).x, c.y, c.z))  # (a dotted attrgetter of three is slower)
    standing = property(_get("_c.standing"))
    health = property(_get("_c.standing"))
    """The standing (the name of the first releases)."""
    state = property(_get("_c.state"))
    """The ruleset's per-fighter state: read it, never change it."""
    prone = property(_get("_c.prone"))
    partner = property(_get("_c.partner"))
    carrier = property(_get("_c.carrier"))
    role = property(_get("_c.role"))
    prepared = property(_get("_c.prepared"))
    flying = property(_get("_c.flying"))
    airspeed = property(_get("_c.airspeed"))
    climbing = property(_get("_c.climbing"))
    able = property(_get("_c.able"))
    policy = property(_get("_c.policy_name"))
    glance = property(lambda self: ((c := self._c).sheet, c.prone, c.partner, c.role, c.x, c.y, c.z, c.state))
    """``(sheet, prone, partner, role, x, y, z, state)`` in one read instead of eight properties, for
    the odds a policy's guard checks every turn (a Python getter: an attrgetter of eight dotted
    names is three times slower on 3.11, 750 against 240 ns)."""

    def __repr__(self) -> str:
        c = self._c
        return f"<{c.id} {c.sheet.name} {c.team} at ({c.x:.1f}, {c.y:.1f}, {c.z:.1f}) {c.standing}>"


def _refuse_but_enc(self: object, name: str, value: object) -> None:
    if name != "_enc":
        _refuse(self, name, value)
    object.__setattr__(self, name, value)


class View:
    """What a policy may know when it plans: itself, the others, the map, the clock.

    Fields (plain slots, set once; the encounter never replaces them):

    ``me``
        This policy's own :class:`UnitView`.
    ``map``
        The battlefield.
    ``memo``
        A scratch dict shared by every policy of this encounter, for caches. It lives
        and dies with the encounter, so nothing a policy caches leaks into the next
        fight (and no module holds state).
    ``ruleset``
        The ruleset.
    ``shared``
        Caches that may be shared by many encounters (those one scenario builds, say).
        Only for values that are a pure function of their key, with objects (sheets)
        in the key rather than their ``id``: an ``id`` may be reused by another object
        once the encounter that held it is gone. Without anything given, the fights on
        the same map object share theirs (:mod:`tactics.sim.mapcaches`).

    Writes are refused, but for ``_enc`` (the engine's, :mod:`tactics.sim.release`).
    """

    __slots__ = ("_enc", "me", "map", "memo", "shared", "ruleset")

    def __init__(self, encounter: Encounter, me: Combatant) -> None:
        put = object.__setattr__
        put(self, "_enc", encounter)
        put(self, "me", encounter.view_of(me))
        put(self, "map", encounter.map)
        put(self, "memo", encounter.memo)
        put(self, "shared", encounter.shared)
        put(self, "ruleset", encounter.rules)

    __setattr__ = _refuse_but_enc
    __delattr__ = _refuse

    # the reads below are C getters (attrgetter), as UnitView's: a Python property is a frame each time
    time = property(_get("_enc.env.now"), doc="The clock (seconds).")
    options = property(_get("_enc.options"), doc="The engine's options (round length, stalemate rounds...).")
    rule_options = property(_get("_enc.rule_options"), doc="The ruleset's options for this encounter.")

    def mover(self, a: UnitView | None = None) -> Any:
        """The :class:`~tactics.map.Mover` the engine plans ``a``'s moves with (default: me)."""
        return self._enc.mover_of((a or self.me)._c)

    def unit(self, uid: str) -> UnitView:
        return self._enc.view_of(self._enc.combatants[uid])

    def units(self) -> list[UnitView]:
        return [self._enc.view_of(c) for c in self._enc.order if c.present]

    def enemies(self, able_only: bool = True) -> list[UnitView]:
        team = self.me.team
        if able_only:  # a copy of the referee's table (kept until health changes): the same list, built once
            enc = self._enc
            rows = enc._enemy_rows
            got = rows.get(team) if rows is not None else None  # the table kept (else _enemy_table builds it)
            return list((got if got is not None else enc._enemy_table(team))[1])
        return [
            self._enc.view_of(c)
            for c in self._enc.order
            if c.team != team and c.present and (c.able or not able_only)
        ]

    def allies(self, able_only: bool = True) -> list[UnitView]:
        me = self.me.id
        team = self.me.team
        return [
            self._enc.view_of(c)
            for c in self._enc.order
            if c.team == team and c.id != me and c.present and (c.able or not able_only)
        ]

    def nearest_enemy(self, of: UnitView | None = None) -> UnitView | None:
        """The able enemy closest (3-D) to ``of`` (default: me), or None."""
        return self._enc.nearest_enemy((of or self.me)._c)

    def enemies_near(self, slack: float, within: float = 0.0, of: UnitView | None = None) -> list[UnitView]:
        """The able enemies of ``of`` (default: me) whose flat distance is at most the nearest one's plus
        ``slack`` metres, or at most ``within`` metres, in the order of :meth:`enemies` (a spatial query on
        the engine's position table: a policy that only ever picks among near enemies need not walk all).
        The bounds are widened by a micrometre for rounding."""
        return self._enc.enemies_near((of or self.me)._c, slack, within)

    @staticmethod
    def placed(units: list[UnitView]) -> list[tuple[UnitView, float, float, float, str, str | None, str | None]]:
        """``(u, x, y, z, standing, partner, role)`` of each of ``units``, read in one pass (what a
        target pick weighs of every near enemy each turn: seven properties an enemy cost some 3,000
        machine instructions, branch brawl8)."""
        return [(u, (c := u._c).x, c.y, c.z, c.standing, c.partner, c.role) for u in units]

    def near_placed(self, slack: float, within: float = 0.0, of: UnitView | None = None
                    ) -> list[tuple[UnitView, float, float, float, str, str | None, str | None]]:
        """``placed(enemies_near(slack, within, of))`` in one step: the engine's near query and the read of
        each near enemy without the list between them (what :func:`~tactics.ai.targets.pick_target`
        weighs every turn)."""
        views, picked = self._enc.near_enemy_places((of or self.me)._c, slack, within)
        if picked is None:
            return [(u, (c := u._c).x, c.y, c.z, c.standing, c.partner, c.role) for u in views]
        return [(u := views[i], (c := u._c).x, c.y, c.z, c.standing, c.partner, c.role) for i in picked]

    def allies_near(self, within: float, of: UnitView | None = None) -> list[UnitView]:
        """The able allies of ``of`` (default: me) at most ``within`` metres away (3-D, widened by a
        micrometre for rounding), in the order of :meth:`allies`: a spatial query on the engine's
        position table, so a policy looking for a neighbour need not walk the whole team."""
        return self._enc.allies_near((of or self.me)._c, within)

    def riders_of(self, u: UnitView) -> list[UnitView]:
        """The present units ``u`` carries (:mod:`tactics.sim.carrying`), in the order they went aboard:
        the engine's group list, one look in most fights, where filtering :meth:`units` by
        ``carrier`` walks every fighter (branch brawl6)."""
        enc = self._enc
        ids = enc._passengers.get(u.id)
        if not ids:
            return []
        cs, views = enc.combatants, enc._views
        return [views[i] for i in ids if (c := cs[i]).present and c.carrier == u.id]

    def is_enemy_list(self, enemies: list[UnitView], of: UnitView | None = None) -> bool:
        """Is ``enemies`` every able enemy of ``of`` (default: me), in the order of :meth:`enemies`?"""
        return enemies == self._enc._enemy_table((of or self.me).team)[1]

    # -- geometry helpers --------------------------------------------------
    @staticmethod
    def distance(a: UnitView, b: UnitView) -> float:
        """3-D distance in metres (altitude counts, DECISIONS · Attacks at a distance)."""
        ac, bc = a._c, b._c  # the fields themselves: a property read costs some 700 instructions
        return math.dist((ac.x, ac.y, ac.z), (bc.x, bc.y, bc.z))

    @staticmethod
    def flat_distance(a: UnitView, b: UnitView) -> float:
        ac, bc = a._c, b._c
        return math.hypot(ac.x - bc.x, ac.y - bc.y)

    def reach(self, a: UnitView | None = None) -> tuple[float, float]:
        """(flat, vertical) metres within which ``a`` (default: me) fights hand to hand (the ruleset's)."""
        return self._enc.reach_of((a or self.me)._c)

    def in_reach(self, a: UnitView, b: UnitView) -> bool:
        """Close enough for hand-to-hand attacks (the ruleset's reach)."""
        ac, bc = a._c, b._c
        flat, up = self._enc.reach_of(ac)
        return abs(ac.z - bc.z) <= up and math.hypot(ac.x - bc.x, ac.y - bc.y) <= flat

    def can_see(self, a: UnitView, b: UnitView) -> bool:
        return bool(self._enc.map.line_of_sight(eye(a), eye(b)))

    def light_at(self, u: UnitView) -> str:
        return self._enc.map.light_at(u.x, u.y)

    def max_range(self, a: UnitView, weapon: Any, action: str) -> float:
        """Greatest range in metres of ``action`` with ``weapon`` (0 for hand-to-hand)."""
        return self._enc.max_range(a._c, weapon, action)

    def movement(self, a: UnitView | None = None) -> float:
        """Metres ``a`` may walk in a turn now (the ruleset's speeds)."""
        enc = self._enc
        return enc.rules.speeds((a or self.me)._c)[0]  # enc.walk_budget(c), without the call

    def estimates(self, target: UnitView, a: UnitView | None = None) -> list[Any]:
        """The ruleset's :class:`~tactics.rules.protocol.Estimate` of each attack ``a`` (default: me)
        could make on ``target`` from where it stands, best first."""
        out = self._enc.rules.estimates(self._enc.world, (a or self.me)._c, target._c)
        return [e if not isinstance(e.act, dict) else replace(e, act=Act(**e.act)) for e in out]

    def estimates_at(self, target: UnitView, at: tuple[float, float, float],
                     a: UnitView | None = None) -> list[Any] | None:
        """:meth:`estimates` as if ``a`` (default: me) stood at ``at`` = (x, y, z); None when the
        ruleset has no such estimates (its optional ``estimates_at``)."""
        fn = getattr(self._enc.rules, "estimates_at", None)
        if fn is None:
            return None
        out = fn(self._enc.world, (a or self.me)._c, target._c, at)
        return [e if not isinstance(e.act, dict) else replace(e, act=Act(**e.act)) for e in out]

    def estimate_act(self, act: Any, a: UnitView | None = None) -> Any:
        """The ruleset's estimate of exactly ``act`` by ``a`` (default: me) from where it stands; None when
        it has none for that act or no such seam (its optional ``estimate_act``)."""
        fn = getattr(self._enc.rules, "estimate_act", None)
        e = None if fn is None else fn(self._enc.world, (a or self.me)._c, act)
        return e if e is None or not isinstance(e.act, dict) else replace(e, act=Act(**e.act))

    def exposure(self, acts: Any, enemy: UnitView, a: UnitView | None = None) -> float | None:
        """What ``enemy``'s best attack on ``a`` (default: me) is worth once ``a`` has done ``acts``, as a
        factor of its worth now; None when the ruleset has no such seam (its optional ``exposure``)."""
        fn = getattr(self._enc.rules, "exposure", None)
        return None if fn is None else float(fn(self._enc.world, (a or self.me)._c, acts, enemy._c))

    def unseen(self, act: Any = None, a: UnitView | None = None) -> float | None:
        """The chance that after ``act`` (None: no action) no enemy can target ``a`` (default: me); None
        when the ruleset has no hiding (its optional ``unseen``, ``tactics/rules/protocol.py``)."""
        fn = getattr(self._enc.rules, "unseen", None)
        return None if fn is None else float(fn(self._enc.world, (a or self.me)._c, act))

    def progress(self, u: UnitView) -> float:
        """How far ``u`` is from fresh (0) to out of the fight (1), by its ruleset."""
        return self._enc.rules.progress(u._c)

    def refusal(self, act: Any, a: UnitView | None = None) -> str | None:
        """Why the ruleset would refuse ``act`` by ``a`` (default: me) now, or None."""
        return self._enc.rules.check(self._enc.world, (a or self.me)._c, act)

    def turn_order(self) -> list[str]:
        """Unit ids in the order their turns come in a round (the schedule's, so a delay shows)."""
        order = getattr(self._enc.schedule, "order", None)
        return list(order) if order is not None else [c.id for c in self._enc.order]

    def path(self, goal: tuple[float, float], a: UnitView | None = None) -> Any:
        c = (a or self.me)._c
        return self._enc.map.path(c.pos, goal, self._enc.mover_of(c))

    def distance_field(self, goals: list[tuple[float, float]], a: UnitView | None = None) -> Any:
        c = (a or self.me)._c
        return self._enc.map.distance_field(goals, self._enc.mover_of(c))


__all__ = ["View", "UnitView", "eye"]
