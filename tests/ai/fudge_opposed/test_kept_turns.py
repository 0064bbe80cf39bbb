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


def test_a_glanced_key_is_the_key_made_afresh():
    """The key part kept per fighter (``GLANCES``) is made again whenever anything it read changes."""
    from tactics.ai.fudge_opposed.kept import GLANCES, glance

    enc, a, b = duel()
    view = enc.view_for(a)

    def both():
        kept = turn_key(view, view.me, view.enemies(), False)
        view.memo.pop(GLANCES, None)
        return kept, turn_key(view, view.me, view.enemies(), False)

    kept, new = both()
    assert kept == new and kept is not None
    turn_key(view, view.me, view.enemies(), False)
    assert GLANCES in view.memo
    for change in (lambda: setattr(b, "prone", True), lambda: b.status.update(full_defence=True),
                   lambda: setattr(b, "x", b.x + 0.3), lambda: setattr(a.state, "last_weapon", "sword"),
                   lambda: setattr(b.state, "last_weapon", "hands")):
        turn_key(view, view.me, view.enemies(), False)   # the glance before the change
        change()
        kept, new = both()
        assert kept == new
    b.status["jammed"] = ["sword"]   # a list status: no glance kept
    assert glance(view.me, view.unit(b.id)) is None


def test_duels_play_the_same_with_and_without_glances(monkeypatch):
    """Whole fights: every turn key with the glances is the one made afresh."""
    import tactics.ai.fudge_opposed.kept as kept_mod

    made = []
    real = kept_mod.turn_key

    def checked(view, me, enemies, grapples, st_me=None):
        got = real(view, me, enemies, grapples, st_me)
        glances = view.memo.pop(kept_mod.GLANCES, None)
        made.append(got == real(view, me, enemies, grapples, st_me))
        if glances is not None:
            view.memo[kept_mod.GLANCES] = glances   # the next turn glances at what this one kept
        return got

    monkeypatch.setattr("tactics.ai.fudge_opposed.duelist.turn_key", checked)
    for seed in range(4):
        enc = Encounter(load_map(ROOT / "maps" / "arena.toml"), seed=seed, ruleset="fudge-opposed", shared={})
        enc.add(character_for("swordsman", None, "fudge-opposed"), team="red", policy="duelist")
        enc.add(character_for("shield_bearer", None, "fudge-opposed"), team="blue", policy="duelist")
        enc.run(until=120)
    assert made and all(made)


def test_the_last_turn_is_kept_only_while_nothing_it_read_changed():
    """``last_turn`` hands back the fighter's last kept turn, and nothing once anything the key read
    changed, another fighter joined, or another policy asks."""
    from tactics.ai.fudge_opposed.kept import LAST, last_turn

    for change in (lambda a, b: setattr(b, "prone", True), lambda a, b: b.status.update(full_defence=True),
                   lambda a, b: a.status.update(full_defence=True), lambda a, b: setattr(b, "x", b.x + 0.3),
                   lambda a, b: setattr(a, "y", a.y + 0.2), lambda a, b: setattr(b.state, "last_weapon", "hands"),
                   lambda a, b: b.status.update(jammed=["sword"])):
        policy = Duelist()
        enc, a, b = duel()
        view = enc.view_for(a)
        assert last_turn(view, policy) is None   # nothing kept yet
        first = policy.plan(view)
        assert LAST in view.memo
        again = last_turn(view, policy)
        assert again is not None and same(again, first) and again.steps is not first.steps
        assert last_turn(view, Duelist()) is None   # another policy's turn is not this one's
        change(a, b)
        assert last_turn(view, policy) is None
    enc, a, b = duel()
    view = enc.view_for(a)
    policy = Duelist()
    b.status["jammed"] = ["dagger"]   # a list status is kept too, and a change in place still tells
    first = policy.plan(view)
    assert same(last_turn(view, policy), first)
    b.status["jammed"].append("sword")
    assert last_turn(view, policy) is None
    policy.plan(view)
    enc.add(character_for("brawler", None, "fudge-opposed"), team="blue", at=(30, 20), policy="duelist")
    assert last_turn(view, policy) is None   # a third fighter: allies and labels may read otherwise


def test_duels_play_the_same_with_and_without_the_last_turn(monkeypatch):
    """Whole fights: every turn ``last_turn`` hands back is the plan the policy weighs (or looks up) afresh."""
    import tactics.ai.fudge_opposed.kept as kept_mod
    from tactics.ai.fudge_opposed.common import FudgePolicy

    checked = []
    real = kept_mod.last_turn

    def both(view, policy):
        got = real(view, policy)
        if got is not None:
            kept = view.memo.pop(kept_mod.LAST)
            fresh_plan = FudgePolicy.plan(policy, view)
            view.memo[kept_mod.LAST] = kept
            checked.append(same(got, fresh_plan))
        return got

    monkeypatch.setattr("tactics.ai.fudge_opposed.duelist.last_turn", both)
    for seed in range(6):
        enc = Encounter(load_map(ROOT / "maps" / "arena.toml"), seed=seed, ruleset="fudge-opposed", shared={})
        enc.add(character_for("swordsman", None, "fudge-opposed"), team="red", policy="duelist")
        enc.add(character_for("shield_bearer", None, "fudge-opposed"), team="blue", policy="duelist")
        enc.run(until=120)
    assert len(checked) > 20 and all(checked)
