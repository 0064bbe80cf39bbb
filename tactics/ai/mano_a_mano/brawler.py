"""The brawler: closes in, charges over open ground, hits hard while healthy.

Each turn, in order:

1. Grappled: let go when the one holding it has the dominant position (and
   strike free of the clinch), else strike it (there is no walking away).
   On the ground: stand, instantly while healthy with an enemy close.
   A dropped weapon is picked up first (:mod:`.tricks`).
2. An enemy in reach: a push when it stands before a drop, a disarm when its
   weapon hits much harder (:mod:`.tricks`), a trip when its harm, the fall and the
   allies' opening beat the strikes (:mod:`.trips`); else the best hand-to-hand turn by expected harm — one
   powerful (or strategic) strike while healthy, a combo of quick strikes
   with two weapons when their sum pays more, a single quick strike when
   injured (000 · List of Actions; 000 · Rounds); with a weapon it took by a disarm when that
   hits harder (:mod:`.spoils`).
3. No enemy in reach: cover a wounded ally an enemy threatens, or heave an
   unwieldy object at an enemy in range (:mod:`.tricks`).
   Otherwise, with charging on (the default), look for a charge: a straight,
   open run of more than 5 m that ends in reach earns ``floor(m) - 5`` power
   (000 · Attacking · Charging Attack). If the target is too far to reach this
   turn, stop on a *staging point* on the line behind the target's near side,
   a full run's length away, so next turn's last leg is one straight run.
4. Else walk toward the target (the team field steers when it is far) and
   strike if the walk ends in reach.

``Brawler(charge=False)`` ("brawler-nocharge") never charges: it never
stages, and when its last leg before a strike would be a straight run of
more than 5 m it takes a small side-step first, so the engine's charge
never triggers. Experiments compare the two.
"""

from __future__ import annotations

import math
from typing import Any

from tactics.ai.approach import HOLDING, STOP_M, approach_point, move_toward
from tactics.ai.fields import movers, reach_field
from tactics.ai.mano_a_mano.lawful import Lawful
from tactics.ai.mano_a_mano import tricks, trips
from tactics.ai.mano_a_mano.focus import FRESH, worn
from tactics.ai.mano_a_mano.odds import matchup, note_chances
from tactics.ai.mano_a_mano.spoils import spoils_plan
from tactics.ai.mano_a_mano.strikes import melee_choice
from tactics.ai.reactions import Reactive
from tactics.ai.routes import straight_run
from tactics.ai.targets import FOCUS_SLACK_M, PINNED_M, pick_target
from tactics.map import Mover
from tactics.sim.plan import Act, MoveTo, Plan
from tactics.rulesets.mano_a_mano.resolve import MELEE_REACH_M, MELEE_REACH_UP_M
from tactics.sim.view import UnitView, View

CHARGE_MIN_M = 6.0
"""The shortest run that gives a charge bonus (floor(m) - 5 ≥ 1)."""
NOCHARGE_LAST_LEG_M = 4.8
"""The longest straight last leg a non-charging brawler allows itself."""
COVER_FROM_M = FOCUS_SLACK_M + PINNED_M + tricks.THREAT_M + 1e-6
"""With its target farther than this, a brawler has no ally to cover: the target counts at most
:data:`~tactics.ai.targets.FOCUS_SLACK_M` + :data:`~tactics.ai.targets.PINNED_M` nearer than it stands
(:func:`~tactics.ai.targets.pick_target`), so the nearest enemy is farther than
:data:`~.tricks.THREAT_M`, and no ally within cover reach is threatened (:func:`.tricks.cover_plan`
would say None after a look at the position table)."""


def describe(attacks: list[Any], target: UnitView) -> str:
    if not attacks:
        return f"nothing to hit {target.name} with"
    if len(attacks) == 1:
        a = attacks[0]
        w = f" with {a.weapon}" if a.weapon else ""
        avoid = f" around the {', '.join(a.avoid)}" if a.avoid else ""
        return f"{a.action}{w}{avoid} on {target.name} ({a.p:.0%} to hit)"
    ws = " + ".join(a.weapon or "?" for a in attacks)
    return f"combo of {len(attacks)} quick strikes ({ws}) on {target.name}"


