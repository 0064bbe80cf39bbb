"""The archer: keeps distance and line of sight, draws, aims, shoots.

Each turn:

1. **Target.** Among enemies it can see, the best expected shot (range and
   darkness at the target count, 000 · Attacking, so lit targets are
   preferred), with the team's focus on injured enemies.
2. **Perch.** When the map has high ground (a tower roof, an outcrop) within
   a few turns and no enemy is close, it heads there (ladders and ropes are
   climbed, 000 · Movement · Climbing).
3. **Stand.** Otherwise it scores every cell it can walk to this turn, all at
   once: line of sight to the target (one vectorised ``line_of_sight_many``),
   out of the reach of every walker next turn, dark or dim cover for itself,
   height over the target, a short range; and moves to the best.
4. **Shoot.** The bow must be drawn to aim or shoot and stays drawn between
   turns (000 · Archery and Marksmanship). With a combo of two quick actions:
   drawn and aimed → shoot (+5) and draw again; drawn → shoot and draw again,
   or aim and shoot when the unaimed chance is under 50 % (two aimed shots in
   three turns beat three plain ones then); not drawn → draw and shoot, or
   draw and aim. Injured (one action): draw, aim or shoot. A character who
   cannot combo draws and fires in one strenuous action.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tactics.ai.common import (
    Estimate,
    approach_point,
    best_melee,
    combo_allowance,
    estimate,
    move_toward,
    mover_of,
    pick_target,
    reachable,
    worn,
)
from tactics.sim.plan import Act, MoveTo, Plan
from tactics.sim.view import EYE_HEIGHT_M, UnitView, View

AIM_BELOW = 0.5
"""Aim before shooting when the unaimed chance to hit is below this."""
PERCH_RISE_M = 3.0
"""High ground: at least this much above where the archer stands."""
PERCH_MAX_COST_M = 30.0
"""Head for a perch only if it is at most this many metres of movement away."""


def bow_of(me: UnitView) -> Any:
    for w in me.character.weapons:
        if w.kind == "bow" and me.character.can_draw(w):
            return w
    return None


class Archer:
    """Ranged: keep away, keep sight, draw-aim-shoot, climb to high ground."""

    name = "archer"

    def plan(self, view: View) -> Plan:
        me = view.me
        enemies = view.enemies()
        if not enemies:
            return Plan([], "no enemy left")
        bow = bow_of(me)
        if bow is None or me.grapple is not None:
            return self._melee(view, me, enemies)
        if me.posture == "on_the_ground":
            return Plan([Act("stand")], "getting back up")
        target, shot = self._best_target(view, me, enemies, bow)
        steps: list[Any] = []
        why = ""
        perch = None if me.climbing else self._perch(view, me, enemies)
        if perch is not None:
            steps.append(MoveTo(*perch))
            why = f"climbing to high ground at {view.map.ground_height(*perch):.0f} m"
        elif not me.climbing:
            pos, note = self._position(view, me, enemies, target or pick_target(view, me, enemies), bow)
            if pos is not None:
                steps.append(MoveTo(*pos))
                why = note
        acts, what = self._shots(view, me, target, shot, bow, moving=bool(steps))
        steps += acts
        reason = "; ".join(x for x in (why, what) if x)
        if not steps:
            return Plan([], reason or "holding")
        return Plan(steps, reason)

    def counter(self, view: View, attacker: UnitView) -> Plan:
        return self.plan(view)

    # -- choosing ----------------------------------------------------------
    def _best_target(self, view: View, me: UnitView, enemies: list[UnitView], bow: Any) -> tuple[UnitView | None, Estimate | None]:
        """The enemy with the best expected shot from here (injured ones first), among those in sight."""
        if not enemies:
            return None, None
        tmap = view.map
        me_eye = (me.x, me.y, me.z + EYE_HEIGHT_M)
        A = np.array([me_eye] * len(enemies), dtype=float)
        B = np.array([(e.x, e.y, e.z + (0.5 if e.posture == "on_the_ground" else EYE_HEIGHT_M)) for e in enemies], dtype=float)
        seen = tmap.line_of_sight_many(A, B)
        best: tuple[float, UnitView, Estimate] | None = None
        for e, ok in zip(enemies, seen):
            if not ok:
                continue
            est = estimate(view, me, e, "quick shot", bow, aim=5 if me.aim_bonus else 0)
            if est is None:
                continue
            score = est.ev * (1.0 + worn(e)) * (1.5 if e.health != "healthy" else 1.0)
            if best is None or score > best[0]:
                best = (score, e, est)
        if best is None:
            return None, None
        return best[1], best[2]

    def _perch(self, view: View, me: UnitView, enemies: list[UnitView]) -> tuple[float, float] | None:
        """The nearest high ground worth climbing to, if no enemy is close."""
        tmap = view.map
        here = tmap.ground_height(me.x, me.y)
        if me.z >= here + 0.5 or me.z >= min(e.z for e in enemies) + PERCH_RISE_M:
            return None  # already above them
        heights = np.asarray(tmap.heights, dtype=float)
        high = heights >= me.z + PERCH_RISE_M
        if not high.any():
            return None
        for e in enemies:
            if view.flat_distance(me, e) < view.movement(e) * 2 + 3 and e.z < me.z + 2:
                return None  # someone would catch us on the ladder
        field = view.distance_field([(me.x, me.y)], me)
        cost = np.where(high, field.cost_grid, np.inf)
        # standable cells of the high ground only
        if not np.isfinite(cost).any():
            return None
        r, c = np.unravel_index(int(np.argmin(cost)), cost.shape)
        if cost[r, c] > PERCH_MAX_COST_M:
            return None
        # go to the middle of that high ground, not its edge
        cx, cy = tmap.center(int(c), int(r))
        return (cx, cy)

    def _position(self, view: View, me: UnitView, enemies: list[UnitView], target: UnitView | None, bow: Any) -> tuple[tuple[float, float] | None, str]:
        """The best cell in one turn's walk: sight, safety, cover of darkness, height, range."""
        if target is None:
            return None, ""
        tmap = view.map
        budget = view.movement(me)
        if budget <= 0:
            return None, ""
        s = tmap.cell_size
        col, row = tmap.cell_of(me.x, me.y)
        k = int(math.ceil(budget / s))
        cols = np.arange(max(0, col - k), min(tmap.cols, col + k + 1))
        rows = np.arange(max(0, row - k), min(tmap.rows, row + k + 1))
        cc, rr = np.meshgrid(cols, rows)
        cc, rr = cc.ravel(), rr.ravel()
        field = view.distance_field([(me.x, me.y)], me)
        cost = field.cost_grid[rr, cc]
        ok = cost <= budget + 1e-6
        if not ok.any():
            return None, ""
        cc, rr, cost = cc[ok], rr[ok], cost[ok]
        xs, ys = (cc + 0.5) * s, (rr + 0.5) * s
        here = (col, row)
        # the current spot keeps its exact position
        is_here = (cc == here[0]) & (rr == here[1])
        xs = np.where(is_here, me.x, xs)
        ys = np.where(is_here, me.y, ys)
        gz = np.asarray(tmap.heights, dtype=float)[rr, cc]
        gz = np.where(is_here, me.z, gz)
        n = len(xs)
        A = np.stack([xs, ys, gz + EYE_HEIGHT_M], axis=1)
        tz = target.z + (0.5 if target.posture == "on_the_ground" else EYE_HEIGHT_M)
        B = np.tile(np.array([[target.x, target.y, tz]]), (n, 1))
        los = tmap.line_of_sight_many(A, B).astype(float)
        dist = np.sqrt((xs - target.x) ** 2 + (ys - target.y) ** 2 + (gz - target.z) ** 2)
        rng = view.max_range(me, bow, "quick shot")
        in_range = dist <= rng
        range_pen = np.floor(dist * 20 / max(rng, 1e-9))
        # threat: a walker reaches 3 m beyond its run next turn, unless we stand well above it
        threat = np.zeros(n)
        for e in enemies:
            if e.flying or e.character.airspeed > 0:
                reach = e.character.airspeed + 3
                threat += (np.hypot(xs - e.x, ys - e.y) < reach)
                continue
            reach = view.movement(e) + 3.0
            close = np.hypot(xs - e.x, ys - e.y) < reach
            above = gz - e.z > 2.5
            threat += close & ~above
        codes = tmap.light_codes_many(xs, ys)
        from tactics.map import LIGHTS

        light_names = np.array(LIGHTS, dtype=object)[codes]
        cover = np.where(light_names == "dark", 1.0, np.where(light_names == "dim", 0.5, 0.0))
        height = np.clip(gz - target.z, 0, 10) * 0.3
        score = 4.0 * los * in_range - 3.0 * threat + cover + height - 0.25 * range_pen - 0.03 * cost
        i = int(np.argmax(score))
        if is_here[i] or (abs(xs[i] - me.x) < 0.5 and abs(ys[i] - me.y) < 0.5):
            return None, ""
        bits = []
        if threat[i] < threat[is_here].min(initial=99):
            bits.append("backing off")
        if los[i] and not los[is_here].max(initial=0):
            bits.append(f"finding a line to {target.name}")
        if cover[i] > 0:
            bits.append(f"into {light_names[i]} cover")
        if gz[i] > me.z + 0.5:
            bits.append("to higher ground")
        return (float(xs[i]), float(ys[i])), ("moving " + ", ".join(bits)) if bits else "repositioning"

    # -- shooting ------------------------------------------------------------
    def _shots(self, view: View, me: UnitView, target: UnitView | None, shot: Estimate | None, bow: Any, moving: bool) -> tuple[list[Act], str]:
        n = combo_allowance(me)
        drawn = me.drawn == bow.name
        aimed = me.aim_bonus > 0
        w = bow.name
        if target is None or shot is None:
            # nothing in sight from here (it may be after the move): get ready
            if not drawn:
                if n >= 2:
                    return [Act("draw", weapon=w), Act("aim", weapon=w)], "drawing and aiming"
                return [Act("draw", weapon=w)], "drawing"
            if not aimed:
                return [Act("aim", weapon=w)], "aiming, waiting for a target"
            return [], "bow drawn and aimed, waiting for a target"
        # the chance from where we stand now (a move may change it; the engine checks)
        p0 = estimate(view, me, target, "quick shot", bow)
        p0v = p0.p if p0 else shot.p
        shoot = Act("quick shot", target=target.id, weapon=w)
        if n >= 2:
            if drawn and aimed:
                return [shoot, Act("draw", weapon=w)], f"aimed shot at {target.name} ({min(1.0, p0v + 0.25):.0%}), drawing again"
            if drawn:
                if p0v < AIM_BELOW:
                    return [Act("aim", weapon=w), shoot], f"aiming and shooting at {target.name} ({min(1.0, p0v + 0.25):.0%})"
                return [shoot, Act("draw", weapon=w)], f"shooting {target.name} ({p0v:.0%}), drawing again"
            if p0v < AIM_BELOW:
                return [Act("draw", weapon=w), Act("aim", weapon=w)], f"drawing and aiming at {target.name} (only {p0v:.0%} unaimed)"
            return [Act("draw", weapon=w), shoot], f"drawing and shooting {target.name} ({p0v:.0%})"
        if me.health == "healthy" and not drawn:
            return [Act("draw and fire", target=target.id, weapon=w)], f"draw and fire at {target.name} ({p0v:.0%})"
        if not drawn:
            return [Act("draw", weapon=w)], f"drawing on {target.name} (one action a turn)"
        if not aimed and p0v < AIM_BELOW:
            return [Act("aim", weapon=w)], f"aiming at {target.name} (one action a turn)"
        return [shoot], f"shooting {target.name} ({min(1.0, p0v + (0.25 if aimed else 0)):.0%})"

    def _melee(self, view: View, me: UnitView, enemies: list[UnitView]) -> Plan:
        """No bow to use (grappled, or none that can be drawn): fight hand to hand."""
        if me.grapple is not None:
            target = view.unit(me.grapple)
        else:
            target = pick_target(view, me, enemies)
        if target is None:
            return Plan([], "no enemy left")
        steps: list[Any] = []
        if not view.in_reach(me, target):
            if me.grapple is not None or not reachable(view, me, enemies):
                return Plan([], "no path to any enemy: holding")
            mv = move_toward(view, me, target, enemies)
            if mv is None:
                return Plan([], "no path to any enemy: holding")
            steps.append(mv)
            if math.hypot(mv.x - target.x, mv.y - target.y) > 2.9 or math.hypot(mv.x - me.x, mv.y - me.y) > view.movement(me):
                return Plan(steps, f"no bow: closing on {target.name}")
        attacks = best_melee(view, me, target)
        return Plan(steps + [a.act(target) for a in attacks], f"no bow: striking {target.name}")


_ = (approach_point, mover_of)
