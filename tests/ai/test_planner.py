"""The search planner: registered for every ruleset, ruleset-agnostic, its expectimax value, its fights."""

from __future__ import annotations

import ast
from dataclasses import replace
from functools import partial
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from tactics.ai import policies_for
from tactics.ai.planner import Planner, Weights
from tactics.ai.planner.board import Board, Foe
from tactics.ai.planner.value import end_point, value
from tactics.replay.schema import Say
from tactics.rules.plan import Act, MoveTo, Plan
from tactics.rules.protocol import ActionInfo, Estimate
from tactics.rules.registry import available

PACKAGE = Path(__file__).resolve().parents[2] / "tactics" / "ai" / "planner"
RULESET_WORDS = re.compile(r"d20|stun|toughness|stamina|posture|mano|fudge|d100|2006", re.IGNORECASE)


def test_the_planner_is_a_policy_of_every_ruleset() -> None:
    for name in available():
        assert policies_for(name)["planner"] is Planner, name


def test_the_planner_names_no_ruleset_and_imports_none() -> None:
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not RULESET_WORDS.findall(text), path.name
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith("tactics.rulesets"), path.name


def _unit(uid: str, x: float, y: float = 0.0, z: float = 0.0) -> SimpleNamespace:
    return SimpleNamespace(id=uid, name=uid, x=x, y=y, z=z, flying=False)


def _est(action: str, p: float, progress: float, target: str) -> Estimate:
    return Estimate(action, "w", p, 1.0, progress, Act(action, target=target, weapon="w"))


CATALOGUE = {"hit": ActionInfo("hit", "melee", "enemy", "test"), "shot": ActionInfo("shot", "ranged", "enemy", "test")}


def test_expectimax_over_one_blow_and_the_reply() -> None:
    me = _unit("me", 0.0)
    foe = Foe(_unit("foe", 1.0), progress=0.5, walk=5.0, mine=(_est("hit", 0.6, 0.5, "foe"),), theirs=(),
              threat=0.2, ranged_threat=False, worth=0.3)
    board = Board(me, walk=5.0, progress=0.0, foes=(foe,))
    w = Weights(out=0.5, reply=0.8, ahead=0.5)
    strike = Plan([Act("hit", target="foe", weapon="w")])
    # hit (0.6): the foe is out: 0.5 dealt + 0.5 for taking it out; miss (0.4): nothing dealt,
    # its reply 0.2 and my next blow 0.3 at it; 1 m from the nearest foe costs close
    expect = 0.6 * (0.5 + 0.5) + 0.4 * (-0.8 * 0.2 + 0.5 * 0.3) - w.close
    assert value(board, strike, w, CATALOGUE, []) == pytest.approx(expect)
    # standing still: the reply and my next blow only
    assert value(board, Plan([]), w, CATALOGUE, []) == pytest.approx(-0.8 * 0.2 + 0.5 * 0.3 - w.close)
    # an ally nearer to the foe halves its reply on me
    ally = _unit("ally", 0.8)
    assert value(board, Plan([]), w, CATALOGUE, [ally]) == pytest.approx(-0.8 * 0.1 + 0.5 * 0.3 - w.close)
    # depth 1 ignores the reply
    assert Planner(depth=1).weights.reply == 0.0


def test_a_hand_to_hand_blow_after_a_move_that_falls_short_counts_nothing() -> None:
    me = _unit("me", 0.0)
    foe = Foe(_unit("foe", 20.0), 0.0, 5.0, (), (), 0.2, False, 0.3)
    board = Board(me, walk=5.0, progress=0.0, foes=(foe,))
    plan = Plan([MoveTo(20.0, 0.0), Act("hit", target="foe")])
    assert end_point(board, plan) == pytest.approx((5.0, 0.0, 0.0))
    assert value(board, plan, Weights(), CATALOGUE, []) == pytest.approx(value(board, Plan([MoveTo(20.0, 0.0)]),
                                                                                Weights(), CATALOGUE, []))


