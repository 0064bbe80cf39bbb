"""The world a ruleset sees while it resolves: dice, the clock, distances, light, sight, policies.

A ruleset imports neither the engine nor the map; the engine hands it this
object (one per encounter), which answers in the rules' terms::

    >>> w = enc.world                                              # doctest: +SKIP
    >>> w.distance(w.unit("red-1"), w.unit("blue-1")), w.light_at(w.unit("blue-1"))   # doctest: +SKIP
    (8.0, 'dim')

``ask`` carries a reaction window to a fighter's policy (its ``react``
method) and returns the answer, or the window's default when the policy has
none: one mechanism for every system's choices (points moved to defense,
letting go of a pin, the skill to defend with).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tactics.sim.view import eye

if TYPE_CHECKING:
    from tactics.rules.protocol import Window
    from tactics.sim.combatant import Combatant
    from tactics.sim.encounter import Encounter

WADE_DEPTH_M = 1.0
"""Water at least this deep is swum, not waded (docs/maps.md)."""


class EngineWorld:
    """The :class:`~tactics.rules.protocol.World` of one encounter."""

    __slots__ = ("_enc", "dice", "options", "round_seconds", "memo", "_env", "_wet", "unit", "_light")

    unit: Callable[[str], Combatant | None]
    """``unit(uid)``: the combatant of that id, or None (the encounter's table's own ``get``: rulesets
    ask it many times a turn, and the table is made once per encounter, never replaced)."""

    def __init__(self, enc: Encounter) -> None:
        self._enc = enc
        self.unit = enc.combatants.get
        self._env = enc.env
        self.dice = enc.dice
        self.options = enc.rule_options
        self.round_seconds = enc.options.round_seconds
        self.memo: dict[str, Any] = {}
        """Scratch space for the ruleset, living as long as the encounter."""
        self._wet: bool | None = None
        self._light: str | None = getattr(enc.map, "uniform_light", None)
        """The map's one light level when it is the same everywhere (``TacticalMap.uniform_light``), else None."""
        """Whether the map has deep water anywhere (None: not asked yet; see :meth:`in_deep_water`)."""

    @property
    def now(self) -> float:
        return self._env.now

    def units(self) -> list[Combatant]:
        return [c for c in self._enc.order if c.present]

    @staticmethod
    def distance(a: Combatant, b: Combatant) -> float:
        return math.dist((a.x, a.y, a.z), (b.x, b.y, b.z))

    @staticmethod
    def flat_distance(a: Combatant, b: Combatant) -> float:
        return math.hypot(a.x - b.x, a.y - b.y)

    def light_at(self, u: Combatant) -> str:
        light = self._light  # a map lit alike everywhere answers without asking it (most maps)
        return light if light is not None else self._enc.map.light_at(u.x, u.y)

    def line_of_sight(self, a: Combatant, b: Combatant) -> bool:
        return bool(self._enc.map.line_of_sight(eye(a), eye(b)))

    def in_deep_water(self, u: Combatant) -> bool:
        if u.flying:
            return False
        wet = self._wet
        if wet is None:
            wet = self._wet = self._map_has_deep_water()
        if not wet:
            return False  # a map without deep water (most of them): no cell to look up
        tmap = self._enc.map
        return tmap.terrain_at(u.x, u.y) == "water" and tmap.depth_at(u.x, u.y) >= WADE_DEPTH_M

    def _map_has_deep_water(self) -> bool:
        """Is any cell of the map water at least :data:`WADE_DEPTH_M` deep? (The map never changes:
        kept in the encounter's shared caches per map object, the map kept alive beside it.)"""
        tmap = self._enc.map
        known = self._enc.shared.setdefault("deep water", {})
        got = known.get(id(tmap))
        if got is None or got[0] is not tmap:
            got = known[id(tmap)] = (tmap, bool(((tmap.kinds == "water") & (tmap.depths >= WADE_DEPTH_M)).any()))
        return got[1]

    def ask(self, reactor: Combatant, window: Window) -> Any:
        return self._enc.turns.ask(reactor, window)
