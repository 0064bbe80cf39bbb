"""Mounts and their riders (000 · Mounted Combat; DECISIONS · More rulings · Mounted combat).

A mount is a fighter with a sheet of its own whose ``qualities`` say what it
is: ``"mount"`` (ridden; add ``"trained"`` when it is trained to fight) or
``"vehicle"`` (driven; it never fights nor bolts, see :mod:`.vehicles`). The
rider is carried by it (the engine's ``carrier`` link): both stand where the
mount stands, and the rider's turn moves them both at the mount's running and
swimming, so a charge by the rider counts the metres the mount ran. The
mount's own turn has no movement of its own while it carries someone.

| on the mount's turn | trained to fight | not trained to fight |
| --- | --- | --- |
| the rider holds it back | animal handling > 10 (15 hurt): no attack | — |
| otherwise | it fights | animal handling > 15 (20 hurt), or it bolts |

Each time a ridden animal attacks or is attacked, its rider rolls riding
against 10 or falls off: a fall from the mount's back (its sheet's
``height``), landing on the ground (000 · Grappling, falling down)::

    >>> HANDLING[True], HANDLING[False], RIDING_DIFFICULTY
    ((10, 15), (15, 20), 10)
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from tactics.rules.effects import Effect, Harm, Note, Push, Status
from tactics.rules.protocol import Window

from .checks import success_check
from .falls import FALL_DIFFICULTY, fall_severity, resolve_fall
from .state import speeds

MOUNT = "mount"
TRAINED = "trained"
VEHICLE = "vehicle"
RIDING_DIFFICULTY = 10
"""000 · Mounted Combat · When the Animal Attacks."""
HANDLING: dict[bool, tuple[int, int]] = {True: (10, 15), False: (15, 20)}
"""Animal handling difficulty, unhurt and hurt: trained to fight (000 · Stopping the Attack) or not
(000 · Animals that do not Fight)."""
HOLD = "hold"
LET_FIGHT = "let fight"
HOLD_WINDOW = "hold mount"
"""The choice a rider's policy is asked on a trained mount's turn: hold it back or let it fight."""


def kind_of(sheet: Any) -> str | None:
    """``"mount"``, ``"vehicle"`` or None, from the sheet's qualities."""
    q = sheet.qualities
    if VEHICLE in q:
        return VEHICLE
    if MOUNT in q:
        return MOUNT
    return None


def is_trained(sheet: Any) -> bool:
    """Trained to fight (000 · Mounted Combat · When the Animal Attacks)."""
    return TRAINED in sheet.qualities


def rider_of(world: Any, mount: Any) -> Any:
    """The unit the mount carries, or None."""
    for u in world.units():
        if u.carrier == mount.id:
            return u
    return None


def hurt(unit: Any) -> bool:
    """Has stun or damage (000 · Mounted Combat: the harder handling rolls)."""
    t = unit.tracks
    return t.get("stun", 0) > 0 or t.get("damage", 0) > 0


def handling(world: Any, rider: Any, mount: Any, why: str) -> Any:
    """The rider's animal handling roll for ``mount``: 10/15 trained to fight, 15/20 not."""
    difficulty = HANDLING[is_trained(mount.sheet)][hurt(mount)]
    label = f"{mount.name} hurt" if hurt(mount) else mount.name
    return success_check(world, rider.id, f"animal handling: {why}",
                         [("animal handling", rider.sheet.ability("animal handling"))], [(label, difficulty)])


def fall_off(world: Any, rider: Any, mount: Any, why: str) -> Iterator[Effect]:
    """The rider comes off: on the ground, hurt as by a fall from the mount's back height
    (DECISIONS · More rulings · Mounted combat; DECISIONS · Falls from a height)."""
    height = float(mount.sheet.height)
    severity = fall_severity(height)
    die = world.dice.d20() if severity != "knockdown" else None
    res = resolve_fall(rider.sheet, height, die, difficulty=FALL_DIFFICULTY)
    yield Note(rider.id, f"{rider.name} falls off {mount.name} ({why})")
    yield Status(rider.id, {"carrier": None, "prone": True})
    changes = {k: v for k, v in (("damage", res.damage), ("stun", res.stun)) if v}
    if changes and rider.able:
        rider.state.aim_bonus = 0
        yield Harm(rider.id, changes, f"fall from {mount.name}'s back ({height:g} m, {severity})")


