"""The d100-opposed (003) policies: they read that ruleset's target numbers and closed-form odds.

    >>> from tactics.ai.d100_opposed import POLICIES
    >>> sorted(POLICIES)
    ['civilian', 'gunner', 'melee', 'sniper']

One idea a module: :mod:`.odds` (one attack's numbers from any spot, in
standing or prone), :mod:`.spots` (where it could stand this phase: cost, light,
sight), :mod:`.tactician` (scoring every spot and action by the odds),
:mod:`.policies` (the named policies). See ``docs/rules-d100.md`` § The AI.
"""

from __future__ import annotations

from tactics.ai.d100_opposed.policies import POLICIES, Civilian, Gunner, Melee, Sniper
from tactics.ai.d100_opposed.tactician import Tactician

__all__ = ["POLICIES", "Tactician", "Gunner", "Sniper", "Melee", "Civilian"]
