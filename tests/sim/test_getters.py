"""Positions, the clock and the unit table read the live state (issue 19, engine5: getters made cheaper)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics import Encounter, load_character, load_map
from tactics.sim.simenv import Environment

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def enc() -> Encounter:
    e = Encounter(load_map(ROOT / "maps/arena.toml"), seed=3)
    e.add(load_character(ROOT / "assets/characters/steven.toml"), team="red", policy="advance")
    e.add(load_character(ROOT / "assets/characters/clone.toml"), team="blue", policy="advance")
    e.run(until=120)
    return e


def test_positions_are_the_coordinates(enc: Encounter) -> None:
    for c in enc.order:
        assert c.pos == (c.x, c.y, c.z) and type(c.pos) is tuple
        v = enc.view_of(c)
        assert v.pos == (c.x, c.y, c.z) and type(v.pos) is tuple
        with pytest.raises(AttributeError):
            v.pos = (0.0, 0.0, 0.0)


def test_world_unit_reads_the_live_table(enc: Encounter) -> None:
    world = enc.world
    for c in enc.order:
        assert world.unit(c.id) is c
    assert world.unit("nobody") is None


def test_now_is_simpys_clock() -> None:
    env = Environment(initial_time=2.5)
    assert env.now == 2.5
    env.timeout(1.0)
    env.run()
    assert env.now == 3.5
    with pytest.raises(AttributeError):
        env.now = 1.0

