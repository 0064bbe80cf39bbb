"""``tactics league`` on a tiny league: schedule, mirrors, determinism, tables, the command's errors."""

from __future__ import annotations

import csv
import sys

import pytest
from typer.testing import CliRunner

from tactics.cli import app
from tactics.league.encounters import default_encounters, pick_policies
from tactics.league.play import Recorder, Tally, play, play_one, schedule
from tactics.league.table import League, coverage_markdown

runner = CliRunner()
TINY = {"tower": ["archer", "brawler"]}


def test_schedule_plays_each_pairing_from_both_sides_on_shared_seeds() -> None:
    games = schedule(["tower"], {"tower": ["archer", "brawler", "advance"]}, seeds=2, league_seed=9)
    assert len(games) == 2 * 6
    pairs = {(g.seed_index, g.first, g.second) for g in games}
    for i, a, b in pairs:
        assert (i, b, a) in pairs
    assert len({g.seed for g in games if g.seed_index == 0}) == 1
    assert [g.index for g in games] == list(range(len(games)))


def test_default_encounters_and_policies() -> None:
    names = default_encounters()
    assert {"arena", "squad", "brawl", "modre"} <= set(names)
    chosen = pick_policies(["arena", "squad"], ["brawler", "trooper", "duelist"])
    assert chosen == {"arena": ["brawler"], "squad": ["duelist", "trooper"]}


def test_the_recorder_changes_nothing_in_the_fight() -> None:
    from tactics.league.encounters import load

    sc = load("tower")
    bare = sc.build(seed=4, overrides={"teams.red.policy": "archer"}).run(until=sc.until)
    enc = sc.build(seed=4, overrides={"teams.red.policy": "archer"})
    tally = Tally()
    for c in enc.combatants.values():
        c.policy = Recorder(c.policy, tally)
    wrapped = enc.run(until=sc.until)
    assert wrapped.to_bytes() == bare.to_bytes()
    assert tally.decisions == len(tally.ms) > 0 and sum(tally.acts.values()) > 0


def test_a_tiny_league_is_the_same_on_any_number_of_workers() -> None:
    games = schedule(["tower"], TINY, seeds=2, league_seed=1)
    one = play(games, workers=1)
    two = play(games, workers=2)
    key = [(o.game.index, o.winner, o.reason, o.duration, {p: dict(t.acts) for p, t in o.tallies.items()}) for o in one]
    assert key == [(o.game.index, o.winner, o.reason, o.duration, {p: dict(t.acts) for p, t in o.tallies.items()})
                   for o in two]
    assert not any(o.error for o in one)
    league = League.from_outcomes(one, boots=50, seed=1)
    g = league.groups["mano-a-mano"]
    assert set(g.players) == {"archer", "brawler"}
    assert g.rate("archer", "brawler") + g.rate("brawler", "archer") == pytest.approx(1.0)
    wins = sum(o.score("archer") for o in one)
    assert g.rate("archer", "brawler") == pytest.approx(wins / len(one))
    md = coverage_markdown(g)
    assert md.splitlines()[0].startswith("| policy | decisions |") and "draw and fire" in md


def test_a_failed_game_is_an_outcome_not_a_crash() -> None:
    game = schedule(["tower"], {"tower": ["archer", "no-such-policy"]}, seeds=1, league_seed=1)[0]
    out = play_one(game)
    assert out.error and out.winner is None


@pytest.mark.parametrize("args, words", [
    (["-p", "archer,nosuch"], "nosuch"),
    (["-n", "0"], "--seeds"),
    (["-n", "99999999"], "--seeds"),
    (["-e", "nowhere"], "nowhere"),
    (["-e", "tower", "-p", "archer"], "fewer than two"),
    (["--out", "x.txt"], ".csv"),
    (["--plot", "x.gif"], "--plot"),
    (["-w", "0"], "--workers"),
])
def test_bad_options_are_one_line_and_exit_2(args, words) -> None:
    res = runner.invoke(app, ["league", *args])
    assert res.exit_code == 2, res.output
    assert words in res.output and "Traceback" not in res.output


def test_plot_without_matplotlib_is_refused_before_any_game(monkeypatch, tmp_path) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    res = runner.invoke(app, ["league", "-e", "tower", "--plot", str(tmp_path / "l.png")])
    assert res.exit_code == 2 and "matplotlib" in res.output
    assert not (tmp_path / "l.png").exists()


def test_the_command_prints_tables_and_writes_games_and_figure(tmp_path) -> None:
    out, fig = tmp_path / "games.csv", tmp_path / "league.png"
    res = runner.invoke(app, ["league", "-e", "tower", "-p", "archer,brawler", "-n", "2", "-w", "1",
                              "--boots", "20", "--out", str(out), "--plot", str(fig), "--markdown"])
    assert res.exit_code == 0, res.output
    for words in ("Elo", "score of the row", "tactics used", "| policy | decisions |"):
        assert words in res.output
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 4 and {r["first"] for r in rows} == {"archer", "brawler"}
    assert fig.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_tables_fit_a_terminal_with_a_dozen_policies():
    """Every column of the cross table and every tactic stay readable in 80 columns."""
    import io
    from collections import Counter

    from rich.console import Console

    from tactics.league.elo import Rating
    from tactics.league.table import Group, coverage_table, cross_table

    names = [f"policy-number-{i}" for i in range(12)]
    g = Group("mano-a-mano", {n: Rating(1500.0, 1400.0, 1600.0, 10, 0.5) for n in names},
              {(a, b): (1.0, 1) for a in names for b in names if a != b},
              Counter({n: 100 for n in names}),
              {n: Counter({"draw and fire": 41, "powerful strike": 7, "quick strike": 1}) for n in names})
    out = io.StringIO()
    console = Console(file=out, width=80, color_system=None)
    console.print(cross_table(g))
    console.print(coverage_table(g))
    text = out.getvalue()
    assert all(len(line) <= 80 for line in text.splitlines())
    header = next(line for line in text.splitlines() if line.strip().startswith("1 "))
    assert header.split() == [str(i) for i in range(1, 13)]  # no column dropped
    assert "policy-number-11" in text and "…" not in text
    flat = " ".join(text.replace("│", " ").split())
    assert "draw and fire 41, powerful strike 7, quick" in flat  # most used first, wrapped in its cell
