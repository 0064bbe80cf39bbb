"""The d100 tactician: every spot it could reach this phase, every action it could take there, by the odds.

One phase of d100 is a move (walk, or run at −10 to every test until the
next phase) and one complex action (attack, full defense) or up to three
quick ones (aim, stand up). The tactician scores each *(spot, action)* as
progress, the share of the fight it moves::

    score = gain − caution × threat + FUTURE × (next phase's best gain − caution × threat there)

- **gain**: the attack's expected modified DV (closed form, two d100 tests
  with the both-succeed rule, :mod:`.odds`) over the damage the target still
  needs to be taken out; for an aim, what the +10 adds to the next shot from
  there (so it aims exactly when that beats a shot now, ``Δ > E[shot]``).
- **threat**: what every enemy can do to it there before its next phase:
  ranged enemies that see the spot (in the dark they take −20), melee ones
  that can run to it; full defense adds +30 to its defence, running takes
  −10, lying prone is −10 to shots and +10 to blows; over its own damage left.
- **future**: the spot as a place to fight from next phase (cover, darkness,
  a shorter range band), so it walks into a better spot and takes full
  defense on the way when nothing pays now.

No attack is taken under 15 % (:data:`LOW_ODDS`): a walk, another spot, an
aim or full defense is always open. When no spot gives any attack, a gunner
waits a few phases in cover (``patience``), then closes in (the generic
:func:`~tactics.ai.approach.move_toward`) on full defense; a melee fighter
weighs that run at the enemy it would hurt most every phase. After
:data:`PATIENT_PHASES` phases without an attack its caution wanes
(:data:`IMPATIENCE` a phase), so two fighters hiding from each other come
out. The chosen spot's real route is measured, and the options scored
again if it is a run where the grid said a walk. The reason names the
choice, its odds, both target numbers and the light, then the runners-up::

    ranged attack on Ilse (assault rifle): 48% (50 vs 17), 6.4 dmg expected of 31 left;
    me dark, target bright; threat 5.1 (score +0.19) | also: ranged attack on Ilse (pistol) ... +0.07, aim +0.04
"""

from __future__ import annotations

import math
from typing import Any

from tactics.ai.fields import movers, team_field
from tactics.ai.routes import route
from tactics.ai.d100_opposed.odds import REACH_M, Shot, arms_of, in_band, left, odds_cache, shot, shot_memo
from tactics.ai.d100_opposed.option import Option, damage, flag, polyline, wounds
from tactics.ai.d100_opposed.groups import best_of_kinds, kept, made, records, spot_groups, weigh_group
from tactics.ai.d100_opposed.closing import close_in
from tactics.ai.d100_opposed.ground import ground
from tactics.ai.d100_opposed.kept import fields_now, keep_alive, kept_phases, pack, phase_key, unpack
from tactics.ai.d100_opposed.spots import Spots
from tactics.rules.protocol import Window
from tactics.rulesets.d100_opposed.modifiers import range_band
from tactics.ai.futility import with_odds
from tactics.sim.plan import Act, MoveTo, Plan
from tactics.sim.view import UnitView, View

LOW_ODDS = 0.15
"""Never attack under these odds while a move, another weapon or an aim gives better."""
FUTURE = 0.5
"""Weight of the spot as a place to fight from next phase."""
PRONE_MELEE = 0.05
"""What lying on the ground costs a fighter with only melee weapons, beyond this phase's numbers."""
IMPATIENCE = 0.8
"""How much caution is left after each further phase without an attack (see ``caution_now``)."""
PATIENT_PHASES = 4
"""Phases without an attack before caution starts to wane."""
MOVE_COST = 0.002
"""Per metre moved: between equal spots, stay."""
DEFENSE_WINDOW = "defense skill"
MAX_RECHECKS = 3


