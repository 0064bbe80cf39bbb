"""Issue #18, a viewer people enjoy: start paused, zoom per notch, the camera on the map, rounds, jumps."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tactics.replay import write_replay
from tactics.replay.schema import Turn
from tactics.viewer import Viewer, palette, view

from .viewer_replays import events, header

SAMPLES = Path(__file__).resolve().parents[2] / "replays"
FOUR = SAMPLES / "fight-4v4.jsonl"


def key(v: Viewer, k: int, mod: int = 0, char: str = "") -> None:
    v.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=char))


def typed(v: Viewer, text: str) -> None:
    key(v, pygame.K_j, char="j")
    for ch in text:
        key(v, pygame.key.key_code(ch) if ch != "." else pygame.K_PERIOD, char=ch)
    key(v, pygame.K_RETURN, char="\r")


@pytest.fixture
def rounds_path(tmp_path):
    """The small replay with three rounds of two turns each (0.5 s apart), round length 1 s."""
    turns = [Turn(t=r + k * 0.5, who=("red-1", "blue-1")[k], round=r + 1) for r in range(3) for k in range(2)]
    evs = sorted(events() + turns, key=lambda e: e.t)
    evs = [e for e in evs if not (isinstance(e, Turn) and e.t == 1.0 and e.who == "red-1" and e.round == 1)]
    h = header()
    import msgspec

    h = msgspec.structs.replace(h, options={"round_seconds": 1.0})
    return write_replay(tmp_path / "rounds.jsonl", h, evs)


# -- 1. starts paused ---------------------------------------------------------------
def test_viewer_and_window_start_paused_on_the_first_frame(replay_path):
    v = Viewer(replay_path, size=(640, 400))
    assert not v.playing and v.t == 0.0
    # the window loop: paused by default, so no time passes whatever the speed
    assert view(replay_path, max_frames=3, size=(640, 400), speed=32.0) == 0.0
    assert view(replay_path, max_frames=3, size=(640, 400), start=2.0) == pytest.approx(2.0)
    assert view(replay_path, max_frames=30, size=(640, 400), speed=32.0, play=True) > 0.0


def test_cli_view_takes_start_speed_and_paused(monkeypatch, replay_path):
    from typer.testing import CliRunner

    from tactics import cli

    got = {}
    monkeypatch.setattr(cli, "has_display", lambda: True)
    monkeypatch.setattr(cli, "_viewer_module", lambda name: lambda rep, **kw: got.update(kw))
    res = CliRunner().invoke(cli.app, ["view", str(replay_path), "--start", "2.5", "--speed", "4"])
    assert res.exit_code == 0, res.output
    assert got == {"step": 0.1, "follow": None, "start": 2.5, "speed": 4.0, "play": False}
    res = CliRunner().invoke(cli.app, ["view", str(replay_path), "--play"])
    assert res.exit_code == 0 and got["play"] is True
    res = CliRunner().invoke(cli.app, ["view", str(replay_path), "--speed", "0"])
    assert res.exit_code != 0


# -- 2. zoom, resize, follow camera --------------------------------------------------
def test_one_zoom_level_per_wheel_notch(replay_path):
    v = Viewer(replay_path, size=(900, 600))
    before = v.ppc
    at = v.map_rect.center
    # what SDL2 sends for one notch up: the wheel event and the old button 4
    v.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, pos=at))
    v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=4))
    v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=4))
    from tactics.viewer.core import ZOOMS

    assert v.ppc == min(z for z in ZOOMS if z > before)
    v.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, pos=at))
    v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=5))
    assert v.ppc == max(z for z in ZOOMS if z < min(z for z in ZOOMS if z > before))
    v.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=1, y=0, pos=at))  # sideways: nothing
    assert v.ppc == max(z for z in ZOOMS if z < min(z for z in ZOOMS if z > before))


def test_resize_refits_the_map(replay_path):
    v = Viewer(replay_path, size=(900, 600))
    v.zoom(4)
    v.handle_event(pygame.event.Event(pygame.VIDEORESIZE, size=(1400, 900), w=1400, h=900))
    big = Viewer(replay_path, size=(1400, 900))
    assert (v.ppc, v.origin) == (big.ppc, big.origin)


def test_follow_camera_stays_on_the_map_near_an_edge():
    v = Viewer(FOUR, size=(960, 540))
    v.seek(0.0)
    # the unit nearest the top-left corner
    uid = min(v.state.units, key=lambda u: v.state.units[u].x + v.state.units[u].y)
    v.zoom(6)
    v.set_follow(uid)
    v.draw()
    mr = v.map_rect
    x0, y0 = v.world_to_screen(0, 0)
    x1, y1 = v.world_to_screen(v.grid.width_m, v.grid.height_m)
    assert x0 <= mr.left and y0 <= mr.top and x1 >= mr.right and y1 >= mr.bottom
    # real pixels: no background at the map's corners
    for p in (mr.topleft, (mr.right - 1, mr.bottom - 1), (mr.left, mr.bottom - 1)):
        assert tuple(v.surface.get_at(p))[:3] != palette.BG
    # the followed unit is still on screen
    sx, sy = v.unit_screen_pos(uid)
    assert mr.collidepoint(sx, sy)


def test_dragging_the_map_stops_at_its_edges():
    """A drag far past the map's corner leaves no empty band: the map still fills the view."""
    v = Viewer(FOUR, size=(960, 540))
    v.seek(0.0)
    v.zoom(6)
    press = v.map_rect.center
    v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=press, button=1))
    for step in range(1, 6):
        pos = (press[0] + 400 * step, press[1] + 400 * step)
        v.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(400, 400), buttons=(1, 0, 0)))
    v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    assert v.follow is None  # a drag, not a click on a unit
    v.draw()
    mr = v.map_rect
    assert v.world_to_screen(0, 0) == (mr.left, mr.top)  # dragged to the top-left corner, and no further
    for p in (mr.topleft, (mr.right - 1, mr.bottom - 1)):
        assert tuple(v.surface.get_at(p))[:3] != palette.BG


