"""The wingman delays its turn until just after a leading ally's, to close in behind it (issue #12:
``delay``; 000 · Rounds); ``View.turn_order`` shows the schedule's order, delays included."""

from __future__ import annotations

from tactics import Encounter
from tactics.ai.mano_a_mano.formation import Wingman
from tactics.dice import ScriptedDice
from tactics.map import TacticalMap
from tactics.replay.schema import Say
from tactics.sim import Act
from tactics.sim.policy import Scripted

from ..sim.conftest import sheet

FIELD = ["." * 60] * 9


def lined_up(ally_at: float):
    """A wingman (first in the order) at x=2, a grappler ally at ``ally_at``, a foe far east."""
    enc = Encounter(TacticalMap.from_grid(FIELD), dice=ScriptedDice([10] * 200))
    me = enc.add(sheet("swashbuckler"), "red", at=(2.0, 4.0), policy="wingman")
    enc.add(sheet("grappler"), "red", at=(ally_at, 4.0), policy=Scripted([]))
    enc.add(sheet("knight"), "blue", at=(50.0, 4.0), policy=Scripted([]))
    return enc, enc.view_for(enc.combatants[me.id])


def test_a_wingman_delays_until_after_an_ally_nearer_the_enemy_and_the_order_shows_it():
    enc, view = lined_up(6.0)
    assert view.turn_order() == ["red-1", "red-2", "blue-1"]
    plan = Wingman().plan(view)
    assert [s for s in plan.steps if isinstance(s, Act)] == [Act("delay", target="red-2")]
    assert view.refusal(plan.steps[0]) is None
    result = enc.run(until=2.5)
    said = [e.text for e in result.events if isinstance(e, Say) and e.who == "red-1"]
    assert said[0].startswith("delaying until after Grappler's turn")
    assert not any(t.startswith("refused") for t in said)
    assert view.turn_order() == ["red-2", "red-1", "blue-1"]
    assert sum(t.startswith("delaying") for t in said) == 1   # just after the ally now: never again


def test_a_wingman_level_with_its_ally_or_alone_plays_the_brawler():
    enc, view = lined_up(2.0 + 0.5)      # the ally is no nearer the enemy
    assert not any(isinstance(s, Act) and s.action == "delay" for s in Wingman().plan(view).steps)
    enc, view = lined_up(20.0)           # too far off to move in formation with
    assert not any(isinstance(s, Act) and s.action == "delay" for s in Wingman().plan(view).steps)
