"""shotodds.shot_estimates: the archer's one-loop read of its shots' estimates is :func:`.odds.estimate`'s
answer for every target and distance, in and out of a plan's scope (issue 19)."""

from __future__ import annotations

from pathlib import Path

from tactics import Encounter, load_character, load_map
from tactics.ai.mano_a_mano.archer import bow_of
from tactics.ai.mano_a_mano.odds import PLANNING, estimate
from tactics.ai.mano_a_mano.shotodds import shot_estimates

ROOT = Path(__file__).resolve().parents[2]


def _fight():
    enc = Encounter(load_map(ROOT / "maps/arena.toml"), seed=1, shared={})
    red = enc.add(load_character(ROOT / "assets/characters/archer.toml"), team="red", policy="passive")
    blues = [enc.add(load_character(ROOT / f"assets/characters/{c}.toml"), team="blue", policy="passive")
             for c in ("clone", "grappler", "steven")]
    view = enc.view_for(enc.combatants[red.id])
    return view, [enc._views[b.id] for b in blues]


def test_shot_estimates_are_estimate_for_every_target_and_distance() -> None:
    view, targets = _fight()
    me = view.me
    bow = bow_of(me)
    assert bow is not None
    seen_none = seen_some = 0
    for scoped in (False, True):
        if scoped:
            view.memo[PLANNING] = {}
        for d in (2.0, 7.5, 19.0, 44.0, 90.0, 500.0):
            for aim in (0, 5):
                dists = [d, d + 0.7, d * 1.5]
                got = shot_estimates(view, me, targets, "quick shot", bow, aim, dists)
                fresh, _ = _fight()  # estimate worked out in a fight of its own: nothing kept yet
                want = [estimate(fresh, fresh.me, fresh.unit(t.id), "quick shot", bow_of(fresh.me), distance=x, aim=aim)
                        for t, x in zip(targets, dists)]
                assert [None if g is None else (g.action, g.weapon, g.avoid, g.p, g.harm) for g in got] == \
                       [None if w is None else (w.action, w.weapon, w.avoid, w.p, w.harm) for w in want]
                seen_none += sum(g is None for g in got)
                seen_some += sum(g is not None for g in got)
    assert seen_none and seen_some  # out of range and in range both came up: the test can fail
