"""The archer: keeps distance and line of sight, draws, aims, shoots.

Each turn:

1. **Target.** Among enemies it can see, the best expected shot (range and
   darkness at the target count, 000 · Attacking, so lit targets are
   preferred), with the team's focus on injured enemies.
2. **Perch.** When the map has high ground (a tower roof, an outcrop) within
   a few turns and no enemy is close, it heads there (ladders and ropes are
   climbed, 000 · Movement · Climbing): :mod:`.highground`.
3. **Stand.** Otherwise it scores every cell it can walk to this turn, all at
   once: line of sight to the target (looked for only from the cells that
   might still win, :class:`.spots.Looks`), out of the reach of every walker
   next turn, dark or dim cover for itself, height over the target, a short
   range; and moves to the best: :mod:`.stand`.
4. **Shoot.** The bow must be drawn to aim or shoot and stays drawn between
   turns (000 · Archery and Marksmanship); a gun (:mod:`.guns`) is shot while
   loaded and reloaded out of reach. Which of draw, aim, draw and fire, quick,
   strategic or cautious shot: :mod:`.volleys`.
"""

from __future__ import annotations

import math
from typing import Any

from tactics.ai.approach import approach_point, walk_in
from tactics.ai.futility import POOR_ODDS
from tactics.ai.mano_a_mano.lawful import Lawful, attack_odds, move_odds, planned_odds
from tactics.ai.mano_a_mano import guns, tricks, volleys
from tactics.ai.mano_a_mano.focus import pick_target, worn
from tactics.ai.mano_a_mano.highground import HighGround
from tactics.ai.mano_a_mano.odds import Estimate
from tactics.ai.mano_a_mano.shotodds import shot_estimates
from tactics.ai.mano_a_mano.stand import Stand
from tactics.ai.mano_a_mano.strikes import best_melee
from tactics.ai.reactions import Reactive
from tactics.ai.routes import route
from tactics.ai.mano_a_mano.spots import spots
from tactics.sim.plan import Act, MoveTo, Plan
from tactics.sim.view import EYE_HEIGHT_M, UnitView, View

__all__ = ["Archer", "bow_of"]


def _has_gun(weapons: Any) -> bool:
    """``any(w.kind == "gun" for w in weapons)`` as a loop (no generator made every turn)."""
    for w in weapons:
        if w.kind == "gun":
            return True
    return False


def bow_of(me: UnitView) -> Any:
    for w in me.character.weapons:
        if w.kind == "bow" and me.character.can_draw(w):
            return w
    return None


