"""The AI's view of an attack: chances on two d6, expected harm, progress toward "out".

Chances count the 36 pairs of faces, 6 against 1 always succeeding and 1
against 6 always failing (DECISIONS-2006 · Rolls). Modre's first swing,
+3 against the clone's +6 (001 · Combat Example, step 3)::

    >>> p, half = chances(3, 6)
    >>> round(p, 3), round(half, 3)
    (0.083, 0.083)
    >>> chances(0, 0)
    (0.4166666666666667, 0.16666666666666666)

Progress weighs damage twice as much as stun, over twice the target's HP::

    >>> progress_of(stun=2, damage=2, hp=6)
    0.5
"""

from __future__ import annotations

from typing import Any

from tactics.rules.protocol import Estimate

from .attack import points_of, within
from .contest import FAILURE, HALF, SUCCESS, outcome
from .fighters import best_defense, sheet_of, state_of, weapons_in_hand
from .harm import split_harm
from .ledger import pools_of


def _count(diff: int) -> tuple[float, float]:
    counts = {SUCCESS: 0, HALF: 0, FAILURE: 0}
    for a in range(1, 7):
        for d in range(1, 7):
            counts[outcome(a, diff, d, 0)] += 1
    return counts[SUCCESS] / 36, counts[HALF] / 36


_SPREAD = 7
"""Beyond a difference of 5 only the 6-against-1 and 1-against-6 faces decide: the table stops at ±7."""
CHANCES: dict[int, tuple[float, float]] = {diff: _count(diff) for diff in range(-_SPREAD, _SPREAD + 1)}
"""``(P(success), P(half))`` by attack modifier minus defense modifier, counted once at import."""


def chances(attack_mod: int, defense_mod: int) -> tuple[float, float]:
    """``(P(success), P(half))`` of d6 + ``attack_mod`` against d6 + ``defense_mod`` (only their
    difference counts: a table read, :data:`CHANCES`)."""
    return CHANCES[max(-_SPREAD, min(_SPREAD, attack_mod - defense_mod))]


def progress_of(stun: float, damage: float, hp: int) -> float:
    """A step toward "out" (all HP damaged), stun counting half. (DECISIONS-2006 · Hit points and pools)"""
    return min(1.0, (stun + 2 * damage) / (2 * max(1, hp)))


def defense_of(unit: Any, shift: int = 0) -> int:
    """The modifier ``unit`` defends with now: its defense and ready points, its best defending weapon,
    evasion's +2 (001 · Hit Points; 001 · Maneuvering · Evasion), ``shift`` more."""
    p = pools_of(unit)
    return p.defense + p.ready + best_defense(unit).defense + (2 if state_of(unit).evading else 0) + shift


def split_estimate(unit: Any, target: Any, w: Any, action: str, pts: dict[str, int], defense: int) -> Estimate:
    """The estimate of one attack with ``w`` and the split ``pts`` against ``defense``."""
    ts = sheet_of(target)
    p_full, p_half = chances(w.attack + pts["modifier"], defense)
    stun, dmg = split_harm(w.power + pts["power"], ts.absorption, w.sharpness)
    e_stun = p_full * stun + p_half * (stun // 2)
    e_dmg = p_full * dmg + p_half * (dmg // 2)
    p = p_full + p_half
    step = progress_of(e_stun, e_dmg, ts.max_hp) / p if p else 0.0
    return Estimate(action, w.name, p, e_stun + e_dmg, step,
                    dict(action=action, target=target.id, weapon=w.name, options=pts),
                    note=f"{pts['modifier']} to the modifier, {pts['power']} to power")


def ready_of(unit: Any) -> int:
    """The points ``unit`` may spend on an attack (its ready pool, or what phase 2 will bring)."""
    mine = pools_of(unit)
    return mine.ready or min(mine.available, sheet_of(unit).hp_per_round)


def estimates(world: Any, unit: Any, target: Any) -> list[Estimate]:
    """Attacks ``unit`` could make on ``target`` from where it stands, best first; ``act`` is a plain
    dict ``{action, target, weapon, options}`` for the engine to turn into its ``Act``."""
    ready = ready_of(unit)
    if ready <= 0:
        return []
    defense = defense_of(target)
    out = []
    for w in weapons_in_hand(unit):
        action = "shoot" if w.is_missile else "attack"
        if not within(world, unit, target, w):
            continue
        out.append(split_estimate(unit, target, w, action, points_of(action, None, ready), defense))
    out.sort(key=lambda e: -e.value)
    return out


__all__ = ["CHANCES", "chances", "progress_of", "estimates", "defense_of", "split_estimate", "ready_of"]
