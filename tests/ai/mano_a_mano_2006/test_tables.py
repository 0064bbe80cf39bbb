"""The 2006 AI's tables give what counting the dice and the cover roll gives."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

from tactics.ai.mano_a_mano_2006.odds import absorptions, blow_harm, weigh
from tactics.rulesets.mano_a_mano_2006.contest import HALF, SUCCESS, outcome
from tactics.rulesets.mano_a_mano_2006.estimates import chances
from tactics.rulesets.mano_a_mano_2006.harm import armor_block, split_harm


def test_chances_are_the_36_faces_counted_for_any_modifiers() -> None:
    for a_mod, d_mod in itertools.product(range(-12, 16), repeat=2):
        faces = [outcome(a, a_mod, d, d_mod) for a in range(1, 7) for d in range(1, 7)]
        assert chances(a_mod, d_mod) == (faces.count(SUCCESS) / 36, faces.count(HALF) / 36), (a_mod, d_mod)


def _sheet(absorption: int, pieces: list[tuple[str, int, int]]) -> SimpleNamespace:
    armor = [SimpleNamespace(name=n, cover=c, absorption=a) for n, c, a in pieces]
    return SimpleNamespace(absorption=absorption, armor=armor)


ARMORS = [
    [],
    [("mail", 3, 2)],
    [("gambeson", 2, 1)],
    [("helmet", 1, 4), ("mail", 3, 2)],
    [("a", 2, 2), ("b", 2, 2), ("c", 0, 9)],     # equal absorption: the sheet's order; no cover: no armor
    [("shield", 6, 1), ("plate", 4, 5), ("cap", 1, 3)],
]


def test_absorptions_follow_the_cover_roll_of_armor_block() -> None:
    for pieces in ARMORS:
        for body in (0, 2):
            want = []
            for die in range(1, 7):
                block = armor_block(pieces, die)
                want.append(body + (block[1] if block else 0))
            assert absorptions(_sheet(body, pieces)) == want, pieces


def test_blow_harm_averages_the_blow_over_the_cover_die() -> None:
    target = _sheet(1, [("mail", 3, 2)])   # faces 1-3 absorb 3, faces 4-6 absorb 1
    w = SimpleNamespace(power=3, sharpness=-1)
    full, half = blow_harm(w, 2, target)
    fulls = [split_harm(5, 3, -1)] * 3 + [split_harm(5, 1, -1)] * 3
    assert abs(full - sum(weigh(s, d) for s, d in fulls) / 6) < 1e-12
    assert abs(half - sum(weigh(s // 2, d // 2) for s, d in fulls) / 6) < 1e-12
    assert full > half > 0
