"""No futile turns (issue 17 · Done when): measured from the replays of every shipped encounter.

``pytest -s tests/ai/test_futility.py`` prints the table; ``docs/ai.md`` §
Futile turns records it. The 50-seed sweep is ``slow`` (CI runs it); the
5-seed one runs with every suite.
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from tactics.ai.futility import (MOVE_ODDS, ODDS, POOR_ODDS, Futility, dice_distribution, futility, roll_odds,
                                 table, with_odds)
from tactics.replay.schema import Attack, RollRec, Say, Turn
from tactics.rules.plan import Act, Plan
from tactics.scenario import load_scenario, shipped_encounters

ENCOUNTERS = sorted(shipped_encounters())


@lru_cache(maxsize=None)
def seed_tally(name: str, seed: int) -> Futility:
    sc = load_scenario(shipped_encounters()[name])
    return futility(sc.run(seed=seed).events)


def measure(name: str, seeds: int) -> Futility:
    total = Futility()
    for s in range(seeds):
        total = total + seed_tally(name, s)
    return total


def check_all(seeds: int) -> None:
    rows = [(name, seeds, measure(name, seeds)) for name in ENCOUNTERS]
    print("\n" + table(rows))
    for name, _, f in rows:
        assert f.turns > 0, name
        assert f.attacks > 0, name
        assert f.unknown_odds == 0, name
        assert f.refused_per_100 <= 0.5, f"{name}: {f.refused} refusals in {f.turns} turns"
        assert not f.futile, f"{name}: {f.futile[:3]}"


# -- the measure itself ----------------------------------------------------------
def test_dice_distributions_are_whole():
    for dice, lo, hi in (("d20", 1, 20), ("4dF", -4, 4), ("d100", 1, 100), ("2d6", 2, 12)):
        dist = dict(dice_distribution(dice))
        assert min(dist) == lo and max(dist) == hi
        assert sum(dist.values()) == pytest.approx(1.0)
    assert dict(dice_distribution("4dF"))[0] == pytest.approx(19 / 81)
    assert dice_distribution("a coin") is None


def test_roll_odds_read_the_modifiers_from_the_total():
    # d20 + 4 must beat 15: faces 12..20
    beat = RollRec(dice="d20", faces=[3], total=7, success=False, target=15)
    assert roll_odds(beat, "me") == pytest.approx(9 / 20)
    under = RollRec(dice="d100", faces=[83], total=83, success=False, mode="under", target=45)
    assert roll_odds(under, "me") == pytest.approx(0.45)
    # an opposed 4dF contest, +3 against +0, the tie to the defender
    theirs = RollRec(dice="4dF", faces=[0, 0, 0, 0], total=0, success=False)
    contest = RollRec(dice="4dF", faces=[0, 0, 0, 0], total=3, success=True, mode="opposed", vs=theirs)
    even = RollRec(dice="4dF", faces=[0, 0, 0, 0], total=0, success=True, mode="opposed", vs=theirs)
    assert 0.5 < roll_odds(contest, "me") < 1.0
    assert roll_odds(even, "me") == pytest.approx((1 - dict(dice_distribution("8dF"))[0]) / 2, abs=1e-9)
    # the defender's roll against a group attack: the attack hits when it fails
    group = RollRec(dice="4dF", faces=[0, 0, 0, 0], total=1, success=False, mode="meet", target=4, vs_who="me")
    assert roll_odds(group, "me") == pytest.approx(1 - roll_odds(group, "someone else"))


def _attack(t: float, who: str, faces: int, target: int) -> Attack:
    roll = RollRec(dice="d20", faces=[faces], total=faces, success=faces > target, target=target)
    return Attack(t=t, who=who, target="x", action="strike", weapon="w", roll=roll, hit=faces > target)


def test_futility_counts_refusals_and_judges_poor_attacks_by_the_decisions_record():
    events = [
        Turn(t=0.0, who="a", round=0),
        Say(t=0.0, who="a", text="striking", alternatives=[(ODDS, 0.1), (MOVE_ODDS, 0.4)]),
        _attack(0.0, "a", 5, 19),                        # 10 % with a better move open: futile
        Turn(t=1.0, who="a", round=1),
        Say(t=1.0, who="a", text="striking", alternatives=[(ODDS, 0.1), (MOVE_ODDS, 0.1)]),
        Say(t=1.0, who="a", text="a note from the rules"),   # does not replace the record
        _attack(1.0, "a", 5, 19),                        # poor, but no move helps
        Say(t=1.0, who="a", text="refused: out of reach"),
        Turn(t=2.0, who="a", round=2),
        Say(t=2.0, who="a", text="striking"),
        _attack(2.0, "a", 5, 19),                        # poor by its roll, never looked: futile
        _attack(2.0, "b", 5, 19),                        # b answers a window in a's turn: no move open
        _attack(2.0, "a", 5, 5),                         # 75 %: fine
    ]
    f = futility(events)
    assert (f.turns, f.refused, f.attacks, f.unknown_odds) == (3, 1, 5, 0)
    assert f.refused_per_100 == pytest.approx(100 / 3)
    assert [a.t for a in f.poor] == [0.0, 1.0, 2.0, 2.0]
    assert [(a.t, a.who) for a in f.futile] == [(0.0, "a"), (2.0, "a")]
    assert (f + f).turns == 6 and len((f + f).futile) == 4


def test_with_odds_records_poor_odds_and_leaves_a_paying_plan_alone():
    plan = Plan([Act("strike", target="x")], "striking", (("hold", 0.2),))
    assert with_odds(plan, 0.6, 0.6) is plan
    assert with_odds(plan, 0.6, 0.6, always=True).alternatives == (("hold", 0.2), (ODDS, 0.6))
    poor = with_odds(plan, 0.05, 0.3)
    assert poor.alternatives[-2:] == ((ODDS, 0.05), (MOVE_ODDS, 0.3)) and poor.steps == plan.steps
    assert POOR_ODDS == 0.15


def test_a_replay_file_reads_the_same_as_the_fights_events(tmp_path):
    from tactics.replay import load_replay

    res = load_scenario(shipped_encounters()["canyon"]).run(seed=3)
    path = tmp_path / "canyon.jsonl"
    res.save(path)
    a, b = futility(res.events), futility(load_replay(path).events)
    assert (a.turns, a.refused, a.attacks, len(a.poor)) == (b.turns, b.refused, b.attacks, len(b.poor))


# -- the criterion on every shipped encounter -------------------------------------
def test_the_flyers_canyon_has_no_refused_strikes_at_a_flyer_out_of_reach():
    f = measure("canyon", 5)
    assert f.turns > 200 and f.refused_per_100 <= 0.5


def test_no_futile_turns_on_any_shipped_encounter_over_5_seeds():
    check_all(5)


@pytest.mark.slow
def test_no_futile_turns_on_any_shipped_encounter_over_50_seeds():
    check_all(50)


# -- the policies' side ------------------------------------------------------------
def _under_a_flyer(z: float):
    from pathlib import Path

    from tactics import Encounter, load_character, load_map

    root = Path(__file__).resolve().parents[2]
    enc = Encounter(load_map(root / "maps" / "arena.toml"), seed=1)
    me = enc.add(load_character(root / "assets/characters/soldier.toml"), team="red", at=(10.0, 10.0),
                 policy="cautious")
    flyer = enc.add(load_character(root / "assets/characters/winged.toml"), team="blue", at=(11.0, 10.0),
                    policy="passive", flying=True)
    enc.combatants[flyer.id].z = z
    return enc.view_for(enc.combatants[me.id]), flyer


def test_lawful_drops_a_strike_the_rules_refuse_and_keeps_one_after_a_move():
    from tactics.ai.mano_a_mano.lawful import lawful
    from tactics.rules.plan import MoveTo

    view, flyer = _under_a_flyer(4.0)
    strike = Act("quick strike", target=flyer.id, weapon="arming sword")
    assert view.refusal(strike) is not None           # 4 m up: out of reach
    bare = lawful(view, Plan([strike], "striking"))
    assert bare.steps == [] and "nothing allowed" in bare.reason
    moved = lawful(view, Plan([MoveTo(12.0, 10.0), strike], "walking in"))
    assert moved.steps[-1] == strike                   # reach after a move is the policy's business


def test_a_soldier_under_a_flyer_out_of_reach_waits_for_it_in_a_counter():
    from tactics.ai.approach import overhead
    from tactics.ai.mano_a_mano.cautious import Cautious

    view, flyer = _under_a_flyer(4.0)
    assert overhead(view, view.me, flyer, near=True)
    plan = Cautious().plan(view)
    assert [s.action for s in plan.steps] == ["prepare counter"] and "overhead" in plan.reason
    low, flyer = _under_a_flyer(1.0)
    assert not overhead(low, low.me, flyer)
    assert any(isinstance(s, Act) and s.target == flyer.id for s in Cautious().plan(low).steps)


def test_a_plan_that_already_carries_its_odds_is_not_recorded_twice():
    """A policy built on another passes its plan through the guard twice; the odds go in once."""
    from tactics.ai.futility import MOVE_ODDS, ODDS
    from tactics.ai.mano_a_mano.lawful import odds_record
    from tactics.sim.plan import Act, Plan

    plan = Plan([Act("quick shot", target="blue-1")], "shooting", ((ODDS, 0.05), (MOVE_ODDS, 0.3)))
    assert odds_record(object(), plan) is plan  # the view is not even looked at
