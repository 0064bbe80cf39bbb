"""The guard without a scope of its own (``Lawful.planning_scope``), the brawler's strikes kept in the
scenario-shared cache, and an attack's roll lists kept per tuple of modifiers: each held to the
answer worked out afresh (the replays must not change)."""

from __future__ import annotations

from pathlib import Path

from tactics import Encounter, load_character, load_map
from tactics.ai.mano_a_mano import Brawler
from tactics.ai.mano_a_mano.advance import Advance
from tactics.ai.mano_a_mano.brawler import SHARED_STRIKES, strikes
from tactics.ai.mano_a_mano.lawful import Lawful, lawful
from tactics.ai.mano_a_mano.odds import PLANNING

ROOT = Path(__file__).resolve().parents[2]
ARENA = ROOT / "maps/arena.toml"


def _sheets():
    return load_character(ROOT / "assets/characters/steven.toml"), load_character(ROOT / "assets/characters/clone.toml")


class _ScopedAdvance(Advance):
    """``advance`` with the guard's planning scope opened, as every other Mano a Mano policy has it."""

    planning_scope = True

    def plan(self, view):  # (the class's own plan: Lawful wraps it again, with the scope)
        return Advance.plan.__closure__[0].cell_contents(self, view)


def _duel_bytes(policy, seed: int) -> bytes:
    steven, clone = _sheets()
    enc = Encounter(load_map(ARENA), seed=seed)
    enc.add(steven, team="red", policy=policy())
    enc.add(clone, team="blue", policy=policy())
    return enc.run(until=120).to_bytes()


def test_advance_plans_without_a_scope_and_its_fights_are_those_with_one():
    seen = []

    class Watching(Advance):
        def plan(self, view):
            seen.append(PLANNING in view.memo)
            return Advance.plan.__closure__[0].cell_contents(self, view)

    assert Advance.planning_scope is False and Lawful.planning_scope is True
    _duel_bytes(Watching, 1)
    assert seen and not any(seen)  # no scope opened around advance's plan
    for seed in range(6):
        assert _duel_bytes(Advance, seed) == _duel_bytes(_ScopedAdvance, seed)


def test_lawful_copies_the_steps_only_when_one_is_dropped():
    steven, clone = _sheets()
    enc = Encounter(load_map(ARENA), seed=2)
    red = enc.add(steven, team="red", policy="passive")
    enc.add(clone, team="blue", policy="passive")
    view = enc.view_for(enc.combatants[red.id])
    from tactics.sim.plan import Act, MoveTo, Plan

    walk = Plan([MoveTo(5.0, 5.0)], "walking")
    assert lawful(view, walk) is walk  # no action: handed back as it is
    far = Plan([Act("quick strike", target="blue-1", weapon="hands")], "striking from afar")
    out = lawful(view, far)
    assert out is not far and out.steps == [] and "nothing allowed" in out.reason
    mixed = Plan([MoveTo(5.0, 5.0), Act("no such action", target="blue-1"), MoveTo(6.0, 5.0)], "odd")
    out = lawful(view, mixed)
    assert [type(s) for s in out.steps] == [MoveTo, MoveTo] and "(dropped: " in out.reason


def test_brawler_strikes_from_the_shared_cache_are_those_worked_out_afresh():
    steven, clone = _sheets()
    shared: dict = {}
    answers = []
    for run in range(2):  # the second encounter reads the first one's shared entries
        enc = Encounter(load_map(ARENA), seed=4, shared=shared)
        red = enc.add(steven, team="red", at=(6, 6), policy=Brawler())
        blue = enc.add(clone, team="blue", at=(7, 6), policy=Brawler())
        view = enc.view_for(enc.combatants[red.id])
        acts, text = strikes(view, view.me, enc.view_of(enc.combatants[blue.id]))
        fresh = Encounter(load_map(ARENA), seed=4, shared={})
        fr = fresh.add(steven, team="red", at=(6, 6), policy=Brawler())
        fb = fresh.add(clone, team="blue", at=(7, 6), policy=Brawler())
        fview = fresh.view_for(fresh.combatants[fr.id])
        facts, ftext = strikes(fview, fview.me, fresh.view_of(fresh.combatants[fb.id]))
        assert acts and acts == facts and text == ftext
        answers.append(acts)
    assert shared[SHARED_STRIKES]
    assert answers[0][0] is answers[1][0]  # the same (frozen) act, from the shared cache


def test_roll_records_share_lists_equal_to_fresh_ones():
    steven, clone = _sheets()
    enc = Encounter(load_map(ARENA), seed=5)
    enc.add(steven, team="red", policy="advance")
    enc.add(clone, team="blue", policy="advance")
    events = enc.run(until=120).events
    rolls = [e for e in events if type(e).__name__ == "Attack"]
    assert len(rolls) >= 2
    for e in rolls:
        r = e.roll
        assert r.total == r.faces[0] + sum(v for _, v in r.mods)
        assert r.target == sum(v for _, v in r.target_mods)
