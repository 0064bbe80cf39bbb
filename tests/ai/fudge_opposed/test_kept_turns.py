"""A duelist's kept face-to-face turn (issue #19): the kept plan is the one a fresh weighing makes,
and only a turn that reads nothing outside the key is kept."""

from __future__ import annotations

from pathlib import Path

from tactics.ai.fudge_opposed.duelist import Duelist
from tactics.ai.fudge_opposed.kept import STORE, kept_plan, turn_key
from tactics.ai.fudge_opposed.wrestler import Wrestler
from tactics.map import load_map
from tactics.scenario import character_for
from tactics.sim import Encounter

ROOT = Path(__file__).resolve().parents[3]


def duel(gap=1.2, third=False):
    enc = Encounter(load_map(ROOT / "maps" / "arena.toml"), seed=1, ruleset="fudge-opposed", shared={})
    a = enc.add(character_for("swordsman", None, "fudge-opposed"), team="red", at=(20, 10), policy="duelist")
    b = enc.add(character_for("shield_bearer", None, "fudge-opposed"), team="blue", at=(20 + gap, 10), policy="duelist")
    if third:
        enc.add(character_for("brawler", None, "fudge-opposed"), team="blue", at=(30, 20), policy="duelist")
    return enc, enc.combatants[a.id], enc.combatants[b.id]


def fresh(policy, view):
    view.shared.pop(STORE, None)
    return policy.plan(view)


def same(p, q):
    return (p.steps, p.reason, tuple(p.alternatives)) == (q.steps, q.reason, tuple(q.alternatives))


def test_a_kept_turn_is_the_fresh_one_and_a_copy():
    for policy in (Duelist(), Wrestler()):
        enc, a, b = duel()
        view = enc.view_for(a)
        first = policy.plan(view)
        key = turn_key(view, view.me, view.enemies(), policy.grapples)
        assert key is not None and kept_plan(view, key) is not None
        again = policy.plan(view)
        assert same(again, first) and again is not first and again.steps is not first.steps
        b.prone = True   # another look: another key, another plan
        then = policy.plan(view)
        assert same(then, fresh(policy, view)) and not same(then, first)


def test_no_key_out_of_reach_or_with_a_second_enemy():
    enc, a, _ = duel(gap=5.0)
    view = enc.view_for(a)
    assert turn_key(view, view.me, view.enemies(), False) is None
    enc, a, _ = duel(third=True)
    view = enc.view_for(a)
    assert turn_key(view, view.me, view.enemies(), False) is None
    assert STORE not in view.shared or not view.shared[STORE]
    Duelist().plan(view)
    assert not view.shared.get(STORE)
