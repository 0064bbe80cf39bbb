"""The d100 tactician's kept phases (tactics/ai/d100_opposed/kept.py) and its best option of each kind change no fight."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tactics import Encounter, load_map
from tactics.ai.d100_opposed import tactician
from tactics.ai.d100_opposed.groups import best_of_kinds, first_of, records
from tactics.rulesets.d100_opposed import load_sheet
from tactics.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[3]
SHEETS = ROOT / "assets" / "characters" / "d100"


DUELIST, HEAVY = load_sheet(SHEETS / "duelist.toml"), load_sheet(SHEETS / "heavy.toml")
"""Loaded once: a kept phase names the sheets by identity (another load is another sheet)."""


def _duel(seed: int, shared: dict) -> bytes:
    enc = Encounter(load_map(ROOT / "maps" / "arena.toml"), seed=seed, ruleset="d100-opposed", shared=shared)
    enc.add(DUELIST, team="red", policy="melee")
    enc.add(HEAVY, team="blue", policy="gunner")
    return enc.run(until=120).to_bytes()


def _counting(monkeypatch: pytest.MonkeyPatch, method: str = "weigh") -> list[int]:
    """Count the calls of a tactician's ``method``: ``weigh``, the phases worked out (not handed back
    from the kept ones); ``plan``, every phase."""
    calls = [0]
    original = getattr(tactician.Tactician, method)

    def counted(self: tactician.Tactician, view: object) -> object:
        calls[0] += 1
        return original(self, view)

    monkeypatch.setattr(tactician.Tactician, method, counted)
    return calls


def test_a_duel_played_again_is_handed_back_whole_and_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    worked = _counting(monkeypatch)
    shared: dict = {}
    fresh = _duel(3, {})
    first = worked[0]
    assert first > 10
    assert _duel(3, shared) == fresh
    worked[0] = 0
    assert _duel(3, shared) == fresh   # every phase met before: none worked out again
    assert worked[0] == 0


def test_duels_on_a_warm_cache_replay_as_fresh_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    shared: dict = {}
    for seed in range(6):
        assert _duel(seed, shared) == _duel(seed, {})
    worked = _counting(monkeypatch)
    phases = _counting(monkeypatch, "plan")
    assert _duel(6, shared) == _duel(6, {})
    assert 0 < worked[0] - phases[0] // 2 < phases[0] // 2   # the warm duel worked out some phases, not all


def test_a_phase_that_built_its_team_field_builds_it_again_when_handed_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """Brawl seed 7 after seeds 1-6 on the same cache hands back phases that built their team's
    field for the round (the runner closing from far off): the field is built again, at the same
    moment, and the fight is the one a fresh cache plays."""
    built = [0]
    team_field = tactician.team_field

    def counted(*args: object, **kw: object) -> object:
        built[0] += 1
        return team_field(*args, **kw)

    monkeypatch.setattr(tactician, "team_field", counted)
    path = ROOT / "maps" / "brawl.encounter.toml"
    warm = load_scenario(path)
    for seed in range(1, 7):
        warm.run(seed=seed)
    assert warm.run(seed=7).to_bytes() == load_scenario(path).run(seed=7).to_bytes()
    assert built[0] > 0


def _full(found: list[tuple]) -> tuple[tuple, list[str]]:
    """The tactician's reading of every option: the first best, then the first of each other kind by score."""
    options = []
    for way, place, _, kind, recs, score, _ in found:
        i, v = first_of(recs, score)
        options.append(((way, i, place), v, kind))
    options.sort(key=lambda o: o[0])
    best = max(options, key=lambda o: o[1])
    seen, alts = {best[2]}, []
    for o in sorted(options, key=lambda o: -o[1]):
        if o[2] not in seen:
            seen.add(o[2])
            alts.append(o)
    return best, alts


def test_the_best_of_each_kind_is_what_the_whole_list_gives() -> None:
    rng = random.Random(5)
    kinds = ["full defense", "aim", "ranged attack on A (rifle)", "melee attack on A (knife)"]
    for _ in range(300):
        found = []
        spot = 1
        for way in range(rng.randint(1, 2)):
            for _group in range(rng.randint(1, 6)):
                members = list(range(spot, spot + rng.randint(1, 4)))
                spot += len(members)
                bases = [rng.choice([0.0, -0.002, -0.004, 0.1]) for _ in members]
                recs = records(members, bases)
                for place, kind in enumerate(rng.sample(kinds, rng.randint(1, 4))):
                    add = rng.choice([0.0, 0.25, 0.5, 0.1 + 0.2])
                    score = (lambda b, add=add: b + add)
                    found.append((way, place, score(recs[-1][1]), kind, recs, score, None))
        best, alts = _full(found)
        kept = [(order, top, i) for order, top, i, _ in best_of_kinds(found)]
        top = max(kept, key=lambda k: k[1])
        assert (top[0], top[1]) == best[:2]
        by_score = sorted(kept, key=lambda k: -k[1])
        assert [k[0] for k in by_score if k[0] != top[0]] == [a[0] for a in alts]


