"""The viewer's state and drawing, without an event loop.

A :class:`Viewer` holds a replay, the time shown, the camera and the
toggles; :meth:`Viewer.handle_event` takes pygame events, :meth:`Viewer.update`
advances playback by real seconds, and :meth:`Viewer.draw` paints one frame
into its surface. The window (:func:`tactics.viewer.view`), the headless
exporters and the tests all drive this same object::

    >>> v = Viewer("replays/duel.jsonl", size=(960, 540))   # doctest: +SKIP
    >>> v.seek(3.0); v.draw()                               # doctest: +SKIP
    >>> v.surface.get_at(tuple(map(int, v.unit_screen_pos("red-1"))))  # doctest: +SKIP

Time moves in frames of a fixed step of simulated time (``step``, 0.1 s by
default): the time shown is always a whole number of steps (or the very end).
Every frame asks the fold for the state at that time; the fold starts from a
keyframe, so a step backward costs what a step forward does.

Screen layout: the map fills the left, a side panel (the followed unit's
sheet, then the event log) the right, the timeline the bottom.
"""

from __future__ import annotations

import gc
import math
import os
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import msgspec
import numpy as np
import pygame

from tactics.replay import Replay, Timeline, WorldState, load_replay
from tactics.replay.explain import harm_text, roles_of
from tactics.replay.schema import Attack, Fall, Harm, Jump, Say, Turn
from tactics.viewer import palette, panels
from tactics.viewer.mapgrid import MapGrid, map_for_replay
from tactics.viewer.terrain import TerrainLayer
from tactics.viewer.text import TextCache
from tactics.viewer.units import UnitPainter, bar_spec, shown_statuses
from tactics.viewer.winprob import draw_winprob

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0)
ZOOMS = (1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32, 40, 48, 64)
"""Pixels per cell the camera snaps to (the map layer is pre-rendered per level)."""

ATTACK_SHOW = 1.0
"""Seconds of simulated time an attack line stays on screen."""
FALL_SHOW = 1.5
SAY_SHOW = 2.5
DAMAGE_SHOW = 1.0


@contextmanager
def steady_frames(young: int | None = None) -> Iterator[None]:
    """Keep the cyclic garbage collector from stalling frames while a replay plays.

    A loaded 10-minute, 200-unit replay and the viewer's fold are a few
    hundred thousand tracked containers (event fields, keyframes) that never
    change and make no cycles, yet every full collection walks them all: a
    100-110 ms frame every few minutes of playback
    (``benchmarks/bench_viewer.py``). On entry: one collection now (before the
    first frame), then :func:`gc.freeze`, so later collections look only at
    what was made since (the frames' short-lived objects and the caches). The
    young threshold stays Python's unless ``young`` is given: raising it was
    measured to make each young collection longer (a 22 ms one at 5,000), not
    to smooth the frames. On exit the threshold is restored and the objects
    unfrozen (unless something else had frozen objects before).
    """
    old = gc.get_threshold()
    frozen_before = gc.get_freeze_count()
    gc.collect()
    gc.freeze()
    if young is not None:
        gc.set_threshold(young, *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)
        if not frozen_before:
            gc.unfreeze()


