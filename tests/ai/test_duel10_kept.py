"""Answers the Mano a Mano policies keep for the fights of a loop (branch duel10), each held to the answer
worked out afresh: the disarm weighing and the fall chance kept per pair of sheets or per sheet in the
scenario-shared cache, an estimate's expected harm kept with it (the replays must not change)."""

from __future__ import annotations

import itertools
from pathlib import Path

from tactics import Encounter, load_character, load_map
from tactics.ai.mano_a_mano import tricks, trips
from tactics.ai.mano_a_mano.odds import Estimate, estimate, matchup
from tactics.ai.mano_a_mano.strikes import melee_choice
from tactics.rulesets.mano_a_mano.grapple import KEEP_BALANCE, balance_skill
from tactics.ai.mano_a_mano.odds import hit_chance

ROOT = Path(__file__).resolve().parents[2]
ARENA = ROOT / "maps/arena.toml"
SHEETS = ("steven", "clone", "knight", "grappler", "giant", "swashbuckler", "soldier")


def _pair(a: str, b: str, shared: dict):
    enc = Encounter(load_map(ARENA), seed=3, shared=shared)
    red = enc.add(load_character(ROOT / f"assets/characters/{a}.toml"), team="red", at=(6, 6), policy="passive")
    blue = enc.add(load_character(ROOT / f"assets/characters/{b}.toml"), team="blue", at=(7, 6), policy="passive")
    view = enc.view_for(enc.combatants[red.id])
    return enc, view, view.me, enc.view_of(enc.combatants[blue.id])


def _outclassed_afresh(me, target) -> bool:
    held = [w for w in target.sheet.weapons if w.kind == "hand" and w.name not in target.state.out_of_hand]
    return bool(held) and max(target.sheet.power_with(w) for w in held) >= tricks._best_power(me) + tricks.DISARM_EDGE


def test_kept_disarm_weighing_and_fall_chance_are_those_worked_out_afresh() -> None:
    shared: dict = {}
    for a, b in itertools.permutations(SHEETS, 2):
        for _ in range(2):  # the second time from the shared cache
            enc, view, me, target = _pair(a, b, shared)
            assert tricks._outclassed(view, me, target) == _outclassed_afresh(me, target), (a, b)
            assert tricks._outclassed(view, me, target, matchup(view, me, target)) == _outclassed_afresh(me, target)
            assert trips.fall_chance(target, view) == 1.0 - hit_chance(balance_skill(target.sheet), KEEP_BALANCE)
            assert trips.fall_chance(target, view) == trips.fall_chance(target)
    assert shared[tricks.OUTCLASSED] and shared[trips.FALL_CHANCES]


def test_a_weapon_out_of_hand_is_weighed_afresh_not_from_the_kept_answer() -> None:
    shared: dict = {}
    enc, view, me, target = _pair("swashbuckler", "knight", shared)
    assert tricks._outclassed(view, me, target)  # the knight's weapon hits much harder...
    for w in target.sheet.weapons:
        if w.kind == "hand":
            target._c.state.out_of_hand[w.name] = "dropped"
    assert not tricks._outclassed(view, me, target)  # ...until it drops it (not the kept answer)
    assert not _outclassed_afresh(me, target)
    target._c.state.out_of_hand.clear()
    assert tricks._outclassed(view, me, target)


def test_an_estimates_expected_harm_is_its_chance_times_its_harm() -> None:
    for a, b in itertools.permutations(SHEETS, 2):
        enc, view, me, target = _pair(a, b, {})
        match = matchup(view, me, target)
        for e in list(melee_choice(view, me, target, match=match)) + [estimate(view, me, target, "trip", None)]:
            if e is not None:
                assert e.ev == e.p * e.harm
    e = Estimate("quick strike", "hands", (), 0.55, 3.2, 4.0)
    assert e.ev == 0.55 * 3.2


def test_the_trip_weighed_with_the_callers_matchup_is_the_one_without() -> None:
    for a, b in itertools.permutations(SHEETS, 2):
        enc, view, me, target = _pair(a, b, {})
        match = matchup(view, me, target)
        for otherwise in (0.0, 0.5, 1.0, 2.0, 4.0):
            with_match = trips.trip_plan(view, me, target, otherwise, match=match)
            without = trips.trip_plan(view, me, target, otherwise)
            assert (with_match is None) == (without is None), (a, b, otherwise)
            if with_match is not None:
                assert with_match.steps == without.steps and with_match.reason == without.reason


