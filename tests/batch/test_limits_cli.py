"""``tactics batch`` limits seen from the command line: an absurd --workers is capped, not forked."""

from __future__ import annotations

import csv
import os
import stat
from pathlib import Path

import typer
from typer.testing import CliRunner

from tactics.batch import cli_batch
from tactics.batch.runner import max_workers


def _app() -> typer.Typer:
    app = typer.Typer()
    app.command("batch")(cli_batch)
    app.command("other")(lambda: None)
    return app


def _duel(tmp_path: Path) -> Path:
    enc = tmp_path / "duel.encounter.toml"
    enc.write_text('name = "duel"\nmap = "arena"\nuntil = 10\n[teams.red]\nmembers = [{ character = "steven" }]\n'
                   '[teams.blue]\nmembers = [{ character = "clone" }]\n')
    return enc


def test_absurd_workers_are_capped_with_a_note(tmp_path: Path) -> None:
    out = tmp_path / "r.csv"
    old = os.umask(0o022)
    try:
        res = CliRunner().invoke(_app(), ["batch", str(_duel(tmp_path)), "--runs", "3", "--workers", "1000000",
                                          "--seed", "2", "--no-progress", "--out", str(out)], catch_exceptions=False)
    finally:
        os.umask(old)
    assert res.exit_code == 0, res.output
    assert "asked for 1000000" in res.output
    n = min(3, max_workers())
    assert f"on {n} local processes" in res.output or (n == 1 and "this process" in res.output)
    with open(out, newline="") as fh:
        assert len(list(csv.DictReader(fh))) == 3
    assert stat.S_IMODE(out.stat().st_mode) == 0o644  # the umask's mode, not mkstemp's 0600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["duel.encounter.toml", "r.csv"]


def test_one_fight_needs_one_worker(tmp_path: Path) -> None:
    res = CliRunner().invoke(_app(), ["batch", str(_duel(tmp_path)), "--runs", "1", "--workers", "4",
                                      "--seed", "2", "--no-progress"], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert "using 1 worker, one per fight" in res.output and "this process" in res.output