def test_zooming_out_at_a_corner_shows_no_empty_band():
    v = Viewer(FOUR, size=(960, 540))
    v.zoom(6)
    v.pan(10_000, 10_000)  # to the top-left corner
    corner = v.map_rect.topleft
    v.zoom(-2, at=(corner[0] + 1, corner[1] + 1))
    mr = v.map_rect
    x0, y0 = v.world_to_screen(0, 0)
    x1, y1 = v.world_to_screen(v.grid.width_m, v.grid.height_m)
    assert mr.left - 1 <= x0 <= mr.left and mr.top - 1 <= y0 <= mr.top
    assert x1 >= mr.right and y1 >= mr.bottom  # still zoomed in past the view: it fills it


# -- 3. rounds ----------------------------------------------------------------------
def test_clock_shows_the_round(rounds_path):
    v = Viewer(rounds_path, size=(900, 600))
    v.seek(1.6)
    assert v.round_at() == 2 and v.clock_text() == "round 2, 1.6 s"


def test_round_from_its_length_without_turns(tmp_path):
    import msgspec

    evs = [e for e in events() if not isinstance(e, Turn)]
    path = write_replay(tmp_path / "r.jsonl", msgspec.structs.replace(header(), options={"round_seconds": 2.0}), evs)
    v = Viewer(path, size=(640, 400))
    v.seek(6.3)
    assert v.clock_text() == "round 4, 6.3 s"


def test_turn_and_round_keys_step_both_ways(rounds_path):
    v = Viewer(rounds_path, size=(900, 600))
    key(v, pygame.K_RIGHTBRACKET)
    assert v.t == 0.5
    key(v, pygame.K_RIGHTBRACKET)
    assert v.t == 1.0
    key(v, pygame.K_LEFTBRACKET)
    assert v.t == 0.5
    key(v, pygame.K_RIGHTBRACKET, pygame.KMOD_SHIFT)  # }
    assert v.t == 1.0 and v.round_at() == 2
    key(v, pygame.K_PAGEDOWN)
    assert v.t == 2.0 and v.round_at() == 3
    key(v, pygame.K_PAGEUP)
    assert v.t == 1.0
    v.seek(1.3)
    key(v, pygame.K_LEFTBRACKET, pygame.KMOD_SHIFT)  # { back to this round's start
    assert v.t == 1.0
    key(v, pygame.K_PAGEUP)
    assert v.t == 0.0
    v.seek(2.7)
    key(v, pygame.K_PAGEDOWN)  # after the last round: the end
    assert v.t == v.duration


