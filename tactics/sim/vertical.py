"""Up and down: jumps, climbs, voluntary drops, falls and flight, leg by leg.

The engine moves; the ruleset prices. A jump asks the ruleset its limits
and whether it needs a roll; a climb asks the surface's difficulty and
speed and rolls once per turn spent climbing; a fall asks what the fall did
(severity, roll, harm). The geometry is the map's: landing heights, water
depth, walls a flight may not pass. Legs are timed within the turn so a
replay animates them: a fall lasts ``sqrt(2 h / g)``, a safe drop 0.4 s::

    >>> round(math.sqrt(2 * 6.0 / FALL_G), 2)     # a 6 m fall
    1.11

Sources by step: jumping and climbing (000 · Movement · Jumping, Climbing;
DECISIONS · Jumping), falls (DECISIONS · Falls from a height), flying
(000 · Movement · Flying; DECISIONS · Movement · Flying).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from tactics.replay.schema import Climb, Fall, Fly, Jump, LegRec, State
from tactics.rules.effects import Check
from tactics.sim.apply import rollrec

if TYPE_CHECKING:
    from tactics.sim.combatant import Combatant
    from tactics.sim.plan import MoveTo
    from tactics.sim.turn import TurnState

RUNNING_START_M = 2.0
"""Straight metres toward the take-off that make a running start (DECISIONS · Jumping)."""
SAFE_DROP_SECONDS = 0.4
FALL_G = 9.81
SLIP_M = 0.5
"""A climber who loses grip lower than this above the foot of the climb just slips off, unharmed."""
EDGE_M = 0.01
"""How far inside the map's edge a flight toward a point beyond it stops."""


def as_check(c: Combatant, purpose: str, got: Any) -> Check:
    """A ruleset's check as a :class:`Check` (a bare roll record is named ``purpose``)."""
    return got if isinstance(got, Check) else Check(c.id, purpose, got)


Point = tuple[float, float, float]


def face_path(tmap: Any, start: Point, end: Point) -> list[tuple[float, Point]]:
    """Where a climber is from ``start`` to ``end``, as ``(share of the climb, point)`` pairs.

    The height climbed is the straight leg's (so a fall from part way is as high as ever),
    but where the straight line would run inside the rock (below the ground of the cell it
    crosses) the climber stays on that cell's face: on the edge it came from when climbing
    up, the edge it goes to when climbing down. Stepping onto or off the top takes no time::

        >>> from tactics.map import TacticalMap
        >>> m = TacticalMap.from_grid(["..^^"], heights=["0055"])
        >>> face_path(m, (3.0, 1.0, 0.0), (5.0, 1.0, 5.0))
        [(0.0, (3.0, 1.0, 0.0)), (0.5, (4.0, 1.0, 2.5)), (1.0, (4.0, 1.0, 5.0)), (1.0, (5.0, 1.0, 5.0))]
        >>> face_path(m, (5.0, 1.0, 5.0), (3.0, 1.0, 0.0))
        [(0.0, (5.0, 1.0, 5.0)), (0.0, (4.0, 1.0, 5.0)), (0.5, (4.0, 1.0, 2.5)), (1.0, (3.0, 1.0, 0.0))]
    """
    (x0, y0, z0), (x1, y1, z1) = start, end
    dx, dy, dz = x1 - x0, y1 - y0, z1 - z0
    d = math.hypot(dx, dy)
    if d < 1e-9 or abs(dz) < 1e-9:
        return [(0.0, start), (1.0, end)]
    s = tmap.cell_size
    cuts = {0.0, 1.0}
    for a, b in ((x0, x1), (y0, y1)):
        if abs(b - a) > 1e-12:
            k0, k1 = sorted((a / s, b / s))
            for k in range(math.floor(k0) + 1, math.ceil(k1)):
                f = (k * s - a) / (b - a)
                if 1e-9 < f < 1 - 1e-9:
                    cuts.add(f)

    def at(f: float, xy_f: float | None = None) -> Point:
        g = f if xy_f is None else xy_f
        return (x0 + dx * g, y0 + dy * g, z0 + dz * f)

    out: list[tuple[float, Point]] = [(0.0, start)]
    fs = sorted(cuts)
    for fa, fb in zip(fs, fs[1:]):
        mid = (fa + fb) / 2
        ground = tmap.ground_height(x0 + dx * mid, y0 + dy * mid)
        fg = min(max((ground - z0) / dz, 0.0), 1.0)  # where the straight height meets this ground
        ia, ib = (fa, min(fb, fg)) if dz > 0 else (max(fa, fg), fb)   # the stretch inside the rock
        if ib - ia <= 1e-9 or ground <= z0 + dz * ((ia + ib) / 2) + 1e-9:
            out.append((fb, at(fb)))
            continue
        face = fa if dz > 0 else fb
        for f, p in ((ia, at(ia)), (ia, at(ia, face)), (ib, at(ib, face)), (ib, at(ib)), (fb, at(fb))):
            if math.dist(p, out[-1][1]) > 1e-9:
                out.append((f, p))
    if math.dist(out[-1][1], end) > 1e-9:
        out.append((1.0, end))
    return out


