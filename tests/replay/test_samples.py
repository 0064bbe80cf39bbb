"""The sample replays in replays/: each reads back, folds, and shows its mechanic.

They read whatever schema they were written in (schema 1 ones are migrated on
load); the schema 1 originals are kept in tests/replay/v1/.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics.replay import load_replay
import msgspec

from tactics.replay.schema import Attack, Climb, End, Fall, Fly, Jump, Move

ROOT = Path(__file__).resolve().parents[2]
NAMES = sorted(p.name for p in (ROOT / "replays").glob("*.jsonl"))


@pytest.mark.parametrize("name", NAMES)
def test_each_sample_is_committed_and_reads_back(name):
    replay = load_replay(ROOT / "replays" / name)
    assert replay.header.schema == 2
    assert isinstance(replay.events[-1], End)
    final = replay.fold().final_state()
    assert set(final.units) == {u.id for u in replay.header.roster}


def events(name, kind):
    return [e for e in load_replay(ROOT / "replays" / name).events if isinstance(e, kind)]


def test_the_samples_show_their_mechanics():
    assert events("charge.jsonl", Attack)[0].charge_m == 8.0
    jumps = events("jump.jsonl", Jump)
    assert [j.success for j in jumps] == [True, False]
    assert events("jump.jsonl", Fall)[0].cause == "failed jump"
    assert events("climb-fall.jsonl", Fall)[0].severity == "dangerous"
    assert max(f.airspeed_after for f in events("flyer-dive.jsonl", Fly)) == 16.0
    dark = [a for a in events("night-archery.jsonl", Attack) if a.light == "dark"]
    assert dark and ("dark light", 5) in dark[0].roll.target_mods
    assert len(load_replay(ROOT / "replays/fight-4v4.jsonl").header.roster) == 8


def test_regenerating_a_sample_gives_the_same_bytes():
    from tactics.samples import charge, flyer_dive  # needs the engine

    for fn in (charge, flyer_dive):
        assert fn().to_bytes() == fn().to_bytes()


def test_the_committed_samples_are_what_make_samples_writes(tmp_path):
    """A change of behaviour shows up here: run `make samples` and commit the replays."""
    from tactics.samples import SAMPLES, write_samples  # needs the engine

    assert set(SAMPLES) <= set(NAMES)
    for path in write_samples(tmp_path):
        assert path.read_bytes() == (ROOT / "replays" / path.name).read_bytes(), f"{path.name} is stale"


def on_the_face(events: list) -> list:
    """Events with what issue #16 changed about climbing taken out: a climber now hangs on the
    face of the rock, not inside it (``tactics.sim.vertical.face_path``), at the same heights and
    times. So a move's climb legs become one (first start, last end), and the east-west and
    north-south of the climb legs, of where a fall from a climb starts and the metres are dropped
    (heights to 9 places: the face path computes them another way).
    """
    out = []
    for ev in events:
        if isinstance(ev, Move):
            legs: list = []
            for leg in ev.legs:
                if leg.kind == "climb" and legs and legs[-1].kind == "climb":
                    legs[-1] = msgspec.structs.replace(legs[-1], end=leg.end, t1=leg.t1)
                else:
                    legs.append(leg)
            climbs = any(leg.kind == "climb" for leg in legs)
            legs = [msgspec.structs.replace(leg, start=(round(leg.start[2], 9),), end=(round(leg.end[2], 9),))
                    if leg.kind in ("climb", "fall") else leg for leg in legs]
            ev = msgspec.structs.replace(ev, legs=legs, metres=0.0 if climbs else ev.metres)
        elif isinstance(ev, Fall):
            ev = msgspec.structs.replace(ev, start=(round(ev.start[2], 9),))
        elif isinstance(ev, Climb):
            ev = msgspec.structs.replace(ev, metres=0.0)
        out.append(ev)
    return out


def test_regenerated_samples_equal_the_migrated_schema_1_ones(tmp_path):
    """The new engine writes for Mano a Mano exactly what the migration makes of the old replays."""
    from tactics.samples import write_samples  # needs the engine

    old = ROOT / "tests" / "replay" / "v1"
    for path in write_samples(tmp_path, [p.stem for p in sorted(old.glob("*.jsonl"))]):
        new, migrated = load_replay(path), load_replay(old / path.name)
        assert on_the_face(new.events) == on_the_face(migrated.events), path.name
        if not any(isinstance(e, Move) and any(leg.kind == "climb" for leg in e.legs) for e in new.events):
            assert new.events == migrated.events, path.name
        assert new.header.roster == migrated.header.roster, path.name
        assert (new.header.options, new.header.ruleset_options) == (
            migrated.header.options, migrated.header.ruleset_options), path.name
