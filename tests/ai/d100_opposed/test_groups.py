"""Spot groups: the range bands read as the ruleset reads them, and groups that weigh alike."""

from __future__ import annotations

import doctest

import numpy as np

import tactics.ai.d100_opposed.groups as groups
from tactics.ai.d100_opposed.groups import BEYOND, band_codes, first_best
from tactics.rulesets.d100_opposed.modifiers import BANDS, range_band
from tactics.rulesets.d100_opposed.sheet import Ranges

LABELS = ["point-blank"] + [label for _, label, _ in BANDS]


def test_band_codes_match_range_band_on_every_edge() -> None:
    for ranges in (Ranges(5, 20, 35, 60), Ranges(1, 2, 3, 4), Ranges(10, 30, 50, 100)):
        edges = [0.0, 1.9, 2.0, 2.0000001, 4.0, 4.000001]
        for v in (ranges.short, ranges.medium, ranges.long, ranges.extreme):
            edges += [v - 1e-9, v, v + 1e-12, v + 0.5]
        d = np.array(edges)
        for dist, code in zip(edges, band_codes(d, ranges).tolist()):
            band = range_band(dist, ranges)
            assert (code == BEYOND) == (band is None), dist
            if band is not None:
                assert LABELS[code] == band[0], (dist, code, band)


def test_first_best_takes_the_first_of_equal_scores() -> None:
    # 1e-17 vanishes against 1.0: both bases score the same, the first spot wins
    assert first_best([4, 7, 9], [0.5, 0.5 + 1e-17, 0.2], lambda b: b + 1.0) == 4
    assert first_best([4, 7, 9], [0.1, 0.3, 0.2], lambda b: b - 2.0) == 7


def test_doctests() -> None:
    assert doctest.testmod(groups).failed == 0


def test_the_spots_arrays_are_their_lists_and_group_alike() -> None:
    """spots() hands the groups its columns as numpy arrays (issue #19); they hold the lists'
    values, and groups made from them are the groups made from the lists."""
    from pathlib import Path

    from tactics import Encounter
    from tactics.ai.d100_opposed.spots import LIGHT_CODES
    from tactics.ai.d100_opposed.tactician import _Ctx
    from tactics.ai.d100_opposed.policies import Gunner
    from tactics.rulesets.d100_opposed import load_sheet
    from tactics.scenario import map_for

    sheets = Path(__file__).resolve().parents[3] / "assets" / "characters" / "d100"
    enc = Encounter(map_for("firefight"), seed=1, ruleset="d100-opposed")
    enc.add(load_sheet(sheets / "duelist.toml"), team="red", at=(22.0, 14.0), id="a", policy="passive")
    enc.add(load_sheet(sheets / "heavy.toml"), team="blue", at=(34.0, 15.0), id="b", policy="passive")
    view = enc.view_for(enc.combatants["a"])
    ctx = _Ctx(Gunner(), view, view.me, view.enemies())
    sp = ctx.sp
    arr = dict(sp.arrays)
    assert arr["x"].tolist() == [p[0] for p in sp.xy] and arr["y"].tolist() == [p[1] for p in sp.xy]
    assert arr["light"].tolist() == [LIGHT_CODES[li] for li in sp.light] and len(set(sp.light)) > 1
    assert arr["sees b"].tolist() == sp.sees["b"] and arr["dist b"].tolist() == sp.dist["b"]
    members = list(range(len(sp)))
    made = groups.spot_groups(ctx, members)
    sp.arrays.clear()   # as Spots made without them: the groups make them from the lists
    assert groups.spot_groups(ctx, members) == made and len(made) > 1
