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
