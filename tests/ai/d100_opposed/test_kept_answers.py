"""The d100 tactician's scenario-shared answers (the ground, the spot groups, a group's numbers) change no fight."""

from __future__ import annotations

from pathlib import Path

from tactics import Encounter, load_map
from tactics.ai.d100_opposed.ground import ground, reach_points
from tactics.ai.d100_opposed.spots import spots
from tactics.ai.fields import movers
from tactics.rulesets.d100_opposed import load_sheet
from tactics.scenario import map_for

from tests.shared_cache import assert_shared_cache_changes_nothing

ROOT = Path(__file__).resolve().parents[3]
SHEETS = ROOT / "assets" / "characters" / "d100"


def _duel(seed: int, shared: dict) -> bytes:
    enc = Encounter(load_map(ROOT / "maps" / "arena.toml"), seed=seed, ruleset="d100-opposed", shared=shared)
    enc.add(load_sheet(SHEETS / "duelist.toml"), team="red", policy="gunner")
    enc.add(load_sheet(SHEETS / "heavy.toml"), team="blue", policy="melee")
    return enc.run(until=60).to_bytes()


def test_a_shared_cache_replays_every_duel_as_a_fresh_one() -> None:
    assert_shared_cache_changes_nothing(_duel, ("d100 group shots", "d100 group threats"))


def test_the_ground_is_the_spots_and_each_phase_gets_its_own_costs() -> None:
    enc = Encounter(map_for("arena"), seed=1, ruleset="d100-opposed")
    enc.add(load_sheet(SHEETS / "duelist.toml"), team="red", at=(5.0, 13.0), id="a", policy="passive")
    enc.add(load_sheet(SHEETS / "heavy.toml"), team="blue", at=(12.0, 13.0), id="b", policy="passive")
    view = enc.view_for(enc.combatants["a"])
    me, enemies = view.me, view.enemies()
    safe = movers(view, me)[0]
    first = ground(view, me, enemies, 12.0, safe, melee=True)
    fresh = spots(view, me, enemies, 12.0, reach_points(view, me, enemies, 12.0, safe), mover=safe)
    assert first.xy == fresh.xy and first.cost == fresh.cost and first.sees == fresh.sees
    first.cost[1] = float("inf")   # a recheck corrects its own copy only
    again = ground(view, me, enemies, 12.0, safe, melee=True)
    assert again.cost == fresh.cost and again.xy is first.xy and again.kept is first.kept


def test_spot_groups_kept_by_the_corrections_are_those_of_the_corrected_costs() -> None:
    """A phase's spot groups are kept with the ground under the corrections its rechecks made
    (``Spots.fixed``), not the whole list of costs: each answer is the one worked out afresh from
    the corrected costs, whatever was kept before."""
    from tactics.ai.d100_opposed.policies import Gunner, Melee
    from tactics.ai.d100_opposed.tactician import _Ctx

    enc = Encounter(map_for("arena"), seed=1, ruleset="d100-opposed", shared={})
    enc.add(load_sheet(SHEETS / "duelist.toml"), team="red", at=(5.0, 13.0), id="a", policy="passive")
    enc.add(load_sheet(SHEETS / "heavy.toml"), team="blue", at=(12.0, 13.0), id="b", policy="passive")
    view = enc.view_for(enc.combatants["a"])
    for policy in (Melee(), Gunner()):
        plain = _Ctx(policy, view, view.me, view.enemies()).weighing(False)
        for fixes in ([(3, float("inf"))], [(3, float("inf")), (7, 11.5)], [(7, 11.5)]) * 2:   # worked out, then kept
            ctx = _Ctx(policy, view, view.me, view.enemies())
            assert ctx.sp.fixed == () and ctx.weighing(False) is plain   # kept, as it was
            for i, cost in fixes:
                ctx.sp.cost[i] = cost
                ctx.sp.fixed += ((i, cost),)
            kept = ctx.weighing(False)
            ctx.sp.kept = {}   # from scratch
            assert kept == ctx.weighing(False) != plain


def test_what_a_phase_reads_of_the_sheets_is_kept_on_the_policy_and_is_the_one_worked_out() -> None:
    """``Tactician.fixed`` (walk and run, weapons, the safe mover, whose sight, the enemies' reach) answers
    from the policy's memo what it works out afresh, for each fighter; a sheet taking another's place
    under the same ids is worked out again."""
    from tactics.ai.d100_opposed.policies import Gunner, Melee

    enc = Encounter(map_for("arena"), seed=1, ruleset="d100-opposed")
    enc.add(load_sheet(SHEETS / "duelist.toml"), team="red", at=(5.0, 13.0), id="a", policy="passive")
    enc.add(load_sheet(SHEETS / "heavy.toml"), team="blue", at=(12.0, 13.0), id="b", policy="passive")
    for uid, policy in (("a", Melee()), ("b", Gunner())):
        view = enc.view_for(enc.combatants[uid])
        me, enemies = view.me, view.enemies()
        first = policy.fixed(view, me, enemies)
        assert policy.fixed(view, me, enemies) is first   # from the memo
        assert first == policy._work_fixed(view, me, enemies)
    policy = Melee()
    view = enc.view_for(enc.combatants["a"])
    me, enemies = view.me, view.enemies()
    kept = policy.fixed(view, me, enemies)
    enc.combatants["a"].sheet = load_sheet(SHEETS / "heavy.toml")   # another sheet, the same ids
    assert policy.fixed(view, view.me, view.enemies()) == policy._work_fixed(view, view.me, view.enemies()) != kept
