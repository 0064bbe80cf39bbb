"""Routes found on an earlier turn are reused instead of searched again (tactics.sim.turn).

The engine keeps the rest of a route between turns. When the goal has moved,
it keeps the route up to where it passes nearest the new goal and walks the
rest straight, provided that point is within the slack and the last stretch
crosses only open, level ground; otherwise it searches afresh.
"""

from __future__ import annotations

import math

from tactics import Encounter
from tactics.map import TacticalMap
from tactics.map.movement import Mover
from tactics.sim import Scripted

from .conftest import sheet

# a wall with a door at the bottom: the way from west to east turns through the door
DOOR = [
    ".........#........",
    ".........#........",
    ".........#........",
    ".........#........",
    ".........#........",
    "..................",
]


def setup():
    tmap = TacticalMap.from_grid(DOOR)
    enc = Encounter(tmap, seed=1)
    c = enc.add(sheet(), "red", at=(3.0, 1.0), policy=Scripted([]))
    combatant = enc.combatants[c.id]
    mover = enc.mover_of(combatant)
    return tmap, enc, combatant, mover


def test_straight_walk_is_the_search_free_part_of_path():
    tmap, _, _, mover = setup()
    leg = tmap.straight_walk((1.0, 1.0), (15.0, 1.0), mover)
    assert leg is not None and leg.kind == "walk" and math.isclose(leg.length, 14.0)
    assert tmap.path((1.0, 1.0), (15.0, 1.0), mover) == [leg]
    assert tmap.straight_walk((3.0, 5.0), (33.0, 5.0), mover) is None      # through the wall
    assert tmap.straight_walk((3.0, 5.0), (99.0, 5.0), mover) is None      # off the map


def test_a_goal_that_comes_along_the_route_keeps_the_route_and_ends_at_the_goal():
    tmap, enc, c, mover = setup()
    old_goal = (33.0, 1.0)
    legs = tmap.path(c.pos, old_goal, mover)
    assert [l.end[:2] for l in legs] == [(19.0, 11.0), old_goal]          # down through the door and up
    c.route = (old_goal, legs)
    new_goal = (25.0, 9.0)                                                 # past the door, 11.3 m from the old goal
    kept = enc.turns._cached_route(c, new_goal)
    assert kept is not None
    dest, got = kept
    assert dest == new_goal                                                # the cut route leads to the new goal
    assert got[0] == legs[0]                                               # the way through the door is kept
    assert got[-1].kind == "walk" and got[-1].end[:2] == new_goal
    for a, b in zip(got, got[1:]):
        assert a.end == b.start                                            # one unbroken route
    fresh = sum(l.cost for l in tmap.path(c.pos, new_goal, mover))
    assert fresh <= sum(l.cost for l in got) <= fresh * 1.1               # nearly what a search finds


def test_a_goal_within_the_slack_keeps_the_whole_route():
    tmap, enc, c, mover = setup()
    legs = tmap.path(c.pos, (33.0, 1.0), mover)
    c.route = ((33.0, 1.0), legs)
    assert enc.turns._cached_route(c, (33.0, 3.0)) == ((33.0, 1.0), legs)  # still leading to where it led


def test_a_goal_not_one_straight_walk_from_the_route_is_searched_again():
    tmap, enc, c, mover = setup()
    legs = tmap.path(c.pos, (33.0, 1.0), mover)
    # from the stretch east of the wall, the goal west of it is behind the wall
    assert enc.turns._cut_route(c, legs[1:], (17.0, 1.0), slack=20.0) is None
    assert enc.turns._cut_route(c, legs[1:], (27.0, 1.0), slack=2.0) is None      # too far off the route
    assert enc.turns._cut_route(c, legs[1:], (27.0, 1.0), slack=20.0) is not None


def test_a_goal_moving_a_little_every_turn_does_not_drift_from_where_the_kept_route_leads():
    """The remembered destination is where the kept legs end, not the goal asked last: a goal moving
    3 m a turn (each step within the slack of the one before) is searched again once it is farther
    than the slack from where the route leads, instead of being walked past on the old legs."""
    from tactics.sim.plan import MoveTo, Plan

    tmap = TacticalMap.from_grid(DOOR)
    enc = Encounter(tmap, seed=1)
    goals = [(33.0 - 3.0 * k, 1.0) for k in range(5)]
    u = enc.add(sheet(), "red", at=(3.0, 1.0),
                policy=Scripted([Plan([MoveTo(x, y)], "walk") for x, y in goals]))
    c = enc.combatants[u.id]
    enc.add(sheet(), "blue", at=(35.0, 11.0), policy=Scripted([]))
    kept = 0
    for k, goal in enumerate(goals):
        enc.run_until(k + 0.5, limit=60)
        if c.route is None:
            continue
        dest, legs = c.route
        assert math.dist(dest, legs[-1].end[:2]) < 1e-6       # the legs lead where the route says
        slack = 4.0 + 0.3 * sum(l.length for l in legs)       # at most ROUTE_SLACK_M or the share of the rest
        assert math.dist(dest, goal) <= slack + 1e-6
        kept += 1
    assert kept >= 2                                          # the test saw routes kept between turns
