"""Headless export: the viewer's frames to an animated GIF or PNG files.

Same drawing code as the window (:class:`~tactics.viewer.core.Viewer`), on
an off-screen surface — the display is never initialised, so this works on a
machine without one (and with ``SDL_VIDEODRIVER=dummy``)::

    >>> export_gif("replays/duel.jsonl", "duel.gif", end=20, step=0.2)   # doctest: +SKIP
    PosixPath('duel.gif')
    >>> export_png("replays/duel.jsonl", "frames/", step=1.0)           # doctest: +SKIP
    [PosixPath('frames/frame_00000.png'), ...]

Frames are taken every ``step`` seconds of simulated time from ``start``
(default 0) to ``end`` (default the end of the replay), both included when
on the grid. ``size`` is the frame drawn (window layout: map, side panel,
timeline); ``scale`` resizes the output image (0.5 gives a GIF half as wide).
A GIF plays at ``speed`` times real time (its frame delay is
``step / speed``, in whole hundredths of a second) and loops forever.

Limits (``docs/limits.md``): at most :data:`MAX_FRAMES` frames, ``scale``
up to :data:`MAX_SCALE`, finite numbers only; anything else is refused with
a ``ValueError`` before a frame is drawn. Every file is written to a
temporary name and renamed into place (:mod:`tactics.replay.atomic`), so an
interrupted export leaves no half GIF or PNG::

    >>> frame_times(1e6, None, None, 1e-7)
    Traceback (most recent call last):
    ...
    ValueError: --step 1e-07 from 0 to 1e+06 s makes 10000000000001 frames; at most 100000 (give a larger --step or a shorter --start/--end)
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np
import pygame

from tactics.replay import Replay
from tactics.replay.atomic import atomic_path
from tactics.viewer.core import Viewer, as_replay
from tactics.viewer.gif import GifWriter, palette_from

PALETTE_SAMPLES = 6
MAX_FRAMES = 100_000
"""Most frames one export draws (an hour of fight at the default 0.1 s is 36,000)."""
MAX_SCALE = 8.0
"""Largest ``scale`` (8 × 960 × 540 is already 33 megapixels a frame)."""


def _finite(name: str, value: float | None) -> None:
    if value is not None and not math.isfinite(float(value)):
        raise ValueError(f"{name} must be a finite number, got {value}")


def frame_times(duration: float, start: float | None, end: float | None, step: float) -> list[float]:
    """The instants exported: ``start, start + step, ...`` up to ``end``.

    >>> frame_times(1.0, None, None, 0.25)
    [0.0, 0.25, 0.5, 0.75, 1.0]
    """
    for name, value in (("--step", step), ("--start", start), ("--end", end), ("the replay's duration", duration)):
        _finite(name, value)
    if step <= 0:
        raise ValueError(f"--step must be positive, got {step:g}")
    t0 = 0.0 if start is None else max(0.0, float(start))
    t1 = duration if end is None else min(float(end), duration)
    if t1 < t0:
        raise ValueError(f"--end ({t1:g}) is before --start ({t0:g})")
    n = int(math.floor((t1 - t0) / step + 1e-9)) + 1
    if n > MAX_FRAMES:
        raise ValueError(f"--step {step:g} from {t0:g} to {t1:g} s makes {n} frames; at most {MAX_FRAMES} "
                         "(give a larger --step or a shorter --start/--end)")
    return [round(t0 + k * step, 9) for k in range(n)]


def _check_scale(scale: float, size: tuple[int, int]) -> None:
    _finite("--scale", scale)
    if not 0 < scale <= MAX_SCALE:
        raise ValueError(f"--scale must be more than 0 and at most {MAX_SCALE:g}, got {scale:g}")
    if min(size) < 1 or max(size) > 10_000:
        raise ValueError(f"size must be 1 to 10000 pixels a side, got {size[0]}x{size[1]}")


def _viewer(replay: Replay, size: tuple[int, int], step: float, follow: str | None, panels: bool) -> Viewer:
    if not pygame.font.get_init():
        pygame.font.init()
    v = Viewer(replay, size=size, step=step, follow=follow, panels=panels)
    v.exporting = True  # no "playing/paused" in a picture
    return v


def _frames(v: Viewer, times: list[float], scale: float) -> Iterator[pygame.Surface]:
    out_size = (max(1, round(v.size[0] * scale)), max(1, round(v.size[1] * scale)))
    for t in times:
        v.t = t
        surf = v.draw()
        if scale != 1.0:
            surf = pygame.transform.smoothscale(surf, out_size)
        yield surf


def _rgb(surf: pygame.Surface) -> np.ndarray:
    w, h = surf.get_size()
    return np.frombuffer(pygame.image.tobytes(surf, "RGB"), dtype=np.uint8).reshape(h, w, 3)


def export_gif(
    replay: Replay | str | os.PathLike[str],
    out_path: str | os.PathLike[str],
    start: float | None = None,
    end: float | None = None,
    step: float = 0.1,
    scale: float = 1.0,
    size: tuple[int, int] = (960, 540),
    speed: float = 1.0,
    follow: str | None = None,
    panels: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> Path:
    """Write an animated GIF of the replay; return its path.

    ``progress(done, total)`` is called after each frame. A bad replay raises
    :class:`~tactics.errors.InputError`; bad numbers raise ``ValueError``.
    """
    rep = as_replay(replay)
    _check_scale(scale, size)
    _finite("speed", speed)
    if speed <= 0:
        raise ValueError(f"speed must be positive, got {speed:g}")
    times = frame_times(rep.duration, start, end, step)
    v = _viewer(rep, size, step, follow, panels)
    # one palette for the whole GIF, from a few frames spread over it
    picks = sorted({times[int(i * (len(times) - 1) / max(1, PALETTE_SAMPLES - 1))] for i in range(PALETTE_SAMPLES)})
    samples = [_rgb(s)[::2, ::2].copy() for s in _frames(v, picks, scale)]
    palette = palette_from(samples)
    out = Path(out_path)
    delay = min(65535, max(2, int(round(step / speed * 100))))
    with atomic_path(out) as tmp, open(tmp, "wb") as fh:
        w = None
        for k, surf in enumerate(_frames(v, times, scale)):
            if w is None:
                w = GifWriter(fh, surf.get_size(), palette, delay_cs=delay)
            w.add(_rgb(surf))
            if progress is not None:
                progress(k + 1, len(times))
        assert w is not None  # frame_times gives at least one instant
        w.close()
    return out


def export_png(
    replay: Replay | str | os.PathLike[str],
    out_dir_or_file: str | os.PathLike[str],
    start: float | None = None,
    end: float | None = None,
    step: float = 0.1,
    scale: float = 1.0,
    size: tuple[int, int] = (960, 540),
    follow: str | None = None,
    panels: bool = True,
    at: float | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[Path]:
    """Write PNG frames; return their paths.

    A path ending in ``.png`` gets one frame: at ``at``, else ``start``, else
    the end of the replay. Any other path is a directory (created) that gets
    ``frame_00000.png``, ``frame_00001.png``... every ``step`` seconds from
    ``start`` to ``end``.
    """
    rep = as_replay(replay)
    _check_scale(scale, size)
    target = Path(out_dir_or_file)
    if target.suffix.lower() == ".png":
        for name, value in (("--at", at), ("--start", start)):
            _finite(name, value)
        t = at if at is not None else start if start is not None else rep.duration
        times = [min(max(0.0, float(t)), rep.duration)]
        paths = [target]
    else:
        times = frame_times(rep.duration, start, end, step)
        paths = [target / f"frame_{k:05d}.png" for k in range(len(times))]
    v = _viewer(rep, size, step, follow, panels)
    paths[0].parent.mkdir(parents=True, exist_ok=True)
    for k, (surf, path) in enumerate(zip(_frames(v, times, scale), paths)):
        with atomic_path(path) as tmp:
            pygame.image.save(surf, str(tmp))
        if progress is not None:
            progress(k + 1, len(times))
    return paths


VIDEO_CODECS = {".mp4": ("libx264", "yuv420p"), ".webm": ("libvpx-vp9", "yuv420p")}
"""Video formats by file suffix: ffmpeg codec and pixel format."""
FORMATS = (".gif", ".png", *VIDEO_CODECS)


def export_video(
    replay: Replay | str | os.PathLike[str],
    out_path: str | os.PathLike[str],
    start: float | None = None,
    end: float | None = None,
    step: float = 0.1,
    scale: float = 1.0,
    size: tuple[int, int] = (960, 540),
    speed: float = 1.0,
    follow: str | None = None,
    panels: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> Path:
    """Write an MP4 (H.264) or WebM (VP9) video, by the suffix of ``out_path``; return its path.

    Encoded by the ffmpeg that the ``imageio-ffmpeg`` package ships (the
    ``video`` extra: ``pip install 'tactics[video]'``); without it this
    raises ``RuntimeError`` saying so. Frames every ``step`` seconds of the
    fight, played at ``speed`` (``speed / step`` frames a second).
    """
    out = Path(out_path)
    codec = VIDEO_CODECS.get(out.suffix.lower())
    if codec is None:
        raise ValueError(f"{out}: a video is .mp4 or .webm, not {out.suffix or 'no suffix'!r}")
    try:
        import imageio_ffmpeg
    except ImportError:
        raise RuntimeError("video export needs imageio-ffmpeg: pip install 'tactics[video]' "
                           "(or export a GIF: --gif out.gif)") from None
    rep = as_replay(replay)
    _check_scale(scale, size)
    _finite("speed", speed)
    if speed <= 0:
        raise ValueError(f"speed must be positive, got {speed:g}")
    times = frame_times(rep.duration, start, end, step)
    v = _viewer(rep, size, step, follow, panels)
    fps = speed / step
    with atomic_path(out) as tmp:
        writer = None
        for k, surf in enumerate(_frames(v, times, scale)):
            rgb = _rgb(surf)
            h, w = rgb.shape[:2]
            rgb = np.ascontiguousarray(rgb[: h - h % 2, : w - w % 2])  # 4:2:0 wants even sides
            if writer is None:
                writer = imageio_ffmpeg.write_frames(
                    str(tmp), (rgb.shape[1], rgb.shape[0]), fps=fps, codec=codec[0], pix_fmt_out=codec[1],
                    macro_block_size=1, output_params=["-f", out.suffix.lower()[1:]], ffmpeg_log_level="error")
                writer.send(None)
            writer.send(rgb)
            if progress is not None:
                progress(k + 1, len(times))
        assert writer is not None
        writer.close()
    return out


def export(replay: Replay | str | os.PathLike[str], out_path: str | os.PathLike[str], **kw) -> list[Path]:
    """Export by the suffix of ``out_path``: ``.gif``, ``.mp4``, ``.webm``, ``.png`` (one frame)
    or no suffix (a folder of PNG frames); any other suffix is a ``ValueError``."""
    out = Path(out_path)
    suffix = out.suffix.lower()
    if suffix == ".gif":
        kw.pop("at", None)
        return [export_gif(replay, out, **kw)]
    if suffix in VIDEO_CODECS:
        kw.pop("at", None)
        return [export_video(replay, out, **kw)]
    if suffix == ".png" or not suffix:
        kw.pop("speed", None)
        return export_png(replay, out, **kw)
    raise ValueError(f"{out}: unknown format {suffix!r} (use .gif, .mp4, .webm, .png or a folder)")
