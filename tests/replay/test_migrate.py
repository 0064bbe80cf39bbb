"""Schema 1 replays load, migrated to schema 2, and read as the schema 1 reader read them.

The expected numbers are worked out here from the raw schema 1 JSON with a few
lines of plain Python (the old fold's rules), never through the new code.
"""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from tactics.log import FightLog, final_rows
from tactics.replay import load_replay, parse_replay
from tactics.replay import schema as s2
from tactics.replay.migrate import mano_presentation

V1 = Path(__file__).resolve().parent / "v1"
SAMPLES = sorted(p.name for p in V1.glob("*.jsonl"))


def raw(name: str) -> list[dict]:
    return [json.loads(line) for line in (V1 / name).read_text().splitlines() if line.strip()]


def old_final(lines: list[dict]) -> dict[str, dict]:
    """The schema 1 fold, by hand: stun, damage, health, active, hits, misses per unit."""
    units = {u["id"]: {"stun": 0, "damage": 0, "health": "healthy", "active": True, "hits": 0, "misses": 0}
             for u in lines[0]["roster"]}
    for ev in lines[1:]:
        u = units.get(ev.get("who"))
        if u is None:
            continue
        if ev["type"] == "damage":
            u.update(stun=ev["total_stun"], damage=ev["total_damage"], health=ev["health"])
            if ev["health"] == "incapacitated":
                u["active"] = False
        elif ev["type"] == "state":
            for k in ("stun", "damage", "health", "active"):
                if k in ev["changes"]:
                    u[k] = ev["changes"][k]
        elif ev["type"] == "attack":
            u["hits" if ev["hit"] else "misses"] += 1
    return units


def test_there_are_schema_1_samples_to_migrate():
    assert {"charge.jsonl", "climb-fall.jsonl", "fight-4v4.jsonl", "flyer-dive.jsonl", "jump.jsonl",
            "night-archery.jsonl"} <= set(SAMPLES)
    for name in SAMPLES:
        assert raw(name)[0]["schema"] == 1


@pytest.mark.parametrize("name", SAMPLES)
def test_each_schema_1_sample_loads_as_schema_2(name):
    lines = raw(name)
    replay = load_replay(V1 / name)
    h = replay.header
    assert (h.schema, h.ruleset, h.ruleset_version) == (2, "mano-a-mano", "1")
    old_opts = lines[0]["options"]
    assert list(h.options) == [k for k in old_opts if k in ("round_seconds", "stall_rounds", "keyframe_every")]
    assert list(h.ruleset_options) == [k for k in old_opts if k not in h.options]
    for u, old in zip(h.roster, lines[0]["roster"]):
        assert u.presentation == mano_presentation(old["toughness"], old["stamina"])
        assert u.presentation.bar.max == old["stamina"]
        assert u.presentation.bar.marks == [("toughness", old["toughness"])]
    assert all(type(ev).__module__ == "tactics.replay.schema" for ev in replay.events)
    assert [e["t"] for e in lines[1:] if e["type"] == "attack"] == [e.t for e in replay.events
                                                                  if isinstance(e, s2.Attack)]


@pytest.mark.parametrize("name", SAMPLES)
def test_the_fold_and_final_table_agree_with_schema_1(name):
    lines = raw(name)
    expected = old_final(lines)
    replay = load_replay(V1 / name)
    final = replay.fold().final_state()
    rows = {r["id"]: r for r in final_rows(replay.header, replay.events)}
    for uid, want in expected.items():
        u = final.units[uid]
        assert u.tracks == {"stun": want["stun"], "damage": want["damage"]}, uid
        assert (u.standing, u.active, u.hits, u.misses) == (want["health"], want["active"], want["hits"],
                                                            want["misses"]), uid
        r = rows[uid]
        assert (r["stun"], r["damage"], r["standing"], r["health"], r["hits"], r["misses"]) == (
            want["stun"], want["damage"], want["health"], want["health"], want["hits"], want["misses"])


@pytest.mark.parametrize("name", SAMPLES)
def test_the_fold_agrees_with_schema_1_at_every_event(name):
    lines = raw(name)
    replay = load_replay(V1 / name)
    tl = replay.fold()
    times = sorted({e["t"] for e in lines[1:]})
    for t in times:
        expected = old_final([lines[0]] + [e for e in lines[1:] if e["t"] <= t])
        state = tl.state_at(t)
        for uid, want in expected.items():
            u = state.units[uid]
            assert (u.tracks["stun"], u.tracks["damage"], u.standing, u.hits, u.misses) == (
                want["stun"], want["damage"], want["health"], want["hits"], want["misses"]), (t, uid)


