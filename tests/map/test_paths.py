"""Paths: walk, jump, climb, swim, fly, drop; legs merge straight runs."""

from __future__ import annotations

import math

import networkx as nx
import numpy as np

from tactics.map import Leg, Mover, TacticalMap

WALKER = Mover(running=6)


def kinds(legs: list[Leg] | None) -> list[str]:
    assert legs is not None
    return [leg.kind for leg in legs]


def test_straight_run_is_one_leg() -> None:
    m = TacticalMap.from_grid(["........", "........"])
    legs = m.path((1.0, 1.0), (15.0, 1.0), WALKER)
    assert len(legs) == 1 and legs[0].kind == "walk"
    assert legs[0].length == 14.0 and legs[0].cost == 14.0
    assert legs[0].start == (1.0, 1.0, 0.0) and legs[0].end == (15.0, 1.0, 0.0)
    assert m.path((1.0, 1.0), (1.0, 1.0), WALKER) == []


def test_rubble_costs_double() -> None:
    m = TacticalMap.from_grid(["%%%%", "%%%%"])
    legs = m.path((1.0, 1.0), (7.0, 1.0), WALKER)
    assert sum(leg.cost for leg in legs) == 12.0 and sum(leg.length for leg in legs) == 6.0


def test_jump_a_narrow_gap_not_a_wide_one(gaps: TacticalMap) -> None:
    legs = gaps.path((1.0, 1.0), (13.0, 1.0), WALKER)
    jump = [leg for leg in legs if leg.kind == "jump"]
    assert len(jump) == 1 and jump[0].gap == 2.0 and jump[0].length == 4.0
    assert gaps.path((1.0, 5.0), (13.0, 5.0), WALKER) is None          # 8 m > 6 m
    assert kinds(gaps.path((1.0, 5.0), (13.0, 5.0), Mover(running=9))).count("jump") == 1
    assert gaps.path((1.0, 1.0), (13.0, 1.0), Mover(running=1)) is None
    assert gaps.path((1.0, 1.0), (7.0, 1.0), WALKER) is None            # never into a gap


def test_fly_over_a_gap_and_a_wall(gaps: TacticalMap) -> None:
    flyer = Mover(running=4, airspeed=8)
    assert flyer.flying
    assert "fly" in kinds(gaps.path((1.0, 5.0), (13.0, 5.0), flyer))
    legs = gaps.path((1.0, 1.0), (1.0, 5.0), flyer)                     # over the 4 m wall
    assert "fly" in kinds(legs) and max(leg.end[2] for leg in legs) == 4.0
    assert gaps.path((1.0, 1.0), (1.0, 5.0), WALKER) is None


def test_climb_prefers_the_ladder(cliff: TacticalMap) -> None:
    legs = cliff.path((1.0, 1.0), (1.0, 5.0), WALKER)
    climb = [leg for leg in legs if leg.kind == "climb"]
    assert len(climb) == 1 and climb[0].surface == "ladder"
    assert climb[0].end[2] == 6.0 and climb[0].start[2] == 0.0
    climber = Mover(running=6, climb_surfaces={"handholds"})
    legs = cliff.path((1.0, 1.0), (1.0, 5.0), climber)
    assert [leg.surface for leg in legs if leg.kind == "climb"] == ["handholds"]
    assert cliff.path((1.0, 1.0), (1.0, 5.0), Mover(running=6, climb_surfaces=frozenset())) is None


def test_drop_down_and_jump_up() -> None:
    m = TacticalMap.from_grid(["...."], heights=[[2, 2, 0, 0]])
    assert "drop" in kinds(m.path((1.0, 1.0), (7.0, 1.0), WALKER))
    assert "jump" in kinds(m.path((7.0, 1.0), (1.0, 1.0), WALKER))           # 2 m up, max 3 m
    assert m.path((7.0, 1.0), (1.0, 1.0), Mover(running=3)) is None          # max 1.5 m up
    deep = TacticalMap.from_grid(["...."], heights=[[5, 5, 0, 0]])
    assert deep.path((1.0, 1.0), (7.0, 1.0), WALKER) is None                 # 5 m > max drop 3 m
    assert "drop" in kinds(deep.path((1.0, 1.0), (7.0, 1.0), Mover(running=6, max_drop_m=6)))


def test_low_wall_is_hopped_tall_wall_is_not(walled: TacticalMap) -> None:
    legs = walled.path((7.0, 5.0), (13.0, 5.0), WALKER)       # over the low wall (or round it)
    assert legs is not None
    blocked = TacticalMap.from_grid(["..#..", "..#..", "..=.."],
                                    legend={"#": {"kind": "wall", "height": 4}})
    assert kinds(blocked.path((1.0, 1.0), (9.0, 1.0), WALKER)).count("jump") == 1
    sealed = TacticalMap.from_grid(["..#..", "..#.."], legend={"#": {"kind": "wall", "height": 4}})
    assert sealed.path((1.0, 1.0), (9.0, 1.0), WALKER) is None


def test_swim_or_nothing(river: TacticalMap) -> None:
    assert river.path((1.0, 3.0), (15.0, 3.0), WALKER) is None
    legs = river.path((1.0, 3.0), (15.0, 3.0), Mover(running=6, swimming=3))
    assert kinds(legs) == ["walk", "swim", "walk"]
    swim = legs[1]
    assert swim.length == 10.0 and swim.cost == 20.0                        # running/swimming = 2
    assert "fly" in kinds(river.path((1.0, 3.0), (15.0, 3.0), Mover(running=6, airspeed=6)))


