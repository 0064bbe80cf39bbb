"""The window: an event loop around a :class:`~tactics.viewer.core.Viewer`.

    >>> from tactics.viewer import view
    >>> view("replays/duel.jsonl", step=0.1, follow="red-1")   # doctest: +SKIP
"""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from tactics.replay import Replay
from tactics.viewer.core import Viewer, as_replay, steady_frames


class NoDisplayError(RuntimeError):
    """No screen to open a window on (use the exporters instead)."""


HEADLESS_DRIVERS = ("dummy", "offscreen")


def _open_window(size: tuple[int, int], title: str) -> pygame.Surface:
    try:
        pygame.display.init()
    except pygame.error as exc:
        raise NoDisplayError(
            f"cannot open a window: no display available ({exc}); "
            "export frames instead with `tactics export REPLAY --gif out.gif`"
        ) from None
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS:
        pygame.display.quit()
        raise NoDisplayError(
            f"cannot open a window: no display available (SDL video driver {driver!r}); "
            "export frames instead with `tactics export REPLAY --gif out.gif`"
        )
    try:
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    except pygame.error as exc:
        pygame.display.quit()
        raise NoDisplayError(f"cannot open a window: {exc}") from None
    pygame.display.set_caption(title)
    pygame.display.set_icon(window_icon())
    return screen


def window_icon(size: int = 32) -> pygame.Surface:
    """The window icon, drawn here (see assets/LICENSE.md): two crossed blades on a red/blue disc."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    pygame.draw.circle(s, (220, 50, 50), (c, c), c - 1, draw_top_left=True, draw_bottom_left=True)
    pygame.draw.circle(s, (60, 120, 235), (c, c), c - 1, draw_top_right=True, draw_bottom_right=True)
    pygame.draw.circle(s, (10, 10, 10), (c, c), c - 1, 2)
    for a, b in (((6, 6), (size - 7, size - 7)), ((size - 7, 6), (6, size - 7))):
        pygame.draw.line(s, (240, 240, 240), a, b, 3)
    return s


def view(
    replay: Replay | str | os.PathLike[str],
    step: float = 0.1,
    follow: str | None = None,
    size: tuple[int, int] = (1280, 720),
    speed: float = 1.0,
    start: float = 0.0,
    play: bool = False,
    fps: int = 60,
    max_frames: int | None = None,
) -> float:
    """Open a window on a replay; return the time shown when it is closed.

    ``replay`` is a path or a loaded :class:`Replay` (a bad file raises
    :class:`~tactics.errors.InputError` before any window opens). ``follow``
    names a unit id to follow from the start. Without a display this raises
    :class:`NoDisplayError` (a ``RuntimeError``) with a clear message.
    ``max_frames`` stops after that many frames (for tests and demos; with
    it, a headless driver is allowed). It opens paused on the frame at
    ``start`` unless ``play`` is true.
    """
    rep = as_replay(replay)
    if follow is not None and follow not in {u.id for u in rep.header.roster}:
        raise ValueError(f"no unit {follow!r} in {rep.source}")
    if max_frames is None:
        screen = _open_window(size, f"tactics — {rep.source}")
    else:
        pygame.display.init()
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    try:
        pygame.font.init()
        v = Viewer(rep, size=size, step=step, follow=follow, surface=screen)
        v.speed = speed
        v.seek(start)
        v.playing = play
        v.draw()  # the first frame renders the map tiles and the labels: before the clock starts
        frames = 0
        with steady_frames():
            clock = pygame.time.Clock()
            while v.running:
                dt = clock.tick(fps) / 1000.0
                for ev in pygame.event.get():
                    if ev.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                        surf = pygame.display.get_surface()
                        v.resize(surf.get_size(), surf)
                        continue
                    v.handle_event(ev)
                v.update(dt)
                v.draw()
                pygame.display.flip()
                frames += 1
                if max_frames is not None and frames >= max_frames:
                    break
        return v.t
    finally:
        pygame.display.quit()