def test_typed_jump_to_a_time_or_a_round(rounds_path):
    v = Viewer(rounds_path, size=(900, 600))
    key(v, pygame.K_j, char="j")
    assert v.typing == ""
    for ch in "6.5":
        key(v, pygame.K_PERIOD if ch == "." else pygame.K_0 + int(ch), char=ch)
    v.draw()  # the prompt is drawn while typing
    key(v, pygame.K_RETURN)
    assert v.typing is None and v.t == pytest.approx(6.5)
    key(v, pygame.K_j, char="j")
    for ch in "r3":
        key(v, pygame.K_r if ch == "r" else pygame.K_3, char=ch)
    key(v, pygame.K_RETURN)
    assert v.t == 2.0
    # nonsense changes nothing; Esc closes the prompt; keys typed there do not act
    key(v, pygame.K_j, char="j")
    key(v, pygame.K_q, char="q")
    assert v.running
    key(v, pygame.K_ESCAPE)
    assert v.typing is None and v.running and v.t == 2.0
    assert not v.jump_to("r99") and not v.jump_to("abc") and v.t == 2.0


# -- 4. the log ---------------------------------------------------------------------
def _log_texts(v: Viewer) -> list[str]:
    from tactics.viewer.panels import _log_lines

    return [" ".join(_log_lines(v, i, v.log_rect.width)) for _, i in v._log_hits]


def test_wheel_over_the_log_scrolls_it_not_the_map():
    v = Viewer(FOUR, size=(1100, 640))
    v.seek(v.duration / 2)
    v.draw()
    newest = v._log_hits[0][1]
    ppc = v.ppc
    at = v.log_rect.center
    v.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, pos=at))
    v.draw()
    assert v.ppc == ppc and v.log_scroll == 3
    assert v._log_hits[0][1] < newest  # older entries at the bottom now
    v.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, pos=at))
    v.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, pos=at))
    v.draw()
    assert v.log_scroll == 0 and v._log_hits[0][1] == newest


def test_log_names_fighters_with_ids_and_colours_by_team():
    v = Viewer(FOUR, size=(1100, 640))
    v.seek(v.duration / 2)
    v.draw()
    texts = _log_texts(v)
    assert any("(red-" in t for t in texts) and any("(blue-" in t for t in texts)
    # real pixels: the log holds reddish and bluish text
    r = v.log_rect
    reds = blues = 0
    for x in range(r.left, r.right, 2):
        for y in range(r.top, r.bottom, 2):
            c = tuple(v.surface.get_at((x, y)))[:3]
            reds += c[0] > 200 and c[2] < 190 and c[0] - c[2] > 50
            blues += c[2] > 200 and c[2] - c[0] > 50
    assert reds > 20 and blues > 20


def test_log_filters_by_kind_and_fighter_and_shows_the_filter():
    from tactics.replay.explain import kind_of

    v = Viewer(FOUR, size=(1100, 640))
    v.seek(v.duration)
    v.set_follow("red-1")
    key(v, pygame.K_k)  # attacks
    v.draw()
    from tactics.viewer.panels import log_filter_text

    assert log_filter_text(v) == "events: attacks"
    kinds = {kind_of(v.timeline.events[i]) for _, i in v._log_hits}
    assert kinds and kinds <= {"hit", "miss"}
    key(v, pygame.K_u)
    v.draw()
    assert log_filter_text(v).startswith("events: attacks, ") and "(red-1) only" in log_filter_text(v)
    evs = [v.timeline.events[i] for _, i in v._log_hits]
    assert evs and all("red-1" in (e.who, getattr(e, "target", None)) for e in evs)
    for _ in range(5):
        key(v, pygame.K_k)
    key(v, pygame.K_u)
    assert log_filter_text(v) == "events"


def test_clicking_a_log_line_jumps_the_timeline_there():
    v = Viewer(FOUR, size=(1100, 640))
    v.seek(v.duration)
    v.draw()
    rect, i = v._log_hits[-1]  # the oldest entry shown
    v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
    assert v.t == v.timeline.events[i].t < v.duration