def test_ford_is_waded() -> None:
    m = TacticalMap.from_grid(["..~~..", "..,,..", "..~~.."])
    legs = m.path((1.0, 1.0), (11.0, 1.0), Mover(running=3))     # cannot jump 4 m of water
    assert legs is not None and set(kinds(legs)) == {"walk"}
    assert sum(leg.cost for leg in legs) > sum(leg.length for leg in legs)   # wading is slow
    assert m.is_passable(5.0, 3.0) and not m.is_passable(5.0, 1.0)


def test_distance_field(cliff: TacticalMap) -> None:
    goal = (1.0, 5.0)
    f = cliff.distance_field([goal], WALKER)
    assert f.cost_grid.shape == (3, 5) and f.cost_at(*goal) == 0.0
    assert f.next_step(*goal) is None
    assert cliff.distance_field([goal], Mover(running=6)) is f              # cached per mover key
    # following next_step reaches the goal and costs what the field says
    p, spent = (1.0, 1.0), 0.0
    for _ in range(20):
        q = f.next_step(*p)
        if q is None:
            break
        p = q
    assert p == goal
    legs = cliff.path((1.0, 1.0), goal, WALKER)
    assert math.isclose(f.cost_at(1.0, 1.0), cliff.distance_field([goal], WALKER).cost_grid[0, 0])
    assert sum(leg.cost for leg in legs) <= f.cost_at(1.0, 1.0) + 1e-9   # taut legs: never dearer


def test_downhill_is_next_step_followed_until_the_cost_has_fallen_enough(gaps: TacticalMap) -> None:
    f = gaps.distance_field([(13.0, 1.0)], Mover(running=6, swimming=2))
    for start in ((1.3, 1.2), (1.0, 5.0), (7.5, 3.9)):
        for metres in (0.5, 3.0, 9.0, 100.0):
            p, begin = start, f.cost_at(*start)
            for _ in range(64):
                q = f.next_step(*p)
                if q is None:
                    break
                p = q
                if begin - f.cost_at(*p) >= metres:
                    break
            assert f.downhill(*start, metres) == p
            assert f.downhill(*start, metres) == p                            # the remembered walk
    assert f.downhill(13.0, 1.0, 5.0) == (13.0, 1.0)                          # at the goal: stays


def test_distance_field_matches_networkx(gaps: TacticalMap, cliff: TacticalMap) -> None:
    for m, goal in ((gaps, (13.0, 1.0)), (cliff, (1.0, 5.0))):
        mover = Mover(running=6, swimming=2, airspeed=0)
        G = m.movement_graph(mover).reverse()
        gc = m.cell_of(*goal)
        dist = nx.single_source_dijkstra_path_length(G, gc, weight="weight")
        f = m.distance_field([goal], mover)
        for (c, r), d in dist.items():
            assert math.isclose(f.cost_grid[r, c], d)
        unreachable = np.isinf(f.cost_grid).sum()
        assert unreachable == m.rows * m.cols - len(dist)


def test_movement_graph_edge_kinds(gaps: TacticalMap) -> None:
    G = gaps.movement_graph(WALKER)
    assert G.edges[(2, 0), (4, 0)]["kind"] == "jump" and G.edges[(2, 0), (4, 0)]["gap"] == 2.0
    assert G.edges[(0, 0), (1, 0)]["kind"] == "walk"
    assert (3, 0) not in G                                                  # a gap is no node


def test_a_path_from_or_to_a_point_off_the_cell_centres_never_cuts_through_a_wall():
    # found by the engine's property test: the taut line between cell centres was fine,
    # the line from the real goal point was not
    from tactics.map import Mover, TacticalMap

    m = TacticalMap.from_grid(["rr......", "...#....", "....#.bb"])
    mover = Mover(running=6)
    goals = [(x / 4, y / 4) for x in range(1, 64) for y in range(1, 24)]
    for goal in [g for g in goals if m.terrain_at(*g) != "wall"]:
        for start in [(13.0, 5.0), (15.0, 5.0), (15.0, 3.0)]:
            for leg in m.path(start, goal, mover) or []:
                for f in [i / 50 for i in range(51)]:
                    x = leg.start[0] + (leg.end[0] - leg.start[0]) * f
                    y = leg.start[1] + (leg.end[1] - leg.start[1]) * f
                    assert m.terrain_at(x, y) != "wall", (start, goal, leg)


def test_path_answers_are_remembered_per_map_as_fresh_lists(cliff: TacticalMap) -> None:
    a = cliff.path((1.0, 1.0), (1.0, 5.0), WALKER)
    b = cliff.path((1.0, 1.0), (1.0, 5.0), WALKER)
    assert a == b and a is not b                       # the same legs, a list of one's own
    a.clear()
    assert cliff.path((1.0, 1.0), (1.0, 5.0), WALKER) == b
    assert cliff._path((1.0, 1.0), (1.0, 5.0), WALKER) == b   # what a fresh search finds
    assert cliff.path((1.0, 1.0), (1.0, 5.0), Mover(running=6, climb_surfaces=frozenset())) is None  # per mover
    assert cliff.path((1.0, 1.0), (1.0, 5.0), WALKER) == b
