"""The views' plain fields (issue 19, eleventh round): read right, and every write refused.

``UnitView.id`` / ``team`` / ``tracks`` / ``status`` and
``View.map`` / ``memo`` / ``shared`` / ``ruleset`` are slots set when the view is made (Python 3.11 does not
specialise a property read); the views stay read-only all the same.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics import Encounter, load_character, load_map
from tactics.sim.view import UnitView, View

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def enc() -> Encounter:
    e = Encounter(load_map(ROOT / "maps/arena.toml"), seed=5)
    e.add(load_character(ROOT / "assets/characters/steven.toml"), team="red", policy="brawler")
    e.add(load_character(ROOT / "assets/characters/clone.toml"), team="blue", policy="brawler")
    return e


def test_unit_view_fields_are_the_combatants(enc: Encounter) -> None:
    for c in enc.order:
        v = enc.view_of(c)
        assert (v.id, v.team, v.name) == (c.id, c.team, c.sheet.name)
        assert v.sheet is c.sheet and v.character is c.sheet  # properties: a script may swap the sheet
        assert v.pos == c.pos and v.standing == c.standing


def test_unit_view_tracks_follow_the_fight_read_only(enc: Encounter) -> None:
    views = [enc.view_of(c) for c in enc.order]
    start = [dict(v.tracks) for v in views]
    enc.run(until=120)
    for c, v in zip(enc.order, views):
        assert dict(v.tracks) == c.tracks and dict(v.status) == c.status
    assert [dict(v.tracks) for v in views] != start   # the fight's harm shows through the windows
    c, v = enc.order[0], views[0]
    key = next(iter(c.tracks))
    with pytest.raises(TypeError):
        v.tracks[key] = 99                   # type: ignore[index]


@pytest.mark.parametrize("name", ["id", "team", "sheet", "name", "tracks", "status", "x", "standing", "_c", "anything"])
def test_unit_view_refuses_writes(enc: Encounter, name: str) -> None:
    v = enc.view_of(enc.order[0])
    before = getattr(v, name, None)
    with pytest.raises(AttributeError):
        setattr(v, name, "changed")
    assert getattr(v, name, None) == before
    if hasattr(v, name):
        with pytest.raises(AttributeError):
            delattr(v, name)


def test_view_fields_are_the_encounters(enc: Encounter) -> None:
    c = enc.order[0]
    view = View(enc, c)
    assert view.map is enc.map and view.memo is enc.memo and view.shared is enc.shared
    assert view.ruleset is enc.rules
    assert view.me is enc.view_of(c) and isinstance(view.me, UnitView)
    view.memo["mine"] = 1                      # the dict itself is the policies' scratch space
    assert enc.memo["mine"] == 1


@pytest.mark.parametrize("name", ["map", "memo", "shared", "ruleset", "me", "time", "anything"])
def test_view_refuses_writes(enc: Encounter, name: str) -> None:
    view = View(enc, enc.order[0])
    before = getattr(view, name, None)
    with pytest.raises(AttributeError):
        setattr(view, name, {})
    assert getattr(view, name, None) is before
    with pytest.raises(AttributeError):
        delattr(view, "memo")


def test_the_engine_may_still_swap_the_encounter(enc: Encounter) -> None:
    """:func:`~tactics.sim.release.release` turns ``_enc`` into a weak proxy when the fight ends."""
    enc.run(until=60)
    views = list(enc._planners.values())
    assert views
    for view in views:
        assert type(view._enc) is not Encounter  # the proxy
        assert view.time == enc.env.now and view.map is enc.map
