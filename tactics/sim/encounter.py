"""The encounter: combatants on a map, run as SimPy processes, recorded as a replay.

    >>> from tactics import Encounter, load_map, load_character
    >>> enc = Encounter(load_map("maps/arena.toml"), seed=7)
    >>> steven = enc.add(load_character("assets/characters/steven.toml"), team="red", at=(4, 6))
    >>> clone = enc.add(load_character("assets/characters/clone.toml"), team="blue", at=(12, 6))
    >>> result = enc.run(until=120)
    >>> result.winner in ("red", "blue", None)
    True

Time is seconds; a round is ``options.round_seconds`` (1 s). Each combatant
is one SimPy process (:meth:`Encounter._life`) that waits for its turn
instant, asks its policy for a plan, and has :mod:`tactics.sim.turn` carry it
out atomically. Initiative is fixed when the fight starts (DECISIONS · Time):
surprise first, then longer reach or range, ties broken by a die; each
combatant's turn falls at ``round_start + slot / n`` so no two turns share an
instant. A prepared counter-attack is a SimPy event the combatant waits on
together with its next turn (``any_of``); an attacker triggers it after its
movement and waits for the counter to finish (000 · Rounds).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec
import numpy as np
import simpy

from tactics.version import __version__
from tactics.dice import Dice, ScriptedDice, SeededDice
from tactics.errors import InputError
from tactics.map import Mover
from tactics.replay.schema import FORMAT, SCHEMA_VERSION, End, Header, State, Turn, UnitInfo
from tactics.rules import Character, RuleOptions, Weapon
from tactics.rules.ruleset import MANO_A_MANO, Ruleset
from tactics.sim.combatant import Combatant
from tactics.sim.policy import resolve_policy
from tactics.sim.result import Result
from tactics.sim.view import UnitView, View

RUN_UP_M = 2.0
"""A running start: straight metres toward the take-off in the same turn (DECISIONS · Jumping)."""


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Encounter options (all recorded in the replay header)."""

    round_seconds: float = 1.0
    random_damage: bool = False
    critical_hit: bool = False
    charging: bool = True
    """Charging attacks add power (000 · Attacking · Charging Attack); off for experiments."""
    stall_rounds: int = 30
    """End as a draw after this many rounds in which nobody attacked or moved closer."""
    keyframe_every: float = 10.0

    @property
    def rules(self) -> RuleOptions:
        return RuleOptions(random_damage=self.random_damage, critical_hit=self.critical_hit)


@dataclass
class _Watch:
    cond: Callable[[Encounter], bool]
    fn: Callable[[Encounter], Any]
    once: bool = True
    done: bool = False


