"""The viewer driven headless: real pixels, real input events."""

from __future__ import annotations

import pygame
import pytest

from tactics.errors import InputError
from tactics.viewer import NoDisplayError, Viewer, view
from tactics.viewer import palette

from .viewer_replays import BLUE_START, GREEN_START, RED_START

RED = palette.TEAM_COLOURS["red"]
BLUE = palette.TEAM_COLOURS["blue"]
GREEN = palette.TEAM_COLOURS["green"]


def px(v: Viewer, p) -> tuple[int, int, int]:
    return tuple(v.surface.get_at((int(p[0]), int(p[1]))))[:3]


def click(v: Viewer, pos, button: int = 1) -> None:
    v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def key(v: Viewer, k: int, mod: int = 0) -> None:
    v.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod))


@pytest.fixture
def v(replay_path):
    return Viewer(replay_path, size=(900, 600))


def test_units_drawn_in_team_colours_where_replayed(v):
    v.seek(0.0)
    v.draw()
    assert px(v, v.world_to_screen(*RED_START[:2])) == RED
    assert px(v, v.world_to_screen(*BLUE_START[:2])) == BLUE


def test_flying_unit_lifted_above_its_shadow(v):
    v.seek(0.5)
    v.draw()
    gx, gy = v.world_to_screen(*GREEN_START[:2])
    sx, sy = v.unit_screen_pos("green-1")
    assert sy < gy - 5 and sx == gx
    assert px(v, (sx, sy)) == GREEN
    # after the fall it lies on the ground where it landed
    v.seek(7.5)
    v.draw()
    assert v.unit_screen_pos("green-1") == pytest.approx(v.world_to_screen(3.0, 13.0))


def test_movement_animated_and_stepping_back_is_exact(v):
    v.seek(1.5)
    v.draw()
    assert v.state.units["red-1"].x == pytest.approx(6.0)
    assert px(v, v.world_to_screen(6.0, 5.0)) == RED
    forward = v.state.units["red-1"].x
    for _ in range(5):
        key(v, pygame.K_RIGHT)
    assert v.t == pytest.approx(2.0)
    assert v.state.units["red-1"].x == pytest.approx(7.0)
    for _ in range(5):
        key(v, pygame.K_LEFT)
    assert v.t == pytest.approx(1.5)
    assert v.state.units["red-1"].x == pytest.approx(forward)


def test_event_stepping_home_end_and_speed(v):
    key(v, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert v.t == pytest.approx(1.0)
    key(v, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert v.t == pytest.approx(3.0)
    key(v, pygame.K_LEFT, pygame.KMOD_SHIFT)
    assert v.t == pytest.approx(1.0)
    key(v, pygame.K_END)
    assert v.t == pytest.approx(8.0)
    key(v, pygame.K_HOME)
    assert v.t == 0.0
    for _ in range(10):
        key(v, pygame.K_UP)
    assert v.speed == 32.0
    for _ in range(10):
        key(v, pygame.K_DOWN)
    assert v.speed == 0.25
    v.speed = 2.0
    key(v, pygame.K_SPACE)
    assert v.playing
    v.update(0.5)
    assert v.t == pytest.approx(1.0)
    v.update(100.0)
    assert v.t == pytest.approx(8.0) and not v.playing


def test_timeline_click_and_drag_scrub(v):
    v.draw()
    y = v.timeline_bar.centery
    v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(v.timeline_x(4.0), y), button=1))
    assert v.t == pytest.approx(4.0, abs=0.1)
    v.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(v.timeline_x(6.0), y), rel=(10, 0), buttons=(1, 0, 0)))
    v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(v.timeline_x(6.0), y), button=1))
    assert v.t == pytest.approx(6.0, abs=0.1)
    v.draw()
    assert px(v, (v.timeline_x(v.t), y)) == palette.HIGHLIGHT


def test_click_a_unit_to_follow_it(v):
    v.seek(0.0)
    v.draw()
    click(v, v.unit_screen_pos("blue-1"))
    assert v.follow == "blue-1"
    v.draw()
    # the camera centres on it as far as the map allows (this small map fits: it stays centred)
    cx, cy = v.map_rect.center
    assert v.world_to_screen(v.grid.width_m / 2, v.grid.height_m / 2) == pytest.approx((cx, cy), abs=1)
    v.zoom(3)
    v.draw()
    # zoomed in past the map's width: it still fills the view (clamped), the unit on screen
    assert v.world_to_screen(0, 0)[0] <= v.map_rect.left and v.world_to_screen(v.grid.width_m, 0)[0] >= v.map_rect.right
    assert v.map_rect.collidepoint(v.unit_screen_pos("blue-1"))
    click(v, (5, 5))  # empty ground: stop following
    assert v.follow is None
    key(v, pygame.K_TAB)
    assert v.follow == "red-1"
    key(v, pygame.K_TAB)
    assert v.follow == "blue-1"