class Tactician:
    """Scores (spot, action) by the closed-form odds; subclasses set how bold and what they may do."""

    caution = 0.6
    """How much a share of its own life weighs against the same share of an enemy's."""
    attacks = True
    closes = True
    keep_away = 0.0
    """Score per metre from the nearest enemy (a civilian keeps away)."""
    use_ranged = True
    use_melee = True
    patience = 0
    """Phases a fighter with a gun waits (full defense, in cover) for a hidden enemy to show before
    closing in."""

    def __init__(self) -> None:
        self._waited = 0
        self._idle = 0
        self._idle_set: int | None = None
        self._fixed: dict[tuple, tuple] = {}
        """:meth:`fixed`'s answers (a fighter's policy: one fight's few)."""
        """How the last phase worked out set ``_idle``: None left as it was, 0 to none, 1 one more
        (kept with the phase: :mod:`.kept` keys by :meth:`impatient_phases`, not ``_idle``)."""

    def caution_now(self) -> float:
        """Caution, falling by :data:`IMPATIENCE` a phase after two phases without an attack: two
        fighters hiding from each other do not wait for ever."""
        if not self.attacks:
            return self.caution
        return self.caution * IMPATIENCE ** self.impatient_phases()

    def impatient_phases(self) -> int:
        """The phases without an attack that wear down its caution: all a phase reads of
        ``_idle`` (:meth:`caution_now`), so the kept phases (:mod:`.kept`) are keyed by it."""
        return max(0, self._idle - PATIENT_PHASES) if self.attacks else 0

    def fixed(self, view: View, me: UnitView, enemies: list[UnitView]) -> tuple:
        """What a phase reads of the sheets alone (they do not change within a fight): my walk and run a
        phase, the weapons I use, their names, whether all are melee, my safe mover, whether any is melee,
        the enemies whose sight the spots need (a ranged weapon shoots between us), and each enemy's
        ``(its phases for one of mine, walk and run a phase, its arms)``. Kept on the policy by the ids of
        me, the enemies and their sheets and the map's cell size (the safe mover's), the sheets held
        beside the answer (so no other sheet takes one of those ids unseen)."""
        sheets = (me.sheet, *[e.sheet for e in enemies])
        key = (me.id, view.map.cell_size, *[e.id for e in enemies], *map(id, sheets))
        got = self._fixed.get(key)
        if got is None or any(a is not b for a, b in zip(got[0], sheets)):
            if len(self._fixed) >= 64:
                self._fixed.clear()
            got = self._fixed[key] = (sheets, self._work_fixed(view, me, enemies))
        return got[1]

    def _work_fixed(self, view: View, me: UnitView, enemies: list[UnitView]) -> tuple:
        s = me.sheet
        mine = [(w, melee) for w, melee, _ in arms_of(view, s) if (self.use_melee if melee else self.use_ranged)] \
            if self.attacks else []
        weapons = [w for w, _ in mine]
        safe = movers(view, me)[0]
        # the sight of an enemy only where a ranged weapon shoots between us (mine or its)
        shoots = not all(melee for _, melee in mine)
        arms = [arms_of(view, e.sheet) for e in enemies]
        look = tuple(e.id for e, theirs in zip(enemies, arms) if shoots or not all(melee for _, melee, _ in theirs))
        reach = tuple((e.sheet.speed / s.speed, e.sheet.walk / e.sheet.speed, e.sheet.run / e.sheet.speed, theirs)
                      for e, theirs in zip(enemies, arms))
        return (s.walk / s.speed, s.run / s.speed, tuple(weapons), tuple([w.name for w in weapons]),
                bool(mine) and all(melee for _, melee in mine), safe, any(melee for _, melee in mine), look, reach)

    # ------------------------------------------------------------------ plan
    def plan(self, view: View) -> Plan:
        """This phase's plan: handed back when a fight of the batch met the very same phase
        (:mod:`.kept`), else worked out (:meth:`weigh`) and kept."""
        memo = kept_phases(view)
        key = phase_key(view, self)
        got = memo.get(key)
        if got is not None:
            steps, reason, alternatives, self._waited, idle, built = got
            if idle is not None:   # an attack: none idle since; else one more phase without
                self._idle = 0 if idle == 0 else self._idle + 1
            if built:   # the phase built its team's field for this round: build it now as it did
                team_field(view, view.me, view.enemies())
            return Plan(unpack(steps), reason, alternatives)
        before = key[4:6]   # fields_now(view), read by the key
        self._idle_set = None
        plan = self.weigh(view)
        built = fields_now(view) != before
        keep_alive(memo, type(self), *(u.sheet for u in view.units()))   # what the key names by id
        memo[key] = (pack(plan.steps), plan.reason, tuple(plan.alternatives), self._waited, self._idle_set, built)
        return plan

    def weigh(self, view: View) -> Plan:
        """This phase's plan, worked out: every (spot, action) by the odds (the module's text)."""
        me = view.me
        enemies = view.enemies()
        if not enemies:
            return Plan([], "no enemy left")
        ctx = _Ctx(self, view, me, enemies)
        options = ctx.options()
        for _ in range(MAX_RECHECKS):   # the chosen spot's real way may be longer than the grid's
            best = max(options, key=lambda o: o.score) if options else None
            if best is None or best.steps is not None or not best.spot or not ctx.recheck(best.spot):
                break
            options = ctx.options()
        if self.closes and ctx.weapons and all(w.melee for w in ctx.weapons):
            closing = close_in(ctx, FUTURE)   # a melee fighter weighs the run at its best victim every phase
            if closing is not None:
                options.append(closing)
        chosen = max(options, key=lambda o: o.score).settle() if options else None
        if chosen is not None and chosen.attack is None and self.closes and not ctx.any_attack:
            if self._waited < self.patience and any(not w.melee for w in ctx.weapons):
                self._waited += 1
                chosen.note = f"no enemy in sight from any spot: waiting ({self._waited}/{self.patience})"
            else:
                closing = close_in(ctx, FUTURE)
                if closing is not None:
                    chosen = closing.settle()
        else:
            self._waited = 0
        if chosen is None:
            return Plan([], "nothing to do")
        self._idle_set = 0 if chosen.attack is not None else 1   # kept: 0 set to none, 1 one more
        self._idle = 0 if chosen.attack is not None else self._idle + 1
        if ctx.caution < self.caution:
            chosen.note += f" (impatient: caution {ctx.caution:.2f})"
        alts = []
        seen = {chosen.kind}
        for o in sorted(options, key=lambda o: -o.score):
            if o.kind not in seen and len(alts) < 2:
                seen.add(o.kind)
                alts.append(f"{o.label} {o.score:+.2f}")
        reason = f"{chosen.label}{': ' + chosen.note if chosen.note else ''} (score {chosen.score:+.2f})"
        if alts:
            reason += " | also: " + ", ".join(alts)
        steps = chosen.steps if chosen.steps is not None else ctx.steps(chosen.spot, chosen.stood) + chosen.acts
        if chosen.attack is not None:   # its odds, for tactics.ai.futility (never under LOW_ODDS here)
            return with_odds(Plan(steps, reason), chosen.attack.p, chosen.attack.p, always=True)
        return Plan(steps, reason)

    # ------------------------------------------------------------- reactions
    def react(self, view: View, window: Window) -> Any:
        """The melee defence skill with the best target number (003 · step 2); None otherwise."""
        if window.kind != DEFENSE_WINDOW or not window.options:
            return None
        sheet = view.me.sheet
        best, best_v = None, -math.inf
        for name in window.options:
            try:
                v = sheet.skill(name)[1]
            except KeyError:
                continue
            if v > best_v:
                best, best_v = name, v
        return best


