"""Vehicles and ramming (000 · Vehicles; DECISIONS · More rulings · Vehicles).

A vehicle is a mount (:mod:`.mounts`) whose sheet has the quality
``"vehicle"``: it never fights nor bolts; its driver's turn moves both at the
vehicle's running. The driver may **ram** (the turn's only action) a target
within arm's reach of the vehicle:

* the attack modifier is the lower of the driver's ``driving`` and the
  vehicle's agility, against the target's melee defense;
* the power is the vehicle's front (its weapon named ``front``, else its first
  natural weapon: strength + leverage) plus the **collision** bonus;
* a hit gives the target an automatic ramming counter against the vehicle's
  front: the target's strength plus the same collision bonus, less the
  absorption of the vehicle's armor named ``front`` (else its best), split blunt.

Collision (000 · Vehicles · Head-on and Broadside; Rear-end and Sideswipe):
the vehicle's metres are this turn's straight run into the ram; the target's
are how far it moved since the start of its last turn, along the vehicle's
direction. Moving the same way: the charge bonus of the difference; else
(head-on, broadside, or a target standing still) the two charge bonuses added::

    >>> collision_bonus(10.0, 0.0, 0.0)      # a target standing still
    5
    >>> collision_bonus(10.0, -8.0, 8.0)     # head-on: 5 + 3
    8
    >>> collision_bonus(14.0, 6.0, 6.0)      # rear-end: 14 - 6 = 8 m
    3
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from tactics.rules.effects import Attacked, Effect, Note, Refused
from tactics.rules.ranged import charge_bonus
from tactics.rules.records import Modifier

from .attack import resolve_attack
from .checks import d20_roll, harm
from .health import split_power
from .mounts import VEHICLE, kind_of

RAM = "ram"
RAM_SOURCE = "000 · Vehicles · Ramming"
FRONT = "front"
RAM_REACH_M = 3.0
"""The vehicle's front reaches as far as a hand-to-hand strike (docs/engine.md)."""


def collision_bonus(vehicle_m: float, along_m: float, moved_m: float) -> int:
    """Extra power of a collision: ``vehicle_m`` run straight by the vehicle; the target moved
    ``moved_m`` since the start of its last turn, ``along_m`` of it in the vehicle's direction."""
    if along_m > 1e-9:
        return charge_bonus(max(0.0, vehicle_m - along_m))
    return charge_bonus(vehicle_m) + charge_bonus(moved_m)


def _front(sheet: Any) -> Any:
    naturals = [w for w in sheet.weapons if w.kind == "natural"]
    return next((w for w in naturals if w.name == FRONT), naturals[0] if naturals else None)


def _front_absorption(sheet: Any) -> int:
    for a in sheet.armor:
        if a.name == FRONT:
            return int(a.absorption)
    return max((int(a.absorption) for a in sheet.armor), default=0)


def _target_motion(target: Any, direction: tuple[float, float]) -> tuple[float, float]:
    """(metres along ``direction``, metres in all) the target moved since the start of its last turn."""
    start = target.state.turn_start
    if start is None:
        return 0.0, 0.0
    dx, dy = target.x - start[0], target.y - start[1]
    return dx * direction[0] + dy * direction[1], math.hypot(dx, dy)


def ram_refusal(world: Any, driver: Any, step: Any) -> str | None:
    """Why a ram would be refused now, or None: :func:`ram`'s checks that need no budget nor dice."""
    vehicle = world.unit(driver.carrier) if driver.carrier is not None else None
    if vehicle is None or kind_of(vehicle.sheet) != VEHICLE:
        return "ram: only the driver of a vehicle rams"
    target = world.unit(step.target or "")
    if target is None or not target.present or not target.able:
        return f"ram: no target {step.target!r} able to fight"
    flat = world.flat_distance(vehicle, target)
    if flat > RAM_REACH_M:
        return f"ram: {target.name} is out of reach ({flat:.1f} m)"
    return None


def ram(world: Any, driver: Any, step: Any, budget: Any, turn: Any) -> Iterator[Effect]:
    """The driver rams ``step.target`` with the vehicle it drives (000 · Vehicles · Ramming)."""
    vehicle = world.unit(driver.carrier) if driver.carrier is not None else None
    if vehicle is None or kind_of(vehicle.sheet) != VEHICLE:
        yield Refused(driver.id, "ram: only the driver of a vehicle rams")
        return
    if budget.done_actions or budget.single:
        yield Refused(driver.id, "ram: a ram is the turn's only action")
        return
    target = world.unit(step.target or "")
    if target is None or not target.present or not target.able:
        yield Refused(driver.id, f"ram: no target {step.target!r} able to fight")
        return
    flat = world.flat_distance(vehicle, target)
    if flat > RAM_REACH_M:
        yield Refused(driver.id, f"ram: {target.name} is out of reach ({flat:.1f} m)")
        return
    front = _front(vehicle.sheet)
    if front is None:
        yield Refused(driver.id, f"ram: {vehicle.name} has no front to ram with")
        return
    budget.done_actions += 1
    budget.single = True
    vsh = vehicle.sheet
    driving = driver.sheet.ability("driving")
    modifier = min(driving, vsh.agility)
    vehicle_m = turn.run_m
    along, moved = _target_motion(target, turn.run_dir)
    bonus = collision_bonus(vehicle_m, along, moved)
    die = world.dice.d20()
    label = "driving" if driving <= vsh.agility else f"{vehicle.name} agility"
    res = resolve_attack(vsh, front, "quick strike", target.sheet, die, attack=Modifier(label, modifier),
                         power_mods=(Modifier("collision", bonus),) if bonus else ())
    roll = d20_roll(die, [(m[0], int(m[1])) for m in res.attack_mods], res.difficulty,
                    [(m[0], int(m[1])) for m in res.difficulty_mods], res.hit)
    dealt = {k: v for k, v in (("damage", res.damage), ("stun", res.stun)) if res.hit and v}
    yield Attacked(driver.id, target.id, RAM, front.name, roll, res.hit, dealt,
                   [("power", res.power), ("absorbed", res.absorbed), ("collision", bonus)],
                   round(world.distance(vehicle, target), 6), world.light_at(target), "", round(vehicle_m, 6))
    if not res.hit:
        return
    h = harm(target, res.stun, res.damage, f"ram by {vehicle.name} ({driver.name} driving)")
    if h is not None:
        yield h
    # the target's automatic ramming counter against the vehicle's front
    power = target.sheet.strength + bonus
    through = power - _front_absorption(vsh)
    damage, stun = split_power(through, "blunt")
    yield Note(target.id, f"{target.name} rams back into {vehicle.name}'s front: power {power}, "
                          f"{through if through > 0 else 0} through")
    back = harm(vehicle, stun, damage, f"ramming counter by {target.name} ({FRONT})")
    if back is not None:
        yield back
