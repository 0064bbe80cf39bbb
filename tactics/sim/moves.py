"""Ground movement within a turn: following a path leg by leg until the turn's movement is spent.

A leg of ``L`` metres at ``v`` metres per turn uses ``L / v`` of the turn,
whatever the mix of walking, swimming, climbing and flying (000 · Movement:
the total may not exceed running, swimming or airspeed); the speeds are the
turn's budget, the ruleset's numbers. Rubble and wading cost two metres per
metre. Legs are timed from the turn's instant so a replay animates them.

Routes are remembered: nobody blocks anybody's path and the map never
changes, so the rest of last turn's route is followed while the goal moved
less than the slack (:meth:`Moves._cached_route`); a goal that came toward
the mover keeps the route up to its nearest point and walks straight on.

The straight run that ends where the mover stands is tracked
(:meth:`Moves._track_run`): charging and running starts read it::

    >>> ROUTE_SLACK_M, RUBBLE_COST
    (4.0, 2.0)
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from tactics.replay.schema import LegRec, Move, State
from tactics.sim.rounding import round6
from tactics.sim.runup import lined_up

if TYPE_CHECKING:
    from tactics.sim.combatant import Combatant
    from tactics.sim.plan import MoveTo
    from tactics.sim.turn import TurnState

ROUTE_SLACK_M = 4.0
"""How far a goal may move before a route found on an earlier turn is searched again..."""
ROUTE_SLACK_SHARE = 0.3
"""...or this share of the route still to go, when that is more (far goals drift more)."""
DRAG_FACTOR = 0.5
"""A pair locked together moves at half the leader's movement (docs/engine.md)."""
RUBBLE_COST = 2.0
"""Rubble and wading are slow ground: each metre costs two (docs/maps.md)."""


