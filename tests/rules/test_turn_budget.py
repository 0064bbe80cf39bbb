"""A turn's plain budget (tactics/rulesets/mano_a_mano/turns.py · begin_turn) against
``state.budget_for``: for a fighter neither covering nor mounted, ``begin_turn`` hands back the
very budget ``budget_for`` gives, for every shipped sheet, health and posture, and marks where the
turn starts (000 · Rounds; DECISIONS · Time, Movement)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from tactics import load_character
from tactics.rulesets.mano_a_mano.state import FighterState, TurnBudget, budget_for
from tactics.rulesets.mano_a_mano.turns import begin_turn

ROOT = Path(__file__).resolve().parents[2]
SHEETS = sorted((ROOT / "assets/characters").glob("*.toml"))
FIELDS = ("allowed", "actions", "done_actions", "single", "walk_m", "swim_m", "air_m", "_speed",
          "_health", "_weapons")


def _fighter(ch, health: str, prone: bool) -> SimpleNamespace:
    return SimpleNamespace(state=FighterState.of(ch), able=True, sheet=ch, x=1.0, y=2.0, carrier=None,
                           standing=health, prone=prone)


def test_begin_turn_gives_budget_for_s_budget_for_every_sheet_health_and_posture():
    checked = 0
    for path in SHEETS:
        ch = load_character(path)
        if ch.qualities or ch.speed <= 0.5:
            continue  # mounts and slow fighters take the opening budget's way, budget_for itself
        for health in ("healthy", "stunned", "wounded"):
            for prone in (False, True):
                c = _fighter(ch, health, prone)
                got = begin_turn(None, c, 0, 0)
                want = budget_for(ch, FighterState.of(ch), health, prone)
                assert type(got) is TurnBudget
                assert [getattr(got, f) for f in FIELDS] == [getattr(want, f) for f in FIELDS], (path.stem, health, prone)
                assert c.state.turn_start == (1.0, 2.0)
                checked += 1
    assert checked >= 30