@pytest.mark.parametrize("name", SAMPLES)
def test_the_log_tells_the_schema_1_story(name):
    lines = raw(name)
    replay = load_replay(V1 / name)
    log = list(FightLog(replay.header, replay.events).lines())
    attacks = [e for e in lines[1:] if e["type"] == "attack"]
    attack_lines = [x for x in log if x.kind == "attack"]
    assert len(attack_lines) == len(attacks)
    for ev, line in zip(attacks, attack_lines):
        r = ev["roll"]
        assert f"d20 {r['die']}" in line.text and f"vs {r['difficulty']}" in line.text
        assert ("(natural 20)" in line.text) == (r["die"] == 20)
        assert line.text.endswith("miss") != ev["hit"]
        if ev.get("damage"):
            assert f"{ev['damage']} damage" in line.text
        if ev.get("stun"):
            assert f"{ev['stun']} stun" in line.text
    # a line each time a unit goes down, as schema 1 said it
    health = {u["id"]: "healthy" for u in lines[0]["roster"]}
    downs = 0
    for ev in lines[1:]:
        new = ev.get("health") if ev["type"] == "damage" else ev.get("changes", {}).get("health")
        if new is not None and new != health[ev["who"]]:
            downs += new == "incapacitated"
            health[ev["who"]] = new
    assert sum(1 for x in log if x.kind == "down") == downs


def _v1(events: list[dict], **unit) -> bytes:
    u = {"id": "a", "name": "Ann", "team": "red", "sheet": {}, "start": [0, 0, 0], "toughness": 7, "stamina": 14}
    u.update(unit)
    head = {"type": "header", "format": "tactics-replay", "schema": 1, "tactics_version": "0.1.0", "seed": 1,
            "ruleset": "mano-a-mano",
            "options": {"round_seconds": 1.0, "random_damage": False, "critical_hit": True, "charging": True,
                        "stall_rounds": 30, "keyframe_every": 10.0},
            "map": {}, "roster": [u, dict(u, id="b", name="Bob", team="blue")]}
    return b"".join(json.dumps(x).encode() + b"\n" for x in [head, *events])


