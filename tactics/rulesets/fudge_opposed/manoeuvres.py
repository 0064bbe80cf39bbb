"""Trips, shoves, grapples, disarms, breaking free and the one-action stances
(002 · Actions · Trip, Shove, Grapple, Disarm, Go to Ground, Full Defence; Status
effects · Prone, Pinned, Held; DECISIONS-fudge · Attacks and range, Statuses).

Every manoeuvre opens with Melee vs Block (an attack roll: it may crit or
fumble, and the light and statuses count), then on a win the seed's second
contest, which never crits::

    trip     Strength vs Athletics   win: prone
    shove    Strength vs Athletics   win: pushed to 2 m; by 4+: also prone
    grapple  Strength vs Strength    win: pin; by 4+: hold (or pin, option pin=True)
    disarm   Strength vs Strength    win: weapon dropped at its feet (or taken: option take)

The pinned fighter's ``break_free`` is Strength vs Strength: a tie breaks the
pin, a win reverses it (option ``outcome="break"`` just breaks it), a win by 4
or more may make it a hold (``outcome="hold"``, the default then). The held
fighter rolls Strength vs the holder's Strength − 4; holds are never reversed.
"""

from __future__ import annotations

import math
from typing import Any

from tactics.rules.effects import Check, Effect, Push, Refused, Status

from . import conditions
from .attacks import ask_let_go, release, situation
from .contest import Outcome, Side, contest
from .ranges import MELEE_USE, SHORT_RANGE_M
from .sheet import BARE_HANDS
from .state import Intent, dual_partner, find_weapon, state_of, status, weapons

BIG_WIN = 4
"""Winning the second contest by this much: prone after a shove, a hold after a grapple."""

SECOND = {"trip": ("Strength", "Athletics"), "shove": ("Strength", "Athletics"),
          "grapple": ("Strength", "Strength"), "disarm": ("Strength", "Strength")}

HOLD_BREAK = -4
"""The holder's Strength counts 4 less against a held fighter breaking free."""


def opening(world: Any, me: Any, target: Any, action: str) -> tuple[list[Effect], Outcome]:
    """Melee vs Block, recorded as a ``Check`` of ``action``. It may crit (it wins whatever the
    defender rolled) or fumble (it loses); a manoeuvre is made with the hands, so a fumble puts
    no weapon out of use (ruling, docs/rules-fudge.md)."""
    effects, tst = ask_let_go(world, me, target, action)
    use = MELEE_USE
    mods, _ = situation(world, me, target, use)
    rating, dmods = conditions.defence(tst, "Block", target.sheet.skill("Block"), target.sheet.shield)
    o = contest(world.dice, Side(me.id, "Melee", me.sheet.skill("Melee"), mods),
                Side(target.id, "Block", rating, dmods), crits=True)
    effects.append(Check(me.id, f"{action}: Melee vs Block", o.roll))
    return effects, o


def follow_up(world: Any, me: Any, target: Any, action: str) -> tuple[Check, Outcome]:
    """The seed's second contest for ``action`` (no criticals)."""
    mine, theirs = SECOND[action]
    o = contest(world.dice, Side(me.id, mine, me.sheet.skill(mine), conditions.roll_mods(status(me), mine)),
                Side(target.id, theirs, target.sheet.skill(theirs), conditions.roll_mods(status(target), theirs)),
                crits=False)
    return Check(me.id, f"{action}: {mine} vs {theirs}", o.roll), o


def manoeuvre(world: Any, me: Any, target: Any, it: Intent) -> list[Effect]:
    """Trip, shove, grapple or disarm ``target``."""
    if world.distance(me, target) >= SHORT_RANGE_M:
        return [Refused(me.id, f"{it.action} reaches only under {SHORT_RANGE_M:g} m")]
    if it.action == "grapple" and conditions.role(status(target)):
        return [Refused(me.id, f"{target.name} is already in a pin or a hold")]
    effects, first = opening(world, me, target, it.action)
    if not first.won:
        return effects
    check, o = follow_up(world, me, target, it.action)
    effects.append(check)
    if not o.won:
        return effects
    return effects + ON_WIN[it.action](world, me, target, o, it)


def _trip(world: Any, me: Any, target: Any, o: Outcome, it: Intent) -> list[Effect]:
    return [Status(target.id, {"prone": True, "gone_to_ground": False})]


def _shove(world: Any, me: Any, target: Any, o: Outcome, it: Intent) -> list[Effect]:
    dx, dy = target.x - me.x, target.y - me.y
    flat = math.hypot(dx, dy)
    ux, uy = (dx / flat, dy / flat) if flat > 1e-9 else (1.0, 0.0)
    out: list[Effect] = [Push(target.id, ux, uy, max(0.0, SHORT_RANGE_M - flat), "shove", by=me.id)]
    if o.margin >= BIG_WIN:
        out.append(Status(target.id, {"prone": True, "gone_to_ground": False}))
    return out


