"""The experiments, with fewer fights (the full 200 are in docs/ai.md): the rules matter."""

from __future__ import annotations

import pytest

from tactics.ai.mano_a_mano.experiments import report, run


@pytest.mark.slow
def test_charging_wins_and_high_ground_helps_archers():
    summary = run(fights=40, workers=1)
    text = report(summary)
    c = summary["charge"]
    assert c["charges"] > 0 and c["rate"] > 0.55, text
    tower, arena = summary["archers-tower"]["rate"], summary["archers-arena"]["rate"]
    assert tower > arena, text