# -- 5. labels ----------------------------------------------------------------------
@pytest.mark.parametrize("t", [0.0, 3.3, 6.0, 9.0])
def test_labels_do_not_overlap_in_the_4v4(t):
    v = Viewer(FOUR, size=(960, 540))
    v.seek(t)
    v.zoom(2)
    v.draw()
    rects = [r for _, _, r in v.label_rects]
    assert rects
    for i, a in enumerate(rects):
        assert v.map_rect.contains(a)
        assert a.collidelist(rects[i + 1:]) < 0, (v.label_rects[i], v.label_rects)
    # every name is on the map or listed as crowded in the side panel, in full
    shown = {uid for kind, uid, _ in v.label_rects if kind == "name"}
    assert shown | set(v.crowded) == {uid for uid, u in v.state.units.items() if u.present}
    assert "Spear thrower" in v.names.values()


def test_crowded_names_go_to_the_side_panel(replay_path):
    v = Viewer(replay_path, size=(900, 600))
    v.zoom(3)
    v.seek(0.0)
    # fill the map with placed labels: no room is left, the names are dropped to the side panel
    v._draw_units(v.surface, v.state)
    v.label_rects = [("x", "", v.map_rect.copy())]
    v.crowded = []
    v._draw_effects(v.surface, v.state)
    assert set(v.crowded) == {"red-1", "blue-1", "green-1"}
    from tactics.viewer import panels

    panels.draw_side(v, v.surface)  # draws the crowded line (no crash, wraps)


@pytest.mark.parametrize("t", [3.3, 6.0])
def test_crowded_speech_and_hits_go_to_the_side_panel(t):
    """With no room on the map, what a label would say is listed in the side panel, not lost."""
    from tactics.replay.schema import Say
    from tactics.viewer import panels
    from tactics.viewer.consts import SAY_SHOW

    v = Viewer(FOUR, size=(960, 540))
    v.seek(t)
    v.draw()
    said = {ev.who for ev in v.recent(Say, SAY_SHOW) if v.state.units[ev.who].present}
    assert said
    v.label_rects = [("x", "", v.map_rect.copy())]
    v.crowded, v.crowded_notes = [], []
    v._draw_effects(v.surface, v.state)
    assert not [k for k, _, _ in v.label_rects if k != "x"]  # nothing was drawn over the full map
    for uid in said:
        assert any(n.startswith(f"{v.log_names[uid]} says: ") for n in v.crowded_notes), (uid, v.crowded_notes)
    notes = v.crowded_notes
    v.crowded_notes = []
    panels.draw_side(v, v.surface)
    without = pygame.image.tobytes(v.surface.subsurface(v.side_rect), "RGB")
    v.crowded_notes = notes
    panels.draw_side(v, v.surface)
    assert pygame.image.tobytes(v.surface.subsurface(v.side_rect), "RGB") != without


def test_label_budget_newest_first_rest_to_the_side_panel(monkeypatch):
    """Only LABELS_TRIED effect labels look for room a frame, the newest first; the rest are listed."""
    from tactics.replay.schema import Attack
    from tactics.viewer import labels
    from tactics.viewer.consts import ATTACK_SHOW

    v = Viewer(FOUR, size=(960, 540))
    v.seek(3.3)
    v.zoom(2)
    attacks = v.recent(Attack, ATTACK_SHOW)
    assert len(attacks) >= 3
    monkeypatch.setattr(labels, "LABELS_TRIED", 1)
    v.draw()
    placed = [(k, uid) for k, uid, _ in v.label_rects if k in ("attack", "harm", "fall", "jump")]
    assert len(placed) <= 1
    assert sum(": hit" in n or ": miss" in n for n in v.crowded_notes) >= len(attacks) - 1


def test_side_panel_shows_what_the_ai_weighed(tmp_path):
    """The followed unit's latest decision: its reason, then the alternatives with their values."""
    from tactics.replay.schema import Say
    from tactics.viewer.panels import _unit_lines

    evs = [ev if not isinstance(ev, Say) else Say(t=ev.t, who=ev.who, text=ev.text,
                                                    alternatives=[("shoot Bob", 0.31), ("wait", -0.05)])
           for ev in events()]
    v = Viewer(write_replay(tmp_path / "weighed.jsonl", header(), evs), size=(900, 600))
    v.seek(1.5)
    v.set_follow("red-1")
    lines = [line for line, _, _ in _unit_lines(v, "red-1")]
    assert "weighed: shoot Bob +0.31, wait -0.05" in lines
    assert not any(line.startswith("weighed") for line, _, _ in _unit_lines(v, "blue-1"))


