"""Carrying out a turn: movement leg by leg, then actions, checked against the rules.

:class:`TurnRunner` takes a combatant's :class:`~tactics.sim.plan.Plan` and
plays it at the turn's instant. Every step either happens (and is recorded)
or is refused with a ``say`` event naming the reason; nothing is bent.

Movement spends a fraction of the turn: a leg of ``L`` metres at ``v`` metres
per turn uses ``L / v`` of it, whatever the mix of walking, swimming,
climbing and flying (000 · Movement: the total may not exceed running,
swimming or airspeed). The legs are timed from the turn's instant so a replay
animates them.

Sources by step: walking and swimming (000 · Movement), flying (000 ·
Movement · Flying; DECISIONS · Movement · Flying), jumping and climbing
(000 · Movement · Jumping, Climbing), falls (DECISIONS · Falls from a
height), charging (000 · Attacking · Charging Attack), ranged difficulty and
darkness (000 · Attacking; DECISIONS · Attacks at a distance), stances (000 ·
Stance and Position), counter-attacks (000 · Rounds).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from tactics.replay.schema import (
    Attack,
    Climb,
    Damage,
    Fall,
    Fly,
    Jump,
    LegRec,
    Move,
    Roll,
    RollRec,
    Say,
    State,
)
from tactics.rules import Modifier
from tactics.sim.plan import Act, MoveTo, Plan
from tactics.sim.view import MELEE_REACH_M, MELEE_REACH_UP_M, eye

if TYPE_CHECKING:
    from tactics.sim.combatant import Combatant
    from tactics.sim.encounter import Encounter

JUMP_ROLL_DIFFICULTY = 10
"""Acrobatics difficulty of a jump within 1 m of the maximum (DECISIONS · Jumping)."""
RUNNING_START_M = 2.0
"""Straight metres toward the take-off that make a running start (DECISIONS · Jumping)."""
SAFE_DROP_SECONDS = 0.4
FALL_G = 9.81
SLIP_M = 0.5
"""A climber who loses grip lower than this above the foot of the climb just slips off, unharmed."""
KEEP_BALANCE = 8
"""Difficulty of keeping one's feet after a push or trip (000 · Grappling Actions)."""
ROUTE_SLACK_M = 4.0
"""How far a goal may move before a route found on an earlier turn is searched again..."""
ROUTE_SLACK_SHARE = 0.3
"""...or this share of the route still to go, when that is more (far goals drift more)."""
WADE_DEPTH_M = 1.0
"""Water at least this deep is swum, not waded (docs/maps.md)."""
DRAG_FACTOR = 0.5
"""A dominant grappler drags its partner at half its movement (docs/engine.md)."""
RUBBLE_COST = 2.0
"""Rubble and wading are slow ground: each metre costs two (docs/maps.md)."""
ATTACK_KIND_FOR_DARKNESS = {"strike": "strike", "grapple": "grapple", "throw": "ranged", "shot": "ranged"}


class _TurnState:
    """What one turn has used so far (a plain slotted class: one is made every turn)."""

    __slots__ = ("t", "used", "actions", "allowed", "single", "run_len", "run_dir", "run_end",
                 "climbed_roll", "legs", "metres", "countering")

    def __init__(self, t: float, allowed: int = 1, countering: bool = False) -> None:
        self.t = t
        self.used = 0.0
        """Fraction of the turn's movement spent (0..1)."""
        self.actions = 0
        self.allowed = allowed
        self.single = False
        """A non-quick action was done: it is the turn's only action."""
        self.run_len = 0.0
        self.run_dir: tuple[float, float] = (0.0, 0.0)
        self.run_end: tuple[float, float] = (math.nan, math.nan)
        self.climbed_roll: bool | None = None
        self.legs: list[LegRec] = []
        self.metres = 0.0
        self.countering = countering


