"""The sniper drops prone to shoot while no walker can reach it, and stands when one can (issue #12:
``drop``; 000 · Stance and Position · On the Ground). Each choice is lawful."""

from __future__ import annotations

from tactics import Encounter
from tactics.ai.mano_a_mano.sniper import Sniper
from tactics.dice import ScriptedDice
from tactics.map import TacticalMap
from tactics.sim import Act

from ..sim.conftest import sheet


def duel(foe: str, gap: float):
    enc = Encounter(TacticalMap.from_grid(["." * 60] * 9), dice=ScriptedDice([15] * 40))
    a = enc.add(sheet("archer"), "red", at=(2.0, 4.0), policy="passive")
    enc.add(sheet(foe), "blue", at=(2.0 + gap, 4.0), policy="passive")
    return enc, lambda: enc.view_for(enc.combatants[a.id])


def actions(view, plan) -> list[str]:
    acts = [s for s in plan.steps if isinstance(s, Act)]
    for a in acts:
        assert view.refusal(a) is None, (a, view.refusal(a))
    return [a.action for a in acts]


def test_a_sniper_no_walker_can_reach_drops_prone_then_shoots_from_the_ground():
    enc, view = duel("archer", 40.0)
    assert actions(view(), Sniper().plan(view())) == ["drop"]
    enc.combatants["red-1"].prone = True
    plan = Sniper().plan(view())
    got = actions(view(), plan)
    assert got and got[0] in ("draw", "aim", "draw and fire", "quick shot"), got
    assert not any(a in ("strategic shot", "cautious shot", "stand") for a in got)
    assert plan.reason.startswith("prone:")


def test_a_prone_sniper_a_brawler_can_reach_next_turn_stands_and_a_standing_one_does_not_drop():
    enc, view = duel("steven", 6.0)
    assert "drop" not in actions(view(), Sniper().plan(view()))
    enc.combatants["red-1"].prone = True
    assert actions(view(), Sniper().plan(view()))[0] in ("stand", "instant stand")


def test_a_butts_fight_sees_snipers_drop_and_is_lawful():
    from tactics.replay.schema import Say
    from tactics.scenario import load_scenario, shipped_encounters
    result = load_scenario(shipped_encounters()["butts"]).run(seed=1)
    said = [e.text for e in result.events if isinstance(e, Say)]
    assert any(t.startswith("dropping prone") for t in said)
    assert not any(t.startswith("refused") for t in said)