def test_side_panel_says_the_ai_reason_in_full():
    from tactics.viewer.panels import _unit_lines

    v = Viewer(FOUR, size=(960, 540))
    v.seek(3.3)
    uid = next(u for u, s in v.state.units.items() if s.last_say and len(s.last_say) > 30)
    v.set_follow(uid)
    assert any(v.state.units[uid].last_say in line for line, _, _ in _unit_lines(v, uid))


# -- 6. hover tooltips --------------------------------------------------------------
def _move(v: Viewer, pos) -> None:
    v.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def test_hover_a_cell_tells_its_terrain_height_light_and_depth(replay_path):
    v = Viewer(replay_path, size=(900, 600))
    v.seek(0.0)
    water = v.world_to_screen(17.0, 9.0)  # cell (8, 4): water, dark
    _move(v, (int(water[0]), int(water[1])))
    lines = v.tooltip(v.hover)
    assert lines[0].startswith("water at cell (8, 4)") and "light dark" in lines and any("deep" in s for s in lines)
    v.draw()
    assert v.tooltip_rect is not None and v.map_rect.contains(v.tooltip_rect)
    # real pixels: the box is drawn in its own dark colour
    r = v.tooltip_rect
    assert tuple(v.surface.get_at((r.x + 2, r.bottom - 2)))[:3] == (20, 20, 26)
    wall = v.world_to_screen(5.0, 3.0)  # cell (2, 1): wall
    assert v.tooltip((int(wall[0]), int(wall[1])))[0].startswith("wall at cell (2, 1), height ")
    _move(v, (v.size[0] - 5, 5))  # over the side panel: no tooltip
    v.draw()
    assert v.hover is None and v.tooltip_rect is None


def test_hover_a_unit_tells_its_sheet_tracks_standing_and_statuses(replay_path):
    v = Viewer(replay_path, size=(900, 600))
    v.seek(3.5)
    v.draw()
    p = v.unit_screen_pos("blue-1")
    _move(v, (int(p[0]), int(p[1])))
    v.draw()
    lines = v.tooltip(v.hover)
    assert lines[0] == "Bob (blue-1), team blue, sheet x"
    assert lines[1] == "injured" and "damage 5" in lines[2] and "stun 2" in lines[2]
    v.seek(7.5)
    p = v.unit_screen_pos("green-1")
    assert "on the ground" in v.tooltip((int(p[0]), int(p[1])))[-1]


# -- 8. export ----------------------------------------------------------------------
def test_exported_frames_say_no_paused(replay_path, tmp_path):
    from tactics.viewer.export import _viewer
    from tactics.viewer.panels import draw_timeline

    v = _viewer(__import__("tactics.replay", fromlist=["load_replay"]).load_replay(replay_path), (640, 400), 0.1, None, True)
    assert v.exporting
    drawn = []
    real = v.text.render
    v.text.render = lambda text, *a, **k: (drawn.append(text), real(text, *a, **k))[1]
    draw_timeline(v, v.surface)
    assert drawn and not any("paused" in t or "playing" in t for t in drawn)


def test_export_by_suffix_refuses_an_unknown_one(replay_path, tmp_path):
    from tactics.viewer.export import export

    with pytest.raises(ValueError, match="unknown format"):
        export(replay_path, tmp_path / "x.avi")
    assert export(replay_path, tmp_path / "one.png", size=(320, 200))[0].exists()


def test_export_mp4_and_webm(replay_path, tmp_path):
    pytest.importorskip("imageio_ffmpeg")
    from tactics.viewer.export import export

    for name, magic in (("a.mp4", b"ftyp"), ("a.webm", b"\x1a\x45\xdf\xa3")):
        out = export(replay_path, tmp_path / name, end=2.0, step=0.5, size=(321, 201))[0]
        data = out.read_bytes()
        assert magic in data[:64] and len(data) > 500


