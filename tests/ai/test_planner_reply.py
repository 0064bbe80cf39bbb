"""The planner's reply as a max node over my team (``Planner(replies=True)``, ``planner/reply.py``)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tactics.ai.planner import Planner, Weights
from tactics.ai.planner.board import Board, Foe
from tactics.ai.planner.reply import Others, team_reply
from tactics.ai.planner.value import value
from tactics.rules.plan import Act, MoveTo, Plan
from tactics.rules.protocol import ActionInfo, Estimate

CATALOGUE = {"hit": ActionInfo("hit", "melee", "enemy", "test")}


def _unit(uid: str, x: float, y: float = 0.0) -> SimpleNamespace:
    return SimpleNamespace(id=uid, name=uid, x=x, y=y, z=0.0, flying=False)


def _est(p: float, progress: float, target: str) -> Estimate:
    return Estimate("hit", "w", p, 1.0, progress, Act("hit", target=target, weapon="w"))


def _board() -> Board:
    foe = Foe(_unit("foe", 1.0), progress=0.5, walk=5.0, mine=(_est(0.6, 0.5, "foe"),), theirs=(),
              threat=0.2, ranged_threat=False, worth=0.3)
    return Board(_unit("me", 0.0), walk=5.0, progress=0.0, foes=(foe,))


def test_the_reply_falls_on_whom_the_enemy_favours() -> None:
    board = _board()
    w = Weights(out=0.5, reply=0.8, ahead=0.5)
    ally = _unit("ally", 0.8)
    # the foe threatens the ally more (0.3) than me (0.2): it strikes the ally, and that costs the team
    others = Others({"foe": 0.3})
    stand = value(board, Plan([]), w, CATALOGUE, [ally], others)
    assert stand == pytest.approx(-0.8 * 0.3 + 0.5 * 0.3 - w.close)
    # an ally it threatens less: it strikes me, unscreened (no halving for the nearer ally)
    assert value(board, Plan([]), w, CATALOGUE, [ally], Others({"foe": 0.1})) == pytest.approx(
        -0.8 * 0.2 + 0.5 * 0.3 - w.close)
    # taking it out removes its reply on the whole team
    strike = Plan([Act("hit", target="foe", weapon="w")])
    expect = 0.6 * (0.5 + 0.5) + 0.4 * (-0.8 * 0.3 + 0.5 * 0.3) - w.close
    assert value(board, strike, w, CATALOGUE, [ally], others) == pytest.approx(expect)
    # walking out of its reach leaves the ally's share only
    far = Board(board.me, walk=10.0, progress=0.0, foes=board.foes)
    away = Plan([MoveTo(-10.0, 0.0)])
    assert value(far, away, w, CATALOGUE, [ally], Others({"foe": 0.05})) == pytest.approx(
        -0.8 * 0.05 + 0.5 * 0.3 - w.close * 11.0)


def test_team_reply_prefers_me_on_a_tie() -> None:
    assert team_reply(0.2, 0.2) == (0.2, 0.0)
    assert team_reply(0.1, 0.3) == (0.0, 0.3)
    assert team_reply(0.0, 0.0) == (0.0, 0.0)


class _View:
    """Enough of the engine's view for :meth:`Others.read`: estimates of one foe on each ally."""

    def __init__(self, table: dict[tuple[str, str], list[Estimate]]) -> None:
        self.table = table
        self.memo: dict = {}

    def estimates(self, target: SimpleNamespace, a: SimpleNamespace) -> list[Estimate]:
        return self.table.get((a.id, target.id), [])


def test_others_reads_the_best_blow_on_an_ally_and_remembers_it() -> None:
    board = _board()
    near, far = _unit("near", 2.0), _unit("far", 40.0)
    view = _View({("foe", "near"): [_est(0.5, 0.4, "near")]})
    got = Others.read(view, board, [near, far])
    assert got.best == {"foe": pytest.approx(0.2)}  # 0.5 × 0.4; the far ally is out of its reach
    view.table = {}                                   # out of reach now: the value last seen stands
    assert Others.read(view, board, [near, far]).best == {"foe": pytest.approx(0.2)}


