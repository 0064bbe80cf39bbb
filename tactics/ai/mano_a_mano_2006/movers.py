"""The safe mover of a 2006 sheet: plans only the jumps and climbs it surely makes.

The generic team fields and routes (:mod:`tactics.ai.fields`) plan with it
(``SAFE_MOVERS``, registered in :mod:`tactics.ai`). A turn moves HP/round ×
stride metres; the longest jump is that with a running start and half
without, and within 1 m of the limit it asks a roll (docs/rules-2006.md ·
Movement). Planning only jumps safe *without* a running start and with no
roll, and only climbs no harder than the sheet's climbing ability, keeps
fighters out of ravines::

    >>> from tactics.rulesets.mano_a_mano_2006.sheet import sheet_from_dict
    >>> m = safe_mover(sheet_from_dict({"name": "C", "abilities": {"running": 1, "climbing": 1}}))
    >>> m.running, m.max_jump_m, sorted(m.climb_surfaces)
    (2.0, 0.0, ['ladder', 'pole', 'rope', 'steep-slope'])
"""

from __future__ import annotations

from typing import Any

from tactics.map import Mover
from tactics.map.terrain import CLIMB_DIFFICULTY as MAP_SURFACES
from tactics.rulesets.mano_a_mano_2006.moving import CLIMB_DIFFICULTY, jump_limits, stride

ALIASES = {"steep-slope": "slope", "handholds": "hand holds", "fingerholds": "finger holds"}
"""The map's surface names that the 2006 table spells otherwise."""


def safe_mover(sheet: Any, cell_size: float = 2.0) -> Mover:
    """A :class:`Mover` with the sheet's turn of movement and only the jumps and climbs it surely makes."""
    walk = sheet.hp_per_round * sheet.stride
    standing, _ = jump_limits(walk, False)
    gap = standing - 1.01
    if gap + cell_size > walk:
        gap = walk - cell_size - 0.01
    gap = max(0.0, gap)
    climbing = sheet.ability("climbing")
    surfaces = frozenset(s for s in MAP_SURFACES if CLIMB_DIFFICULTY.get(ALIASES.get(s, s), 2) <= climbing)
    swim = sheet.hp_per_round * stride(sheet.ability("swimming"))
    return Mover(running=walk, swimming=swim, max_jump_m=gap, max_jump_height_m=max(0.0, gap / 2 - 0.01),
                 climb_surfaces=surfaces)


__all__ = ["safe_mover"]