def _trip_afresh(view, me, target):
    """The trip's estimate and fall chance as ``trips._trip_estimate`` worked them out before they were kept."""
    from tactics.rulesets.mano_a_mano.mounts import kind_of
    if target.prone or target.flying or me.health != "healthy":
        return None
    if me.carrier is not None or target.carrier is not None:
        return None
    if kind_of(me.character) is not None or kind_of(target.character) is not None:
        return None
    e = estimate(view, me, target, "trip", None)
    return None if e is None else (e, trips.fall_chance(target))


def test_kept_trip_odds_are_those_worked_out_afresh() -> None:
    shared: dict = {}
    seen = 0
    for a, b in itertools.permutations(SHEETS + ("horse",), 2):
        for prone, stun in itertools.product((False, True), (0, 4, 9)):
            enc, view, me, target = _pair(a, b, shared)
            enc.combatants[target.id].prone = prone
            enc.combatants[me.id].tracks["stun"] = stun
            c = enc.combatants[me.id]
            c.standing = enc.rules.standing(c)
            got = trips._trip_estimate(view, me, target)
            fresh = _trip_afresh(enc.view_for(c), me, target)  # (no scope: worked out again)
            assert (got is None) == (fresh is None), (a, b, prone, stun)
            if got is not None:
                seen += 1
                assert (got[0].p, got[0].harm, got[0].avoid, got[1]) == (fresh[0].p, fresh[0].harm, fresh[0].avoid, fresh[1])
    assert seen and shared[trips.TRIP_ODDS]


def test_the_kept_melee_choice_is_the_one_worked_out_afresh() -> None:
    from tactics.ai.mano_a_mano.strikes import BEST_MELEE, _best_melee
    shared: dict = {}
    for a, b in itertools.permutations(SHEETS, 2):
        for _ in range(2):  # the second time from the shared cache
            enc, view, me, target = _pair(a, b, shared)
            for charge, strenuous in itertools.product((0.0, 7.5), (None, False, True)):
                got = melee_choice(view, me, target, charge, strenuous)
                fresh = _best_melee(view, me, target, charge, strenuous, matchup(view, me, target))
                assert [(e.action, e.weapon, e.avoid, e.p, e.harm) for e in got] == \
                    [(e.action, e.weapon, e.avoid, e.p, e.harm) for e in fresh], (a, b, charge, strenuous)
    assert shared[BEST_MELEE]


def test_a_fighters_kept_budget_numbers_are_those_worked_out_afresh() -> None:
    from tactics.rulesets.mano_a_mano.state import FighterState, budget_for
    fields = ("allowed", "actions", "done_actions", "single", "walk_m", "swim_m", "air_m", "done", "delayed")
    for name in SHEETS + ("horse", "winged", "archer"):
        ch = load_character(ROOT / f"assets/characters/{name}.toml")
        kept = FighterState.of(ch)
        for health, prone in list(itertools.product(("healthy", "injured", "incapacitated"), (False, True))) * 2:
            got, fresh = budget_for(ch, kept, health, prone), budget_for(ch, FighterState.of(ch), health, prone)
            assert got is not fresh and [getattr(got, f) for f in fields] == [getattr(fresh, f) for f in fields]
            got.done_actions += 1  # a turn spends its own budget, never the kept numbers
        assert len(kept.budgets) == 6
        assert ch.blind == ("blind" in ch.qualities)


def test_the_guard_records_the_odds_of_the_plan_it_keeps_as_odds_record_does() -> None:
    """``lawful`` weighs each action as it checks it: the record is the one ``odds_record`` gives the plan
    it hands back (dropped actions and aims among them weigh nothing)."""
    from tactics.ai.futility import ODDS
    from tactics.ai.mano_a_mano.lawful import lawful, odds_record
    from tactics.sim.plan import Act, MoveTo, Plan
    seen = recorded = 0
    for a, b in itertools.permutations(SHEETS, 2):
        enc, view, me, target = _pair(a, b, {})
        far = (target.x + 9.0, target.y)
        weapons = [w.name for w in me.sheet.weapons] + [None, "no such weapon"]
        for w1, w2 in itertools.product(weapons, repeat=2):
            for steps in ([Act("quick strike", target=target.id, weapon=w1), Act("aim"),
                           Act("powerful strike", target=target.id, weapon=w2)],
                          [MoveTo(*far), Act("trip", target=target.id), Act("quick strike", target=target.id, weapon=w2)],
                          [Act("disarm", target=target.id), Act("choke", target=target.id, weapon=w1)]):
                got = lawful(view, Plan(steps, "x"))
                again = odds_record(view, Plan(got.steps, got.reason))
                assert got.alternatives == again.alternatives, (a, b, steps)
                seen += 1
                recorded += any(what == ODDS for what, _ in got.alternatives)
    assert seen and recorded