def cut_path(path: list[tuple[float, Point]], share: float) -> list[tuple[float, Point]]:
    """``path`` (from :func:`face_path`) up to ``share`` of the climb, ending where it stops."""
    out = [path[0]]
    for (fa, a), (fb, b) in zip(path, path[1:]):
        if fb >= share - 1e-12:
            if fb - fa <= 1e-12:
                return out
            g = (share - fa) / (fb - fa)
            out.append((share, tuple(p + (q - p) * g for p, q in zip(a, b))))
            return out
        out.append((fb, b))
    return out


class Vertical:
    """Jumps, climbs, drops, falls and flight for :class:`~tactics.sim.turn.TurnRunner`."""

    def _jump(self, c: Combatant, leg: Any, ts: TurnState, walk: float) -> bool:
        """A jump over a gap or up onto something (000 · Movement · Jumping; DECISIONS · Jumping)."""
        start, end = c.pos, tuple(leg.end)
        dx, dy = end[0] - start[0], end[1] - start[1]
        d = math.hypot(dx, dy)
        rise = end[2] - start[2]
        u = (dx / d, dy / d) if d > 1e-9 else (0.0, 0.0)
        running_start = ts.run_m >= RUNNING_START_M - 1e-9 and u[0] * ts.run_dir[0] + u[1] * ts.run_dir[1] > 0.99
        if not running_start and ts.lead_m >= RUNNING_START_M - 1e-9:
            # a run-up that ended the previous turn (DECISIONS · More rulings · Running start across turns)
            at = ts.lead_end
            running_start = (abs(at[0] - start[0]) <= 1e-6 and abs(at[1] - start[1]) <= 1e-6
                             and u[0] * ts.lead_dir[0] + u[1] * ts.lead_dir[1] > 0.99)
        longest, highest = self.rules.jump_limits(c, running_start)
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
        difficulty = None
        check = self.rules.jump_check(self.world, c, needed, limit)
        if check is not None:
            roll = self.record_check(as_check(c, "jump", check))
            ok = roll.success
            difficulty = roll.target
        self.record(Jump(t=self.enc.env.now, who=c.id, distance=round(needed, 6), max_distance=float(limit), running_start=running_start, roll=roll, success=ok))
        if ok:
            ts.run_m = 0.0
            ts.lead_m = 0.0
            self._add_leg(c, "jump", start, end, spend / walk, ts)
            return True
        if rise > 0.01 and (leg.gap or 0) <= 0:
            # did not gain the height: stays where it was
            return False
        mid = (start[0] + dx / 2, start[1] + dy / 2)
        bottom = self.enc.map.ground_height(*mid)
        self._add_leg(c, "jump", start, (mid[0], mid[1], start[2]), spend / 2 / walk, ts)
        self._fall(c, (mid[0], mid[1], bottom), difficulty, "failed jump", ts)
        return False

    def _climb(self, c: Combatant, leg: Any, later: list[Any], ts: TurnState) -> bool:
        """Climb along a face: one roll per turn; failure falls (000 · Movement · Climbing)."""
        surface = leg.surface or "handholds"
        difficulty, per_turn = self.rules.climb(c, surface)
        if not c.climbing:
            c.climb_base = min((tuple(leg.start), tuple(leg.end)), key=lambda p: p[2])
        if ts.climbed_roll is None:
            roll = self.record_check(as_check(c, f"climbing: {surface}", self.rules.climb_check(self.world, c, surface)))
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
        # the climb's length is the straight one (the rest of a climb begun earlier keeps its own);
        # the climber follows the face (face_path): the same time, never inside the rock
        straight = leg.length if leg.length > 0 and math.dist(tuple(leg.start), start) < 1e-9 else None
        length = straight if straight is not None else math.dist(start, end)
        path = face_path(self.enc.map, start, end)
        can = (1.0 - ts.used) * per_turn
        if can < length - 1e-9:
            head = cut_path(path, can / length)
            mid = head[-1][1]
            self._add_path(c, head, can / per_turn, ts)
            c.climbing = surface
            rest_leg = type(leg)(kind="climb", start=mid, end=end, length=length - can, surface=surface)
            c.climb_route = [rest_leg] + [lg for lg in later if lg.kind == "climb"][:0]
            self.record(State(t=self.enc.env.now, who=c.id, changes={"climbing": surface}))
            ts.used = 1.0
            return False
        self._add_path(c, path, length / per_turn, ts)
        ts.run_m = 0.0
        if c.climbing:
            self.record(State(t=self.enc.env.now, who=c.id, changes={"climbing": None}))
        c.climbing = None
        c.climb_base = None
        return True

    def _add_path(self, c: Combatant, path: list[tuple[float, Point]], fraction: float, ts: TurnState) -> None:
        """Climb legs along ``path`` (:func:`face_path`), ``fraction`` of the turn for its whole share."""
        span = path[-1][0] - path[0][0]
        for (fa, a), (fb, b) in zip(path, path[1:]):
            if math.dist(a, b) > 1e-12:
                self._add_leg(c, "climb", a, b, fraction * (fb - fa) / span if span > 0 else 0.0, ts)

    def _drop(self, c: Combatant, leg: Any, ts: TurnState) -> bool:
        """A voluntary drop: free up to the highest jump, otherwise a fall (docs/engine.md)."""
        start, end = c.pos, tuple(leg.end)
        h = start[2] - end[2]
        _, highest = self.rules.jump_limits(c, True)
        if h <= highest + 1e-9:
            self._add_leg(c, "drop", start, end, 0.0, ts, seconds=SAFE_DROP_SECONDS)
            return True
        self._fall(c, end, None, "dropped down", ts)
        return c.able

    def _fall(self, c: Combatant, land: tuple[float, float, float], difficulty: int | None, cause: str,
              ts: TurnState) -> None:
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
        out = self.rules.fall(self.world, c, h, into_water, difficulty)
        severity = out.severity
        rec = rollrec(out.roll) if out.roll is not None else None
        secs = math.sqrt(2 * h / FALL_G) if h > 0 else 0.2
        rs = self.enc.options.round_seconds
        t0 = ts.t + ts.used * rs
        after = max(c.landed_at, ts.legs[-1].t1 if ts.legs else 0.0)  # the drop, fall or leg it follows
        if after > t0 + 1e-9:
            t0 = after
        c.landed_at = t0 + secs
        ts.legs.append(LegRec(kind="fall", start=start, end=land, t0=t0, t1=t0 + secs))
        self.enc.place(c, land)
        c.climbing = None
        c.climb_base = None
        c.climb_route = []
        was_flying = c.flying
        c.flying = False
        c.airspeed = c.base_airspeed
        c.prone = True
        ts.used = 1.0
        ts.run_m = 0.0
        self._flush_move(c, ts)  # the move it ends comes first: the fall's harm may leave c unable to act
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
                harm=dict(out.harm),
                into_water=into_water,
            )
        )
        changes: dict[str, Any] = {"prone": True, "climbing": None}
        if was_flying:
            changes["flying"] = False
            changes["airspeed"] = c.airspeed
        self.record(State(t=self.enc.env.now, who=c.id, changes=changes))
        if out.harm:
            self.apply_harm(c, out.harm, f"fall ({severity}, {h:.1f} m)", may_fall=False)

    def _fly(self, c: Combatant, step: MoveTo, ts: TurnState) -> None:
        """Fly toward ``step`` within airspeed; climbing costs airspeed, diving gives it (000 · Movement · Flying)."""
        tmap = self.enc.map
        base = c.base_airspeed
        cur = c.airspeed
        start = c.pos
        wants_down = step.z is not None and step.z < start[2] - 1e-6
        left = (1.0 - ts.used) * (max(cur, base / 2) if wants_down else cur)
        if left <= 1e-9:
            return
        # a goal off the map (a policy fleeing past the edge, a dive from outside) is flown to
        # its nearest point on the map: nobody leaves the battlefield (issue #16)
        w, n, e, so = tmap.bounds
        gx, gy = min(max(step.x, w + EDGE_M), e - EDGE_M), min(max(step.y, n + EDGE_M), so - EDGE_M)
        ground_here = tmap.ground_height(gx, gy)
        tz = step.z if step.z is not None else start[2]
        tz = max(tz, ground_here)
        dz = tz - start[2]
        limits = getattr(self.rules, "flight_limits", None)
        if limits is not None:
            # the ruleset's climb and dive per TURN, whatever the number of steps
            up, down = limits(c)
            up_left, down_left = max(0.0, up - ts.ascended), max(0.0, down - ts.descended)
        else:
            up_left = down_left = base / 2
        dz = min(dz, up_left, cur) if dz > 0 else max(dz, -down_left)
        if dz > 0 and cur <= 0:
            dz = 0.0
        if abs(dz) > left:
            dz = math.copysign(left, dz)
        if step.max_m is not None:
            left = min(left, max(0.0, step.max_m))
            if abs(dz) > left:
                dz = math.copysign(left, dz)
        horiz_left = math.sqrt(max(0.0, left * left - dz * dz))
        hx, hy = gx - start[0], gy - start[1]
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
            after = self.rules.airspeed_after(cur, base, climbed, dived)
        self._add_leg(c, "fly", start, end, min(1.0 - ts.used, length / left * (1.0 - ts.used)), ts)
        ts.ascended += climbed
        ts.descended += dived
        ts.run_m = 0.0
        was = c.flying
        c.flying = not landed
        c.airspeed = after
        self.record(Fly(t=self.enc.env.now, who=c.id, ascended=round(climbed, 6), descended=round(dived, 6), airspeed_before=before, airspeed_after=after, z=round(end[2], 6)))
        if was != c.flying:
            self.record(State(t=self.enc.env.now, who=c.id, changes={"flying": c.flying, "airspeed": after}))
