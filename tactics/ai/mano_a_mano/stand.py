"""Where the archer stands to shoot: every cell it can walk to scored at once, and kept.

Mixed into :class:`~.archer.Archer` (its step 3, *Stand*): line of sight to
the target (looked for only from the cells that might still win,
:class:`.spots.Looks`), out of the reach of every walker next turn
(:mod:`.threat`), dark or dim cover for itself, height over the target, a short
range, and the cost of the walk there. The scores are remembered per scenario
by everything they read (:meth:`Stand._score_cells`), and the cells weighed
from one place with what of them holds whoever looks (:meth:`Stand._ground`).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tactics.ai.fields import movers, standable
from tactics.ai.mano_a_mano.spots import Looks, spots
from tactics.ai.mano_a_mano.threat import threat as threat_of
from tactics.map import LIGHTS
from tactics.sim.view import EYE_HEIGHT_M, UnitView, View

__all__ = ["Stand", "CELLS_MEMORY", "DIM", "DARK"]

DIM, DARK = LIGHTS.index("dim"), LIGHTS.index("dark")
CELLS_MEMORY = 4096
"""Cell scores (:meth:`Stand._score_cells`) kept per scenario, all forgotten when full."""
_UNSEEN = object()


class Stand:
    """The archer's cell scoring (a mixin: ``self._bad`` holds the cells it gave up on)."""

    _bad: set[int]

    def _score_cells(self, view: View, me: UnitView, enemies: list[UnitView], target: UnitView, bow: Any,
                     reach: float, keep_height: bool = False,
                     walks: tuple | None = None) -> tuple[tuple[float, float] | None, str, bool] | None:
        """The best cell within ``reach`` to shoot from, a note why, and whether it sees ``target``.

        Remembered in the scenario-shared cache by everything it reads (the map, my sheet, mover,
        place, walk and range, the cells I gave up on, and each enemy's place, posture, flight and
        walk): the fights of a batch open alike and an archer holding still asks again. ``walks``:
        :meth:`_walks` of ``me`` and ``enemies``, when the caller has it (one read per plan)."""
        shared = view.shared.get("archer cells")
        if shared is None or shared[0] is not view.map:
            shared = view.shared["archer cells"] = (view.map, {})
        cache = shared[1]
        mover, budget, foes = walks or self._walks(view, me, enemies)
        key = (me.character, mover.key, me.x, me.y, me.z, reach, keep_height, frozenset(self._bad),
               budget, view.max_range(me, bow, "quick shot"), target.id, target.name, foes)
        got = cache.get(key, _UNSEEN)
        if got is _UNSEEN:
            got = self._score_cells_now(view, me, enemies, target, bow, reach, keep_height, mover, (budget, foes))
            if len(cache) >= CELLS_MEMORY:
                cache.clear()
            cache[key] = got
        return got

    @staticmethod
    def _walks(view: View, me: UnitView, enemies: list[UnitView]) -> tuple:
        """My mover and walk, and each enemy's id, place, posture, flight and walk: what my cell
        scores read of the fighters (nothing moves while I plan, so a plan reads them once)."""
        walk = view.movement
        mover, mine = movers(view, me)[0], walk(me)
        foes = []
        for e in enemies:
            sheet, prone, _, _, x, y, z, _ = e.glance  # one read (UnitView.glance)
            foes.append((e.id, x, y, z, prone, sheet.airspeed, walk(e)))
        return mover, mine, tuple(foes)

    def _ground(self, view: View, me: UnitView, reach: float, keep_height: bool, mover: Any = None,
                budget: float | None = None) -> tuple | None:
        """The cells :meth:`_score_cells_now` weighs and what of them holds whoever looks (cost, flat
        cell or -1, x, y, ground, light, eye, the index of mine or -1, cover, 0.03 × cost, 0.5 × turns
        past the first, 4 + cover, the ground's one height if it is flat else None, the x and y
        bounds of the cells, and the eyes' heights as one array), None if none: a pure function of the map, my mover, place, walk, ``reach``,
        ``keep_height`` and the cells I gave up on, kept per scenario for the turns enemies move."""
        shared = view.shared.get("archer ground")
        if shared is None or shared[0] is not view.map:
            shared = view.shared["archer ground"] = (view.map, {})
        mover = mover or movers(view, me)[0]
        budget = view.movement(me) if budget is None else budget
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
            got = (cost, cell, xs, ys, gz, codes, A, h, cover, 0.03 * cost, 0.5 * (turns - 1), 4.0 + cover, flat, box,
                   A[:, 2].copy())
            for arr in got:
                if isinstance(arr, np.ndarray):
                    arr.flags.writeable = False
        if len(shared[1]) >= CELLS_MEMORY:
            shared[1].clear()
        shared[1][key] = got
        return got

    def _score_cells_now(self, view: View, me: UnitView, enemies: list[UnitView], target: UnitView, bow: Any,
                         reach: float, keep_height: bool, mover: Any = None,
                         walks: tuple | None = None) -> tuple[tuple[float, float] | None, str, bool] | None:
        """:meth:`_score_cells` worked out (``walks``: my walk and the enemies' of :meth:`_walks`)."""
        budget, walked = walks or self._walks(view, me, enemies)[1:]
        tmap, sp, ground = view.map, spots(view), self._ground(view, me, reach, keep_height, mover, budget)
        if ground is None:
            return None
        _, cell, xs, ys, gz, codes, A, h, cover, cost_part, turns_part, four_cover, flat, box, az = ground
        rng = view.max_range(me, bow, "quick shot")
        # sight of the focus target, and of anyone (a climber coming up counts)
        others = [e for e in enemies if e.id != target.id]
        if len(others) > 4:  # the four nearest (with fewer, their order only decides which line is drawn first)
            others = sorted(others, key=lambda e: view.flat_distance(me, e))[:4]
        watch = [target] + others
        W = [(float(e.x), float(e.y), float(e.z + (0.5 if e.prone else EYE_HEIGHT_M))) for e in watch]
        # the distance of each spot's eye to the target: np.sum's order over (dx², dy², dz²), to the bit
        tx, ty, tz = W[0]
        dx, dy = xs - tx, ys - ty
        if flat is None:
            dz = az - tz
            dz2 = dz * dz
        else:  # flat ground: every eye at the one height az[0] (each eye is its ground + EYE_HEIGHT_M)
            dz = float(az[0]) - tz
            dz2 = dz * dz  # the same float for every spot: numpy's operations on one float
        range_pen = 0.25 * np.floor(np.sqrt((dx * dx + dy * dy) + dz2) * 20 / max(rng, 1e-9))
        # the score if the spot sees the target (sight adds 4 × 1, 0.75 for someone else, or 0): the
        # same float operations, in the same order, whichever of the shortcuts below are taken
        foes = [(float(x), float(y), float(z), air > 0, float(air + 3 if air > 0 else walk + 3.0))
                for _, x, y, z, _, air, walk in walked]
        threat = threat_of(xs, ys, gz, box, foes, flat)  # a walker reaches 3 m beyond its run next turn (:mod:`.threat`)
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
            t, c, p, q = float(threat[k]), float(cover[k]), float(range_pen[k]), float(cost_part[k])
            u = float(turns_part[k])
            hg = height if flat is not None else float(height[k])
            return 4.0 * v - 3.0 * t + c + hg - p - q - u  # the same float operations, in the same order

        looks = Looks(sp, tmap, cell, A, W, rng)
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
