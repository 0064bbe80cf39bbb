"""``View.riders_of`` (the engine's carrier groups) answers as a walk over every unit would."""

from __future__ import annotations

from tactics import Encounter
from tactics.ai.mano_a_mano.trips import _carries
from tactics.map import TacticalMap
from tactics.sim import Scripted
from tactics.sim.view import View

from .conftest import sheet


def _walked(view, u):
    return [v for v in view.units() if v.carrier == u.id]


def _carries_walked(view, u):
    if u.id == view.me.id:
        return any(a.carrier == u.id for a in view.allies(able_only=False))
    return any(e.carrier == u.id for e in view.enemies())


def test_riders_of_is_the_walk_over_every_unit():
    enc = Encounter(TacticalMap.from_grid(["." * 12] * 5))
    enc.add(sheet("war-horse"), "red", at=(3.0, 3.0), policy=Scripted([]))
    enc.add(sheet("lancer"), "red", at=(3.0, 3.0), policy=Scripted([]))
    enc.add(sheet("horse"), "blue", at=(15.0, 3.0), policy=Scripted([]))
    enc.add(sheet("lancer"), "blue", at=(15.0, 7.0), policy=Scripted([]))
    enc.add(sheet(), "red", at=(9.0, 5.0), policy=Scripted([]))
    views = {uid: View(enc, c) for uid, c in enc.combatants.items()}
    seen = set()
    for step in ("none", "carried", "dismounted", "downed"):
        if step == "carried":
            enc.carry("red-2", "red-1")
            enc.carry("blue-2", "blue-1")
        elif step == "dismounted":
            enc.combatants["red-2"].carrier = None
            enc.link_carrier(enc.combatants["red-2"], None)
        elif step == "downed":
            enc.combatants["blue-2"].standing = "incapacitated"
            enc.combatants["blue-2"].able = False
            enc.health_changed(enc.combatants["blue-2"])
        for view in views.values():
            for u in view.units():
                assert view.riders_of(u) == _walked(view, u), (step, view.me.id, u.id)
                got = _carries(view, u)
                assert got == _carries_walked(view, u), (step, view.me.id, u.id)
                seen.add((step, got))
    # the walk found riders and no riders, so the comparison could fail both ways
    assert ("carried", True) in seen and ("carried", False) in seen and ("none", True) not in seen