class Encounter:
    """A fight being set up, then run once."""

    def __init__(
        self,
        map: Any,
        seed: int | None = None,
        dice: Dice | None = None,
        options: Options | dict[str, Any] | None = None,
        name: str = "",
        ruleset: Ruleset = MANO_A_MANO,
        shared: dict[str, Any] | None = None,
    ) -> None:
        if dice is None:
            dice = SeededDice(0 if seed is None else seed)
        self.map = map
        self.rules = ruleset
        self.seed = seed if seed is not None else getattr(dice, "seed", None)
        self.dice = dice
        if isinstance(options, dict):
            options = msgspec.convert(options, Options)
        self.options: Options = options or Options()
        self.rule_options = self.options.rules
        self.name = name
        self.env = simpy.Environment(initial_time=0.0)
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
        self._last_activity: float | None = None
        self._n_slots = 0
        self._joiners = 0
        self._xyz = np.zeros((8, 3))
        """Every combatant's position, row ``c.row``: nearest-enemy queries in one numpy step."""
        self._enemy_rows: dict[str, tuple[np.ndarray, list[UnitView]]] | None = None
        self.memo: dict[str, Any] = {}
        """Scratch space for the policies of this encounter (see ``View.memo``)."""
        self.shared: dict[str, Any] = {} if shared is None else shared
        """Caches of pure functions, which may outlive this encounter (see ``View.shared``)."""
        self._movers: dict[Character, Mover] = self.shared.setdefault("engine movers", {})
        """The engine's :class:`Mover` of each sheet (a pure function of the sheet)."""
        self._health_version = 0
        self._checked_at = -1
        self._able_by_team: dict[str, list[UnitView]] | None = None
        self._starts: dict[str, tuple[float, float, float]] = {}
        self._start_flying: dict[str, bool] = {}
        from tactics.sim.turn import TurnRunner

        self.turns = TurnRunner(self)

    # -- setting up ------------------------------------------------------
    def add(
        self,
        character: Character,
        team: str,
        at: tuple[float, float] | tuple[float, float, float] | None = None,
        policy: Any = "advance",
        *,
        id: str | None = None,
        flying: bool | None = None,
        evading: bool = False,
        counter_ready: bool = False,
    ) -> UnitView:
        """Put a character into the fight; returns its read-only view.

        ``at`` is ``(x, y)`` in metres (or ``(x, y, z)``; z defaults to the
        ground there); with no ``at`` the next free spawn of ``team`` is used.
        ``policy`` is a built-in policy name or any object with ``plan(view)``.
        ``evading`` starts the character evading (+4 defense until its first
        turn, 000 · Rounds). Adding during a run (from ``at``/``when`` scripts)
        brings the character in at the end of the current round order.
        """
        if not isinstance(character, Character):
            raise TypeError(f"add() needs a Character (see load_character), not {type(character).__name__}")
        uid = id or self._next_id(team)
        if uid in self.combatants:
            raise ValueError(f"a combatant with id {uid!r} is already in the encounter")
        x, y, z = self._place(team, at)
        pol, pol_name = resolve_policy(policy)
        is_flying = bool(character.airspeed > 0 and (flying if flying is not None else z > self.map.ground_height(x, y) + 0.01))
        c = Combatant(
            id=uid,
            character=character,
            team=team,
            policy=pol,
            policy_name=pol_name,
            x=x,
            y=y,
            z=z,
            flying=is_flying,
            airspeed=float(character.airspeed),
            health_rule=self.rules.health_state,
        )
        for w in character.weapons:
            if w.kind == "gun" and w.shots:
                c.shots_left[w.name] = w.shots
        if evading:
            c.defense_bonus.append(("evading", 4))
        c.counter_ready = counter_ready
        c.joined_at = self.env.now
        self.combatants[uid] = c
        c.row = len(self.order)
        if c.row >= len(self._xyz):
            grown = np.zeros((max(8, 2 * len(self._xyz)), 3))
            grown[: len(self._xyz)] = self._xyz
            self._xyz = grown
        self._xyz[c.row] = (x, y, z)
        self._starts[uid] = (x, y, z)
        self._start_flying[uid] = is_flying
        self.order.append(c)
        self._views[uid] = UnitView(c)
        self.health_changed()
        if self._started:
            self._join(c)
        return self._views[uid]

    def at(self, t: float, fn: Callable[[Encounter], Any]) -> None:
        """Call ``fn(encounter)`` at simulated time ``t`` (seconds)."""
        if self._started:
            self.env.process(self._timed_call(t, fn))
        else:
            self._timed.append((t, fn))

    def when(self, cond: Callable[[Encounter], bool], fn: Callable[[Encounter], Any], once: bool = True) -> None:
        """Call ``fn(encounter)`` as soon as ``cond(encounter)`` holds (checked after every turn)."""
        self._watches.append(_Watch(cond, fn, once))

    def ambush(self, stalker: UnitView | str, target: UnitView | str) -> bool:
        """A stealth roll against detection before the fight (000 · Rounds; 000 · Combat Example 1).

        ``d20 + stealth > 10 + detection`` gives the stalker surprise: it goes
        first and the target cannot have prepared an evade or a counter.
        """
        s = self.combatants[stalker if isinstance(stalker, str) else stalker.id]
        t = self.combatants[target if isinstance(target, str) else target.id]
        roll = self.turns.success_roll(
            s,
            "stealth",
            [("stealth", s.character.ability("stealth"))],
            [("base", 10), ("detection", t.character.ability("detection"))],
        )
        if roll.success:
            s.surprised = False
            t.surprised = True
            self._surpriser = s.id
            t.counter_ready = False
            t.defense_bonus = []
        return roll.success

    # -- running ---------------------------------------------------------
    def run(self, until: float = 300.0) -> Result:
        """Fight until one team (or nobody) can act, or until ``until`` seconds."""
        if self._started:
            raise RuntimeError("an encounter runs once; make a new one")
        if not self.order:
            raise ValueError("the encounter has nobody in it")
        self._started = True
        self._end_event = self.env.event()
        self._schedule_initiative()
        for t, fn in self._timed:
            self.env.process(self._timed_call(t, fn))
        for c in self.order:
            self.env.process(self._life(c))
        self.env.process(self._referee())
        self.env.run(until=self.env.any_of([self._end_event, self.env.timeout(until)]))
        if self._ended is None:
            self._finish(None, f"time limit of {until:g} s reached")
        return Result(self)

    def _schedule_initiative(self) -> None:
        surpriser = getattr(self, "_surpriser", None)

        reaches = self.shared.setdefault("reach", {})

        def key(c: Combatant) -> tuple[int, float, int]:
            # the longest reach of a sheet's weapons, remembered per sheet (and ruleset, kept alive in the value)
            known = reaches.get(c.character)
            if known is None or known[0] is not self.rules:
                known = reaches[c.character] = (self.rules, max(
                    (self.max_range(c, w, _default_attack(w)) for w in c.character.weapons), default=0.0))
            return (0 if c.id == surpriser else 1, -known[1], 0)

        groups: dict[tuple, list[Combatant]] = {}
        for c in self.order:
            groups.setdefault(key(c), []).append(c)
        ordered: list[Combatant] = []
        for k in sorted(groups):
            group = groups[k]
            if len(group) > 1 and not isinstance(self.dice, ScriptedDice):
                # ties broken by a die: roll once per tied combatant, in the order added;
                # scripted dice (tests, worked examples) keep the order added and hold only the story's rolls
                rolls = [(-self.dice.die(1000), i) for i in range(len(group))]
                group = [group[i] for _, i in sorted(rolls)]
            ordered.extend(group)
        n = len(ordered)
        self._n_slots = n
        rs = self.options.round_seconds
        for slot, c in enumerate(ordered):
            c.offset = rs * slot / n
            c.first_round = 0
        self.order = ordered

    def _join(self, c: Combatant) -> None:
        rs = self.options.round_seconds
        n = max(self._n_slots, 1)
        self._joiners += 1
        c.offset = rs * (n - 1 + 1 - 0.5**self._joiners) / n
        now = self.env.now
        r = math.floor((now - c.offset) / rs) + 1
        c.first_round = r
        self.env.process(self._life(c))

    def _timed_call(self, t: float, fn: Callable[[Encounter], Any]):
        if t > self.env.now:
            yield self.env.timeout(t - self.env.now)
        if self._ended is None:
            fn(self)
            self._check()

    def _life(self, c: Combatant):
        """One combatant's process: wait for its turn, act, recover, repeat."""
        env = self.env
        turns = self.turns
        record = self.events.append
        rs = self.options.round_seconds
        r = c.first_round
        every = self.rules.acts_every(c.character.speed)
        while self._ended is None:
            t_turn = r * rs + c.offset
            if t_turn > env.now:
                if c.counter_ready and c.able:
                    c.attacked = env.event()
                    nxt = env.timeout(t_turn - env.now)
                    got = yield env.any_of([c.attacked, nxt])
                    if c.attacked in got:
                        attacker, done = c.attacked.value
                        c.attacked = None
                        yield from self.turns.counter(c, attacker)
                        done.succeed()
                        if t_turn > env.now:
                            yield env.timeout(t_turn - env.now)
                    c.attacked = None
                else:
                    yield env.timeout(t_turn - env.now)
            if self._ended is not None:
                return
            if not c.present:
                r += 1
                continue
            c.counter_ready = False
            c.counter_plan = None
            c.defense_bonus = []
            if c.able:
                if (r - c.first_round) % every == 0:
                    c.turns += 1
                    allowed = turns.combo_allowance(c)
                    record(Turn(t=env.now, who=c.id, round=r + 1, actions=allowed))
                    yield from turns.take_turn(c, allowed)
                self._recover(c)
            else:
                self._recover(c)
            c.surprised = False
            self._check()
            r += 1

    def _recover(self, c: Combatant) -> None:
        """End of turn: recover stun (000 · Rounds; 000 · Health · Stun and Resting)."""
        if c.stun <= 0 or c.incapacitated_at == self.env.now:
            # recovery starts with the turn after the one that knocked it out (docs/engine.md)
            return
        before = c.health
        c.set_stun(self.rules.recover_stun(c.stun, c.health))
        changes: dict[str, Any] = {"stun": c.stun}
        if c.health != before:
            self.health_changed(before, c.health)
            changes["health"] = c.health
            if before == "incapacitated":
                changes["active"] = True
                c.incapacitated_at = None
        self.record(State(t=self.env.now, who=c.id, changes=changes))

    def _referee(self):
        """Ends fights in which nothing happens any more: ``stall_rounds`` whole rounds in a row
        without a move or an attack (rounds counted from 0 at ``[0, round_seconds)``).

        It sleeps until the end of the last of those rounds after the latest
        activity, and looks again when something happened meanwhile: a fight
        that goes on wakes it once every ``stall_rounds`` rounds at most.
        """
        env = self.env
        rs = self.options.round_seconds
        quiet = self.options.stall_rounds
        while self._ended is None:
            a = self._last_activity
            last_round = -1 if a is None else math.floor(a / rs + 1e-9)
            due = (last_round + 1 + quiet) * rs
            if env.now < due - 1e-9:
                yield env.timeout(due - env.now)
                continue
            self._finish(None, self.turns.stall_reason())

    def health_changed(self, before: str | None = None, after: str | None = None) -> None:
        """Someone's ability to act may have changed: the end check and team lists look again.

        Given the health ``before`` and ``after``, nothing is done unless one of them
        is incapacitated (healthy to injured leaves everyone able).
        """
        if before is not None and (before == "incapacitated") == (after == "incapacitated"):
            return
        self._health_version += 1
        self._able_by_team = None
        self._enemy_rows = None

    def place(self, c: Combatant, p: tuple[float, float, float]) -> None:
        """Put ``c`` at ``p``: the one way positions change during a fight."""
        c.x, c.y, c.z = p
        self._xyz[c.row] = p

    def nearest_enemy(self, c: Combatant) -> UnitView | None:
        """The able enemy of ``c`` closest in 3-D, or None (ties: the earlier in turn order)."""
        rows = self._enemy_rows
        if rows is None:
            rows = self._enemy_rows = {}
        got = rows.get(c.team)
        if got is None:
            views = [v for t, vs in self.able_views().items() if t != c.team for v in vs]
            got = rows[c.team] = (np.array([self.combatants[v.id].row for v in views], dtype=np.intp), views)
        idx, views = got
        if len(views) <= 1:
            return views[0] if views else None
        d = self._xyz.take(idx, 0)
        d -= self._xyz[c.row]
        d *= d
        return views[int(d.sum(1).argmin())]

    def able_views(self) -> dict[str, list[UnitView]]:
        """Views of the combatants able to act, by team, in turn order (cached until health changes)."""
        teams = self._able_by_team
        if teams is None:
            teams = {}
            for c in self.order:
                if c.able:
                    teams.setdefault(c.team, []).append(self._views[c.id])
            self._able_by_team = teams
        return teams

    def note_activity(self) -> None:
        """Something moved or attacked now (the referee's stalemate clock starts again)."""
        self._last_activity = self.env.now

    def _check(self) -> None:
        """After every turn: scripted conditions, then whether the fight is over."""
        if self._ended is not None:
            return
        for w in self._watches:
            if w.done:
                continue
            if w.cond(self):
                w.fn(self)
                if w.once:
                    w.done = True
        if self._checked_at == self._health_version:
            return
        self._checked_at = self._health_version
        teams = {c.team for c in self.order if c.able}
        expected = {c.team for c in self.order}
        if len(expected) >= 2 and len(teams) <= 1:
            if teams:
                (winner,) = teams
                losers = sorted(expected - teams)
                self._finish(winner, f"{', '.join(losers)} cannot act any more")
            else:
                self._finish(None, "nobody can act any more")

    def _finish(self, winner: str | None, reason: str) -> None:
        if self._ended is not None:
            return
        standing = [c.id for c in self.order if c.able]
        self._ended = End(t=self.env.now, winner=winner, reason=reason, standing=standing)
        self.record(self._ended)
        if self._end_event is not None and not self._end_event.triggered:
            self._end_event.succeed()

    # -- services for turns and views ---------------------------------------
    def record(self, event: Any) -> None:
        self.events.append(event)

    def view_of(self, c: Combatant) -> UnitView:
        return self._views[c.id]

    def view_for(self, c: Combatant) -> View:
        """The :class:`View` ``c``'s policy plans from (one per combatant: it reads the live state)."""
        v = self._planners.get(c.id)
        if v is None:
            v = self._planners[c.id] = View(self, c)
        return v

    def mover_of(self, c: Combatant) -> Mover:
        ch = c.character
        m = self._movers.get(ch)
        if m is None:
            # the longest jump one turn allows: a 2 m run-up and the jump share the turn's running,
            # or half running standing (docs/engine.md); drops as high as the highest jump land safely
            longest = max(ch.running - RUN_UP_M, ch.running / 2, 0.0)
            m = Mover.from_character(ch, max_jump_m=longest, max_jump_height_m=ch.running / 2,
                                     max_drop_m=max(ch.running / 2, 0.5))
            self._movers[ch] = m
        return m

    def set_mover(self, character: Character, mover: Mover) -> None:
        """Plan ``character``'s moves with ``mover`` in this encounter only (e.g. a trained
        climber's surfaces); otherwise the engine derives one from the sheet (:meth:`mover_of`)."""
        self._movers = {**self._movers, character: mover}  # a copy: never the shared cache

    def walk_budget(self, c: Combatant) -> float:
        return self.turns.walk_budget(c)

    def max_range(self, c: Combatant, weapon: Weapon | str, action: str) -> float:
        w = c.character.weapon(weapon) if isinstance(weapon, str) else weapon
        if w.kind in ("bow", "gun"):
            return float(w.range)
        if action in ("quick throw", "powerful throw", "heave"):
            try:
                return float(self.rules.throw_range(c.character, w, action))
            except ValueError:
                return 0.0
        return 0.0

    def _next_id(self, team: str) -> str:
        n = sum(1 for c in self.order if c.team == team) + 1
        uid = f"{team}-{n}"
        while uid in self.combatants:
            n += 1
            uid = f"{team}-{n}"
        return uid

    def _place(self, team: str, at: Any) -> tuple[float, float, float]:
        tmap = self.map
        if at is None:
            spots = tmap.spawns.get(team) or []
            used = {(round(c.x, 3), round(c.y, 3)) for c in self.order}
            free = [p for p in spots if (round(p[0], 3), round(p[1], 3)) not in used]
            if not free:
                raise ValueError(f"no free spawn place for team {team!r} on map {tmap.name!r}; give at=(x, y)")
            x, y = free[0]
            return (float(x), float(y), float(tmap.ground_height(x, y)))
        if len(at) == 2:
            x, y = at
            z = tmap.ground_height(x, y)
        else:
            x, y, z = at
        minx, miny, maxx, maxy = tmap.bounds
        if not (minx <= x < maxx and miny <= y < maxy):
            raise ValueError(f"({x}, {y}) is outside the map {tmap.name!r} (bounds {tmap.bounds})")
        if tmap.terrain_at(x, y) == "wall" and z < tmap.ground_height(x, y) - 1e-6:
            raise ValueError(f"({x}, {y}) is inside a wall")
        return (float(x), float(y), float(z))

    # -- the replay header -------------------------------------------------
    def header(self) -> Header:
        roster = [
            UnitInfo(
                id=c.id,
                name=c.character.name,
                team=c.team,
                sheet=c.character.to_dict(),
                start=self._starts.get(c.id, (c.x, c.y, c.z)),
                toughness=c.character.toughness,
                stamina=c.character.stamina,
                policy=c.policy_name,
                airspeed=float(c.character.airspeed),
                flying=self._start_flying.get(c.id, c.flying),
                joins_at=c.joined_at,
            )
            for c in self.order
        ]
        return Header(
            format=FORMAT,
            schema=SCHEMA_VERSION,
            tactics_version=__version__,
            seed=self.seed if not isinstance(self.dice, ScriptedDice) else None,
            ruleset=self.rules.name,
            options=msgspec.to_builtins(self.options),
            map=self.map.to_dict(),
            roster=roster,
            keyframe_every=self.options.keyframe_every,
        )


def _default_attack(w: Weapon) -> str:
    return {"bow": "quick shot", "gun": "quick shot", "thrown": "quick throw"}.get(w.kind, "quick strike")


__all__ = ["Encounter", "Options", "InputError"]
