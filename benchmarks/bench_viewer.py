"""Viewer benchmark: frame drawing, seeking, GIF export (headless).

    python benchmarks/bench_viewer.py [--quick]

1. draw: frames per second drawing a 200-unit fight on a 128×128 map into a
   1280×720 surface while playing (a new time every frame: fold + draw), and
   the same for a still frame (draw only); baseline: a bare
   ``surface.fill`` + full-screen ``blit``. Goal ≥ 200 frames/s.
2. seek: milliseconds to jump to a random time of a synthetic 10-minute
   replay and draw it. Goal < 50 ms.
3. export: GIF frames per second at 960×540.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from tactics.replay import Replay  # noqa: E402
from tactics.viewer import Viewer, export_gif  # noqa: E402
from tactics.viewer.synthetic import synthetic_fight  # noqa: E402


def rate(fn, seconds: float) -> float:
    n, t0 = 0, time.perf_counter()
    while True:
        fn()
        n += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return n / dt


def main() -> None:
    quick = "--quick" in sys.argv
    secs = 0.5 if quick else 2.0
    pygame.font.init()

    t0 = time.perf_counter()
    header, events = synthetic_fight(units=200, cols=128, rows=128, duration=600.0, harm=0.012, seed=1)
    replay = Replay(header, events)
    gen = time.perf_counter() - t0
    t0 = time.perf_counter()
    v = Viewer(replay, size=(1280, 720))
    setup = time.perf_counter() - t0
    print(f"synthetic replay: {len(header.roster)} units, {len(events)} events, {v.duration:.0f} s; "
          f"built in {gen:.2f} s, viewer ready in {setup * 1000:.0f} ms (fold + map)")
    alive = sum(1 for u in v.timeline.state_at(60.0).units.values() if u.active)
    print(f"units on the field at t=60 s: {alive}")

    # -- 1. frames ---------------------------------------------------------
    screen = v.surface
    full = pygame.Surface(screen.get_size())
    full.fill((90, 90, 90))

    def baseline():
        screen.fill((0, 0, 0))
        screen.blit(full, (0, 0))

    base = rate(baseline, secs)
    v.seek(60.0)
    v.draw()

    def playing():
        v.t = round(v.t + v.step, 9) if v.t < 120.0 else 60.0
        v.draw()

    play = rate(playing, secs)
    v.seek(60.0)
    still = rate(v.draw, secs)
    print(f"draw  1280×720, 200 units, 128×128 map (fits at {v.ppc} px/cell):")
    print(f"      playing (fold + draw) {play:7.0f} frames/s   {1000 / play:6.2f} ms/frame   goal ≥ 200")
    print(f"      still frame (draw)    {still:7.0f} frames/s   {1000 / still:6.2f} ms/frame")
    print(f"      baseline fill + blit  {base:7.0f} frames/s   {1000 / base:6.2f} ms/frame   "
          f"(playing is {base / play:.1f}× the baseline's cost)")
    v.zoom(3)
    v.set_follow(v.order[0])
    zoomed = rate(playing, secs)
    print(f"      zoomed in ({v.ppc} px/cell), following a unit: {zoomed:7.0f} frames/s")

    # -- 2. seeking --------------------------------------------------------
    v.fit()
    v.set_follow(None)
    rng = random.Random(3)
    times = [rng.uniform(0, v.duration) for _ in range(60 if quick else 300)]
    t0 = time.perf_counter()
    for t in times:
        v.seek(t)
        v.state  # noqa: B018  (fold at that time)
    fold_ms = (time.perf_counter() - t0) / len(times) * 1000
    t0 = time.perf_counter()
    for t in times:
        v.seek(t)
        v.draw()
    seek_ms = (time.perf_counter() - t0) / len(times) * 1000
    print(f"seek  random time in {v.duration:.0f} s: fold {fold_ms:.2f} ms, fold + draw {seek_ms:.2f} ms   goal < 50 ms")

    # -- 3. GIF export -----------------------------------------------------
    n = 10 if quick else 40
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bench.gif"
        t0 = time.perf_counter()
        export_gif(replay, out, start=60.0, end=60.0 + (n - 1) * 0.1, step=0.1, size=(960, 540))
        dt = time.perf_counter() - t0
        size = out.stat().st_size
    print(f"gif   960×540, {n} frames: {n / dt:.1f} frames/s ({dt:.2f} s, {size / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
