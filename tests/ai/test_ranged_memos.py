"""The ranged policies' memos answer what a fresh computation answers (issue 19).

``sight_grid`` keeps lines of sight in the scenario-shared cache; the
skirmisher keeps the distance it throws from per matchup. Both must give the
answers the uncached code gives, and a caller must not spoil what is kept.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import numpy as np

from tactics import Encounter, load_character, load_map
from tactics.ai.mano_a_mano.odds import estimate
from tactics.ai.mano_a_mano.skirmisher import MIN_THROW_P, Skirmisher, throwables
from tactics.ai.sightmemo import SIGHT_MEMORY, sight_grid

ROOT = Path(__file__).resolve().parents[2]


def _points(rng: np.random.Generator, tmap, n: int) -> np.ndarray:
    x0, y0, x1, y1 = tmap.bounds
    return np.stack([rng.uniform(x0, x1, n), rng.uniform(y0, y1, n), rng.uniform(0, 6, n)], axis=1)


def test_sight_grid_is_the_maps_answer_pair_by_pair_and_kept() -> None:
    tmap = load_map(ROOT / "maps/tower.toml")
    view = SimpleNamespace(map=tmap, shared={})
    rng = np.random.default_rng(5)
    A, W = _points(rng, tmap, 40), _points(rng, tmap, 5)
    got = sight_grid(view, A, W)
    want = np.array([[tmap.line_of_sight(a, w) for w in W] for a in A])
    assert got.shape == (40, 5) and (got == want).all()
    assert 0 < want.sum() < want.size                           # some seen, some not: the test can fail
    got[:] = ~got                                               # the caller's copy, not the kept one
    again = sight_grid(view, A.copy(), W.copy())
    assert (again == want).all()
    assert len(view.shared["sight grids"][1]) == 1             # the second ask was a hit


def test_sight_grid_forgets_another_maps_answers_and_stays_bounded() -> None:
    arena, tower = load_map(ROOT / "maps/arena.toml"), load_map(ROOT / "maps/tower.toml")
    shared: dict = {}
    rng = np.random.default_rng(9)
    A, W = _points(rng, tower, 30), _points(rng, tower, 3)
    sight_grid(SimpleNamespace(map=tower, shared=shared), A, W)
    on_arena = sight_grid(SimpleNamespace(map=arena, shared=shared), A, W)
    assert (on_arena == np.array([[arena.line_of_sight(a, w) for w in W] for a in A])).all()
    assert shared["sight grids"][0] is arena
    view = SimpleNamespace(map=arena, shared=shared)
    for i in range(SIGHT_MEMORY + 3):
        sight_grid(view, np.array([[1.0 + i * 1e-3, 1.0, 1.5]]), W[:1])
        assert len(shared["sight grids"][1]) <= SIGHT_MEMORY


def test_the_remembered_throw_distance_is_the_searched_one() -> None:
    enc = Encounter(load_map(ROOT / "maps/arena.toml"), seed=1)
    red = enc.add(load_character(ROOT / "assets/characters/spear_thrower.toml"), team="red", policy="passive")
    blue = enc.add(load_character(ROOT / "assets/characters/clone.toml"), team="blue", policy="passive")
    view = enc.view_for(enc.combatants[red.id])
    me, target = view.me, enc._views[blue.id]
    ws = throwables(me)
    assert ws
    want = None
    d = 24.0
    while d >= 3.5:                                              # the search, without any memo of it
        best = max((e for w in ws for a in ("powerful throw", "quick throw")
                    if (e := estimate(view, me, target, a, w, distance=d)) is not None),
                   key=lambda e: e.ev, default=None)
        if best is not None and best.p >= MIN_THROW_P:
            want = d
            break
        d -= 0.5
    sk = Skirmisher()
    assert want is not None and 3.5 < want < 24.0
    assert sk._throw_distance(view, me, target, ws) == want
    assert len(view.shared["throw distances"]) == 1
    assert sk._throw_distance(view, me, target, ws) == want


def _archer_on_the_tower():
    """An archer (red) and Steven's clone (blue) on ``tower``: the encounter, blue, the archer's view,
    the archer and blue as the archer sees them."""
    enc = Encounter(load_map(ROOT / "maps/tower.toml"), seed=1, shared={})  # its own caches: view.shared
    red = enc.add(load_character(ROOT / "assets/characters/archer.toml"), team="red", policy="passive")
    blue = enc.add(load_character(ROOT / "assets/characters/clone.toml"), team="blue", policy="passive")
    view = enc.view_for(enc.combatants[red.id])
    return enc, blue, view, view.me, enc._views[blue.id]


def test_the_remembered_archer_cells_are_the_scored_ones_and_follow_the_enemies() -> None:
    from tactics.ai.mano_a_mano.archer import Archer, bow_of
    enc, blue, view, me, target = _archer_on_the_tower()
    a = Archer()
    bow = bow_of(me)
    for reach in (view.movement(me), view.movement(me) * 4):
        want = a._score_cells_now(view, me, [target], target, bow, reach, False)
        assert a._score_cells(view, me, [target], target, bow, reach) == want
        assert a._score_cells(view, me, [target], target, bow, reach) == want
    assert len(view.shared["archer cells"][1]) == 2
    enc.place(enc.combatants[blue.id], (target.x + 2.0, target.y, target.z))   # a move: a new question
    want = a._score_cells_now(view, me, [target], target, bow, view.movement(me), False)
    assert a._score_cells(view, me, [target], target, bow, view.movement(me)) == want
    assert len(view.shared["archer cells"][1]) == 3


def test_the_walks_read_once_per_plan_score_as_the_ones_read_by_each_scoring() -> None:
    from tactics.ai.mano_a_mano.archer import Archer, bow_of
    enc, blue, view, me, target = _archer_on_the_tower()
    a = Archer()
    bow = bow_of(me)
    walks = a._walks(view, me, [target])
    mover, budget, foes = walks
    assert budget == view.movement(me) > 0 and foes == ((target.id, target.x, target.y, target.z, target.prone,
                                                         target.character.airspeed, view.movement(target)),)
    for reach in (budget, budget * 4):
        want = a._score_cells_now(view, me, [target], target, bow, reach, False)
        assert a._score_cells_now(view, me, [target], target, bow, reach, False, mover, walks[1:]) == want
        assert a._score_cells(view, me, [target], target, bow, reach, walks=walks) == want
        assert a._score_cells(view, me, [target], target, bow, reach) == want   # the same key: a hit
    assert len(view.shared["archer cells"][1]) == 2


def test_a_shot_estimate_is_kept_by_range_difficulty_and_is_the_computed_one() -> None:
    from tactics.ai.mano_a_mano.archer import bow_of
    from tactics.ai.mano_a_mano.odds import _estimate, matchup
    enc = Encounter(load_map(ROOT / "maps/arena.toml"), seed=1)
    red = enc.add(load_character(ROOT / "assets/characters/archer.toml"), team="red", policy="passive")
    blue = enc.add(load_character(ROOT / "assets/characters/clone.toml"), team="blue", policy="passive")
    view = enc.view_for(enc.combatants[red.id])
    me, target = view.me, enc._views[blue.id]
    bow = bow_of(me)
    rng = view.max_range(me, bow, "quick shot")
    step = rng / 20
    seen = []
    for d in (0.2 * step, 0.9 * step, 1.1 * step, 7.5 * step, 19.99 * step, rng + 1.0):
        got = estimate(view, me, target, "quick shot", bow, distance=d)
        fresh = _estimate(view, me, target, "quick shot", bow, 0.0, d, 0, matchup(view, me, target))
        assert (got is None) == (fresh is None)
        if got is not None:
            assert (got.p, got.harm, got.avoid) == (fresh.p, fresh.harm, fresh.avoid)
        seen.append(got)
    assert seen[0] is seen[1]                                   # one range difficulty: one estimate
    assert seen[2] is not seen[1] and seen[2].p < seen[1].p     # one step farther: harder
    assert seen[-1] is None                                     # beyond the bow's range


def test_two_fights_of_one_scenario_share_their_estimates() -> None:
    from tactics.ai.mano_a_mano.archer import bow_of
    shared: dict = {}
    got = []
    for seed in (1, 2):
        enc = Encounter(load_map(ROOT / "maps/arena.toml"), seed=seed, shared=shared)
        red = enc.add(load_character(ROOT / "assets/characters/archer.toml"), team="red", policy="passive")
        blue = enc.add(load_character(ROOT / "assets/characters/clone.toml"), team="blue", policy="passive")
        view = enc.view_for(enc.combatants[red.id])
        got.append(estimate(view, view.me, enc._views[blue.id], "quick shot", bow_of(view.me), distance=10.0))
    assert got[0] is not None and got[1] is got[0]
    assert len(shared["estimates"]) == 1


def test_the_archers_ground_is_kept_by_its_place_and_scores_as_a_fresh_one() -> None:
    from tactics.ai.mano_a_mano.archer import Archer, bow_of
    enc, blue, view, me, target = _archer_on_the_tower()
    a, bow, reach = Archer(), bow_of(me), view.movement(me)
    ground = a._ground(view, me, reach, False)
    assert ground is not None and a._ground(view, me, reach, False) is ground   # kept
    assert not ground[2].flags.writeable                                        # and not to be spoilt
    enc.place(enc.combatants[blue.id], (target.x + 2.0, target.y, target.z))  # the enemy moves, I do not
    got = a._score_cells_now(view, me, [target], target, bow, reach, False)
    assert a._ground(view, me, reach, False) is ground
    view.shared.pop("archer ground")                                                 # worked out again
    assert a._score_cells_now(view, me, [target], target, bow, reach, False) == got
    assert a._ground(view, me, reach, False) is not ground
    assert got is not None                                                      # an answer, not "no cell"
