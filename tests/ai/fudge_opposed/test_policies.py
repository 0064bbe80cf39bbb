"""The fudge-opposed policies (issue #13): legal plans, group attacks, pins let go when it pays,
take-downs, reasons with odds and alternatives. Every fight here is seeded and short."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from tactics.ai import POLICIES, policies_for
from tactics.ai.fudge_opposed import Duelist, Wrestler
from tactics.ai.fudge_opposed.common import let_go_pays
from tactics.log import FightLog
from tactics.map import load_map
from tactics.replay.schema import Attack, Say, State, Turn
from tactics.rules.protocol import Window
from tactics.rulesets.fudge_opposed.attacks import LET_GO
from tactics.scenario import character_for, load_scenario, shipped_encounters
from tactics.sim import Encounter

ROOT = Path(__file__).resolve().parents[3]
SEEDS = range(20)


@lru_cache(maxsize=None)
def fights(name: str) -> tuple:
    sc = load_scenario(shipped_encounters()[name])
    return tuple(sc.run(seed=s) for s in SEEDS)


def sheet(name: str):
    return character_for(name, None, "fudge-opposed")


def test_the_five_policies_are_registered_and_the_shipped_sheets_get_them_by_default():
    assert {"trooper", "duelist", "wrestler", "sneak", "marksman"} <= set(policies_for("fudge-opposed"))
    assert POLICIES["fudge-opposed"]["wrestler"] is Wrestler
    squad = [p for _, _, p in load_scenario(shipped_encounters()["squad"]).roster()]
    assert squad == ["trooper"] * 5 + ["duelist", "marksman"]
    infiltration = [p for _, _, p in load_scenario(shipped_encounters()["infiltration"]).roster()]
    assert infiltration == ["sneak", "sneak", "trooper", "trooper", "duelist", "marksman"]


@pytest.mark.parametrize("name", ["squad", "infiltration"])
def test_plans_are_legal_half_a_refusal_per_hundred_turns_at_most(name):
    turns = refused = 0
    for res in fights(name):
        turns += sum(1 for e in res.events if isinstance(e, Turn))
        refused += sum(1 for e in res.events if isinstance(e, Say) and e.text.startswith("refused"))
    assert turns > 200
    assert 100 * refused / turns <= 0.5, f"{refused} refusals in {turns} turns"


@pytest.mark.parametrize("name", ["squad", "infiltration"])
def test_every_decision_says_its_odds_and_what_it_weighed(name):
    says = [e.text for res in fights(name) for e in res.events
            if isinstance(e, Say) and not e.text.startswith(("refused", "joins", "the "))]
    assert says
    weighed = [t for t in says if "; weighed: " in t]
    assert len(weighed) / len(says) > 0.5
    assert all("≈" in t and "hp" in t for t in weighed)
    assert any("%" in t for t in weighed)


def test_the_squad_resolves_concentrated_fire_as_one_roll_one_hit_per_point_short():
    groups = [e for res in fights("squad") for e in res.events
              if isinstance(e, Attack) and e.action == "concentrated fire"]
    assert sum(1 for res in fights("squad")
               if any(isinstance(e, Attack) and e.action == "concentrated fire" for e in res.events)) >= 15
    for att in groups:
        d = dict(att.details)
        short = att.roll.target - att.roll.total
        assert d["hits"] == max(0, min(d["attackers"], short))
        assert d["fighters"] >= 3 and att.roll.mode == "meet"
        assert -att.harm.get("hp", 0) == d["hits"] * max(0, d["Damage"] + d["Soak"])
    res = fights("squad")[1]
    text = "\n".join(line.text for line in FightLog(res.header, res.events).lines())
    assert "concentrated fire (carbine)" in text and "one Dodge roll of" in text and "one per point short" in text


def test_troopers_pick_one_target_together_and_dog_pile_when_it_pays():
    for res in fights("squad"):
        by_round: dict[int, set[str]] = {}
        for e in res.events:
            if isinstance(e, Say) and e.text.startswith("joins the concentrated fire on"):
                by_round.setdefault(int(e.t // 2), set()).add(e.text.split(" on ")[1].split(" (")[0])
        assert all(len(t) == 1 for t in by_round.values())
    piles = sum(1 for res in fights("squad") for e in res.events if isinstance(e, Attack) and e.action == "dog-pile")
    assert piles >= 1


def test_infiltrators_take_guards_down_before_initiative():
    took = Counter()
    for res in fights("infiltration"):
        first_initiative = next(e.t for e in res.events if getattr(e, "purpose", "") == "initiative")
        downs = [e for e in res.events if isinstance(e, Attack) and e.action == "takedown"]
        assert all(e.t <= first_initiative for e in downs)
        took["fights"] += bool(downs)
        took["hit"] += sum(1 for e in downs if e.hit)
    assert took["fights"] >= 15 and took["hit"] >= 10


def test_infiltrators_hide_and_sneak_attack():
    texts = [e.text for res in fights("infiltration") for e in res.events if isinstance(e, Say)]
    assert any(t.startswith("seen: hide") for t in texts)
    sneaks = [e for res in fights("infiltration") for e in res.events
              if isinstance(e, Attack) and "sneak attack" in e.roll.tags]
    assert sneaks and all(e.hit for e in sneaks)


def test_marksman_goes_to_ground_under_fire_and_the_duelist_takes_full_defence_when_outnumbered():
    texts = [e.text for res in fights("squad") for e in res.events if isinstance(e, Say)]
    assert any(t.startswith("go to ground") for t in texts)
    assert any(": full defence" in t.split(";")[0] for t in texts)


# -- pins ------------------------------------------------------------------------------------
class Recording(Wrestler):
    def __init__(self) -> None:
        super().__init__()
        self.answers: list[bool] = []

    def react(self, view, window):
        got = super().react(view, window)
        if window.kind == LET_GO:
            self.answers.append(got)
        return got


def test_the_wrestler_pins_with_an_ally_near_and_holds_while_it_pays():
    answers: list[bool] = []
    pins = 0
    for seed in range(8):
        enc = Encounter(load_map(ROOT / "maps" / "arena.toml"), seed=seed, ruleset="fudge-opposed")
        w = Recording()
        enc.add(sheet("brawler"), team="red", at=(20, 10), policy=w)
        enc.add(sheet("swordsman"), team="red", at=(20, 12), policy="duelist")
        enc.add(sheet("shield_bearer"), team="blue", at=(26, 10), policy="duelist")
        enc.add(sheet("swordsman"), team="blue", at=(26, 12), policy="duelist")
        res = enc.run(until=60)
        pins += sum(1 for e in res.events if isinstance(e, State) and e.changes.get("role") == "pinner")
        answers += w.answers
    assert pins >= 3
    assert answers and not any(answers)   # a fresh pinner with an ally keeps the pin under one spear


def pinned_pair(hp: int, ally: bool, seed: int = 1, held_policy: object = "duelist"):
    """A wrestler pinning a swordsman; a shield-bearer about to strike the wrestler."""
    enc = Encounter(load_map(ROOT / "maps" / "arena.toml"), seed=seed, ruleset="fudge-opposed")
    w = Wrestler()
    me = enc.add(sheet("brawler"), team="red", at=(20, 10), policy=w)
    if ally:
        enc.add(sheet("swordsman"), team="red", at=(20, 12), policy="duelist")
    held = enc.add(sheet("swordsman"), team="blue", at=(21.2, 10), policy=held_policy)
    foe = enc.add(sheet("shield_bearer"), team="blue", at=(20, 8.8), policy="duelist")
    c, h = enc.combatants[me.id], enc.combatants[held.id]
    c.partner, c.role, h.partner, h.role = held.id, "pinner", me.id, "pinned"
    c.tracks["hp"] = hp
    return w, enc.view_for(c), Window(kind=LET_GO, reactor=me.id, actor=foe.id, action="melee",
                                      options=(False, True), default=False), enc


def test_the_pinner_lets_go_when_attacked_if_the_defence_saves_more_than_the_pin_is_worth():
    w, view, win, _ = pinned_pair(hp=16, ally=True)
    assert w.react(view, win) is False              # fresh, an ally striking the pinned one: hold on
    w, view, win, _ = pinned_pair(hp=3, ally=True)
    assert w.react(view, win) is True               # one spear hit from out: let go and Block
    w, view, win, _ = pinned_pair(hp=16, ally=False)
    assert w.react(view, win) is True               # alone a pin only stalls both: let go
    assert let_go_pays(2.0, 1.0, view.me, view.unit(view.me.partner)) is True


def test_a_lone_pinner_lets_go_and_strikes_on_its_turn():
    w, view, _, _ = pinned_pair(hp=16, ally=False)
    plan = w.plan(view)
    assert [s.action for s in plan.steps] == ["let_go", "melee"] and "weighed:" in plan.reason


def test_the_duelist_weighs_trips_and_full_defence():
    enc = Encounter(load_map(ROOT / "maps" / "arena.toml"), seed=3, ruleset="fudge-opposed")
    me = enc.add(sheet("swordsman"), team="red", at=(20, 10), policy=Duelist())
    for y in (8.8, 11.2):
        enc.add(sheet("trooper"), team="blue", at=(21.2, y), policy="trooper")
    enc.add(sheet("brawler"), team="blue", at=(18.8, 10), policy="wrestler")
    plan = Duelist().plan(enc.view_for(enc.combatants[me.id]))
    assert "trip" in plan.reason and "full defence" in plan.reason and "%" in plan.reason


@pytest.mark.parametrize("start", [(17.5, 9.0), (16.2, 10.3)])
def test_the_duelist_shoves_a_foe_off_the_tower_roof_stepping_round_it_if_needed(start):
    from tactics.replay.schema import Fall
    from tactics.sim import Passive

    falls = 0
    for seed in range(6):
        enc = Encounter(load_map(ROOT / "maps" / "tower.toml"), seed=seed, ruleset="fudge-opposed")
        me = enc.add(sheet("swordsman"), team="red", at=start, policy=Duelist())
        enc.add(sheet("trooper"), team="blue", at=(16.2, 9.0), policy=Passive())
        plan = Duelist().plan(enc.view_for(enc.combatants[me.id]))
        assert plan.reason.startswith("in reach: shove Trooper off a 10 m drop") and "%" in plan.reason
        res = enc.run(until=1.9)
        falls += sum(1 for e in res.events if isinstance(e, Fall) and e.height > 9)
    assert falls >= 1


def test_in_the_engine_a_worn_pinner_lets_go_when_struck_and_blocks_in_full():
    from tactics.sim import Passive

    let_go = struck = 0
    for seed in range(6):
        # the pinned one waits: only the spear comes
        _, _, _, enc = pinned_pair(hp=3, ally=False, seed=seed, held_policy=Passive())
        res = enc.run(until=4)
        releases = [x for x in res.events if isinstance(x, State) and x.who == "red-1"
                    and "partner" in x.changes and x.changes["partner"] is None]
        first = next((e for e in res.events if isinstance(e, Attack) and e.target == "red-1" and e.who == "blue-2"),
                     None)
        if first is None or (releases and releases[0].t < first.t):
            continue                     # it let go on its own turn first (a lone pin only stalls)
        struck += 1
        freed = [x for x in releases if x.t == first.t]
        let_go += bool(freed)
        assert ("pinner", 0) not in (first.roll.vs.mods if first.roll.vs else [])
    assert struck >= 2 and let_go == struck
