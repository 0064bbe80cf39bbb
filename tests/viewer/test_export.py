"""Headless export: GIF frames at the fixed step, PNG files, our GIF codec."""

from __future__ import annotations

import io

import numpy as np
import pytest
from .viewer_replays import RED_START

from tactics.errors import InputError
from tactics.replay import load_replay
from tactics.viewer import Viewer, export_gif, export_png, palette
from tactics.viewer.export import frame_times
from tactics.viewer.gif import GifWriter, lzw_decode, lzw_encode, palette_from, read_gif


def test_export_gif_frames_at_fixed_step(replay_path, tmp_path):
    out = export_gif(replay_path, tmp_path / "a.gif", start=0.0, end=4.0, step=0.5, size=(480, 320))
    data = out.read_bytes()
    assert data[:6] == b"GIF89a" and data[-1:] == b"\x3b"
    assert b"NETSCAPE2.0\x03\x01\x00\x00" in data  # loops forever
    frames, delays = read_gif(data)
    assert len(frames) == len(frame_times(8.0, 0.0, 4.0, 0.5)) == 9
    assert set(delays) == {50}
    assert frames[0].shape == (320, 480, 3)
    assert any(not np.array_equal(frames[i], frames[i + 1]) for i in range(len(frames) - 1))
    # the GIF shows what the viewer draws: red where the red unit starts
    v = Viewer(replay_path, size=(480, 320))
    x, y = (int(c) for c in v.world_to_screen(*RED_START[:2]))
    r, g, b = frames[0][y, x]
    red = palette.TEAM_COLOURS["red"]
    assert abs(int(r) - red[0]) + abs(int(g) - red[1]) + abs(int(b) - red[2]) < 30


def test_export_gif_scale_and_speed(replay_path, tmp_path):
    out = export_gif(replay_path, tmp_path / "b.gif", end=1.0, step=0.5, size=(400, 300), scale=0.5, speed=2.0)
    frames, delays = read_gif(out.read_bytes())
    assert frames[0].shape == (150, 200, 3)
    assert len(frames) == 3 and delays == [25, 25, 25]


def test_export_png_dir_and_single_file(replay_path, tmp_path):
    paths = export_png(replay_path, tmp_path / "frames", start=1.0, end=2.0, step=0.5, size=(320, 240))
    assert [p.name for p in paths] == ["frame_00000.png", "frame_00001.png", "frame_00002.png"]
    assert all(p.stat().st_size > 0 for p in paths)
    one = export_png(load_replay(replay_path), tmp_path / "end.png", size=(320, 240))
    assert one == [tmp_path / "end.png"] and one[0].exists()
    import pygame

    assert pygame.image.load(str(one[0])).get_size() == (320, 240)


def test_export_refuses_bad_input(replay_path, tmp_path):
    with pytest.raises(InputError):
        export_gif(tmp_path / "missing.jsonl", tmp_path / "x.gif")
    with pytest.raises(ValueError):
        export_gif(replay_path, tmp_path / "x.gif", start=5, end=1)
    assert not (tmp_path / "x.gif").exists()


@pytest.mark.parametrize("n, colours", [(1, 2), (7, 3), (5000, 256), (70000, 5), (20000, 256)])
def test_lzw_round_trip(n, colours):
    rng = np.random.default_rng(n)
    data = rng.integers(0, colours, n, dtype=np.uint8).tobytes()
    assert lzw_decode(lzw_encode(data, 8), 8) == data


def test_gif_round_trip_with_changed_rectangles():
    rng = np.random.default_rng(1)
    base = np.zeros((30, 40, 3), np.uint8)
    base[:, :, 0] = 200
    frames = [base.copy()]
    for k in range(4):
        f = frames[-1].copy()
        f[5 + k : 9 + k, 10 + 3 * k : 14 + 3 * k] = rng.choice([0, 80, 255], 3)
        frames.append(f)
    frames.append(frames[-1].copy())  # an unchanged frame
    buf = io.BytesIO()
    w = GifWriter(buf, (40, 30), palette_from(frames), delay_cs=7)
    for f in frames:
        w.add(f)
    w.close()
    out, delays = read_gif(buf.getvalue())
    assert len(out) == len(frames) and delays == [7] * len(frames)
    for a, b in zip(out, frames):
        assert np.abs(a.astype(int) - b.astype(int)).max() <= 8


def test_palette_median_cut_keeps_many_colours_close():
    rng = np.random.default_rng(2)
    img = rng.integers(0, 256, (64, 64, 3), dtype=np.uint8)
    pal = palette_from([img])
    assert 200 <= len(pal) <= 255
