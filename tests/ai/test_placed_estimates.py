"""The optional seam ``estimates_at`` of d100-opposed: the estimates from a point."""

from __future__ import annotations

import math

import pytest

from tactics.league.encounters import load
from tactics.sim.view import View


def _pair(encounter: str):
    enc = load(encounter).build(seed=1)
    me = next(iter(enc.combatants.values()))
    foe = next(c for c in enc.combatants.values() if c.team != me.team)
    return View(enc, me), me, foe


@pytest.mark.parametrize("encounter", ["brawl", "firefight"])
def test_from_where_i_stand_they_are_the_estimates(encounter: str) -> None:
    view, me, foe = _pair(encounter)
    assert view.estimates_at(view.unit(foe.id), (me.x, me.y, me.z)) == view.estimates(view.unit(foe.id))


def test_next_to_the_foe_a_blow_reaches_that_does_not_from_here() -> None:
    view, me, foe = _pair("brawl")
    assert math.hypot(me.x - foe.x, me.y - foe.y) > 3.0            # they start apart
    here = view.estimates(view.unit(foe.id))
    near = view.estimates_at(view.unit(foe.id), (foe.x + 1.0, foe.y, foe.z))
    kinds = view.ruleset.actions
    hand = {e.action for e in near if kinds[e.action].kind == "melee"}
    assert hand and not hand & {e.action for e in here}
    assert (me.x, me.y) != (foe.x + 1.0, foe.y)                     # the fighter itself did not move


def test_a_shot_from_farther_off_is_worse() -> None:
    view, me, foe = _pair("firefight")
    f = view.unit(foe.id)
    near = view.estimates_at(f, (foe.x + 5.0, foe.y, foe.z))
    far = view.estimates_at(f, (foe.x + 30.0, foe.y, foe.z))     # a longer range band
    shot = {e.weapon: e.p for e in near if e.action == "ranged attack"}
    longer = {e.weapon: e.p for e in far if e.action == "ranged attack"}
    assert shot and longer.keys() == shot.keys()
    assert all(longer[w] < shot[w] for w in shot)
