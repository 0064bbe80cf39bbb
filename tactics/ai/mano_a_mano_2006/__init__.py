"""The Mano a Mano 2006 policies: they spend hit points moved between pools (001 · Hit Points).

    >>> from tactics.ai.mano_a_mano_2006 import POLICIES
    >>> sorted(POLICIES)
    ['duelist', 'guard', 'wrestler']

Each turn a policy splits its ready points between an attack's modifier
(into defense), power or manipulation (into other), movement (into
defense), evasion, and points kept ready; and answers the ruleset's
``defend`` and ``interfere`` windows (all ready into defense, a parry, a
counter, an interfering strike). :mod:`.odds` weighs a split (harm it should
deal against harm it should take), :mod:`.windows` the answers,
:mod:`.duelist` and :mod:`.wrestler` are the policies, and :mod:`.order` tells
the generic planner which of them to ask first for a fighter
(:func:`advisor_order`, the hook of :data:`tactics.ai.ADVISORS`). Every
plan's reason gives its odds and the next best options weighed. See
``docs/ai.md`` and ``docs/rules-2006.md``.
"""

from __future__ import annotations

from tactics.ai.mano_a_mano_2006.duelist import Duelist, Guard
from tactics.ai.mano_a_mano_2006.order import advisor_order
from tactics.ai.mano_a_mano_2006.wrestler import Wrestler

POLICIES: dict[str, type] = {
    "duelist": Duelist,
    "wrestler": Wrestler,
    "guard": Guard,
}
"""Policy name -> class with a no-argument constructor (``duelist`` is the default)."""

DEFAULT_POLICY = "duelist"

__all__ = ["POLICIES", "DEFAULT_POLICY", "Duelist", "Guard", "Wrestler", "advisor_order"]