def strikes(view: View, me: UnitView, target: UnitView, charge_m: float = 0.0,
            allow_strenuous: bool | None = None, match: tuple | None = None) -> tuple[list[Act], str]:
    """The best hand-to-hand turn on ``target`` (:func:`~tactics.ai.mano_a_mano.strikes.best_melee`) as
    plan steps, and its description.

    Kept in the scenario-shared cache by what the choice depends on (the
    :func:`~tactics.ai.mano_a_mano.odds.matchup`, charge, strenuous strikes allowed,
    health: :func:`~tactics.ai.mano_a_mano.strikes.melee_choice`'s own key) and the target's id the acts
    name (its name, which the text reads, is its sheet's: the matchup names the sheet), so a melee turn
    builds one key and neither the acts nor the text, and the fights of a loop, meeting the same
    matchups, targets and names, build them once; the blows' odds are left for the guard of
    :mod:`.lawful` (:func:`~tactics.ai.mano_a_mano.odds.note_chances`). The acts are frozen: several
    fights may hold the same ones. ``match``: the pair's matchup, when the caller has it.
    """
    if match is None:
        match = matchup(view, me, target)
    shared = view.shared.get(SHARED_STRIKES)
    if shared is None:
        shared = view.shared[SHARED_STRIKES] = {}
    key = (match, charge_m, allow_strenuous, me.health, target.id)
    got = shared.get(key)
    if got is None:
        attacks = melee_choice(view, me, target, charge_m, allow_strenuous, match)
        out = (tuple(a.act(target) for a in attacks), describe(attacks, target), tuple(a.p for a in attacks))
        if len(shared) > 20_000:
            shared.clear()
        got = shared[key] = (me.character, target.character, out)  # the sheets kept: the ids in the matchup stay theirs
    out = got[2]
    note_chances(view, out[0], out[2])  # for the guard (lawful): the odds of these blows, worked out
    return list(out[0]), out[1]


SHARED_STRIKES = "brawler: strikes"
"""The scenario-shared memo of :func:`strikes`."""


