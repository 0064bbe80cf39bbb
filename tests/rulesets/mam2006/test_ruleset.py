"""``RULESET`` through a fake World: the protocol, turns, reactions, manipulation, falls, estimates."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tactics.dice import ScriptedDice, SeededDice
from tactics.rules.effects import Attacked, Check, Harm, Refused, Status
from tactics.rules.protocol import Ruleset
from tactics.rules.registry import get_ruleset
from tactics.rulesets.mano_a_mano_2006 import RULESET, load_sheet, sheet_from_dict
from tactics.rulesets.mano_a_mano_2006.fighters import roll_penalties, state_of, weapons_in_hand

from .fake import FakeAct, FakeTurn, FakeUnit, FakeWorld

SHEETS = Path(__file__).resolve().parents[3] / "assets" / "characters" / "mam2006"


def sheet(name: str) -> Any:
    return load_sheet(SHEETS / f"{name}.toml")


def world(units: list[FakeUnit], dice: list[int], answers: list[tuple[str, Any]] = (), **kw: Any) -> FakeWorld:
    return FakeWorld(RULESET, ScriptedDice(dice), units, list(answers), **kw)


def act(w: FakeWorld, uid: str, a: FakeAct, turn: FakeTurn | None = None, round_index: int = 0) -> list:
    b = w.turn(uid, round_index)
    return w.apply(RULESET.act(w, w.unit(uid), a, b, turn or FakeTurn()))


def harms(effects: list) -> list[tuple[str, dict]]:
    return [(e.who, e.changes) for e in effects if isinstance(e, Harm)]


def attacks(effects: list) -> list[Attacked]:
    return [e for e in effects if isinstance(e, Attacked)]


# -- the protocol ----------------------------------------------------------------------------------
def test_is_a_ruleset_and_registered() -> None:
    assert isinstance(RULESET, Ruleset)
    assert get_ruleset("mano-a-mano-2006") is RULESET
    assert (RULESET.name, RULESET.round_seconds) == ("mano-a-mano-2006", 1.0)
    o = RULESET.options_type()
    assert (o.random_damage, o.critical_hit, o.charging) == (False, False, True)
    assert all(a.source.startswith("001") for a in RULESET.actions.values())


def test_presentation() -> None:
    p = RULESET.presentation(sheet("wrestler"))
    assert [(t.name, t.role, t.max, t.start) for t in p.tracks] == [
        ("ready", "pool", 8, 8), ("defense", "pool", 8, 0), ("other", "pool", 8, 0),
        ("stun", "stun", 8, 0), ("damage", "harm", 8, 0)]
    assert [(s.name, s.able) for s in p.standings] == [("fighting", True), ("down", False), ("out", False)]
    assert (p.bar.segments, p.bar.max) == (["damage", "stun", "other", "defense", "ready"], 8)


def test_mover_and_speeds() -> None:
    m = RULESET.mover(sheet("swordsman"))
    assert (m.running, m.swimming) == (12.0, 4.0)      # HP/round 4 × stride 3; swimming 0: 1 m
    u = FakeUnit("s", "red", sheet("swordsman"))
    world([u], [])
    assert RULESET.speeds(u) == (21.0, 7.0)            # all 7 ready now
    u.prone = True
    assert RULESET.speeds(u)[0] == 7.0                 # stride 3 - 2 on the ground
    assert RULESET.reach(u)[0] == 1.0


# -- time -------------------------------------------------------------------------------------
def test_initiative_surprise_reach_and_ties() -> None:
    a, b, c = (FakeUnit(i, t, sheet(n)) for i, t, n in (("a", "red", "clone"), ("b", "blue", "clone"),
                                                         ("c", "blue", "shield_bearer")))
    w = world([a, b, c], [])
    assert RULESET.schedule(w, w.units(), None).order == ["c", "a", "b"]     # spear 2 m first; scripted: as given
    assert RULESET.schedule(w, w.units(), "b").order == ["b", "c", "a"]
    w.dice = SeededDice(3)
    assert sorted(RULESET.schedule(w, w.units(), None).order[1:]) == ["a", "b"]
    assert w.dice.rolled == 2


def test_slow_fighters_skip_turns() -> None:
    u = FakeUnit("slow", "red", sheet_from_dict({"name": "Slow", "speed": 0.25, "hp": 4}))
    w = world([u], [])
    assert [RULESET.begin_turn(w, u, r, 0) is not None for r in range(5)] == [True, False, False, False, True]


def test_down_fighter_recovers_and_out_fighter_does_not_act() -> None:
    u = FakeUnit("c", "blue", sheet("clone"))
    w = world([u], [])
    u.tracks.update(ready=0, stun=5, damage=1)
    assert RULESET.standing(u) == "down" and RULESET.progress(u) >= 0.5
    b = w.turn("c", 0)
    assert [e.source for e in b.opening] == ["phase 1: recovers a stun point",
                                                "phase 2: readies 1 from other"]
    assert u.pools() == (1, 0, 0, 4, 1) and not b.done
    u.tracks.update(ready=0, stun=0, damage=6)
    assert RULESET.standing(u) == "out" and RULESET.progress(u) == 1.0
    b = w.turn("c", 1)
    assert b.done and b.opening == [] and b.ready == 0


def test_encumbrance_stays_in_other() -> None:
    u = FakeUnit("s", "red", sheet("shield_bearer"))        # HP 5, encumbrance 2
    w = world([u], [])
    u.tracks.update(ready=0, defense=1, other=4)
    w.turn("s", 0)
    assert u.pools() == (3, 0, 2, 0, 0)


# -- reactions ----------------------------------------------------------------------------------
def test_parry() -> None:
    s, sb = FakeUnit("s", "red", sheet("swordsman")), FakeUnit("sb", "blue", sheet("shield_bearer"), x=1.0)
    w = world([s, sb], [4, 3], [("sb", {"reaction": "parry", "weapon": "great shield"})])
    effects = act(w, "s", FakeAct("attack", "sb", "arming sword", {"modifier": 1, "power": 2}))
    (a,) = attacks(effects)
    assert a.roll.mods == [("arming sword", 2), ("points", 1)]
    assert a.roll.vs.mods == [("great shield parry", 4)]
    assert (a.roll.total, a.roll.vs.total, a.roll.result, a.reaction) == (7, 7, "half", "parry")
    assert ("armor: great shield", 3) in a.details and a.harm == {"stun": 0, "damage": 1}
    assert harms(effects) == [("s", {"ready": -3, "defense": 1, "other": 2}), ("sb", {"ready": -1, "other": 1}),
                              ("sb", {"ready": -1, "damage": 1})]
    assert s.pools() == (4, 1, 2, 0, 0) and sb.pools() == (3, 0, 1, 0, 1)


def test_counter_tie_lands_both_at_half() -> None:
    m, c = FakeUnit("m", "red", sheet("modre")), FakeUnit("c", "blue", sheet("clone"), x=0.5)
    w = world([m, c], [4, 3], [("c", {"reaction": "counter", "weapon": "body", "modifier": 1, "power": 1})])
    effects = act(w, "m", FakeAct("attack", "c", "Ice Blade", {"modifier": 1, "power": 2}))
    blade, counter = attacks(effects)
    assert (blade.roll.total, blade.roll.vs.total, blade.hit, blade.harm) == (6, 6, True, {"stun": 1, "damage": 1})
    assert (counter.hit, counter.harm, counter.roll.result) == (True, {"stun": 1, "damage": 0}, "half")
    assert m.pools() == (2, 1, 2, 1, 0) and c.pools() == (2, 1, 1, 1, 1)


def test_a_counter_may_not_spend_more_than_the_attack() -> None:
    m, c = FakeUnit("m", "red", sheet("modre")), FakeUnit("c", "blue", sheet("clone"), x=0.5)
    w = world([m, c], [1, 6], [("c", {"reaction": "counter", "weapon": "body", "modifier": 3, "power": 3})])
    effects = act(w, "m", FakeAct("attack", "c", "Ice Blade", {"modifier": 1, "power": 1}))
    assert harms(effects)[1] == ("c", {"ready": -2, "defense": 2})
    assert w.asked[0].kind == "defend" and w.asked[0].default["points"] == 6


def test_an_ally_interferes_and_stops_the_attack() -> None:
    s = FakeUnit("s", "red", sheet("swordsman"))
    c = FakeUnit("c", "blue", sheet("clone"), x=1.0)
    m = FakeUnit("m", "blue", sheet("modre"), y=1.0)
    w = world([s, c, m], [3, 2, 5],
              [("c", 2), ("m", {"reaction": "attack", "weapon": "Ice Blade", "modifier": 2, "power": 1})])
    effects = act(w, "s", FakeAct("attack", "c", "arming sword", {"modifier": 2, "power": 2}))
    assert [x.kind for x in w.asked] == ["defend", "interfere"]
    interfere, sword = attacks(effects)
    assert (interfere.who, interfere.action) == ("m", "interfere")
    assert (interfere.roll.total, interfere.roll.vs.total) == (8, 7)
    assert interfere.harm == {"stun": 2, "damage": 0} and ("armor: mail shirt", 2) in interfere.details
    assert not sword.hit and ("stopped by Modre", 1) in sword.details
    assert s.pools() == (1, 2, 2, 2, 0) and m.pools() == (3, 2, 1, 0, 0) and c.pools() == (4, 2, 0, 0, 0)


def test_evasion() -> None:
    m, c = FakeUnit("m", "red", sheet("modre")), FakeUnit("c", "blue", sheet("clone"), x=0.5)
    w = world([m, c], [3, 3], [("m", 0)])
    b = w.turn("m", 0)
    e1 = w.apply(RULESET.act(w, m, FakeAct("evade"), b, FakeTurn()))
    e2 = w.apply(RULESET.act(w, m, FakeAct("evade"), b, FakeTurn()))
    assert harms(e1) == [("m", {"ready": -1, "defense": 1})] and m.status["evading"]
    assert isinstance(e2[0], Refused)
    assert w.apply(RULESET.end_turn(w, m)) == []
    w.now = 0.5
    (a,) = attacks(act(w, "c", FakeAct("attack", "m", "body", {"modifier": 1, "power": 1})))
    assert a.roll.vs.mods == [("defense points", 1), ("Ice Blade", 1), ("evading", 2)]
    w.now = 1.0
    w.turn("m", 1)
    assert w.apply(RULESET.end_turn(w, m)) == [Status("m", {"evading": False})]


def test_opening_evade_until_the_first_turn() -> None:
    m, c = FakeUnit("m", "red", sheet("modre")), FakeUnit("c", "blue", sheet("clone"), x=0.5)
    w = world([m, c], [3, 3, 3, 3], [("c", 0), ("c", 0)])
    c.status["evading"] = True                                  # the encounter's ``evading = true``
    (a,) = attacks(act(w, "m", FakeAct("attack", "c", "Ice Blade", {"modifier": 1, "power": 1})))
    assert ("opening evade", 4) in a.roll.vs.mods
    w.now = 0.5
    w.turn("c", 0)
    w.now = 1.0
    (a,) = attacks(act(w, "m", FakeAct("attack", "c", "Ice Blade", {"modifier": 1, "power": 1}), round_index=1))
    assert ("opening evade", 4) not in a.roll.vs.mods


# -- manipulation ---------------------------------------------------------------------------------
def test_choke_of_mr_a_on_mr_b() -> None:
    a, b = FakeUnit("a", "red", sheet("clone")), FakeUnit("b", "blue", sheet("clone"), x=0.5)
    w = world([a, b], [5, 2], [("b", 0)])
    effects = act(w, "a", FakeAct("choke", "b", "body", {"modifier": 1, "power": 5}))
    (ch,) = attacks(effects)
    assert ch.hit and ("larger half", 3) in ch.details and ("surplus", 3) in ch.details
    assert ch.harm == {"stun": 2, "damage": 0}
    assert a.pools() == (0, 1, 5, 0, 0) and b.pools() == (4, 0, 0, 2, 0)
    assert a.partner == "b" and b.partner == "a"
    assert roll_penalties(b, w.now) == [("held", -3)]
    # Mr. A's next turn: the 5 points stay in other, the choke strikes again
    w.now = 1.0
    bud = w.turn("a", 1)
    assert [e.source for e in bud.opening] == ["choke kept by Clone: 2 stun, 0 damage, out of ready",
                                               "phase 2: readies 1 from defense; keeps 5 in other for gear and holds"]
    assert a.pools() == (1, 0, 5, 0, 0) and b.pools() == (2, 0, 0, 4, 0)
    b.tracks.update(ready=0, stun=0, damage=6)               # Mr. B is out: the choke ends by itself
    w.now = 2.0
    bud = w.turn("a", 2)
    assert not state_of(a).holds and a.pools() == (4, 0, 2, 0, 0)
    assert a.partner is None and roll_penalties(b, w.now) == []


def test_release() -> None:
    a, b = FakeUnit("a", "red", sheet("clone")), FakeUnit("b", "blue", sheet("clone"), x=0.5)
    w = world([a, b], [5, 2], [("b", 0)])
    act(w, "a", FakeAct("hold", "b", "body", {"modifier": 1, "manipulation": 2}))
    w.now = 1.0
    bud = w.turn("a", 1)
    assert a.pools() == (4, 0, 2, 0, 0)                       # the 2 hold points stay in other
    w.apply(RULESET.act(w, a, FakeAct("release"), bud, FakeTurn()))
    assert a.partner is None and roll_penalties(b, w.now) == [] and not state_of(a).holds


def test_hold_ends_when_its_points_are_gone() -> None:
    a, b = FakeUnit("a", "red", sheet("wrestler")), FakeUnit("b", "blue", sheet("clone"), x=0.5)
    w = world([a, b], [6, 1], [("b", 0)])
    act(w, "a", FakeAct("hold", "b", "body", {"modifier": 1, "manipulation": 3}))
    assert state_of(a).holds["b"].points == 3 and state_of(b).held_by == {"a": 4}   # size 1 + 3 - 0
    a.tracks.update(other=2, damage=1)                             # harm took a point from other
    bud = w.turn("a", 1)
    assert not state_of(a).holds and state_of(b).held_by == {}
    assert any(isinstance(e, Status) and e.changes.get("partner", "x") is None for e in bud.opening)


def test_throw_and_the_surplus_on_the_next_roll() -> None:
    wr, c = FakeUnit("w", "red", sheet("wrestler")), FakeUnit("c", "blue", sheet("clone"), x=0.5)
    w = world([wr, c], [4, 3, 3, 3], [("c", 2), ("w", 0)])
    effects = act(w, "w", FakeAct("throw", "c", "body", {"modifier": 1, "manipulation": 2, "power": 2}))
    (t,) = attacks(effects)
    assert (t.roll.total, t.roll.vs.total, t.hit, t.harm) == (8, 5, True, {"stun": 2, "damage": 0})
    assert c.prone and c.status["crouching"] is False and c.pools() == (2, 2, 0, 2, 0)
    w.now = 0.5
    (a,) = attacks(act(w, "c", FakeAct("attack", "w", "body", {"modifier": 1, "power": 1})))
    assert ("manipulated", -3) in a.roll.mods and ("on the ground", -2) in a.roll.mods


def test_disarm() -> None:
    c, m = FakeUnit("c", "blue", sheet("clone")), FakeUnit("m", "red", sheet("modre"), x=0.5)
    w = world([c, m], [5, 1], [("m", 1)])
    (d,) = attacks(act(w, "c", FakeAct("disarm", "m", "body", {"modifier": 2, "manipulation": 2})))
    assert d.hit and ("disarmed: Ice Blade", 1) in d.details and m.status["disarmed"] == ["Ice Blade"]
    assert [x.name for x in weapons_in_hand(m)] == ["body"]
    assert "does not hold" in RULESET.check(w, m, FakeAct("attack", "c", "Ice Blade"))


def test_missiles_cannot_hold_and_pay_range() -> None:
    ar, c = FakeUnit("ar", "red", sheet("archer")), FakeUnit("c", "blue", sheet("clone"), x=30.0)
    w = world([ar, c], [5, 2], [("c", 0)])
    assert "missile weapon cannot hold" in RULESET.check(w, ar, FakeAct("hold", "c", "long bow"))
    (s,) = attacks(act(w, "ar", FakeAct("shoot", "c", "long bow", {"modifier": 2, "power": 1})))
    assert s.action == "shoot" and ("range", 4) in s.roll.vs.mods


# -- attacks: options, charging, refusals ------------------------------------------------------------
def test_charging_adds_power() -> None:
    m, c = FakeUnit("m", "red", sheet("modre")), FakeUnit("c", "blue", sheet("clone"), x=0.5)
    w = world([m, c], [6, 2], [("c", 0)])
    blow = FakeAct("attack", "c", "Ice Blade", {"modifier": 1, "power": 1})
    (a,) = attacks(act(w, "m", blow, FakeTurn(run_m=8.4)))
    assert ("charge", 3) in a.details and ("power", 7) in a.details


def test_critical_hit_option() -> None:
    m, c = FakeUnit("m", "red", sheet("modre")), FakeUnit("c", "blue", sheet("clone"), x=0.5)
    w = world([m, c], [6, 1], [("c", 0)], options=RULESET.options_type(critical_hit=True))
    (a,) = attacks(act(w, "m", FakeAct("attack", "c", "Ice Blade", {"modifier": 0, "power": 1})))
    assert ("critical", 3) in a.details and "automatic" in a.roll.tags


def test_refusals() -> None:
    m, c = FakeUnit("m", "red", sheet("modre")), FakeUnit("c", "blue", sheet("clone"), x=3.0)
    w = world([m, c], [])
    assert "out of reach" in RULESET.check(w, m, FakeAct("attack", "c", "Ice Blade"))
    c.x = 0.5
    assert RULESET.check(w, m, FakeAct("attack", "c", "Ice Blade")) is None
    assert "7 points asked, 6 ready" in RULESET.check(w, m, FakeAct("attack", "c", "Ice Blade", {"power": 7}))
    assert "at least one point" in RULESET.check(w, m, FakeAct("attack", "c", "Ice Blade", {"power": 0}))
    assert "reaction" in RULESET.check(w, m, FakeAct("parry", "c"))
    assert "someone else" in RULESET.check(w, m, FakeAct("attack", "m", "Ice Blade"))
    assert "nobody holds" in RULESET.check(w, m, FakeAct("escape", "c"))
    b = w.turn("m", 0)
    (r,) = RULESET.act(w, m, FakeAct("dance"), b, FakeTurn())
    assert isinstance(r, Refused)


def test_default_points_spend_everything() -> None:
    m, c = FakeUnit("m", "red", sheet("modre")), FakeUnit("c", "blue", sheet("clone"), x=0.5)
    w = world([m, c], [1, 6])
    effects = act(w, "m", FakeAct("attack", "c", "Ice Blade"))
    assert harms(effects)[:2] == [("m", {"ready": -6, "defense": 3, "other": 3}),
                                  ("c", {"ready": -6, "defense": 6})]


def test_stand_and_instant_stand() -> None:
    u = FakeUnit("s", "red", sheet("swordsman"), prone=True)   # agility 2 + acrobatics 2: rolls
    w = world([u], [3, 5])
    b = w.turn("s", 0)
    effects = w.apply(RULESET.act(w, u, FakeAct("instant stand"), b, FakeTurn()))
    (chk,) = [e for e in effects if isinstance(e, Check)]
    assert (chk.roll.total, chk.roll.vs.total) == (7, 5) and not u.prone and u.status["evading"]
    u.prone = True
    w.apply(RULESET.act(w, u, FakeAct("stand"), b, FakeTurn()))
    assert not u.prone and u.pools() == (5, 2, 0, 0, 0)


def test_escape_from_a_hold() -> None:
    a, b = FakeUnit("a", "red", sheet("clone")), FakeUnit("b", "blue", sheet("clone"), x=0.5)
    w = world([a, b], [6, 1, 5, 2], [("b", 0)])
    act(w, "a", FakeAct("hold", "b", "body", {"modifier": 1, "manipulation": 1}))
    w.now = 0.5
    effects = act(w, "b", FakeAct("escape", "a", "body", {"modifier": 2, "manipulation": 1}))
    (chk,) = [e for e in effects if isinstance(e, Check)]
    assert chk.roll.mods[-1] == ("held", -1) and chk.roll.success
    assert not state_of(a).holds and not state_of(b).held_by


# -- the map's numbers ------------------------------------------------------------------------------
def test_falls() -> None:
    m = FakeUnit("m", "red", sheet("modre"))
    w = world([m], [1, 4, 5, 3, 6, 1])
    out = RULESET.fall(w, m, 7.0, False, None)
    assert (out.severity, out.roll.vs.mods) == ("full", [("fall", 2)])
    assert out.harm == {"ready": -6, "stun": 1, "damage": 5}
    out = RULESET.fall(w, m, 7.0, True, None)                 # a half success into water: 3 // 2 = 1
    assert out.severity == "softened" and out.harm == {"ready": -1, "stun": 1}
    assert RULESET.fall(w, m, 7.0, False, None).harm == {}    # a success: no harm
    assert RULESET.fall(w, m, 0.5, False, None).roll is None


def test_climbs_and_jumps() -> None:
    u = FakeUnit("ar", "red", sheet("archer"))               # agility 2, climbing 2, acrobatics 3
    w = world([u], [2, 3, 4, 4])
    assert RULESET.climb(u, "rope") == (1, 1.0) and RULESET.climb(u, "ladder") == (0, 5.0)
    r = RULESET.climb_check(w, u, "finger holds")
    assert (r.total, r.vs.total, r.success) == (6, 6, True) and r.result == "half"
    assert RULESET.jump_limits(u, True) == (9.0, 4.5)
    assert RULESET.jump_check(w, u, 5.0, 9.0) is None
    assert RULESET.jump_check(w, u, 8.5, 9.0).total == 4 + 2 + 3


def test_estimates_are_plain_acts() -> None:
    m, c = FakeUnit("m", "red", sheet("modre")), FakeUnit("c", "blue", sheet("clone"), x=0.5)
    w = world([m, c], [])
    est = RULESET.estimates(w, m, c)
    assert [e.weapon for e in est] == ["Ice Blade", "body"] or [e.weapon for e in est] == ["body", "Ice Blade"]
    best = est[0]
    assert set(best.act) == {"action", "target", "weapon", "options"} and best.act["target"] == "c"
    assert 0 < best.p <= 1 and best.harm > 0
    c.x = 5.0
    assert RULESET.estimates(w, m, c) == []