def test_the_spot_of_a_cell_is_the_first_spot_there() -> None:
    from tactics.ai.d100_opposed.spots import Spots

    cells = [(0, 0), (3, 4), (5, 5), (3, 4), (9, 9), (0, 0)]
    sp = Spots([(0.0, 0.0)] * len(cells), [0.0] * len(cells), [0.0] * len(cells), ["bright"] * len(cells), cells=cells)
    for cell in [*cells, (7, 7)]:
        first = next((i for i in range(1, len(cells)) if cells[i] == cell), 0)
        assert sp.index_of(cell) == first
    assert sp.index_of((0, 0)) == 5   # here is spot 0, but a later spot may stand in its cell


def test_kept_phases_hold_atoms_the_collector_stops_tracking() -> None:
    """A kept phase names the policy's class and the sheets by id (kept alive once, in the memo's
    ALIVE entry) and packs its steps: after a collection the collector no longer tracks it."""
    import gc

    from tactics.ai.d100_opposed.kept import ALIVE

    shared: dict = {}
    _duel(4, shared)
    memos = [shared["d100 phases"][1]]
    assert ALIVE in memos[0]
    for _ in range(3):   # a pass may look at a tuple before its parts: let go of in the next
        gc.collect()
    entries = [(k, v) for m in memos for k, v in m.items() if k != ALIVE]
    assert len(entries) > 10
    assert not any(gc.is_tracked(v) for _, v in entries)
    assert not any(gc.is_tracked(k) for k, _ in entries if k[4:6] == (None, None))
    alive = memos[0][ALIVE]
    assert id(DUELIST) in alive and id(HEAVY) in alive and alive[id(DUELIST)] is DUELIST


def test_a_phase_kept_at_one_count_of_idle_phases_is_what_another_count_works_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The kept phases are keyed by the idle phases that wear down caution (``impatient_phases``),
    not by every idle phase: a phase kept after 0 idle phases, handed back after 1 … 6, gives the
    plan and the counters that weighing it afresh gives."""
    from tactics.ai.d100_opposed.policies import Gunner, Melee
    from tactics.scenario import map_for

    for policy, at in ((Melee, (5.0, 13.0)), (Gunner, (5.0, 13.0)), (Melee, (12.0, 13.0))):
        enc = Encounter(map_for("arena"), seed=1, ruleset="d100-opposed", shared={})
        enc.add(DUELIST, team="red", at=at, id="a", policy="passive")
        enc.add(HEAVY, team="blue", at=(14.0, 13.0), id="b", policy="passive")
        view = enc.view_for(enc.combatants["a"])
        policy().plan(view)   # kept at 0 idle phases
        for idle in range(1, 7):
            kept, fresh = policy(), policy()
            kept._idle = fresh._idle = idle
            handed_back = kept.impatient_phases() == 0
            assert handed_back == (idle <= tactician.PATIENT_PHASES)
            worked = _counting(monkeypatch)
            got = kept.plan(view)
            assert worked[0] == (0 if handed_back else 1)
            want = fresh.weigh(view)
            assert (got.steps, got.reason, got.alternatives) == (want.steps, want.reason, want.alternatives)
            assert (kept._idle, kept._waited) == (fresh._idle, fresh._waited)


def test_the_fields_now_a_phase_key_reads_are_each_movers_field_of_the_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """``fields_now`` skips finding the movers when its team keeps no field this round
    (``round_fields``): over brawl seeds 1-3 (the runner closes from far off, so fields are built)
    every answer is each mover's ``round_field``, and both ways are taken."""
    from tactics.ai.d100_opposed import kept
    from tactics.ai.fields import movers, round_field

    asked = {"none yet": 0, "some": 0}
    fields_now = kept.fields_now

    def checked(view: object) -> tuple:
        got = fields_now(view)
        safe, real = movers(view, view.me)
        assert got == (round_field(view, view.me.team, safe), round_field(view, view.me.team, real))
        asked["none yet" if got == (None, None) else "some"] += 1
        return got

    monkeypatch.setattr(kept, "fields_now", checked)
    monkeypatch.setattr(tactician, "fields_now", checked)
    scenario = load_scenario(ROOT / "maps" / "brawl.encounter.toml")
    for seed in range(1, 4):
        scenario.run(seed=seed)
    assert asked["none yet"] > 0 and asked["some"] > 0
