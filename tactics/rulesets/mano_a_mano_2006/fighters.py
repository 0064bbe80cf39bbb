"""Reading a fighter: its sheet, rule state, weapons in hand and the modifiers its position gives.

Small helpers the attack, the actions and the estimates share. A unit's
``sheet`` is a :class:`~.sheet.Sheet` and its ``state`` a
:class:`~.state.FighterState` (made by ``new_state``)::

    >>> from types import SimpleNamespace as NS
    >>> u = NS(id="a", sheet=Sheet(name="A", weapons=[Weapon("sword", attack=1, defense=2, reach=1.0)]),
    ...        state=FighterState(), prone=False, z=0.0)
    >>> [w.name for w in weapons_in_hand(u)], best_defense(u).name, melee_reach(u)
    (['sword', 'body'], 'sword', 1.0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactics.rules.records import Mod

from .manipulation import MANIPULATIONS
from .moving import stance_mods
from .sheet import Sheet, Weapon
from .state import FighterState, Options


def sheet_of(unit: Any) -> Sheet:
    return unit.sheet


def state_of(unit: Any) -> FighterState:
    """The unit's rule state (made on first use when the engine has none yet)."""
    st = getattr(unit, "state", None)
    if type(st) is FighterState:
        return st
    if not isinstance(st, FighterState):
        st = FighterState()
        unit.state = st
    return st


def options_of(world: Any) -> Options:
    """The encounter's options as :class:`Options` (a mapping or None is read too)."""
    o = getattr(world, "options", None)
    if type(o) is Options or isinstance(o, Options):
        return o
    if isinstance(o, Mapping):
        return Options(**{k: bool(v) for k, v in o.items() if k in Options.__struct_fields__})
    if o is not None and all(hasattr(o, k) for k in Options.__struct_fields__):
        return Options(**{k: bool(getattr(o, k)) for k in Options.__struct_fields__})
    return Options()


def weapons_in_hand(unit: Any) -> tuple[Weapon, ...]:
    """The sheet's weapons and body, without those it has been disarmed of (a tuple: not to change)."""
    st = getattr(unit, "state", None)
    if type(st) is not FighterState:   # state_of, inline: every roll reads it
        st = state_of(unit)
    lost = st.disarmed
    if not lost:
        return unit.sheet.weapons_and_body
    return tuple(w for w in unit.sheet.weapons_and_body if w.name not in lost)


def weapon_in_hand(unit: Any, name: str | None) -> Weapon | None:
    """The weapon ``name`` if the fighter still holds it (None: its first weapon in hand)."""
    st = getattr(unit, "state", None)
    if type(st) is not FighterState:
        st = state_of(unit)
    if not st.disarmed:                       # the sheet's own table (the first weapon of each name)
        return unit.sheet.weapon_named.get(name)
    ws = weapons_in_hand(unit)
    if name is None:
        return ws[0] if ws else None
    return next((w for w in ws if w.name == name), None)


def best_defense(unit: Any) -> Weapon:
    """The hand-to-hand weapon (or body) with the best defense modifier."""
    st = getattr(unit, "state", None)
    if type(st) is not FighterState:   # state_of, inline: every roll reads it
        st = state_of(unit)
    if not st.disarmed:
        return unit.sheet.best_defense   # worked out once per sheet
    ws = [w for w in weapons_in_hand(unit) if not w.is_missile] or weapons_in_hand(unit)
    return max(ws, key=lambda w: w.defense)


def melee_reach(unit: Any) -> float:
    """The longest reach among the hand-to-hand weapons in hand."""
    if not state_of(unit).disarmed:
        return unit.sheet.melee_reach
    return max((w.reach for w in weapons_in_hand(unit) if not w.is_missile), default=0.5)


def attack_kind(action: str, weapon: Weapon) -> str:
    """The stance table's kind: strike, throw, shot or grapple."""
    if weapon.is_missile:
        return "throw" if weapon.kind == "thrown" else "shot"
    return "grapple" if action in MANIPULATIONS or action == "escape" else "strike"


DARK_KIND: Mapping[str, str] = {"grapple": "grapple", "strike": "strike"}
"""The darkness table's column of a stance kind (any other kind: ``ranged``)."""


def dark_kind(kind: str) -> str:
    return DARK_KIND.get(kind, "ranged")


def grapple_position(unit: Any) -> tuple[str | None, set[str]]:
    """``(dominant|inferior|None, partners)`` from the holds kept and suffered."""
    st = state_of(unit)
    if st.holds:
        return "dominant", set(st.holds)
    if st.held_by:
        return "inferior", set(st.held_by)
    return None, set()


def position_mods(unit: Any, other: Any, kind: str, role: str) -> list[Mod]:
    """Stance modifiers of ``unit``'s roll against ``other`` (±2, 001 · Stance and Position): as
    :func:`grapple_position` reads the holds, without building its sets."""
    st = getattr(unit, "state", None)
    if type(st) is not FighterState:   # state_of, inline: every roll reads it
        st = state_of(unit)
    if st.holds:
        grapple, partners = "dominant", st.holds
    elif st.held_by:
        grapple, partners = "inferior", st.held_by
    else:
        grapple, partners = None, ()
    from_above = role == "defense" and other.z >= unit.z + 1.0
    return stance_mods(bool(unit.prone), grapple, kind, role=role, vs_grapple_partner=other.id in partners,
                       from_above=from_above)


def opening_evade(unit: Any) -> bool:
    """Started the fight evading and has not had a turn yet: +4 defense (001 · Rounds). Set by
    ``state.opening_evade`` or by the engine's ``evading`` status before the first turn."""
    st = state_of(unit)
    return st.turn < 0 and (st.opening_evade or bool(getattr(unit, "status", {}).get("evading")))


def roll_penalties(unit: Any, now: float) -> list[Mod]:
    """A pending manipulation surplus (used up by this roll) and holds suffered (every roll)."""
    st = getattr(unit, "state", None)
    if type(st) is not FighterState:   # state_of, inline: every roll reads it
        st = state_of(unit)
    if not st.penalty and not st.held_by:   # nothing pending, nobody holding: no modifier
        return []
    out: list[Mod] = []
    pending = st.take_penalty(now)
    if pending:
        out.append(("manipulated", -pending))
    held = st.held_penalty()
    if held:
        out.append(("held", -held))
    return out


__all__ = ["DARK_KIND", "sheet_of", "state_of", "options_of", "weapons_in_hand", "weapon_in_hand", "best_defense",
           "melee_reach", "opening_evade", "attack_kind", "dark_kind", "grapple_position", "position_mods",
           "roll_penalties"]
