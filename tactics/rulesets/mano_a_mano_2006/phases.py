"""Phases 1 and 2 of a turn for a fighter who keeps no hold, kept by the numbers they read.

A turn opens with one stun point back to other, then up to HP/round points
readied, from other beyond the gear's points, then from defense
(DECISIONS-2006 · Hit points and pools; 001 · Hit Points · Ready, Other
Used). With no hold kept, nothing else happens before the ready points are
counted, and the answer (the ``Harm`` effects, the ready points, whether the
fighter acts) is a pure function of the five pools, HP/round and the points
kept in other. A long duel opens a turn from the same few pools again and
again: the answers are kept in a small bounded memo of plain numbers and
strings, and every call gets fresh ``Harm`` effects::

    >>> effects, ready, acting = opening("clone", {"ready": 0, "defense": 6}, per_round=3, keep=0)
    >>> [(e.changes, e.source) for e in effects], ready, acting
    ([({'ready': 3, 'defense': -3}, 'phase 2: readies 3 from defense')], 3, True)
"""

from __future__ import annotations

from collections.abc import Mapping

from tactics.rules.effects import Harm

from .ledger import Ledger, from_pools
from .pools import Pools, phase_two, pool_values, standing

OPENING_MEMORY = 4_096
"""How many openings are kept (all forgotten when full)."""
_OPENINGS: dict[tuple, tuple[tuple[tuple[dict[str, int], str], ...], int, bool]] = {}
"""Pure answers only: plain numbers in, the effects' changes and sources out (copied on each use)."""


def _worked_out(pools: Pools, per_round: int, keep: int) -> tuple[tuple[tuple[dict[str, int], str], ...], int, bool]:
    led = Ledger({"": pools})
    if pools.stun:
        led.move("", {"stun": -1, "other": 1}, "phase 1: recovers a stun point")
    p = led.pools("")
    acting = standing(p) == "fighting"
    if acting:
        changes = p.changes_to(phase_two(p, per_round, keep))
        if changes:
            kept = min(p.other, keep)
            words = f"; keeps {kept} in other for gear and holds" if kept else ""
            led.move("", changes, f"phase 2: readies {from_pools(changes)}{words}")
    return tuple((e.changes, e.source) for e in led.effects), led.pools("").ready, acting


def opening(uid: str, tracks: Mapping[str, int], per_round: int, keep: int) -> tuple[list[Harm], int, bool]:
    """``(effects, ready, acting)`` of phases 1 and 2 for ``uid`` (who keeps no hold): the ``Harm``
    effects to apply, the ready points after them, and whether the fighter acts at all."""
    try:
        key = (pool_values(tracks), per_round, keep)
    except KeyError:
        get = tracks.get
        key = ((get("ready", 0), get("defense", 0), get("other", 0), get("stun", 0), get("damage", 0)), per_round, keep)
    got = _OPENINGS.get(key)
    if got is None:
        if len(_OPENINGS) >= OPENING_MEMORY:
            _OPENINGS.clear()
        got = _OPENINGS[key] = _worked_out(Pools.from_tracks(tracks), per_round, keep)
    specs, ready, acting = got
    return [Harm(uid, dict(changes), source) for changes, source in specs], ready, acting


__all__ = ["OPENING_MEMORY", "opening"]