def test_drag_pans_the_map(v):
    v.zoom(3)  # zoomed in, the map is larger than the view: room to pan both ways
    v.draw()
    before = v.world_to_screen(0, 0)
    p = v.map_rect.center
    v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1))
    v.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(p[0] + 30, p[1] + 20), rel=(30, 20), buttons=(1, 0, 0)))
    v.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(p[0] + 30, p[1] + 20), button=1))
    after = v.world_to_screen(0, 0)
    assert (after[0] - before[0], after[1] - before[1]) == (30, 20)
    assert v.follow is None


def test_zoom_and_resize(v):
    ppc = v.ppc
    v.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert v.ppc > ppc
    v.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert v.ppc == ppc or v.ppc < ppc + 8
    v.handle_event(pygame.event.Event(pygame.VIDEORESIZE, size=(640, 480), w=640, h=480))
    assert v.size == (640, 480)
    v.seek(0.0)
    v.draw()
    assert px(v, v.world_to_screen(*RED_START[:2])) == RED


def _lum(c):
    return 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2]


def test_dark_zone_drawn_darker_and_L_toggles_it(v):
    v.seek(0.0)
    v.draw()
    bright = px(v, v.world_to_screen(1.0, 15.0))  # cell (0, 7): floor, bright
    dark = px(v, v.world_to_screen(23.0, 15.0))  # cell (11, 7): floor, dark
    assert _lum(dark) < 0.6 * _lum(bright)
    key(v, pygame.K_l)
    v.draw()
    assert px(v, v.world_to_screen(1.0, 15.0)) == px(v, v.world_to_screen(23.0, 15.0))
    key(v, pygame.K_g)
    key(v, pygame.K_h)
    assert v.show_grid and v.show_help and not v.show_light
    v.draw()


def _count(v, colour, centre, half=40):
    n = 0
    for x in range(int(centre[0]) - half, int(centre[0]) + half):
        for y in range(int(centre[1]) - half, int(centre[1]) + half):
            if tuple(v.surface.get_at((x, y)))[:3] == colour:
                n += 1
    return n


def test_health_bar_changes_after_damage(v):
    v.seek(2.5)
    v.draw()
    pos = v.unit_screen_pos("blue-1")
    assert _count(v, palette.HEALTH_DAMAGE, pos) == 0
    assert _count(v, palette.HARM_TEMPORARY, pos) == 0
    green_before = _count(v, palette.HEALTH_OK, pos)
    v.seek(5.0)  # after the hit (and after its line has faded)
    v.draw()
    assert _count(v, palette.HEALTH_DAMAGE, pos) > 0
    assert _count(v, palette.HARM_TEMPORARY, pos) > 0
    assert _count(v, palette.HEALTH_OK, pos) < green_before


def test_attack_line_shown_just_after_the_attack(v):
    v.seek(3.0)
    v.draw()
    a = v.world_to_screen(7.0, 5.0)
    b = v.world_to_screen(*BLUE_START[:2])
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    assert _count(v, palette.HIT, mid, half=3) > 0
    v.seek(4.5)
    v.draw()
    assert _count(v, palette.HIT, mid, half=3) == 0


def test_draw_every_frame_forward_and_back(v):
    for t in (0.0, 1.0, 3.0, 6.0, 6.5, 8.0, 2.0, 0.0):
        v.seek(t)
        v.draw()
    assert v.terrain.renders <= 4  # the map layer is rendered once per zoom, not per frame


def test_bad_replay_is_an_input_error(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "header", "format": "nope"}\n')
    with pytest.raises(InputError):
        Viewer(bad)
    with pytest.raises(InputError):
        Viewer(tmp_path / "missing.jsonl")


def test_view_without_display_raises_clearly(replay_path):
    with pytest.raises(NoDisplayError, match="no display"):
        view(replay_path)


def test_view_loop_runs_headless_for_a_few_frames(replay_path):
    t = view(replay_path, max_frames=3, size=(640, 400), speed=32.0)
    assert 0.0 <= t <= 8.0


def test_unknown_follow_is_refused(replay_path):
    with pytest.raises(KeyError):
        Viewer(replay_path, follow="nobody")
