"""The search planner: one policy for every ruleset, through the seam (``policy="planner"``).

:mod:`.board` reads the odds both ways, :mod:`.value` weighs a plan by
expectimax over its chance outcomes and the reply, :mod:`.policy` gathers
the candidates and chooses. See ``docs/ai.md`` § The planner.
"""

from __future__ import annotations

from tactics.ai.planner.policy import Planner
from tactics.ai.planner.value import Weights

POLICIES: dict[str, type] = {"planner": Planner}

__all__ = ["Planner", "Weights", "POLICIES"]