def stay_on(world: Any, rider: Any, mount: Any, why: str) -> Iterator[Effect]:
    """Riding against 10 to stay mounted, or fall off (000 · Mounted Combat · When the Animal Attacks)."""
    check = success_check(world, rider.id, f"riding: {why}", [("riding", rider.sheet.ability("riding"))],
                          [("stay mounted", RIDING_DIFFICULTY)])
    yield check
    if not check.roll.success:
        yield from fall_off(world, rider, mount, "riding roll failed")


def after_attack(world: Any, attacker: Any, target: Any) -> Iterator[Effect]:
    """A ridden animal attacked or defended: its rider's riding roll (vehicles ask none)."""
    for mount, verb in ((attacker, "attacks"), (target, "defends")):
        if kind_of(mount.sheet) != MOUNT:
            continue
        rider = rider_of(world, mount)
        if rider is not None and rider.able:
            yield from stay_on(world, rider, mount, f"{mount.name} {verb}")


def _nearest_enemy(world: Any, unit: Any) -> Any:
    foes = [u for u in world.units() if u.team != unit.team and u.able]
    return min(foes, key=lambda u: world.flat_distance(unit, u), default=None)


def mount_turn(world: Any, mount: Any, budget: Any) -> list[Effect]:
    """The start of a carrying mount's turn: no legs of its own; a rider who cannot act falls off;
    a trained mount fights unless held back; an untrained one bolts unless handled. A vehicle with
    nobody driving does nothing."""
    rider = rider_of(world, mount)
    kind = kind_of(mount.sheet)
    if rider is None:
        if kind == VEHICLE:
            budget.walk_m = budget.swim_m = 0.0
            budget.done = True  # 000 · Vehicles: nobody drives it, it stays put and never fights
        return []
    budget.walk_m = budget.swim_m = 0.0  # its legs are spent on the rider's turn
    if not rider.able:
        return list(fall_off(world, rider, mount, f"{rider.standing}"))
    if kind == VEHICLE:
        budget.done = True  # 000 · Vehicles: it neither fights nor runs away
        return []
    if is_trained(mount.sheet):
        choice = world.ask(rider, Window(HOLD_WINDOW, rider.id, mount.id, "", (LET_FIGHT, HOLD), LET_FIGHT,
                                         note=f"hold {mount.name} back?"))
        if choice != HOLD:
            return []
        check = handling(world, rider, mount, f"hold {mount.name} back")
        if check.roll.success:
            budget.done = True
        return [check]
    budget.done = True  # 000 · Animals that do not Fight: never attacks while ridden
    foe = _nearest_enemy(world, mount)
    if foe is None:
        return []
    check = handling(world, rider, mount, f"keep {mount.name} from running")
    if check.roll.success:
        return [check]
    dx, dy = mount.x - foe.x, mount.y - foe.y
    d = math.hypot(dx, dy)
    if d < 1e-9:
        dx, dy, d = 1.0, 0.0, 1.0
    return [check, Note(mount.id, f"{mount.name} bolts away from {foe.name}"),
            Push(mount.id, dx / d, dy / d, float(mount.sheet.running), "bolts")]


def rider_turn(world: Any, rider: Any, budget: Any) -> list[Effect]:
    """The start of a rider's turn: it moves at the mount's running and swimming; a mount that can no
    longer act (or is gone) throws it off (DECISIONS · More rulings · Mounted combat)."""
    mount = world.unit(rider.carrier)
    if mount is None or not mount.present or not mount.able:
        if mount is None:
            return [Status(rider.id, {"carrier": None})]
        return list(fall_off(world, rider, mount, f"{mount.name} is down"))
    walk, swim, _ = speeds(mount.sheet, False)
    rider.state.riding = mount.sheet
    budget.walk_m, budget.swim_m = walk, swim
    budget.air_m = 0.0
    return []
