"""Invariants over many random small encounters (hypothesis), and determinism.

Whatever the map, the roster and the seed: nobody moves further in a turn
than allowed, nobody stands inside a wall, stun and damage never go negative,
incapacitated characters never act, time never runs backwards, and every
replay reads back and folds to the engine's final state.
"""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactics import Encounter
from tactics.map import TacticalMap
from tactics.replay import parse_replay
from tactics.replay.schema import Attack, Harm, Move

from .conftest import sheet

NAMES = ["steven", "clone", "archer", "grappler", "spear_thrower", "soldier", "winged", "climber"]
CELLS = ".....#%=_"


@st.composite
def small_maps(draw):
    cols = draw(st.integers(6, 12))
    rows = draw(st.integers(3, 7))
    grid = [[draw(st.sampled_from(CELLS)) for _ in range(cols)] for _ in range(rows)]
    grid[0][0] = "r"
    grid[rows - 1][cols - 1] = "b"
    grid[0][1] = "r"
    grid[rows - 1][cols - 2] = "b"
    return TacticalMap.from_grid(["".join(r) for r in grid])


@st.composite
def encounters(draw):
    tmap = draw(small_maps())
    seed = draw(st.integers(0, 2**31))
    enc = Encounter(tmap, seed=seed, options={"stall_rounds": 8})
    for team in ("red", "blue"):
        for _ in range(draw(st.integers(1, 2))):
            enc.add(sheet(draw(st.sampled_from(NAMES))), team, policy="advance")
    return enc


def check_invariants(enc, result):
    tmap = enc.map
    rs = enc.options.round_seconds
    last = -math.inf
    out: set[str] = set()
    spent: dict[tuple[str, float], float] = {}
    for ev in result.events:
        assert ev.t >= last, "time ran backwards"
        last = ev.t
        who = getattr(ev, "who", None)
        if isinstance(ev, (Attack, Move)) and not (isinstance(ev, Move) and ev.legs[0].kind == "fall"):
            if isinstance(ev, Attack):
                assert who not in out, f"{who} acted while incapacitated"
        if isinstance(ev, Move):
            for leg in ev.legs:
                if leg.kind in ("walk", "swim", "jump", "climb", "fly"):
                    spent[(who, ev.t)] = spent.get((who, ev.t), 0.0) + (leg.t1 - leg.t0)
                x, y, z = leg.end
                if tmap.terrain_at(x, y) == "wall":
                    assert z >= tmap.ground_height(x, y) - 1e-6, f"{who} inside a wall at {leg.end}"
                if leg.kind == "walk":
                    c = enc.combatants[who].character
                    speed = math.dist(leg.start, leg.end) / max(leg.t1 - leg.t0, 1e-12)
                    assert speed <= c.running / rs + 1e-6, (who, leg, tmap.grid)
        if isinstance(ev, Harm):
            assert all(v >= 0 for v in ev.tracks.values()), f"negative track {ev.tracks}"
            if ev.standing == "incapacitated":
                out.add(who)
            elif ev.standing in ("healthy", "injured"):
                out.discard(who)
    for (who, t), used in spent.items():
        assert used <= rs + 1e-6, f"{who} moved for {used} s in the turn at {t}"
    replay = parse_replay(result.to_bytes())
    final = replay.fold().final_state().units
    for c in enc.order:
        u = final[c.id]
        assert (dict(u.tracks), u.standing) == (c.tracks, c.standing)
        assert math.isclose(u.x, c.x) and math.isclose(u.y, c.y) and math.isclose(u.z, c.z)
        assert all(v >= 0 for v in c.tracks.values())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(encounters())
def test_random_encounters_keep_the_invariants(enc):
    result = enc.run(until=40)
    check_invariants(enc, result)


def test_the_same_seed_gives_a_byte_identical_replay():
    tmap = TacticalMap.from_grid(["r....%....", "r...#.....", "....=....b", ".........b"])

    def fight(seed: int) -> bytes:
        enc = Encounter(tmap, seed=seed)
        for team, names in (("red", ("steven", "archer")), ("blue", ("clone", "spear_thrower"))):
            for n in names:
                enc.add(sheet(n), team, policy="advance")
        return enc.run(until=60).to_bytes()

    seen = set()
    for seed in range(25):
        a, b = fight(seed), fight(seed)
        assert a == b
        seen.add(a)
    assert len(seen) > 20  # different seeds give different fights
