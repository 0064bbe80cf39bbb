"""The scripts in examples/ run to the end and write their replays."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

from tactics.replay import load_replay

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = {"duel.py": "example-duel.jsonl", "ambush.py": "example-ambush.jsonl",
            "custom_policy.py": "example-custom.jsonl"}


@pytest.mark.parametrize("script", sorted(EXAMPLES))
def test_example_runs(script, capsys):
    out = ROOT / "replays" / EXAMPLES[script]
    out.unlink(missing_ok=True)
    runpy.run_path(str(ROOT / "examples" / script), run_name="__main__")
    printed = capsys.readouterr().out
    assert "<Result" in printed and "replay:" in printed
    replay = load_replay(out)
    assert replay.events and replay.events[-1].__class__.__name__ == "End"
    out.unlink()
