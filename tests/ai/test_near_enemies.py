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
