"""Weapons taken by a disarm, in the taker's hands (000 · Grappling Actions · disarm; docs/rules.md
§ Actions).

A disarm made with a free hand takes the weapon; from then on the taker may
use it like one of its own (its own abilities, strength and agility), by
naming it in an ``Act``. The sheet stays as written: the fighter's state keeps
what it took, and :func:`armed_sheet` is its sheet with those weapons added
(made once per weapon taken). A taken weapon whose name the taker's sheet
already uses is called after its first owner's name (``Steven's machete``)::

    >>> taken_name("machete", {"machete"}, "Steven")
    "Steven's machete"
"""

from __future__ import annotations

from typing import Any

import msgspec

from .load import character_from_dict


def taken_name(name: str, own: set[str], owner: str) -> str:
    """The name a taken weapon goes by in the taker's hands."""
    return name if name not in own else f"{owner}'s {name}"


def take(taker: Any, weapon: Any, owner: str = "") -> str:
    """``taker`` now holds ``weapon``; returns the name it goes by."""
    st = taker.state
    own = {w.name for w in taker.sheet.weapons} | set(st.taken)
    name = taken_name(weapon.name, own, owner or "the foe")
    st.taken[name] = msgspec.structs.replace(weapon, name=name) if name != weapon.name else weapon
    st.armed = None
    return name


def armed_sheet(unit: Any) -> Any:
    """``unit``'s sheet with every weapon it took in hand."""
    st = unit.state
    if st.armed is None:
        d = unit.sheet.to_dict()
        d["weapons"] = list(d.get("weapons", [])) + [msgspec.to_builtins(w) for w in st.taken.values()]
        st.armed = character_from_dict(d, f"{unit.sheet.name} with what it took")
    return st.armed
