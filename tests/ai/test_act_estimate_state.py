"""``estimate_act`` reads the state both fighters are in (tactics/rulesets/mano_a_mano/act_odds.py):
an aim (000 · Archery and Marksmanship Actions · aim: +5 to the next attack), a stance or position
(000 · Stance and Position: on the ground −5 to strike, +5 defense against missiles unless from
above), a defense bonus until the next turn (a cautious attack's). A +5 on a d20 is 0.25 of the odds."""

from __future__ import annotations

import pytest

from tactics.league.encounters import load
from tactics.rules.plan import Act
from tactics.rules.records import Modifier
from tactics.sim.view import View


def _archer_and_brawler():
    """Tower: an archer on the roof, a brawler (Steven) 7 m from it on the roof, the bow drawn."""
    enc = load("tower").build(seed=1)
    archer = next(c for c in enc.combatants.values() if c.sheet.name == "Archer" or "archer" in c.id or c.team == "red")
    foe = next(c for c in enc.combatants.values() if c.team != archer.team and c.name == "Steven")
    foe.x, foe.y, foe.z = archer.x + 7.0, archer.y, archer.z
    bow = next(w for w in archer.sheet.weapons if w.kind == "bow")
    archer.state.drawn = bow.name
    return enc, archer, foe, bow


def test_an_aimed_shot_hits_a_quarter_more_often() -> None:
    enc, archer, foe, bow = _archer_and_brawler()
    view = View(enc, archer)
    shot = Act("quick shot", target=foe.id, weapon=bow.name)
    plain = view.estimate_act(shot)
    archer.state.aim_bonus = 5
    aimed = view.estimate_act(shot)
    assert plain is not None and aimed is not None
    assert plain.p <= 0.7
    assert aimed.p == pytest.approx(plain.p + 0.25)
    assert aimed.harm == plain.harm
    # the plain estimates (the heuristic policies' seam) stay as they were
    assert view.estimates(view.unit(foe.id))[0].p == pytest.approx(plain.p)


def test_a_target_on_the_ground_is_harder_to_shoot_unless_from_above() -> None:
    enc, archer, foe, bow = _archer_and_brawler()
    view = View(enc, archer)
    shot = Act("quick shot", target=foe.id, weapon=bow.name)
    plain = view.estimate_act(shot).p
    foe.prone = True
    assert view.estimate_act(shot).p == pytest.approx(plain - 0.25)
    archer.z = foe.z + 1.0                                  # 1 m above it: the shot comes from above
    assert view.estimate_act(shot).p == pytest.approx(plain)


def test_a_defense_bonus_until_the_next_turn_and_striking_from_the_ground() -> None:
    enc, archer, foe, bow = _archer_and_brawler()
    foe.x = archer.x + 1.0
    view = View(enc, foe)                                   # the brawler strikes the archer
    strike = Act("quick strike", target=archer.id)
    plain = view.estimate_act(strike).p
    assert 0.3 <= plain <= 0.9
    archer.state.defense_bonus.append(Modifier("cautious strike", 5))
    assert view.estimate_act(strike).p == pytest.approx(plain - 0.25)
    archer.state.defense_bonus.clear()
    foe.prone = True                                        # striking from the ground: −5
    assert view.estimate_act(strike).p == pytest.approx(plain - 0.25)


def test_no_estimate_of_a_shot_the_weapon_is_not_ready_for() -> None:
    """The engine refuses before any roll a quick shot with a bow not drawn (a draw and fire needs none)
    and a shot from a gun not loaded (000 · draw and fire, load): so does ``estimate_act``."""
    enc, archer, foe, bow = _archer_and_brawler()
    view = View(enc, archer)
    archer.state.drawn = None
    assert view.estimate_act(Act("quick shot", target=foe.id, weapon=bow.name)) is None
    assert view.estimate_act(Act("draw and fire", target=foe.id, weapon=bow.name)) is not None
    quarry = load("quarry").build(seed=1)
    gunner = next(c for c in quarry.combatants.values() if c.name == "Gunner")
    target = next(c for c in quarry.combatants.values() if c.team != gunner.team)
    target.x, target.y, target.z = gunner.x + 5.0, gunner.y, gunner.z
    gun = next(w for w in gunner.sheet.weapons if w.kind == "gun")
    shot = Act("quick shot", target=target.id, weapon=gun.name)
    assert View(quarry, gunner).estimate_act(shot) is not None
    gunner.state.shots_left[gun.name] = 0
    assert View(quarry, gunner).estimate_act(shot) is None
