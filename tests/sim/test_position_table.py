"""The referee's position table (``Encounter._xyz``) is kept only once a query could read it
(``Encounter._xyz_live``): never in a duel of two teams, and from the moment a third fighter or a
second of a team comes in (before or during the fight) every column is where its fighter stands."""

from __future__ import annotations

import math
from pathlib import Path

from tactics import Encounter, load_character, load_map

ROOT = Path(__file__).resolve().parents[2]


def _sheet(name: str):
    return load_character(ROOT / f"assets/characters/{name}.toml")


def _columns_match(enc: Encounter) -> None:
    for c in enc.order:
        assert tuple(enc._xyz[:, c.row].tolist()) == (c.x, c.y, c.z), c.id


def _nearest_by_hand(enc: Encounter, c):
    foes = [o for o in enc.order if o.able and o.team != c.team]
    return min(foes, key=lambda o: (o.x - c.x) ** 2 + (o.y - c.y) ** 2 + (o.z - c.z) ** 2, default=None)


def test_a_duel_keeps_no_table_and_its_queries_still_answer() -> None:
    enc = Encounter(load_map(ROOT / "maps/arena.toml"), seed=4)
    red = enc.add(_sheet("steven"), team="red", policy="brawler")
    enc.add(_sheet("clone"), team="blue", policy="brawler")
    enc.run(until=120)
    assert enc._xyz_live is False
    c = enc.combatants[red.id]
    assert enc.allies_near(c, 100.0) == []
    assert [v.id for v in enc.enemies_near(c, 100.0)] == [v.id for v in enc.able_views().get("blue", [])]


def test_two_of_a_team_keep_it_from_the_start() -> None:
    enc = Encounter(load_map(ROOT / "maps/arena.toml"), seed=5)
    enc.add(_sheet("steven"), team="red", policy="advance")
    enc.add(_sheet("clone"), team="red", policy="advance")
    assert enc._xyz_live is True
    _columns_match(enc)


def test_a_newcomer_mid_fight_makes_the_table_right_for_everyone() -> None:
    enc = Encounter(load_map(ROOT / "maps/arena.toml"), seed=3)
    enc.add(_sheet("steven"), team="red", at=(5, 3), policy="advance")
    enc.add(_sheet("clone"), team="blue", at=(15, 3), policy="advance")
    seen: list[bool] = []

    def join(e: Encounter) -> None:
        moved = [(c.x, c.y) for c in e.order] != [(5.0, 3.0), (15.0, 3.0)]
        e.add(_sheet("clone"), team="blue", at=(16, 9), policy="advance")
        _columns_match(e)  # the two who walked without the table are in it where they stand now
        seen.append(moved)

    enc.at(2.5, join)
    enc.run(until=60)
    assert seen == [True] and enc._xyz_live
    _columns_match(enc)
    for c in enc.order:
        want = _nearest_by_hand(enc, c)
        got = enc.nearest_enemy(c)
        assert (got.id if got is not None else None) == (want.id if want is not None else None)
        if want is not None:
            assert math.isclose(math.dist(c.pos, want.pos), math.dist(c.pos, enc.combatants[got.id].pos))
