"""Per-fighter rule state, the per-encounter scratch, the declared act, and a fighter's weapons.

The engine keeps one :class:`FighterState` in ``unit.state`` (made by
``RULESET.new_state``) and hands the ruleset a ``world``; what must be shared
across fighters and turns (the initiative order, group attacks waiting for
their last member) lives in :class:`Memo`, kept in ``world.memo`` (a plain
dict the engine gives each encounter; see ``docs/rules-fudge.md``)::

    >>> class W: pass
    >>> w = W(); w.memo = {}
    >>> memo_of(w) is memo_of(w)
    True

An act arrives as the engine's ``Act`` or a plain dict; :func:`intent` reads both::

    >>> intent({"action": "trip", "target": "blue-1"})
    Intent(action='trip', target='blue-1', weapon=None, options={})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
import weakref
from types import MappingProxyType
from typing import Any, NamedTuple

import msgspec

from tactics.rules.plan import Act

from . import conditions
from .sheet import BARE_HANDS, HANDS, Sheet, Weapon

MEMO_KEY = "fudge-opposed"


@dataclass(slots=True)
class FighterState:
    """What the rules remember about one fighter between turns."""

    initiative: int | None = None
    turns: int = 0
    """Turns begun so far (a turn counter for 'until its next action')."""
    last_round: int | None = None
    """Round index of its latest turn."""
    full_defence_turn: int = -1
    last_weapon: str | None = None
    taken: dict[str, Weapon] = field(default_factory=dict)
    """Weapons it took from fighters it disarmed, by name."""


@dataclass(slots=True)
class Pending:
    """One attack waiting in a group (concentrated fire or dog-pile)."""

    who: str
    weapon: str
    weight: int


@dataclass(slots=True)
class Memo:
    """Per-encounter scratch of the ruleset.

    The schedule is held weakly (the encounter holds it strongly): it points at
    the world, whose ``memo`` holds this, and a cycle there would leave each
    finished fight (its world, fighters and dice) to the cyclic collector instead
    of refcounting (``tactics/sim/release.py`` cuts the engine's own cycles)::

        >>> class S: pass
        >>> m = Memo(); s = S(); m.schedule = s
        >>> m.schedule is s
        True
        >>> del s; m.schedule is None
        True
    """

    _schedule: Any = None
    initiative_rolled: bool = False
    pools: dict[tuple[Any, ...], list[Pending]] = field(default_factory=dict)

    @property
    def schedule(self) -> Any:
        """The encounter's :class:`~.turns.FudgeSchedule` (None before it is made, or once it is gone)."""
        ref = self._schedule
        return None if ref is None else ref()

    @schedule.setter
    def schedule(self, sched: Any) -> None:
        self._schedule = None if sched is None else weakref.ref(sched)


def memo_of(world: Any) -> Memo:
    """The ruleset's scratch in ``world.memo`` (made on first use)."""
    try:   # (an attribute read the interpreter specialises; getattr with a default it does not)
        store = world.memo
    except AttributeError:
        store = None
    if store is None:
        try:
            store = {}
            setattr(world, "memo", store)
        except AttributeError:
            raise TypeError("fudge-opposed needs World.memo: a dict the engine keeps per encounter") from None
    memo = store.get(MEMO_KEY)
    if memo is None:
        memo = store[MEMO_KEY] = Memo()
    return memo


class Intent(NamedTuple):
    """The declared act: action, target id, weapon name, options (a named tuple: every act reads one,
    twice; ``options`` a fresh dict from :func:`intent`, or :data:`NO_OPTIONS` when the act gives none)."""

    action: str
    target: str | None = None
    weapon: str | None = None
    options: Mapping[str, Any] = MappingProxyType({})


NO_OPTIONS = Intent._field_defaults["options"]
"""The empty options of an act that gives none (read-only)."""


def intent(act: Any) -> Intent:
    """Read the engine's ``Act`` (``action``, ``target``, ``weapon``, optional ``options``) or a dict."""
    if isinstance(act, Intent):
        return act
    if type(act) is Act:   # the engine's (the usual case: no Mapping check, no getattr with defaults)
        options = act.options
        if not options:    # (most acts: the shared empty default, which nobody writes to)
            return tuple.__new__(Intent, (str(act.action), act.target, act.weapon, NO_OPTIONS))
        return Intent(str(act.action), act.target, act.weapon, dict(options))
    if isinstance(act, Mapping):
        get = act.get
    else:
        def get(key: str, default: Any = None) -> Any:
            return getattr(act, key, default)
    return Intent(str(get("action", "")), get("target"), get("weapon"), dict(get("options") or {}))


def state_of(unit: Any) -> FighterState:
    try:
        st = unit.state
    except AttributeError:
        st = None
    if not isinstance(st, FighterState):
        st = FighterState()
        unit.state = st
    return st


def sheet_key(sheet: Sheet) -> bytes:
    """Identity of a sheet for group attacks: same sheet means the same fields."""
    return msgspec.json.encode(sheet)


def status(unit: Any) -> dict[str, Any]:
    """The unit's statuses, with the engine's own ``prone``, ``partner`` and ``role`` folded in (the
    engine keeps those three on the fighter, not in its ``status`` dict)."""
    try:   # a fighter has all four (read on every line of the rules: no getattr with defaults)
        raw, prone, partner, role = unit.status, unit.prone, unit.partner, unit.role
    except AttributeError:
        raw, prone = getattr(unit, "status", None), getattr(unit, "prone", False)
        partner, role = getattr(unit, "partner", None), getattr(unit, "role", None)
    st = dict(raw) if raw else {}
    if prone:
        st.setdefault("prone", True)
    if partner:
        st.setdefault("partner", partner)
    if role:
        st.setdefault("role", role)
    return st


def grip(unit: Any) -> str | None:
    """``conditions.role(status(unit))`` without the copy when the unit has no status of its own (the
    usual case: the engine keeps ``partner`` and ``role`` on the fighter)."""
    try:
        raw, r, partner = unit.status, unit.role, unit.partner
    except AttributeError:
        raw, r, partner = getattr(unit, "status", None), getattr(unit, "role", None), getattr(unit, "partner", None)
    if raw:
        return conditions.role(status(unit))
    return r if r in conditions.GRAPPLED_ROLES and partner else None


def is_hidden(unit: Any) -> bool:
    """``status(unit).get("hidden")`` without the copy (``hidden`` is never one of the folded-in keys)."""
    try:
        raw = unit.status
    except AttributeError:
        raw = None
    return bool(raw and raw.get("hidden"))


def weapons(unit: Any) -> list[Weapon]:
    """Weapons ``unit`` can use now: its own (bare hands always) and those it took, minus
    those jammed, dropped or taken from it."""
    try:
        st = unit.status   # the lists only: status()'s folded-in keys are not among them
    except AttributeError:
        st = None
    own = list(unit.sheet.weapons)
    taken = state_of(unit).taken
    if taken:
        own += taken.values()
    for w in own:
        if w.name == BARE_HANDS:
            break
    else:
        own.append(HANDS)
    if not st or not (st.get("jammed") or st.get("dropped") or st.get("lost")):
        return own   # nothing out of use (the usual case: a policy asks this many times a turn)
    gone = set(conditions.names(st, "jammed")) | set(conditions.names(st, "dropped")) | set(conditions.names(st, "lost"))
    return [w for w in own if w.name not in gone or w.name == BARE_HANDS]


def find_weapon(unit: Any, name: str | None, ranged: bool | None = None, usable: list[Weapon] | None = None
                ) -> Weapon | str:
    """The weapon called ``name`` (default: the first fitting one), or why there is none (``usable``:
    :func:`weapons` of ``unit``, when already read)."""
    if usable is None:
        usable = weapons(unit)
    if name is not None:
        for w in usable:
            if w.name == name:
                return w
        st = status(unit)
        for key, why in (("jammed", "is out of use (clear it with ready)"), ("dropped", "lies on the ground"),
                         ("lost", "was taken")):
            if name in conditions.names(st, key):
                return f"{name} {why}"
        return f"no weapon {name!r}"
    fitting = [w for w in usable if ranged is None or w.ranged == ranged]
    if not fitting:
        return "no ranged weapon in hand" if ranged else "no weapon in hand"
    return fitting[0]


def dual_partner(unit: Any, weapon: Weapon, usable: list[Weapon] | None = None) -> Weapon | None:
    """A second one-handed weapon of the same kind (melee or ranged): a dual wielder's other hand
    (``usable``: :func:`weapons` of ``unit``, when already read)."""
    if weapon.hands != 1 or weapon.name == BARE_HANDS:
        return None
    for w in weapons(unit) if usable is None else usable:
        if w.name != weapon.name and w.name != BARE_HANDS and w.hands == 1 and w.ranged == weapon.ranged:
            return w
    return None


def melee_damage(unit: Any, weapon: Weapon) -> int:
    """Damage of a hit: Strength + bonus for melee weapons, the fixed damage for ranged ones."""
    if weapon.ranged:
        return int(weapon.damage or 0)
    return unit.sheet.skill("Strength") + weapon.bonus


__all__ = ["MEMO_KEY", "FighterState", "Pending", "Memo", "memo_of", "Intent", "intent", "state_of", "sheet_key",
           "status", "grip", "is_hidden", "NO_OPTIONS", "weapons", "find_weapon", "dual_partner", "melee_damage"]
