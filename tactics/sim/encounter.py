"""The encounter: combatants on a map, run as SimPy processes, recorded as a replay.

    >>> from tactics import Encounter, load_map, load_character
    >>> enc = Encounter(load_map("maps/arena.toml"), seed=7)
    >>> steven = enc.add(load_character("assets/characters/steven.toml"), team="red", at=(4, 6))
    >>> clone = enc.add(load_character("assets/characters/clone.toml"), team="blue", at=(12, 6))
    >>> result = enc.run(until=120)
    >>> result.winner in ("red", "blue", None)
    True

The encounter plays one combat system, its ruleset (``ruleset="fudge-opposed"``
or any object following :class:`tactics.rules.protocol.Ruleset`; Mano a Mano
by default). Time is seconds; a round is ``options.round_seconds`` (the
ruleset's own length unless set). Each combatant is one SimPy process
(:meth:`Encounter._life`) that waits for each of its turn instants (the
ruleset's schedule: initiative and cadence), asks the ruleset for the turn's
budget and its policy for a plan, and has :mod:`tactics.sim.turn` carry it
out atomically. A prepared reaction (a counter-attack) is a SimPy event the
combatant waits on together with its next turn (``any_of``); an attacker
triggers it when it declares the attack and waits for the reaction to finish.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from heapq import heappush
from typing import Any

import msgspec
import numpy as np
import simpy
from simpy.events import NORMAL, Event

from tactics.dice import Dice, SeededDice
from tactics.errors import InputError
from tactics.map import Mover
from tactics.replay.schema import End, Header, Turn
from tactics.rules.registry import DEFAULT, get_ruleset
from tactics.sim import collector, surprise
from tactics.sim.carrying import Carrying
from tactics.sim.combatant import Combatant
from tactics.sim.header import make_header, sheet_kind
from tactics.sim.mapcaches import shared_for
from tactics.sim.options import ENGINE_OPTIONS, Options, split_options
from tactics.sim.pausing import Pausing
from tactics.sim.referee import Referee
from tactics.sim.policy import resolve_policy
from tactics.sim.release import release
from tactics.sim.simenv import Environment
from tactics.sim.turn import TurnRunner
from tactics.sim.result import Result
from tactics.sim.rounds import RoundStarts
from tactics.sim.spawning import next_id, spawn_place
from tactics.sim.view import UnitView, View
from tactics.sim.world import EngineWorld


def _later_slot(slots: Any, phase: Any, offset: float) -> float | None:
    """The first slot of ``phase`` after ``offset`` (where a delayed turn comes again), or None. (Not a
    comprehension in :meth:`Encounter._life`: one over its names would make them closure cells, read
    through at every turn.)"""
    for o, p in slots:
        if p == phase and o > offset + 1e-12:
            return o
    return None


@dataclass
class _Watch:
    cond: Callable[[Encounter], bool]
    fn: Callable[[Encounter], Any]
    once: bool = True
    done: bool = False


class Encounter(Referee, Pausing, Carrying):
    """A fight being set up, then run once."""

    def __init__(
        self,
        map: Any,
        seed: int | None = None,
        dice: Dice | None = None,
        options: Options | dict[str, Any] | None = None,
        name: str = "",
        ruleset: Any = DEFAULT,
        shared: dict[str, Any] | None = None,
        ruleset_options: Any = None,
    ) -> None:
        if dice is None:
            dice = SeededDice(0 if seed is None else seed)
        self.map = map
        self.rules = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
        self.seed = seed if seed is not None else getattr(dice, "seed", None)
        self.dice = dice
        eng, rule_opts = ((Options(round_seconds=float(self.rules.round_seconds)), self.rules.options_type())
                          if options is None and ruleset_options is None else split_options(options, self.rules))
        if ruleset_options is not None:
            rule_opts = (ruleset_options if isinstance(ruleset_options, self.rules.options_type)
                         else msgspec.convert(ruleset_options, self.rules.options_type))
        if eng.round_seconds is None:
            eng = msgspec.structs.replace(eng, round_seconds=float(self.rules.round_seconds))
        self.options: Options = eng
        self.rule_options = rule_opts
        self.name = name
        self.env = Environment(initial_time=0.0)  # simpy's, born faster (tactics.sim.simenv)
        self.combatants: dict[str, Combatant] = {}
        self.order: list[Combatant] = []
        self.events: list[Any] = []
        self._views: dict[str, UnitView] = {}
        self._planners: dict[str, View] = {}
        self._watches: list[_Watch] = []
        self._timed: list[tuple[float, Callable[[Encounter], Any]]] = []
        self._started = False
        self._ended: End | None = None
        self._end_event: simpy.Event | None = None
        self._stop: simpy.Event | None = None  # what run() waits for (tactics.sim.pausing)
        self._limit: float | None = None
        self._last_activity: float | None = None
        self._n_slots = 0
        self._joiners = 0
        self._poised = 0
        """How many fighters wait this moment with a prepared reaction (their ``attacked`` event set,
        :meth:`_wait`): while none does, no declared act can set one off, and the turn runner does
        not ask the ruleset's ``reactions`` (side-effect free: :class:`~tactics.rules.protocol.Ruleset`)."""
        self._xyz = np.zeros((3, 8))
        """Positions by coordinate (rows x, y, z; column ``c.row``): nearest-enemy queries in one numpy step."""
        self._xyz_live = False
        """Whether :meth:`place` keeps :attr:`_xyz` up to date: only once a query could read it. With
        two fighters on two teams (a duel) none does (each has one enemy and no ally: the referee's
        queries answer without the table), and a place's three numpy stores cost more than the rest
        of it; :meth:`add` fills the table from everyone's position when a fighter makes it readable."""
        self._init_referee()
        self.memo: dict[str, Any] = {}
        """Scratch space for the policies of this encounter (see ``View.memo``)."""
        self.shared: dict[str, Any] = shared_for(map) if shared is None else shared
        """Caches of pure functions, which may outlive this encounter (see ``View.shared``; without
        ``shared``, those of the fights on this map: :mod:`tactics.sim.mapcaches`)."""
        self._movers: dict[Any, Mover] = self.shared.setdefault("engine movers", {})
        """The engine's :class:`Mover` of each sheet (a pure function of the sheet)."""
        self._surpriser: str | None = None
        self._no_fight: str | None = None
        self.schedule: Any = None
        self.world = EngineWorld(self)
        self._starts: dict[str, tuple[float, float, float]] = {}
        self._start_flying: dict[str, bool] = {}
        self._passengers: dict[str, list[str]] = {}
        self.turns = TurnRunner(self)

    # -- setting up ------------------------------------------------------
    def add(
        self,
        character: Any,
        team: str,
        at: tuple[float, float] | tuple[float, float, float] | None = None,
        policy: Any = "advance",
        *,
        id: str | None = None,
        flying: bool | None = None,
        evading: bool = False,
        counter_ready: bool = False,
        expecting: bool = False,
    ) -> UnitView:
        """Put a character into the fight; returns its read-only view.

        ``at`` is ``(x, y)`` in metres (or ``(x, y, z)``; z defaults to the
        ground there); with no ``at`` the next free spawn of ``team`` is used.
        ``policy`` is a policy name (those of the encounter's ruleset, then the
        generic ones) or any object with ``plan(view)``. ``evading`` starts the
        character defending until its first turn (000 · Rounds), ``counter_ready``
        with a counter-attack prepared; ``expecting`` marks one who expects the fight (a ruleset
        may give such fighters a surprise round). Adding during a run (from ``at``/``when``
        scripts) brings the character in at the end of the current round order.
        """
        rules = self.rules
        is_sheet = getattr(rules, "is_sheet", None)
        if is_sheet is not None and not is_sheet(character):
            raise TypeError(f"add() needs a {rules.name} sheet (see tactics.load_sheet), not "
                            f"{sheet_kind(character)}")
        uid = id or next_id(self.combatants, self.order, team)
        if uid in self.combatants:
            raise ValueError(f"a combatant with id {uid!r} is already in the encounter")
        x, y, z = spawn_place(self.map, self.order, team, at)
        pol, pol_name = resolve_policy(policy, rules.name)
        tracks, first, able, base_air = self._look(character)
        is_flying = bool(base_air > 0 and (flying if flying is not None else z > self.map.ground_height(x, y) + 0.01))
        c = Combatant(
            id=uid,
            sheet=character,
            team=team,
            policy=pol,
            policy_name=pol_name,
            own_policy=isinstance(policy, str),
            x=x,
            y=y,
            z=z,
            flying=is_flying,
            airspeed=base_air,
            base_airspeed=base_air,
            tracks=dict(tracks),
            standing=first,
            able_standings=able,
            state=(rules.new_state(character, self.rule_options, evading=True) if evading
                   else rules.new_state(character, self.rule_options)),
        )
        if expecting:
            c.status["expecting"] = True
        if counter_ready:
            c.prepared = "counter"
        c.joined_at = self.env.now
        self.combatants[uid] = c
        c.row = len(self.order)
        xyz, k = self._xyz, c.row
        if k >= xyz.shape[1]:
            xyz = self._xyz = np.concatenate([xyz, np.zeros((3, max(8, k)))], axis=1)  # twice as wide
        self._starts[uid] = (x, y, z)
        self._start_flying[uid] = is_flying
        self.order.append(c)
        if self._xyz_live:
            xyz[0, k], xyz[1, k], xyz[2, k] = x, y, z
        elif len(self.order) > 2 or self.order[0].team == c.team and len(self.order) == 2:
            self._xyz_live = True  # a query may read the table now: everyone's place into it
            for o in self.order:
                xyz[0, o.row], xyz[1, o.row], xyz[2, o.row] = o.x, o.y, o.z
        # (else a duel's: nothing reads the table, and the one who makes it readable fills it)
        self._views[uid] = UnitView(c)
        self.health_changed()
        if self._started:
            self._join(c)
        return self._views[uid]

    def at(self, t: float, fn: Callable[[Encounter], Any]) -> None:
        """Call ``fn(encounter)`` at simulated time ``t`` (seconds)."""
        self._timed.append((t, fn))  # (also what tells the round starts a timed call exists: tactics.sim.rounds)
        if self._started:
            self.env.process(self._timed_call(t, fn))

    def when(self, cond: Callable[[Encounter], bool], fn: Callable[[Encounter], Any], once: bool = True) -> None:
        """Call ``fn(encounter)`` as soon as ``cond(encounter)`` holds (checked after every turn)."""
        self._watches.append(_Watch(cond, fn, once))

    def ambush(self, stalker: UnitView | str, target: UnitView | str) -> bool:
        """The stalker tries to surprise the target before the fight (see :mod:`tactics.sim.surprise`)."""
        return surprise.ambush(self, stalker, target)

    def stalk_each_other(self, a: UnitView | str, b: UnitView | str, start_anyway: bool = False) -> str:
        """Two fighters stalk each other: two rolls (see :mod:`tactics.sim.surprise`)."""
        return surprise.stalk_each_other(self, a, b, start_anyway)

    # -- running ---------------------------------------------------------
    def run(self, until: float = 300.0) -> Result:
        """Fight until one team (or nobody) can act, or until ``until`` seconds; after
        :meth:`run_until` paused the fight, carry the same fight on (see :mod:`tactics.sim.pausing`)."""
        stop = self._stop_at(until)
        if self._ended is None:
            with collector.paused():  # a fight makes next to no cycles (tactics.sim.collector)
                self.env.run(until=stop)
        if self._ended is None:
            self._finish(None, f"time limit of {until:g} s reached")
        release(self)  # the fight is over: its cycles cut, refcounting frees it (tactics.sim.release)
        return Result(self)

    def _schedule_initiative(self) -> None:
        """Initiative and cadence from the ruleset; the turn order is the schedule's."""
        sched = self.rules.schedule(self.world, list(self.order), self._surpriser)
        self.schedule = sched
        by_id = self.combatants
        if sorted(sched.order) == sorted(by_id):
            self.order = list(map(by_id.__getitem__, sched.order))  # a schedule rolled anew keeps the order added
        self._n_slots = len(self.order)
        for c in self.order:
            c.first_round = 0
        if sched.dynamic:
            RoundStarts(self)  # each round's start, before any turn of it (tactics.sim.rounds)

    def _join(self, c: Combatant) -> None:
        c.first_round = self.schedule.join(c.id, self.env.now)
        self.env.process(self._life(c))

    def _timed_call(self, t: float, fn: Callable[[Encounter], Any]):
        if t > self.env.now:
            yield self.env.timeout(t - self.env.now)
        if self._ended is None:
            fn(self)
            self._check()

    def _wait(self, c: Combatant, t: float):
        """Wait until ``t``; a prepared reaction fires meanwhile if someone sets it off."""
        env = self.env
        while t > env.now:
            if c.prepared and c.able:
                attacked = c.attacked = env.event()
                self._poised += 1
                got = yield env.any_of([attacked, env.timeout(t - env.now)])
                c.attacked = None
                self._poised -= 1
                if attacked in got:
                    attacker, done, window = attacked.value
                    yield from self.turns.react_turn(c, attacker, window)
                    done.succeed()
                    continue
            else:
                yield env.timeout(t - env.now)

    def _life(self, c: Combatant):
        """One combatant's process: wait for each of its turns, act, end the turn, repeat."""
        env = self.env
        turns = self.turns
        rules = self.rules
        world = self.world
        record = self.events.append
        rs, sched = self.options.round_seconds, self.schedule
        dynamic = sched.dynamic
        r = c.first_round
        slots = None if dynamic else sched.slots(c.id, r)
        # the one event this process waits on between turns, scheduled again each time: what
        # env.timeout(d) does (an Event at now + d, NORMAL, the next id) without making one or two calls
        tick = Event(env)
        tick._ok = True
        tick._value = None
        queue, eid = env._queue, env._eid
        while self._ended is None:
            if dynamic and self._rounds_quiet:
                dynamic = False  # the slots stay as they are: read them as a fixed schedule's
            if dynamic:
                if r * rs > env.now:
                    if c.prepared:
                        yield from self._wait(c, r * rs)
                    else:
                        tick.callbacks = []
                        heappush(queue, (env._now + (r * rs - env._now), NORMAL, next(eid), tick))
                        yield tick
                    if self._ended is not None:
                        return
                slots = sched.slots(c.id, r)
            else:
                slots = sched.slots(c.id, r)  # a delay may have moved the slot
            for offset, phase in slots:
                t_turn = r * rs + offset
                if t_turn > env.now:
                    if c.prepared:
                        yield from self._wait(c, t_turn)
                    else:
                        tick.callbacks = []
                        heappush(queue, (env._now + (t_turn - env._now), NORMAL, next(eid), tick))
                        yield tick
                if self._ended is not None:
                    return
                if not c.present:
                    continue
                c.prepared = None
                budget = rules.begin_turn(world, c, r - c.first_round, phase)
                while budget is not None:
                    c.turns += 1
                    record(Turn(env.now, c.id, r + 1, budget.actions, phase))  # t, who, round, actions, phase
                    opening = getattr(budget, "opening", None)
                    if opening:
                        for eff in opening:
                            turns.apply(c, eff, None)
                    rest = turns.turn_now(c, budget)  # take_turn, without its generator layers
                    if rest is not None:  # a prepared reaction cut in: the rest of the turn after it
                        yield from rest
                    # a delayed turn (to move in formation) comes again at its new, later slot this round
                    if not getattr(budget, "delayed", False) or self._ended is not None:
                        break
                    later = _later_slot(sched.slots(c.id, r), phase, offset)
                    if later is None:
                        break
                    offset = later
                    yield from self._wait(c, r * rs + offset)
                    if self._ended is not None or not c.able:
                        break
                    budget = rules.begin_turn(world, c, r - c.first_round, phase)
                for eff in rules.end_turn(world, c):
                    turns.apply(c, eff, None)
                c.surprised = False
                if self._watches or self._checked_at != self._health_version:  # else _check has nothing to do
                    self._check()
            r += 1

    # -- services for turns and views ---------------------------------------
    def record(self, event: Any) -> None:
        self.events.append(event)

    def view_of(self, c: Combatant) -> UnitView:
        return self._views[c.id]

    def view_for(self, c: Combatant) -> View:
        """The :class:`View` ``c``'s policy plans from (one per combatant: it reads the live state)."""
        v = self._planners.get(c.id)
        return v if v is not None else self._planners.setdefault(c.id, View(self, c))

    def _look(self, sheet: Any) -> tuple[dict[str, int], str, frozenset[str], float]:
        """A sheet's starting tracks, first standing, acting standings and airspeed (its presentation
        and mover: pure functions of the sheet, kept in the shared cache)."""
        looks = self.shared.setdefault("sheet looks", {})
        key = (id(type(self.rules)), id(sheet))
        got = looks.get(key)
        if got is None or got[0] is not sheet:
            pres = self.rules.presentation(sheet)
            got = looks[key] = (sheet, pres.start_tracks(), pres.standings[0].name, pres.able_standings(),
                                float(self.rules.mover(sheet).airspeed))
        return got[1:]

    def mover_of(self, c: Combatant) -> Mover:
        """The engine's path mover of ``c``'s sheet (kept by the sheet's identity: sheets of some
        systems are not hashable; the sheet is kept alive beside it so the id stays its own)."""
        if c.carrier is not None:
            c = self.combatants[c.carrier]  # a passenger's paths are its carrier's (tactics.sim.carrying)
        ch = c.sheet
        got = self._movers.get(id(ch))
        if got is None or got[0] is not ch:
            spec = self.rules.mover(ch)
            m = Mover(running=spec.running, swimming=spec.swimming, airspeed=spec.airspeed,
                      max_jump_m=spec.max_jump_m, max_jump_height_m=spec.max_jump_height_m,
                      max_drop_m=spec.max_drop_m)
            got = self._movers[id(ch)] = (ch, m)
        return got[1]

    def set_mover(self, character: Any, mover: Mover) -> None:
        """Plan ``character``'s moves with ``mover`` in this encounter only (e.g. a trained
        climber's surfaces); otherwise the engine derives one from the sheet (:meth:`mover_of`)."""
        self._movers = {**self._movers, id(character): (character, mover)}  # a copy: never the shared cache

    def walk_budget(self, c: Combatant) -> float:
        """Metres ``c`` may walk in a turn now (the ruleset's speeds)."""
        return self.rules.speeds(c)[0]

    def reach_of(self, c: Combatant) -> tuple[float, float]:
        return self.rules.reach(c)

    def max_range(self, c: Combatant, weapon: Any, action: str) -> float:
        return float(self.rules.max_range(c, weapon, action))

    # -- the replay header -------------------------------------------------
    def header(self) -> Header:
        """The replay header: map, sheets, presentations, options (see :mod:`tactics.sim.header`)."""
        return make_header(self)


__all__ = ["Encounter", "Options", "InputError", "split_options", "ENGINE_OPTIONS"]
