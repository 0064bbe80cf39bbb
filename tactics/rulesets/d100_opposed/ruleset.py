"""The ``d100-opposed`` ruleset object: what the engine asks, answered from the pieces.

Every rule lives in a module of its own (``checks``, ``damage``, ``odds``,
``modifiers``, ``schedule``, ``state``, ``movement``, ``attack``, ``sheet``);
this class only wires them to :class:`~tactics.rules.protocol.Ruleset`.
An action turn is 3 s and holds up to four action phases; the engine's
"turn" is one phase (``slots`` gives each fighter's phases)::

    >>> from tactics.rulesets.d100_opposed import RULESET
    >>> RULESET.name, RULESET.round_seconds, sorted(RULESET.actions)[:3]
    ('d100-opposed', 3.0, ['aim', 'draw weapon', 'drop prone'])

Acts are read by attribute or key (``action``, ``target``, ``weapon``,
``options``), so the engine's ``Act`` and a plain dict both work.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tactics.rules.effects import Check, Effect, Refused, Status
from tactics.rules.protocol import (
    ActionInfo, Budget, Estimate, FallOutcome, MoverSpec, Turn, Unit, Window, World,
)
from tactics.rules.records import Bar, Presentation, Roll, Standing, StatusInfo, Track
from tactics.rulesets.d100_opposed import attack as attacks
from tactics.rulesets.d100_opposed import movement
from tactics.rulesets.d100_opposed.checks import attack_hits, test
from tactics.rulesets.d100_opposed.damage import DEAD, FIGHTING, INCAPACITATED, standing_for, wounds_from
from tactics.rulesets.d100_opposed.modifiers import common_mods, total
from tactics.rulesets.d100_opposed.odds import expected_damage, p_hit
from tactics.rulesets.d100_opposed.placed import estimates_at as _estimates_at
from tactics.rulesets.d100_opposed.schedule import ACTION_TURN_S, PhaseSchedule
from tactics.rulesets.d100_opposed.sheet import RULESET_NAME, Sheet, Weapon, sheet_from_dict, sheet_to_dict
from tactics.rulesets.d100_opposed.state import FighterState, Options, PhaseBudget

try:  # the plan's Act lives in tactics.rules once the engine's seam is merged; a plain dict until then
    from tactics.rules.plan import Act as _Act  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - depends on the branch
    _Act = None

REACH_M = 2.0
MAX_WOUNDS_SHOWN = 9
AIM = "aim"
"""The aim action's name (the AI plans it by this constant)."""

ACTIONS: dict[str, ActionInfo] = {
    "melee attack": ActionInfo("melee attack", "melee", "enemy",
                               "003 · step 1 (declare attack), step 2 (melee defence)"),
    "ranged attack": ActionInfo("ranged attack", "ranged", "enemy",
                                "003 · step 1 (declare attack), step 2 (half Fray at range)"),
    "full defense": ActionInfo("full defense", "other", "none", "003 · step 2 (full defense)"),
    AIM: ActionInfo(AIM, "other", "none", "DECISIONS-d100 · Attacks (aim)", quick=True),
    "stand up": ActionInfo("stand up", "other", "none", "DECISIONS-d100 · Time and turns (quick actions)",
                           quick=True),
    "drop prone": ActionInfo("drop prone", "other", "none", "DECISIONS-d100 · Time and turns (quick actions)",
                             quick=True),
    "draw weapon": ActionInfo("draw weapon", "other", "none", "DECISIONS-d100 · Time and turns (quick actions)",
                              quick=True, policy_usable=False),
}


def make_act(action: str, target: str | None = None, weapon: str | None = None) -> Any:
    """The act an estimate proposes: ``tactics.rules.plan.Act`` where it exists, else a dict."""
    if _Act is not None:
        return _Act(action, target=target, weapon=weapon, options={})
    return dict(action=action, target=target, weapon=weapon, options={})


