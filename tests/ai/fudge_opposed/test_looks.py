"""The kept hand-to-hand look (issue #19): a kept :class:`Look` is the one a fresh look works out,
whatever changed in between (statuses, weapons out of use, the weapon used last)."""

from __future__ import annotations

from pathlib import Path

from tactics.ai.fudge_opposed.looks import STORE, _work_out, melee_look
from tactics.map import load_map
from tactics.rulesets.fudge_opposed.state import state_of, status
from tactics.scenario import character_for
from tactics.sim import Encounter

ROOT = Path(__file__).resolve().parents[3]


def duel():
    enc = Encounter(load_map(ROOT / "maps" / "arena.toml"), seed=1, ruleset="fudge-opposed")
    a = enc.add(character_for("swordsman", None, "fudge-opposed"), team="red", at=(20, 10), policy="duelist")
    b = enc.add(character_for("shield_bearer", None, "fudge-opposed"), team="blue", at=(21.2, 10), policy="duelist")
    return enc, enc.combatants[a.id], enc.combatants[b.id]


def kept_and_fresh(view, me, them):
    kept = melee_look(view, me, them, status(me), status(them))
    view.memo.pop("fudge best weapon", None)
    return kept, _work_out(view, me, them, status(me), status(them))


def test_a_look_is_kept_and_follows_every_status_and_weapon():
    enc, a, b = duel()
    view = enc.view_for(a)
    me, them = view.me, view.unit(b.id)
    first = melee_look(view, me, them, status(me), status(them))
    assert first.hit is not None and first.trip is not None and first.arms
    assert melee_look(view, me, them, status(me), status(them)) is first    # kept
    for change in (lambda: setattr(b, "prone", True), lambda: a.status.update(gone_to_ground=True),
                   lambda: b.status.update(full_defence=True), lambda: b.status.update(dropped=[first.arms[0]])):
        change()
        kept, fresh = kept_and_fresh(view, me, them)
        assert kept == fresh and kept is not first
    assert kept.trip is None     # prone: no trip


def test_the_look_follows_the_weapon_the_target_used_last():
    enc, a, b = duel()
    view = enc.view_for(a)
    me, them = view.me, view.unit(b.id)
    melee_look(view, me, them, status(me), status(them))
    looks = len(view.shared[STORE])   # the fights on the same map share the store
    state_of(b).last_weapon = "hands"
    kept, fresh = kept_and_fresh(view, me, them)
    assert kept == fresh and len(view.shared[STORE]) == looks + 1


def test_a_kept_melee_strike_reads_the_distance_only_as_short_range_or_not():
    from tactics.ai.fudge_opposed.odds import kept_strike, strike
    from tactics.rulesets.fudge_opposed.state import weapons

    enc, a, b = duel()
    view = enc.view_for(a)
    me, them = view.me, view.unit(b.id)
    sword = next(w for w in weapons(me) if not w.ranged)
    for d in (0.3, 1.2, 1.99, 2.0, 7.5):
        assert kept_strike(view, me, them, sword, d) == strike(view, me, them, sword, d)
    assert kept_strike(view, me, them, sword, 1.5) is not None and kept_strike(view, me, them, sword, 2.5) is None
