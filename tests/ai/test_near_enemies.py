"""The spatial query behind the team focus: ``View.enemies_near`` and ``pick_target`` over it.

``pick_target`` walks only the enemies within the nearest one's distance plus
the focus slacks (or in reach) when it is handed every able enemy; these
tests hold its pick to the walk over all of them, on crowds of hurt, pinned
and fresh enemies at random places, and the query to a plain filter.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from tactics import Encounter, load_character
from tactics.ai import targets
from tactics.ai.mano_a_mano import focus
from tactics.map import TacticalMap

ROOT = Path(__file__).resolve().parents[2]


def _crowd(seed: int, n: int = 60):
    """A 40 x 40 open map, one red fighter and ``n`` blue ones at random places, some hurt or pinned."""
    rng = random.Random(seed)
    tmap = TacticalMap.from_grid(["." * 40] * 40, name="open-40")
    enc = Encounter(tmap, seed=seed)
    steven = load_character(ROOT / "assets/characters/steven.toml")
    clone = load_character(ROOT / "assets/characters/clone.toml")
    me = enc.add(steven, "red", at=(rng.uniform(1, 39), rng.uniform(1, 39)), policy="passive")
    for _ in range(n):
        u = enc.add(clone, "blue", at=(rng.uniform(1, 39), rng.uniform(1, 39)), policy="passive")
        c = enc.combatants[u.id]
        if rng.random() < 0.3:
            c.standing = "injured"
        if rng.random() < 0.1:
            c.partner, c.role = me.id, "inferior"
    return enc, enc.view_for(enc.combatants[me.id])


@pytest.mark.parametrize("seed", range(30))
def test_the_pick_over_the_near_enemies_is_the_pick_over_all(seed, monkeypatch):
    enc, view = _crowd(seed)
    fast = [targets.pick_target(view, view.me, view.enemies()), focus.pick_target(view, view.me, view.enemies())]
    vouched = [targets.pick_target(view, view.me, view.enemies(), every=True),
               focus.pick_target(view, view.me, view.enemies(), every=True)]  # the brawler's call
    assert [u.id for u in vouched] == [u.id for u in fast]
    monkeypatch.setattr(targets, "NEAR_QUERY_FROM", 10**9)  # walk every enemy
    slow = [targets.pick_target(view, view.me, view.enemies()), focus.pick_target(view, view.me, view.enemies())]
    assert [u.id for u in fast] == [u.id for u in slow]


@pytest.mark.parametrize("seed", range(10))
def test_enemies_near_is_a_filter_in_turn_order(seed):
    enc, view = _crowd(seed)
    me = view.me
    every = view.enemies()
    ds = [math.hypot(e.x - me.x, e.y - me.y) for e in every]
    for slack, within in ((0.0, 0.0), (5.0, 3.0), (2.0, 30.0)):
        want = [e.id for e, d in zip(every, ds) if d <= max(min(ds) + slack, within) + 1e-9]
        assert [e.id for e in view.enemies_near(slack, within)] == want
    assert view.is_enemy_list(every) and view.is_enemy_list(list(every))
    assert not view.is_enemy_list(every[1:])


def test_a_hand_picked_list_is_walked_whole():
    enc, view = _crowd(3)
    some = view.enemies()[::2]
    assert not view.is_enemy_list(some)
    picked = targets.pick_target(view, view.me, some)
    assert picked in some


def _mixed_crowd(seed: int, n: int = 40):
    """A 30 x 30 open map, ``n`` fighters a side at random places; some reds injured (worth covering)."""
    rng = random.Random(seed)
    tmap = TacticalMap.from_grid(["." * 30] * 30, name="open-30")
    enc = Encounter(tmap, seed=seed)
    steven = load_character(ROOT / "assets/characters/steven.toml")
    clone = load_character(ROOT / "assets/characters/clone.toml")
    ids = []
    for team, sheet in (("red", steven), ("blue", clone)):
        for _ in range(n):
            u = enc.add(sheet, team, at=(rng.uniform(1, 29), rng.uniform(1, 29)), policy="passive")
            ids.append(u.id)
            if team == "red" and rng.random() < 0.4:
                enc.combatants[u.id].standing = "injured"
    return enc, rng


@pytest.mark.parametrize("seed", range(10))
def test_allies_near_is_a_filter_in_turn_order(seed):
    enc, rng = _mixed_crowd(seed)
    view = enc.view_for(enc.combatants["red-1"])
    me = view.me
    for within in (0.0, 2.0, 4.5, 50.0):
        want = [a.id for a in view.allies() if math.dist(a.pos, me.pos) <= within + 1e-9]
        assert [a.id for a in view.allies_near(within)] == want
    assert me.id not in [a.id for a in view.allies_near(50.0)]


def _cover_plan_over_all(view, me, enemies):
    """cover_plan as it was before the spatial queries: every enemy, every ally."""
    from tactics.ai.mano_a_mano.tricks import COVER_REACH_M, _in_reach

    if me.health != "healthy" or me.partner is not None or me.prone:
        return None
    if any(_in_reach(me, e) for e in enemies):
        return None
    for ally in view.allies():
        if ally.id == me.id or ally.health != "injured" or not ally.able:
            continue
        if view.distance(me, ally) > COVER_REACH_M:
            continue
        threat = next((e for e in enemies if _in_reach(e, ally)), None)
        if threat is None:
            continue
        if me.sheet.melee_defense + 5 <= ally.sheet.melee_defense:
            continue
        return (ally.id, threat.id)
    return None


def test_cover_plan_over_the_near_units_is_the_plan_over_all():
    from tactics.ai.mano_a_mano import tricks

    covering = 0
    for seed in range(30):
        enc, _ = _mixed_crowd(seed, 25)
        for uid in [f"red-{i}" for i in range(1, 26)]:
            view = enc.view_for(enc.combatants[uid])
            me = view.me
            got = tricks.cover_plan(view, me, view.enemies())
            want = _cover_plan_over_all(view, me, view.enemies())
            assert (got is None) == (want is None), (seed, uid)
            if got is not None:
                covering += 1
                assert got.steps[0].target == want[0]
                assert got.reason.endswith(enc.combatants[want[1]].sheet.name)
    assert covering >= 3  # the crowds do hold fighters worth covering


@pytest.mark.parametrize("seed", range(5))
def test_placed_reads_what_the_properties_say(seed):
    """``View.placed`` (the pick's one read of each near enemy) gives each unit's own position, standing,
    partner and role, in the order given."""
    enc, view = _crowd(seed)
    units = view.enemies()[::-1] + [view.me]
    got = view.placed(units)
    assert [g[0] for g in got] == units
    assert got == [(u, u.x, u.y, u.z, u.standing, u.partner, u.role) for u in units]
    assert any(g[5] is not None for g in got) and any(g[4] == "injured" for g in got)


@pytest.mark.parametrize("seed", range(5))
def test_near_placed_is_placed_enemies_near_after_moves_and_a_grown_table(seed):
    """``View.near_placed`` reads the same enemies as ``placed(enemies_near(...))``; the query's views on
    the position table follow a move and the table growing into a new array after a first query."""
    enc, view = _crowd(seed, n=6)
    me = view.me
    for slack, within in ((5.0, 3.0), (0.0, 0.0)):
        assert view.near_placed(slack, within) == view.placed(view.enemies_near(slack, within))
    rng = random.Random(seed)
    clone = load_character(ROOT / "assets/characters/clone.toml")
    for _ in range(40):  # past the table's width: a new array
        enc.add(clone, "blue", at=(rng.uniform(1, 39), rng.uniform(1, 39)), policy="passive")
    enc.place(enc.combatants[me.id], (rng.uniform(1, 39), rng.uniform(1, 39), 0.0))
    every = view.enemies()
    ds = [math.hypot(e.x - me.x, e.y - me.y) for e in every]
    want = [e.id for e, d in zip(every, ds) if d <= min(ds) + 5.0 + 1e-9]
    assert [p[0].id for p in view.near_placed(5.0)] == want == [e.id for e in view.enemies_near(5.0)]


def test_the_views_reach_is_the_rulesets_and_agrees_with_in_reach():
    """``view.reach()`` (the planner reads it): the ruleset's hand-to-hand reach for me or another unit,
    the same numbers ``view.in_reach`` judges by."""
    enc, view = _crowd(3, 10)
    me = view.me
    flat, up = view.reach()
    assert (flat, up) == enc.rules.reach(enc.combatants[me.id]) == view.reach(me)
    for e in view.enemies():
        near = math.hypot(e.x - me.x, e.y - me.y) <= flat and abs(e.z - me.z) <= up
        assert view.in_reach(me, e) == near