class Brawler(Lawful, tricks.BreaksFree, Reactive):
    """Melee: close in, charge when the ground allows, powerful strikes when healthy."""

    name = "brawler"

    def __init__(self, charge: bool = True) -> None:
        self.charge = charge
        self._seen: tuple[UnitView, float] | None = None
        """Last turn's target and how far it was (charge traps: is it coming?)."""
        self._target: UnitView | None = None
        self._target_d = 0.0
        self._rocks: tuple[Any, bool] | None = None
        """The sheet last seen and whether it carries an unwieldy thrown object (:func:`.tricks.heave_plan`
        says None without one: not asked then)."""

    # -- the engine's hooks ----------------------------------------------
    def plan(self, view: View) -> Plan:
        # last turn's target and how far it was then, to see whether it is coming (charge traps): what
        # the last plan measured (nothing moves while we plan), kept until this one picks again
        t = self._target
        self._seen = (t, self._target_d) if t is not None else None
        self._target = None
        me = view.me
        enemies = view.enemies()
        if not enemies:
            return Plan([], "no enemy left")
        sheet, prone, partner, _, mx, my, mz, state = me.glance  # one read of what this turn looks at
        if partner is not None:
            partner = view.unit(partner)
            quick, _ = strikes(view, me, partner, allow_strenuous=False)
            p = tricks.let_go_plan(view, me, partner, quick[0] if quick else None)
            if p is not None:
                return p
            acts, text = strikes(view, me, partner)
            if acts:
                return spoils_plan(view, me, partner, Plan(acts, f"grappled: {text}"))
            return Plan([], "grappled and nothing to strike with")
        if prone:
            return tricks.stand_plan(view, me, enemies)
        if state.out_of_hand:  # (tricks.ready_plan's first look: nothing out of hand, nothing to pick up)
            p = tricks.ready_plan(view, me)
            if p is not None:
                return p
        # focus.pick_target's measures, without its frame (positional: no keyword parsing, every turn);
        # every=True: this turn's view.enemies(), untouched; a lone enemy is the pick, near or far (as
        # pick_target's own first look says): a duel's every turn
        target = enemies[0] if len(enemies) == 1 else pick_target(view, me, enemies, None, worn, FRESH, True)
        assert target is not None
        self._target = target
        tx, ty, tz = target.pos
        self._target_d = d = math.hypot(mx - tx, my - ty)  # view.flat_distance(me, target)
        if abs(mz - tz) <= MELEE_REACH_UP_M and d <= MELEE_REACH_M:  # view.in_reach(me, target)
            match = matchup(view, me, target)  # (once: the disarm, the trip and the strikes read it)
            p = tricks.shove_plan(view, me, target)
            if p is None:
                p = tricks.disarm_plan(view, me, target, match)
            if p is not None:
                return p
            p = trips.trip_plan(view, me, target, sum(e.ev for e in melee_choice(view, me, target, match=match)),
                                match=match)
            if p is not None:
                return p
            plan = Plan(*strikes(view, me, target, match=match))
            return spoils_plan(view, me, target, plan) if state.taken else plan  # (nothing taken: the plan as it is)
        p = tricks.cover_plan(view, me, enemies) if d <= COVER_FROM_M else None
        if p is None:
            rocks = self._rocks  # heave_plan's first look (a rock on the sheet at all?), once per sheet
            if rocks is None or rocks[0] is not sheet:
                rocks = self._rocks = (sheet, tricks._has_rocks(view, sheet))
            if rocks[1]:
                p = tricks.heave_plan(view, me, enemies)
        if p is not None:
            return p
        mv = movers(view, me)
        ok, field = reach_field(view, me, enemies, mv)
        if not ok:
            return Plan([], HOLDING)
        budget = view.movement(me)
        if self.charge and budget >= CHARGE_MIN_M and me.health == "healthy":  # (a shorter run never charges)
            p = self._charge_plan(view, me, target, enemies, budget)
            if p is not None:
                return p
        return self._approach_plan(view, me, target, enemies, field, mv, budget, d)

    _plan = plan
    """The brawler's own plan, before the guard of :class:`~.lawful.Lawful` (which wraps ``plan``)."""

    def counter(self, view: View, attacker: UnitView) -> Plan:
        me = view.me
        if view.in_reach(me, attacker):
            acts, text = strikes(view, me, attacker)
            return Plan(acts, f"counter: {text}")
        return self.plan(view)

    def after_counter(self, view: View, plan: Plan) -> Plan:
        """A counter cut in: keep the moves left, re-choose the attacks for the health we now have."""
        me = view.me
        targets = {s.target for s in plan.steps if isinstance(s, Act) and s.target}
        moves = [s for s in plan.steps if isinstance(s, MoveTo)]
        if not targets:
            return plan
        target = next((view.unit(t) for t in targets), None)
        if target is None or not target.able:
            return Plan(moves, "after the counter: target down")
        if not view.in_reach(me, target) and not moves:
            return Plan([], f"after the counter: {target.name} out of reach")
        acts, text = strikes(view, me, target, allow_strenuous=me.health == "healthy")
        return Plan(moves + acts, f"after the counter: {text}")

    # -- approaching -------------------------------------------------------
    def _charge_plan(self, view: View, me: UnitView, target: UnitView, enemies: list[UnitView],
                     budget: float | None = None) -> Plan | None:
        """A charge, a staging point for one next turn, or a charge trap (None: just close in).
        ``budget``: ``me``'s movement this turn, when the caller has it."""
        if budget is None:
            budget = view.movement(me)
        if budget < CHARGE_MIN_M:
            return None  # cannot run far enough in one turn to charge at all
        stop = approach_point(view, me, target, STOP_M)
        d = math.hypot(stop[0] - me.x, stop[1] - me.y)
        if CHARGE_MIN_M <= d <= budget - 1e-6:
            run = straight_run(view, me, stop)
            if run is not None and run >= CHARGE_MIN_M:
                acts, text = strikes(view, me, target, charge_m=run)
                if acts:
                    return Plan([MoveTo(*stop)] + acts,
                                f"charging {target.name} over {run:.0f} m (+{math.floor(run) - 5} power): " + text)
            return None
        if d < CHARGE_MIN_M:
            return None  # too close to build a run; just close in
        d_t = view.flat_distance(me, target)
        if self._coming(target, d_t):
            p = self._wait_for_charge(view, me, target, d_t, budget)
            if p is not None:
                return p
        # a target that holds still: stage on the line behind its near side, a full run away
        run_len = min(budget - 0.3, d)
        if run_len < CHARGE_MIN_M:
            return None
        dx, dy = (me.x - stop[0]) / d, (me.y - stop[1]) / d
        sx, sy = stop[0] + dx * run_len, stop[1] + dy * run_len
        if not self._open_run(view, me, (sx, sy), stop, budget):
            return None
        return Plan([MoveTo(sx, sy)], f"staging {run_len:.0f} m from {target.name} to charge next turn")

    def _open_run(self, view: View, me: UnitView, start: tuple[float, float], stop: tuple[float, float], budget: float) -> bool:
        """Can ``me`` get to ``start`` this turn, and is ``start`` → ``stop`` one straight walking leg?"""
        sx, sy = start
        if not view.map.is_passable(sx, sy):
            return False
        to_stage = math.hypot(sx - me.x, sy - me.y)
        if to_stage > budget:
            return False
        legs = view.map.path((sx, sy), stop, view.mover(me))
        return bool(legs) and len(legs) == 1 and legs[0].kind == "walk"

    def _coming(self, target: UnitView, d_now: float) -> bool:
        """Did ``target`` come closer since our last turn?"""
        seen = self._seen
        return seen is not None and seen[0].id == target.id and d_now < seen[1] - 1.0

    def _wait_for_charge(self, view: View, me: UnitView, target: UnitView, d_t: float, budget: float) -> Plan | None:
        """An enemy is coming: stand where its next advance ends a full run from us (a charge trap).

        It walks its movement toward us; if it stops ``m`` metres away with
        ``6 ≤ m − 1.8 ≤ our run``, our next turn is a charge. Out of its reach
        (its run + 3 m) it cannot strike first.
        """
        their = view.movement(target)
        lo = their + STOP_M + CHARGE_MIN_M
        hi = their + STOP_M + budget - 0.3
        reach = their + MELEE_REACH_M + 0.3
        lo = max(lo, reach)
        if lo > hi:
            return None
        if lo <= d_t <= hi:
            return Plan([], f"{target.name} is coming ({d_t:.0f} m): waiting to charge when it closes")
        want = hi if d_t > hi else min(hi, d_t + budget)
        if want < lo:
            return None
        ux, uy = (me.x - target.x) / d_t, (me.y - target.y) / d_t
        px, py = target.x + ux * want, target.y + uy * want
        if not view.map.is_passable(px, py) or math.hypot(px - me.x, py - me.y) > budget:
            return None
        r = view.path((px, py), me)
        if not r or sum(leg.length for leg in r) > budget + 1e-6:
            return None
        verb = "backing off" if want > d_t else "closing"
        return Plan([MoveTo(px, py)], f"{target.name} is coming: {verb} to {want:.0f} m to charge it when it closes")

    def _approach_plan(self, view: View, me: UnitView, target: UnitView, enemies: list[UnitView],
                       field: Any = None, mv: tuple[Mover, Mover] | None = None, budget: float | None = None,
                       distance: float | None = None) -> Plan:
        """Walk toward ``target`` and strike when the walk ends in reach. ``field``, ``mv``, ``budget`` and
        ``distance`` (flat, to the target): what the caller looked up this turn already."""
        # (positionally: stop, max_m, field, mv, budget, distance; keywords cost a parse every approach turn)
        r = move_toward(view, me, target, enemies, STOP_M, None, field, mv, budget, distance)
        if r is None:
            return Plan([], HOLDING)
        steps: list[Any] = r.steps  # a fresh list of ours: move_toward's Route is never shared
        if not r.arrives:
            note = f", {r.note}" if r.note else ""
            d = view.flat_distance(me, target) if distance is None else distance
            # round(d): what ``{d:.0f}`` shows for a distance (both round half to even), without the float format
            return Plan(steps, f"closing on {target.name} ({round(d)} m){note}")
        if not self.charge and steps:
            last = steps[-1]
            prev = (steps[-2].x, steps[-2].y) if len(steps) > 1 else (me.x, me.y)
            if math.hypot(last.x - prev[0], last.y - prev[1]) > NOCHARGE_LAST_LEG_M:
                kink = self._kink(view, prev, (last.x, last.y))
                if kink is None:
                    # cannot break the run: arrive and strike next turn instead
                    return Plan(steps[:-1] + [MoveTo(last.x, last.y, max_m=NOCHARGE_LAST_LEG_M)], f"closing on {target.name} (no charging)")
                steps.insert(len(steps) - 1, MoveTo(*kink))
        acts, text = strikes(view, me, target)
        return Plan(steps + acts, f"closing in: {text}")

    @staticmethod
    def _kink(view: View, start: tuple[float, float], stop: tuple[float, float]) -> tuple[float, float] | None:
        """A point a little off the line, leaving a last leg under 5 m (breaks a straight run)."""
        dx, dy = stop[0] - start[0], stop[1] - start[1]
        d = math.hypot(dx, dy)
        ux, uy = dx / d, dy / d
        along = d - NOCHARGE_LAST_LEG_M + 0.4
        for side in (0.8, -0.8):
            kx, ky = start[0] + ux * along - uy * side, start[1] + uy * along + ux * side
            if view.map.is_passable(kx, ky):
                return (kx, ky)
        return None


class NoChargeBrawler(Brawler):
    """A brawler that never charges (for experiments): ``Brawler(charge=False)``."""

    name = "brawler-nocharge"

    def __init__(self) -> None:
        super().__init__(charge=False)

