"""The AI's view of hiding (tactics/rulesets/fudge_opposed/unseen.py): P(unseen) and the sneak attack's sure hit."""

from __future__ import annotations

import pytest

from tactics.rulesets.fudge_opposed import RULESET, odds
from tactics.rulesets.fudge_opposed.unseen import p_hide

from .fakes import SWORD, FakeUnit, FakeWorld, duel, make_sheet


def fighter(**kw):
    skills = dict(Melee=3, Block=1, Marksmanship=2, Dodge=1, Strength=2, Athletics=1, Perception=1, Stealth=1)
    skills.update(kw.pop("skills", {}))
    return make_sheet(**kw, **skills)


def test_a_hide_against_one_enemy_is_the_contest() -> None:
    w, a, b = duel(fighter(skills={"Stealth": 3}), fighter())
    assert p_hide(w, a) == pytest.approx(odds.p_beats(3, 1, crits=False))      # 0.7392
    assert RULESET.unseen(w, a, {"action": "hide"}) == pytest.approx(0.7392, abs=1e-4)


def test_two_enemies_roll_apart_against_my_one_roll() -> None:
    a = FakeUnit("red-1", "red", fighter(skills={"Stealth": 3}))
    b = FakeUnit("blue-1", "blue", fighter(), x=5.0)
    c = FakeUnit("blue-2", "blue", fighter(), x=6.0)
    w = FakeWorld([a, b, c])
    one = odds.p_beats(3, 1, crits=False)
    assert p_hide(w, a) == pytest.approx(0.6069, abs=1e-4)
    assert one ** 2 < p_hide(w, a) < one                # my one roll is shared by both contests


def test_an_attack_gives_me_away_and_a_hidden_fighter_stays_hidden() -> None:
    w, a, b = duel(fighter(weapons=[SWORD]), fighter())
    assert RULESET.unseen(w, a, None) == 0.0
    assert RULESET.unseen(w, a, {"action": "melee", "target": b.id}) == 0.0
    a.status["hidden"] = True
    assert RULESET.unseen(w, a, None) == 1.0
    assert RULESET.unseen(w, a, {"action": "hide"}) == 0.0            # refused: already hidden
    assert RULESET.unseen(w, a, {"action": "melee", "target": b.id}) == 0.0


def test_a_hidden_fighter_strikes_surely() -> None:
    w, a, b = duel(fighter(weapons=[SWORD]), fighter(hp=12))
    seen = next(e for e in RULESET.estimates(w, a, b) if e.action == "melee")
    a.status["hidden"] = True
    sneak = next(e for e in RULESET.estimates(w, a, b) if e.action == "melee")
    assert seen.p < 1.0 and sneak.p == 1.0
    assert sneak.harm > seen.harm * seen.p                  # a sure hit, doubled when the roll also wins
    assert sneak.progress == pytest.approx(sneak.harm / 12)