class _Ctx:
    """One phase's look: spots, the shots from and at each, memoised by what changes the numbers."""

    def __init__(self, policy: Tactician, view: View, me: UnitView, enemies: list[UnitView]) -> None:
        self.p, self.view, self.me, self.enemies = policy, view, me, enemies
        self.caution = policy.caution_now()
        s = me.sheet
        self.cache = odds_cache(view)
        self.memos = {(me.id, e.id): shot_memo(view, me, e) for e in enemies}
        self.memos.update(((e.id, me.id), shot_memo(view, e, me)) for e in enemies)
        """The scenario-shared shot memos (:func:`~.odds.shot_memo`), by attacker and target id."""
        self.my_left = left(s, damage(me))
        self.aiming = flag(me, "aiming")
        (self.walk, self.run, self.weapons, self.weapon_names, self.melee_only, safe, melee, look,
         reach) = policy.fixed(view, me, enemies)
        self.mv = (safe, safe)   # only the safe way: the generic fallback jump reads another system's sheet
        self.sp: Spots = ground(view, me, enemies, self.run, safe, melee, look)
        self.light_of = {e.id: view.light_at(e) for e in enemies}
        self.any_attack = False
        self.my_wounds = wounds(me)
        self.targets = [(t, bool(t.prone), flag(t, "full_defense"), flag(t, "running"), wounds(t),
                         left(t.sheet, damage(t))) for t in enemies]
        self.foes = [(e, phases, e_walk, e_run, flag(e, "aiming"), wounds(e), bool(e.prone), theirs)
                     for e, (phases, e_walk, e_run, theirs) in zip(enemies, reach)]
        self.shot_state = (me.id, policy.attacks, self.my_wounds, self.aiming, self.weapon_names,
                           tuple((t.id, *rest, self.light_of[t.id]) for t, *rest in self.targets))
        """What my shots from a spot read beyond the spot itself (:func:`~.groups.shot_numbers`):
        who shoots with what, and both sides' states; the sheets are fixed by the ids."""
        self.threat_state = (me.id, self.my_wounds,
                             tuple((e.id, aiming, e_wounds, e_prone) for e, _, _, _, aiming, e_wounds, e_prone, _
                                   in self.foes))
        """What the threats at a spot read beyond the spot itself (:func:`~.groups.threat_numbers`), but
        my damage left (they are divided by it last)."""
        self.kept_shots = kept(view.shared, "d100 group shots", self.shot_state)
        self.kept_threats = kept(view.shared, "d100 group threats", self.threat_state)
        self._threats: dict[tuple, float] = {}
        self._routes: dict[int, tuple[list[Any], float]] = {}
        self._inner: dict[tuple, float] = {}
        self.kinds: dict[tuple, tuple[str, str]] = {}
        """An attack's kind and action by (target's place, the weapon's id): written once a phase."""

    # -------------------------------------------------------------- numbers
    def _shot(self, a: UnitView, w: Any, t: UnitView, dist: float, light: str, *, aiming: bool, running: bool,
              prone: bool, t_prone: bool, t_fd: bool, t_running: bool, a_wounds: int, t_wounds: int) -> Shot:
        band = "melee" if w.melee else (range_band(dist, w.range) or ("beyond", 0))[0]
        key = (w.name, band, light, aiming, running, prone, t_prone, t_fd, t_running, a_wounds, t_wounds)
        memo = self.memos[a.id, t.id]
        got = memo.get(key)
        if got is None:
            got = memo[key] = shot(
                a.sheet, w, t.sheet, distance=dist, light=light, my_wounds=a_wounds, their_wounds=t_wounds,
                aiming=aiming, running=running, prone=prone, target_prone=t_prone, target_full_defense=t_fd,
                target_running=t_running, cache=self.cache)
        return got

    def threat(self, i: int, *, fd: bool, running: bool, prone: bool, key: tuple | None = None) -> float:
        """Expected damage the enemies do to me at spot ``i`` before my next phase, over my damage left
        (``key``: what the numbers at ``i`` read, when spots alike in it may share the answer)."""
        return self.threat_sum(i, fd=fd, running=running, prone=prone, key=key) / self.my_left

    def threat_sum(self, i: int, *, fd: bool, running: bool, prone: bool, key: tuple | None = None) -> float:
        """:meth:`threat` before it is divided by my damage left (which it does not read otherwise)."""
        key = (i if key is None else key, fd, running, prone)
        got = self._threats.get(key)
        if got is not None:
            return got
        sp, me = self.sp, self.me
        x, y = sp.xy[i]
        light = sp.light[i]
        inner = self._inner
        out = 0.0
        for e, phases, e_walk, e_run, aiming, e_wounds, e_prone, arms in self.foes:
            best = 0.0
            flat = math.hypot(e.x - x, e.y - y)
            for w, melee, extreme in arms:
                if melee:
                    if e_prone or flat > e_run + REACH_M:
                        continue
                    d, band, e_running = 1.0, "melee", flat > e_walk + REACH_M
                else:
                    d = sp.dist[e.id][i]
                    if d > extreme + 1e-9 or not sp.sees[e.id][i]:
                        continue
                    band, e_running = (range_band(d, w.range) or ("beyond", 0))[0], False
                k2 = (e.id, w.name, band, light, fd, running, prone, e_running)
                v = inner.get(k2)
                if v is None:
                    v = inner[k2] = self._shot(e, w, me, d, light, aiming=aiming, running=e_running,
                                               prone=e_prone and not melee, t_prone=prone, t_fd=fd,
                                               t_running=running, a_wounds=e_wounds, t_wounds=self.my_wounds).expected
                if v > best:
                    best = v
            out += phases * best
        self._threats[key] = out
        return out

    def shots(self, i: int, *, aiming: bool, running: bool, prone: bool) -> list[tuple[UnitView, Shot, float]]:
        """Every attack I could make from spot ``i``: (target, shot, gain as a share of its life)."""
        out = []
        sp, me = self.sp, self.me
        for t, t_prone, t_fd, t_running, t_wounds, t_left in self.targets:
            d = sp.dist[t.id][i]
            for w in self.weapons:
                if not in_band(w, d) or (not w.melee and not sp.sees[t.id][i]):
                    continue
                s = self._shot(me, w, t, d, self.light_of[t.id], aiming=aiming, running=running, prone=prone,
                               t_prone=t_prone, t_fd=t_fd, t_running=t_running, a_wounds=self.my_wounds,
                               t_wounds=t_wounds)
                if s.p > 0:
                    out.append((t, s, s.expected / t_left))
        return out

    # -------------------------------------------------------------- options
    def options(self) -> list[Option]:
        """The best (spot, action) of each kind, in spot order: spots alike in what the odds read
        (:func:`~.groups.spot_groups`) are weighed once, of each alike group only the spot that
        scores best for each action counts, no attack under :data:`LOW_ODDS` (a walk instead of a
        run, another spot or weapon, an aim or full defense is always open), and of each kind only
        the best is made (:func:`~.groups.best_of_kinds`: the choice and the runners-up are the same)."""
        me = self.me
        found: list[tuple] = []
        ways = [(True, False)] if me.prone else []   # (prone, stood up this phase)
        ways += [(False, bool(me.prone))]
        for way, (prone, stood) in enumerate(ways):
            for group, threat_key, key, recs in self.weighing(prone):
                # no attack under LOW_ODDS: a walk instead of a run, another spot, another weapon, an aim
                # or full defense is always open, and each of them is worth more than a wasted phase
                found += weigh_group(self, group, recs, prone, stood, threat_key, FUTURE, key, way, LOW_ODDS)
        return [made(self, i, score, make) for _, score, i, make in best_of_kinds(found)]

    def weighing(self, prone: bool) -> list[tuple[list[int], tuple | None, tuple | None, list[tuple[int, float]]]]:
        """The groups of alike spots (:func:`~.groups.spot_groups`) standing or lying (``prone``), each
        with its keys and its :func:`~.groups.records` (the spots that could score best for an action).
        Kept with the spots: they read the spots, their costs (the ground's and the corrections a
        recheck made, :attr:`~.spots.Spots.fixed`), my weapons,
        how I weigh a place and the enemies' sheets (fixed by who asks)."""
        sp, pol = self.sp, self.p
        key = (prone, sp.fixed, self.weapon_names, self.melee_only, pol.keep_away)
        got = sp.kept.get(key)
        if got is not None:
            return got
        # a prone fighter fights where it lies (or stands up first); a spot whose real way is
        # longer than this phase's run is out
        members = [i for i in ((0,) if prone else range(len(sp))) if sp.cost[i] != math.inf]
        got = []
        for group, threat_key, k in spot_groups(self, members) if len(members) > 1 else \
                [(members, None, None)] if members else []:
            bases = []
            for i in group:
                # keep_away 0: 0.0 × the (finite, ≥ 0) distance is 0.0, no need to find the nearest
                away = pol.keep_away * min(min((sp.dist[e.id][i] for e in self.enemies), default=0.0), 30.0) \
                    if pol.keep_away else 0.0
                base = -MOVE_COST * sp.cost[i] + away
                if prone and self.melee_only:
                    base -= PRONE_MELEE   # down, its blows take −20 and it must get up to close in
                bases.append(base)
            # atoms (no work for the collector); the keys as their repr, a string that keeps its
            # hash, for the memos each phase asks about every group (tuples hash anew each time)
            got.append((tuple(group), None if threat_key is None else repr(threat_key), None if k is None else repr(k),
                        tuple(records(group, bases))))
        if len(sp.kept) >= 16:
            sp.kept.clear()
        sp.kept[key] = got
        return got

    def _route(self, i: int) -> tuple[list[Any], float]:
        """The moves to spot ``i`` along the safe mover's way (the engine walks through its corners)
        and their length from where I stand."""
        got = self._routes.get(i)
        if got is None:
            x, y = self.sp.xy[i]
            r = route(self.view, self.me, (x, y), budget=self.run, mv=self.mv)
            steps = list(r.steps) if r is not None else [MoveTo(x, y)]
            got = self._routes[i] = (steps, polyline(self.me, steps))
        return got

    def recheck(self, i: int) -> bool:
        """Measure the way to spot ``i``; True (and the spot's cost corrected, or the spot dropped)
        when it is not the walk or run the grid said."""
        steps, length = self._route(i)
        sp = self.sp
        was_run = sp.cost[i] > self.walk + 1e-6
        if length > self.run + 1e-6 or not steps:
            sp.cost[i] = math.inf
        elif (length > self.walk + 1e-6) != was_run:
            sp.cost[i] = length
        else:
            return False
        sp.fixed += ((i, sp.cost[i]),)
        self._threats.clear()
        self.any_attack = False
        return True

    def steps(self, i: int, stood: bool) -> list[Any]:
        """The moves to spot ``i`` (a stand-up first when ``stood``)."""
        steps: list[Any] = [Act("stand up")] if stood else []
        if i:
            steps.extend(self._route(i)[0])
        return steps

    def where(self, i: int) -> str:
        if not i:
            return ""
        sp = self.sp
        how = "run" if sp.cost[i] > self.walk + 1e-6 else "walk"
        return f" after a {sp.cost[i]:.0f} m {how} to ({sp.xy[i][0]:.0f}, {sp.xy[i][1]:.0f})"

    def note(self, t: UnitView, s: Shot, i: int, threat: float) -> str:
        d = "no defence" if s.defense is None else str(s.defense)
        return (f"{s.p:.0%} ({s.attack} vs {d}), {s.expected:.1f} dmg expected of {left(t.sheet, damage(t))} left; "
                f"me {self.sp.light[i]}, target {self.light_of[t.id]}; threat {threat * self.my_left:.1f}")


__all__ = ["Tactician", "Option", "LOW_ODDS", "FUTURE", "IMPATIENCE", "PATIENT_PHASES"]
