"""Forking recorded fights: the prefix re-simulates exactly, an unchanged fork is the recording byte
for byte, a change changes the continuation, and what cannot be re-simulated is refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest
from typer.testing import CliRunner

from tactics.cli import app
from tactics.errors import InputError
from tactics.replay import load_replay
from tactics.scenario import default_scenario
from tactics.whatif.fork import fork, verify
from tactics.whatif.rebuild import encode_event

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted(ROOT.joinpath("replays").glob("*.jsonl"))
SEEDED = [p for p in SAMPLES if load_replay(p).header.seed is not None]
SCRIPTED = [p for p in SAMPLES if load_replay(p).header.seed is None]
runner = CliRunner()


def cli(*args: object):
    return runner.invoke(app, [str(a) for a in args])


def test_there_are_seeded_and_scripted_samples() -> None:
    assert len(SEEDED) >= 6 and len(SCRIPTED) >= 3
    assert ROOT / "replays" / "fight-4v4.jsonl" in SEEDED


@pytest.mark.parametrize("path", SEEDED, ids=lambda p: p.name)
def test_fork_reproduces_the_recorded_prefix_and_the_whole_fight(path: Path) -> None:
    data = path.read_bytes()
    rec = load_replay(path)
    end = rec.events[-1].t
    for at in (0.0, end * 0.3, end * 0.7):
        enc = rec.fork(at=at)
        got = [encode_event(ev) for ev in enc.events]
        assert got == [encode_event(ev) for ev in rec.events[:len(got)]]
        assert all(ev.t >= at for ev in rec.events[len(got):])  # nothing recorded before `at` is missing
        assert enc.run(until=enc.until).to_bytes() == data  # unchanged options, recorded seed: byte for byte


def test_pausing_is_invisible() -> None:
    sc = default_scenario()
    whole = sc.build(4).run(until=sc.until).to_bytes()
    enc = sc.build(4)
    assert enc.run_until(2.5) and enc.paused
    assert enc.run_until(5.0)
    assert enc.run(until=sc.until).to_bytes() == whole
    with pytest.raises(RuntimeError):
        enc.run(until=sc.until)


def test_a_changed_policy_changes_the_continuation_only_after_the_moment() -> None:
    rec = load_replay(ROOT / "replays" / "fight-4v4.jsonl")
    at = 2.0
    base = rec.fork(at=at).run(until=300)
    changed = rec.fork(at=at, teams={"red": "cautious"}).run(until=300)
    n = sum(1 for ev in rec.events if ev.t < at)
    enc = lambda r: [encode_event(ev) for ev in r.events]  # noqa: E731
    assert enc(changed)[:n] == enc(base)[:n]
    assert enc(changed) != enc(base)
    assert {u.policy for u in changed.header.roster if u.team == "red"} == {"cautious"}


def test_a_new_seed_rolls_new_dice_from_the_moment() -> None:
    rec = load_replay(ROOT / "replays" / "fight-4v4.jsonl")
    enc = rec.fork(at=3.0, seed=11)
    assert enc.world.dice is enc.dice and enc.dice.seed == 11 and enc.seed == rec.header.seed
    outcomes = {rec.fork(at=3.0, seed=s).run(until=300).to_bytes() for s in range(4)}
    assert len(outcomes) > 1
    assert rec.fork(at=3.0, seed=9).run(until=300).to_bytes() == rec.fork(at=3.0, seed=9).run(until=300).to_bytes()


def test_ruleset_option_from_the_moment() -> None:
    rec = load_replay(ROOT / "replays" / "fight-4v4.jsonl")
    enc = rec.fork(at=1.0, overrides={"options.charging": False})
    assert enc.rule_options.charging is False and enc.world.options is enc.rule_options


@pytest.mark.parametrize("path", SCRIPTED, ids=lambda p: p.name)
def test_scripted_dice_are_refused_in_one_line(path: Path) -> None:
    with pytest.raises(InputError) as err:
        load_replay(path).fork(at=0.5)
    msg = str(err.value)
    assert "\n" not in msg and msg.startswith(str(path)) and "scripted" in msg
    res = cli("fork", path, "--at", "0.5", "--runs", "2", "--workers", "1")
    assert res.exit_code == 2 and "Traceback" not in res.output


def _doctored(tmp_path: Path, name: str, header=None, event=None) -> Path:
    lines = (ROOT / "replays" / name).read_text().splitlines()
    if header:
        h = json.loads(lines[0])
        header(h)
        lines[0] = json.dumps(h)
    if event:
        event(lines)
    out = tmp_path / name
    out.write_text("\n".join(lines) + "\n")
    return out


def test_an_unknown_policy_is_refused_in_one_line(tmp_path: Path) -> None:
    def mine(h):
        h["roster"][0]["policy"] = "my-own-policy"

    path = _doctored(tmp_path, "modre.jsonl", header=mine)
    with pytest.raises(InputError) as err:
        load_replay(path).fork(at=1.0)
    msg = str(err.value)
    assert "\n" not in msg and str(path) in msg and "my-own-policy" in msg
    res = cli("fork", path, "--at", "1", "--runs", "2", "--workers", "1")
    assert res.exit_code == 2 and "my-own-policy" in res.output
    res = cli("analyze", path, "--runs", "2", "--workers", "1")
    assert res.exit_code == 2


def test_a_recording_the_re_simulation_does_not_match_is_refused_naming_the_event(tmp_path: Path) -> None:
    rec = load_replay(ROOT / "replays" / "fight-4v4.jsonl")
    i = next(i for i, ev in enumerate(rec.events) if type(ev).__name__ == "Attack")

    def older(h):
        h["tactics_version"] = "0.0.1"

    def tamper(lines):
        ev = json.loads(lines[i + 1])
        ev["weapon"] += " (doctored)"  # reads back (a roll that does not add up would not: docs/limits.md)
        lines[i + 1] = json.dumps(ev, separators=(",", ":"))

    path = _doctored(tmp_path, "fight-4v4.jsonl", header=older, event=tamper)
    bad = load_replay(path)
    t = bad.events[i].t
    bad.fork(at=t)  # the prefix before the tampered event still matches
    with pytest.raises(InputError) as err:
        bad.fork(at=t + 0.5)
    msg = str(err.value)
    assert "\n" not in msg and f"event {i + 1}" in msg and "recorded by tactics 0.0.1" in msg
    with pytest.raises(InputError):
        verify(bad)
    res = cli("fork", path, "--at", t + 0.5, "--runs", "2", "--workers", "1")
    assert res.exit_code == 2 and f"event {i + 1}" in res.output


def test_bad_moments_and_changes_are_refused() -> None:
    rec = load_replay(ROOT / "replays" / "modre.jsonl")
    for kwargs in ({"at": -1}, {"at": 99}, {"at": 1, "teams": {"green": "advance"}},
                   {"at": 1, "teams": {"red": "no-such-policy"}}, {"at": 1, "overrides": {"round_seconds": 2}},
                   {"at": 1, "overrides": {"nonsense": 1}}, {"at": 1, "until": 0.5}):
        with pytest.raises(InputError):
            fork(rec, **kwargs)


def test_cli_fork_plays_continuations_and_keeps_them(tmp_path: Path) -> None:
    path = ROOT / "replays" / "modre.jsonl"
    res = cli("fork", path, "--at", "1", "--runs", "4", "--workers", "1", "--seed", "3", "--keep", tmp_path,
              "--team", "blue=passive", "--no-progress")
    assert res.exit_code == 0, res.output
    assert "red wins" in res.output and "95% CI" in res.output
    kept = sorted(tmp_path.glob("run-*.jsonl"))
    assert len(kept) == 4
    for k in kept:
        r = load_replay(k)
        assert [msgspec.json.encode(e) for e in r.events if e.t < 1] == \
               [msgspec.json.encode(e) for e in load_replay(path).events if e.t < 1]


def test_a_fighter_who_joined_later_is_rebuilt_and_takes_the_new_policy() -> None:
    from tactics import Encounter, load_character, load_map
    from tactics.replay.reader import parse_replay

    enc = Encounter(load_map(ROOT / "maps" / "arena.toml"), seed=5)
    enc.add(load_character(ROOT / "assets" / "characters" / "steven.toml"), team="red", policy="brawler")
    enc.add(load_character(ROOT / "assets" / "characters" / "clone.toml"), team="blue", policy="brawler")
    archer = load_character(ROOT / "assets" / "characters" / "archer.toml")
    enc.at(2.0, lambda e: e.add(archer, team="blue", at=(30.0, 10.0), policy="archer"))
    data = enc.run(until=120).to_bytes()
    rec = parse_replay(data, "joiner.jsonl")
    assert [u.joins_at for u in rec.header.roster] == [0.0, 0.0, 2.0]
    verify(rec)
    for at in (1.0, 2.5):
        branch = rec.fork(at=at)
        assert branch.run(until=branch.until).to_bytes() == data
    later = rec.fork(at=1.0, teams={"blue": "cautious"}).run(until=120)
    assert [u.policy for u in later.header.roster if u.team == "blue"] == ["cautious", "cautious"]
