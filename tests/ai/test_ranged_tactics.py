"""The ranged Mano a Mano policies use the ranged actions of 000 where they pay (issues #12, #17):
strategic and cautious shots (volleys.py), unload and load a clip-fed gun (guns.py), a volley of
quick throws (quickthrows.py), heave an unwieldy boulder (skirmisher.py). Each choice is lawful."""

from __future__ import annotations

from tactics import Encounter
from tactics.ai.mano_a_mano.archer import Archer
from tactics.ai.mano_a_mano.exposure import defense_worth
from tactics.ai.mano_a_mano.odds import estimate
from tactics.ai.mano_a_mano.skirmisher import Skirmisher
from tactics.ai.mano_a_mano.strikes import best_melee
from tactics.dice import ScriptedDice
from tactics.map import TacticalMap
from tactics.replay.schema import Attack
from tactics.sim import Act

from ..sim.conftest import sheet

OPEN = ["." * 60] * 9
"""An open field, out of reach across it."""


def duel(me: str, foe: str, gap: float, cols: int = 60):
    enc = Encounter(TacticalMap.from_grid(["." * cols] * 9), dice=ScriptedDice([15] * 40))
    a = enc.add(sheet(me), "red", at=(2.0, 4.0), policy="passive")
    b = enc.add(sheet(foe), "blue", at=(2.0 + gap, 4.0), policy="passive")
    return enc, enc.view_for(enc.combatants[a.id]), b


def acts_of(plan) -> list[Act]:
    return [s for s in plan.steps if isinstance(s, Act)]


def lawful(view, plan) -> None:
    for a in acts_of(plan):
        assert view.refusal(a) is None, (a, view.refusal(a))


def test_a_gunner_out_of_reach_shoots_strategically():
    enc, view, foe = duel("gunner", "clone", 30.0)
    plan = Archer().plan(view)
    assert [a.action for a in acts_of(plan)] == ["strategic shot"]
    assert defense_worth(view, view.me, view.enemies()) == 0.0   # nobody can come at it: +5 to hit pays
    lawful(view, plan)


def test_a_gunner_a_brawler_can_reach_next_turn_shoots_cautiously():
    enc, view, foe = duel("gunner", "steven", 3.0)                # in its reach next turn: +5 defense pays
    plan = Archer().plan(view)
    (shot,) = [a for a in acts_of(plan) if a.target is not None]
    assert shot.action == "cautious shot"
    lawful(view, plan)
    assert defense_worth(view, view.me, view.enemies()) > 0.0


def test_a_drawn_archer_shoots_strategically_instead_of_aiming_for_next_turn():
    enc, view, foe = duel("archer", "clone", 50.0)
    enc.combatants["red-1"].state.drawn = "longbow"
    plan = Archer().plan(view)
    (shot,) = [a for a in acts_of(plan) if a.target is not None]
    assert shot.action == "strategic shot"
    lawful(view, plan)
    enc.combatants["red-1"].state.aim_bonus = 5        # aiming: no strategic attack (000 · Stance and Position)
    assert [a.action for a in acts_of(Archer().plan(view)) if a.target is not None] == ["quick shot"]


def test_an_empty_clip_is_unloaded_then_loaded_out_of_reach():
    enc = Encounter(TacticalMap.from_grid(OPEN), dice=ScriptedDice([]))
    enc.add(sheet("gunner"), "red", at=(2.0, 4.0), policy="archer")
    enc.add(sheet("clone"), "blue", at=(58.0, 4.0), policy="passive")
    me = enc.combatants["red-1"]
    me.state.shots_left["carbine"] = 0
    result = enc.run(until=1.9)
    said = [e.text for e in result.events if getattr(e, "who", None) == "red-1" and hasattr(e, "text")]
    assert said[:2] == ["unloading the empty carbine", "loading the carbine"]
    assert me.state.shots_left["carbine"] == 4
    assert not any("refused" in t for t in said)


def test_a_fast_knife_thrower_close_in_throws_three_quick_knives_not_one_powerful():
    enc, view, foe = duel("knife_thrower", "giant", 2.0)
    me, target = view.me, view.unit(foe.id)
    plan = Skirmisher().plan(view)
    assert [a.action for a in acts_of(plan)] == ["quick throw"] * 3
    lawful(view, plan)
    knife = me.character.weapon("throwing knife")
    volley = 3 * estimate(view, me, target, "quick throw", knife).ev
    assert volley > estimate(view, me, target, "powerful throw", knife).ev
    assert volley > sum(a.ev for a in best_melee(view, me, target))
    live = Encounter(TacticalMap.from_grid(OPEN), dice=ScriptedDice([15] * 10))
    live.add(sheet("knife_thrower"), "red", at=(2.0, 4.0), policy="skirmisher")
    live.add(sheet("giant"), "blue", at=(4.0, 4.0), policy="passive")
    result = live.run(until=0.9)
    throws = [e for e in result.events if isinstance(e, Attack) and e.who == "red-1"]
    assert [e.action for e in throws] == ["quick throw"] * 3
    assert live.combatants["red-1"].state.thrown["throwing knife"] == 3
    _, far, _ = duel("knife_thrower", "giant", 3.5)              # farther, the quick range bites: one powerful throw
    assert [a.action for a in acts_of(Skirmisher().plan(far))] == ["powerful throw"]


def test_a_giant_heaves_its_boulder_point_blank_and_hits():
    enc = Encounter(TacticalMap.from_grid(["." * 12] * 3), dice=ScriptedDice([18] * 8))
    enc.add(sheet("giant"), "red", at=(2.0, 1.5), policy="skirmisher")
    enc.add(sheet("steven"), "blue", at=(4.0, 1.5), policy="passive")
    view = enc.view_for(enc.combatants["red-1"])
    plan = Skirmisher().plan(view)
    assert [a.action for a in acts_of(plan)] == ["heave"]
    lawful(view, plan)
    result = enc.run(until=0.9)
    heaves = [e for e in result.events if isinstance(e, Attack) and e.action == "heave"]
    assert heaves and heaves[0].hit and "boulder" in enc.combatants["red-1"].state.spent