class _BoundedCache(dict):
    """A dict that empties itself past ``limit`` entries (the log's wrapped lines, one per event shown)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def __setitem__(self, key, value) -> None:
        if len(self) >= self.limit:
            self.clear()
        super().__setitem__(key, value)


def as_replay(replay: Replay | str | os.PathLike[str]) -> Replay:
    """A :class:`Replay` from itself or a path (``InputError`` for a bad file)."""
    if isinstance(replay, Replay):
        return replay
    return load_replay(replay)


class Viewer:
    """A replay on screen: time, camera, toggles, input and drawing.

    ``surface`` is drawn into (the window's, or an off-screen one made with
    ``size`` when omitted). ``grid`` overrides the map read from the replay.
    """

    def __init__(
        self,
        replay: Replay | str | os.PathLike[str],
        size: tuple[int, int] = (1280, 720),
        step: float = 0.1,
        follow: str | None = None,
        surface: pygame.Surface | None = None,
        grid: MapGrid | None = None,
        panels: bool = True,
    ) -> None:
        if step <= 0:
            raise ValueError(f"step must be positive, got {step}")
        self.replay = as_replay(replay)
        self.timeline = _dense_timeline(self.replay)
        self.grid = grid if grid is not None else map_for_replay(self.replay)
        self._ground = self.grid.heights.tolist()
        self._fx = _effect_index(self.timeline.events)
        self.step = float(step)
        self.duration = float(self.timeline.duration)
        self.roster = {u.id: u for u in self.replay.header.roster}
        self.order = list(self.roster)
        self.names = {u.id: u.name for u in self.replay.header.roster}
        self.looks = {
            u.id: (*bar_spec(u.presentation), frozenset(s.name for s in u.presentation.standings if s.able),
                   u.presentation.standings[0].name if u.presentation.standings else "",
                   tuple(u.presentation.statuses))
            for u in self.replay.header.roster
        }
        """How each unit is drawn, from its presentation: bar spec, the tracks its segments show,
        the standings that act, the first standing, the statuses it may show."""
        self.roles = roles_of(self.timeline.presentation)
        self.team_colour = palette.team_colours(u.team for u in self.replay.header.roster)
        self.text = TextCache()
        self.painter = UnitPainter()
        self.terrain = TerrainLayer(self.grid)
        self.show_panels = panels
        self.show_grid = False
        self.show_light = True
        self.show_help = False
        self.playing = False
        self.speed = 1.0
        self.t = 0.0
        self._acc = 0.0
        self._state: WorldState | None = None
        self._state_t = math.nan
        self.follow: str | None = None
        self.lock_camera = False
        self.running = True
        self._drawn: dict[str, tuple[float, float]] = {}
        self._drawn_key: tuple | None = None
        self._strip: pygame.Surface | None = None
        self._strip_key: tuple[int, int] | None = None
        # bounded: one entry per event the log has shown, 50,000 lists by the end of a 10-minute replay
        self._log_cache: dict[tuple[int, int], list[str]] = _BoundedCache(4096)
        self._press: tuple[int, int] | None = None
        self._dragging_map = False
        self._dragging_timeline = False
        self._event_times = self.timeline.event_times()
        turns = [ev for ev in self.timeline.events if isinstance(ev, Turn)]
        self._turn_times = [ev.t for ev in turns]
        self._turn_rounds = [ev.round for ev in turns]
        self._round_first: dict[int, float] = {}
        for ev in turns:
            self._round_first.setdefault(ev.round, ev.t)
        rs = self.replay.header.options.get("round_seconds") if isinstance(self.replay.header.options, dict) else None
        self.round_seconds: float | None = float(rs) if isinstance(rs, (int, float)) and rs > 0 else None
        """Seconds a round lasts (the header's ``options["round_seconds"]``), if the replay says."""
        self.log_names = {u.id: f"{u.name} ({u.id})" for u in self.replay.header.roster}
        """Fighters as the log names them: name and id."""
        self.log_scroll = 0
        """Log entries skipped from the newest (the wheel over the log)."""
        self.log_filter = 0
        """Index into ``panels.LOG_FILTERS`` (K cycles)."""
        self.log_only_follow = False
        """Log only the followed unit's events (U)."""
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self._log_hits: list[tuple[pygame.Rect, int]] = []
        self.label_rects: list[tuple[str, str, pygame.Rect]] = []
        """The labels drawn on the map last frame: kind (name, say, attack, harm), unit id, rectangle."""
        self.crowded: list[str] = []
        """Units whose names found no free spot last frame (listed in the side panel)."""
        self._obstacles: list[pygame.Rect] | None = None
        self._body_box = (0, 0)
        self._name_reqs: list = []
        self.tooltip_rect: pygame.Rect | None = None
        self.legend_rect: pygame.Rect | None = None
        self.hover: tuple[int, int] | None = None
        """Where the mouse rests (a tooltip tells what is there), None when not over the map."""
        self.exporting = False
        self.show_legend = False
        """The terrain legend (E): a swatch per kind on this map, with the wall heights."""
        """Drawing pictures for a file: the timeline leaves out playing/paused."""
        self.typing: str | None = None
        """The jump prompt's text while one is open (J), else None."""
        self.surface = surface if surface is not None else pygame.Surface(size)
        self.ppc = 1
        self.origin = (0.0, 0.0)
        self._layout()
        self.fit()
        if follow is not None:
            self.set_follow(follow)

    # -- geometry -------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def _layout(self) -> None:
        w, h = self.size
        self._laid_out = (w, h)
        tl_h = 44 if self.show_panels else 0
        side = int(min(380, max(240, w * 0.27))) if self.show_panels and w >= 640 else 0
        self.timeline_rect = pygame.Rect(0, h - tl_h, w, tl_h)
        self.timeline_bar = pygame.Rect(8, h - tl_h + 22, max(1, w - 16), 16)
        self.side_rect = pygame.Rect(w - side, 0, side, h - tl_h)
        self.map_rect = pygame.Rect(0, 0, w - side, h - tl_h)

    def resize(self, size: tuple[int, int], surface: pygame.Surface | None = None) -> None:
        """The window changed size: take the new surface and refit the map to it.

        A followed unit keeps the camera (centred on it, clamped to the map).
        """
        same = tuple(size) == self._laid_out  # not self.size: the window's surface may be resized in place
        self.surface = surface if surface is not None else pygame.Surface(size)
        if same:
            return  # a repeated size event (SDL sends two a resize): keep the camera
        self._layout()
        self.fit()
        if self.follow is not None and self.lock_camera:
            u = self.state.units.get(self.follow)
            if u is not None and u.present:
                self.center_on(u.x, u.y)
                self.clamp_camera()

    @property
    def ppm(self) -> float:
        """Pixels per metre at the current zoom."""
        return self.ppc / self.grid.cell_size

    def world_to_screen(self, x: float, y: float) -> tuple[float, float]:
        """Screen pixel of the ground point ``(x, y)`` (metres, y south)."""
        k = self.ppm
        return (self.origin[0] + x * k, self.origin[1] + y * k)

    def screen_to_world(self, sx: float, sy: float) -> tuple[float, float]:
        k = self.ppm
        return ((sx - self.origin[0]) / k, (sy - self.origin[1]) / k)

    def fit(self) -> None:
        """Zoom and centre so the whole map shows."""
        mr = self.map_rect
        g = self.grid
        fit = min(mr.width / max(1, g.cols), mr.height / max(1, g.rows))
        self.ppc = max(1, int(fit))
        self.center_on(g.width_m / 2, g.height_m / 2)

    def center_on(self, x: float, y: float) -> None:
        k = self.ppm
        cx, cy = self.map_rect.center
        self.origin = (round(cx - x * k), round(cy - y * k))

    def clamp_camera(self) -> None:
        """Keep the map filling the view: no empty band past an edge.

        On an axis where the map is smaller than the view it is centred;
        otherwise the origin is held so the map's edge meets the view's.
        """
        mr = self.map_rect
        k = self.ppm
        ox, oy = self.origin
        wpx, hpx = self.grid.width_m * k, self.grid.height_m * k
        if wpx <= mr.width:
            ox = round(mr.x + (mr.width - wpx) / 2)
        else:
            ox = min(mr.left, max(mr.right - wpx, ox))
        if hpx <= mr.height:
            oy = round(mr.y + (mr.height - hpx) / 2)
        else:
            oy = min(mr.top, max(mr.bottom - hpx, oy))
        self.origin = (round(ox), round(oy))

    def zoom(self, steps: int, at: tuple[int, int] | None = None) -> None:
        """Zoom in (``steps`` > 0) or out by zoom levels, keeping the point ``at`` still."""
        if at is None or not self.map_rect.collidepoint(at):
            at = self.map_rect.center
        wx, wy = self.screen_to_world(*at)
        i = bisect_left(ZOOMS, self.ppc)
        if steps > 0:
            i = i + steps if i < len(ZOOMS) and ZOOMS[i] == self.ppc else i + steps - 1
        else:
            i = i + steps
        self.ppc = ZOOMS[max(0, min(len(ZOOMS) - 1, i))]
        k = self.ppm
        self.origin = (round(at[0] - wx * k), round(at[1] - wy * k))

    def pan(self, dx: float, dy: float) -> None:
        self.origin = (self.origin[0] + dx, self.origin[1] + dy)
        self.lock_camera = False

    def timeline_x(self, t: float) -> int:
        bar = self.timeline_bar
        if self.duration <= 0:
            return bar.x
        return bar.x + int(round(t / self.duration * (bar.width - 1)))

    def timeline_t(self, x: float) -> float:
        bar = self.timeline_bar
        f = (x - bar.x) / max(1, bar.width - 1)
        return min(max(f, 0.0), 1.0) * self.duration

    # -- time -----------------------------------------------------------
    def _snap(self, t: float) -> float:
        t = min(max(t, 0.0), self.duration)
        if t >= self.duration:
            return self.duration
        n = math.floor(t / self.step + 1e-6)
        return min(self.duration, round(n * self.step, 9))

    def seek(self, t: float) -> None:
        """Show the frame at time ``t`` (snapped to the frame grid)."""
        self.t = self._snap(t)
        self._acc = 0.0

    def step_frames(self, n: int) -> None:
        """``n`` frames forward (or back when negative)."""
        if n < 0 and self.t >= self.duration and self.duration % self.step > 1e-9:
            self.t = self._snap(self.duration)
            n += 1
        self.seek(self.t + n * self.step + (self.step * 1e-3 if n > 0 else 0.0))

    def next_event(self) -> None:
        """Jump to the next instant something happened."""
        i = bisect_right(self._event_times, self.t + 1e-9)
        if i < len(self._event_times):
            self.t = self._event_times[i]
        else:
            self.t = self.duration
        self._acc = 0.0

    def prev_event(self) -> None:
        i = bisect_left(self._event_times, self.t - 1e-9) - 1
        self.t = self._event_times[i] if i >= 0 else 0.0
        self._acc = 0.0

    # -- turns and rounds -----------------------------------------------
    def round_at(self, t: float | None = None) -> int | None:
        """The round shown at ``t`` (default now): the last turn's, else from the round length."""
        t = self.t if t is None else t
        if self._turn_times:
            i = bisect_right(self._turn_times, t + 1e-9) - 1
            return self._turn_rounds[max(0, i)]
        if self.round_seconds:
            return int(math.floor(t / self.round_seconds + 1e-9)) + 1
        return None

    def round_start(self, n: int) -> float | None:
        """When round ``n`` starts (its first turn), or None if there is no such round."""
        if self._turn_times:
            return self._round_first.get(n)
        if self.round_seconds:
            t = (n - 1) * self.round_seconds
            return t if 0 <= t <= self.duration else None
        return None

    def _goto(self, t: float) -> None:
        """Show exactly time ``t`` (off the frame grid, like the event jumps)."""
        self.t = min(max(t, 0.0), self.duration)
        self._acc = 0.0

    def next_turn(self) -> None:
        """Jump to the next turn (a fighter's go)."""
        i = bisect_right(self._turn_times, self.t + 1e-9)
        self._goto(self._turn_times[i] if i < len(self._turn_times) else self.duration)

    def prev_turn(self) -> None:
        i = bisect_left(self._turn_times, self.t - 1e-9) - 1
        self._goto(self._turn_times[i] if i >= 0 else 0.0)

    def next_round(self) -> None:
        """Jump to the start of the next round (the end after the last)."""
        r = self.round_at()
        t = self.round_start(r + 1) if r is not None else None
        self._goto(self.duration if t is None else t)

    def prev_round(self) -> None:
        """Jump to the start of this round, or of the previous one when already there."""
        r = self.round_at()
        if r is None:
            self._goto(0.0)
            return
        t = self.round_start(r)
        if t is None or t >= self.t - 1e-9:
            t = self.round_start(r - 1)
        self._goto(0.0 if t is None else t)

    def jump_to(self, text: str) -> bool:
        """A typed jump: ``12.5`` (seconds) or ``r7`` (round 7); False if it names nothing."""
        text = text.strip().lower().replace(",", ".")
        try:
            if text.startswith("r"):
                t = self.round_start(int(text[1:].strip()))
                if t is None:
                    return False
                self._goto(t)
            else:
                t = float(text.rstrip("s").strip())
                if not math.isfinite(t) or t < 0:
                    return False
                self.seek(t) if t < self.duration else self._goto(self.duration)
        except ValueError:
            return False
        return True

    # -- the log --------------------------------------------------------
    def scroll_log(self, n: int) -> None:
        """Scroll the log ``n`` entries back in time (forward when negative)."""
        self.log_scroll = max(0, self.log_scroll + n)

    def cycle_log_filter(self) -> None:
        from tactics.viewer.panels import LOG_FILTERS

        self.log_filter = (self.log_filter + 1) % len(LOG_FILTERS)
        self.log_scroll = 0

    def click_log(self, pos: tuple[int, int]) -> bool:
        """Jump the timeline to the log line under ``pos`` (as last drawn); False if none."""
        for rect, i in self._log_hits:
            if rect.collidepoint(pos):
                self.playing = False
                self._goto(self.timeline.events[i].t)
                self.log_scroll = 0
                return True
        return False

    def clock_text(self) -> str:
        """``round 7, 6.3 s`` (just the seconds when the replay has no rounds)."""
        r = self.round_at()
        return f"round {r}, {self.t:.1f} s" if r is not None else f"{self.t:.1f} s"

    def faster(self) -> None:
        i = SPEEDS.index(self.speed) if self.speed in SPEEDS else 2
        self.speed = SPEEDS[min(len(SPEEDS) - 1, i + 1)]

    def slower(self) -> None:
        i = SPEEDS.index(self.speed) if self.speed in SPEEDS else 2
        self.speed = SPEEDS[max(0, i - 1)]

    def toggle_play(self) -> None:
        if not self.playing and self.t >= self.duration:
            self.t = 0.0
        self.playing = not self.playing
        self._acc = 0.0

    def update(self, real_dt: float) -> None:
        """Advance playback by ``real_dt`` seconds of wall time (whole frames only)."""
        if not self.playing:
            return
        self._acc += real_dt * self.speed
        n = int(self._acc / self.step + 1e-9)
        if n > 0:
            self._acc -= n * self.step
            self.t = min(self.duration, round(self.t + n * self.step, 9))
            if self.t >= self.duration:
                self.playing = False

    @property
    def state(self) -> WorldState:
        """The world at the time shown (folded once per distinct time)."""
        if self._state is None or self._state_t != self.t:
            self._state = self.timeline.state_at(self.t)
            self._state_t = self.t
        return self._state

    # -- following ------------------------------------------------------
    def set_follow(self, uid: str | None) -> None:
        """Follow a unit (camera centred on it, sheet in the side panel); None stops."""
        if uid is not None and uid not in self.roster:
            raise KeyError(f"no unit {uid!r} in this replay (units: {', '.join(self.order)})")
        self.follow = uid
        self.lock_camera = uid is not None

    def cycle_follow(self, direction: int = 1) -> None:
        present = [uid for uid in self.order if self.state.units[uid].present] or self.order
        if not present:
            return
        if self.follow in present:
            i = (present.index(self.follow) + direction) % len(present)
        else:
            i = 0 if direction > 0 else len(present) - 1
        self.set_follow(present[i])

    def unit_screen_pos(self, uid: str) -> tuple[float, float]:
        """Where the unit's body is drawn (lifted above its shadow when off the ground)."""
        if self._drawn_key == (self.t, self.origin, self.ppc):
            p = self._drawn.get(uid)
            if p is not None:
                return p
        u = self.state.units[uid]
        sx, sy = self.world_to_screen(u.x, u.y)
        return sx, sy - self._lift(u)

    def unit_at(self, pos: tuple[int, int]) -> str | None:
        """The unit drawn under the screen point ``pos``, if any (nearest wins)."""
        best, best_d = None, math.inf
        r = self.painter.radius(self.ppm) + 3
        for uid, u in self.state.units.items():
            if not u.present:
                continue
            sx, sy = self.unit_screen_pos(uid)
            d = math.hypot(sx - pos[0], sy - pos[1])
            if d <= r and d < best_d:
                best, best_d = uid, d
        return best

    def altitude(self, u: Any) -> float:
        """Height of a unit above the ground (or wall top) of its cell."""
        g = self.grid
        c = min(max(int(u.x // g.cell_size), 0), g.cols - 1)
        r = min(max(int(u.y // g.cell_size), 0), g.rows - 1)
        return u.z - self._ground[r][c]

    def _lift(self, u: Any) -> float:
        alt = self.altitude(u)
        if alt <= 0.25:
            return 0.0
        return min(alt * self.ppm * 0.6, 80.0) + 2

    # -- input ----------------------------------------------------------
    def handle_event(self, ev: pygame.event.Event) -> bool:
        """Apply one pygame event; False once the viewer should close."""
        t = ev.type
        if t == pygame.QUIT:
            self.running = False
        elif t == pygame.KEYDOWN:
            self._key(ev.key, getattr(ev, "mod", 0), getattr(ev, "unicode", "") or "")
        elif t == pygame.VIDEORESIZE:
            surf = pygame.display.get_surface() if pygame.display.get_init() else None
            if surf is not None and surf.get_size() != tuple(ev.size):
                surf = None
            self.resize(tuple(ev.size), surf)
        elif t == pygame.MOUSEWHEEL:
            pos = getattr(ev, "pos", None)
            if pos is None:
                pos = pygame.mouse.get_pos() if pygame.display.get_init() else self.map_rect.center
            if ev.y and self.show_panels and self.log_rect.collidepoint(pos):
                self.scroll_log(3 if ev.y > 0 else -3)
            elif ev.y and (self.map_rect.collidepoint(pos) or not self.show_panels):
                self.zoom(1 if ev.y > 0 else -1, pos)  # over the sheet or the timeline: nothing
        elif t == pygame.MOUSEBUTTONDOWN:
            if ev.button in (4, 5):
                # SDL2 sends a MOUSEWHEEL event for the same notch as well: it alone zooms
                pass
            elif ev.button == 1:
                if self.show_panels and self.log_rect.collidepoint(ev.pos):
                    self.click_log(ev.pos)
                elif self.show_panels and self.timeline_rect.collidepoint(ev.pos):
                    self._dragging_timeline = True
                    self.seek(self.timeline_t(ev.pos[0]))
                elif self.map_rect.collidepoint(ev.pos):
                    self._press = tuple(ev.pos)
                    self._dragging_map = False
            elif ev.button == 3:
                self.set_follow(None)
        elif t == pygame.WINDOWLEAVE:
            self.hover = None
        elif t == pygame.MOUSEMOTION:
            self.hover = tuple(ev.pos) if self.map_rect.collidepoint(ev.pos) else None
            if self._dragging_timeline:
                self.seek(self.timeline_t(ev.pos[0]))
            elif self._press is not None:
                dx, dy = ev.pos[0] - self._press[0], ev.pos[1] - self._press[1]
                if self._dragging_map or abs(dx) + abs(dy) > 4:
                    if not self._dragging_map:
                        self._dragging_map = True
                        rel = (dx, dy)
                    else:
                        rel = ev.rel
                    self.pan(*rel)
        elif t == pygame.MOUSEBUTTONUP and ev.button == 1:
            if self._dragging_timeline:
                self._dragging_timeline = False
            elif self._press is not None:
                if not self._dragging_map:
                    uid = self.unit_at(ev.pos)
                    self.set_follow(uid)
                self._press = None
                self._dragging_map = False
        return self.running

    def _type(self, key: int, char: str) -> None:
        """A key while the jump prompt is open: digits, '.', 'r', Backspace, Enter, Esc."""
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            text, self.typing = self.typing or "", None
            self.jump_to(text)
        elif key == pygame.K_ESCAPE:
            self.typing = None
        elif key == pygame.K_BACKSPACE:
            self.typing = (self.typing or "")[:-1]
        elif not char:
            char = _KEY_CHARS.get(key, "")
            if char:
                self._type(key, char)
        elif char in "0123456789.rR" and len(self.typing or "") < 12:
            self.typing = (self.typing or "") + char.lower()

    def _key(self, key: int, mod: int, char: str = "") -> None:
        shift = bool(mod & pygame.KMOD_SHIFT)
        if self.typing is not None:
            self._type(key, char)
            return
        if key == pygame.K_k:
            self.cycle_log_filter()
        elif key == pygame.K_u:
            self.log_only_follow = not self.log_only_follow
            self.log_scroll = 0
        elif key == pygame.K_j:
            self.typing = ""
            self.playing = False
        elif key == pygame.K_LEFTBRACKET:
            self.prev_round() if shift else self.prev_turn()
        elif key == pygame.K_RIGHTBRACKET:
            self.next_round() if shift else self.next_turn()
        elif key == pygame.K_PAGEUP:
            self.prev_round()
        elif key == pygame.K_PAGEDOWN:
            self.next_round()
        elif key == pygame.K_SPACE:
            self.toggle_play()
        elif key == pygame.K_RIGHT:
            self.next_event() if shift else self.step_frames(1)
        elif key == pygame.K_LEFT:
            self.prev_event() if shift else self.step_frames(-1)
        elif key == pygame.K_UP:
            self.faster()
        elif key == pygame.K_DOWN:
            self.slower()
        elif key == pygame.K_HOME:
            self.seek(0.0)
        elif key == pygame.K_END:
            self.seek(self.duration)
        elif key == pygame.K_TAB:
            self.cycle_follow(-1 if shift else 1)
        elif key == pygame.K_g:
            self.show_grid = not self.show_grid
        elif key == pygame.K_e:
            self.show_legend = not self.show_legend
        elif key == pygame.K_l:
            self.show_light = not self.show_light
        elif key == pygame.K_h:
            self.show_help = not self.show_help
        elif key == pygame.K_f:
            self.fit()
            self.lock_camera = False
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.zoom(1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.zoom(-1)
        elif key == pygame.K_ESCAPE:
            if self.show_help:
                self.show_help = False
            elif self.follow is not None:
                self.set_follow(None)
            else:
                self.running = False
        elif key == pygame.K_q:
            self.running = False

    # -- drawing --------------------------------------------------------
    def draw(self) -> pygame.Surface:
        """Paint the frame at ``self.t`` into ``self.surface`` and return it."""
        surf = self.surface
        state = self.state
        if self.follow is not None and self.lock_camera:
            u = state.units.get(self.follow)
            if u is not None and u.present:
                self.center_on(u.x, u.y)
                self.clamp_camera()
        mr = self.map_rect
        surf.set_clip(mr)
        surf.fill(palette.BG, mr)
        tiles = list(self.terrain.tiles(self.ppc, self.origin, (mr.x, mr.y, mr.width, mr.height), self.show_light, self.show_grid))
        surf.fblits(tiles)
        self._draw_grapples(surf, state)
        self._draw_units(surf, state)
        self.label_rects = []
        self.crowded = []
        self._draw_effects(surf, state)
        surf.set_clip(None)
        if self.show_panels:
            panels.draw_side(self, surf)
            panels.draw_timeline(self, surf)
            draw_winprob(self, surf)  # the win-probability curve, when REPLAY.analysis.json is there
        if state.ended is not None and self.t >= self.duration:
            self._banner(surf, f"end: {state.ended.winner or 'no one'} wins ({state.ended.reason})")
        self.legend_rect = None
        if self.show_legend:
            self._draw_legend(surf)
        self.tooltip_rect = None
        if self.hover is not None and self._press is None and not self.show_help:
            self._draw_tooltip(surf, self.hover)
        if self.show_help:
            panels.draw_help(self, surf)
        return surf

    def legend(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The terrain kinds on this map (walls by height) and their colours, most common first."""
        g = self.grid
        kinds, counts = np.unique(g.kinds.astype(str), return_counts=True)
        out = []
        for kind, _ in sorted(zip(kinds.tolist(), counts.tolist()), key=lambda kc: -kc[1]):
            if kind == "wall":
                hs = sorted({float(h) for h in g.heights[g.kinds == "wall"].tolist()})
                kind = "wall " + ", ".join(f"{h:g}" for h in hs) + " m" if hs else kind
            out.append((kind, palette.terrain_colour(kind.split()[0])))
        return out

    def _draw_legend(self, surf: pygame.Surface) -> None:
        items = self.legend()
        labs = [self.text.render(name, 14, palette.TEXT) for name, _ in items]
        w = max(lab.get_width() for lab in labs) + 30
        box = pygame.Rect(self.map_rect.x + 6, 0, w, 16 * len(items) + 8)
        box.bottom = self.map_rect.bottom - 6
        surf.fill((20, 20, 26), box)
        pygame.draw.rect(surf, palette.PANEL_EDGE, box, 1)
        for i, ((_, col), lab) in enumerate(zip(items, labs)):
            y = box.y + 4 + 16 * i
            surf.fill(col, (box.x + 5, y + 2, 14, 11))
            surf.blit(lab, (box.x + 24, y))
        self.legend_rect = box

    def tooltip(self, pos: tuple[int, int]) -> list[str]:
        """What is under the screen point ``pos``: a unit (name, id, sheet, standing, tracks,
        statuses), else the map cell (terrain, height, light, water depth); [] off the map."""
        if not self.map_rect.collidepoint(pos):
            return []
        uid = self.unit_at(pos)
        if uid is not None:
            u = self.state.units[uid]
            info = self.roster[uid]
            sheet = info.sheet.get("name") if isinstance(info.sheet, dict) else None
            lines = [f"{info.name} ({uid}), team {info.team}" + (f", sheet {sheet}" if sheet else "")]
            lines.append(f"{u.standing}" + ("" if u.active else ", out of the fight"))
            if u.tracks:
                lines.append(", ".join(f"{k} {val}" for k, val in u.tracks.items()))
            shown = shown_statuses(u, self.looks[uid][4]) if self.looks[uid][4] else ()
            if shown:
                lines.append(", ".join(st.label or st.icon for st in shown))
            return lines
        x, y = self.screen_to_world(*pos)
        g = self.grid
        if not (0 <= x < g.width_m and 0 <= y < g.height_m):
            return []
        c, r = g.cell_of(x, y)
        kind = str(g.kinds[r, c])
        lines = [f"{kind} at cell ({c}, {r}), height {float(g.heights[r, c]):g} m", f"light {g.light[r, c]}"]
        depth = float(g.depths[r, c])
        if depth > 0:
            lines.append(f"water {depth:g} m deep")
        return lines

    def _draw_tooltip(self, surf: pygame.Surface, pos: tuple[int, int]) -> None:
        lines = self.tooltip(pos)
        if not lines:
            return
        labs = [self.text.render(line, 14, palette.TEXT) for line in lines]
        w = max(lab.get_width() for lab in labs) + 10
        h = 14 * len(labs) + 8
        box = pygame.Rect(pos[0] + 14, pos[1] + 14, w, h)
        box.clamp_ip(self.map_rect)
        if box.collidepoint(pos):
            box.bottomright = (pos[0] - 6, pos[1] - 6)
            box.clamp_ip(self.map_rect)
        surf.fill((20, 20, 26), box)
        pygame.draw.rect(surf, palette.PANEL_EDGE, box, 1)
        for i, lab in enumerate(labs):
            surf.blit(lab, (box.x + 5, box.y + 4 + 14 * i))
        self.tooltip_rect = box

    def _banner(self, surf: pygame.Surface, text: str) -> None:
        ts = self.text.render(text, 24, palette.HIGHLIGHT, (20, 20, 24))
        r = ts.get_rect(midtop=(self.map_rect.centerx, self.map_rect.y + 8))
        surf.blit(ts, r)

    def _draw_units(self, surf: pygame.Surface, state: WorldState) -> None:
        ppm = self.ppm
        r = self.painter.radius(ppm)
        bw = max(14, 2 * r + 4)
        bh = 3 if r < 8 else 4
        names = r >= 9
        mr = self.map_rect
        margin = r + 90
        x0, y0, x1, y1 = mr.left - margin, mr.top - margin, mr.right + margin, mr.bottom + margin
        ox, oy = self.origin
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        labels: list[tuple[pygame.Surface, tuple[int, int]]] = []
        painter = self.painter
        altitude = self.altitude
        colours = self.team_colour
        follow = self.follow
        looks = self.looks
        # how hurt: 0 first standing, 1 a later one that acts, 2 cannot act or out of the fight
        hurt = {uid: 2 if not u.active or u.standing not in looks[uid][2] else 0 if u.standing == looks[uid][3] else 1
                for uid, u in state.units.items()}
        # the fallen first, so those still fighting draw on top
        units = sorted(state.units.values(), key=lambda u: (hurt[u.id] < 2, u.id == follow))
        drawn = self._drawn = {}
        self._drawn_key = (self.t, self.origin, self.ppc)
        self._obstacles = None  # the units' rectangles, made when a label is first placed
        self._body_box = (r, bh)
        name_reqs = self._name_reqs = []
        for u in units:
            if not u.present:
                continue
            sx, sy = ox + u.x * ppm, oy + u.y * ppm
            if not (x0 <= sx <= x1 and y0 <= sy <= y1):
                continue
            alt = altitude(u)
            lift = 0.0
            if alt > 0.25:
                lift = min(alt * ppm * 0.6, 80.0) + 2
                sh = painter.shadow(r)
                blits.append((sh, (int(sx - r - 1), int(sy - r // 2 - 1))))
                pygame.draw.line(surf, (20, 20, 20), (sx, sy), (sx, sy - lift), 1)
                labels.append((self.text.render(f"{alt:.1f} m", 14, (230, 230, 255), (20, 20, 30)), (int(sx + r + 3), int(sy - lift - 6))))
            by = sy - lift
            drawn[u.id] = (sx, by)
            body = painter.body(
                colours.get(u.team, (200, 200, 200)), r, u.prone, hurt[u.id], u.facing, u.partner is not None, u.id == follow
            )
            half = body.get_width() // 2
            blits.append((body, (int(sx) - half, int(by) - half)))
            spec, segments, _, _, statuses = looks[u.id]
            bar = painter.bar(bw, bh, spec, tuple([u.tracks.get(n, 0) for n in segments]))
            blits.append((bar, (int(sx) - bw // 2 - 1, int(by) - r - bh - 6)))
            shown = shown_statuses(u, statuses) if statuses else ()
            if shown:
                size = max(8, min(16, r // 2 + 4))
                icons = painter.badges(tuple(st.icon for st in shown), size)
                blits.append((icons, (int(sx) + bw // 2 + 3, int(by) - r - bh - 6 - size // 2)))
            if names or u.id == follow:
                name_reqs.append((u.id != follow, u.id, sx, by))
            if u.climbing and not lift:
                labels.append((self.text.render("climbing", 13, (230, 230, 255), (20, 20, 30)), (int(sx + r + 3), int(by - 6))))
        surf.fblits(blits)
        if labels:
            surf.fblits(labels)

    def _draw_grapples(self, surf: pygame.Surface, state: WorldState) -> None:
        for u in state.units.values():
            if u.partner and u.present and u.id < u.partner:
                p = state.units.get(u.partner)
                if p is None:
                    continue
                a = self.unit_screen_pos(u.id)
                b = self.unit_screen_pos(p.id)
                pygame.draw.line(surf, (255, 230, 60), a, b, 3)

    def recent(self, kind: type, window: float) -> list:
        """Events of one type with ``t - window < ev.t <= t``."""
        times, evs = self._fx[kind]
        return evs[bisect_right(times, self.t - window) : bisect_right(times, self.t)]

    def _draw_effects(self, surf: pygame.Surface, state: WorldState) -> None:
        t = self.t
        units = state.units
        says = []
        rad = self.painter.radius(self.ppm)
        reqs = sorted(self._name_reqs)
        for _, uid, sx, sy in reqs[:1] if reqs and not reqs[0][0] else ():  # the followed unit's name first
            self._place_name(surf, uid, sx, sy, rad)
        recent = (
            self.recent(Attack, ATTACK_SHOW) + self.recent(Fall, FALL_SHOW) + self.recent(Jump, ATTACK_SHOW)
            + self.recent(Harm, DAMAGE_SHOW) + self.recent(Say, SAY_SHOW)
        )
        for ev in recent:
            age = t - ev.t
            if isinstance(ev, Attack) and age <= ATTACK_SHOW:
                a, b = units.get(ev.who), units.get(ev.target)
                if a is None or b is None:
                    continue
                pa, pb = self.unit_screen_pos(a.id), self.unit_screen_pos(b.id)
                if ev.hit:
                    pygame.draw.line(surf, palette.HIT, pa, pb, 2)
                    pygame.draw.circle(surf, palette.HIT, pb, max(3, self.painter.radius(self.ppm) // 2), 2)
                    label = "hit" + (f" {harm_text(ev.harm, self.roles.get(ev.target))}" if ev.harm else "")
                    col = palette.HIT
                else:
                    _dashed(surf, palette.MISS, pa, pb)
                    label, col = "miss", palette.MISS
                lab = self.text.render(label, 14, col, (16, 16, 20))
                mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
                self._put(surf, lab, mid, 2, "attack", ev.who)
            elif isinstance(ev, Fall) and age <= FALL_SHOW:
                ps = self.world_to_screen(ev.start[0], ev.start[1])
                pe = self.world_to_screen(ev.end[0], ev.end[1])
                _arrow(surf, palette.FALL, (ps[0], ps[1] - 18), (pe[0], pe[1]))
                lab = self.text.render(f"fall {ev.height:.1f} m ({ev.severity})", 14, palette.FALL, (16, 16, 20))
                surf.blit(lab, (pe[0] + 8, pe[1] + 4))
            elif isinstance(ev, Jump) and age <= ATTACK_SHOW:
                u = units.get(ev.who)
                if u is not None:
                    sx, sy = self.unit_screen_pos(u.id)
                    word = "jump" if ev.success else "jump, short"
                    lab = self.text.render(f"{word} {ev.distance:.1f} m", 14, palette.JUMP, (16, 16, 20))
                    surf.blit(lab, (sx + 8, sy + 6))
            elif isinstance(ev, Harm) and age <= DAMAGE_SHOW:
                u = units.get(ev.who)
                if u is not None and any(ev.changes.values()):
                    sx, sy = self.unit_screen_pos(u.id)
                    txt = harm_text(ev.changes, self.roles.get(ev.who))
                    lab = self.text.render(txt, 16, (255, 80, 80), (16, 16, 20))
                    self._put(surf, lab, (sx, sy - age * 16), self.painter.radius(self.ppm) + 6, "harm", u.id, True)
            elif isinstance(ev, Say) and age <= SAY_SHOW:
                says.append(ev)
        seen: set[str] = set()
        for ev in reversed(says[-8:]):  # newest first, one a unit
            if ev.who in seen:
                continue
            seen.add(ev.who)
            u = units.get(ev.who)
            if u is None or not u.present:
                continue
            sx, sy = self.unit_screen_pos(u.id)
            txt = self.text.fit(ev.text, 15, 220)
            lab = self.text.render(txt, 15, (20, 20, 30), (235, 235, 215))
            r = self.place_label(lab.get_size(), (sx, sy), rad, above=True)
            if r is None:
                continue
            self._leader(surf, (sx, sy), rad, r)
            surf.blit(lab, r)
            pygame.draw.rect(surf, (60, 60, 70), r.inflate(2, 2), 1)
            self.label_rects.append(("say", u.id, r))
        for _, uid, sx, sy in reqs:
            if uid != self.follow:
                self._place_name(surf, uid, sx, sy, rad)

    def _put(self, surf: pygame.Surface, lab: pygame.Surface, at: tuple[float, float], rad: int, kind: str,
             uid: str, above: bool = True) -> None:
        r = self.place_label(lab.get_size(), at, rad, above=above)
        if r is not None:
            surf.blit(lab, r)
            self.label_rects.append((kind, uid, r))

    def _place_name(self, surf: pygame.Surface, uid: str, sx: float, sy: float, rad: int) -> None:
        lab = self.text.render(self.names.get(uid, uid), 14, (240, 240, 240), (16, 16, 20))
        r = self.place_label(lab.get_size(), (sx, sy), rad)
        if r is None:
            self.crowded.append(uid)
            return
        self._leader(surf, (sx, sy), rad, r)
        surf.blit(lab, r)
        self.label_rects.append(("name", uid, r))

    def place_label(self, size: tuple[int, int], at: tuple[float, float], rad: int,
                    above: bool = False) -> pygame.Rect | None:
        """A free spot for a label of ``size`` near the unit at ``at`` (None when crowded).

        Tries beside the unit (below for names, above for speech), then the
        other sides, then a ring further out (drawn with a leader line); a spot
        must miss every label placed this frame and every unit's body and bar,
        and lie on the map.
        """
        w, h = size
        x, y = at
        near, far = rad + 4, rad + 4 + max(18, h + 8)
        below = (x - w / 2, y + near - 1)
        over = (x - w / 2, y - near - 8 - h)
        spots = [over, below] if above else [below, over]
        spots += [(x + near, y - h / 2), (x - near - w, y - h / 2)]
        for d in (far, far + h + 6):
            spots += [(x - w / 2, y + d), (x - w / 2, y - d - h), (x + d, y + d * 0.4), (x - d - w, y + d * 0.4),
                      (x + d, y - d * 0.6 - h), (x - d - w, y - d * 0.6 - h)]
        placed = [r for _, _, r in self.label_rects]
        if self._obstacles is None:
            br, bh = self._body_box
            self._obstacles = [pygame.Rect(int(px) - br, int(py) - br - bh - 6, 2 * br + 1, 2 * br + bh + 7)
                               for px, py in self._drawn.values()]
        mr = self.map_rect
        for sx, sy in spots:
            r = pygame.Rect(int(sx), int(sy), w, h)
            if not mr.contains(r):
                continue
            if r.inflate(2, 2).collidelist(placed) >= 0 or r.collidelist(self._obstacles) >= 0:
                continue
            return r
        return None

    def _leader(self, surf: pygame.Surface, at: tuple[float, float], rad: int, r: pygame.Rect) -> None:
        """A thin line from the unit to a label placed away from it."""
        x, y = at
        cx, cy = min(max(x, r.left), r.right), min(max(y, r.top), r.bottom)
        d = math.hypot(cx - x, cy - y)
        if d > rad + 12:
            k = (rad + 1) / d
            pygame.draw.line(surf, (200, 200, 210), (x + (cx - x) * k, y + (cy - y) * k), (cx, cy), 1)


_KEY_CHARS = {
    **{getattr(pygame, f"K_{d}"): str(d) for d in range(10)},
    **{getattr(pygame, f"K_KP{d}", None) or getattr(pygame, f"K_KP_{d}"): str(d) for d in range(10)},
    pygame.K_PERIOD: ".", pygame.K_KP_PERIOD: ".", pygame.K_r: "r",
}
"""What a key types in the jump prompt when its event carries no text (keypad, some platforms)."""


def _dashed(surf: pygame.Surface, colour, a, b, dash: float = 6.0) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = int(math.hypot(dx, dy) / dash)
    if n < 2:
        pygame.draw.line(surf, colour, a, b, 1)
        return
    for i in range(0, n, 2):
        f0, f1 = i / n, min(1.0, (i + 1) / n)
        pygame.draw.line(surf, colour, (a[0] + dx * f0, a[1] + dy * f0), (a[0] + dx * f1, a[1] + dy * f1), 1)


def _arrow(surf: pygame.Surface, colour, a, b) -> None:
    pygame.draw.line(surf, colour, a, b, 2)
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    for s in (-0.5, 0.5):
        pygame.draw.line(surf, colour, b, (b[0] - 8 * math.cos(ang + s), b[1] - 8 * math.sin(ang + s)), 2)


def _dense_timeline(replay: Replay, budget: int = 100_000) -> Timeline:
    """The replay's fold, with keyframes close enough for cheap seeking.

    A frame folds the events since the keyframe before it; with a long
    ``keyframe_every`` and many units that is thousands of events a frame.
    The viewer keeps its own fold with keyframes every ``duration × units /
    budget`` seconds (at least 0.5 s), about ``budget`` unit copies in all.
    """
    h = replay.header
    duration = replay.events[-1].t if replay.events else 0.0
    every = max(0.5, duration * max(1, len(h.roster)) / budget)
    if h.keyframe_every > 0 and h.keyframe_every <= every:
        return replay.fold()
    return Timeline(msgspec.structs.replace(h, keyframe_every=every), replay.events)


def _effect_index(events: list) -> dict[type, tuple[list[float], list]]:
    out: dict[type, tuple[list[float], list]] = {k: ([], []) for k in (Attack, Fall, Jump, Harm, Say)}
    for ev in events:
        slot = out.get(type(ev))
        if slot is not None:
            slot[0].append(ev.t)
            slot[1].append(ev)
    return out


def replay_source(replay: Replay | str | os.PathLike[str]) -> str:
    return replay.source if isinstance(replay, Replay) else str(Path(replay))