class TurnRunner:
    def __init__(self, enc: Encounter) -> None:
        self.enc = enc
        self.rules = enc.rules
        self._several_weapons: dict[int, bool] = {}
        """Per character sheet (by id): does it carry several weapons (or a pair)?"""
        self._stances: dict[tuple, tuple[Modifier, ...]] = {}
        self._allowed: dict[tuple, tuple[bool, str]] = {}
        """The ruleset's ``can_do`` verdicts by (action, health, posture, grappling, encumbered, unwieldy)."""
        self._covering = 0
        """How many combatants have covered someone (the covering check is skipped while none has)."""

    # -- small services ----------------------------------------------------
    def record(self, ev: Any) -> None:
        self.enc.record(ev)

    def say(self, c: Combatant, text: str) -> None:
        self.record(Say(t=self.enc.env.now, who=c.id, text=text))

    def success_roll(
        self, c: Combatant, purpose: str, mods: list[tuple[str, int]], dmods: list[tuple[str, int]]
    ) -> RollRec:
        die = self.enc.dice.d20()
        total = die + sum(v for _, v in mods)
        difficulty = sum(v for _, v in dmods)
        ok = self.rules.success(die, total - die, difficulty)
        rec = RollRec(
            die=die,
            total=total,
            difficulty=difficulty,
            success=ok,
            modifiers=[(s, int(v)) for s, v in mods],
            difficulty_mods=[(s, int(v)) for s, v in dmods],
        )
        self.record(Roll(t=self.enc.env.now, who=c.id, purpose=purpose, roll=rec))
        return rec

    def combo_allowance(self, c: Combatant) -> int:
        ch = c.character
        multiple = self._several_weapons.get(id(ch))
        if multiple is None:
            multiple = self._several_weapons[id(ch)] = len(ch.weapons) > 1 or any(w.count > 1 for w in ch.weapons)
        return self.rules.combo_size(ch.speed, multiple, c.health)

    def walk_budget(self, c: Combatant) -> float:
        """Metres of running this turn: halved on the ground and when encumbered, 0 when immobile."""
        ch = c.character
        enc = ch.encumbrance
        if enc == "immobile":
            return 0.0
        v = float(ch.running)
        if c.posture == "on_the_ground":
            v /= 2
        if enc == "encumbered":
            v /= 2
        return v

    def swim_speed(self, c: Combatant) -> float:
        ch = c.character
        v = float(ch.swimming) if ch.swimming > 0 else 1.0
        if ch.encumbrance == "encumbered":
            v /= 2
        return v

    # -- a turn ------------------------------------------------------------
    def take_turn(self, c: Combatant, allowed: int | None = None):
        """Play ``c``'s turn now; ``allowed`` is its combo allowance when the caller knows it."""
        enc = self.enc
        ts = _TurnState(enc.env.now, self.combo_allowance(c) if allowed is None else allowed)
        if c.climbing and c.climb_route:
            self._move_legs(c, list(c.climb_route), ts, goal=None)
            self._flush_move(c, ts)
            ts.allowed = 1
            if not c.able:
                return
        plan = c.policy.plan(enc.view_for(c))
        if not isinstance(plan, Plan):
            raise TypeError(f"policy of {c.id} returned {type(plan).__name__}, not a Plan")
        if plan.reason:
            self.say(c, plan.reason)
        yield from self.execute(c, list(plan.steps), ts)

    def counter(self, c: Combatant, attacker: Combatant):
        """A prepared counter-attack fires: ``c`` moves and acts before ``attacker`` acts."""
        enc = self.enc
        c.counter_ready = False
        self.record(State(t=enc.env.now, who=c.id, changes={"counter_ready": False}))
        if not c.able:
            return
        ts = _TurnState(t=enc.env.now, allowed=self.combo_allowance(c), countering=True)
        view = enc.view_for(c)
        fn = getattr(c.policy, "counter", None)
        plan = fn(view, enc.view_of(attacker)) if fn else c.policy.plan(view)
        self.say(c, plan.reason or f"counter-attacks {attacker.name}")
        yield from self.execute(c, list(plan.steps), ts)
        self.enc.note_activity()

    def plan_allowance(self, c: Combatant, acts: list[Act]) -> int:
        """Quick actions this plan's combo may hold (000 · Rounds): ``ceil(speed)``, +1 when its
        actions use several weapons (two different ones, or both of a pair like hands; a grappling
        action without a weapon counts as one); 1 unless healthy."""
        ch = c.character
        actions = self.rules.actions
        names = [a.weapon or ("grapple" if a.action in actions and actions[a.action].kind == "grapple" else None)
                 for a in acts]
        names = [n for n in names if n]
        multiple = len(set(names)) > 1 or any(
            names.count(n) > 1 and any(w.name == n and w.count > 1 for w in ch.weapons) for n in set(names))
        return self.rules.combo_size(ch.speed, multiple, c.health)

    def execute(self, c: Combatant, steps: list[Any], ts: _TurnState):
        if len(steps) > 1:
            acts = [s for s in steps if isinstance(s, Act)]
            if len(acts) > 1:
                ts.allowed = min(ts.allowed, self.plan_allowance(c, acts))
        i = 0
        while i < len(steps):
            if not c.able or self.enc._ended is not None:
                break
            step = steps[i]
            i += 1
            if isinstance(step, MoveTo):
                if ts.actions and c.climbing:
                    continue
                self._move(c, step, ts)
                self._flush_move(c, ts)
            elif isinstance(step, Act):
                if step.action == "prepare counter":
                    if ts.used > 0 or ts.actions > 0 or ts.countering:
                        self.say(c, "refused: a counter-attack is prepared instead of moving and acting")
                        continue
                    c.counter_ready = True
                    self.record(State(t=self.enc.env.now, who=c.id, changes={"counter_ready": True}))
                    return
                target = self.enc.combatants.get(step.target) if step.target else None
                spec = self.rules.actions.get(step.action)
                if (
                    spec is not None
                    and spec.kind != "other"
                    and target is not None
                    and target.counter_ready
                    and target.attacked is not None
                    and not target.attacked.triggered
                    and not ts.countering
                    and target.able
                ):
                    done = self.enc.env.event()
                    target.attacked.succeed((c, done))
                    yield done
                    if not c.able:
                        break
                    fn = getattr(c.policy, "after_counter", None)
                    rest_steps = [step] + steps[i:]
                    if fn is not None:
                        new = fn(self.enc.view_for(c), Plan(rest_steps, ""))
                        if new.reason:
                            self.say(c, new.reason)
                        rest_steps = list(new.steps)
                    steps = rest_steps
                    i = 0
                    continue
                self._act(c, step, ts)
        self._flush_move(c, ts)

    # -- movement ----------------------------------------------------------
    def _flush_move(self, c: Combatant, ts: _TurnState) -> None:
        if ts.legs:
            self.record(
                Move(
                    t=self.enc.env.now,
                    who=c.id,
                    legs=ts.legs,
                    metres=round(ts.metres, 6),
                    budget=round(1.0 - ts.used, 6),
                )
            )
            ts.legs = []
            ts.metres = 0.0
            self.enc.note_activity()

    def _add_leg(self, c: Combatant, kind: str, start, end, fraction: float, ts: _TurnState, seconds: float | None = None) -> None:
        rs = self.enc.options.round_seconds
        t0 = ts.t + ts.used * rs
        dur = fraction * rs if seconds is None else seconds
        ts.used = min(1.0, ts.used + fraction)
        ts.legs.append(LegRec(kind=kind, start=tuple(start), end=tuple(end), t0=t0, t1=t0 + dur))
        ts.metres += math.dist(start, end)
        dx, dy = end[0] - start[0], end[1] - start[1]
        if abs(dx) > 1e-9 or abs(dy) > 1e-9:
            c.facing = math.atan2(dy, dx)
        self.enc.place(c, end)

    def _move(self, c: Combatant, step: MoveTo, ts: _TurnState) -> None:
        partner = self.enc.combatants.get(c.grapple) if c.grappling else None
        if partner is not None and c.grapple_role != "dominant":
            self.say(c, "refused: only the dominant grappler moves the pair")
            return
        if ts.used >= 1.0 - 1e-9:
            return
        ch = c.character
        if ch.airspeed > 0 and ch.encumbrance == "none" and (c.flying or (step.z is not None and step.z > c.z + 0.01)):
            self._fly(c, step, ts)
            return
        tmap = self.enc.map
        goal = (step.x, step.y)
        legs = self._cached_route(c, goal)
        if legs is None:
            legs = tmap.path(c.pos, goal, self.enc.mover_of(c))
        if legs is None:
            c.route = None
            self.say(c, f"no path to ({step.x:.0f}, {step.y:.0f})")
            return
        if partner is not None:
            before = len(ts.legs)
            start = c.pos
            self._move_legs(c, list(legs), ts, goal=goal, cap=step.max_m, drag=True)
            c.route = None
            self._drag(partner, start, ts.legs[before:])
            return
        rest = self._move_legs(c, list(legs), ts, goal=goal, cap=step.max_m)
        c.route = (goal, rest) if rest else None

    def _drag(self, partner: Combatant, leader_start, legs: list[LegRec]) -> None:
        """The inferior grappler follows one step behind (000 · Grappling: the pair moves together)."""
        if not legs:
            return
        points = [leader_start] + [leg.end for leg in legs[:-1]]
        trail = [partner.pos] + points
        out = [
            LegRec(kind="drag", start=tuple(a), end=tuple(b), t0=leg.t0, t1=leg.t1)
            for a, b, leg in zip(trail, trail[1:], legs)
        ]
        self.enc.place(partner, out[-1].end)
        self.record(Move(t=self.enc.env.now, who=partner.id, legs=out,
                         metres=round(sum(math.dist(l.start, l.end) for l in out), 6), budget=0.0))

    def _cached_route(self, c: Combatant, goal: tuple[float, float]) -> list[Any] | None:
        """The rest of last turn's route when it still leads (nearly) to ``goal``.

        Nobody blocks anybody's path and the map does not change, so a route
        found once stays good: it is reused while the goal has moved less than
        the slack and more than two turns of walking remain (closer in,
        a fresh path goes exactly to the goal). The slack grows with the
        distance still to go. This keeps path searches out
        of most turns of a long approach.
        """
        r = c.route
        if r is None:
            return None
        old_goal, legs = r
        if not legs:
            return None
        first = legs[0].start
        if abs(first[0] - c.x) > 1e-9 or abs(first[1] - c.y) > 1e-9 or abs(first[2] - c.z) > 1e-9:
            return None
        remaining = legs[0].length if len(legs) == 1 else sum(leg.length for leg in legs)
        if remaining <= 2 * self.walk_budget(c):
            return None
        slack = max(ROUTE_SLACK_M, ROUTE_SLACK_SHARE * remaining)
        if math.dist(old_goal, goal) <= slack:
            return legs
        return self._cut_route(c, legs, goal, slack)

    def _cut_route(self, c: Combatant, legs: list[Any], goal: tuple[float, float], slack: float) -> list[Any] | None:
        """The route up to where it passes nearest ``goal``, then straight on to it; None when
        that point is more than ``slack`` from the goal or the last stretch is not one straight walk.

        A goal that comes toward us (an enemy walking up the same way) stays near the
        route: following it that far and walking the rest straight is the way a fresh
        search would find on open ground, without the search.
        """
        gx, gy = goal
        best, best_d, best_f = -1, slack, 0.0
        for i, leg in enumerate(legs):
            if leg.kind != "walk":
                continue
            (sx, sy, _), (ex, ey, _) = leg.start, leg.end
            dx, dy = ex - sx, ey - sy
            dd = dx * dx + dy * dy
            f = 0.0 if dd <= 0.0 else min(1.0, max(0.0, ((gx - sx) * dx + (gy - sy) * dy) / dd))
            d = math.hypot(sx + dx * f - gx, sy + dy * f - gy)
            if d < best_d:
                best, best_d, best_f = i, d, f
        if best < 0:
            return None
        leg = legs[best]
        start, end = tuple(leg.start), tuple(leg.end)
        cut = (start[0] + (end[0] - start[0]) * best_f, start[1] + (end[1] - start[1]) * best_f)
        tail = self.enc.map.straight_walk(cut, goal, self.enc.mover_of(c))
        if tail is None:
            return None
        head = legs[:best]
        if best_f > 0.0:
            p = tail.start
            head.append(type(leg)(leg.kind, start, p, math.dist(start, p), leg.surface, leg.gap, leg.cost * best_f))
        return head + [tail]

    def _move_legs(self, c: Combatant, legs: list[Any], ts: _TurnState, goal, cap: float | None = None,
                   drag: bool = False) -> list[Any] | None:
        """Follow ``legs`` as far as this turn allows.

        Returns the legs still to go when the turn's movement ran out on the
        way (for :meth:`_cached_route`), ``[]`` on arrival, None when the
        route was cut short by anything else (a refused jump, a fall, a climb
        under way, a cap).
        """
        walk = self.walk_budget(c) * (DRAG_FACTOR if drag else 1.0)
        moved = 0.0
        continuing = bool(c.climbing)
        c.climb_route = []
        for n, leg in enumerate(legs):
            if leg.kind != "climb" or not continuing:
                if c.climbing:
                    self.record(State(t=self.enc.env.now, who=c.id, changes={"climbing": None}))
                c.climbing = None
                c.climb_base = None
                continuing = False
            if not c.able:
                return None
            kind = leg.kind
            left = 1.0 - ts.used
            if left <= 1e-9:
                return legs[n:]
            if cap is not None and moved >= cap - 1e-9:
                return None
            start = c.pos
            end = tuple(leg.end)
            length = math.dist(start, end)
            if length < 1e-9:
                continue
            if drag and kind not in ("walk", "swim"):
                self.say(c, f"refused: cannot {kind} while dragging {c.grapple}")
                return None
            if kind in ("walk", "swim"):
                speed = walk if kind == "walk" else self.swim_speed(c) * (DRAG_FACTOR if drag else 1.0)
                cost = self._ground_cost(start, end) if kind == "walk" else 1.0
                if speed <= 0:
                    return None
                can = left * speed / cost
                if cap is not None:
                    can = min(can, cap - moved)
                full = length
                if can < length - 1e-9:
                    f = can / length
                    ex, ey = start[0] + (end[0] - start[0]) * f, start[1] + (end[1] - start[1]) * f
                    if kind == "walk":
                        end = (ex, ey, self.enc.map.ground_height(ex, ey))
                    else:
                        end = (ex, ey, start[2] + (end[2] - start[2]) * f)
                    length = can
                self._track_run(kind, start, end, ts)
                self._add_leg(c, kind, start, end, length * cost / speed, ts)
                moved += length
                if length < full - 1e-9:
                    if cap is not None and moved >= cap - 1e-9:
                        return None
                    leg_end = tuple(leg.end)
                    rest = type(leg)(kind, end, leg_end, math.dist(end, leg_end), leg.surface, leg.gap,
                                     leg.cost * (1.0 - length / full) if full > 0 else 0.0)
                    return [rest] + legs[n + 1 :]
            elif kind == "jump":
                if not self._jump(c, leg, ts, walk):
                    return None
                moved += length
            elif kind == "climb":
                done = self._climb(c, leg, legs[n + 1 :], ts)
                if not done:
                    return None
                moved += length
            elif kind == "drop":
                if not self._drop(c, leg, ts):
                    return None
            elif kind == "fly":
                self.say(c, "refused: cannot fly")
                return None
        return []

    def _ground_cost(self, start, end) -> float:
        """Metres of movement per metre walked: 2 on rubble (slow ground), else 1."""
        mx, my = (start[0] + end[0]) / 2, (start[1] + end[1]) / 2
        return RUBBLE_COST if self.enc.map.terrain_at(mx, my) in ("rubble", "water") else 1.0

    def _track_run(self, kind: str, start, end, ts: _TurnState) -> None:
        """Keep the length of the straight run that ends where the mover stands (charging, running starts)."""
        dx, dy = end[0] - start[0], end[1] - start[1]
        d = math.hypot(dx, dy)
        if kind != "walk" or d < 1e-9:
            ts.run_len = 0.0
            return
        u = (dx / d, dy / d)
        run_end = ts.run_end
        contiguous = abs(run_end[0] - start[0]) <= 1e-6 and abs(run_end[1] - start[1]) <= 1e-6
        if contiguous and ts.run_len > 0 and u[0] * ts.run_dir[0] + u[1] * ts.run_dir[1] > 0.9999:
            ts.run_len += d
        else:
            ts.run_len = d
            ts.run_dir = u
        ts.run_end = (end[0], end[1])

    def _jump(self, c: Combatant, leg: Any, ts: _TurnState, walk: float) -> bool:
        """A jump over a gap or up onto something (000 · Movement · Jumping; DECISIONS · Jumping)."""
        ch = c.character
        start, end = c.pos, tuple(leg.end)
        dx, dy = end[0] - start[0], end[1] - start[1]
        d = math.hypot(dx, dy)
        rise = end[2] - start[2]
        u = (dx / d, dy / d) if d > 1e-9 else (0.0, 0.0)
        running_start = ts.run_len >= RUNNING_START_M - 1e-9 and u[0] * ts.run_dir[0] + u[1] * ts.run_dir[1] > 0.99
        longest, highest = self.rules.max_jump(ch.running, running_start)
        gap = leg.gap if leg.gap is not None else d
        needed, limit = (rise, highest) if rise > 0.01 and (leg.gap or 0) <= 0 else (gap, longest)
        if needed > limit + 1e-9:
            self.say(c, f"refused: a {needed:.1f} m jump is beyond the {limit:.1f} m {'with' if running_start else 'without'} a running start")
            return False
        spend = gap if (leg.gap or 0) > 0 else d
        if walk <= 0 or (1.0 - ts.used) * walk < spend - 1e-9:
            return False
        roll = None
        ok = True
        if self.rules.jump_needs_roll(needed, limit):
            roll = self.success_roll(c, "acrobatics: jump", [("acrobatics", ch.ability("acrobatics"))], [("near-limit jump", JUMP_ROLL_DIFFICULTY)])
            ok = roll.success
        self.record(Jump(t=self.enc.env.now, who=c.id, distance=round(needed, 6), max_distance=float(limit), running_start=running_start, roll=roll, success=ok))
        if ok:
            ts.run_len = 0.0
            self._add_leg(c, "jump", start, end, spend / walk, ts)
            return True
        if rise > 0.01 and (leg.gap or 0) <= 0:
            # did not gain the height: stays where it was
            return False
        mid = (start[0] + dx / 2, start[1] + dy / 2)
        bottom = self.enc.map.ground_height(*mid)
        self._add_leg(c, "jump", start, (mid[0], mid[1], start[2]), spend / 2 / walk, ts)
        self._fall(c, (mid[0], mid[1], bottom), JUMP_ROLL_DIFFICULTY, "failed jump", ts)
        return False

    def _climb(self, c: Combatant, leg: Any, later: list[Any], ts: _TurnState) -> bool:
        """Climb along a face: one roll per turn; failure falls (000 · Movement · Climbing)."""
        ch = c.character
        surface = leg.surface or "handholds"
        difficulty, per_turn = self.rules.climb_profile(surface, ch.running)
        if not c.climbing:
            c.climb_base = min((tuple(leg.start), tuple(leg.end)), key=lambda p: p[2])
        if ts.climbed_roll is None:
            roll = self.success_roll(c, f"climbing: {surface}", [("climbing", ch.ability("climbing"))], [(surface, difficulty)])
            ts.climbed_roll = roll.success
            if not roll.success:
                self.record(Climb(t=self.enc.env.now, who=c.id, surface=surface, metres=0.0, roll=roll, success=False))
                lower = c.climb_base or min((tuple(leg.start), tuple(leg.end)), key=lambda p: p[2])
                if c.z - lower[2] >= SLIP_M:
                    self._fall(c, lower, difficulty, f"lost grip on {surface}", ts)
                else:
                    c.climbing = None
                    c.climb_base = None
                    c.climb_route = []
                    ts.used = 1.0
                return False
            self.record(Climb(t=self.enc.env.now, who=c.id, surface=surface, metres=round(math.dist(c.pos, tuple(leg.end)), 6), roll=roll, success=True))
        elif ts.climbed_roll is False:
            return False
        start, end = c.pos, tuple(leg.end)
        length = math.dist(start, end)
        can = (1.0 - ts.used) * per_turn
        if can < length - 1e-9:
            f = can / length
            mid = tuple(s + (e - s) * f for s, e in zip(start, end))
            self._add_leg(c, "climb", start, mid, can / per_turn, ts)
            c.climbing = surface
            rest_leg = type(leg)(kind="climb", start=mid, end=end, length=length - can, surface=surface)
            c.climb_route = [rest_leg] + [lg for lg in later if lg.kind == "climb"][:0]
            self.record(State(t=self.enc.env.now, who=c.id, changes={"climbing": surface}))
            ts.used = 1.0
            return False
        self._add_leg(c, "climb", start, end, length / per_turn, ts)
        ts.run_len = 0.0
        if c.climbing:
            self.record(State(t=self.enc.env.now, who=c.id, changes={"climbing": None}))
        c.climbing = None
        c.climb_base = None
        return True

    def _drop(self, c: Combatant, leg: Any, ts: _TurnState) -> bool:
        """A voluntary drop: free up to the highest jump, otherwise a fall (docs/engine.md)."""
        start, end = c.pos, tuple(leg.end)
        h = start[2] - end[2]
        _, highest = self.rules.max_jump(c.character.running, True)
        if h <= highest + 1e-9:
            self._add_leg(c, "drop", start, end, 0.0, ts, seconds=SAFE_DROP_SECONDS)
            return True
        self._fall(c, end, 10, "dropped down", ts)
        return c.able

    def _fall(self, c: Combatant, land: tuple[float, float, float], difficulty: int, cause: str, ts: _TurnState) -> None:
        """Fall from where ``c`` is to ``land`` and take what the fall gives (DECISIONS · Falls)."""
        start = c.pos
        h = max(0.0, start[2] - land[2])
        terrain = self.enc.map.terrain_at(land[0], land[1])
        depth = 0.0
        if terrain == "water":
            try:
                col, row = self.enc.map.cell_of(land[0], land[1])
                depth = float(self.enc.map.depths[row][col])
            except Exception:  # pragma: no cover - map without depths
                depth = 0.0
        into_water = depth >= 1.0
        severity = self.rules.fall_severity(h, into_water)
        die = self.enc.dice.d20() if severity != "knockdown" else None
        res = self.rules.resolve_fall(c.character, h, die, difficulty=difficulty, into_water=into_water)
        rec = None
        if res.roll is not None:
            r = res.roll
            rec = RollRec(
                die=r.die,
                total=r.total,
                difficulty=r.difficulty,
                success=r.success,
                modifiers=[(m[0], int(m[1])) for m in r.modifiers],
                difficulty_mods=[(m[0], int(m[1])) for m in r.difficulty_mods],
            )
        secs = math.sqrt(2 * h / FALL_G) if h > 0 else 0.2
        rs = self.enc.options.round_seconds
        t0 = ts.t + ts.used * rs
        ts.legs.append(LegRec(kind="fall", start=start, end=land, t0=t0, t1=t0 + secs))
        self.enc.place(c, land)
        c.climbing = None
        c.climb_base = None
        c.climb_route = []
        was_flying = c.flying
        c.flying = False
        c.airspeed = float(c.character.airspeed)
        c.posture = "on_the_ground"
        ts.used = 1.0
        ts.run_len = 0.0
        self.record(
            Fall(
                t=self.enc.env.now,
                who=c.id,
                height=round(h, 6),
                severity=severity,
                start=start,
                end=land,
                cause=cause,
                roll=rec,
                damage=res.damage,
                stun=res.stun,
                into_water=into_water,
            )
        )
        changes: dict[str, Any] = {"posture": "on_the_ground", "climbing": None}
        if was_flying:
            changes["flying"] = False
            changes["airspeed"] = c.airspeed
        self.record(State(t=self.enc.env.now, who=c.id, changes=changes))
        self._harm(c, res.stun, res.damage, f"fall ({severity}, {h:.1f} m)", may_fall=False)

    def _fly(self, c: Combatant, step: MoveTo, ts: _TurnState) -> None:
        """Fly toward ``step`` within airspeed; climbing costs airspeed, diving gives it (000 · Movement · Flying)."""
        ch = c.character
        tmap = self.enc.map
        base = float(ch.airspeed)
        cur = c.airspeed
        start = c.pos
        wants_down = step.z is not None and step.z < start[2] - 1e-6
        left = (1.0 - ts.used) * (max(cur, base / 2) if wants_down else cur)
        if left <= 1e-9:
            return
        ground_here = tmap.ground_height(step.x, step.y)
        tz = step.z if step.z is not None else start[2]
        tz = max(tz, ground_here)
        dz = tz - start[2]
        half = base / 2
        dz = min(dz, half, cur) if dz > 0 else max(dz, -half)
        if dz > 0 and cur <= 0:
            dz = 0.0
        if abs(dz) > left:
            dz = math.copysign(left, dz)
        if step.max_m is not None:
            left = min(left, max(0.0, step.max_m))
            if abs(dz) > left:
                dz = math.copysign(left, dz)
        horiz_left = math.sqrt(max(0.0, left * left - dz * dz))
        hx, hy = step.x - start[0], step.y - start[1]
        hd = math.hypot(hx, hy)
        f = 1.0 if hd <= horiz_left else horiz_left / hd
        end = (start[0] + hx * f, start[1] + hy * f, start[2] + dz)
        # never through or into a wall taller than the flight
        if not tmap.line_of_sight(start, end):
            lo, hi = 0.0, 1.0
            for _ in range(12):
                mid = (lo + hi) / 2
                p = tuple(s + (e - s) * mid for s, e in zip(start, end))
                if tmap.line_of_sight(start, p):
                    lo = mid
                else:
                    hi = mid
            end = tuple(s + (e - s) * lo * 0.98 for s, e in zip(start, end))
        g = tmap.ground_height(end[0], end[1])
        if end[2] < g:
            end = (end[0], end[1], g)
        length = math.dist(start, end)
        if length < 1e-9:
            return
        climbed = max(0.0, end[2] - start[2])
        dived = max(0.0, start[2] - end[2])
        before = c.airspeed
        landed = end[2] <= g + 1e-6 and step.z is not None and step.z <= ground_here + 1e-6
        if landed:
            after = base
        else:
            after = self.rules.airspeed_after(cur, base, climbed_m=climbed, descended_m=dived)
        self._add_leg(c, "fly", start, end, min(1.0 - ts.used, length / left * (1.0 - ts.used)), ts)
        ts.run_len = 0.0
        was = c.flying
        c.flying = not landed
        c.airspeed = after
        self.record(Fly(t=self.enc.env.now, who=c.id, ascended=round(climbed, 6), descended=round(dived, 6), airspeed_before=before, airspeed_after=after, z=round(end[2], 6)))
        if was != c.flying:
            self.record(State(t=self.enc.env.now, who=c.id, changes={"flying": c.flying, "airspeed": after}))

    # -- actions -----------------------------------------------------------
    def _act(self, c: Combatant, step: Act, ts: _TurnState) -> None:
        spec = self.rules.actions.get(step.action)
        if spec is None:
            self.say(c, f"refused: unknown action {step.action!r}")
            return
        if ts.single or ts.actions >= ts.allowed or (ts.actions >= 1 and not spec.quick):
            why = "a combo holds only quick actions" if ts.actions and not spec.quick else "no actions left this turn"
            self.say(c, f"refused: {spec.name}: {why}")
            return
        if c.climbing and ts.actions >= 1:
            self.say(c, "refused: a climber does one quick action per turn")
            return
        if c.drawn and spec.name not in ("quick shot", "strategic shot", "cautious shot", "aim"):
            c.drawn = None  # lets the bow down to do anything else
        ch = c.character
        weapon = None
        if step.weapon:
            try:
                weapon = ch.weapon(step.weapon)
            except KeyError:
                self.say(c, f"refused: {c.name} has no weapon {step.weapon!r}")
                return
        unwieldy = bool(weapon is not None and ch.unwieldy(weapon))
        allowed = (spec.name, c.health, c.posture, c.grappling, ch.encumbrance != "none", unwieldy)
        verdict = self._allowed.get(allowed)
        if verdict is None:
            verdict = self._allowed[allowed] = self.rules.can_do(spec, *allowed[1:5], unwieldy=unwieldy)
        ok, why = verdict
        if not ok:
            self.say(c, f"refused: {spec.name}: {why}")
            return
        ts.actions += 1
        ts.single = not spec.quick
        if spec.kind == "other":
            self._other(c, spec, weapon, step, ts)
            return
        target = self.enc.combatants.get(step.target or "")
        if target is None or not target.present:
            self.say(c, f"refused: {spec.name}: no target {step.target!r}")
            return
        if not target.able:
            self.say(c, f"refused: {spec.name}: {target.name} is already out of the fight")
            return
        self._attack(c, spec, weapon, target, step, ts)

    def _other(self, c: Combatant, spec: Any, weapon: Any, step: Act, ts: _TurnState) -> None:
        now = self.enc.env.now
        changes: dict[str, Any] = {}
        name = spec.name
        if name == "drop":
            c.posture = "on_the_ground"
            changes["posture"] = c.posture
        elif name in ("stand", "instant stand"):
            c.posture = "standing"
            changes["posture"] = c.posture
        elif name == "rest":
            before = c.health
            c.set_stun(self.rules.rest(c.stun))
            if c.health != before:
                self.enc.health_changed(before, c.health)
            changes.update(stun=c.stun, health=c.health)
        elif name == "aim":
            c.aim_bonus = 5
            changes["aiming"] = True
        elif name == "draw":
            w = weapon or next((w for w in c.character.weapons if w.kind == "bow"), None)
            if w is None or not c.character.can_draw(w):
                self.say(c, "refused: draw: no bow this character can draw")
                return
            c.drawn = w.name
            changes["drawn"] = True
        elif name == "load":
            w = weapon or next((w for w in c.character.weapons if w.kind == "gun"), None)
            if w is not None:
                c.shots_left[w.name] = w.shots or 1
        elif name == "unload":
            w = weapon or next((w for w in c.character.weapons if w.kind == "gun"), None)
            if w is not None:
                c.shots_left[w.name] = 0
        elif name == "cover":
            if c.covering is None:
                self._covering += 1
            c.covering = step.target
        if spec.defense_bonus_until_next_turn:
            c.defense_bonus.append(Modifier(name, spec.defense_bonus_until_next_turn))
            changes["defense_bonus"] = c.defense_bonus_total()
        if changes:
            self.record(State(t=now, who=c.id, changes=changes))

    def _default_weapon(self, c: Combatant, kind: str) -> Any:
        ch = c.character
        wanted = {"strike": ("hand", "natural"), "throw": ("thrown",), "shot": ("bow", "gun"), "grapple": ()}[kind]
        best = None
        for w in ch.weapons:
            if w.kind in wanted and w.name not in c.spent:
                if best is None or ch.power_with(w) > ch.power_with(best):
                    best = w
        return best

    def _attack(self, c: Combatant, spec: Any, weapon: Any, target: Combatant, step: Act, ts: _TurnState) -> None:
        enc = self.enc
        tmap = enc.map
        kind = spec.kind
        if weapon is None and kind != "grapple":
            weapon = self._default_weapon(c, kind)
            if weapon is None:
                self.say(c, f"refused: {spec.name}: no weapon for it")
                return
        flat = math.hypot(c.x - target.x, c.y - target.y)
        melee = kind in ("strike", "grapple")
        if melee and (flat > MELEE_REACH_M or abs(c.z - target.z) > MELEE_REACH_UP_M):
            self.say(c, f"refused: {spec.name}: {target.name} is out of reach ({flat:.1f} m)")
            return
        dist = math.dist(c.pos, target.pos)
        attack_mods: list[Modifier] = []
        diff_mods: list[Modifier] = []
        from_above = c.z >= target.z + 1.0
        light = tmap.light_at(target.x, target.y)
        if not melee:
            if weapon.name in c.spent:
                self.say(c, f"refused: {spec.name}: {weapon.name} was already thrown")
                return
            if weapon.kind == "bow" and spec.name != "draw and fire" and c.drawn != weapon.name:
                self.say(c, f"refused: {spec.name}: {weapon.name} is not drawn")
                return
            if weapon.kind == "bow" and not c.character.can_draw(weapon):
                self.say(c, f"refused: {spec.name}: {weapon.name} is too heavy to draw")
                return
            if weapon.kind == "gun" and weapon.name in c.shots_left and c.shots_left[weapon.name] <= 0:
                self.say(c, f"refused: {spec.name}: {weapon.name} is not loaded")
                return
            max_r = enc.max_range(c, weapon, spec.name)
            if max_r <= 0 or dist > max_r:
                self.say(c, f"refused: {spec.name}: {target.name} is beyond {max_r:.0f} m ({dist:.1f} m)")
                return
            if not tmap.line_of_sight(eye(c), eye(target)):
                self.say(c, f"refused: {spec.name}: no line of sight to {target.name}")
                return
            rd = self.rules.range_difficulty(dist, max_r)
            if rd:
                diff_mods.append(Modifier(f"range {dist:.0f} m", rd))
        if not c.character.blind:
            dd = self.rules.darkness_difficulty(light, ATTACK_KIND_FOR_DARKNESS[kind])
            if dd:
                diff_mods.append(Modifier(f"{light} light", dd))
        # stances and positions (000 · Stance and Position)
        partner = c.grapple == target.id
        aiming = bool(c.aim_bonus) and kind in ("shot", "throw") and not c.grappling
        attack_mods.extend(self._stance(c.posture, c.grapple_role if c.grappling else None, kind, "attack",
                                        partner, from_above, aiming))
        diff_mods.extend(self._stance(target.posture, target.grapple_role if target.grappling else None, kind,
                                      "defense", partner, from_above, False))
        c.aim_bonus = 0
        att_swims, def_swims = self._swimming(c), self._swimming(target)
        if kind in ("strike", "grapple"):
            # 000 · Movement · Swimming: swimming adds to striking and grappling, and to defense against them
            if att_swims and c.character.swimming:
                attack_mods.append(Modifier("swimming", c.character.swimming))
            if def_swims and target.character.swimming:
                diff_mods.append(Modifier("swimming", target.character.swimming))
        if target.defense_bonus:
            diff_mods.extend(Modifier(s, v) for s, v in target.defense_bonus)
        defense = None
        coverer = None
        for other in enc.order if self._covering else ():
            if other.covering == target.id and other.able and other.id != target.id and other.team == target.team:
                coverer = other
                break
        if coverer is not None and kind == "strike":
            defense = Modifier(f"{coverer.name} covering", coverer.character.melee_defense + 5)
        charge_m = 0.0
        if enc.options.charging and kind in ("strike", "grapple") and ts.run_len > 5.0:
            charge_m = ts.run_len
        roll = enc.dice.d20()
        res = self.rules.resolve_attack(
            c.character,
            weapon,
            spec,
            target.character,
            roll,
            attack_mods=tuple(attack_mods),
            difficulty_mods=tuple(diff_mods),
            defense=defense,
            avoid_armor=tuple(step.avoid_armor),
            charge_m=charge_m,
            in_water=att_swims,
            options=enc.rule_options,
        )
        ts.run_len = 0.0
        enc.note_activity()
        if weapon is not None and spec.kind == "throw":
            c.thrown[weapon.name] = c.thrown.get(weapon.name, 0) + 1
            if c.thrown[weapon.name] >= max(1, weapon.count):
                c.spent.add(weapon.name)
        if weapon is not None and weapon.kind == "bow":
            c.drawn = None
        if weapon is not None and weapon.kind == "gun" and weapon.name in c.shots_left:
            c.shots_left[weapon.name] -= 1
        if spec.defense_bonus_until_next_turn:
            c.defense_bonus.append(Modifier(spec.name, spec.defense_bonus_until_next_turn))
        rec = RollRec(
            die=roll,
            total=roll + res.attack,
            difficulty=res.difficulty,
            success=res.hit,
            modifiers=[(m[0], int(m[1])) for m in res.attack_mods],
            difficulty_mods=[(m[0], int(m[1])) for m in res.difficulty_mods],
        )
        victim = target
        if coverer is not None and not res.hit and kind == "strike":
            victim = coverer
        if res.hit:
            c.hits += 1
        else:
            c.misses += 1
        self.record(
            Attack(
                t=enc.env.now,
                who=c.id,
                target=target.id,
                action=spec.name,
                weapon=res.weapon,
                roll=rec,
                hit=res.hit,
                power=res.power,
                absorbed=res.absorbed,
                damage=res.damage,
                stun=res.stun,
                distance=round(dist, 6),
                light=light,
                counter=ts.countering,
                charge_m=round(charge_m, 6),
            )
        )
        if res.hit:
            self._harm(target, res.stun, res.damage, f"{spec.name} by {c.name}")
            if kind == "grapple":
                self._grapple_effect(c, target, spec)
        elif victim is not target:
            res2 = self.rules.resolve_attack(c.character, weapon, spec, victim.character, 20, options=enc.rule_options)
            self._harm(victim, res2.stun, res2.damage, f"{spec.name} by {c.name} (covering {target.name})")

    def _stance(self, posture: str, grapple: str | None, kind: str, role: str, partner: bool,
                from_above: bool, aiming: bool) -> tuple[Modifier, ...]:
        """The ruleset's stance modifiers, looked up once per combination (a handful per fight)."""
        key = (posture, grapple, kind, role, partner, from_above, aiming)
        got = self._stances.get(key)
        if got is None:
            got = self._stances[key] = tuple(self.rules.stance_modifiers(
                posture, grapple, kind, role=role, vs_grapple_partner=partner, from_above=from_above, aiming=aiming))
        return got

    def _swimming(self, c: Combatant) -> bool:
        """In water too deep to wade (and not flying over it)."""
        if c.flying:
            return False
        tmap = self.enc.map
        return tmap.terrain_at(c.x, c.y) == "water" and tmap.depth_at(c.x, c.y) >= WADE_DEPTH_M

    def _grapple_effect(self, c: Combatant, target: Combatant, spec: Any) -> None:
        """Positions after a successful grappling action (000 · Grappling)."""
        now = self.enc.env.now
        if not target.able:
            return
        if spec.name in ("push", "trip"):
            ch = target.character
            best = max(ch.grapple_attack - ch.agility - ch.strength, ch.ability("acrobatics"))
            r = self.success_roll(target, "keep balance", [("grapple or acrobatics", best)], [("off balance", KEEP_BALANCE)])
            if not r.success:
                target.posture = "on_the_ground"
                self.record(State(t=now, who=target.id, changes={"posture": "on_the_ground"}))
            return
        if spec.name == "slam":
            target.posture = "on_the_ground"
            self.record(State(t=now, who=target.id, changes={"posture": "on_the_ground"}))
        c.grapple, target.grapple = target.id, c.id
        c.grapple_role, target.grapple_role = "dominant", "inferior"
        self.record(State(t=now, who=c.id, changes={"grapple": target.id, "grapple_role": "dominant"}))
        self.record(State(t=now, who=target.id, changes={"grapple": c.id, "grapple_role": "inferior"}))

    def _harm(self, c: Combatant, stun: int, damage: int, source: str, may_fall: bool = True) -> None:
        if stun <= 0 and damage <= 0:
            return
        now = self.enc.env.now
        before = c.health
        c.take(stun=stun, damage=damage)
        if c.health != before:
            self.enc.health_changed(before, c.health)
        self.record(
            Damage(t=now, who=c.id, stun=stun, damage=damage, total_stun=c.stun, total_damage=c.damage, health=c.health, source=source)
        )
        if c.health == "incapacitated" and before != "incapacitated":
            c.incapacitated_at = now
            c.counter_ready = False
            changes: dict[str, Any] = {"active": False}
            if c.grapple:
                other = self.enc.combatants.get(c.grapple)
                if other is not None:
                    other.grapple = None
                    other.grapple_role = None
                    self.record(State(t=now, who=other.id, changes={"grapple": None, "grapple_role": None}))
                c.grapple = None
                c.grapple_role = None
                changes.update(grapple=None, grapple_role=None)
            self.record(State(t=now, who=c.id, changes=changes))
            if may_fall and (c.flying or c.climbing):
                ts = _TurnState(t=now)
                ground = self.enc.map.ground_height(c.x, c.y)
                self._fall(c, (c.x, c.y, ground), 10, "incapacitated in the air" if c.flying else "incapacitated while climbing", ts)
                if ts.legs:
                    self.record(Move(t=now, who=c.id, legs=ts.legs, metres=round(ts.metres, 6), budget=0.0))

    # -- the referee's question --------------------------------------------
    def stall_reason(self) -> str:
        enc = self.enc
        able = [c for c in enc.order if c.able]
        for c in able:
            if c.character.airspeed > 0:
                return f"stalemate: nobody attacked or moved for {enc.options.stall_rounds} rounds"
            mover = enc.mover_of(c)
            for o in able:
                if o.team != c.team and enc.map.path(c.pos, (o.x, o.y), mover) is not None:
                    return f"stalemate: nobody attacked or moved for {enc.options.stall_rounds} rounds"
        return "no path: the teams cannot reach each other"
