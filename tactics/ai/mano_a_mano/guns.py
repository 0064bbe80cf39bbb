"""A shooter's gun: the loaded one to shoot, and reloading it when it is empty.

000 · List of Actions · Archery and Marksmanship Actions (load, unload): a gun
with a clip (``reload_actions`` 1, several ``shots``) is reloaded by replacing
the clip, an unload and then a load; one loaded a round at a time is unloaded
once and then loaded round by round; a gun of a single round (a musket) is
only loaded, with as many load actions as it takes. Only out of every enemy's
reach (a reload in reach is a free turn for the enemy).
"""

from __future__ import annotations

from typing import Any

from tactics.sim.plan import Act, Plan
from tactics.sim.view import UnitView, View


def guns(me: UnitView) -> list[Any]:
    return [w for w in me.character.weapons if w.kind == "gun" and w.name not in me.state.out_of_hand]


def loaded_gun(me: UnitView) -> Any:
    """The most powerful gun with a round in it, or None."""
    loaded = [w for w in guns(me) if me.state.shots_left.get(w.name, 1) > 0]
    return max(loaded, key=lambda w: me.character.power_with(w), default=None)


def reload_plan(view: View, me: UnitView, enemies: list[UnitView], unloaded: set[str]) -> Plan | None:
    """Unload or load an empty gun when no enemy is in reach; ``unloaded`` (the policy's) holds the
    guns unloaded since they ran dry. None when no gun needs it or an enemy is close."""
    counted = [w for w in guns(me) if me.state.shots_left.get(w.name) is not None]  # the loop passes the rest by
    if not counted or me.partner is not None or any(view.in_reach(me, e) or view.in_reach(e, me) for e in enemies):
        return None
    for w in counted:
        left = me.state.shots_left.get(w.name)
        if left is None:
            continue
        if left > 0:
            unloaded.discard(w.name)
            continue
        if w.shots > 1 and w.name not in unloaded and not me.state.loads.get(w.name):
            unloaded.add(w.name)
            return Plan([Act("unload", weapon=w.name)], f"unloading the empty {w.name}")
        return Plan([Act("load", weapon=w.name)], f"loading the {w.name}")
    return None
