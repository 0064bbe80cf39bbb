"""The spots' sight memo answers what a fresh look would, and fills in only what it was asked."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from tactics import Encounter
from tactics.ai.d100_opposed.spots import sight_memo, spots
from tactics.rulesets.d100_opposed import load_sheet
from tactics.scenario import map_for
from tactics.sim.view import EYE_HEIGHT_M, eye

SHEETS = Path(__file__).resolve().parents[3] / "assets" / "characters" / "d100"


def _view(at_b: tuple[float, float]):
    enc = Encounter(map_for("arena"), seed=1, ruleset="d100-opposed")
    enc.add(load_sheet(SHEETS / "duelist.toml"), team="red", at=(5.0, 13.0), id="a", policy="passive")
    enc.add(load_sheet(SHEETS / "heavy.toml"), team="blue", at=at_b, id="b", policy="passive")
    return enc.view_for(enc.combatants["a"])


def test_spot_sight_is_line_of_sight_and_the_memo_fills_in() -> None:
    view = _view((31.0, 13.0))
    me, enemies = view.me, view.enemies()
    target = eye(enemies[0])
    assert (sight_memo(view, target) < 0).all()   # nothing asked yet
    for _ in range(2):   # the second look reads the memo
        sp = spots(view, me, enemies, 12.0)
        sees = sp.sees["b"]
        assert len(sees) == len(sp) > 20
        for i in range(1, len(sp)):
            x, y = sp.xy[i]
            # the vectorised query, as spots() asks it (on arena it and line_of_sight differ on a
            # line grazing a corner, from (1, 3) to (31, 13))
            want = bool(view.map.line_of_sight_many(np.array([[x, y, sp.z[i] + EYE_HEIGHT_M]]),
                                                    np.array([target]))[0])
            assert sees[i] == want, (i, x, y)
        assert any(sees[1:]) and not all(sees[1:])   # the pillars hide it from some spots
    memo = sight_memo(view, target)
    asked = {(c, r) for c, r in sp.cells[1:]}
    assert {(c, r) for r, c in zip(*np.nonzero(memo >= 0))} == asked   # only the cells it needed


def _fields(sp) -> tuple:
    return sp.xy, sp.z, sp.cost, sp.light, sp.sees, sp.dist, sp.cells


def test_spots_read_from_the_kept_lines_cell_points_and_light_are_a_fresh_look() -> None:
    """The lines from the loose spots, the cells' centres and their light are kept per map
    (issue #19); a look that reads them gives every field a look on empty caches gives."""
    for name, a, b in (("arena", (5.0, 13.0), (31.0, 13.0)), ("firefight", (22.0, 14.0), (50.0, 14.0))):
        enc = Encounter(map_for(name), seed=1, ruleset="d100-opposed")
        enc.add(load_sheet(SHEETS / "duelist.toml"), team="red", at=a, id="a", policy="passive")
        enc.add(load_sheet(SHEETS / "heavy.toml"), team="blue", at=b, id="b", policy="passive")
        view = enc.view_for(enc.combatants["a"])
        me, enemies = view.me, view.enemies()
        extra = [(me.x + 1.3, me.y + 0.7, 1.6)]   # a point off the cell centres, as the tactician adds
        first = _fields(spots(view, me, enemies, 14.0, extra))
        assert view.shared["d100 lines"][1]   # the loose spots' lines were kept
        kept = _fields(spots(view, me, enemies, 14.0, extra))
        view.shared.clear()
        fresh = _fields(spots(view, me, enemies, 14.0, extra))
        assert kept == first == fresh
        lights = set(fresh[3])
        assert lights <= {"bright", "dim", "dark"}
        assert fresh[3] == [view.map.light_at(x, y) for x, y in fresh[0]]
        if name == "firefight":
            assert len(lights) > 1   # some spots lit, some not: the kept light grid is read per cell
