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
