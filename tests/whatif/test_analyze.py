"""tactics analyze: a point per round whose win rates and draws sum to 1, written atomically beside the
replay, turning points with their events; the viewer draws the curve when the file is there."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pygame
from typer.testing import CliRunner

from tactics.cli import app
from tactics.replay import load_replay
from tactics.viewer.core import Viewer
from tactics.viewer.winprob import load_curve
from tactics.whatif.analyze import analysis_path, analyze, moments

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def _copy(tmp_path: Path, name: str) -> Path:
    out = tmp_path / name
    shutil.copy(ROOT / "replays" / name, out)
    return out


def test_analyze_writes_probabilities_that_sum_to_one(tmp_path: Path) -> None:
    path = _copy(tmp_path, "squad.jsonl")
    report = analyze(path, runs=6, workers=1, progress=False)
    written = analysis_path(path)
    assert written == tmp_path / "squad.jsonl.analysis.json"
    data = json.loads(written.read_text())
    assert data == json.loads(json.dumps(report))
    assert [p["t"] for p in data["points"] if not p.get("final")] == moments(load_replay(path))
    assert data["points"][-1]["final"] and data["points"][-1]["p"][data["winner"]] == 1.0
    for p in data["points"]:
        values = list(p["p"].values()) + [p["draw"]]
        assert all(0.0 <= v <= 1.0 for v in values)
        assert abs(sum(values) - 1.0) < 1e-9
        for team, v in p["p"].items():
            assert p["low"][team] <= v <= p["high"][team]
    moves = len({tuple(sorted(p["p"].items())) for p in data["points"]}) > 1
    assert bool(data["turning_points"]) == moves   # a flat curve (Modre always wins here) has none
    assert all(tp["events"] for tp in data["turning_points"])
    assert not list(tmp_path.glob(".*.tmp"))  # the temporary file was renamed


def test_the_same_batch_seed_gives_the_same_curve(tmp_path: Path) -> None:
    path = _copy(tmp_path, "squad.jsonl")
    a = analyze(path, runs=4, workers=1, seed=5, write=False)
    b = analyze(path, runs=4, workers=1, seed=5, write=False)
    assert a["points"] == b["points"]


def test_cli_analyze_and_the_viewer_curve(tmp_path: Path) -> None:
    path = _copy(tmp_path, "squad.jsonl")
    plain = Viewer(path, size=(640, 360)).draw().copy()
    res = runner.invoke(app, ["analyze", str(path), "--runs", "3", "--workers", "1", "--no-progress"])
    assert res.exit_code == 0, res.output
    assert "Turning points" in res.output and "written:" in res.output
    rec = load_replay(path)
    curve = load_curve(str(path), rec.duration)
    assert curve is not None and set(curve) == {"red", "blue"}
    v = Viewer(path, size=(640, 360))
    drawn = v.draw()
    bar = v.timeline_bar
    assert pygame.image.tobytes(drawn.subsurface(bar), "RGB") != pygame.image.tobytes(plain.subsurface(bar), "RGB")
    assert load_curve(str(path), rec.duration + 1.0) is None  # another recording under this name