def field_of(act: Any, name: str, default: Any = None) -> Any:
    """``act.name`` or ``act[name]``: the engine's Act and a plain dict alike."""
    if type(act) is _Act:   # the common case, without the abstract Mapping check
        return getattr(act, name, default)
    if isinstance(act, Mapping):
        return act.get(name, default)
    return getattr(act, name, default)


class D100Opposed:
    """The d100 opposed-test combat system (seed 003, rulings DECISIONS-d100)."""

    name = RULESET_NAME
    version = "1"
    round_seconds = ACTION_TURN_S
    options_type = Options
    actions: Mapping[str, ActionInfo] = ACTIONS
    turn_windows = False
    """Its only window, the defender's choice of skill (:func:`~.attack.defense_window`), is a choice,
    never a ``turn`` window: the engine need not ask :meth:`reactions` on every act."""

    # -- sheets and presentation -------------------------------------------------
    def sheet_from_dict(self, data: dict[str, Any], source: str = "<dict>") -> Sheet:
        return sheet_from_dict(data, source)

    def sheet_to_dict(self, sheet: Sheet) -> dict[str, Any]:
        return sheet_to_dict(sheet)

    def is_sheet(self, sheet: Any) -> bool:
        return isinstance(sheet, Sheet)

    def presentation(self, sheet: Sheet) -> Presentation:
        """Damage up to the Death Rating with ticks at Durability and DR; wounds as a count."""
        dr = sheet.death_rating_value
        return Presentation(
            tracks=[Track("damage", dr, "harm"), Track("wounds", MAX_WOUNDS_SHOWN, "count")],
            standings=[Standing(FIGHTING, True), Standing(INCAPACITATED, False), Standing(DEAD, False)],
            bar=Bar(["damage"], dr, marks=[("durability", sheet.durability), ("death", dr)]),
            statuses=[
                StatusInfo("prone", "prone", "prone"),
                StatusInfo("full_defense", "shield", "full defense"),
                StatusInfo("aiming", "aim", "aiming"),
                StatusInfo("running", "run", "running"),
            ],
        )

    def mover(self, sheet: Sheet) -> MoverSpec:
        """Metres per phase (the engine's turn): running pace, swimming, flight; jumps as ``walk``."""
        s = sheet.speed
        longest, highest = movement.jump_limits(sheet.walk, running_start=True)
        return MoverSpec(running=sheet.run / s, swimming=sheet.swim_value / s, airspeed=sheet.airspeed / s,
                         max_jump_m=longest, max_jump_height_m=highest, max_drop_m=movement.FALL_STEP_M)

    # -- fighters ----------------------------------------------------------------
    def new_state(self, sheet: Sheet, options: Any, evading: bool = False) -> FighterState:
        """Fresh rule state; ``evading``: it starts the fight on full defense (until its first phase)."""
        st = FighterState(full_defense=evading)
        st.shown["full_defense"] = evading
        return st

    def standing(self, unit: Unit) -> str:
        s: Sheet = unit.sheet
        return standing_for(int(unit.tracks.get("damage", 0)), s.durability, s.death_rating_value)

    def progress(self, unit: Unit) -> float:
        """Damage over Durability + 1 (the damage that incapacitates), 1 once out."""
        if self.standing(unit) != FIGHTING:
            return 1.0
        return min(1.0, int(unit.tracks.get("damage", 0)) / (unit.sheet.durability + 1))

    # -- time --------------------------------------------------------------------
    def schedule(self, world: World, units: Sequence[Unit], surpriser: str | None) -> PhaseSchedule:
        sched = PhaseSchedule(surpriser=surpriser, turn_s=self.round_seconds)
        for u in units:
            sched.add(u)
        return sched

    def begin_turn(self, world: World, unit: Unit, round_index: int, phase: int) -> PhaseBudget | None:
        """A phase begins: full defense, running end; surprise is over (DECISIONS-d100 · Time and turns)."""
        if not unit.able:
            return None
        st = attacks.state_of(unit)
        st.full_defense = False
        st.running = False
        st.acted = True
        return self._budget(unit, st)

    def begin_reaction(self, world: World, unit: Unit, window: Window) -> PhaseBudget:
        """d100 opens no reaction turns (a defence is a test inside the attack); should one be
        asked for, it is an ordinary phase's allowance that changes nothing of the fighter's phase."""
        return self._budget(unit, attacks.state_of(unit))

    def ambush(self, world: World, stalker: Unit, target: Unit) -> tuple[bool, list[Effect]]:
        """Before the fight: the stalker's Infiltration against the target's Perception, an opposed
        test read as an attack's (003 · step 5): the stalker must succeed and beat the watcher."""
        mine = [stalker.sheet.skill("Infiltration"), *common_mods(False, attacks.wounds_of(stalker))]
        theirs = [target.sheet.skill("Perception"), *common_mods(False, attacks.wounds_of(target))]
        a = test(world.dice.d100(), total(mine))
        d = test(world.dice.d100(), total(theirs))
        unseen = attack_hits(a, d)
        roll = attacks.d100_roll(a, mine, vs=attacks.d100_roll(d, theirs), vs_who=target.id)
        return unseen, [Check(stalker.id, "ambush: Infiltration vs Perception", roll)]

    def move_refusal(self, world: World, unit: Unit) -> str | None:
        """Nothing in d100 holds a fighter in place (no grappling); the budget caps the metres."""
        return None

    def _budget(self, unit: Unit, st: FighterState) -> PhaseBudget:
        s: Sheet = unit.sheet
        return PhaseBudget(unit.id, st, walk_limit=s.walk / s.speed, run_limit=s.run / s.speed,
                           swim_m=s.swim_value / s.speed, air_m=s.airspeed / s.speed)

    def end_turn(self, world: World, unit: Unit) -> list[Effect]:
        """The status icons that changed at this phase's start (full defense, running ended)."""
        changes = attacks.state_of(unit).status_changes()
        return [Status(unit.id, changes)] if changes else []

    # -- movement numbers --------------------------------------------------------
    def speeds(self, unit: Unit) -> tuple[float, float]:
        s: Sheet = unit.sheet
        return s.run / s.speed, s.swim_value / s.speed

    def reach(self, unit: Unit) -> tuple[float, float]:
        return REACH_M, REACH_M

    def max_range(self, unit: Unit, weapon: Any, action: str) -> float:
        w = weapon if isinstance(weapon, Weapon) else self._weapon(unit, weapon, action)
        if w is None or w.range is None:
            return REACH_M
        return float(w.range.extreme)

    def jump_limits(self, unit: Unit, running_start: bool) -> tuple[float, float]:
        return movement.jump_limits(unit.sheet.walk, running_start)

    def jump_check(self, world: World, unit: Unit, needed: float, limit: float) -> Check | None:
        """A Freerunning test for a jump within 1 m of its limit (DECISIONS-d100 · Movement on the map)."""
        if not movement.jump_needs_test(needed, limit):
            return None
        return Check(unit.id, "Freerunning: jump", self._test(world, unit, "Freerunning", []))

    def climb(self, unit: Unit, surface: str) -> tuple[int, float]:
        """(modifier to the Climbing test, metres per phase) of ``surface``."""
        return movement.climb_profile(surface)

    def climb_check(self, world: World, unit: Unit, surface: str) -> Check:
        """A Climbing test for a phase spent climbing, the surface modifying it; failure is a fall."""
        mod, _ = movement.climb_profile(surface)
        return Check(unit.id, f"Climbing: {surface}", self._test(world, unit, "Climbing", [(surface, mod)] if mod else []))

    def fall(self, world: World, unit: Unit, height: float, into_water: bool, difficulty: int | None) -> FallOutcome:
        """1d10 per full 3 m, halved into deep water; armor does not help; wounds as any harm."""
        n = movement.fall_dice(height)
        if n == 0:
            return FallOutcome("unhurt", None, {})
        faces = [world.dice.die(movement.FALL_DIE) for _ in range(n)]
        dv = movement.fall_damage(faces, into_water)
        mods = [("halved in water", dv - sum(faces))] if into_water else []
        roll = Roll(dice=f"{n}d10", faces=faces, total=dv, success=True, mods=mods)
        if dv <= 0:
            return FallOutcome("unhurt", roll, {})
        s: Sheet = unit.sheet
        harm = {"damage": dv, "wounds": wounds_from(dv, s.wound_threshold_value)}
        after = standing_for(int(unit.tracks.get("damage", 0)) + dv, s.durability, s.death_rating_value)
        return FallOutcome("hurt" if after == FIGHTING else after, roll, harm)

    def airspeed_after(self, current: float, base: float, climbed_m: float, descended_m: float) -> float:
        """Flight keeps its airspeed (DECISIONS-d100 · Movement on the map)."""
        return current

    # -- actions -----------------------------------------------------------------
    def reactions(self, world: World, unit: Unit, act: Any) -> list[Window]:
        """The defender's choice of skill against a melee attack (003 · step 2)."""
        action, tid = field_of(act, "action"), field_of(act, "target")
        target = world.unit(tid) if tid is not None else None
        if action != "melee attack" or target is None:
            return []
        window = attacks.defense_window(world, unit, target, action)
        return [window] if window else []

    def check(self, world: World, unit: Unit, act: Any) -> str | None:
        return self._checked(world, unit, act, field_of(act, "action"))[0]

    def _checked(self, world: World, unit: Unit, act: Any, action: Any) -> tuple[str | None, Any, Any]:
        """:meth:`check`'s answer, with an attack's target and weapon (both None for other acts)."""
        info = ACTIONS.get(action)
        if info is None:
            return f"unknown action {action!r}; known: {', '.join(ACTIONS)}", None, None
        if not unit.able:
            return f"{unit.name} is {self.standing(unit)}", None, None
        if info.kind in ("melee", "ranged"):
            return self._attack_checked(world, unit, act, action)
        if action == "stand up" and not unit.prone:
            return "not prone", None, None
        if action == "drop prone" and unit.prone:
            return "already prone", None, None
        wname = field_of(act, "weapon")
        if action == "draw weapon" and wname is not None and unit.sheet.weapon(wname) is None:
            return f"no weapon {wname!r} on the sheet", None, None
        return None, None, None

    def act(self, world: World, unit: Unit, act: Any, budget: Budget, turn: Turn) -> list[Effect]:
        action = field_of(act, "action")
        why, target, weapon = self._checked(world, unit, act, action)
        if why is None and isinstance(budget, PhaseBudget):
            why = budget.spend(ACTIONS[action].quick)
        if why is not None:
            return [Refused(unit.id, f"{action}: {why}")]
        st = attacks.state_of(unit)
        if weapon is not None:   # an attack (003 · steps 1-8), target and weapon as the check found them
            window = attacks.defense_window(world, unit, target, action)
            choice = world.ask(target, window) if window else None
            setup = attacks.prepare(world, unit, target, weapon, choice)
            return attacks.resolve(world, unit, target, setup, world.options or Options())
        if action == "full defense":
            st.full_defense = True
        elif action == "aim":
            st.aiming = True
        elif action == "stand up":
            return [Status(unit.id, {"prone": False})]
        elif action == "drop prone":
            return [Status(unit.id, {"prone": True})]
        elif action == "draw weapon":   # no weapon named: the first on the sheet
            st.weapon = field_of(act, "weapon") or unit.sheet.arms[0].name
            return [Status(unit.id, {"weapon": st.weapon})]
        changes = st.status_changes()
        return [Status(unit.id, changes)] if changes else []

    # -- the AI's estimates ------------------------------------------------------
    def estimates(self, world: World, unit: Unit, target: Unit) -> list[Estimate]:
        """Each weapon that can reach ``target`` from here: exact P(hit), expected modified DV of a
        hit, and its share of what is left to incapacitate the target; best first."""
        out: list[Estimate] = []
        damage = int(target.tracks.get("damage", 0))
        left = max(1, target.sheet.durability + 1 - damage)
        for w in unit.sheet.arms:
            action = "melee attack" if w.melee else "ranged attack"
            act = make_act(action, target.id, w.name)
            if self._attack_problem(world, unit, act, action) is not None:
                continue
            setup = attacks.prepare(world, unit, target, w)
            a, d = setup.attack_target, setup.defense_target
            p = p_hit(a, d)
            harm = expected_damage(a, d, w.damage, setup.armor, w.ap)
            note = f"{a} vs {'no defence' if d is None else d}"
            out.append(Estimate(action, w.name, p, harm, min(1.0, harm / left), act, note))
        out.sort(key=lambda e: -e.value)
        return out

    def estimates_at(self, world: World, unit: Unit, target: Unit, at: tuple[float, float, float]) -> list[Estimate]:
        """:meth:`estimates` as if ``unit`` stood at ``at`` (the optional seam the planner asks after a move)."""
        return _estimates_at(self.estimates, world, unit, target, at)

    # -- helpers -----------------------------------------------------------------
    def _weapon(self, unit: Unit, name: str | None, action: str) -> Weapon | None:
        """The named weapon, or the one with the best target number for ``action``."""
        melee = action == "melee attack"
        if name is not None:   # the sheet's own weapons first: bare hands (``arms``) come after them
            for w in unit.sheet.weapons:
                if w.name == name and w.melee == melee:
                    return w
        arms = [w for w in unit.sheet.arms if w.melee == melee]
        if name is not None:
            return next((w for w in arms if w.name == name), None)
        if not arms:
            return None
        return max(arms, key=lambda w: unit.sheet.skill(w.skill)[1])

    def _attack_problem(self, world: World, unit: Unit, act: Any, action: str) -> str | None:
        return self._attack_checked(world, unit, act, action)[0]

    def _attack_checked(self, world: World, unit: Unit, act: Any, action: str) -> tuple[str | None, Any, Any]:
        """Why the attack cannot be made, or None with its target and weapon."""
        tid = field_of(act, "target")
        if tid is None:
            return "needs a target", None, None
        try:
            target = world.unit(tid)
        except KeyError:
            target = None
        if target is None:
            return f"no fighter {tid!r}", None, None
        if not target.able:
            return f"{target.name} is already out of the fight", None, None
        wname = field_of(act, "weapon")
        weapon = self._weapon(unit, wname, action)
        if weapon is None:
            kind = "melee" if action == "melee attack" else "ranged"
            return (f"no {kind} weapon {wname!r}" if wname else f"no {kind} weapon"), None, None
        distance = world.distance(unit, target)
        if weapon.melee:
            if distance <= REACH_M + 1e-9:
                return None, target, weapon
            return f"{target.name} is {distance:.1f} m away, beyond reach", None, None
        if distance > weapon.range.extreme + 1e-9:
            return f"{target.name} is {distance:.1f} m away, beyond {weapon.name}'s extreme range", None, None
        if not world.line_of_sight(unit, target):
            return f"no line of sight to {target.name}", None, None
        return None, target, weapon

    def _test(self, world: World, unit: Unit, skill: str, mods: list[tuple[str, int]]) -> Roll:
        st = attacks.state_of(unit)
        parts = [unit.sheet.skill(skill), *mods, *common_mods(st.running, attacks.wounds_of(unit))]
        return attacks.d100_roll(test(world.dice.d100(), total(parts)), parts)


RULESET = D100Opposed()

__all__ = ["ACTIONS", "AIM", "REACH_M", "D100Opposed", "RULESET", "field_of", "make_act"]