class Moves:
    """Walking, swimming and dragging a partner for :class:`~tactics.sim.turn.TurnRunner`."""

    def _flush_move(self, c: Combatant, ts: TurnState) -> None:
        if ts.legs:
            enc = self.enc
            ev = Move(t=enc.env.now, who=c.id, legs=ts.legs, metres=round6(ts.metres), budget=round6(1.0 - ts.used))
            enc.events.append(ev)  # self.record(ev), inline (once per move)
            if enc._passengers:
                enc.echo_move(ev)
            ts.legs = []
            ts.metres = 0.0
            enc._last_activity = enc.env.now  # enc.note_activity(), inline (once per move)

    def _add_leg(self, c: Combatant, kind: str, start, end, fraction: float, ts: TurnState, seconds: float | None = None) -> None:
        """A leg using ``fraction`` of the turn's movement, timed from where the turn has got to.

        A drop (``seconds`` given) or a fall takes its own time and spends none of the turn's
        movement; no leg starts before the drop or fall it follows has landed
        (``c.landed_at``, kept across turns: a long fall) nor before the leg before it in
        the move ends. Legs keep their length in time (their speed)::

            drop 0.1-0.5 s, then a walk planned for 0.1-0.3 s  ->  walk 0.5-0.7 s
        """
        rs = self.enc.options.round_seconds
        t0 = ts.t + ts.used * rs
        if c.landed_at > t0:
            t0 = c.landed_at
        if ts.legs and ts.legs[-1].t1 > t0 + 1e-9:  # (not a rounding difference: replays stay as they were)
            t0 = ts.legs[-1].t1
        t1 = t0 + (fraction * rs if seconds is None else seconds)
        if seconds is not None:
            c.landed_at = t1
        ts.used = min(1.0, ts.used + fraction)
        ts.legs.append(LegRec(kind=kind, start=tuple(start), end=tuple(end), t0=t0, t1=t1))
        d = math.dist(start, end)
        ts.metres += d
        ts.metres_total += d
        dx, dy = end[0] - start[0], end[1] - start[1]
        if abs(dx) > 1e-9 or abs(dy) > 1e-9:
            c.facing = math.atan2(dy, dx)
        self.enc.place(c, end)

    def _move(self, c: Combatant, step: MoveTo, ts: TurnState) -> None:
        partner = self.enc.combatants.get(c.partner) if c.partner is not None else None
        if partner is not None:
            why = self.move_refusal(c)
            if why:
                self.say(c, f"refused: {why}")
                return
        if ts.used >= 1.0 - 1e-9:
            return
        if (c.flying or (step.z is not None and step.z > c.z + 0.01)) and ts.air > 0:
            self._fly(c, step, ts)
            return
        tmap = self.enc.map
        goal = (step.x, step.y)
        kept = self._cached_route(c, goal, ts)
        if kept is None:
            dest, legs = goal, tmap.path(c.pos, goal, self.enc.mover_of(c))
        else:
            dest, legs = kept
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
        legs = list(legs)
        if len(legs) > 1 or legs and legs[0].kind != "walk":  # (one walk leg has no jump to line up)
            legs = lined_up(self, c, legs, ts)  # a straight run-up into long jumps (tactics.sim.runup)
        rest = self._move_legs(c, legs, ts, goal=goal, cap=step.max_m)
        c.route = (dest, rest) if rest else None  # where these legs lead, not the goal asked

    def _drag(self, partner: Combatant, leader_start, legs: list[LegRec]) -> None:
        """The partner follows one step behind (a locked pair moves together, docs/engine.md)."""
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

    def _cached_route(self, c: Combatant, goal: tuple[float, float],
                      ts: TurnState | None = None) -> tuple[tuple[float, float], list[Any]] | None:
        """Where the rest of last turn's route leads and its legs, when it still leads (nearly) to ``goal``.

        Nobody blocks anybody's path and the map does not change, so a route
        found once stays good: it is reused while the goal has moved less than
        the slack and more than two turns of walking remain (closer in,
        a fresh path goes exactly to the goal). The slack grows with the
        distance still to go. This keeps path searches out
        of most turns of a long approach.

        The slack is measured from where the kept legs end, which is what
        :meth:`_move` remembers: were it the goal asked each turn, a goal
        moving a little every turn would drift away from legs that still lead
        to the first one, and the mover would walk on toward a point it was
        never asked to reach.
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
        remaining = 0  # sum(leg.length for leg in legs), the same float, without a generator's frames
        for leg in legs:
            remaining += leg.length
        if remaining <= 2 * (ts.budget.walk_m if ts is not None else self.enc.walk_budget(c)):
            return None
        slack = max(ROUTE_SLACK_M, ROUTE_SLACK_SHARE * remaining)
        if math.dist(old_goal, goal) <= slack:
            return old_goal, legs
        cut = self._cut_route(c, legs, goal, slack)
        return None if cut is None else (goal, cut)

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

    def _move_legs(self, c: Combatant, legs: list[Any], ts: TurnState, goal, cap: float | None = None,
                   drag: bool = False) -> list[Any] | None:
        """Follow ``legs`` as far as this turn allows.

        Returns the legs still to go when the turn's movement ran out on the
        way (for :meth:`_cached_route`), ``[]`` on arrival, None when the
        route was cut short by anything else (a refused jump, a fall, a climb
        under way, a cap).
        """
        walk = ts.budget.walk_m * (DRAG_FACTOR if drag else 1.0)
        tmap = self.enc.map
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
            start = (c.x, c.y, c.z)  # c.pos, without the property call
            end = tuple(leg.end)
            length = math.dist(start, end)
            if length < 1e-9:
                continue
            if drag and kind not in ("walk", "swim"):
                self.say(c, f"refused: cannot {kind} while dragging {c.partner}")
                return None
            if kind in ("walk", "swim"):
                speed = walk if kind == "walk" else ts.budget.swim_m * (DRAG_FACTOR if drag else 1.0)
                if kind == "walk":  # rubble and wading cost two metres a metre (docs/maps.md)
                    cost = (RUBBLE_COST if tmap.terrain_at((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
                            in ("rubble", "water") else 1.0)
                else:
                    cost = 1.0
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
                        end = (ex, ey, tmap.ground_height(ex, ey))
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

    def _track_run(self, kind: str, start, end, ts: TurnState) -> None:
        """Keep the length of the straight run that ends where the mover stands (charging, running starts)."""
        dx, dy = end[0] - start[0], end[1] - start[1]
        d = math.hypot(dx, dy)
        if kind != "walk" or d < 1e-9:
            ts.run_m = 0.0
            ts.lead_m = 0.0
            return
        u = (dx / d, dy / d)
        run_end = ts.run_end
        contiguous = abs(run_end[0] - start[0]) <= 1e-6 and abs(run_end[1] - start[1]) <= 1e-6
        if contiguous and ts.run_m > 0 and u[0] * ts.run_dir[0] + u[1] * ts.run_dir[1] > 0.9999:
            ts.run_m += d
        else:
            ts.run_m = d
            ts.run_dir = u
        ts.run_end = (end[0], end[1])
        lead_end = ts.lead_end
        if (ts.lead_m > 0 and abs(lead_end[0] - start[0]) <= 1e-6 and abs(lead_end[1] - start[1]) <= 1e-6
                and u[0] * ts.lead_dir[0] + u[1] * ts.lead_dir[1] > 0.9999):
            ts.lead_m += d  # the run begun last turn goes on (a running start, DECISIONS · More rulings)
            ts.lead_end = (end[0], end[1])
        else:
            ts.lead_m = 0.0
