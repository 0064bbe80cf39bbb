"""What one plan remembers: the matchups of a plan (only while it is made), and the odds the guard asks.

A Mano a Mano policy and its guard (:mod:`tactics.ai.mano_a_mano.lawful`)
both work out the :func:`~tactics.ai.mano_a_mano.odds.matchup` of the pairs
they weigh and the chance of the attacks planned. Nothing moves while a
policy plans, so a plan remembers each pair's matchup until it returns, and
the chances are kept like the estimates; these tests hold both to a fresh
computation.
"""

from __future__ import annotations

from pathlib import Path

from tactics import Encounter, load_character, load_map
from tactics.ai.mano_a_mano import Brawler
from tactics.ai.mano_a_mano.odds import PLANNING, _armor, _estimate, act_chance, matchup

ROOT = Path(__file__).resolve().parents[2]


def _encounter(a: str = "steven", b: str = "clone", shared: dict | None = None, **kw):
    enc = Encounter(load_map(ROOT / "maps/arena.toml"), seed=3, shared=shared, **kw)
    red = enc.add(load_character(ROOT / f"assets/characters/{a}.toml"), team="red", policy="passive")
    blue = enc.add(load_character(ROOT / f"assets/characters/{b}.toml"), team="blue", policy="passive")
    return enc, enc.combatants[red.id], enc.combatants[blue.id]


class _Watching(Brawler):
    """A brawler that looks at the matchup memo while it plans."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[bool, bool]] = []

    def plan(self, view):  # wrapped by Lawful: the scope is open in here
        target = view.enemies()[0]
        first, again = matchup(view, view.me, target), matchup(view, view.me, target)
        self.seen.append((PLANNING in view.memo, first is again))
        return super().plan(view)


def test_matchups_are_remembered_while_a_policy_plans_and_forgotten_after():
    enc, red, blue = _encounter()
    policy = _Watching()
    view = enc.view_for(red)
    plan = policy.plan(view)
    assert plan.steps  # a brawler facing an enemy does something
    assert policy.seen == [(True, True)]
    assert PLANNING not in view.memo
    target = enc.view_of(blue)
    first, again = matchup(view, view.me, target), matchup(view, view.me, target)
    assert first == again and first is not again  # outside a plan: worked out afresh each time


def test_a_matchup_remembered_in_a_plan_is_the_one_worked_out_afresh():
    enc, red, blue = _encounter()
    view = enc.view_for(red)
    target = enc.view_of(blue)
    fresh = matchup(view, view.me, target)
    view.memo[PLANNING] = {}
    try:
        assert matchup(view, view.me, target) == fresh
        assert matchup(view, view.me, target, "on_the_ground") != fresh  # the posture asked is in the key
    finally:
        del view.memo[PLANNING]


def test_the_scope_closes_when_a_plan_fails():
    enc, red, _ = _encounter()

    class Failing(Brawler):
        def plan(self, view):
            raise RuntimeError("no plan")

    view = enc.view_for(red)
    try:
        Failing().plan(view)
    except RuntimeError:
        pass
    assert PLANNING not in view.memo


def _direct(view, me, target, action, weapon, avoid, distance=None, aim=0):
    """act_chance worked out without any memo."""
    armor = [o for o in _armor(view, target.character) if o[0] == avoid] or [((), 0, 0)]
    e = _estimate(view, me, target, action, weapon, 0.0, distance, aim, matchup(view, me, target), armor)
    return None if e is None else e.p


def test_remembered_act_chances_are_the_computed_ones_for_every_weapon_and_armor_way():
    shared: dict = {}
    enc, red, blue = _encounter("steven", "soldier", shared=shared)
    view = enc.view_for(red)
    me, target = view.me, enc.view_of(blue)
    ways = [o[0] for o in _armor(view, target.character)]
    assert len(ways) > 1  # the soldier's armor can be aimed around
    asked = 0
    for w in me.character.weapons:
        for action in ("quick strike", "powerful strike", "strategic strike"):
            for avoid in ways:
                want = _direct(view, me, target, action, w, avoid)
                assert act_chance(view, me, target, action, w, avoid) == want
                assert act_chance(view, me, target, action, w, avoid) == want  # remembered
                asked += 1
    assert asked >= 6
    # another fight of the scenario reads the shared cache and gets the same answers
    enc2, red2, blue2 = _encounter("steven", "soldier", shared=shared)
    view2 = enc2.view_for(red2)
    for w in view2.me.character.weapons:
        for avoid in ways:
            assert act_chance(view2, view2.me, enc2.view_of(blue2), "quick strike", w, avoid) == \
                _direct(view2, view2.me, enc2.view_of(blue2), "quick strike", w, avoid)


def test_a_remembered_throw_chance_follows_the_distance():
    enc, red, blue = _encounter("knife_thrower", "steven")
    view = enc.view_for(red)
    me, target = view.me, enc.view_of(blue)
    knife = next(w for w in me.character.weapons if w.kind == "thrown")
    seen = set()
    for d in (2.0, 6.0, 12.0, 25.0, 60.0):
        p = act_chance(view, me, target, "quick throw", knife, (), distance=d)
        assert p == _direct(view, me, target, "quick throw", knife, (), distance=d)
        seen.add(p)
    assert len(seen) >= 3  # near, far and out of range differ
    assert act_chance(view, me, target, "quick throw", knife, (), distance=60.0) is None


def test_the_chances_a_brawler_leaves_for_the_guard_are_the_guards_own():
    from tactics.ai.mano_a_mano.lawful import attack_odds
    from tactics.ai.mano_a_mano.odds import noted_chance

    noted = 0
    for a, b in (("steven", "clone"), ("steven", "soldier"), ("knight", "swashbuckler"), ("grappler", "giant")):
        for standing in ("healthy", "injured"):
            enc = Encounter(load_map(ROOT / "maps/arena.toml"), seed=3, shared={})
            red = enc.add(load_character(ROOT / f"assets/characters/{a}.toml"), team="red", at=(10, 3),
                          policy="passive")
            enc.add(load_character(ROOT / f"assets/characters/{b}.toml"), team="blue", at=(12, 3), policy="passive")
            enc.combatants[red.id].standing = standing
            view = enc.view_for(enc.combatants[red.id])
            view.memo[PLANNING] = {}
            try:
                plan = Brawler()._plan(view)  # the brawler's own plan, before the guard
                for s in plan.steps:
                    p = noted_chance(view, s)
                    if p is not None:
                        noted += 1
                        assert p == attack_odds(view, view.me, s, view.me.pos)
            finally:
                del view.memo[PLANNING]
            assert all(noted_chance(view, s) is None for s in plan.steps)  # nothing left once the plan is made
    assert noted >= 6
