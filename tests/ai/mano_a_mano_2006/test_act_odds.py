"""The 2006 rules' two optional planner seams: one split's odds (``estimate_act``) and what a plan leaves
to defend with (``exposure``), checked against the two-d6 table (DECISIONS-2006 · Rolls)."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from tactics import Encounter, load_character
from tactics.ai.planner import Planner, Weights
from tactics.ai.planner.board import Foe
from tactics.ai.planner.value import value
from tactics.rules.plan import Plan
from tactics.scenario import map_for

from tactics.ai.planner.board import Board
from tactics.rulesets.mano_a_mano_2006.act_odds import estimate_act, exposure, shift_of
from tactics.rulesets.mano_a_mano_2006.estimates import chances, defense_of, estimates
from tactics.rulesets.mano_a_mano_2006.fighters import state_of, weapons_in_hand
from tactics.sim.plan import Act

from .test_decisions import SHEETS, view_of


def test_an_attack_is_estimated_with_its_own_split() -> None:
    view = view_of("modre", "clone")
    enc = view._enc
    me, clone = enc.combatants["a"], enc.combatants["b"]
    plain = estimates(enc.world, me, clone)[0]
    # the plain estimate's own split gives the plain estimate back
    assert estimate_act(enc.world, me, Act(**{**plain.act})) == plain
    ready = plain.act["options"]["modifier"] + plain.act["options"]["power"]
    w = next(x for x in weapons_in_hand(me) if x.name == plain.weapon)
    defense = defense_of(clone)
    for m in range(ready + 1):
        got = estimate_act(enc.world, me, Act("attack", "b", plain.weapon, options={"modifier": m, "power": ready - m}))
        assert got.p == pytest.approx(sum(chances(w.attack + m, defense)))
    # every point to the modifier hits more often, every point to power harms more when it hits
    sure = estimate_act(enc.world, me, Act("attack", "b", plain.weapon, options={"modifier": ready, "power": 0}))
    hard = estimate_act(enc.world, me, Act("attack", "b", plain.weapon, options={"modifier": 0, "power": ready}))
    assert sure.p > hard.p and hard.harm / max(hard.p, 1e-9) > sure.harm / sure.p


def test_no_estimate_for_what_cannot_be_made() -> None:
    view = view_of("modre", "clone")
    enc = view._enc
    me = enc.combatants["a"]
    weapon = estimates(enc.world, me, enc.combatants["b"])[0].weapon
    assert estimate_act(enc.world, me, Act("attack", "b", "no such blade", options={"modifier": 1, "power": 1})) is None
    assert estimate_act(enc.world, me, Act("attack", "b", weapon, options={"modifier": 40, "power": 40})) is None
    assert estimate_act(enc.world, me, Act("evade")) is None
    far = view_of("modre", "clone", gap=12.0)._enc
    assert estimate_act(far.world, far.combatants["a"], Act("attack", "b", weapon, options={"modifier": 1, "power": 1})) is None


def test_power_spent_exposes_and_evasion_covers() -> None:
    assert shift_of([], True) == 0
    assert shift_of([Act("attack", "b", "w", options={"modifier": 2, "power": 3})], True) == -3
    assert shift_of([Act("evade"), Act("evade")], True) == 2  # once a turn
    assert shift_of([Act("evade")], False) == 0

    def worth():
        """A fresh duel: the world, Modre, the clone, and the clone's best attack on Modre's worth now."""
        enc = view_of("modre", "clone")._enc
        me, clone = enc.combatants["a"], enc.combatants["b"]
        before = estimates(enc.world, clone, me)[0].value
        return enc, me, clone, before

    acts_power = [Act("attack", "b", "w", options={"modifier": 0, "power": 3})]
    enc, me, clone, before = worth()
    got = exposure(enc.world, me, acts_power, clone)
    me.tracks.update(ready=me.tracks["ready"] - 3, other=me.tracks["other"] + 3)  # power goes into other
    assert got == pytest.approx(estimates(enc.world, clone, me)[0].value / before) and got > 1.0
    enc, me, clone, before = worth()
    got = exposure(enc.world, me, [Act("evade")], clone)
    state_of(me).evade()  # its point stays in defense: +2 to the close of its next turn
    assert got == pytest.approx(estimates(enc.world, clone, me)[0].value / before) and got < 1.0
    assert exposure(enc.world, me, [], clone) == 1.0


def test_the_planner_reads_the_seam_only_where_the_ruleset_has_it() -> None:
    assert Planner().split
    assert Board.read(view_of("modre", "clone"), split=True).exposure is not None
    assert Board.read(view_of("modre", "clone"), split=False).exposure is None
    enc = Encounter(map_for("arena"), seed=1)
    enc.add(load_character(SHEETS.parent / "steven.toml"), team="red", at=(19.0, 13.0), id="a", policy="passive")
    enc.add(load_character(SHEETS.parent / "clone.toml"), team="blue", at=(19.5, 13.0), id="b", policy="passive")
    assert Board.read(enc.view_for(enc.combatants["a"]), split=True).exposure is None  # Mano a Mano: no such seam


def test_a_plan_that_keeps_points_back_faces_a_smaller_reply() -> None:
    """With the seam the reply on me is the enemy's threat × the exposure the plan's acts leave."""
    me = SimpleNamespace(id="me", name="me", x=0.0, y=0.0, z=0.0, flying=False)
    foe = Foe(SimpleNamespace(id="foe", name="foe", x=1.0, y=0.0, z=0.0, flying=False), 0.0, 5.0, (), (),
              0.4, False, 0.0)
    plain = Board(me, 5.0, 0.0, (foe,))
    seam = replace(plain, exposure=lambda acts, unit: 0.5 if any(a.action == "evade" for a in acts) else 1.0)
    w = Weights(ahead=0.0, close=0.0, guard=1.0)
    evade = Plan([Act("evade")])
    assert value(plain, evade, w, {}, []) == pytest.approx(-w.reply * 0.4)
    assert value(seam, evade, w, {}, []) == pytest.approx(-w.reply * 0.2)
    assert value(seam, Plan([]), w, {}, []) == pytest.approx(-w.reply * 0.4)  # no act: the reply as it is
