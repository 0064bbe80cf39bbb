"""The safe mover of a Mano a Mano sheet: plans only the jumps and climbs it surely makes.

The generic team fields and routes (:mod:`tactics.ai.fields`) plan with it;
this module is the one they look up for this ruleset (``SAFE_MOVERS``)::

    >>> m = safe_mover(load_character("assets/characters/steven.toml"))   # doctest: +SKIP
    >>> m.max_jump_m < 2.0, "ladder" in m.climb_surfaces                   # doctest: +SKIP
    (True, True)
"""

from __future__ import annotations

from typing import Any

from tactics.map import CLIMB_DIFFICULTY, Mover


def safe_mover(ch: Any, cell_size: float = 2.0) -> Mover:
    """A :class:`Mover` that only plans jumps the character surely makes.

    The engine refuses or risks jumps the map's planner offers: a jump needs a
    running start (2 m straight, same turn) to reach its full length, a jump
    within 1 m of the limit asks an acrobatics roll (failure over a gap is a
    fall, DECISIONS · Jumping), and a jump leg spends its centre-to-centre
    length of movement. Planning only jumps that are safe *without* a running
    start — gap < running/2 − 1 and gap + one cell ≤ running; rise < running/4 − 1 —
    and only climbs that cannot fail (difficulty ≤ climbing ability: a ladder for
    anyone, a rope for a trained climber; a fall from 10 m is lethal) keeps units
    out of ravines and off ropes they would fall from.
    """
    r = float(ch.running)
    gap = r / 2 - 1.01
    if gap + cell_size > r:
        gap = r - cell_size - 0.01
    rise = r / 4 - 1.01
    # only faces it cannot fall from: climbing roll d20 + climbing > difficulty always succeeds
    surfaces = frozenset(sf for sf, diff in CLIMB_DIFFICULTY.items() if diff <= ch.ability("climbing"))
    return Mover.from_character(ch, max_jump_m=max(0.0, gap), max_jump_height_m=max(0.0, rise),
                                climb_surfaces=surfaces)


__all__ = ["safe_mover"]
