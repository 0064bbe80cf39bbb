"""The trip is weighed before the rules are asked: the answers are those of the rule as written.

:func:`~tactics.ai.mano_a_mano.trips.trip_plan` looks at the trip's value
first and asks the rules (and looks for riders) only when the trip would pay;
every test must pass either way, so its answers are those of "trip when
:func:`trip_value` allows it, its chance is fair and its value beats the
alternative".
"""

from __future__ import annotations

from tactics import Encounter
from tactics.ai.mano_a_mano.trips import MIN_P, _ally_gain, trip_plan, trip_value
from tactics.dice import ScriptedDice
from tactics.map import TacticalMap
from tactics.sim import Scripted
from tactics.sim.view import View

from ..sim.conftest import sheet

FLAT = ["." * 12] * 3


def _as_written(view, me, target, otherwise, for_allies=False):
    got = trip_value(view, me, target)
    if got is None:
        return None
    e, value = got
    if e.p < MIN_P or value <= otherwise:
        return None
    if for_allies and _ally_gain(view, me, target) <= 0:
        return None
    return e.act(target)


def test_trip_plan_gives_the_answers_of_the_rule_as_written():
    answers = set()
    for mine, theirs in (("climber", "archer"), ("steven", "clone"), ("grappler", "steven"), ("climber", "clone")):
        for change in (None, "prone", "rider", "injured", "ally"):
            enc = Encounter(TacticalMap.from_grid(FLAT), dice=ScriptedDice([]))
            enc.add(sheet(mine) if mine != "steven" else sheet(), "red", at=(3.0, 3.0), policy=Scripted([]))
            enc.add(sheet(theirs) if theirs != "steven" else sheet(), "blue", at=(5.0, 3.0), policy=Scripted([]))
            if change == "ally":
                enc.add(sheet(), "red", at=(5.0, 5.0), policy=Scripted([]))
            blue = enc.combatants["blue-1"]
            if change == "prone":
                blue.prone = True
            elif change == "rider":
                blue.carrier = "red-1"
            elif change == "injured":
                enc.combatants["red-1"].standing = "injured"
            view = View(enc, enc.combatants["red-1"])
            me, target = view.me, view.unit("blue-1")
            for otherwise in (0.0, 1.0, 2.5, 6.0):
                for for_allies in (False, True):
                    got = trip_plan(view, me, target, otherwise, for_allies)
                    want = _as_written(view, me, target, otherwise, for_allies)
                    assert (None if got is None else got.steps[0]) == want, (mine, theirs, change, otherwise)
                    answers.add(want is not None)
    assert answers == {True, False}  # some trips pay and some do not
