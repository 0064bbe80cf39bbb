"""Which of the 2006 policies the generic planner asks first, for one fighter (its ``advisor_order`` hook).

    >>> from types import SimpleNamespace
    >>> from tactics.rulesets.mano_a_mano_2006.sheet import sheet_from_dict
    >>> def fighter(*armor, ai=""):
    ...     return SimpleNamespace(me=SimpleNamespace(sheet=sheet_from_dict({"name": "F", "ai": ai,
    ...         "abilities": {"swimming": 3, "climbing": 3}, "armor": list(armor)})))
    >>> advisor_order(fighter({"name": "mail shirt", "cover": 3, "absorption": 2}, ai="duelist"))
    ('guard',)
    >>> advisor_order(fighter({"name": "leather jerkin", "cover": 2, "absorption": 1}, ai="duelist"))
    ('duelist',)
    >>> advisor_order(fighter(ai="wrestler"))
    ('wrestler',)
    >>> advisor_order(fighter())
    ()

The planner (``tactics/ai/planner/``) weighs every advisor's plan and plays
the best, but two plans of nearly the same value tie more often than one
would think under these rules: its value reads each split of ready points
through the ruleset's estimates, which see the blow and the exposure a
split leaves, not how long a fighter lasts. A tie goes to the advisor asked
earlier, and before any plan has been played the reaction windows (a parry,
a counter, all ready points into defense) go to the first advisor too. So
the order is a choice, made here where the rules are known:

* a fighter whose best armour absorbs :data:`GUARD_ABSORPTION` or more
  (001 · Armor and Weapons · Armor: a blow that gets through its cover
  loses that much power) asks the ``guard`` first — points kept back make
  the blows that still land weaker again, so holding back pays for it
  (on ``melee2006`` the mailed swordsman and the shield bearer);
* every other fighter asks first the policy its sheet names for itself
  (the sheet's ``ai``, the policy it plays when a fight names none): the
  wrestler's holds and chokes, the archer's and Modre's duelist — an archer
  in a jerkin that holds back only gives its enemies time (issue 17's
  eleventh round, ``docs/ai.md`` § The planner). A sheet that names none
  keeps the registry's order (``duelist``, ``wrestler``, ``guard``).

The hook reads only the fighter's sheet, through the view; a name that is no
policy of the ruleset is left out by :func:`tactics.ai.advisor_order`.
"""

from __future__ import annotations

from typing import Any

from tactics.rulesets.mano_a_mano_2006.fighters import sheet_of

GUARD_ABSORPTION = 2
"""The absorption of a fighter's best piece of armour from which the guard is asked first."""


def best_absorption(unit: Any) -> int:
    """The absorption of ``unit``'s best piece of armour (only equipment with cover is armour; 0: none)."""
    return max((a.absorption for a in sheet_of(unit).armor if a.cover > 0), default=0)


def advisor_order(view: Any) -> tuple[str, ...]:
    """The policies the planner asks first for the fighter deciding (``view.me``), in that order; the
    others follow in the registry's order."""
    if best_absorption(view.me) >= GUARD_ABSORPTION:
        return ("guard",)
    own = sheet_of(view.me).ai
    return (own,) if own else ()


__all__ = ["GUARD_ABSORPTION", "advisor_order", "best_absorption"]