class Archer(Lawful, tricks.BreaksFree, Reactive, HighGround, Stand):
    """Ranged: keep away, keep sight, draw-aim-shoot, climb to high ground."""

    name = "archer"

    def __init__(self) -> None:
        self._bad: set[int] = set()
        self._unloaded: set[str] = set()

    def plan(self, view: View) -> Plan:
        me = view.me
        enemies = view.enemies()
        if not enemies:
            return Plan([], "no enemy left")
        reload = None
        if _has_gun(me.character.weapons):  # a bow alone: neither reloads nor asks who is close
            reload = guns.reload_plan(view, me, enemies, self._unloaded) or tricks.reload_plan(view, me, enemies)
        if reload is not None and me.partner is None:
            return reload
        bow = bow_of(me) or guns.loaded_gun(me)
        if bow is None or me.partner is not None:
            return self._melee(view, me, enemies)
        if me.prone:
            return Plan([Act("stand")], "getting back up")
        here = self._best_target(view, me, enemies, bow, me.pos)
        target = here[0]
        focus = target or pick_target(view, me, enemies)
        steps: list[Any] = []
        why = ""
        at = me_at = me.pos
        if not me.climbing:
            perch = self._perch(view, me, enemies)
            goal = None
            if perch is not None:
                goal = perch
                why = f"climbing to high ground at {view.map.ground_height(*perch):.0f} m"
            else:
                goal, why = self._position(view, me, enemies, focus, bow)
            if goal is not None:
                r = route(view, me, goal)
                if r is None:
                    gc, gr = view.map.cell_of(*goal)
                    self._bad.add(gr * view.map.cols + gc)
                    why = ""
                else:
                    steps += r.steps
                    ex, ey = r.end
                    at = (ex, ey, view.map.ground_height(ex, ey))
        # the target seen from where the move ends (nothing looked at changed unless it moved)
        target, shot = here if at is me_at else self._best_target(view, me, enemies, bow, at)
        acts, what = self._shots(view, me, target, shot, bow, at)
        if not me.climbing:
            steps, acts, what = self._closer(view, me, enemies, bow, steps, acts, what, at)
        steps += acts
        # on high ground, shot at someone coming up: step back out of its reach with what is left
        if acts and self._on_high(me, enemies) and any(a.action.endswith("shot") or a.action == "draw and fire" for a in acts):
            used = math.hypot(at[0] - me.x, at[1] - me.y)
            back = self._retreat(view, me, enemies, at, view.movement(me) - used)
            if back is not None:
                steps.append(MoveTo(*back))
                what += "; stepping back from the edge"
        reason = f"{why}; {what}" if why and what else why or what  # "; ".join of those given, without a generator
        if not steps:
            return Plan([], reason or "holding")
        return Plan(steps, reason)

    def counter(self, view: View, attacker: UnitView) -> Plan:
        return self.plan(view)

    # -- choosing ----------------------------------------------------------
    def _best_target(self, view: View, me: UnitView, enemies: list[UnitView], bow: Any,
                     at: tuple[float, float, float]) -> tuple[UnitView | None, Estimate | None]:
        """The enemy with the best expected shot from ``at`` (injured ones first), among those in sight."""
        if not enemies:
            return None, None
        me_eye = (float(at[0]), float(at[1]), float(at[2] + EYE_HEIGHT_M))
        eyes, places = [], []
        for e in enemies:
            _, prone, _, _, x, y, z, _ = e.glance  # one read (UnitView.glance)
            eyes.append((float(x), float(y), float(z + (0.5 if prone else EYE_HEIGHT_M))))
            places.append((x, y, z))
        seen = spots(view).sight_from(view.map, me_eye, eyes)
        best: tuple[float, UnitView, Estimate] | None = None
        aim = 5 if me.state.aim_bonus else 0
        dist = math.dist
        sighted, far = [], []
        for e, p, ok in zip(enemies, places, seen):
            if ok:
                sighted.append(e)
                far.append(dist(at, p))
        shots: list[tuple[UnitView, Estimate]] = []
        for e, est in zip(sighted, shot_estimates(view, me, sighted, "quick shot", bow, aim, far)):
            if est is not None:
                shots.append((e, est))
        if len(shots) < 2:  # one shot (or none) is the best whatever its score
            return shots[0] if shots else (None, None)
        for e, est in shots:
            score = est.ev * (1.0 + worn(e)) * (1.5 if e.health != "healthy" else 1.0)
            if best is None or score > best[0]:
                best = (score, e, est)
        return best[1], best[2]  # type: ignore[index]

    def _position(self, view: View, me: UnitView, enemies: list[UnitView], target: UnitView | None,
                  bow: Any) -> tuple[tuple[float, float] | None, str]:
        """The best cell to shoot from: sight, safety, cover of darkness, height, range.

        Cells within this turn's walk first; if none of them sees the
        target, cells up to four turns away (the walk there starts now).
        """
        if target is None:
            return None, ""
        walks = self._walks(view, me, enemies)  # read once for both reaches
        budget = walks[1]
        if budget <= 0:
            return None, ""
        high = self._on_high(me, enemies)
        for reach in (budget, budget * 4):
            got = self._score_cells(view, me, enemies, target, bow, reach, keep_height=high, walks=walks)
            if got is None:
                return None, ""
            pos, note, sees = got
            if sees:
                return pos, note
        if high:
            # below the edge, out of sight: hold the high ground, as far as it goes from where they come up
            return self._hold_high(view, me, enemies, budget)
        # nothing in sight even a few turns away: walk toward the target
        return (target.x, target.y), f"looking for a line to {target.name}"

    def _closer(self, view: View, me: UnitView, enemies: list[UnitView], bow: Any, steps: list[Any],
                acts: list[Act], what: str, at: tuple[float, float, float]) -> tuple[list[Any], list[Act], str]:
        """A shot under :data:`POOR_ODDS` that a walk toward its target would better: walk in
        instead (up to 4 m short of it), and shoot on arrival only if the shot pays by then
        (issue 17: no futile turns; 000 · Attacking · Attacking from a Distance)."""
        for act in acts:  # the first act with a target (a loop: no list comprehension made and called)
            if act.target is not None:
                break
        else:
            return steps, acts, what
        p = planned_odds(view, me, act, at, bool(me.state.aim_bonus))  # the guard asks the same (lawful)
        used = math.hypot(at[0] - me.x, at[1] - me.y)
        if p is None or p >= POOR_ODDS or move_odds(view, me, act, at, view.movement(me) - used) <= p:
            return steps, acts, what
        target = view.unit(act.target)
        r = route(view, me, approach_point(view, me, target, stop=4.0))
        if r is None:
            return steps, acts, what
        ex, ey = r.end
        at2 = (ex, ey, view.map.ground_height(ex, ey))
        target2, shot2 = self._best_target(view, me, enemies, bow, at2)
        acts2, what2 = self._shots(view, me, target2, shot2, bow, at2)
        worst = min((attack_odds(view, me, a, at2) or 0.0 for a in acts2 if a.target is not None), default=1.0)
        if worst < POOR_ODDS:
            acts2, what2 = self._shots(view, me, None, None, bow)
        return list(r.steps), acts2, f"closing in: only {p:.0%} from there; {what2}"

    # -- shooting ------------------------------------------------------------
    def _shots(self, view: View, me: UnitView, target: UnitView | None, shot: Estimate | None, bow: Any,
               at: tuple[float, float, float] | None = None) -> tuple[list[Act], str]:
        """This turn's draw, aim or shot (:func:`.volleys.shots`)."""
        return volleys.shots(view, me, target, shot, bow, view.enemies(), at)

    def _melee(self, view: View, me: UnitView, enemies: list[UnitView]) -> Plan:
        """No bow to use (grappled, or none that can be drawn): fight hand to hand."""
        if me.partner is not None:
            target = view.unit(me.partner)
        else:
            target = pick_target(view, me, enemies)
        if target is None:
            return Plan([], "no enemy left")
        steps, wait = walk_in(view, me, target, enemies, f"no bow: closing on {target.name}")
        if wait is not None:
            return wait
        attacks = best_melee(view, me, target)
        return Plan(steps + [a.act(target) for a in attacks], f"no bow: striking {target.name}")

