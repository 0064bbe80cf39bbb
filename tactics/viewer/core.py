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
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import msgspec
import pygame

from tactics.replay import Replay, Timeline, WorldState, load_replay
from tactics.replay.explain import roles_of
from tactics.replay.schema import Attack, Fall, Harm, Jump, Say, Turn
from tactics.viewer import palette, panels
from tactics.viewer.mapgrid import MapGrid, map_for_replay
from tactics.viewer.terrain import TerrainLayer
from tactics.viewer.text import TextCache
from tactics.viewer.units import UnitPainter, bar_spec, shown_statuses
from tactics.viewer.winprob import draw_winprob

from tactics.viewer.camera import Camera
from tactics.viewer.consts import SPEEDS, ZOOMS  # noqa: F401 (their old home)
from tactics.viewer.controls import Controls
from tactics.viewer.labels import Labels
from tactics.viewer.overlays import Overlays
from tactics.viewer.stepping import Stepping


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


class Viewer(Camera, Stepping, Controls, Overlays, Labels):
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
        self.crowded_notes: list[str] = []
        self._label_tries = 0
        """Other labels (speech, hits, harm, falls, jumps) that found no free spot last frame (side panel)."""
        self._blocked: list[pygame.Rect] | None = None
        """Where no label may go this frame: the units (bodies, bars) and the labels placed so far."""
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
        if u.status.get("carrier"):
            sx, sy = _on_carrier(sx, sy, self.painter.radius(self.ppm))
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
        self.crowded_notes = []
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
        self._blocked = None  # the units and labels to keep off, made when a label is first placed
        self._body_box = (r, bh)
        name_reqs = self._name_reqs = []
        for u in units:
            if not u.present:
                continue
            sx, sy = ox + u.x * ppm, oy + u.y * ppm
            if u.status.get("carrier"):
                sx, sy = _on_carrier(sx, sy, r)
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

def _on_carrier(sx: float, sy: float, r: int) -> tuple[float, float]:
    """A carried unit (a rider, a driver) shares its carrier's place: drawn up and aside, on it."""
    return sx + r * 0.5, sy - r * 0.8


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
