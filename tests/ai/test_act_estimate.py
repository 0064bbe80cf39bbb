"""The optional seam ``estimate_act`` (Mano a Mano: tactics/rulesets/mano_a_mano/act_odds.py): one exact act."""

from __future__ import annotations

import pytest

from tactics.league.encounters import load
from tactics.rules.plan import Act
from tactics.sim.view import View


def _next_to_each_other():
    enc = load("arena").build(seed=1)
    me = next(iter(enc.combatants.values()))
    foe = next(c for c in enc.combatants.values() if c.team != me.team)
    me.x, me.y, me.z = foe.x + 1.0, foe.y, foe.z
    return View(enc, me), me, foe


def test_a_plain_attack_is_its_plain_estimate() -> None:
    view, me, foe = _next_to_each_other()
    plain = view.estimates(view.unit(foe.id))[0]
    assert view.estimate_act(plain.act) == plain


def test_a_powerful_strike_doubles_the_power_and_a_strategic_one_hits_more_often() -> None:
    view, me, foe = _next_to_each_other()
    quick = view.estimate_act(Act("quick strike", target=foe.id))
    powerful = view.estimate_act(Act("powerful strike", target=foe.id))
    strategic = view.estimate_act(Act("strategic strike", target=foe.id))
    assert quick is not None and powerful.weapon == quick.weapon            # the engine's default weapon
    assert powerful.p == quick.p and powerful.harm > quick.harm
    assert strategic.p == pytest.approx(min(1.0, quick.p + 0.25))           # +5 on a d20
    assert strategic.harm == quick.harm


def test_no_estimate_for_what_is_no_attack_or_out_of_reach() -> None:
    view, me, foe = _next_to_each_other()
    assert view.estimate_act(Act("rest")) is None
    assert view.estimate_act(Act("powerful strike", target=foe.id, weapon="no such weapon")) is None
    me.x += 10.0
    assert view.estimate_act(Act("powerful strike", target=foe.id)) is None


def test_a_ruleset_without_the_seam_answers_none() -> None:
    enc = load("squad").build(seed=1)
    me = next(iter(enc.combatants.values()))
    foe = next(c for c in enc.combatants.values() if c.team != me.team)
    assert View(enc, me).estimate_act(Act("melee", target=foe.id)) is None


def test_a_strike_after_a_straight_run_adds_the_charge_and_reach_is_the_callers() -> None:
    from tactics.ai.planner.value import AfterMove

    view, me, foe = _next_to_each_other()
    me.x += 10.0                                                            # out of reach from here
    act = Act("quick strike", target=foe.id)
    assert view.estimate_act(act) is None
    walked = view.estimate_act(AfterMove(act, 4.0))                         # no charge under 5 m
    charged = view.estimate_act(AfterMove(act, 9.0))                        # 000 · Attacking · Charging Attack
    assert walked is not None and charged is not None
    assert charged.p == walked.p and charged.harm > walked.harm
    me.x -= 10.0
    assert walked == view.estimate_act(act)                                 # as made from where it ends
    shot = Act("quick throw", target=foe.id)
    me.x += 200.0
    assert view.estimate_act(AfterMove(shot, 9.0)) is None                  # a throw's reach stays the seam's
