"""The safe mover of a d100 sheet: plans only moves that need no test and cannot be refused.

A d100 jump reaches ``walk`` metres with a 2 m running start and half that
without, and within 1 m of its limit asks a Freerunning test; every climb
phase asks a Climbing test and a failure is a fall (DECISIONS-d100 ·
Movement on the map). The policies' spots and the generic team fields
(:mod:`tactics.ai.fields`, ``SAFE_MOVERS``) plan with a mover that jumps
only gaps it clears without a run and outside the test margin, steps up
nothing a jump is needed for, and climbs nothing::

    >>> from tactics.rulesets.d100_opposed.sheet import load_sheet
    >>> m = safe_mover(load_sheet("assets/characters/d100/gunner.toml"))
    >>> m.running, m.max_jump_m, m.max_jump_height_m, sorted(m.climb_surfaces)
    (20.0, 0.99, 0.0, [])
"""

from __future__ import annotations

from typing import Any

from tactics.map import Mover

TEST_MARGIN_M = 1.01
"""A jump within 1 m of its limit asks a Freerunning test: stay a hair outside."""
SAFE_DROP_M = 2.9
"""Falls under 3 m do no damage (DECISIONS-d100 · Movement on the map)."""


def safe_mover(sheet: Any, cell_size: float = 2.0) -> Mover:
    """The :class:`Mover` the d100 policies plan with (per phase: ``run / Speed`` metres)."""
    s = max(1, int(sheet.speed))
    return Mover(running=sheet.run / s, swimming=sheet.swim_value / s, airspeed=sheet.airspeed / s,
                 climb_surfaces=frozenset(), max_jump_m=max(0.0, round(sheet.walk / 2 - TEST_MARGIN_M, 2)),
                 max_jump_height_m=0.0, max_drop_m=SAFE_DROP_M)


__all__ = ["safe_mover"]
