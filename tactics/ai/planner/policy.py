"""``planner``: a search over the plans the ruleset's own policies would make, for any ruleset.

    >>> enc.add(sheet, team="red", policy="planner")                     # doctest: +SKIP
    >>> enc.add(sheet, team="red", policy=Planner(advisors=3, depth=1))  # doctest: +SKIP

Each decision it (1) reads the board (:class:`~.board.Board`: the odds both
ways with the near enemies, through the seam's estimates), (2) gathers
candidate plans — what each of the ruleset's heuristic policies (its
*advisors*, every policy of :func:`tactics.ai.policies_for` but itself and
``passive``) would do here, and a plain attack with each estimate that
reaches from here, deals harm and whose act is complete (no ``options``:
an act with options is only the ruleset's default split of its choices,
every point to the attack and none kept for defence, which the advisors'
own attacks beat; an act that harms nobody, a grapple, needs the
follow-up only an advisor plans) —, (3) values each by expectimax over its attacks' chance
outcomes and the likely reply (:func:`~.value.value`), and (4) plays the
best, recording the next best with their values in ``Plan.alternatives``.

The budget is deterministic, so a fight replays byte for byte whatever the
machine's load: ``advisors`` (how many advisors are asked, in the order
below; default all), ``depth`` (1: my own plan's chance outcomes
only; 2: and the enemies' reply), ``enemies`` (how many of the nearest
enemies the board reads), ``rest`` and ``wake`` (an advisor whose plan has
not been played for ``rest`` decisions in a row is asked only every
``wake``-th decision until it is played again: some rulesets' advisors cost
1–1.6 ms each, and most turns one plan wins; ``wake`` 2 since issue 17's
eighth round, 4 before: a resting advisor asked twice as often wins more
games, at ~0.3–1.4 ms more CPU a decision). The planner draws no random
numbers. ``stay``
is added to the value of the plan of the advisor it played last turn, so it
changes course only for a clearly better plan (an archer holding a roof
keeps holding it); ``team`` × the share of my allies (planners too) whose
last played plan was the same advisor's is added to that advisor's plan, so
a team keeps one way of fighting (archers holding the roof together, lancers
charging together: ``view.memo`` keeps each planner's last advisor by unit
id). Since issue 17's ninth round it is on, 0.05, and ``alike`` counts only the
allies with my sheet (five troopers keep one way of fighting; a brawler does
not follow its archer): over every ally it had won games under one ruleset and
lost them under another (``docs/ai.md`` § The planner); ``team=0`` turns it off,
``alike=False`` counts every ally. ``skip`` names policies never asked.
``replies`` (:mod:`.reply`: each enemy's reply falls on whom of my team it
favours) and ``hands`` (a guessed hand-to-hand blow counts at my best
hand-to-hand value) are on by default since issue 17's seventh round.
``exact`` (each estimate both ways replaced by the ruleset's ``estimate_act``
of its act: the state both fighters are in, an aim, a stance) and ``keep``
(my best shot on an enemy out of sight stays next turn's blow; walking up to
it earns only my hand-to-hand blow) are off: neither paid in that round.
``charge`` (:func:`~.value.blows`: a hand-to-hand blow after a move counts at
the ruleset's ``estimate_act`` of it made after the straight run before it,
:class:`~.value.AfterMove`, a charge's power and all; ``"ratio"``: the guess,
× only what the run adds) is off: neither paid in the eighth round.
``fly`` (on since issue 17's ninth round): a fighter that can fly (the engine's
airspeed) moves straight to a move's height at its airspeed, not along the
walker's path, and a flyer on either side reaches hand to hand at any height
within its flight (:attr:`~.board.Board.air`, :attr:`~.board.Foe.air`): on
``canyon`` the winged scouts now take the flyer advisor's hover over the
soldiers' heads, which the walker's path had valued as standing among them. A blow
between two moves counts where the first ends (a dive, two strikes, back up), and
a blow with no move before it only within the ruleset's reach (``view.reach``).
``Weights.risk`` (0.3 since the same round; 0 gives the eighth round's value):
a move whose walk this turn climbs, jumps or drops costs 0.3 × the height over
the ground / 10 m (:func:`~.value.value`): the roof's archers on ``tower`` no
longer climb down the rope toward a brawler (and fall).
``wait`` (``"height"`` since issue 17's tenth round): standing still, an empty
plan, is one more candidate when every near enemy holds a height over me beyond
:data:`~.board.UP_M` and none of them flies (:func:`_may_wait`): on ``tower`` the
brawlers in the yard no longer walk into the roof's arrows one by one, they
wait below it while the climber goes up, and the fight ends in a stalemate more
often than in a loss. ``"all"`` weighs it every decision (it lost games on
``cavalry``: the foot stood and took the lancers' charge), ``""`` never.
``split`` (on since issue 17's eleventh round): where the ruleset has the optional seam
``exposure`` (``view.exposure``; a ruleset of points to spend), an attack that carries its own ``options`` (a split
of points) counts at the ruleset's ``estimate_act`` of that split, and each enemy's reply on me × the
exposure the plan's acts leave (points spent on power no longer defend; an evasion adds +2): the
advisors' splits, which the plain estimates value alike, now differ. Elsewhere it changes nothing.
``first`` (on since issue 17's twelfth round): the advisors are asked in the order the ruleset's AI
package gives for this fighter (:func:`tactics.ai.advisor_order`, its hook in ``tactics.ai.ADVISORS``;
read once, from the fighter's sheet), else in the registry's order (``first=False``, and any ruleset with
no hook). The order is a choice: two plans of the same value go to the advisor asked earlier (it also
keeps the plan's label when two advisors propose the same steps), and so do the reaction windows before
any plan was played.
Reaction windows go to the advisor whose plan it last played (before the first: the first advisor).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tactics.ai.planner.board import UP_M, Board
from tactics.ai.planner.reply import Others
from tactics.ai.planner.value import Weights, value
from tactics.rules.plan import Act, Plan

SKIP = frozenset({"planner", "passive"})
WAITS = frozenset({"", "height", "all"})
"""``Planner(wait=...)``: when standing still (an empty plan) is one more candidate (:func:`_may_wait`)."""
ALTERNATIVES = 3
PLAYED = "planner:played"
"""``view.memo`` key: each planner's last played advisor by unit id (the team bonus reads its allies')."""


class Planner:
    """Chooses among its advisors' plans and plain attacks by expectimax value (module docstring)."""

    name = "planner"

    def __init__(self, advisors: int | None = None, depth: int = 2, enemies: int = 4,
                 weights: Weights | None = None, stay: float = 0.02, skip: frozenset[str] = SKIP,
                 plain: bool = True, rest: int = 6, wake: int = 2, team: float = 0.05,
                 replies: bool = True, hands: bool = True, exact: bool = False,
                 keep: bool = False, charge: bool | str = False, fly: bool = True,
                 alike: bool = True, wait: str = "height", split: bool = True, first: bool = True) -> None:
        if advisors is not None and advisors < 0:
            raise ValueError(f"advisors must be 0 or more, got {advisors}")
        if depth not in (1, 2):
            raise ValueError(f"depth is 1 (my plan's outcomes) or 2 (and the reply), got {depth}")
        if enemies < 1:
            raise ValueError(f"enemies must be at least 1, got {enemies}")
        if wait not in WAITS:
            raise ValueError(f"wait is one of {sorted(WAITS)}, got {wait!r}")
        if rest < 0 or wake < 1:
            raise ValueError(f"rest is 0 or more (0: never rest) and wake at least 1, got {rest} and {wake}")
        self.max_advisors = advisors
        self.weights = weights or Weights()
        if depth == 1:
            self.weights = replace(self.weights, reply=0.0)
        self.enemies = enemies
        self.stay = stay
        self.skip = skip
        self.plain = plain
        self.rest = rest
        self.wake = wake
        self.team = team
        self.replies = replies
        self.hands = hands
        self.exact = exact
        self.keep = keep
        self.charge = charge
        self.fly = fly
        self.alike = alike
        self.wait = wait
        self.split = split
        self.first = first
        self._advisors: list[tuple[str, Any]] | None = None
        self._last: Any = None
        self._idle: dict[str, int] = {}
        self._decisions = 0

    # -- the advisors ---------------------------------------------------------
    def advisors(self, view: Any) -> list[tuple[str, Any]]:
        """``(name, policy)`` of the advisors, made on first use for this fighter's ruleset: in the order
        its AI package gives for this fighter (``first``: :func:`tactics.ai.advisor_order`), else the
        registry's."""
        if self._advisors is None:
            from tactics.ai import advisor_order, policies_for

            known = policies_for(view.ruleset.name)
            order = advisor_order(view.ruleset.name, view) if self.first else list(known)
            names = [n for n in order if n not in self.skip]
            if self.max_advisors is not None:
                names = names[: self.max_advisors]
            self._advisors = [(n, known[n]()) for n in names]
        return self._advisors

    def awake(self, name: str) -> bool:
        """Is the advisor asked this decision? Always, unless its plan has not been played for ``rest``
        decisions in a row: then only every ``wake``-th decision (a budget: its plans keep losing)."""
        return not self.rest or self._idle.get(name, 0) < self.rest or self._decisions % self.wake == 0

    def _played(self, chosen: Any) -> None:
        """Counts the decisions since each advisor's plan was last played."""
        self._decisions += 1
        for name, adv in self._advisors or ():
            self._idle[name] = 0 if adv is chosen else self._idle.get(name, 0) + 1

    # -- deciding -------------------------------------------------------------
    def candidates(self, view: Any, board: Board) -> list[tuple[str, Plan, Any]]:
        """``(label, plan, advisor or None)``: every advisor's plan, then (``plain``, or when no advisor
        planned anything) a plain attack per estimate in reach that deals harm and whose act carries no
        ``options`` (none at
        all once an advisor has planned an estimated attack with ``options``: the ruleset's attacks then
        hold choices, points to spend, that a plain estimate's act lacks)."""
        out: list[tuple[str, Plan, Any]] = []
        seen: set[tuple[Any, ...]] = set()
        for name, adv in self.advisors(view):
            if not self.awake(name):
                continue
            plan = adv.plan(view)
            key = _key(plan)
            if key not in seen:
                seen.add(key)
                out.append((name, plan, adv))
        estimated = {e.action for f in board.foes for e in f.mine}
        if any(isinstance(st, Act) and st.options and st.action in estimated for _, p, _ in out for st in p.steps):
            self.plain = False  # the ruleset's attacks carry choices (points to spend) a plain estimate lacks
        for f in board.foes if self.plain or not out else ():
            for est in f.mine:
                if getattr(est.act, "options", None) or est.harm <= 0:
                    continue  # a default split of the ruleset's choices, or a grapple: its follow-up is no plan
                plan = Plan([est.act], f"{est.action} on {f.unit.name} ({est.p:.0%})")
                key = _key(plan)
                if key in seen or view.refusal(est.act) is not None:
                    continue
                seen.add(key)
                out.append((f"{est.action} {f.unit.name}", plan, None))
        if self.wait and _may_wait(board, self.wait):
            out.append(("wait", Plan([], "waits"), None))
        return out

    def plan(self, view: Any) -> Plan:
        board = Board.read(view, self.enemies, self.hands, self.exact, self.keep, self.fly, self.split)
        cands = self.candidates(view, board)
        if not cands:
            self._played(None)
            return Plan([], "planner: nothing to weigh")
        catalogue = getattr(view.ruleset, "actions", {})
        allies = [a for a in view.allies() if a.id != view.me.id]
        played = view.memo.setdefault(PLAYED, {})
        kin = [played[a.id] for a in allies if a.id in played
               and (not self.alike or a.sheet.name == view.me.sheet.name)]
        others = Others.read(view, board, allies) if self.replies else None
        scored = [(value(board, p, self.weights, catalogue, allies, others, self.charge)
                   + (self.stay if adv is not None and adv is self._last else 0.0)
                   + (self.team * kin.count(label) / len(kin) if kin and adv is not None else 0.0), i)
                  for i, (label, p, adv) in enumerate(cands)]
        scored.sort(key=lambda s: (-s[0], s[1]))
        best_v, best_i = scored[0]
        label, plan, adv = cands[best_i]
        if adv is not None:
            self._last = adv
            played[view.me.id] = label
        self._played(adv)
        alts = tuple((cands[i][0], round(v, 4)) for v, i in scored[1:1 + ALTERNATIVES])
        why = f"planner: {label} ({best_v:+.3f})" + (f": {plan.reason}" if plan.reason else "")
        return Plan(list(plan.steps), why, alts)

    # -- reactions ------------------------------------------------------------
    def react(self, view: Any, window: Any) -> Any:
        """The advisor last played answers (its own ``react``, or the older ``counter`` / ``after_counter``)."""
        adv = self._last
        if adv is None:
            advisors = self.advisors(view)
            adv = advisors[0][1] if advisors else None
        if adv is None:
            return None
        fn = getattr(adv, "react", None)
        got = fn(view, window) if fn is not None else None
        if got is None and window.kind == "counter" and window.actor is not None:
            legacy = getattr(adv, "counter", None)
            got = legacy(view, view.unit(window.actor)) if legacy is not None else None
        if got is None and window.kind == "replan":
            legacy = getattr(adv, "after_counter", None)
            got = legacy(view, window.plan) if legacy is not None else None
        return got


def _may_wait(board: Board, how: str) -> bool:
    """Is standing still a candidate? ``all``: always; ``height``: when every near enemy holds a height
    over me that no walk of this turn reaches hand to hand (a roof), and none of them flies."""
    if how == "all":
        return True
    me = board.me
    return bool(board.foes) and not board.air and all(f.unit.z - me.z > UP_M and not f.air for f in board.foes)


def _key(plan: Plan) -> tuple[str, ...]:
    """The plan's steps as a hashable key (an Act's options may be a dict)."""
    return tuple(repr(s) for s in plan.steps)


__all__ = ["Planner", "SKIP"]