def _grapple(world: Any, me: Any, target: Any, o: Outcome, it: Intent) -> list[Effect]:
    hold = o.margin >= BIG_WIN and not it.options.get("pin", False)
    mine, theirs = ("holder", "held") if hold else ("pinner", "pinned")
    return [Status(me.id, {"partner": target.id, "role": mine}),
            Status(target.id, {"partner": me.id, "role": theirs})]


def wielded(unit: Any) -> list[str]:
    """What a fighter holds: the weapon it used last (else its first one) and a dual wielder's other."""
    usable = [w for w in weapons(unit) if w.name != BARE_HANDS]
    if not usable:
        return []
    last = state_of(unit).last_weapon
    first = next((w for w in usable if w.name == last), usable[0])
    other = dual_partner(unit, first)
    return [first.name] + ([other.name] if other else [])


def free_hand(unit: Any) -> bool:
    """A hand free to take a weapon: nothing two-handed, not dual wielding."""
    names = wielded(unit)
    if len(names) > 1:
        return False
    return not any(w.hands == 2 for w in weapons(unit) if w.name in names)


def _disarm(world: Any, me: Any, target: Any, o: Outcome, it: Intent) -> list[Effect]:
    lost = wielded(target)
    if not lost:
        return [Refused(me.id, f"{target.name} holds no weapon")]
    tst = status(target)
    take = it.options.get("take", True) and free_hand(me) and len(lost) == 1
    if take:
        w = find_weapon(target, lost[0])
        if not isinstance(w, str):
            state_of(me).taken[w.name] = w
        return [Status(target.id, {"lost": conditions.names(tst, "lost") + lost}),
                Status(me.id, {"taken": conditions.names(status(me), "taken") + lost})]
    return [Status(target.id, {"dropped": conditions.names(tst, "dropped") + lost})]


ON_WIN = {"trip": _trip, "shove": _shove, "grapple": _grapple, "disarm": _disarm}


def break_free(world: Any, me: Any, it: Intent) -> list[Effect]:
    """The pinned or held fighter's action."""
    st = status(me)
    r = conditions.role(st)
    if r not in ("pinned", "held"):
        return [Refused(me.id, "not pinned or held")]
    other = world.unit(st.get("partner"))
    hold = r == "held"
    theirs = Side(other.id, "Strength", other.sheet.skill("Strength"), (("hold", HOLD_BREAK),) if hold else ())
    o = contest(world.dice, Side(me.id, "Strength", me.sheet.skill("Strength")), theirs, crits=False,
                tie_result="pin broken" if not hold else "tie")
    effects: list[Effect] = [Check(me.id, "break the hold" if hold else "break the pin", o.roll)]
    if hold:
        return effects + (release(me, other.id) if o.won else [])
    if o.tie:
        return effects + release(me, other.id)
    if not o.won:
        return effects
    choice = it.options.get("outcome", "hold" if o.margin >= 4 else "reverse")
    if choice == "hold" and o.margin < 4:
        choice = "reverse"
    if choice == "break":
        return effects + release(me, other.id)
    mine, theirs_role = ("holder", "held") if choice == "hold" else ("pinner", "pinned")
    return effects + [Status(me.id, {"partner": other.id, "role": mine}),
                      Status(other.id, {"partner": me.id, "role": theirs_role})]


def let_go(world: Any, me: Any) -> list[Effect]:
    st = status(me)
    if conditions.role(st) not in ("pinner", "holder"):
        return [Refused(me.id, "holds nobody")]
    return release(me, st.get("partner"))


def stance(world: Any, me: Any, it: Intent) -> list[Effect]:
    """``full_defence``, ``go_to_ground``, ``rise`` and ``ready`` (clear jams, pick weapons up)."""
    st = status(me)
    a = it.action
    if a == "full_defence":
        state_of(me).full_defence_turn = state_of(me).turns
        return [Status(me.id, {"full_defence": True})]
    if a == "go_to_ground":
        if st.get("gone_to_ground"):
            return [Refused(me.id, "already gone to ground")]
        # rolling over from prone ends it; a standing fighter's prone is left alone (no "stands up")
        return [Status(me.id, {"gone_to_ground": True, **({"prone": False} if st.get("prone") else {})})]
    if a == "rise":
        if not (st.get("prone") or st.get("gone_to_ground")):
            return [Refused(me.id, "already standing")]
        return [Status(me.id, {"prone": False, "gone_to_ground": False})]
    if a == "ready":
        if not (conditions.names(st, "jammed") or conditions.names(st, "dropped")):
            return [Refused(me.id, "nothing to clear or pick up")]
        return [Status(me.id, {"jammed": [], "dropped": []})]
    return [Refused(me.id, f"unknown action {a!r}")]


__all__ = ["BIG_WIN", "SECOND", "HOLD_BREAK", "opening", "follow_up", "manoeuvre", "wielded", "free_hand",
           "break_free", "let_go", "stance", "ON_WIN"]
