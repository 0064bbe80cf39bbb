"""Phases 1 and 2, kept by their numbers (phases.py), are those worked out from the pools each time."""

from __future__ import annotations

import itertools

from tactics.rulesets.mano_a_mano_2006 import phases
from tactics.rulesets.mano_a_mano_2006.pools import Pools, phase_one, phase_two, standing


def _tracks(p: Pools) -> dict[str, int]:
    return p.as_dict()


def test_kept_openings_are_the_phases_worked_out_and_fresh_effects() -> None:
    phases._OPENINGS.clear()
    seen = 0
    for pools in itertools.product(range(3), repeat=5):
        p = Pools(*pools)
        if p.hp == 0:
            continue
        for per_round, keep in ((1, 0), (3, 0), (3, 1), (2, 2)):
            first = phases.opening("a", _tracks(p), per_round, keep)
            again = phases.opening("a", _tracks(p), per_round, keep)   # from the memo
            after = phase_one(p)
            acting = standing(after) == "fighting"
            if acting:
                after = phase_two(after, per_round, keep)
            for effects, ready, act in (first, again):
                total = p
                for e in effects:
                    assert e.who == "a"
                    total = total.plus(e.changes)
                assert (total, ready, act) == (after, after.ready, acting)
            assert [(e.changes, e.source) for e in first[0]] == [(e.changes, e.source) for e in again[0]]
            if first[0]:
                first[0][0].changes["ready"] = 99   # fresh effects: the kept ones are untouched
                assert phases.opening("a", _tracks(p), per_round, keep)[0][0].changes == again[0][0].changes
                seen += 1
    assert seen > 100