def test_cli_export_format_follows_the_suffix(replay_path, tmp_path):
    from typer.testing import CliRunner

    from tactics import cli

    run = CliRunner().invoke
    res = run(cli.app, ["export", str(replay_path), "--gif", str(tmp_path / "x.mp4")])
    assert res.exit_code == 2 and not (tmp_path / "x.mp4").exists()
    res = run(cli.app, ["export", str(replay_path), "--out", str(tmp_path / "x.avi")])
    assert res.exit_code == 2 and "unknown format" in res.output
    res = run(cli.app, ["export", str(replay_path), "--out", str(tmp_path / "y.gif"), "--end", "1", "--step", "0.5"])
    assert res.exit_code == 0, res.output
    assert (tmp_path / "y.gif").read_bytes()[:6] == b"GIF89a"


# -- 6/7. heights and darkness -------------------------------------------------------
def _lum(c):
    return 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2]


def test_darkness_is_a_tint_the_terrain_still_reads(replay_path):
    v = Viewer(replay_path, size=(900, 600))
    v.seek(0.0)
    v.draw()
    def at(x, y):
        return tuple(v.surface.get_at(tuple(map(int, v.world_to_screen(x, y)))))[:3]

    floor_lit, floor_dark = at(1.0, 1.0), at(21.0, 1.0)  # column 0 bright, column 10 dark
    water_dark = at(17.0, 9.0)
    assert _lum(floor_dark) < 0.7 * _lum(floor_lit)
    assert _lum(floor_dark) > 0.35 * _lum(floor_lit)  # dark, not black
    assert floor_dark[2] > floor_dark[0]  # a night-blue tint
    assert abs(_lum(floor_dark) - _lum(water_dark)) > 12  # water still stands apart from the floor in the dark


def test_tall_walls_carry_their_height(tmp_path):
    import msgspec

    from tactics.viewer.synthetic import map_dict

    from .viewer_replays import GRID

    grid = [row.replace("#", "O") for row in GRID]
    m = map_dict(grid, cell_size=2.0, name="tall")
    m["legend"]["O"] = {"kind": "wall", "height": 3.0}
    path = write_replay(tmp_path / "tall.jsonl", msgspec.structs.replace(header(), map=m), events())
    v = Viewer(path, size=(900, 600))
    v.zoom(1)
    assert v.ppc >= 16
    v.seek(0.0)
    v.draw()
    # the block's north-west cell (2, 1) holds light text pixels; its neighbour (3, 2) none
    def light_pixels(c, r):
        x0, y0 = map(int, v.world_to_screen(c * 2.0, r * 2.0))
        return sum(_lum(v.surface.get_at((x, y))[:3]) > 200 for x in range(x0 + 1, x0 + v.ppc - 2)
                   for y in range(y0 + 1, y0 + v.ppc - 2))
    assert light_pixels(2, 1) > 10 and light_pixels(3, 2) == 0


def test_E_shows_a_legend_of_the_terrain_kinds(replay_path):
    v = Viewer(replay_path, size=(900, 600))
    v.draw()
    assert v.legend_rect is None
    key(v, pygame.K_e)
    v.draw()
    names = [n for n, _ in v.legend()]
    assert names[0] == "floor" and {"water", "gap"} <= set(names) and any(n.startswith("wall ") for n in names)
    r = v.legend_rect
    assert r is not None and v.map_rect.contains(r)
    # real pixels: the floor swatch in the floor colour
    assert tuple(v.surface.get_at((r.x + 10, r.y + 9)))[:3] == palette.terrain_colour("floor")


def test_jump_prompt_reads_keys_without_text(rounds_path):
    v = Viewer(rounds_path, size=(900, 600))
    key(v, pygame.K_j)
    for k in (pygame.K_KP2, pygame.K_KP_PERIOD, pygame.K_5):
        key(v, k)
    assert v.typing == "2.5"
    key(v, pygame.K_BACKSPACE)
    key(v, pygame.K_KP_ENTER)
    assert v.t == 2.0


