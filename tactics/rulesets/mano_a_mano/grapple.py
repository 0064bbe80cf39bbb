"""What a grappling action does besides its harm, and cover (000 · Grappling, Grappling Actions,
Other Actions · cover; DECISIONS · More rulings).

A push moves its target a space and may knock it down (a :class:`~tactics.rules.effects.Fall`
from its own height); a trip may knock down; a slam always puts the target on the ground and
may fall onto it; a disarm puts a weapon out of hand; a success lets its maker take the dominant
position or release (a ``grapple`` window); :func:`cover_of` finds who covers a fighter. A push,
trip, slam or hold that lands on a rider pulls it out of the saddle (:func:`~.mounts.fall_off`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from tactics.rules.effects import Check, Effect, Fall, Note, Push, Status
from tactics.rules.protocol import Window

from .checks import success_check
from .health import split_power
from .mounts import fall_off
from .taken import take

KEEP_BALANCE = 8
"""Difficulty of keeping one's feet after a push or trip (000 · Grappling Actions)."""
COVER_REACH_M = 2.0
"""A coverer protects only an ally within this distance (DECISIONS · More rulings · Cover)."""
PUSH_M = 2.0
"""How far a push moves its target: one space (docs/rules.md)."""


PULLS_DOWN = frozenset({"push", "trip", "slam", "hold"})
"""Grappling actions that, done to a rider, pull it off its mount (docs/rules.md · Mounted combat)."""


def free_hand(c: Any) -> bool:
    """A fighter has a free hand unless two hand-held weapons (or a two-handed one) are in hand."""
    st = c.state
    held = [w for w in c.sheet.weapons if w.kind in ("hand", "bow", "gun") and w.name not in st.out_of_hand]
    return not (any(w.two_handed for w in held) or sum(w.count for w in held) >= 2)


COVERERS = "coverers"
"""``world.memo`` key: every fighter who took up covering in this fight, by id (``cover`` adds it)."""


def cover_of(world: Any, target: Any) -> Any:
    """The able ally covering ``target`` from within 2 m, or None (DECISIONS · More rulings · Cover);
    of several, the first in turn order. Only those who ever covered are looked at (``COVERERS``),
    not every fighter at every attack once anyone covered (a 100 v 100 brawl asks it ~700 times)."""
    memo = world.memo
    if not memo.get("covering"):
        return None
    found = [other for other in memo.get(COVERERS, {}).values()
             if other.state.covering == target.id and other.present and other.able and other.id != target.id
             and other.team == target.team and world.distance(other, target) <= COVER_REACH_M + 1e-9]
    if len(found) > 1:  # as a walk of every fighter in turn order finds them
        ids = {other.id for other in found}
        return next(other for other in world.units() if other.id in ids)
    return found[0] if found else None


def balance_skill(ch: Any) -> int:
    """The better of grappling and acrobatics, for keeping one's feet (000 · Grappling Actions)."""
    return max(ch.grapple_attack - ch.agility - ch.strength, ch.ability("acrobatics"))


def grapple_effect(world: Any, c: Any, target: Any, spec: Any, step: Any) -> Iterator[Effect]:
    """What a successful grappling action does besides its harm (000 · Grappling Actions)."""
    if spec.name == "disarm":
        # the weapon leaves the hand: taken with a free hand, else dropped
        w = held_weapon(target)
        if w is not None:
            how = "taken" if free_hand(c) else "dropped"
            target.state.out_of_hand[w.name] = how
            yield Note(c.id, f"disarms {target.name}: {w.name} {how}")
            if how == "taken":
                take(c, w, target.name)
    if not target.able:
        return
    if target.carrier is not None and spec.name in PULLS_DOWN:
        # docs/rules.md · Mounted combat: grappled out of the saddle, a fall from the mount's back
        mount = world.unit(target.carrier)
        if mount is not None:
            yield from fall_off(world, target, mount, f"pulled down by {c.name}'s {spec.name}")
            if spec.name in ("push", "trip"):
                return  # the fall is its knock-down
    if spec.name in ("push", "trip"):
        if spec.name == "push":
            # forced to move the way the pusher wants: straight away by default
            dx, dy = target.x - c.x, target.y - c.y
            opts = step.options or {}
            if "direction" in opts:
                dx, dy = opts["direction"]
            d = math.hypot(dx, dy)
            if d > 1e-9:
                metres = min(PUSH_M, float(opts.get("metres", PUSH_M)))
                yield Push(target.id, dx / d, dy / d, metres, f"pushed by {c.name}", by=c.id)
            if not target.able or target.prone:
                return
        if target.flying:
            return  # nothing to lose one's footing on in the air
        check = success_check(world, target.id, "keep balance", [("grapple or acrobatics", balance_skill(target.sheet))],
                              [("off balance", KEEP_BALANCE)])
        yield check
        if not check.roll.success:
            # DECISIONS · More rulings: a knock-down fall from its own height onto the surface
            yield Fall(target.id, f"knocked down by {c.name}'s {spec.name}")
            if c.partner == target.id and not c.prone and target.present:
                # 000 · Grappling Actions · push: a standing grappler lets go or follows to the ground
                choice = world.ask(c, Window("follow", c.id, target.id, spec.name, ("follow", "let go"), "follow",
                                             note=f"{target.name} went down"))
                if choice == "let go":
                    yield Status(c.id, {"partner": None, "role": None})
                    yield Status(target.id, {"partner": None, "role": None})
                else:
                    yield Status(c.id, {"prone": True})
        return
    if c.partner == target.id or spec.name in ("hold", "slam", "wrench", "choke", "disarm"):
        # DECISIONS · Grapple release: a fully successful grappling action lets its maker choose
        choice = world.ask(c, Window("grapple", c.id, target.id, spec.name, ("dominant", "release"), "dominant",
                                     note=f"{spec.name} on {target.name} succeeded"))
        if choice == "release":
            if c.partner is not None:
                yield Status(c.id, {"partner": None, "role": None})
                yield Status(target.id, {"partner": None, "role": None})
            return
        yield Status(c.id, {"partner": target.id, "role": "dominant"})
        yield Status(target.id, {"partner": c.id, "role": "inferior"})


def held_weapon(u: Any) -> Any:
    """The weapon a disarm takes: the best hand-held one still in hand."""
    st = u.state
    ch = u.sheet
    held = [w for w in ch.weapons if w.kind in ("hand", "bow", "gun", "thrown") and w.name not in st.out_of_hand
            and w.name not in st.spent]
    return max(held, key=lambda w: ch.power_with(w), default=None)


def slam_harm(world: Any, c: Any, target: Any, step: Any) -> tuple[int, int, Check, bool]:
    """A slam's harm (000 · Grappling Actions · slam): the target always ends on the ground; a
    standing slammer may fall onto it for double power; a roll against 8 takes the attack's power
    off the fall. Returns ``(damage, stun, the roll, fell onto)``."""
    onto = bool((step.options or {}).get("fall onto")) and not c.prone
    base = c.sheet.strength
    power = base * 2 if onto else base
    check = success_check(world, target.id, "slam: break the fall", [("grapple or acrobatics",
                                                                     balance_skill(target.sheet))],
                          [("slam", KEEP_BALANCE)])
    if check.roll.success:
        power -= base
    absorbed = min(target.sheet.best_absorption, max(power, 0))
    damage, stun = split_power(max(power - absorbed, 0), "blunt")
    return damage, stun, check, onto
