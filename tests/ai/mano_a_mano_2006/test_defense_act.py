"""Issue 17's twelfth round: the 2006 defense (evasion with a quick attack) through the planner's seams,
and the order in which the planner asks its advisors (``tactics.ai.advisor_order``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tactics import Encounter, load_character
from tactics.ai import ADVISORS, advisor_order, policies_for
from tactics.ai.mano_a_mano_2006 import Duelist, Guard
from tactics.ai.mano_a_mano_2006.order import GUARD_ABSORPTION, best_absorption
from tactics.ai.planner import Planner
from tactics.ai.planner.board import Board
from tactics.ai.planner.value import blows, end_point
from tactics.rules.plan import Plan
from tactics.rules.registry import available
from tactics.rulesets.mano_a_mano_2006.act_odds import estimate_act, exposure, shift_of
from tactics.rulesets.mano_a_mano_2006.estimates import chances, defense_of, estimates, ready_of
from tactics.rulesets.mano_a_mano_2006.fighters import state_of, weapons_in_hand
from tactics.scenario import map_for
from tactics.sim.plan import Act

from .test_decisions import SHEETS, view_of


def _duel():
    enc = view_of("modre", "clone")._enc
    me, clone = enc.combatants["a"], enc.combatants["b"]
    w = next(x for x in weapons_in_hand(me) if x.name == estimates(enc.world, me, clone)[0].weapon)
    return enc, me, clone, w


def test_a_defense_is_its_quick_attack_after_the_evasions_point() -> None:
    """001 · Maneuvering · Defense: the attack's odds are the two-d6 table's for its own modifier, and it
    may spend every ready point but the evasion's."""
    enc, me, clone, w = _duel()
    ready = ready_of(me)
    assert ready >= 3
    defense = defense_of(clone)
    for m in range(ready):
        act = Act("defend", "b", w.name, options={"modifier": m, "power": ready - 1 - m})
        got = estimate_act(enc.world, me, act)
        assert got is not None and got.action == "defend"
        assert got.p == pytest.approx(sum(chances(w.attack + m, defense)))
        # the same split as a plain attack strikes alike: the evasion changes my defense, not my blow
        plain = estimate_act(enc.world, me, Act("attack", "b", w.name, options=act.options))
        assert (got.p, got.harm, got.progress) == pytest.approx((plain.p, plain.harm, plain.progress))
    every = {"modifier": 1, "power": ready - 1}
    assert estimate_act(enc.world, me, Act("attack", "b", w.name, options=every)) is not None
    assert estimate_act(enc.world, me, Act("defend", "b", w.name, options=every)) is None  # no point to evade
    assert estimate_act(enc.world, me, Act("defend", "b", w.name, options={"modifier": 0, "power": 0})) is None


def test_a_defense_covers_as_an_evasion_and_exposes_as_its_power() -> None:
    assert shift_of([Act("defend", "b", "w", options={"modifier": 1, "power": 3})], True) == 2 - 3
    assert shift_of([Act("defend", "b", "w", options={"modifier": 3, "power": 0})], True) == 2
    assert shift_of([Act("defend", "b", "w", options={"modifier": 3, "power": 0})], False) == 0  # evaded already
    assert shift_of([Act("evade"), Act("defend", "b", "w", options={"modifier": 2, "power": 1})], True) == 2 - 1
    enc, me, clone, w = _duel()
    before = estimates(enc.world, clone, me)[0].value
    got = exposure(enc.world, me, [Act("defend", "b", w.name, options={"modifier": 3, "power": 0})], clone)
    state_of(me).evade()   # the evasion's point stays in defense, the modifier's too: +2 to the close
    assert got == pytest.approx(estimates(enc.world, clone, me)[0].value / before) and got < 1.0


def test_the_planner_values_the_guards_defense_at_the_rulesets_odds() -> None:
    view = view_of("modre", "clone")
    me = view._enc.combatants["a"]
    w = estimates(view._enc.world, me, view._enc.combatants["b"])[0].weapon
    act = Act("defend", "b", w, options={"modifier": 3, "power": 1})
    want = estimate_act(view._enc.world, me, act)
    board = Board.read(view, split=True)
    plan = Plan([act])
    (blow,) = blows(board, plan, view.ruleset.actions, end_point(board, plan))
    assert (blow.p, blow.step) == pytest.approx((want.p, want.progress))
    # a ruleset that does not estimate the defense leaves it to the guess (½ a blow), as before this round
    (guessed,) = blows(replace(board, judge=lambda a: None), plan, view.ruleset.actions, end_point(board, plan))
    assert guessed.p == 0.5 != pytest.approx(want.p)


def test_the_guard_is_asked_first_in_heavy_armour_else_the_sheets_own_policy() -> None:
    registry = list(policies_for("mano-a-mano-2006"))
    assert registry.index("duelist") < registry.index("wrestler") < registry.index("guard")
    # the swordsman's sheet names the duelist, but its mail shirt absorbs 2: the guard first
    for sheet, first in (("swordsman", "guard"), ("shield_bearer", "guard"), ("archer", "duelist"),
                         ("modre", "duelist"), ("wrestler", "wrestler")):
        view = view_of(sheet, "clone")
        assert (best_absorption(view.me) >= GUARD_ABSORPTION) is (sheet in ("swordsman", "shield_bearer")), sheet
        order = advisor_order("mano-a-mano-2006", view)
        assert sorted(order) == sorted(registry)
        assert order == [first] + [n for n in registry if n != first], sheet
        assert [n for n, _ in Planner().advisors(view)][0] == first, sheet
        assert [n for n, _ in Planner(first=False).advisors(view)][0] == "duelist"


def test_before_any_plan_the_first_advisor_answers_the_windows() -> None:
    """The swordsman struck by Modre (1 to the modifier, 2 to power) before its first plan: the planner
    answers as the guard, asked first."""
    enc = view_of("swordsman", "modre", gap=0.6)._enc
    me, modre = enc.combatants["a"], enc.combatants["b"]
    attack = Act("attack", "a", estimates(enc.world, modre, me)[0].weapon, options={"modifier": 1, "power": 2})
    view = enc.view_for(me)
    (window,) = [w for w in view.ruleset.reactions(enc.world, modre, attack) if w.reactor == "a"]
    guard, duelist = Guard().react(view, window), Duelist().react(view, window)
    assert guard != duelist   # the two answer this attack differently, so the order shows
    assert Planner().react(view, window) == guard
    assert Planner(first=False).react(view, window) == duelist


def test_other_rulesets_keep_the_registrys_order() -> None:
    assert set(ADVISORS) == {"mano-a-mano-2006"}
    for name in available():
        if name != "mano-a-mano-2006":
            assert advisor_order(name, view=None) == list(policies_for(name)), name
    enc = Encounter(map_for("arena"), seed=1)
    enc.add(load_character(SHEETS.parent / "steven.toml"), team="red", at=(19.0, 13.0), id="a", policy="passive")
    enc.add(load_character(SHEETS.parent / "clone.toml"), team="blue", at=(19.5, 13.0), id="b", policy="passive")
    view = enc.view_for(enc.combatants["a"])
    assert [n for n, _ in Planner().advisors(view)] == [n for n, _ in Planner(first=False).advisors(view)]
