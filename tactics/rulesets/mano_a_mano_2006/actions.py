"""The action catalogue and the actions that are not attacks: evading, dropping, standing, letting go,
breaking free (001 · Maneuvering; 001 · Manipulation; 001 · Interfering).

    >>> sorted(n for n, a in CATALOGUE.items() if not a.policy_usable)
    ['counter', 'interfere', 'parry']
    >>> CATALOGUE["choke"].source
    '001 · Manipulation · Choke/Wrench'
    >>> COSTS["evade"], COSTS["drop"], COSTS["instant stand"]
    (1, 0, 1)
"""

from __future__ import annotations

from typing import Any

from tactics.rules.effects import Check, Refused, Status
from tactics.rules.protocol import ActionInfo

from .contest import SUCCESS, opposed_roll, result_of
from .defending import EVASION_POINTS
from .fighters import roll_penalties, sheet_of, state_of, weapon_in_hand
from .ledger import Ledger
from .moving import INSTANT_STAND_DIFFICULTY, instant_stand_automatic, instant_stand_effect

_A = ActionInfo
CATALOGUE: dict[str, ActionInfo] = {a.name: a for a in (
    _A("attack", "melee", "enemy", "001 · Hit Points · Defense, Other Used; 001 · Combat Example"),
    _A("shoot", "ranged", "enemy", "001 · Attacking · Attacking from a Distance; 001 · Thrown Weapons"),
    _A("defend", "melee", "enemy", "001 · Maneuvering · Defense"),
    _A("manipulate", "melee", "enemy", "001 · Manipulation · Manipulation"),
    _A("disarm", "melee", "enemy", "001 · Manipulation · Disarm"),
    _A("hold", "melee", "enemy", "001 · Manipulation · Hold"),
    _A("choke", "melee", "enemy", "001 · Manipulation · Choke/Wrench"),
    _A("wrench", "melee", "enemy", "001 · Manipulation · Choke/Wrench"),
    _A("throw", "melee", "enemy", "001 · Manipulation · Throw"),
    _A("escape", "melee", "enemy", "001 · Manipulation · Hold (ruling: docs/rules-2006.md)"),
    _A("release", "other", "none", "001 · Manipulation · Hold", quick=True),
    _A("evade", "other", "none", "001 · Maneuvering · Evasion", quick=True),
    _A("drop", "other", "none", "001 · Maneuvering · Drop", quick=True),
    _A("stand", "other", "none", "001 · Maneuvering · Stand", quick=True),
    _A("instant stand", "other", "none", "001 · Maneuvering · Instant Stand", quick=True),
    _A("parry", "other", "enemy", "001 · Interfering · Parrying", quick=True, policy_usable=False),
    _A("counter", "melee", "enemy", "001 · Rounds; 001 · Interfering", policy_usable=False),
    _A("interfere", "melee", "enemy", "001 · Interfering", policy_usable=False),
)}
"""Every action, with where the seed gives it."""

STRIKES = ("attack", "shoot")
COSTS: dict[str, int] = {"evade": EVASION_POINTS, "drop": 0, "stand": 1, "instant stand": 1, "release": 0}
"""Ready points of the simple actions (moving ones go to defense; rulings in docs/rules-2006.md)."""


def evade(led: Ledger, me: Any, budget: Any) -> None:
    """One point into defense and +2 passive defense to the close of its following turn, once a turn."""
    st = state_of(me)
    if not st.can_evade():
        led.add(Refused(me.id, "only one evasion a turn (001 · Maneuvering · Evasion)"))
        return
    led.move(me.id, {"ready": -EVASION_POINTS, "defense": EVASION_POINTS},
             "evades: 1 point, +2 defense to the end of its next turn")
    budget.spend(EVASION_POINTS)
    st.evade()
    led.add(Status(me.id, {"evading": True}))


