"""Carrying out a turn: the policy's plan, step by step, movement by the engine, actions by the ruleset.

:class:`TurnRunner` takes a combatant's :class:`~tactics.sim.plan.Plan` and
plays it at the turn's instant, against the turn's budget (the ruleset's
:class:`~tactics.rules.protocol.Budget`). Every step either happens and is
recorded, or is refused with a ``say`` event naming the reason; nothing is
bent::

    budget = ruleset.begin_turn(world, c, round_index, phase)
    yield from runner.take_turn(c, budget)

A ``MoveTo`` is the engine's (:mod:`tactics.sim.moves`,
:mod:`tactics.sim.vertical`). An ``Act`` is declared first: the ruleset
says which reaction windows it opens (:meth:`Ruleset.reactions`); a fighter
waiting with a prepared reaction (a counter-attack) then acts at once, in
its own process, and the actor may change the rest of its plan. Then the
ruleset resolves the act into effects, which :mod:`tactics.sim.apply` lands
one by one. Policies answer every window through one method,
``react(view, window)`` (older ``counter``/``after_counter`` still work).
"""

from __future__ import annotations

import math
from dataclasses import replace
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from tactics.replay.schema import Move, Say, State
from tactics.rules.protocol import Window
from tactics.sim.apply import NO_ALTERNATIVES, Effects
from tactics.sim.moves import Moves
from tactics.sim.plan import Act, MoveTo, Plan
from tactics.sim.rounding import round6
from tactics.sim.vertical import Vertical

if TYPE_CHECKING:
    from tactics.sim.combatant import Combatant
    from tactics.sim.encounter import Encounter


_NOWHERE = (math.nan, math.nan)
"""Where no run has ended yet (one tuple for every turn: it is never changed, only replaced)."""


class TurnState:
    """What one turn has used so far (a plain slotted class: one is made every turn);
    the ruleset reads it as :class:`~tactics.rules.protocol.Turn`."""

    __slots__ = ("t", "used", "run_m", "run_dir", "run_end", "climbed_roll", "legs", "metres", "reaction",
                 "climbed", "budget", "metres_total", "ascended", "descended", "lead_m", "lead_dir", "lead_end")

    def __init__(self, t: float, budget: Any = None, reaction: str = "") -> None:
        self.t = t
        self.used = 0.0
        """Fraction of the turn's movement spent (0..1)."""
        self.run_m = 0.0
        self.run_dir: tuple[float, float] = (0.0, 0.0)
        self.run_end: tuple[float, float] = _NOWHERE
        self.climbed_roll: bool | None = None
        self.legs: list[Any] = []
        self.metres = 0.0
        self.reaction = reaction
        self.climbed = False
        self.metres_total = 0.0
        """Metres moved this turn (the budget hears each step's share: points spent, running)."""
        self.budget = budget if budget is not None else _NO_BUDGET
        """The turn's budget: its speeds are read as the turn goes (a plan without an action may
        double the walk)."""
        self.ascended = 0.0
        self.descended = 0.0
        """Metres flown up and down this turn (the ruleset's ``flight_limits`` cap them per turn)."""
        self.lead_m = 0.0
        """A straight run begun at the end of the fighter's previous turn and still going on
        (it makes a running start, never a charge: ``run_m`` is this turn's alone)."""
        self.lead_dir: tuple[float, float] = (0.0, 0.0)
        self.lead_end: tuple[float, float] = _NOWHERE

    @property
    def walk(self) -> float:
        return self.budget.walk_m

    @property
    def swim(self) -> float:
        return self.budget.swim_m

    @property
    def air(self) -> float:
        return getattr(self.budget, "air_m", 0.0)

    @property
    def flies(self) -> bool:
        """The budget speaks of flight (a turn of its own, not a fall outside any turn)."""
        return self.budget is not _NO_BUDGET and hasattr(self.budget, "air_m")


class _Still:
    """The budget of a fall or push outside any turn: no metres of its own."""

    walk_m = swim_m = air_m = 0.0


_NO_BUDGET = _Still()


