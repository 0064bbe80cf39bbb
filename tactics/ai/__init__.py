"""AI policies: each reads a read-only view and returns a plan with a one-line reason.

Policies are kept by ruleset: those that read one combat system's odds and
rule state live in ``tactics/ai/<ruleset>/``; the plumbing every policy
shares — team fields, routes, approach, target focus, reactions — is generic
and lives here, one idea a module (:mod:`.fields`, :mod:`.routes`,
:mod:`.approach`, :mod:`.targets`, :mod:`.reactions`)::

    >>> from tactics.ai import POLICIES, policies_for
    >>> sorted(POLICIES)
    ['d100-opposed', 'fudge-opposed', 'mano-a-mano', 'mano-a-mano-2006']
    >>> sorted(policies_for("mano-a-mano"))                # doctest: +NORMALIZE_WHITESPACE
    ['advance', 'archer', 'brawler', 'brawler-nocharge', 'cautious', 'flyer', 'grappler', 'mount', 'planner',
     'rider', 'skirmisher', 'sniper', 'wingman']
    >>> enc.add(steven, team="red", policy="brawler")      # doctest: +SKIP

The engine resolves a policy name through :func:`policies_for` of its
ruleset (name -> class with a no-argument constructor). See ``docs/ai.md``
for how each decides.

The generic planner asks a ruleset's policies for plans (its *advisors*) in
the order :func:`advisor_order` gives: those the ruleset's AI package puts
first for the fighter deciding (its hook in :data:`ADVISORS`, which reads
the fighter through the view), then the rest in the registry's order. A
ruleset with no hook keeps the registry's order::

    >>> advisor_order("mano-a-mano", view=None) == list(policies_for("mano-a-mano"))
    True

Old callers: :data:`FLAT_POLICIES` is the one flat ``name -> class`` view
the package offered before policies were kept by ruleset (the default
ruleset's policies, then the generic ones); read :func:`policies_for` instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tactics.ai import d100_opposed, fudge_opposed, mano_a_mano, mano_a_mano_2006, planner

GENERIC_POLICIES: dict[str, type] = dict(planner.POLICIES)
"""Policies that work with any ruleset (they read only the view and ``view.estimates``): the planner."""

POLICIES: dict[str, dict[str, type]] = {
    "mano-a-mano": mano_a_mano.POLICIES,
    "d100-opposed": d100_opposed.POLICIES,
    "fudge-opposed": fudge_opposed.POLICIES,
    "mano-a-mano-2006": mano_a_mano_2006.POLICIES,
}
"""Ruleset name -> that ruleset's own policies (name -> class)."""

DEFAULT_RULESET = "mano-a-mano"


def policies_for(ruleset_name: str) -> dict[str, type]:
    """Every policy a fight under ``ruleset_name`` may use: the ruleset's own first, then the generic
    ones it does not override (a new dict; an unknown ruleset gets the generic ones only)."""
    out = dict(POLICIES.get(ruleset_name, {}))
    for name, cls in GENERIC_POLICIES.items():
        out.setdefault(name, cls)
    return out


ADVISORS: dict[str, Callable[[Any], Sequence[str]]] = {
    "mano-a-mano-2006": mano_a_mano_2006.advisor_order,
}
"""Ruleset name -> its AI package's hook: ``hook(view)`` names the policies to ask first for the fighter
deciding (``view.me``), in that order (a 2006 fighter in heavy armour: the guard; another: its sheet's own
policy; :mod:`tactics.ai.mano_a_mano_2006.order`)."""


def advisor_order(ruleset_name: str, view: Any) -> list[str]:
    """Every policy name of :func:`policies_for` in the order the planner asks them: the ones the
    ruleset's hook (:data:`ADVISORS`) puts first for ``view.me``, then the others in the registry's order
    (no hook: the registry's order; a name the hook gives that is no policy of the ruleset is left out)."""
    names = list(policies_for(ruleset_name))
    hook = ADVISORS.get(ruleset_name)
    first = [n for n in dict.fromkeys(hook(view) if hook is not None else ()) if n in names]
    return first + [n for n in names if n not in first]


FLAT_POLICIES: dict[str, type] = policies_for(DEFAULT_RULESET)
"""The flat ``name -> class`` view of the default ruleset, for callers written before :data:`POLICIES`
was kept by ruleset (``tactics.cli``, ``tactics.scenario``); new code calls :func:`policies_for`."""

__all__ = ["POLICIES", "GENERIC_POLICIES", "FLAT_POLICIES", "DEFAULT_RULESET", "ADVISORS", "policies_for",
           "advisor_order"]