def test_ground_steps_draw_contour_edges(tmp_path):
    import msgspec

    from tactics.viewer.synthetic import map_dict

    rows = ["......", "......", "......", "......"]
    heights = [[0, 0, 0, 2, 2, 2]] * 4  # a 2 m step between columns 2 and 3
    m = map_dict(rows, cell_size=2.0, heights=heights, name="step")
    path = write_replay(tmp_path / "step.jsonl", msgspec.structs.replace(header(), map=m, roster=header().roster[:2]),
                        [e for e in events() if getattr(e, "who", "") != "green-1"])
    v = Viewer(path, size=(900, 600), panels=False)
    assert v.ppc >= 16
    v.draw()
    edge = v.world_to_screen(6.0, 3.0)
    inside = v.world_to_screen(3.0, 1.0)
    near = tuple(v.surface.get_at((int(edge[0]) - 1, int(edge[1]))))[:3]
    assert _lum(near) < 0.5 * _lum(tuple(v.surface.get_at(tuple(map(int, inside))))[:3])
    flat = v.world_to_screen(4.0, 3.0)  # between columns 1 and 2: same height, no edge
    assert _lum(tuple(v.surface.get_at((int(flat[0]) - 1, int(flat[1]))))[:3]) > 60


def test_wheel_over_the_sheet_or_timeline_leaves_the_zoom(replay_path):
    v = Viewer(replay_path, size=(900, 600))
    v.set_follow("red-1")
    v.draw()
    ppc = v.ppc
    for pos in ((v.side_rect.centerx, v.side_rect.y + 30), v.timeline_rect.center):
        v.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, pos=pos))
    assert v.ppc == ppc


def test_a_repeated_size_event_keeps_the_zoom(replay_path):
    v = Viewer(replay_path, size=(900, 600))
    v.zoom(2)
    ppc, origin = v.ppc, v.origin
    v.handle_event(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 600), w=900, h=600))
    assert (v.ppc, v.origin) == (ppc, origin)


def test_resize_of_a_surface_changed_in_place_still_refits(replay_path):
    """The window's display surface is one object whose size changes: the layout must follow it."""
    v = Viewer(replay_path, size=(900, 600))
    v.zoom(3)
    bigger = pygame.Surface((1300, 800))
    v.surface = bigger  # as if SDL had resized the display surface before the event
    v.resize((1300, 800), bigger)
    assert v.map_rect.width > 900 - 300 and (v.ppc, v.origin) == (Viewer(replay_path, size=(1300, 800)).ppc,
                                                                  Viewer(replay_path, size=(1300, 800)).origin)


def test_help_fits_a_small_window(replay_path):
    v = Viewer(replay_path, size=(960, 540))
    key(v, pygame.K_h)
    v.draw()
    from tactics.viewer.panels import HELP

    assert any(k.startswith("[") for k, _ in HELP) and any("PgUp" in k for k, _ in HELP)
    # the box's last line ends inside the map: its bottom-left pixel is the overlay, not the map below
    step = max(13, min(20, (v.map_rect.height - 52) // len(HELP)))
    assert 40 + step * len(HELP) <= v.map_rect.height


def test_timeline_ticks_where_rounds_start(rounds_path):
    from tactics.viewer.panels import ROUND_TICK

    v = Viewer(rounds_path, size=(900, 600))
    v.seek(5.0)
    v.draw()
    for t in (1.0, 2.0):
        x = v.timeline_x(t)
        assert tuple(v.surface.get_at((x, v.timeline_bar.y + 2)))[:3] == ROUND_TICK


def test_a_rider_is_drawn_on_its_mount_not_under_it(tmp_path):
    """A carried unit (a rider) shares its carrier's position; the viewer draws it up and aside so
    both bodies show and a click can pick either."""
    from tactics.scenario import load_scenario, shipped_encounters

    result = load_scenario(shipped_encounters()["cavalry"]).build(1).run(until=2.0)
    v = Viewer(result.save(tmp_path / "cavalry.jsonl"), size=(960, 540))
    v.seek(1.0)
    v.draw()
    pairs = [(uid, u.status["carrier"]) for uid, u in v.state.units.items() if u.status.get("carrier")]
    assert pairs
    for rider, mount in pairs:
        assert (v.state.units[rider].x, v.state.units[rider].y) == (v.state.units[mount].x, v.state.units[mount].y)
        (rx, ry), (mx, my) = v.unit_screen_pos(rider), v.unit_screen_pos(mount)
        assert ry < my and rx > mx
        assert v.unit_at((int(rx), int(ry))) == rider
