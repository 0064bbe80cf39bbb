"""spots() asks sight only of the enemies it is told to look at; the rest is as a full look gives it."""

from __future__ import annotations

from pathlib import Path

from tactics import Encounter
from tactics.ai.d100_opposed.spots import spots
from tactics.rulesets.d100_opposed import load_sheet
from tactics.scenario import map_for

SHEETS = Path(__file__).resolve().parents[3] / "assets" / "characters" / "d100"


def _view():
    enc = Encounter(map_for("brawl"), seed=1, ruleset="d100-opposed")
    enc.add(load_sheet(SHEETS / "duelist.toml"), team="red", id="a", policy="passive")
    enc.add(load_sheet(SHEETS / "heavy.toml"), team="blue", id="b", policy="passive")
    enc.add(load_sheet(SHEETS / "civilian.toml"), team="blue", id="c", policy="passive")
    return enc.view_for(enc.combatants["a"])


def test_look_leaves_out_the_sight_of_the_others_only() -> None:
    view = _view()
    me, enemies = view.me, view.enemies()
    full = spots(view, me, enemies, 14.0)
    for look in ((), ("b",), ("c",), ("b", "c")):
        sp = spots(view, me, enemies, 14.0, look=look)
        assert sorted(sp.sees) == sorted(look)
        assert all(sp.sees[eid] == full.sees[eid] for eid in look)
        assert (sp.xy, sp.z, sp.cost, sp.light, sp.dist, sp.cells) == \
            (full.xy, full.z, full.cost, full.light, full.dist, full.cells)
        assert sorted(k for k in sp.arrays if not k.startswith("sees ")) == \
            sorted(k for k in full.arrays if not k.startswith("sees "))