def test_a_blow_after_a_move_counts_at_the_rulesets_estimate_from_where_the_move_ends() -> None:
    me = _unit("me", 0.0)
    foe = Foe(_unit("foe", 6.0), 0.0, 5.0, (_est("shot", 0.5, 0.2, "foe"),), (), 0.0, False, 0.1)
    asked = []

    def there(unit, at):
        asked.append((unit.id, at))
        return (_est("hit", 0.8, 0.9, "foe"),) if at[0] >= 4.0 else ()

    w = Weights(out=0.0, reply=0.0, ahead=0.0, close=0.0)
    charge = Plan([MoveTo(5.0, 0.0), Act("hit", target="foe", weapon="w")])
    guessed = value(Board(me, 5.0, 0.0, (foe,)), charge, w, CATALOGUE, [])
    placed = value(Board(me, 5.0, 0.0, (foe,), there=there), charge, w, CATALOGUE, [])
    assert guessed == pytest.approx(0.5 * 2.0 * 0.1 * 0.9)       # today's guess from the value seen
    assert placed == pytest.approx(0.8 * 0.9) and set(asked) == {("foe", (5.0, 0.0, 0.0))}
    # a move that ends where the ruleset sees no such attack counts nothing (no guess)
    short = Plan([MoveTo(3.0, 0.0), Act("hit", target="foe", weapon="w")])
    assert value(Board(me, 5.0, 0.0, (foe,), there=there), short, w, CATALOGUE, []) == 0.0


def test_a_ruleset_without_estimates_from_a_point_gives_none() -> None:
    from tactics.league.encounters import load
    from tactics.sim.view import View

    for name, has in (("arena", False), ("squad", True), ("brawl", True), ("modre", False)):
        enc = load(name).build(seed=1)
        me = next(iter(enc.combatants.values()))
        foe = next(c for c in enc.combatants.values() if c.team != me.team)
        view = View(enc, me)
        got = view.estimates_at(view.unit(foe.id), (me.x, me.y, me.z))
        assert (got is not None) == has, name
        if has:
            assert got == view.estimates(view.unit(foe.id))


def test_a_foe_far_below_neither_replies_nor_is_worth_closing_on() -> None:
    me = _unit("me", 0.0, z=10.0)                      # on a roof
    low = Foe(_unit("foe", 3.0), 0.0, 5.0, (), (), 0.2, False, 0.3)
    high = Foe(_unit("foe", 3.0, z=10.0), 0.0, 5.0, (), (), 0.2, False, 0.3)
    w = Weights()
    roof = value(Board(me, 5.0, 0.0, (low,)), Plan([]), w, CATALOGUE, [])
    level = value(Board(me, 5.0, 0.0, (high,)), Plan([]), w, CATALOGUE, [])
    assert roof == pytest.approx(-w.close * 3)
    assert level == pytest.approx(-w.reply * 0.2 + w.ahead * 0.3 - w.close * 3)


def test_bad_budgets_are_refused() -> None:
    for kw in ({"advisors": -1}, {"depth": 3}, {"enemies": 0}):
        with pytest.raises(ValueError):
            Planner(**kw)


