"""The shipped cavalry encounter and the mounted policies (tactics/ai/mano_a_mano/mounted.py):
riders charge at their horses' running, mounts strike what is in reach, riders handle their
mounts; the scenario's ``rides`` key is checked like every other (one line naming the place)."""

from __future__ import annotations

import pytest

from tactics import Encounter
from tactics.ai.mano_a_mano.mounted import Mount, Rider, riding_odds
from tactics.dice import ScriptedDice
from tactics.errors import InputError
from tactics.map import TacticalMap
from tactics.replay.schema import Attack, Roll, State
from tactics.scenario import load_scenario, scenario_from_dict, shipped_encounters
from tactics.sim import Scripted

from .conftest import sheet


@pytest.fixture(scope="module")
def cavalry():
    return load_scenario(shipped_encounters()["cavalry"])


def test_the_cavalry_encounter_puts_each_lancer_on_its_war_horse(cavalry):
    enc = cavalry.build()
    riders = {c.id: c.carrier for c in enc.combatants.values() if c.carrier}
    assert riders == {"red-2": "red-1", "red-4": "red-3", "red-6": "red-5"}
    assert all(enc.combatants[r].pos == enc.combatants[h].pos for r, h in riders.items())
    assert {c.policy_name for c in enc.combatants.values() if c.team == "red"} == {"rider", "mount"}


def test_a_cavalry_fight_shows_a_mounted_charge_and_riding_rolls(cavalry):
    result = cavalry.run(seed=2)
    charges = [e for e in result.events if isinstance(e, Attack) and e.who in ("red-2", "red-4", "red-6") and e.charge_m > 5]
    assert charges and max(c.charge_m for c in charges) > 8   # farther than a lancer runs on foot (5 m)
    assert any(isinstance(e, Roll) and e.purpose.startswith("riding") for e in result.events)


def test_a_mount_under_its_rider_strikes_what_is_in_reach_and_does_not_walk():
    enc = Encounter(TacticalMap.from_grid(["." * 12] * 3), dice=ScriptedDice([15, 15]))
    enc.add(sheet("war-horse"), "red", at=(1.0, 3.0), policy=Mount())
    enc.add(sheet("lancer"), "red", at=(1.0, 3.0), policy=Scripted([]))
    enc.carry("red-2", "red-1")
    enc.add(sheet("clone"), "blue", at=(3.0, 3.0), policy=Scripted([]))
    result = enc.run(until=0.3)
    (attack,) = [e for e in result.events if isinstance(e, Attack)]
    assert attack.who == "red-1" and attack.target == "blue-1"
    assert enc.combatants["red-1"].pos == (1.0, 3.0, 0.0)


@pytest.mark.parametrize("riding, holds", [(6, False), (-2, True)])
def test_a_rider_holds_its_trained_mount_back_when_it_would_more_likely_fall_than_stay(riding, holds):
    assert (riding_odds(riding) < 0.5) is holds
    enc = Encounter(TacticalMap.from_grid(["." * 12] * 3), dice=ScriptedDice([15, 15, 15]))
    enc.add(sheet("war-horse"), "red", at=(1.0, 3.0), policy=Mount())
    lancer = sheet("lancer", abilities={"riding": riding, "animal handling": 4})
    enc.add(lancer, "red", at=(1.0, 3.0), policy=Rider())
    enc.carry("red-2", "red-1")
    enc.add(sheet("clone"), "blue", at=(3.0, 3.0), policy=Scripted([]))
    result = enc.run(until=0.3)
    held = [e for e in result.events if isinstance(e, Roll) and e.purpose.startswith("animal handling")]
    assert bool(held) is holds
    assert bool([e for e in result.events if isinstance(e, Attack) and e.who == "red-1"]) is not holds


@pytest.mark.parametrize("rides, problem", [
    ("nobody", "'nobody' is not the id of another member"),
    ("h", "'h' already carries"),
])
def test_a_bad_rides_key_is_one_line_naming_the_member(rides, problem):
    d = {"name": "x", "map": "arena", "teams": {
        "red": {"members": [{"character": "war-horse", "id": "h"}, {"character": "lancer", "rides": "h"},
                            {"character": "lancer", "rides": rides}]},
        "blue": {"members": [{"character": "soldier"}]}}}
    with pytest.raises(InputError) as err:
        scenario_from_dict(d, "bad.encounter.toml")
    assert "teams.red member 3 rides" in str(err.value) and problem in str(err.value)


def test_the_replay_folds_rider_and_horse_moving_together(cavalry, tmp_path):
    from tactics import load_replay

    result = cavalry.run(seed=1)
    links = [e for e in result.events if isinstance(e, State) and "carrier" in e.changes]
    assert links[0].t == 0.0 and links[0].changes == {"carrier": "red-1"}
    path = tmp_path / "cavalry.jsonl"
    result.save(path)
    timeline = load_replay(path).fold()
    for t in (0.0, 1.2, 1.95):   # mid-gallop and after it: still in the saddle, side by side
        units = timeline.state_at(t).units
        horse, rider = units["red-1"], units["red-2"]
        assert (rider.x, rider.y) == pytest.approx((horse.x, horse.y))
    assert timeline.state_at(1.95).units["red-1"].x > 15   # the horse galloped 16 m east with its rider


def test_a_driver_rams_where_a_rider_would_strike():
    # the lancer with the rider policy drives the cart (running 10) at the clone 12 m away: it stages
    # a full run back on its first turn and rams over that run on its second
    enc = Encounter(TacticalMap.from_grid(["." * 12] * 3), dice=ScriptedDice([15]))
    enc.add(sheet("cart"), "red", at=(1.0, 3.0), policy=Mount())
    enc.add(sheet("lancer"), "red", at=(1.0, 3.0), policy=Rider())
    enc.carry("red-2", "red-1")
    enc.add(sheet("clone"), "blue", at=(13.0, 3.0), policy=Scripted([]))
    result = enc.run(until=1.9)
    (attack,) = [e for e in result.events if isinstance(e, Attack)]
    assert attack.who == "red-2" and attack.action == "ram" and attack.charge_m > 5


def test_a_recorded_cavalry_fight_is_rebuilt_with_its_riders_in_the_saddle(cavalry, tmp_path):
    from tactics import load_replay
    from tactics.whatif.rebuild import rebuild

    result = cavalry.run(seed=3)
    path = tmp_path / "cavalry.jsonl"
    result.save(path)
    again = rebuild(load_replay(path)).run(until=cavalry.until)
    assert again.to_bytes() == result.to_bytes()