def test_a_guessed_hand_to_hand_blow_counts_at_my_hand_to_hand_worth() -> None:
    """An archer lured into a clinch: the hold after a move is guessed from its best blow hand to hand
    (``Planner(hands=True)``), not from its shot's."""
    catalogue = {"hold": ActionInfo("hold", "melee", "enemy", "test"), "shot": ActionInfo("shot", "ranged", "enemy", "test")}
    w = Weights(out=0.0, reply=0.0, ahead=0.0, close=0.0)
    me = _unit("me", 0.0)
    shot = Estimate("shot", "bow", 0.8, 1.0, 0.5, Act("shot", target="foe", weapon="bow"))
    clinch = Plan([MoveTo(3.0, 0.0), Act("hold", target="foe")])

    def board(hand: float | None) -> Board:
        foe = Foe(_unit("foe", 4.0), progress=0.0, walk=5.0, mine=(shot,), theirs=(), threat=0.1,
                  ranged_threat=False, worth=0.4, hand=hand)
        return Board(me, walk=5.0, progress=0.0, foes=(foe,))

    # the guess: 0.5 × guess 2 × worth × moved 0.9
    assert value(board(None), clinch, w, catalogue, []) == pytest.approx(0.5 * 2.0 * 0.4 * 0.9)
    assert value(board(0.1), clinch, w, catalogue, []) == pytest.approx(0.5 * 2.0 * 0.1 * 0.9)
    # the shot from here still counts at its estimate
    assert value(board(0.1), Plan([Act("shot", target="foe", weapon="bow")]), w, catalogue, []) == pytest.approx(0.4)


@pytest.mark.parametrize("encounter", ["arena", "squad", "firefight"])
def test_a_planner_with_replies_and_hands_replays_byte_for_byte(encounter: str) -> None:
    from tactics.league.encounters import load

    sc = load(encounter)
    first = next(iter(sc.teams))

    def run() -> bytes:
        enc = sc.build(seed=3)
        for c in enc.combatants.values():
            if c.team == first:
                c.policy = Planner(replies=True, hands=True)
        return enc.run(until=min(sc.until, 40)).to_bytes()

    assert run() == run()


def test_a_shot_kept_while_the_enemy_is_out_of_sight_is_next_turns_blow() -> None:
    """An archer waiting drawn and aimed on a roof for an enemy climbing out of sight (``Planner(keep=True)``):
    next turn's blow is the shot last seen, and walking up to the enemy earns only the blow hand to hand."""
    w = Weights(out=0.0, reply=0.0, ahead=1.0, close=0.0)
    me = _unit("me", 0.0)

    def board(shot: float | None, x: float) -> Board:
        foe = Foe(_unit("foe", x), progress=0.0, walk=5.0, mine=(), theirs=(), threat=0.1,
                  ranged_threat=False, worth=0.3, hand=0.05, shot=shot)
        return Board(me, walk=5.0, progress=0.0, foes=(foe,))

    wait, walk = Plan([]), Plan([MoveTo(5.0, 0.0)])
    assert value(board(None, 12.0), wait, w, {}, []) == 0.0                 # without keep: nothing in sight
    assert value(board(0.25, 12.0), wait, w, {}, []) == pytest.approx(0.25)  # the shot kept
    assert value(board(0.25, 12.0), walk, w, {}, []) == pytest.approx(0.25)  # near it: no more than that
    assert value(board(0.0, 12.0), walk, w, {}, []) == pytest.approx(0.05)   # no shot: my hand-to-hand blow


def test_exact_odds_replace_each_estimate_by_the_rulesets_estimate_of_its_act() -> None:
    """``Planner(exact=True)``: the board asks ``view.estimate_act`` for each estimate's act, both ways."""
    from tactics.ai.planner.board import _exact

    plain = (_est(0.5, 0.4, "foe"), Estimate("slash", "w", 0.6, 1.0, 0.2, Act("slash", target="foe", weapon="w")))
    better = Estimate("hit", "w", 0.75, 1.0, 0.4, Act("hit", target="foe", weapon="w"))
    asked = []

    def judge(act, a=None):
        asked.append((act.action, a))
        return better if act.action == "hit" else None

    got = _exact(judge, plain, None)
    assert got == (better, plain[1])                     # the aimed blow, then the one the seam did not answer
    _exact(judge, plain, "foe-unit")
    assert asked[-2:] == [("hit", "foe-unit"), ("slash", "foe-unit")]