def simple(world: Any, led: Ledger, me: Any, act: Any, budget: Any) -> None:
    """Drop, stand, instant stand, evade, release."""
    name = act.action
    cost = COSTS[name]
    if budget.ready < cost:
        led.add(Refused(me.id, f"{name} needs {cost} ready point, none left"))
        return
    st = state_of(me)
    if name == "evade":
        evade(led, me, budget)
    elif name == "drop":
        led.add(Status(me.id, {"prone": True}))
    elif name == "stand":
        led.move(me.id, {"ready": -1, "defense": 1}, "stands up: 1 point")
        budget.spend(1)
        st.crouching = False
        led.add(Status(me.id, {"prone": False, "crouching": False}))
    elif name == "instant stand":
        _instant_stand(world, led, me, budget)
    elif name == "release":
        for uid in list(st.holds):
            del st.holds[uid]
            other = world.unit(uid)
            state_of(other).held_by.pop(me.id, None)
            led.add(Status(uid, {"partner": None, "held": False}))
        led.add(Status(me.id, {"partner": None, "holding": None}))


def _instant_stand(world: Any, led: Ledger, me: Any, budget: Any) -> None:
    """Agility + acrobatics against 0 (above 5 no roll): success stands evading, half stands."""
    sheet, st = sheet_of(me), state_of(me)
    led.move(me.id, {"ready": -1, "defense": 1}, "stands up at once: 1 point")
    budget.spend(1)
    if instant_stand_automatic(sheet.agility, sheet.ability("acrobatics")):
        result = "success"
    else:
        mods = [("agility", sheet.agility), ("acrobatics", sheet.ability("acrobatics"))]
        mods += roll_penalties(me, world.now)
        roll = opposed_roll(world.dice.d6(), mods, world.dice.d6(), [("difficulty", INSTANT_STAND_DIFFICULTY)])
        led.add(Check(me.id, "instant stand", roll))
        result = result_of(roll)
    stands, evades = instant_stand_effect(result)
    if stands:
        st.crouching = False
        led.add(Status(me.id, {"prone": False, "crouching": False}))
    if evades and st.can_evade():
        st.evade()
        led.add(Status(me.id, {"evading": True}))


def escape(world: Any, led: Ledger, me: Any, act: Any, budget: Any) -> None:
    """Break a hold: own size + manipulation points + the modifier points and the body's attack, against
    the holder's size and the hold's points; a full success frees (ruling, docs/rules-2006.md)."""
    st = state_of(me)
    holder_id = act.target if act.target in st.held_by else next(iter(st.held_by), None)
    if holder_id is None:
        led.add(Refused(me.id, "nobody holds this fighter"))
        return
    opts = dict(getattr(act, "options", None) or {})
    ready = budget.ready
    m = int(opts.get("modifier", ready // 2))
    mp = int(opts.get("manipulation", ready - m))
    if m + mp < 1 or m + mp > ready:
        led.add(Refused(me.id, f"escape needs 1 to {ready} points, not {m + mp}"))
        return
    holder = world.unit(holder_id)
    hold = state_of(holder).holds.get(me.id)
    w = weapon_in_hand(me, getattr(act, "weapon", None) or "body") or weapon_in_hand(me, None)
    led.move(me.id, {"ready": -(m + mp), "defense": m, "other": mp},
             f"struggles: {m} to the modifier, {mp} to manipulation")
    budget.spend(m + mp)
    mods = [(w.name, w.attack), ("points", m), ("size", sheet_of(me).size), ("manipulation", mp)]
    mods += roll_penalties(me, world.now)
    vs = [("size", sheet_of(holder).size), ("hold points", hold.points if hold else 0)]
    roll = opposed_roll(world.dice.d6(), mods, world.dice.d6(), vs, holder.id)
    led.add(Check(me.id, f"breaking {sheet_of(holder).name}'s hold", roll))
    if result_of(roll) == SUCCESS:
        state_of(holder).holds.pop(me.id, None)
        st.held_by.pop(holder.id, None)
        led.add(Status(holder.id, {"partner": None, "holding": None}))
        led.add(Status(me.id, {"partner": None, "held": False}))


__all__ = ["CATALOGUE", "STRIKES", "COSTS", "evade", "simple", "escape"]