def test_migration_rules_to_the_letter():
    roll = {"die": 20, "total": 24, "difficulty": 12, "success": True, "modifiers": [["skill", 4]],
            "difficulty_mods": [["melee defense", 12]]}
    events = [
        {"type": "attack", "t": 0.0, "who": "a", "target": "b", "action": "quick strike", "weapon": "hands",
         "roll": roll, "hit": True, "power": 5, "absorbed": 1, "damage": 2, "stun": 3, "counter": True},
        {"type": "damage", "t": 0.0, "who": "b", "stun": 3, "damage": 2, "total_stun": 3, "total_damage": 2,
         "health": "healthy", "source": "quick strike by Ann"},
        {"type": "state", "t": 0.5, "who": "b", "changes": {"posture": "on_the_ground", "grapple": "a",
                                                             "grapple_role": "inferior", "counter_ready": True}},
        {"type": "state", "t": 1.0, "who": "b", "changes": {"stun": 1, "defense_bonus": 2}},
        {"type": "state", "t": 1.5, "who": "b", "changes": {"stun": 1, "counter_ready": False}},
        {"type": "state", "t": 2.0, "who": "b", "changes": {"health": "injured"}},
        {"type": "state", "t": 2.5, "who": "b", "changes": {"stun": 0, "posture": "standing"}},
        {"type": "fall", "t": 3.0, "who": "a", "height": 3.0, "severity": "minor", "start": [0, 0, 3],
         "end": [0, 0, 0], "cause": "pushed", "roll": {"die": 5, "total": 5, "difficulty": 10, "success": False},
         "stun": 2},
        {"type": "end", "t": 4.0, "winner": None, "reason": "time"},
    ]
    rep = parse_replay(_v1(events))
    h = rep.header
    assert h.options == {"round_seconds": 1.0, "stall_rounds": 30, "keyframe_every": 10.0}
    assert list(h.ruleset_options.items()) == [("random_damage", False), ("critical_hit", True), ("charging", True)]
    assert h.roster[0].presentation == s2.Presentation(
        tracks=[s2.TrackInfo("stun", 14, "temporary"), s2.TrackInfo("damage", 14, "harm")],
        standings=[s2.StandingInfo("healthy", True), s2.StandingInfo("injured", True),
                   s2.StandingInfo("incapacitated", False)],
        bar=s2.BarInfo(segments=["damage", "stun"], max=14, marks=[("toughness", 7)]),
        statuses=[s2.StatusIcon("prone", "prone", "on the ground"), s2.StatusIcon("partner", "grapple", "grappling"),
                  s2.StatusIcon("prepared", "counter", "counter ready", "counter"),
                  s2.StatusIcon("aiming", "aim", "aiming"), s2.StatusIcon("drawn", "bow", "bow drawn"),
                  s2.StatusIcon("climbing", "climb", "climbing"), s2.StatusIcon("defense_bonus", "shield", "defending")])
    r2 = s2.RollRec(dice="d20", faces=[20], total=24, success=True, mode="beat", target=12, mods=[("skill", 4)],
                    target_mods=[("melee defense", 12)], tags=["natural 20"])
    assert rep.events == [
        s2.Attack(t=0.0, who="a", target="b", action="quick strike", weapon="hands", roll=r2, hit=True,
                  harm={"damage": 2, "stun": 3}, details=[("power", 5), ("absorbed", 1)], reaction="counter"),
        s2.Harm(t=0.0, who="b", changes={"damage": 2, "stun": 3}, tracks={"stun": 3, "damage": 2},
                standing="healthy", source="quick strike by Ann"),
        s2.State(t=0.5, who="b", changes={"prone": True, "partner": "a", "role": "inferior", "prepared": "counter"}),
        s2.Harm(t=1.0, who="b", changes={"stun": -2}, tracks={"stun": 1, "damage": 2}, standing="healthy",
                source="rest"),
        s2.State(t=1.0, who="b", changes={"defense_bonus": 2}),
        s2.State(t=1.5, who="b", changes={"prepared": None}),
        s2.Harm(t=2.0, who="b", changes={}, tracks={"stun": 1, "damage": 2}, standing="injured", source="recovery"),
        s2.Harm(t=2.5, who="b", changes={"stun": -1}, tracks={"stun": 0, "damage": 2}, standing="injured",
                source="recovery"),
        s2.State(t=2.5, who="b", changes={"prone": False}),
        s2.Fall(t=3.0, who="a", height=3.0, severity="minor", start=(0, 0, 3), end=(0, 0, 0), cause="pushed",
                roll=s2.RollRec(dice="d20", faces=[5], total=5, success=False, target=10), harm={"stun": 2}),
        s2.End(t=4.0, winner=None, reason="time"),
    ]
    # keys in place: the renamed keys keep their position in the dict
    assert list(rep.events[2].changes) == ["prone", "partner", "role", "prepared"]
    assert list(rep.events[0].harm) == ["damage", "stun"]
    # the migrated replay encodes as schema 2 and reads back the same
    from tactics.replay.writer import encode_replay

    again = parse_replay(encode_replay(h, rep.events))
    assert again.header == h and again.events == rep.events


def test_a_bad_schema_1_event_names_its_line():
    from tactics.errors import InputError

    data = _v1([{"type": "damage", "t": 0.0, "who": "a", "stun": "lots"}])
    with pytest.raises(InputError, match="line 2: bad event"):
        parse_replay(data, "old.jsonl")
    # a schema 2 event in a schema 1 file is bad too
    harm = msgspec.json.encode(s2.Harm(t=0.0, who="a", changes={}, tracks={}, standing="x", source="y"))
    with pytest.raises(InputError, match="line 2: bad event"):
        parse_replay(_v1([]) + harm + b"\n", "old.jsonl")


def test_a_gzipped_schema_1_replay_migrates_the_same(tmp_path):
    import gzip

    src = V1 / "jump.jsonl"
    gz = tmp_path / "jump.jsonl.gz"
    gz.write_bytes(gzip.compress(src.read_bytes()))
    a, b = load_replay(src), load_replay(gz)
    assert a.header == b.header and a.events == b.events and b.source == str(gz)
