"""The SimPy engine: encounters, combatants, turns, reactions, the recorder.

    >>> from tactics.sim import Encounter, Plan, MoveTo, Act
"""

from __future__ import annotations

from tactics.sim.encounter import Encounter, Options
from tactics.sim.plan import WAIT, Act, MoveTo, Plan
from tactics.sim.policy import Advance, Passive, Policy, Scripted, resolve_policy
from tactics.sim.result import Result
from tactics.sim.view import UnitView, View

__all__ = ["Encounter", "Options", "Plan", "MoveTo", "Act", "WAIT", "Policy", "Advance", "Passive",
           "Scripted", "Result", "View", "UnitView", "resolve_policy"]