@pytest.mark.parametrize("encounter", ["arena", "squad", "modre", "firefight"])
def test_planner_fights_replay_byte_for_byte_with_alternatives(encounter: str) -> None:
    from tactics.league.encounters import load

    sc = load(encounter)
    first = next(iter(sc.teams))
    overrides = {f"teams.{first}.{n}.policy": "planner" for n in range(1, len(sc.teams[first].members) + 1)}
    a = sc.build(seed=5, overrides=overrides).run(until=min(sc.until, 60))
    b = sc.build(seed=5, overrides=overrides).run(until=min(sc.until, 60))
    assert a.to_bytes() == b.to_bytes()
    mine = {u.id for u in a.header.roster if u.team == first}
    says = [e for e in a.events if isinstance(e, Say) and e.who in mine and e.text.startswith("planner:")]
    assert says, encounter
    assert any(len(e.alternatives) >= 1 for e in says)
    refused = [e for e in a.events if isinstance(e, Say) and e.who in mine and e.text.startswith("refused")]
    assert len(refused) <= max(2, len(says) // 20), refused[:3]


def test_the_budget_limits_the_advisors_and_the_plan_records_alternatives() -> None:
    from tactics.league.encounters import load

    sc = load("arena")
    enc = sc.build(seed=2)
    planners = {}
    for c in enc.combatants.values():
        if c.team == "red":
            c.policy = planners[c.id] = Planner(advisors=2)
    result = enc.run(until=20)
    for p in planners.values():
        first_two = [n for n in policies_for("mano-a-mano") if n not in ("planner", "passive")][:2]
        assert p._advisors is not None and [n for n, _ in p._advisors] == first_two
    says = [e for e in result.events if isinstance(e, Say) and e.who in planners and e.text.startswith("planner:")]
    assert says
    # every recorded alternative is a candidate the planner valued lower (best first)
    for e in says:
        values = [v for _, v in e.alternatives]
        assert values == sorted(values, reverse=True)


def test_no_plain_attacks_once_the_rulesets_attacks_carry_choices() -> None:
    class Advisor:
        def plan(self, view):
            return Plan([Act("hit", target="foe", options={"points": 3})])

    est = _est("hit", 0.5, 0.2, "foe")
    foe = Foe(_unit("foe", 1.0), 0.0, 5.0, (est,), (), 0.1, False, 0.1)
    board = Board(_unit("me", 0.0), 5.0, 0.0, (foe,))
    view = SimpleNamespace(refusal=lambda act: None)
    quiet = [("plain", type("Plain", (), {"plan": lambda self, v: Plan([])})())]
    off = Planner(plain=False)
    off._advisors = list(quiet)
    assert [label for label, _, _ in off.candidates(view, board)] == ["plain"]       # advisors only
    off._advisors = []
    assert [label for label, _, _ in off.candidates(view, board)] == ["hit foe"]     # nobody planned: plain
    # an estimate whose act carries options is the ruleset's default split, never a plain candidate
    split = Estimate("hit", "w", 0.9, 1.0, 0.5, Act("hit", target="foe", weapon="w", options={"modifier": 5}))
    board_split = Board(_unit("me", 0.0), 5.0, 0.0, (Foe(_unit("foe", 1.0), 0.0, 5.0, (split, est), (), 0.1, False, 0.1),))
    p = Planner()
    p._advisors = list(quiet)
    assert [label for label, _, _ in p.candidates(view, board_split)] == ["plain", "hit foe"]
    assert [c[1].steps[0].options for c in p.candidates(view, board_split)[1:]] == [None]
    # nor is an act that harms nobody (a grapple: its follow-up is an advisor's to plan)
    grab = Estimate("grab", None, 0.9, 0.0, 0.6, Act("grab", target="foe"))
    board_grab = Board(_unit("me", 0.0), 5.0, 0.0, (Foe(_unit("foe", 1.0), 0.0, 5.0, (grab, est), (), 0.1, False, 0.1),))
    assert [label for label, _, _ in p.candidates(view, board_grab)] == ["plain", "hit foe"]
    p._advisors.append(("points", Advisor()))
    assert [label for label, _, _ in p.candidates(view, board)] == ["plain", "points"]
    assert not p.plain


def test_an_advisor_never_played_rests_and_is_asked_every_wake_th_decision() -> None:
    p = Planner(rest=3, wake=4)
    good, bad = object(), object()
    p._advisors = [("good", good), ("bad", bad)]
    asked = []
    for _ in range(16):
        asked.append(p.awake("bad"))
        assert p.awake("good")              # played every time: never rests
        p._played(good)
    # awake for its first 3 decisions, then only on decisions 4, 8, 12 (every 4th)
    assert [i for i, a in enumerate(asked) if a] == [0, 1, 2, 4, 8, 12]
    p._played(bad)                          # played once: awake again at once
    assert p.awake("bad")
    assert all(Planner(rest=0).awake("any") for _ in range(3))
    for kw in ({"rest": -1}, {"wake": 0}):
        with pytest.raises(ValueError):
            Planner(**kw)


def test_a_plan_that_hides_me_spares_the_reply_and_sets_up_a_sure_blow() -> None:
    me = _unit("me", 0.0)
    foe = Foe(_unit("foe", 1.0), 0.0, 5.0, (_est("hit", 0.5, 0.2, "foe"),), (), 0.3, False, 0.1)
    odds = {None: 0.0, "hide": 0.7, "hit": 0.0}
    board = Board(me, 5.0, 0.0, (foe,), unseen=lambda act: odds[None if act is None else act.action])
    w = Weights(out=0.0, reply=0.5, ahead=0.0, close=0.0, unseen=0.8)
    hide = Plan([Act("hide")])
    # the reply 0.3 comes only when the hide fails (0.3); with 0.7 my next blow is a sure 0.2 / 0.5
    assert value(board, hide, w, CATALOGUE, []) == pytest.approx(-0.5 * 0.3 * 0.3 + 0.8 * 0.7 * 0.4)
    # without the seam a hide is a guard: the reply × 0.6
    assert value(Board(me, 5.0, 0.0, (foe,)), hide, w, CATALOGUE, []) == pytest.approx(-0.5 * 0.3 * 0.6)
    # already hidden, standing still keeps me hidden (no reply) but sets up nothing new
    odds[None] = 1.0
    assert value(board, Plan([]), w, CATALOGUE, []) == pytest.approx(0.0)



def test_an_attack_the_plain_estimates_do_not_list_counts_at_the_rulesets_estimate_of_the_act() -> None:
    me = _unit("me", 0.0)
    foe = Foe(_unit("foe", 1.0), 0.0, 5.0, (_est("hit", 0.5, 0.2, "foe"),), (), 0.0, False, 0.1)
    heavy = Plan([Act("heavy hit", target="foe", weapon="w")])
    w = Weights(out=0.0, reply=0.0, ahead=0.0, close=0.0)
    cat = {**CATALOGUE, "heavy hit": ActionInfo("heavy hit", "melee", "enemy", "test")}
    judged = Board(me, 5.0, 0.0, (foe,), judge=lambda act: _est(act.action, 0.5, 0.6, "foe"))
    assert value(judged, heavy, w, cat, []) == pytest.approx(0.5 * 0.6)
    # without the seam: a guess, 0.5 of twice the value seen
    assert value(Board(me, 5.0, 0.0, (foe,)), heavy, w, cat, []) == pytest.approx(0.5 * 2 * 0.1)


def _team_choice(encounter: str) -> tuple[Any, Any, Any, Any]:
    """(the encounter, its first red fighter, a red ally, ``choose``): ``choose(team, played, alike)`` is
    the advisor a planner with that team bonus plays when its allies last played ``played`` (unit id:
    advisor), between two advisors of equal value (standing still: the first wins a tie)."""
    from tactics.ai.planner.policy import PLAYED
    from tactics.league.encounters import load
    from tactics.sim.view import View

    enc = load(encounter).build(seed=1)
    reds = [c for c in enc.combatants.values() if c.team == "red"]
    me, ally = reds[0], reds[1]
    view = View(enc, me)

    class Still:
        def __init__(self, plan):
            self.made = plan

        def plan(self, view):
            return self.made

    def choose(team: float, played: dict[str, str], alike: bool = False) -> str:
        p = Planner(team=team, stay=0.0, plain=False, alike=alike)
        p._advisors = [("first", Still(Plan([], "still"))), ("second", Still(Plan([MoveTo(me.x, me.y)], "here")))]
        enc.memo[PLAYED] = dict(played)
        return p.plan(view).reason.split(":")[1].split()[0]

    return enc, me, ally, choose


def test_the_team_bonus_favours_the_advisor_my_allies_played_last() -> None:
    from tactics.ai.planner.policy import PLAYED

    enc, me, ally, choose = _team_choice("arena")

    assert choose(0.0, {ally.id: "second"}) == "first"
    assert choose(0.05, {}) == "first"
    assert choose(0.05, {ally.id: "second"}) == "second"
    assert enc.memo[PLAYED][me.id] == "second"      # and it records its own choice for its allies
    # alike (the default): only the allies with my sheet count; arena's red four are four sheets
    assert me.sheet.name != ally.sheet.name
    assert choose(0.05, {ally.id: "second"}, alike=True) == "first"
    assert Planner().team == 0.05 and Planner().alike


def test_a_shot_first_thing_that_the_ruleset_does_not_estimate_counts_nothing() -> None:
    """A gun not loaded: the ruleset's ``estimate_act`` answers None and the shot would be refused, so a
    plan that shoots first thing deals nothing; the same shot after a load is still guessed."""
    me = _unit("me", 0.0)
    foe = Foe(_unit("foe", 8.0), 0.0, 5.0, (), (), 0.0, False, 0.3)
    w = Weights(out=0.0, reply=0.0, ahead=0.0, close=0.0)
    board = Board(me, 5.0, 0.0, (foe,), judge=lambda act: None)
    shot = Act("shot", target="foe", weapon="w")
    assert value(board, Plan([shot]), w, CATALOGUE, []) == 0.0
    assert value(board, Plan([Act("load", weapon="w"), shot]), w, CATALOGUE, []) == pytest.approx(0.5 * 2.0 * 0.3)
    assert value(Board(me, 5.0, 0.0, (foe,)), Plan([shot]), w, CATALOGUE, []) == pytest.approx(0.5 * 2.0 * 0.3)


def test_with_charge_a_blow_after_a_move_counts_at_the_rulesets_estimate_after_the_run() -> None:
    from tactics.ai.planner.value import AfterMove, run_before

    me = _unit("me", 0.0)
    foe = Foe(_unit("foe", 9.0), 0.0, 5.0, (), (), 0.0, False, 0.1)
    asked = []

    def judge(act):
        asked.append(act)
        return _est(act.act.action, 0.5, 0.2 + 0.1 * act.run_m, "foe") if isinstance(act, AfterMove) else None

    w = Weights(out=0.0, reply=0.0, ahead=0.0, close=0.0)
    plan = Plan([MoveTo(8.0, 0.0), Act("hit", target="foe", weapon="w")])
    leg = partial(SimpleNamespace, kind="walk")
    straight = Board(me, 10.0, 0.0, (foe,), judge=judge,
                     path=lambda goal: [leg(start=(0, 0, 0), end=(4, 0, 0), cost=4.0, length=4.0),
                                        leg(start=(4, 0, 0), end=(8, 0, 0), cost=4.0, length=4.0)])
    bent = replace(straight, path=lambda goal: [leg(start=(0, 0, 0), end=(3, 1, 0), cost=3.2, length=3.2),
                                                 leg(start=(3, 1, 0), end=(8, 0, 0), cost=5.1, length=5.1)])
    assert run_before(straight, plan) == pytest.approx(8.0)
    assert run_before(bent, plan) == pytest.approx(5.099, abs=1e-3)       # the last straight stretch only
    assert value(straight, plan, w, CATALOGUE, [], charge=True) == pytest.approx(0.5 * 1.0 * 0.9)
    assert value(bent, plan, w, CATALOGUE, [], charge=True) == pytest.approx(0.5 * 0.7099 * 0.9, abs=1e-4)
    assert asked[0].act == plan.steps[1] and asked[0].run_m == pytest.approx(8.0)
    # off (the default), or a ruleset that does not answer: today's guess from the value seen
    assert value(straight, plan, w, CATALOGUE, []) == pytest.approx(0.5 * 2.0 * 0.1 * 0.9)
    assert value(replace(straight, judge=lambda act: None), plan, w, CATALOGUE, [], charge=True) == \
        pytest.approx(0.5 * 2.0 * 0.1 * 0.9)


def test_a_flight_ends_straight_at_its_height_and_a_flyer_reaches_any_height() -> None:
    """``Planner(fly=True)``: my flight goes straight at my airspeed to its goal height, not along the
    walker's path; a flying enemy's reply reaches me above ``UP_M``, a walker's does not."""
    me = _unit("me", 0.0)
    walker = Foe(_unit("foe", 6.0), 0.0, 5.0, (), (), 0.2, False, 0.3)
    flyer = replace(walker, air=8.0)
    def walks(goal: tuple[float, float]) -> None:  # the walker's path would end elsewhere
        raise AssertionError("a flight does not follow the walking path")
    hover = Plan([MoveTo(6.0, 0.0, z=3.0)])
    up = Board(me, walk=4.0, progress=0.0, foes=(walker,), path=walks, air=8.0)
    assert end_point(up, hover) == pytest.approx((6.0, 0.0, 3.0))
    far = Plan([MoveTo(20.0, 0.0, z=3.0)])
    assert end_point(up, far) == pytest.approx((8.0, 0.0, 3.0))  # 8 m of flight
    w = Weights(reply=1.0, ahead=0.0, close=0.0)
    # hovering 3 m over the walker: out of its hand-to-hand reach; a flyer there reaches me
    assert value(up, hover, w, CATALOGUE, []) == pytest.approx(0.0)
    assert value(replace(up, foes=(flyer,)), hover, w, CATALOGUE, []) == pytest.approx(-0.2)
    # without the option (air 0) the same hover counts a flyer's reply as a walker's: none
    assert value(replace(up, foes=(replace(flyer, air=0.0),), path=None, air=0.0), hover, w, CATALOGUE, []) == 0.0


def test_a_climb_this_turn_costs_the_fall_it_risks() -> None:
    """``Weights.risk``: a move whose walk this turn climbs (or jumps, or drops) costs ``risk`` × the height
    over the ground / 10 m; a walk on the flat costs nothing; a climb beyond this turn's walk is not counted."""
    from tactics.map.movement import Leg

    me = _unit("me", 0.0, z=10.0)
    foe = Foe(_unit("foe", 30.0), 0.0, 5.0, (), (), 0.0, False, 0.0)
    down = [Leg("walk", (0.0, 0.0, 10.0), (1.0, 0.0, 10.0), 1.0, cost=1.0),
            Leg("climb", (1.0, 0.0, 10.0), (1.0, 0.0, 0.0), 10.0, surface="rope", cost=3.0)]
    flat = [Leg("walk", (0.0, 0.0, 10.0), (4.0, 0.0, 10.0), 4.0, cost=4.0)]
    paths = {(1.0, 0.0): down, (4.0, 0.0): flat}
    board = Board(me, walk=4.0, progress=0.0, foes=(foe,), ground=lambda x, y: 0.0, path=paths.__getitem__)
    w = Weights(reply=0.0, ahead=0.0, close=0.0, risk=0.3)
    assert value(board, Plan([MoveTo(1.0, 0.0)]), w, CATALOGUE, []) == pytest.approx(-0.3)
    assert value(board, Plan([MoveTo(4.0, 0.0)]), w, CATALOGUE, []) == 0.0
    assert value(replace(board, walk=1.0), Plan([MoveTo(1.0, 0.0)]), w, CATALOGUE, []) == 0.0  # the walk ends first
    assert value(board, Plan([MoveTo(1.0, 0.0)]), replace(w, risk=0.0), CATALOGUE, []) == 0.0


def test_a_blow_between_two_moves_counts_where_the_first_move_ends() -> None:
    """A flyer's dive, strike and climb back: the strike is made where the dive ends (within reach), not
    where the plan ends (back up, out of reach); a blow with no move counts only within the ruleset's reach."""
    me = _unit("me", 0.0, z=3.0)
    foe = Foe(_unit("foe", 1.0), 0.0, 5.0, (), (), 0.0, False, 0.3)
    board = Board(me, walk=4.0, progress=0.0, foes=(foe,), air=8.0, reach=(1.5, 2.0))
    w = Weights(out=0.0, reply=0.0, ahead=0.0, close=0.0, risk=0.0)
    hit = Act("hit", target="foe")
    dive = Plan([MoveTo(0.5, 0.0, z=0.0), hit, MoveTo(0.5, 0.0, z=3.0)])
    assert value(board, dive, w, CATALOGUE, []) == pytest.approx(0.5 * 2.0 * 0.3 * 0.9)  # the guessed blow
    assert value(board, Plan([MoveTo(0.5, 0.0, z=3.0), hit]), w, CATALOGUE, []) == 0.0  # 3 m over it
    assert value(board, Plan([hit]), w, CATALOGUE, []) == 0.0  # no move: 3 m up is beyond a 2 m reach
    low = replace(board, me=_unit("me", 0.0, z=1.0))
    assert value(low, Plan([hit]), w, CATALOGUE, []) == pytest.approx(0.5 * 2.0 * 0.3)
    assert value(replace(low, reach=(0.5, 2.0)), Plan([hit]), w, CATALOGUE, []) == 0.0  # 1 m away, 0.5 m reach


def test_the_team_bonus_among_alike_allies_follows_one_with_my_sheet() -> None:
    """``squad``'s five troopers share a sheet: with ``alike`` a trooper follows the advisor its fellow
    troopers played last."""
    enc, me, ally, choose = _team_choice("squad")
    assert me.sheet.name == ally.sheet.name
    assert choose(0.05, {ally.id: "second"}, alike=True) == "second"


def test_below_a_held_roof_standing_still_is_one_more_candidate() -> None:
    """``Planner(wait="height")`` (the default): an empty plan is weighed when every near enemy stands
    on a height over me beyond hand-to-hand reach and none flies; never beside an enemy on my level."""
    me = _unit("me", 0.0)
    roof = Foe(_unit("roof", 6.0, z=10.0), 0.0, 5.0, (), (), 0.2, True, 0.3)
    ground = Foe(_unit("ground", 6.0), 0.0, 5.0, (), (), 0.2, False, 0.3)
    flyer = replace(roof, air=8.0)
    view = SimpleNamespace(refusal=lambda act: None)

    def labels(planner: Planner, *foes: Foe) -> list[str]:
        planner._advisors = []  # no advisor: only plain attacks (none here) and the wait
        return [label for label, _, _ in planner.candidates(view, Board(me, 5.0, 0.0, foes))]

    assert Planner().wait == "height"
    assert labels(Planner(), roof) == ["wait"]
    assert labels(Planner(), ground) == labels(Planner(), roof, ground) == labels(Planner(), flyer) == []
    assert labels(Planner(wait=""), roof) == []
    assert labels(Planner(wait="all"), ground) == ["wait"]
    with pytest.raises(ValueError):
        Planner(wait="sometimes")


def test_focus_weighs_progress_on_the_more_dangerous_enemy_more() -> None:
    """``Weights.focus``: progress on a foe counts × (1 + focus × (its threat / the mean − 1)); its
    threat is its best blow on me or, with ``others``, on an ally, whichever is more."""
    me = _unit("me", 0.0)
    archer = Foe(_unit("archer", 3.0), 0.0, 5.0, (_est("hit", 0.5, 0.4, "archer"),), (), 0.3, True, 0.2)
    sword = Foe(_unit("sword", 1.0), 0.0, 5.0, (_est("hit", 0.5, 0.4, "sword"),), (), 0.1, False, 0.2)
    board = Board(me, 5.0, 0.0, (archer, sword))
    quiet = Weights(out=0.0, reply=0.0, ahead=0.0, close=0.0, focus=0.0)
    shoot = Plan([Act("hit", target="archer", weapon="w")])
    cut = Plan([Act("hit", target="sword", weapon="w")])
    # focus 0: both blows deal 0.5 × 0.4 alike
    assert value(board, shoot, quiet, CATALOGUE, []) == pytest.approx(0.2)
    assert value(board, cut, quiet, CATALOGUE, []) == pytest.approx(0.2)
    # focus 1: threats 0.3 and 0.1, mean 0.2: the archer's progress × 1.5, the swordsman's × 0.5
    w = replace(quiet, focus=1.0)
    assert Weights().focus == 0.5
    assert value(board, shoot, w, CATALOGUE, []) == pytest.approx(0.2 * 1.5)
    assert value(board, cut, w, CATALOGUE, []) == pytest.approx(0.2 * 0.5)
    # focus 2: × 2.0 and × 0 (never below 0)
    assert value(board, cut, replace(quiet, focus=2.0), CATALOGUE, []) == pytest.approx(0.0)
    # the swordsman's blow on an ally (0.5) outweighs its blow on me: now it is the one to cut down
    others = SimpleNamespace(best={"sword": 0.5})
    assert value(board, cut, w, CATALOGUE, [], others) == pytest.approx(0.2 * (1 + (0.5 / 0.4 - 1)))
    assert value(board, shoot, w, CATALOGUE, [], others) == pytest.approx(0.2 * (1 + (0.3 / 0.4 - 1)))
    # one foe alone: no focus at all
    alone = Board(me, 5.0, 0.0, (archer,))
    assert value(alone, shoot, w, CATALOGUE, []) == value(alone, shoot, quiet, CATALOGUE, [])
