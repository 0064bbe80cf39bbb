"""The tactics command through typer's CliRunner: help, skirmish, validate, list, export, exit codes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tactics import __version__, load_replay
from tactics.cli import app, has_display
from tactics.log import FightLog, final_rows, outcome_text
from tactics.replay.schema import Attack
from tactics.scenario import shipped_encounters

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
COMMANDS = ["skirmish", "view", "export", "validate", "list"]


def run(*args: str):
    return runner.invoke(app, [str(a) for a in args])


def no_traceback(out: str) -> None:
    assert "Traceback" not in out


@pytest.fixture(scope="module")
def default_run(tmp_path_factory: pytest.TempPathFactory):
    out = tmp_path_factory.mktemp("replays") / "default.jsonl"
    res = run("skirmish", "--out", out)
    return res, out


def test_help_everywhere() -> None:
    res = run("--help")
    assert res.exit_code == 0
    for cmd in COMMANDS:
        assert cmd in res.output
    for cmd in COMMANDS:
        res = run(cmd, "--help")
        assert res.exit_code == 0, cmd
        assert "Usage" in res.output


def test_no_arguments_shows_help() -> None:
    res = run()
    assert "Usage" in res.output and "skirmish" in res.output


def test_version() -> None:
    res = run("--version")
    assert res.exit_code == 0 and __version__ in res.output


def test_default_skirmish_writes_a_replay_and_prints_log_and_table(default_run) -> None:
    res, out = default_run
    assert res.exit_code == 0, res.output
    assert out.exists()
    rep = load_replay(out)
    assert len(rep.header.roster) == 8
    assert "round 1" in res.output and "Final state" in res.output
    assert outcome_text(rep.events) in res.output
    assert f"replay: {out}" in res.output.replace("\n", "")


def test_final_table_matches_the_replay_fold(default_run) -> None:
    res, out = default_run
    rep = load_replay(out)
    state = rep.fold().final_state()
    lines = res.output.splitlines()
    for uid, u in state.units.items():
        row = next(line for line in lines if re.match(rf"\s*{re.escape(uid)}\s", line))
        nums = [int(n) for n in row.split()[-4:]]
        assert nums == [u.tracks["stun"], u.tracks["damage"], u.hits, u.misses], (uid, row)
        assert u.standing in row
    # and the folded rows agree with the engine's own summary
    rows = {r["id"]: r for r in final_rows(rep.header, rep.events)}
    assert {k: (v["hits"], v["misses"]) for k, v in rows.items()} == {
        uid: (u.hits, u.misses) for uid, u in state.units.items()}


def test_log_has_one_line_per_attack_with_its_roll(default_run) -> None:
    res, out = default_run
    rep = load_replay(out)
    attacks = [e for e in rep.events if isinstance(e, Attack)]
    assert attacks
    log = FightLog(rep.header, rep.events)
    attack_lines = [line for line in log.lines() if line.kind == "attack"]
    assert len(attack_lines) == len(attacks)
    for ev, line in zip(attacks, attack_lines):
        assert f"d20 {ev.roll.faces[0]}" in line.text and f"vs {ev.roll.target}" in line.text
        assert ("hit" in line.text) == ev.hit
        if ev.hit and ev.harm.get("damage"):
            assert f"{ev.harm['damage']} damage" in line.text
        assert line.text in res.output


@pytest.mark.parametrize("name", sorted(shipped_encounters()))
def test_skirmish_on_each_shipped_encounter(name: str, tmp_path: Path) -> None:
    out = tmp_path / f"{name}.jsonl"
    res = run("skirmish", name, "--until", "6", "--seed", "2", "--out", out)
    assert res.exit_code == 0, res.output
    rep = load_replay(out)
    assert rep.header.seed == 2
    assert rep.duration <= 6


def test_skirmish_on_a_map_file_with_teams_quiet(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    res = run("skirmish", ROOT / "maps" / "river.toml", "--team", "red=advance,passive:archer",
              "--team", "blue=advance", "--quiet", "--until", "20", "--out", out)
    assert res.exit_code == 0, res.output
    assert "round 1" not in res.output and "Final state" not in res.output
    rep = load_replay(out)
    assert [(u.team, u.policy) for u in sorted(rep.header.roster, key=lambda u: u.id)] == [
        ("blue", "advance"), ("red", "advance"), ("red", "passive")]


def test_skirmish_set_and_reasons(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    res = run("skirmish", "--set", "options.charging=false", "--set", "light=night", "--reasons",
              "--until", "3", "--out", out)
    assert res.exit_code == 0, res.output
    rep = load_replay(out)
    assert rep.header.ruleset_options["charging"] is False
    assert rep.header.map["light"]["default"] == "dark"
    assert "closing on" in res.output or "shooting" in res.output or ":" in res.output


def test_default_replay_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    res = run("skirmish", "--seed", "5", "--until", "2", "-q")
    assert res.exit_code == 0, res.output
    assert (tmp_path / "replays" / "skirmish-arena-5.jsonl").exists()


@pytest.mark.parametrize(
    "args, words",
    [
        (["skirmish", "atlantis"], "atlantis"),
        (["skirmish", "--team", "red=dance"], "unknown policy 'dance'"),
        (["skirmish", "--team", "red"], "TEAM=POLICY"),
        (["skirmish", "--set", "weather=rain"], "unknown key"),
        (["skirmish", "--until", "-1"], "until"),
        (["skirmish", "nope/enc.toml"], "no such file"),
        (["view", "nope.jsonl"], "nope.jsonl"),
        (["export", "nope.jsonl", "--gif", "x.gif"], "nope.jsonl"),
        (["list", "spells"], "choose one of"),
    ],
)
def test_bad_input_is_one_line_exit_2(args: list[str], words: str) -> None:
    res = run(*args)
    assert res.exit_code == 2, res.output
    no_traceback(res.output)
    errors = [line for line in res.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and words in errors[0], res.output


def test_bad_encounter_file_exit_2(tmp_path: Path) -> None:
    p = tmp_path / "bad.encounter.toml"
    p.write_text('map = "arena"\n[teams.red]\nmembers = [{ character = "gandalf" }]\n')
    res = run("skirmish", p)
    assert res.exit_code == 2
    no_traceback(res.output)
    assert f"{p}: teams.red member 1 character: unknown character 'gandalf'" in res.output


def test_a_crash_is_exit_1_with_a_hint(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from tactics.sim import Encounter

    def boom(self, until=300.0):
        raise RuntimeError("engine exploded")

    monkeypatch.setattr(Encounter, "run", boom)
    res = run("skirmish", "--out", tmp_path / "r.jsonl")
    assert res.exit_code == 1
    no_traceback(res.output)
    assert "engine exploded" in res.output and "--debug" in res.output


def test_unwritable_replay_is_refused_before_the_fight(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    res = run("skirmish", "--until", "2", "--out", blocker / "r.jsonl")
    assert res.exit_code == 2
    no_traceback(res.output)
    assert "--out" in res.output and "is not a folder" in res.output
    assert "round 1" not in res.output  # no fight ran


def test_validate_good_and_bad(tmp_path: Path, default_run) -> None:
    _, replay = default_run
    good = [ROOT / "maps" / "arena.toml", ROOT / "maps" / "tower.encounter.toml",
            ROOT / "assets" / "characters" / "steven.toml", replay]
    res = run("validate", *good)
    assert res.exit_code == 0, res.output
    assert res.output.count("OK") == 4

    bad_map = tmp_path / "bad-map.toml"
    bad_map.write_text('[map]\nname = "x"\ngrid = """\n..Q\n"""\n')
    bad_sheet = tmp_path / "bad-sheet.toml"
    bad_sheet.write_text('name = "Bob"\nspeed = "fast"\n')
    bad_enc = tmp_path / "bad.encounter.toml"
    bad_enc.write_text('map = "arena"\n[teams.red]\nmembers = [{ character = "steven", policy = "dance" }]\n')
    bad_replay = tmp_path / "bad.jsonl"
    bad_replay.write_text('{"type": "header"}\n')
    res = run("validate", ROOT / "maps" / "arena.toml", bad_map, bad_sheet, bad_enc, bad_replay,
              tmp_path / "missing.toml")
    assert res.exit_code == 2
    no_traceback(res.output)
    lines = res.output.splitlines()
    assert sum(line.startswith("OK") for line in lines) == 1
    fails = [line for line in lines if line.startswith("FAIL")]
    assert len(fails) == 5
    assert "Q" in fails[0] and "speed" in fails[1] and "dance" in fails[2] and "missing.toml" in fails[4]


def test_list_shows_everything_that_ships() -> None:
    res = run("list")
    assert res.exit_code == 0, res.output
    for word in ("arena", "tower", "canyon", "steven", "archer", "advance", "passive", "night-village"):
        assert word in res.output
    res = run("list", "policies")
    assert res.exit_code == 0 and "Maps" not in res.output


def test_export_gif_and_png(tmp_path: Path, default_run) -> None:
    _, replay = default_run
    gif = tmp_path / "fight.gif"
    res = run("export", replay, "--gif", gif, "--end", "1", "--step", "0.5", "--scale", "0.25")
    assert res.exit_code == 0, res.output
    assert gif.read_bytes()[:6] in (b"GIF89a", b"GIF87a")
    res = run("export", replay, "--png", tmp_path / "frames", "--end", "1", "--step", "1", "--scale", "0.25")
    assert res.exit_code == 0, res.output
    assert sorted(p.name for p in (tmp_path / "frames").glob("*.png")) == ["frame_00000.png", "frame_00001.png"]
    res = run("export", replay)
    assert res.exit_code == 2 and "--gif" in res.output


def test_view_without_a_display_says_what_to_do(default_run, monkeypatch: pytest.MonkeyPatch) -> None:
    _, replay = default_run
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert not has_display()
    res = run("view", replay)
    assert res.exit_code == 1
    no_traceback(res.output)
    assert "tactics export" in res.output


def test_show_without_a_display_writes_a_gif(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    out = tmp_path / "r.jsonl"
    res = run("skirmish", "--until", "1", "--show", "-q", "--out", out)
    assert res.exit_code == 0, res.output
    assert out.with_suffix(".gif").exists()
    assert "gif:" in res.output


def test_python_dash_m(tmp_path: Path) -> None:
    import subprocess
    import sys

    p = subprocess.run([sys.executable, "-m", "tactics", "--version"], capture_output=True, text=True, cwd=tmp_path)
    assert p.returncode == 0 and __version__ in p.stdout
