"""The replay's records mirror the rules' records field for field.

The replay layer may not import the rules (DESIGN · Layers), so a roll and a
presentation are declared twice: once where rulesets make them
(``tactics.rules.records``), once where the replay reads them
(``tactics.replay.schema``). The engine converts one into the other by
position, so the two must never drift.
"""

from __future__ import annotations

import msgspec
import pytest

from tactics.replay import schema as rep
from tactics.rules import records as rules
from tactics.sim.apply import rollrec

PAIRS = [(rules.Roll, rep.RollRec), (rules.Track, rep.TrackInfo), (rules.Standing, rep.StandingInfo),
         (rules.Bar, rep.BarInfo), (rules.StatusInfo, rep.StatusIcon), (rules.Presentation, rep.Presentation)]


@pytest.mark.parametrize("ours,theirs", PAIRS, ids=[p[1].__name__ for p in PAIRS])
def test_the_replay_declares_the_same_fields_in_the_same_order_with_the_same_defaults(ours, theirs):
    a, b = msgspec.structs.fields(ours), msgspec.structs.fields(theirs)
    assert [(f.name, f.default) for f in a] == [(f.name, f.default) for f in b]


def test_a_roll_converts_to_the_replay_and_back_unchanged():
    vs = rules.Roll(dice="d100", faces=[61], total=61, success=False, mode="under", target=20,
                    target_mods=[("Fray", 40), ("half Fray at range", -20)])
    roll = rules.Roll(dice="d100", faces=[37], total=37, success=True, mode="under", target=55, vs=vs,
                      vs_who="blue-1", margin=37, tags=["critical"])
    rec = rollrec(roll)
    assert msgspec.to_builtins(rec) == msgspec.to_builtins(roll)
    assert msgspec.convert(msgspec.to_builtins(rec), rules.Roll) == roll
