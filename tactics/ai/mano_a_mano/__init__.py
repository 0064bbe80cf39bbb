"""The Mano a Mano (000) policies: they read that ruleset's odds, stances and rule state.

    >>> from tactics.ai.mano_a_mano import POLICIES
    >>> sorted(POLICIES)                                   # doctest: +NORMALIZE_WHITESPACE
    ['advance', 'archer', 'brawler', 'brawler-nocharge', 'cautious', 'flyer', 'grappler', 'mount', 'rider',
     'skirmisher', 'sniper', 'wingman']

Each policy is a module of its own (:mod:`.brawler`, :mod:`.archer`, ...);
what they share is here too, one idea a module: :mod:`.odds` (one attack's
odds and expected harm), :mod:`.strikes` (the best hand-to-hand turn),
:mod:`.focus` (how worn an enemy is, for the team's focus), :mod:`.movers`
(the safe mover the generic team fields plan with), :mod:`.mounted` (riders and their mounts). The generic plumbing
(fields, routes, approach, targets, reactions) is :mod:`tactics.ai`'s.
See ``docs/ai.md`` for how each decides.
"""

from __future__ import annotations

from tactics.ai.mano_a_mano.advance import Advance
from tactics.ai.mano_a_mano.archer import Archer
from tactics.ai.mano_a_mano.brawler import Brawler, NoChargeBrawler
from tactics.ai.mano_a_mano.cautious import Cautious
from tactics.ai.mano_a_mano.flyer import Flyer
from tactics.ai.mano_a_mano.grappler import Grappler
from tactics.ai.mano_a_mano.mounted import Mount, Rider
from tactics.ai.mano_a_mano.skirmisher import Skirmisher
from tactics.ai.mano_a_mano.sniper import Sniper
from tactics.ai.mano_a_mano.formation import Wingman

POLICIES: dict[str, type] = {
    "advance": Advance,
    "brawler": Brawler,
    "brawler-nocharge": NoChargeBrawler,
    "archer": Archer,
    "skirmisher": Skirmisher,
    "grappler": Grappler,
    "flyer": Flyer,
    "cautious": Cautious,
    "rider": Rider,
    "mount": Mount,
    "sniper": Sniper,
    "wingman": Wingman,
}
"""Policy name -> class with a no-argument constructor."""

__all__ = ["POLICIES", "Advance", "Brawler", "NoChargeBrawler", "Archer", "Skirmisher", "Grappler", "Flyer",
           "Cautious", "Rider", "Mount", "Sniper", "Wingman"]
