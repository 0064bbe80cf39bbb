"""Engine invariants over random encounters, every replay read back through the reader (issue #16).

Random small maps (heights, cliffs with hand holds, walls, water, gaps,
rubble, light), random fighters from the shipped sheets of all four
rulesets (winged flyers and a trained climber among Mano a Mano's), each
fight written, read back with :func:`tactics.replay.parse_replay` (which
refuses rolls that do not add up and positions off the map) and checked by
``invariant_checks``: everyone stays on the map, flyers too; no leg starts
before the drop or fall it follows ends; nobody moves of their own after
going down; climbers hang on the face, not inside the rock.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactics import Encounter
from tactics.map import Mover, TacticalMap
from tactics.replay import parse_replay
from tactics.sheets import load_sheet

from .invariant_checks import violations

CHARS = Path(__file__).resolve().parents[2] / "tactics" / "data" / "assets" / "characters"
CAST: dict[str, list[tuple[str, str]]] = {
    "mano-a-mano": [("winged.toml", "flyer"), ("climber.toml", "brawler"), ("steven.toml", "brawler"),
                    ("archer.toml", "archer"), ("grappler.toml", "grappler"), ("winged.toml", "flyer")],
    "mano-a-mano-2006": [("mam2006/swordsman.toml", "duelist"), ("mam2006/wrestler.toml", "wrestler"),
                         ("mam2006/archer.toml", "guard"), ("mam2006/shield_bearer.toml", "duelist")],
    "fudge-opposed": [("fudge/trooper.toml", "trooper"), ("fudge/marksman.toml", "marksman"),
                      ("fudge/brawler.toml", "wrestler"), ("fudge/sneak.toml", "sneak")],
    "d100-opposed": [("d100/gunner.toml", "gunner"), ("d100/duelist.toml", "melee"),
                     ("d100/runner.toml", "melee"), ("d100/sniper.toml", "sniper")],
}
LEGEND = {"^": {"kind": "cliff", "surface": "handholds"}, "s": {"kind": "cliff", "surface": "steep-slope"}}
CELLS = ".....^^s#O=~,_%"
"""Floor most often; cliffs (hand holds, a steep slope), walls of 4, 3 and 1 m, deep and shallow water,
a 10 m gap, rubble."""


@st.composite
def battlefields(draw) -> TacticalMap:
    cols, rows = draw(st.integers(5, 9)), draw(st.integers(3, 6))
    grid = ["".join(draw(st.sampled_from(CELLS)) for _ in range(cols)) for _ in range(rows)]
    heights = ["".join(draw(st.sampled_from("0000123569")) if ch in "^s" else "0" for ch in row) for row in grid]
    light = draw(st.sampled_from(["bright", "bright", "dim", "dark"]))
    return TacticalMap.from_grid(grid, legend=LEGEND, heights=heights, default_light=light, name="random")


@st.composite
def encounters(draw) -> tuple[Encounter, TacticalMap, str]:
    tmap = draw(battlefields())
    ruleset = draw(st.sampled_from(sorted(CAST)))
    free = [(c, r) for r in range(tmap.rows) for c in range(tmap.cols) if tmap.standable[r, c]]
    n = draw(st.integers(2, 4))
    if len(free) < n:
        free = [(c, r) for r in range(tmap.rows) for c in range(tmap.cols)]
        tmap = TacticalMap.from_grid(["." * tmap.cols] * tmap.rows, name="flat")
    cells = draw(st.lists(st.sampled_from(free), min_size=n, max_size=n, unique=True))
    seed = draw(st.integers(0, 2**32 - 1))
    enc = Encounter(tmap, seed=seed, ruleset=ruleset)
    about = [ruleset, f"seed {seed}", *tmap.grid]
    for k, (col, row) in enumerate(cells):
        path, policy = draw(st.sampled_from(CAST[ruleset]))
        sheet = load_sheet(CHARS / path, ruleset)
        x, y = tmap.center(col, row)
        flying = policy == "flyer" and draw(st.booleans())
        z = tmap.ground_height(x, y) + (draw(st.sampled_from([4.0, 10.0, 20.0])) if flying else 0.0)
        enc.add(sheet, "red" if k % 2 == 0 else "blue", at=(x, y, z), policy=policy, flying=flying or None)
        about.append(f"{'red' if k % 2 == 0 else 'blue'}: {path} {policy} at {(x, y, z)}")
        if path == "climber.toml":
            enc.set_mover(sheet, Mover(running=6, climb_surfaces={"handholds", "ladder", "rope", "steep-slope"}))
    return enc, tmap, "\n".join(about)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(encounters(), st.sampled_from([15.0, 30.0]))
def test_random_fights_keep_the_engines_invariants(case, until) -> None:
    enc, tmap, about = case
    result = enc.run(until=until)
    replay = parse_replay(result.to_bytes(), "<random fight>")  # rolls add up, positions on the map
    assert replay.events == result.events
    problems = violations(replay, tmap)
    assert not problems, about + "\n" + "\n".join(problems[:10])
