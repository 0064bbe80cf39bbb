"""The AI's scenario-shared caches give the answers a fresh computation gives, as fresh objects.

Pure functions of the map (a route, an approach point) are kept in
``View.shared`` so the fights of a batch reuse them; these tests hold a
remembered answer to one computed with an empty cache, check that callers
cannot spoil a remembered answer, and that a view of another map starts
afresh.
"""

from __future__ import annotations

from pathlib import Path

from tactics import Encounter, load_character, load_map
from tactics.ai import approach, fields, routes

ROOT = Path(__file__).resolve().parents[2]


def _views(mapname: str = "arena", shared: dict | None = None):
    """Red's and blue's planning views in a fresh encounter on ``mapname`` (the given shared cache)."""
    enc = Encounter(load_map(ROOT / "maps" / f"{mapname}.toml"), seed=1, shared=shared)
    red = enc.add(load_character(ROOT / "assets/characters/steven.toml"), team="red", policy="passive")
    blue = enc.add(load_character(ROOT / "assets/characters/clone.toml"), team="blue", policy="passive")
    return enc.view_for(enc.combatants[red.id]), enc.view_for(enc.combatants[blue.id])


def _fields(r: routes.Route | None) -> tuple | None:
    return None if r is None else (list(r.steps), r.end, r.cost, r.arrives, r.total, r.note)


def test_a_remembered_route_is_the_computed_one_and_a_fresh_object():
    shared: dict = {}
    view, other = _views(shared=shared)
    me, target = view.me, other.me
    goal = approach.approach_point(view, me, target)
    for budget in (None, 2.0, 100.0):
        first = routes.route(view, me, goal, budget=budget)
        assert first is not None
        first.arrives = not first.arrives  # a caller may change its answer...
        first.steps.clear()
        again = routes.route(view, me, goal, budget=budget)
        fresh_view, _ = _views()  # ...without spoiling the remembered one
        assert _fields(again) == _fields(routes.route(fresh_view, fresh_view.me, goal, budget=budget))
        assert again is not first


def test_a_view_of_another_map_does_not_read_the_first_maps_answers():
    shared: dict = {}
    view, other = _views("arena", shared)
    routes.route(view, view.me, approach.approach_point(view, view.me, other.me))
    cache = routes.map_cache(view, "routes")
    assert cache
    view2, _ = _views("canyon", shared)
    assert routes.map_cache(view2, "routes") == {}


def test_a_remembered_approach_point_is_the_computed_one():
    view, other = _views(shared={})
    me, target = view.me, other.me
    for stop in (1.8, 2.5, 1e9):
        first = approach.approach_point(view, me, target, stop)
        assert approach.approach_point(view, me, target, stop) == first
        assert first == approach._approach_point(view.map, me.pos, target.pos, stop, approach.reach(view, me)[1])


def test_a_remembered_team_field_is_the_maps_field_for_those_enemies():
    view, other = _views(shared={})
    safe, real = fields.movers(view, view.me)
    for mv in (safe, real):
        f = fields._distance_field(view, [other.me], mv)
        assert fields._distance_field(view, [other.me], mv) is f
        plain = view.map.distance_field([(other.me.x, other.me.y)], mv)
        assert f.goals == plain.goals
        assert (f.cost_grid == plain.cost_grid).all()


def test_a_remembered_move_toward_is_the_computed_one_near_and_far():
    view, other = _views(shared={})
    me, target = view.me, other.me
    mv = fields.movers(view, me)
    ok, field = fields.reach_field(view, me, [target], mv)
    assert ok
    for budget in (5.0, 30.0, 100.0):  # far (steered by the field), then near (a path to the target)
        first = approach.move_toward(view, me, target, [target], field=field, mv=mv, budget=budget)
        assert first is not None
        first.arrives = not first.arrives
        again = approach.move_toward(view, me, target, [target], field=field, mv=mv, budget=budget)
        plain, _ = approach._move_toward(view, me, target, [target], approach.STOP_M, None, field, mv, budget, None)
        assert again is not first
        assert _fields(again) == _fields(plain)
