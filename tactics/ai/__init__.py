"""AI policies: each reads a read-only view and returns a plan with a one-line reason.

    >>> from tactics.ai import POLICIES
    >>> sorted(POLICIES)                                   # doctest: +NORMALIZE_WHITESPACE
    ['archer', 'brawler', 'brawler-nocharge', 'cautious', 'flyer', 'grappler', 'skirmisher']
    >>> enc.add(steven, team="red", policy="brawler")      # doctest: +SKIP

The engine resolves a policy name through :data:`POLICIES` (name -> class
with a no-argument constructor). See ``docs/ai.md`` for how each decides.
"""

from __future__ import annotations

from tactics.ai.archer import Archer
from tactics.ai.brawler import Brawler, NoChargeBrawler
from tactics.ai.cautious import Cautious
from tactics.ai.flyer import Flyer
from tactics.ai.grappler import Grappler
from tactics.ai.skirmisher import Skirmisher

POLICIES: dict[str, type] = {
    "brawler": Brawler,
    "brawler-nocharge": NoChargeBrawler,
    "archer": Archer,
    "skirmisher": Skirmisher,
    "grappler": Grappler,
    "flyer": Flyer,
    "cautious": Cautious,
}

__all__ = ["POLICIES", "Brawler", "NoChargeBrawler", "Archer", "Skirmisher", "Grappler", "Flyer", "Cautious"]
