"""The fudge-opposed policies: they read that ruleset's odds (closed form), statuses and group attacks.

    >>> from tactics.ai.fudge_opposed import POLICIES
    >>> sorted(POLICIES)
    ['duelist', 'marksman', 'sneak', 'trooper', 'wrestler']

One module a policy (:mod:`.trooper`, :mod:`.duelist`, :mod:`.wrestler`,
:mod:`.sneak`, :mod:`.marksman`); what they share: :mod:`.odds` (an attack's
odds and expected harm from any distance, pooled attacks, incoming threat),
:mod:`.melee` (a hand-to-hand turn weighed in hit points), :mod:`.common`
(the base class: pins, jams, the let-go window, walking in, standing off).
Every reason carries the choice's odds and worth and the two best others.
See ``docs/ai.md`` and ``docs/rules-fudge.md``.
"""

from __future__ import annotations

from tactics.ai.fudge_opposed.duelist import Duelist
from tactics.ai.fudge_opposed.marksman import Marksman
from tactics.ai.fudge_opposed.sneak import Sneak
from tactics.ai.fudge_opposed.trooper import Trooper
from tactics.ai.fudge_opposed.wrestler import Wrestler

POLICIES: dict[str, type] = {
    "trooper": Trooper,
    "duelist": Duelist,
    "wrestler": Wrestler,
    "sneak": Sneak,
    "marksman": Marksman,
}
"""Policy name -> class with a no-argument constructor."""

__all__ = ["POLICIES", "Trooper", "Duelist", "Wrestler", "Sneak", "Marksman"]