class TurnRunner(Effects, Moves, Vertical):
    def __init__(self, enc: Encounter) -> None:
        self.enc = enc
        self.rules = enc.rules
        self.world = enc.world
        self._turn_windows = getattr(enc.rules, "turn_windows", True)
        """False when the ruleset says it never opens a ``turn`` window: no ``reactions`` asked on declaring."""

    # -- small services ----------------------------------------------------
    def record(self, ev: Any) -> None:
        self.enc.events.append(ev)
        if self.enc._passengers and type(ev) is Move:
            self.enc.echo_move(ev)

    def say(self, c: Combatant, text: str) -> None:
        self.enc.events.append(Say(self.enc.env.now, c.id, text, NO_ALTERNATIVES))  # never a move: no echo

    def move_refusal(self, c: Combatant) -> str | None:
        fn = getattr(self.rules, "move_refusal", None)
        return fn(self.world, c) if fn is not None else None

    # -- asking policies -----------------------------------------------------
    def ask(self, c: Combatant, window: Window) -> Any:
        """A choice window: the answer of ``c``'s policy, or the window's default."""
        fn = getattr(c.policy, "react", None)
        if fn is None:
            return window.default
        got = fn(self.enc.view_for(c), window)
        return window.default if got is None else got

    def _reaction_plan(self, c: Combatant, window: Window, attacker: Combatant) -> Plan:
        view = self.enc.view_for(c)
        fn = getattr(c.policy, "react", None)
        plan = fn(view, window) if fn is not None else None
        if plan is None:
            legacy = getattr(c.policy, "counter", None)
            plan = legacy(view, self.enc.view_of(attacker)) if legacy is not None else c.policy.plan(view)
        return plan

    def _replan(self, c: Combatant, plan: Plan) -> Plan | None:
        """After a reaction cut in, the actor may change the rest of its plan."""
        view = self.enc.view_for(c)
        fn = getattr(c.policy, "react", None)
        got = fn(view, Window("replan", c.id, plan=plan)) if fn is not None else None
        if got is None:
            legacy = getattr(c.policy, "after_counter", None)
            got = legacy(view, plan) if legacy is not None else None
        return got

    # -- a turn ------------------------------------------------------------
    def take_turn(self, c: Combatant, budget: Any):
        """Play ``c``'s turn now within ``budget`` (a generator: a prepared reaction may cut in)."""
        rest = self.turn_now(c, budget)
        if rest is not None:
            yield from rest

    def turn_now(self, c: Combatant, budget: Any) -> Iterator[Any] | None:
        """:meth:`take_turn` played at once, without a generator: None when the turn is over, else the
        rest of it (a generator) after the prepared reaction its plan set off (the encounter yields
        from it). Most turns never wait, and two generator layers a turn cost more than they do."""
        enc = self.enc
        ts = TurnState(enc.env.now, budget)
        last = c.last_run
        if last is not None:
            # a straight run that ended the previous turn, with nothing done after it, still counts
            # toward a running start now (DECISIONS · More rulings · Running start across turns)
            c.last_run = None
            end = last[2]
            if abs(end[0] - c.x) <= 1e-6 and abs(end[1] - c.y) <= 1e-6 and not c.prone:
                ts.lead_m, ts.lead_dir, ts.lead_end = last
        if c.climbing and c.climb_route:
            self._move_legs(c, list(c.climb_route), ts, goal=None)
            self._flush_move(c, ts)
            ts.climbed = True
            if not c.able:
                return None
        view = enc._planners.get(c.id)  # enc.view_for(c) without the call once the view is made
        plan = c.policy.plan(view if view is not None else enc.view_for(c))
        if type(plan) is not Plan and not isinstance(plan, Plan):
            raise TypeError(f"policy of {c.id} returned {type(plan).__name__}, not a Plan")
        reason = plan.reason
        if reason:
            if plan.alternatives:
                self.say_plan(c, plan, reason)
            else:  # the common case, as say() records it (a say is never a move: no passengers to echo)
                enc.events.append(Say(enc.env.now, c.id, reason, NO_ALTERNATIVES))  # (t, who, text, alternatives)
        return self.steps_now(c, list(plan.steps), ts, budget)

    def say_plan(self, c: Combatant, plan: Plan, text: str) -> None:
        """Record a plan's reason ``text`` with the alternatives it weighed (a turn's, a counter's, a replan's)."""
        alts = plan.alternatives
        if alts:
            self.enc.events.append(Say(self.enc.env.now, c.id, text,
                                       tuple([(str(w), round6(float(v))) for w, v in alts])))
        else:
            self.say(c, text)

    def react_turn(self, c: Combatant, attacker: Combatant, window: Window):
        """A prepared reaction fires: ``c`` moves and acts before ``attacker``'s action lands."""
        enc = self.enc
        c.prepared = None
        self.record(State(t=enc.env.now, who=c.id, changes={"prepared": None}))
        if not c.able:
            return
        budget = self.rules.begin_reaction(self.world, c, window)
        ts = TurnState(enc.env.now, budget, reaction=window.kind)
        plan = self._reaction_plan(c, window, attacker)
        self.say_plan(c, plan, plan.reason or window.note)
        yield from self.execute(c, list(plan.steps), ts, budget)
        enc.note_activity()

    def _grounded(self, c: Combatant, ts: TurnState) -> None:
        """A flyer whose turn allows no flight (encumbered, or flight lost) falls (docs/engine.md)."""
        if c.flying and ts.flies and ts.air <= 0 and c.able:
            self._fall_down(c, None, "cannot fly")

    def execute(self, c: Combatant, steps: list[Any], ts: TurnState, budget: Any):
        """Carry out ``steps`` within ``budget`` (a generator: a prepared reaction may cut in)."""
        rest = self.steps_now(c, steps, ts, budget)
        if rest is not None:
            yield from rest

    def steps_now(self, c: Combatant, steps: list[Any], ts: TurnState, budget: Any) -> Iterator[Any] | None:
        """:meth:`execute` at once: None when the steps are done, else the rest (a generator that waits
        for the prepared reaction an act set off, then goes on)."""
        budget.planned([s for s in steps if type(s) is Act] if len(steps) > 1 else
                       ((steps[0],) if steps and type(steps[0]) is Act else ()))
        if c.flying:
            self._grounded(c, ts)
        i = self._steps(c, steps, 0, ts, budget)
        if i is not None:
            return self._after_reaction(c, steps, i, ts, budget)
        self._end_steps(c, ts, budget)
        return None

    def _after_reaction(self, c: Combatant, steps: list[Any], i: int, ts: TurnState, budget: Any):
        """``steps[i]``, an act, set off a prepared reaction (kept in ``_fired``): wait for it, let the
        actor change the rest of its plan, go on."""
        enc = self.enc
        while i is not None:
            step = steps[i]
            done = enc.env.event()
            reactor, window = self._fired
            reactor.attacked.succeed((c, done, window))
            yield done
            if not c.able:
                break
            rest = [step] + steps[i + 1:]
            new = self._replan(c, Plan(rest, ""))
            if new is not None:
                if new.reason:
                    self.say_plan(c, new, new.reason)
                rest = list(new.steps)
            steps = rest
            i = self._steps(c, steps, 0, ts, budget)
        self._end_steps(c, ts, budget)

    def _steps(self, c: Combatant, steps: list[Any], i: int, ts: TurnState, budget: Any) -> int | None:
        """Carry out ``steps`` from the ``i``-th until done (None) or until an act sets off a prepared
        reaction turn (its index; the reactor and window in ``_fired``)."""
        enc = self.enc
        n = len(steps)
        while i < n:
            if not c.able or enc._ended is not None or budget.done:
                break
            step = steps[i]
            i += 1
            if isinstance(step, MoveTo):
                if c.climbing and getattr(budget, "done_actions", 0):
                    continue
                cap = budget.move_cap()
                if cap is not None and (step.max_m is None or step.max_m > cap):
                    if cap <= 1e-9:
                        continue
                    # built directly (dataclasses.replace costs several times more); a subclass keeps its type
                    step = (MoveTo(step.x, step.y, step.z, cap) if type(step) is MoveTo
                            else replace(step, max_m=cap))
                metres = ts.metres_total
                self._move(c, step, ts)
                self._flush_move(c, ts)
                moved = ts.metres_total - metres
                if moved > 0:
                    paid = budget.moved(moved)
                    if paid:
                        for eff in paid:
                            self.apply(c, eff, ts)
            elif isinstance(step, Act):
                c.last_run = None
                # a turn window fires only for a fighter waiting poised (Encounter._poised): with none,
                # no ruleset answer could set one off, and reactions() is not asked
                if not ts.reaction and enc._poised and self._turn_windows and self._fire_reactions(c, step):
                    return i - 1
                for eff in self.rules.act(self.world, c, step, budget, ts):
                    self.apply(c, eff, ts)
            else:
                self.say(c, f"refused: {type(step).__name__} is not a step of a plan")
        return None

    def _end_steps(self, c: Combatant, ts: TurnState, budget: Any) -> None:
        """The steps are over: the last legs recorded; a run that ends the turn kept for the next."""
        if ts.legs:
            self._flush_move(c, ts)
        if not ts.reaction:
            # the longer of this turn's run and the one carried over (this turn's on a tie, as max() picks)
            run_m, lead_m = ts.run_m, ts.lead_m
            if run_m <= 0 and lead_m <= 0:  # no run at all (most turns): nothing to keep
                c.last_run = None
                return
            acted = bool(getattr(budget, "done_actions", 0))
            run = ((run_m, ts.run_dir, ts.run_end) if run_m >= lead_m else (lead_m, ts.lead_dir, ts.lead_end))
            at = run[2]
            here = abs(at[0] - c.x) <= 1e-6 and abs(at[1] - c.y) <= 1e-6
            c.last_run = run if run[0] > 0 and here and not acted and c.able else None

    _fired: tuple[Combatant, Window] | None = None

    def _fire_reactions(self, c: Combatant, step: Act) -> bool:
        """Does declaring ``step`` set off a fighter's prepared reaction turn? (kept in ``_fired``)"""
        for w in self.rules.reactions(self.world, c, step):
            if not w.turn:
                continue
            r = self.enc.combatants.get(w.reactor)
            if r is not None and r.able and r.attacked is not None and not r.attacked.triggered:
                self._fired = (r, w)
                return True
        return False

    # -- the referee's question --------------------------------------------
    def stall_reason(self) -> str:
        enc = self.enc
        able = [c for c in enc.order if c.able]
        quiet = f"stalemate: nobody attacked or moved for {enc.options.stall_rounds} rounds"
        for c in able:
            mover = enc.mover_of(c)
            if mover.flying:
                return quiet
            for o in able:
                if o.team != c.team and enc.map.path(c.pos, (o.x, o.y), mover) is not None:
                    return quiet
        return "no path: the teams cannot reach each other"
