"""The replay format: writing atomically, reading back, naming the first bad line."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from tactics.errors import InputError
from tactics.replay import FORMAT, Header, UnitInfo, load_replay, write_replay
from tactics.replay.schema import (Attack, BarInfo, End, Harm, LegRec, Move, Presentation, RollRec, Say,
                                   StandingInfo, State, TrackInfo, Turn)
from tactics.replay.writer import ReplayWriter

PRESENTATION = Presentation(
    tracks=[TrackInfo("hp", 15, "health", start=15), TrackInfo("fatigue", 10, "stun")],
    standings=[StandingInfo("fighting", True), StandingInfo("reeling", True), StandingInfo("out", False)],
    bar=BarInfo(["hp"], 15),
)


def header(**kw) -> Header:
    unit = UnitInfo(id="red-1", name="Steven", team="red", sheet={"name": "Steven"}, start=(1.0, 1.0, 0.0),
                    presentation=PRESENTATION)
    base = dict(format=FORMAT, schema=2, tactics_version="0.2.0", seed=3, ruleset="test",
                options={}, map={}, roster=[unit], keyframe_every=1.0)
    base.update(kw)
    return Header(**base)


EVENTS = [
    Turn(t=0.0, who="red-1", round=1),
    Move(t=0.0, who="red-1", legs=[LegRec("walk", (1.0, 1.0, 0.0), (5.0, 1.0, 0.0), 0.0, 0.8)]),
    Attack(t=0.0, who="red-1", target="red-1", action="quick strike", weapon="hands",
           roll=RollRec(dice="d20", faces=[14], total=16, target=14, success=True, mods=[("hands attack", 2)]),
           hit=True, harm={"hp": -1, "fatigue": 2}, details=[("power", 3)]),
    Harm(t=0.0, who="red-1", changes={"hp": -1, "fatigue": 2}, tracks={"hp": 14, "fatigue": 2}, standing="fighting",
         source="x"),
    Harm(t=1.0, who="red-1", changes={"fatigue": -1}, tracks={"hp": 14, "fatigue": 1}, standing="fighting",
         source="rest"),
    State(t=1.0, who="red-1", changes={"prone": True, "winded": 2}),
    Say(t=2.5, who="red-1", text="resting"),
    Harm(t=3.0, who="red-1", changes={"hp": -14}, tracks={"hp": 0, "fatigue": 1}, standing="out", source="y"),
    End(t=3.0, winner=None, reason="nobody can act any more"),
]


def test_write_read_round_trip_and_gzip(tmp_path):
    for name in ("r.jsonl", "r.jsonl.gz"):
        path = write_replay(tmp_path / name, header(), EVENTS)
        replay = load_replay(path)
        assert replay.header == header() and replay.events == EVENTS
    raw = (tmp_path / "r.jsonl").read_bytes()
    assert gzip.decompress((tmp_path / "r.jsonl.gz").read_bytes()) == raw
    assert raw.count(b"\n") == len(EVENTS) + 1


def test_gzip_output_is_deterministic(tmp_path):
    a = write_replay(tmp_path / "a.jsonl.gz", header(), EVENTS).read_bytes()
    b = write_replay(tmp_path / "b.jsonl.gz", header(), EVENTS).read_bytes()
    assert a == b


def test_the_fold_rebuilds_state_at_any_time_forward_and_back(tmp_path):
    tl = load_replay(write_replay(tmp_path / "r.jsonl", header(), EVENTS)).fold()
    s = tl.state_at(0.4)
    assert (s.units["red-1"].x, s.units["red-1"].tracks, s.units["red-1"].moving) == (
        3.0, {"hp": 14, "fatigue": 2}, "walk")
    assert tl.state_at(-1.0).units["red-1"].tracks == {"hp": 15, "fatigue": 0}
    assert tl.state_at(-1.0).units["red-1"].standing == "fighting"
    one = tl.state_at(1.0).units["red-1"]
    assert (one.tracks["fatigue"], one.prone, one.status) == (1, True, {"winded": 2})
    assert tl.state_at(2.9).units["red-1"].last_say == "resting"
    late = tl.state_at(3.0).units["red-1"]
    assert (late.standing, late.health, late.active, late.tracks["hp"]) == ("out", "out", False, 0)
    assert tl.presentation["red-1"] == PRESENTATION and tl.able["red-1"] == {"fighting", "reeling"}
    # backward after forward gives the same answer as fresh
    assert tl.state_at(0.4) == s
    assert tl.state_at(0.0).units["red-1"].hits == 1
    assert tl.final_state().ended.reason == "nobody can act any more"


def test_state_at_copies_never_touch_the_keyframes(tmp_path):
    tl = load_replay(write_replay(tmp_path / "r.jsonl", header(), EVENTS)).fold()
    a = tl.state_at(1.5).units["red-1"]
    a.tracks["hp"] = -99
    a.status["winded"] = 99
    b = tl.state_at(1.5).units["red-1"]
    assert b.tracks["hp"] == 14 and b.status == {"winded": 2}


def test_the_writer_leaves_nothing_when_interrupted(tmp_path):
    path = tmp_path / "half.jsonl"
    with pytest.raises(RuntimeError):
        with ReplayWriter(path, header()) as w:
            w.write(EVENTS[0])
            raise RuntimeError("crash mid-fight")
    assert not path.exists()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "mutate, place, problem",
    [
        (lambda lines: lines[:3] + [lines[3][: len(lines[3]) // 2]], "line 4", "truncated"),
        (lambda lines: lines[:2] + ['{"type":"teleport","t":1.0,"who":"red-1"}'] + lines[2:], "line 3", "bad event"),
        (lambda lines: lines[:2] + ['{"type":"say","t":"soon","who":"red-1","text":"x"}'] + lines[2:], "line 3", "bad event"),
        (lambda lines: ['{"type":"header","format":"other"}'] + lines[1:], "line 1", "bad header"),
        (lambda lines: [lines[0].replace('"schema":2', '"schema":99')] + lines[1:], "line 1", "newer"),
        (lambda lines: [lines[0].replace('"schema":2', '"schema":0')] + lines[1:], "line 1", "schema 0"),
        (lambda lines: [lines[0].replace('"presentation"', '"look"')] + lines[1:], "line 1", "bad header"),
        (lambda lines: lines[:1] + [lines[6], lines[1]], "line 3", "time runs backwards"),
        (lambda lines: [], "line 1", "empty"),
    ],
)
def test_bad_replays_name_the_file_and_line(tmp_path, mutate, place, problem):
    good = write_replay(tmp_path / "good.jsonl", header(), EVENTS).read_text().splitlines()
    bad = tmp_path / "bad.jsonl"
    lines = mutate(good)
    text = "\n".join(lines)
    if problem != "truncated" and lines:
        text += "\n"
    bad.write_text(text)
    with pytest.raises(InputError) as info:
        load_replay(bad)
    msg = str(info.value)
    assert msg.startswith(f"{bad}: {place}: ") and problem in msg
    assert "\n" not in msg


def test_a_missing_file_is_one_line(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        load_replay(tmp_path / "nope.jsonl")


@pytest.mark.parametrize("name", ["s.jsonl", "s.jsonl.gz"])
def test_the_writer_streams_to_a_hidden_file_and_any_batch_size_gives_the_same_bytes(tmp_path, name):
    events = EVENTS * 50
    whole = write_replay(tmp_path / "whole" / name, header(), events).read_bytes()
    path = tmp_path / "streamed" / name
    w = ReplayWriter(path, header(), batch=7)
    for ev in events[:100]:
        w.write(ev)
    (part,) = path.parent.iterdir()  # the batches so far are on disk, under a hidden name
    assert part.name.startswith(".") and not path.exists()
    assert part.stat().st_size > 0 or name.endswith(".gz")  # the compressor keeps a buffer of its own
    w.write_many(events[100:])
    assert w.close().read_bytes() == whole
    assert [p.name for p in path.parent.iterdir()] == [name]


def test_an_aborted_or_dropped_writer_leaves_nothing(tmp_path):
    import gc

    aborted = ReplayWriter(tmp_path / "a.jsonl", header(), batch=2)
    aborted.write_many(EVENTS)
    aborted.abort()
    dropped = ReplayWriter(tmp_path / "b.jsonl.gz", header(), batch=2)
    dropped.write_many(EVENTS)
    del dropped
    gc.collect()
    assert list(tmp_path.iterdir()) == []
    assert aborted.close() == tmp_path / "a.jsonl" and list(tmp_path.iterdir()) == []  # closed once, as aborted


def test_a_failed_rename_removes_the_temporary_file(tmp_path):
    from tactics.replay.atomic import AtomicFile

    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "inside").write_text("x")  # a non-empty folder cannot be replaced by a file
    f = AtomicFile(tmp_path / "taken")
    f.write(b"data")
    with pytest.raises(OSError):
        f.commit()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]


def test_a_forked_child_leaves_its_parents_unfinished_replay_alone(tmp_path, monkeypatch):
    """In a forked child (another pid) dropping the writer's copy removes nothing; the parent finishes it."""
    import os

    w = ReplayWriter(tmp_path / "r.jsonl", header(), batch=2)
    w.write_many(EVENTS)
    parent = os.getpid()
    monkeypatch.setattr(os, "getpid", lambda: parent + 1)  # as the child sees it
    w._file.discard()
    monkeypatch.undo()
    assert w.close().read_bytes() == write_replay(tmp_path / "whole.jsonl", header(), EVENTS).read_bytes()


def test_a_dropped_gzip_writer_closes_quietly(tmp_path):
    """Dropped unfinished, a gzip writer's stream is closed before its file (in development mode
    Python reports a stream closed after its file as an ignored exception)."""
    import subprocess
    import sys

    code = ("import gc, pathlib, sys\n"
            "from tactics.replay.writer import ReplayWriter\n"
            "from tests.replay.test_format import header, EVENTS\n"
            "d = pathlib.Path(sys.argv[1])\n"
            "w = ReplayWriter(d / 'a.jsonl.gz', header(), batch=2); w.write_many(EVENTS); w.abort(); del w\n"
            "w = ReplayWriter(d / 'b.jsonl.gz', header(), batch=2); w.write_many(EVENTS); del w\n"
            "gc.collect()\n")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-X", "dev", "-c", code, str(tmp_path)], cwd=root, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert list(tmp_path.iterdir()) == []
