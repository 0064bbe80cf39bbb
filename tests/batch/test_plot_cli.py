from __future__ import annotations

import csv

import pytest
import typer
from typer.testing import CliRunner

from tactics.batch import cli_batch, command, plot, run
from tactics.batch.plot import figure

from .helpers import duel


def test_plot_writes_a_png(tmp_path) -> None:
    table = run(duel(), 6, seed=2, workers=1, vary={"options.charging": [True, False]}, progress=False)
    fig = figure(table)
    win, dur = fig.axes[:2]
    assert [t.get_text() for t in win.get_xticklabels()] == ["true", "false"]
    assert win.get_xlabel() == "options.charging"
    assert win.get_ylim()[0] < 0 and win.get_ylim()[1] > 1
    assert "duration" in dur.get_xlabel()
    path = plot(table, tmp_path / "batch.png")
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000


def test_plot_without_vary(tmp_path) -> None:
    table = run(duel(), 4, seed=2, workers=1, progress=False)
    assert plot(table.summary(), tmp_path / "one.svg").read_text().lstrip().startswith("<?xml")


def _app() -> typer.Typer:
    app = typer.Typer()
    app.command("batch")(cli_batch)
    app.command("other")(lambda: None)  # so "batch" stays a sub-command, as in tactics
    return app


def test_cli_batch_writes_table_plot_and_replays(tmp_path) -> None:
    enc = tmp_path / "duel.encounter.toml"
    enc.write_text('name = "duel"\nmap = "arena"\nuntil = 40\n[teams.red]\nmembers = [{ character = "steven" }]\n'
                   '[teams.blue]\nmembers = [{ character = "clone" }]\n')
    out, png, reps = tmp_path / "r.csv", tmp_path / "b.png", tmp_path / "replays"
    res = CliRunner().invoke(_app(), [
        "batch", str(enc), "--runs", "3", "--workers", "1", "--seed", "9", "--vary", "options.charging=true,false",
        "--set", "teams.blue.policy=passive", "--out", str(out), "--plot", str(png), "--keep-replays", str(reps),
        "--no-progress"], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert "batch seed 9" in res.output and "red wins" in res.output
    with open(out, newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == 6 and rows[0]["options.charging"] == "true"
    assert png.stat().st_size > 0 and len(list(reps.iterdir())) == 6


def test_cli_batch_refuses_bad_input(tmp_path) -> None:
    runner = CliRunner()
    res = runner.invoke(_app(), ["batch", "--runs", "2", "--out", str(tmp_path / "x.xlsx")])
    assert res.exit_code == 2 and ".csv or .parquet" in res.output
    res = runner.invoke(_app(), ["batch", str(tmp_path / "missing.toml"), "--runs", "2"])
    assert res.exit_code == 2 and "no such encounter file" in res.output
    res = runner.invoke(_app(), ["batch", "--runs", "2", "--vary", "options.charging"])
    assert res.exit_code == 2 and "key=v1,v2" in res.output


def test_typer_app_holds_the_command() -> None:
    assert [c.name for c in command.registered_commands] == ["batch"]


@pytest.mark.parametrize("bad", ["--runs=0", "--workers=0"])
def test_cli_counts_must_be_positive(bad) -> None:
    res = CliRunner().invoke(_app(), ["batch", bad])
    assert res.exit_code == 2
