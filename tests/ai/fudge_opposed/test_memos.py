"""The fudge-opposed policies' memos (issue #19): a kept answer is the one a fresh look gives,
whatever changed in between (statuses, weapons out of use, the distance)."""

from __future__ import annotations

from pathlib import Path

import msgspec

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


def test_the_kept_strike_is_the_strike_of_now():
    from tactics.ai.fudge_opposed.odds import kept_strike, strike

    enc, a, b = duel()
    view = enc.view_for(a)
    me, them = view.me, view.unit(b.id)
    sword = next(w for w in weapons(a) if w.name == "sword")
    first = kept_strike(view, me, them, sword, 1.0)
    assert first == strike(view, me, them, sword, 1.0)
    b.prone = True   # -Block for the target: the kept answer must not be the old one
    got = kept_strike(view, me, them, sword, 1.0)
    assert got == strike(view, me, them, sword, 1.0) and got[0] > first[0]


def test_the_kept_drop_behind_follows_the_fighters_and_the_map():
    from tactics.ai.fudge_opposed.melee import _drop, drop_behind

    for start in ((17.5, 9.0), (16.2, 10.3)):   # the tower's roof: a 10 m drop behind the trooper
        enc = Encounter(load_map(ROOT / "maps" / "tower.toml"), seed=1, ruleset="fudge-opposed")
        a = enc.add(character_for("swordsman", None, "fudge-opposed"), team="red", at=start, policy="duelist")
        b = enc.add(character_for("trooper", None, "fudge-opposed"), team="blue", at=(16.2, 9.0), policy="passive")
        view = enc.view_for(enc.combatants[a.id])
        me, them = view.me, view.unit(b.id)
        got = drop_behind(view, me, them)
        assert got == drop_behind(view, me, them) == _drop(view, me.x, me.y, them)
        for at in ((them.x + 1.4, them.y), (them.x, them.y - 1.4), (them.x - 1.0, them.y + 1.0)):
            assert drop_behind(view, me, them, at) == _drop(view, at[0], at[1], them)
    arena = Encounter(load_map(ROOT / "maps" / "arena.toml"), seed=1, ruleset="fudge-opposed")
    a = arena.add(character_for("swordsman", None, "fudge-opposed"), team="red", at=(20, 10), policy="duelist")
    b = arena.add(character_for("trooper", None, "fudge-opposed"), team="blue", at=(21.2, 10), policy="passive")
    view = arena.view_for(arena.combatants[a.id])
    assert drop_behind(view, view.me, view.unit(b.id)) == 0.0   # flat ground: nothing to fall off


def test_identical_fighters_are_the_able_team_mates_of_an_equal_sheet():
    """Group attacks pool fighters of the same sheet (DECISIONS-fudge · Group attacks): the same
    object or an equal copy; the sheet is encoded only when a mate's is another object."""
    from tactics.rulesets.fudge_opposed.attacks import identical

    enc = Encounter(load_map(ROOT / "maps" / "arena.toml"), seed=1, ruleset="fudge-opposed")
    trooper = character_for("trooper", None, "fudge-opposed")
    copy = msgspec.json.decode(msgspec.json.encode(trooper), type=type(trooper))
    assert copy is not trooper and copy == trooper
    a = enc.add(trooper, team="red", at=(10, 10), policy="passive")
    b = enc.add(trooper, team="red", at=(10, 14), policy="passive")     # the same object
    c = enc.add(copy, team="red", at=(10, 18), policy="passive")        # an equal copy
    enc.add(character_for("swordsman", None, "fudge-opposed"), team="red", at=(14, 10), policy="passive")
    enc.add(trooper, team="blue", at=(30, 10), policy="passive")        # the other side
    assert [u.id for u in identical(enc.world, enc.combatants[a.id])] == [a.id, b.id, c.id]
    assert [u.id for u in identical(enc.world, enc.combatants[c.id])] == [a.id, b.id, c.id]
    enc.combatants[b.id].able = False
    assert [u.id for u in identical(enc.world, enc.combatants[a.id])] == [a.id, c.id]


class _Held:
    """A view in which the given fighters cannot move (held in a grapple)."""

    def __init__(self, view, held: set[str]) -> None:
        self._view, self._held = view, held

    def movement(self, u) -> float:
        return 0.0 if u.id in self._held else self._view.movement(u)

    def __getattr__(self, name):
        return getattr(self._view, name)


def test_a_held_trooper_weighs_the_squads_later_attacks_at_its_mates_pace():
    """A trooper that cannot move (held: movement 0) still weighs what the squad can do once there,
    at its mates' pace; with nobody able to move, no later attack is weighed (it divided by zero)."""
    from tactics.ai.fudge_opposed.trooper import Trooper

    enc = Encounter(load_map(ROOT / "maps" / "arena.toml"), seed=1, ruleset="fudge-opposed")
    trooper = character_for("trooper", None, "fudge-opposed")
    ids = [enc.add(trooper, team="red", at=(2, 2 + 2 * k), policy="passive").id for k in range(3)]
    far = enc.add(character_for("swordsman", None, "fudge-opposed"), team="blue", at=(38, 18), policy="passive")
    view = enc.view_for(enc.combatants[ids[0]])
    me, enemies = view.me, [view.unit(far.id)]
    mates = [view.unit(i) for i in ids]
    free = Trooper().weigh(view, me, mates, enemies)
    assert free and all("away" in o.what for o in free)          # out of reach this turn: later attacks only
    held_me = Trooper().weigh(_Held(view, {ids[0]}), me, mates, enemies)
    assert [o.what for o in held_me] == [o.what for o in free]   # the mates' pace is its own here
    assert Trooper().weigh(_Held(view, set(ids)), me, mates, enemies) == []
