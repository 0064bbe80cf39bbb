"""The fudge-opposed policies' memos (issue #19): a kept answer is the one a fresh look gives,
whatever changed in between (statuses, weapons out of use, the distance)."""

from __future__ import annotations

from pathlib import Path

from tactics.ai.fudge_opposed.odds import best_weapon
from tactics.map import load_map
from tactics.rulesets.fudge_opposed.sheet import BARE_HANDS
from tactics.rulesets.fudge_opposed.state import weapons
from tactics.scenario import character_for
from tactics.sim import Encounter

ROOT = Path(__file__).resolve().parents[3]
MEMO = "fudge best weapon"


def duel():
    enc = Encounter(load_map(ROOT / "maps" / "arena.toml"), seed=1, ruleset="fudge-opposed")
    a = enc.add(character_for("swordsman", None, "fudge-opposed"), team="red", at=(20, 10), policy="duelist")
    b = enc.add(character_for("shield_bearer", None, "fudge-opposed"), team="blue", at=(21.2, 10), policy="duelist")
    return enc, enc.combatants[a.id], enc.combatants[b.id]


def fresh(view, me, target, distance, **kw):
    view.memo.pop(MEMO, None)
    return best_weapon(view, me, target, distance, **kw)


def test_the_kept_best_weapon_follows_every_status_the_totals_read():
    enc, a, b = duel()
    view = enc.view_for(a)
    me, them = view.me, view.unit(b.id)
    first = best_weapon(view, me, them, 1.0)
    assert first is not None and view.memo[MEMO]
    assert best_weapon(view, me, them, 1.0) == first   # kept
    b.prone = True                                     # prone: -1 Block for the target
    assert best_weapon(view, me, them, 1.0) == fresh(view, me, them, 1.0)
    prone = best_weapon(view, me, them, 1.0)
    assert prone[1] > first[1]
    a.status["gone_to_ground"] = True                  # gone to ground: -4 to my Melee
    got = best_weapon(view, me, them, 1.0)
    assert got == fresh(view, me, them, 1.0) and got[1] < prone[1]
    assert best_weapon(view, me, them, 1.0, extra_def=2)[1] < got[1]   # full defence's +2


def test_the_kept_best_weapon_follows_the_weapons_in_hand():
    enc, a, b = duel()
    view = enc.view_for(a)
    me, them = view.me, view.unit(b.id)
    first = best_weapon(view, me, them, 1.0)
    a.status["dropped"] = [first[0].name]
    got = best_weapon(view, me, them, 1.0)
    assert got[0].name != first[0].name and got == fresh(view, me, them, 1.0)


def test_weapons_leaves_out_only_those_jammed_dropped_or_lost():
    enc, a, _ = duel()
    names = [w.name for w in weapons(a)]
    assert names == ["sword", "dagger", BARE_HANDS]     # bare hands always
    for key in ("jammed", "dropped", "lost"):
        a.status[key] = ["sword", BARE_HANDS]
        assert [w.name for w in weapons(a)] == ["dagger", BARE_HANDS]
        del a.status[key]
    assert [w.name for w in weapons(a)] == names
