"""Which encounters a league plays and which policies meet on each.

    >>> names = default_encounters()                 # every shipped encounter with two teams
    >>> "arena" in names and "squad" in names
    True
    >>> pick_policies(["arena"], None)["arena"][:3]
    ['advance', 'archer', 'brawler']

An encounter is a shipped name (``arena``) or a file path. The policies of
an encounter are those its ruleset offers (:func:`tactics.ai.policies_for`),
or, given ``--policies``, those of the list its ruleset knows; policies of
different rulesets never meet, so ratings are made per ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from tactics.errors import InputError


@lru_cache(maxsize=64)
def load(encounter: str) -> Any:
    """The :class:`~tactics.scenario.Scenario` of a shipped name or a path (InputError: one line)."""
    from tactics.scenario import load_scenario, shipped_encounters

    shipped = shipped_encounters()
    path = shipped.get(encounter)
    if path is None:
        path = Path(encounter)
        if not path.is_file():
            raise InputError("--encounters", encounter,
                             f"no such encounter; shipped: {', '.join(sorted(shipped))}, or an encounter file")
    sc = load_scenario(path)
    if len(sc.teams) != 2:
        raise InputError("--encounters", encounter, f"a league game needs two teams, it has {len(sc.teams)}")
    return sc


def ruleset_of(encounter: str) -> str:
    return str(load(encounter).ruleset)


def default_encounters() -> list[str]:
    """Every shipped encounter with exactly two teams, by name."""
    from tactics.scenario import load_scenario, shipped_encounters

    return [name for name, path in sorted(shipped_encounters().items()) if len(load_scenario(path).teams) == 2]


def pick_policies(encounters: Sequence[str], wanted: Sequence[str] | None) -> dict[str, list[str]]:
    """Encounter -> the policies that play it (sorted). A wanted name no chosen ruleset knows: InputError."""
    from tactics.ai import policies_for

    out: dict[str, list[str]] = {}
    known: set[str] = set()
    for enc in encounters:
        offered = sorted(policies_for(ruleset_of(enc)))
        known.update(offered)
        out[enc] = offered if wanted is None else [p for p in offered if p in set(wanted)]
    for name in wanted or ():
        if name not in known:
            raise InputError("--policies", name, f"unknown policy for the chosen encounters; known: {', '.join(sorted(known))}")
    return out


__all__ = ["load", "ruleset_of", "default_encounters", "pick_policies"]
