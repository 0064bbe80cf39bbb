"""The viewer draws any ruleset from the header's presentation: bars, badges, standings."""

from __future__ import annotations

import msgspec
import pytest

from tactics.replay import write_replay
from tactics.replay.schema import BarInfo, End, Harm, Presentation, StandingInfo, State, StatusIcon, TrackInfo
from tactics.viewer import Viewer, palette
from tactics.viewer.panels import _unit_lines
from tactics.viewer.units import POOL_COLOURS, badge_colour, bar_spec

from .viewer_replays import BLUE_START, header

HP = Presentation(
    tracks=[TrackInfo("hp", 10, "health", start=10)],
    standings=[StandingInfo("fighting", True), StandingInfo("down", False)],
    bar=BarInfo(["hp"], 10),
    statuses=[StatusIcon("winded", "wind", "winded"), StatusIcon("prepared", "parry", "parry ready", "parry")],
)
POOLS = Presentation(
    tracks=[TrackInfo("body", 4, "pool", start=4), TrackInfo("mind", 4, "pool", start=4)],
    standings=[StandingInfo("ok", True)],
    bar=BarInfo(["body", "mind"], 8, marks=[("half", 4)]),
)


def test_bar_specs_follow_the_track_roles():
    spec, segments = bar_spec(HP)
    assert segments == ("hp",) and spec.colours == (palette.HEALTH_OK,) and spec.rest == palette.HEALTH_BG
    spec, segments = bar_spec(POOLS)
    assert spec.colours == POOL_COLOURS[:2] and spec.marks == (4,) and spec.rest == palette.HEALTH_BG


def _count(v, colour, centre, half=30):
    return sum(1 for x in range(int(centre[0]) - half, int(centre[0]) + half)
               for y in range(int(centre[1]) - half, int(centre[1]) + half)
               if tuple(v.surface.get_at((x, y)))[:3] == colour)


@pytest.fixture
def v(tmp_path):
    h = header()
    roster = [msgspec.structs.replace(u, presentation=HP) for u in h.roster]
    events = [
        Harm(t=1.0, who="blue-1", changes={"hp": -6}, tracks={"hp": 4}, standing="fighting", source="cut"),
        State(t=1.5, who="blue-1", changes={"winded": True, "prepared": "parry"}),
        Harm(t=3.0, who="blue-1", changes={"hp": -4}, tracks={"hp": 0}, standing="down", source="cut"),
        End(t=4.0, winner="red", reason="blue is down"),
    ]
    path = write_replay(tmp_path / "hp.jsonl", msgspec.structs.replace(h, roster=roster), events)
    return Viewer(path, size=(900, 600))


def test_a_health_bar_empties_and_badges_show(v):
    v.zoom(3)
    v.seek(0.5)
    v.draw()
    pos = v.unit_screen_pos("blue-1")
    full = _count(v, palette.HEALTH_OK, pos)
    assert full > 0
    assert _count(v, badge_colour("wind"), pos, 60) == 0
    v.seek(2.0)
    v.draw()
    assert 0 < _count(v, palette.HEALTH_OK, pos) < full  # 4 of 10 hp left
    assert _count(v, badge_colour("wind"), pos, 60) > 20 and _count(v, badge_colour("parry"), pos, 60) > 20
    lines = [text for text, _, _ in _unit_lines(v, "blue-1")]
    assert "fighting: hp 4/10" in lines and any("winded" in x and "parry ready" in x for x in lines)
    v.seek(3.5)
    v.draw()
    assert _count(v, palette.HEALTH_OK, v.unit_screen_pos("blue-1")) == 0
    assert v.state.units["blue-1"].active is False
    assert v.world_to_screen(*BLUE_START[:2])
