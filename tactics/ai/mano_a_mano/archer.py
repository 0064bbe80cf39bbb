"""The archer: keeps distance and line of sight, draws, aims, shoots.

Each turn:

1. **Target.** Among enemies it can see, the best expected shot (range and
   darkness at the target count, 000 · Attacking, so lit targets are
   preferred), with the team's focus on injured enemies.
2. **Perch.** When the map has high ground (a tower roof, an outcrop) within
   a few turns and no enemy is close, it heads there (ladders and ropes are
   climbed, 000 · Movement · Climbing).
3. **Stand.** Otherwise it scores every cell it can walk to this turn, all at
   once: line of sight to the target (looked for only from the cells that
   might still win, :class:`.spots.Looks`), out of the reach of every walker
   next turn, dark or dim cover for itself, height over the target, a short
   range; and moves to the best.
4. **Shoot.** The bow must be drawn to aim or shoot and stays drawn between
   turns (000 · Archery and Marksmanship); a gun (:mod:`.guns`) is shot while
   loaded and reloaded out of reach. Which of draw, aim, draw and fire, quick,
   strategic or cautious shot: :mod:`.volleys`.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tactics.ai.approach import approach_point, walk_in
from tactics.ai.futility import POOR_ODDS
from tactics.ai.fields import movers, standable, team_field
from tactics.ai.mano_a_mano.lawful import Lawful, attack_odds, move_odds
from tactics.ai.mano_a_mano import guns, tricks, volleys
from tactics.ai.mano_a_mano.focus import pick_target, worn
from tactics.ai.mano_a_mano.odds import Estimate, estimate
from tactics.ai.mano_a_mano.strikes import best_melee
from tactics.ai.reactions import Reactive
from tactics.ai.routes import route
from tactics.ai.mano_a_mano.spots import Looks, spots
from tactics.ai.mano_a_mano.threat import threat as threat_of
from tactics.map import LIGHTS
from tactics.sim.plan import Act, MoveTo, Plan
from tactics.sim.view import EYE_HEIGHT_M, UnitView, View

PERCH_RISE_M = 3.0
"""High ground: at least this much above where the archer stands."""
PERCH_MAX_COST_M = 45.0
"""Head for a perch only if it is at most this many metres of movement away."""
DIM, DARK = LIGHTS.index("dim"), LIGHTS.index("dark")
CELLS_MEMORY = 4096
"""Cell scores (:meth:`Archer._score_cells`) kept per scenario, all forgotten when full."""
_UNSEEN = object()


def bow_of(me: UnitView) -> Any:
    for w in me.character.weapons:
        if w.kind == "bow" and me.character.can_draw(w):
            return w
    return None


def cells_around(tmap: Any, col: int, row: int, metres: float) -> tuple[np.ndarray, np.ndarray]:
    """Columns and rows (flat arrays) of the square of cells within ``metres`` of cell (col, row)."""
    k = int(math.ceil(metres / tmap.cell_size))
    cols = np.arange(max(0, col - k), min(tmap.cols, col + k + 1))
    rows = np.arange(max(0, row - k), min(tmap.rows, row + k + 1))
    cc, rr = np.meshgrid(cols, rows)
    return cc.ravel(), rr.ravel()


class Archer(Lawful, tricks.BreaksFree, Reactive):
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
        if any(w.kind == "gun" for w in me.character.weapons):  # a bow alone: neither reloads nor asks who is close
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
        reason = "; ".join(x for x in (why, what) if x)
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
        seen = spots(view).sight_from(view.map, me_eye, [(float(e.x), float(e.y), float(e.z + (0.5 if e.prone else EYE_HEIGHT_M)))
                                                         for e in enemies])
        best: tuple[float, UnitView, Estimate] | None = None
        aim = 5 if me.state.aim_bonus else 0
        for e, ok in zip(enemies, seen):
            if not ok:
                continue
            est = estimate(view, me, e, "quick shot", bow, aim=aim, distance=math.dist(at, e.pos))
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
        if spots(view).highest < me.z + PERCH_RISE_M:
            return None  # no high ground on this map (the test below, at once)
        tmap = view.map
        if me.z >= tmap.ground_height(me.x, me.y) + 0.5 or me.z >= min(e.z for e in enemies) + PERCH_RISE_M:
            return None  # already above them
        heights = np.asarray(tmap.heights, dtype=float)
        high = (heights >= me.z + PERCH_RISE_M) & standable(tmap)
        for cell in self._bad:
            high[divmod(cell, tmap.cols)] = False
        if not high.any():
            return None
        for e in enemies:
            if view.flat_distance(me, e) < view.movement(e) * 2 + 3 and e.z < me.z + 2:
                return None  # someone would catch us on the ladder
        field = view.map.distance_field([(me.x, me.y)], movers(view, me)[0])
        cost = np.where(high & (field.cost_grid <= PERCH_MAX_COST_M), field.cost_grid, np.inf)
        rr, cc = np.nonzero(np.isfinite(cost))
        if not len(rr):
            return None
        # only high ground that sees an enemy is worth the climb (one vectorised sight check)
        s = tmap.cell_size
        xs, ys, zs = (cc + 0.5) * s, (rr + 0.5) * s, heights[rr, cc] + EYE_HEIGHT_M
        sees = np.zeros(len(rr), dtype=bool)
        for e in sorted(enemies, key=lambda e: view.flat_distance(me, e))[:3]:
            A = np.stack([xs, ys, zs], axis=1)
            B = np.tile(np.array([[e.x, e.y, e.z + EYE_HEIGHT_M]]), (len(rr), 1))
            sees |= tmap.line_of_sight_many(A, B)
        if not sees.any():
            return None
        i = int(np.argmin(np.where(sees, cost[rr, cc], np.inf)))
        return (float(xs[i]), float(ys[i]))

    def _position(self, view: View, me: UnitView, enemies: list[UnitView], target: UnitView | None,
                  bow: Any) -> tuple[tuple[float, float] | None, str]:
        """The best cell to shoot from: sight, safety, cover of darkness, height, range.

        Cells within this turn's walk first; if none of them sees the
        target, cells up to four turns away (the walk there starts now).
        """
        if target is None:
            return None, ""
        budget = view.movement(me)
        if budget <= 0:
            return None, ""
        high = self._on_high(me, enemies)
        for reach in (budget, budget * 4):
            got = self._score_cells(view, me, enemies, target, bow, reach, keep_height=high)
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

    @staticmethod
    def _on_high(me: UnitView, enemies: list[UnitView]) -> bool:
        """Standing well above every enemy that is not climbing up to us."""
        grounded = [e.z for e in enemies if not e.climbing]
        return not grounded or me.z >= min(grounded) + PERCH_RISE_M

    def _retreat(self, view: View, me: UnitView, enemies: list[UnitView], at: tuple[float, float, float],
                 left: float) -> tuple[float, float] | None:
        """After shooting from the edge: the spot of the high ground within ``left`` metres farthest from the climbers."""
        climbers = [e for e in enemies if e.climbing or abs(e.z - at[2]) <= 2.5]
        if left < 1.0 or not climbers:
            return None
        if all(math.hypot(at[0] - e.x, at[1] - e.y) >= view.movement(e) + 3.5 for e in climbers):
            return None
        tmap = view.map
        s = tmap.cell_size
        col, row = tmap.cell_of(at[0], at[1])
        cc, rr = cells_around(tmap, col, row, left)
        xs, ys = (cc + 0.5) * s, (rr + 0.5) * s
        gz = np.asarray(tmap.heights, dtype=float)[rr, cc]
        cost = tmap.distance_field([(at[0], at[1])], movers(view, me)[0]).cost_grid[rr, cc]
        ok = (cost <= left + 1e-6) & standable(tmap)[rr, cc] & (np.abs(gz - at[2]) <= 0.5)
        if not ok.any():
            return None
        far = np.full(len(xs), np.inf)
        for e in climbers:
            far = np.minimum(far, np.hypot(xs - e.x, ys - e.y))
        i = int(np.argmax(np.where(ok, far, -np.inf)))
        if far[i] <= min(math.hypot(at[0] - e.x, at[1] - e.y) for e in climbers) + 0.5:
            return None
        return (float(xs[i]), float(ys[i]))

    def _hold_high(self, view: View, me: UnitView, enemies: list[UnitView], budget: float) -> tuple[tuple[float, float] | None, str]:
        """On high ground with nothing in sight: the cell of it the enemies need longest to reach."""
        tmap = view.map
        s = tmap.cell_size
        col, row = tmap.cell_of(me.x, me.y)
        cc, rr = cells_around(tmap, col, row, budget)
        mine = tmap.distance_field([(me.x, me.y)], movers(view, me)[0]).cost_grid[rr, cc]
        gz = np.asarray(tmap.heights, dtype=float)[rr, cc]
        ok = (mine <= budget + 1e-6) & standable(tmap)[rr, cc] & (gz >= me.z - 1.0) & (gz <= me.z + 0.5)
        if not ok.any():
            return None, "holding the high ground"
        theirs = team_field(view, me, enemies).cost_grid[rr, cc]
        theirs = np.where(np.isfinite(theirs), theirs, 1e6)
        score = np.where(ok, theirs - 0.05 * mine, -np.inf)
        i = int(np.argmax(score))
        if cc[i] == col and rr[i] == row:
            return None, "holding the high ground, far from where they climb up"
        return ((cc[i] + 0.5) * s, (rr[i] + 0.5) * s), "holding the high ground: moving away from where they climb up"

    def _score_cells(self, view: View, me: UnitView, enemies: list[UnitView], target: UnitView, bow: Any,
                     reach: float, keep_height: bool = False) -> tuple[tuple[float, float] | None, str, bool] | None:
        """The best cell within ``reach`` to shoot from, a note why, and whether it sees ``target``.

        Remembered in the scenario-shared cache by everything it reads (the map, my sheet, mover,
        place, walk and range, the cells I gave up on, and each enemy's place, posture, flight and
        walk): the fights of a batch open alike and an archer holding still asks again."""
        shared = view.shared.get("archer cells")
        if shared is None or shared[0] is not view.map:
            shared = view.shared["archer cells"] = (view.map, {})
        cache = shared[1]
        mover = movers(view, me)[0]
        key = (me.character, mover.key, me.x, me.y, me.z, reach, keep_height, frozenset(self._bad),
               view.movement(me), view.max_range(me, bow, "quick shot"), target.id, target.name,
               tuple([(e.id, e.x, e.y, e.z, e.prone, e.character.airspeed, view.movement(e)) for e in enemies]))
        got = cache.get(key, _UNSEEN)
        if got is _UNSEEN:
            got = self._score_cells_now(view, me, enemies, target, bow, reach, keep_height, mover)
            if len(cache) >= CELLS_MEMORY:
                cache.clear()
            cache[key] = got
        return got

    def _ground(self, view: View, me: UnitView, reach: float, keep_height: bool, mover: Any = None) -> tuple | None:
        """The cells :meth:`_score_cells_now` weighs and what of them holds whoever looks (cost, flat
        cell or -1, x, y, ground, light, eye, the index of mine or -1, cover, 0.03 × cost, 0.5 × turns
        past the first, 4 + cover, the ground's one height if it is flat else None, and the x and y
        bounds of the cells), None if none: a pure function of the map, my mover, place, walk, ``reach``,
        ``keep_height`` and the cells I gave up on, kept per scenario for the turns enemies move."""
        shared = view.shared.get("archer ground")
        if shared is None or shared[0] is not view.map:
            shared = view.shared["archer ground"] = (view.map, {})
        mover, budget = mover or movers(view, me)[0], view.movement(me)
        key = (mover.key, me.x, me.y, me.z, reach, keep_height, frozenset(self._bad), budget)
        got = shared[1].get(key, _UNSEEN)
        if got is not _UNSEEN:
            return got
        tmap, sp = view.map, spots(view)
        col, row = tmap.cell_of(me.x, me.y)
        cc, rr = sp.square(col, row, int(math.ceil(reach / tmap.cell_size)))
        cost = tmap.distance_field([(me.x, me.y)], mover).cost_grid[rr, cc]
        ok = (cost <= reach + 1e-6) & standable(tmap)[rr, cc]
        if self._bad:
            ok &= ~np.isin(rr * tmap.cols + cc, list(self._bad))
        hz = sp.heights[rr, cc]
        if keep_height:
            ok &= hz >= me.z - 1.0
        if reach <= budget + 1e-6:
            ok &= hz <= me.z + 0.5  # this turn: no jumping up (a roll); climbs are the perch's business
        is_here = (cc == col) & (rr == row)
        ok |= is_here
        got = None
        if ok.any():
            cc, rr, cost, is_here = cc[ok], rr[ok], cost[ok], is_here[ok]
            cell = rr * sp.cols + cc
            xs, ys, gz, codes, A = sp.xs[cell], sp.ys[cell], sp.heights.ravel()[cell], sp.light[cell], sp.eyes[cell]
            h = int(is_here.argmax()) if is_here.any() else -1
            if h >= 0:  # where I stand exactly, not the cell's centre
                gz[h] = me.z
                if (xs[h], ys[h], A[h, 2]) != (me.x, me.y, me.z + EYE_HEIGHT_M):
                    cell[h] = -1  # not a cell's eye
                    xs[h], ys[h] = me.x, me.y
                    A[h] = (me.x, me.y, me.z + EYE_HEIGHT_M)
                    codes[h] = LIGHTS.index(tmap.light_at(me.x, me.y))
            cover = np.where(codes == DARK, 1.0, np.where(codes == DIM, 0.5, 0.0))
            turns = np.ceil(np.maximum(cost, 1e-9) / max(budget, 1e-9))
            flat = float(gz[0]) if bool((gz == gz[0]).all()) else None
            box = (float(xs.min()), float(xs.max()), float(ys.min()), float(ys.max()))
            got = (cost, cell, xs, ys, gz, codes, A, h, cover, 0.03 * cost, 0.5 * (turns - 1), 4.0 + cover, flat, box)
            for arr in got:
                if isinstance(arr, np.ndarray):
                    arr.flags.writeable = False
        if len(shared[1]) >= CELLS_MEMORY:
            shared[1].clear()
        shared[1][key] = got
        return got

    def _score_cells_now(self, view: View, me: UnitView, enemies: list[UnitView], target: UnitView, bow: Any,
                         reach: float, keep_height: bool, mover: Any = None) -> tuple[tuple[float, float] | None, str, bool] | None:
        tmap, sp, ground = view.map, spots(view), self._ground(view, me, reach, keep_height, mover)
        if ground is None:
            return None
        _, cell, xs, ys, gz, codes, A, h, cover, cost_part, turns_part, four_cover, flat, box = ground
        rng = view.max_range(me, bow, "quick shot")
        # sight of the focus target, and of anyone (a climber coming up counts)
        others = [e for e in enemies if e.id != target.id]
        if len(others) > 4:  # the four nearest (with fewer, their order only decides which line is drawn first)
            others = sorted(others, key=lambda e: view.flat_distance(me, e))[:4]
        watch = [target] + others
        W = np.array([(e.x, e.y, e.z + (0.5 if e.prone else EYE_HEIGHT_M)) for e in watch])
        d_all = np.sqrt(((A[:, None, :] - W[None, :, :]) ** 2).sum(axis=2))
        range_pen = 0.25 * np.floor(d_all[:, 0] * 20 / max(rng, 1e-9))
        # the score if the spot sees the target (sight adds 4 × 1, 0.75 for someone else, or 0): the
        # same float operations, in the same order, whichever of the shortcuts below are taken
        foes = [(float(e.x), float(e.y), float(e.z), e.character.airspeed > 0,
                 float(e.character.airspeed + 3 if e.character.airspeed > 0 else view.movement(e) + 3.0)) for e in enemies]
        threat = threat_of(xs, ys, gz, box, foes)  # a walker reaches 3 m beyond its run next turn (:mod:`.threat`)
        if flat is None:
            height = np.minimum(np.maximum(gz - target.z, 0.0), 10.0) * 0.3  # np.clip's answers, sooner
        else:  # flat ground: one height for all (numpy's operations on one float)
            height = min(max(flat - target.z, 0.0), 10.0) * 0.3
        if threat is None:  # no walker reaches any of the cells: 4 - 3 × 0 = 4
            top = four_cover + height - range_pen - cost_part - turns_part
            threat = np.zeros(len(xs))
        else:
            top = 4.0 - 3.0 * threat + cover + height - range_pen - cost_part - turns_part
        def score(k: int, v: float) -> float:
            t, c, p, q, u = (float(a[k]) for a in (threat, cover, range_pen, cost_part, turns_part))
            hg = height if flat is not None else float(height[k])
            return 4.0 * v - 3.0 * t + c + hg - p - q - u  # the same float operations, in the same order

        looks = Looks(sp, tmap, cell, A, [tuple(w) for w in W.tolist()], d_all <= rng)
        i, sees_i = looks.best(top, score)
        if i == h or (abs(xs[i] - me.x) < 0.5 and abs(ys[i] - me.y) < 0.5):
            return None, "", bool(sees_i)
        here_threat = threat[h] if h >= 0 else 99
        bits = []
        if threat[i] < here_threat:
            bits.append("backing off")
        if sees_i and not (h >= 0 and looks.sees(h)):
            bits.append(f"finding a line to {target.name}")
        if cover[i] > 0:
            bits.append(f"into {LIGHTS[codes[i]]} cover")
        if gz[i] > me.z + 0.5:
            bits.append("to higher ground")
        note = ("moving " + ", ".join(bits)) if bits else "repositioning"
        return (float(xs[i]), float(ys[i])), note, bool(sees_i)

    def _closer(self, view: View, me: UnitView, enemies: list[UnitView], bow: Any, steps: list[Any],
                acts: list[Act], what: str, at: tuple[float, float, float]) -> tuple[list[Any], list[Act], str]:
        """A shot under :data:`POOR_ODDS` that a walk toward its target would better: walk in
        instead (up to 4 m short of it), and shoot on arrival only if the shot pays by then
        (issue 17: no futile turns; 000 · Attacking · Attacking from a Distance)."""
        shots = [a for a in acts if a.target is not None]
        if not shots:
            return steps, acts, what
        act = shots[0]
        p = attack_odds(view, me, act, at)
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

