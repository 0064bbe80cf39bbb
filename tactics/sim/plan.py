"""The plan vocabulary (:class:`Plan`, :class:`MoveTo`, :class:`Act`), shared with the rulesets.

Defined in :mod:`tactics.rules.plan` so a ruleset can name the action an
estimate recommends; the engine and policies import it from here as before.
"""

from __future__ import annotations

from tactics.rules.plan import WAIT, Act, MoveTo, Plan

__all__ = ["WAIT", "Act", "MoveTo", "Plan"]
