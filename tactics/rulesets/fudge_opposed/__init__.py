"""``fudge-opposed``: an opposed-skill combat system on four Fudge dice (seed 002; rulings in
``DECISIONS-fudge.md`` and ``docs/rules-fudge.md``).

``RULESET`` follows :class:`tactics.rules.protocol.Ruleset`. The modules, one idea each:

| module | holds |
| --- | --- |
| :mod:`.odds` | the 4dF distribution in closed form, contest odds with criticals |
| :mod:`.contest` | rolling a contest or a check into a ``Roll`` record |
| :mod:`.sheet` | the TOML sheet, validated by msgspec |
| :mod:`.ranges` | range bands, which skills an attack uses, light |
| :mod:`.conditions` | statuses and their modifiers |
| :mod:`.group` | concentrated fire and dog-pile arithmetic |
| :mod:`.turns` | initiative, the surprise round, turn instants, the turn budget |
| :mod:`.movement` | jumps, climbs, falls |
| :mod:`.attacks` | strikes, sneak attacks, group pools |
| :mod:`.manoeuvres` | trip, shove, grapple, disarm, breaking free, stances |
| :mod:`.stealth` | hiding and take-downs |
| :mod:`.estimates` | the AI's odds and expected harm |

A sheet and how the replay shows it (a whole duel on a fake World, with the
dice scripted, is in ``tests/rulesets/fudge/test_actions.py``)::

    >>> RULESET.name, RULESET.round_seconds
    ('fudge-opposed', 2.0)
    >>> sheet = RULESET.sheet_from_dict({"ruleset": "fudge-opposed", "name": "Ann", "hit_points": 10})
    >>> RULESET.presentation(sheet).bar.segments
    ['hp']

The per-encounter scratch (initiative order, pending group attacks) is kept in
``world.memo`` (a dict the engine gives each encounter; the one addition this
ruleset asks of :class:`~tactics.rules.protocol.World`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from tactics.rules.effects import Effect, Note, Refused, Status
from tactics.rules.protocol import Estimate, FallOutcome, MoverSpec, Window
from tactics.rules.records import Bar, Presentation, Roll, Standing, StatusInfo, Track

from . import attacks, conditions, manoeuvres, movement, stealth
from .catalogue import ACTIONS, ATTACKS, GRAPPLED_ALLOWED, MANOEUVRES, STANCES
from .contest import _NEW, Side, check
from .estimates import estimates as _estimates
from .estimates import Placed
from .estimates import estimates_at as _estimates_at
from .ranges import SHORT_RANGE_M, weapon_use
from .sheet import RULESET_NAME, Sheet, Weapon, sheet_from_dict, sheet_to_dict
from .state import FighterState, Intent, find_weapon, grip, intent, is_hidden, memo_of, state_of, status, weapons
from .turns import ROUND_SECONDS, FudgeSchedule, TurnBudget
from .unseen import sneaky, unseen

VERSION = "1"


class FudgeOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Encounter options (``[options]`` of an encounter file)."""

    group_attacks: bool = True
    """Concentrated fire and dog-piles for three or more identical fighters (002 · Special Rules)."""


STATUS_ICONS: list[StatusInfo] = [
    StatusInfo("prone", "prone", "prone"),
    StatusInfo("gone_to_ground", "ground", "gone to ground"),
    StatusInfo("role", "pin", "pinning", value="pinner"),
    StatusInfo("role", "pinned", "pinned", value="pinned"),
    StatusInfo("role", "hold", "holding", value="holder"),
    StatusInfo("role", "held", "held", value="held"),
    StatusInfo("hidden", "hidden", "hidden"),
    StatusInfo("full_defence", "shield", "full defence"),
    StatusInfo("jammed", "jammed", "weapon out of use"),
]


class FudgeOpposed:
    """The ruleset object; stateless (fighters' state in ``unit.state``, the encounter's in ``world.memo``)."""

    name = RULESET_NAME
    version = VERSION
    round_seconds = ROUND_SECONDS
    options_type = FudgeOptions
    actions = ACTIONS
    turn_windows = False
    """Its only window, the let-go (:func:`~.attacks.let_go_window`), is a choice, never a ``turn`` window:
    the engine need not ask :meth:`reactions` on every act (the protocol's ``reactions``)."""

    # -- sheets and presentation -------------------------------------------------
    def sheet_from_dict(self, data: dict[str, Any], source: str = "<dict>") -> Sheet:
        return sheet_from_dict(data, source)

    def sheet_to_dict(self, sheet: Sheet) -> dict[str, Any]:
        return sheet_to_dict(sheet)

    def presentation(self, sheet: Sheet) -> Presentation:
        hp = sheet.hit_points
        return Presentation(tracks=[Track("hp", hp, "health", start=hp)],
                            standings=[Standing("fighting", True), Standing("out", False)],
                            bar=Bar(["hp"], hp), statuses=list(STATUS_ICONS))

    def mover(self, sheet: Sheet) -> MoverSpec:
        move = sheet.move_m
        longest, highest = movement.jump_limits(move, running_start=True)
        return MoverSpec(running=move, swimming=move / 2, airspeed=sheet.airspeed, max_jump_m=longest,
                         max_jump_height_m=highest, max_drop_m=movement.FALL_SAFE_M)

    # -- fighters -----------------------------------------------------------------
    def new_state(self, sheet: Sheet, options: Any) -> FighterState:
        return FighterState()

    def standing(self, unit: Any) -> str:
        return "fighting" if unit.tracks.get("hp", 0) > 0 else "out"

    def progress(self, unit: Any) -> float:
        hp_max = unit.sheet.hit_points
        return min(1.0, max(0.0, 1.0 - unit.tracks.get("hp", 0) / hp_max))

    # -- time -----------------------------------------------------------------------
    def schedule(self, world: Any, units: Sequence[Any], surpriser: str | None) -> FudgeSchedule:
        return FudgeSchedule(world, units, surpriser)

    def begin_turn(self, world: Any, unit: Any, round_index: int, phase: int) -> TurnBudget | None:
        if not unit.able:
            return None
        sched = memo_of(world).schedule
        if sched is not None and not sched.acts_in(unit.id, round_index):
            return None
        st = state_of(unit)
        st.turns += 1
        st.last_round = round_index
        walk, _ = self.speeds(unit)
        return TurnBudget(walk)

    def end_turn(self, world: Any, unit: Any) -> list[Effect]:
        st = state_of(unit)
        out: list[Effect] = []
        try:
            raw = unit.status   # (full_defence is never one of status()'s folded-in keys)
        except AttributeError:
            raw = None
        if raw and raw.get("full_defence") and st.full_defence_turn < st.turns:
            out.append(Status(unit.id, {"full_defence": False}))
        if not memo_of(world).pools:
            return out   # nothing waits (resolve_ready_pools' answer, unasked)
        return out + attacks.resolve_ready_pools(world, unit)

    # -- movement numbers -----------------------------------------------------------
    def speeds(self, unit: Any) -> tuple[float, float]:
        try:
            busy = unit.status or unit.prone or unit.partner
        except AttributeError:
            busy = getattr(unit, "status", None) or getattr(unit, "prone", False) or getattr(unit, "partner", None)
        if not busy:
            walk = unit.sheet.move_m * 1.0   # no status at all: full speed (move_factor's answer, unasked)
            return walk, walk / 2
        walk = unit.sheet.move_m * conditions.move_factor(status(unit))
        return walk, walk / 2

    def reach(self, unit: Any) -> tuple[float, float]:
        return SHORT_RANGE_M, SHORT_RANGE_M

    def max_range(self, unit: Any, weapon: Any, action: str) -> float:
        w = weapon if isinstance(weapon, Weapon) else find_weapon(unit, weapon)
        return SHORT_RANGE_M if isinstance(w, str) else w.reach_m

    def jump_limits(self, unit: Any, running_start: bool) -> tuple[float, float]:
        return movement.jump_limits(unit.sheet.move_m, running_start)

    def jump_check(self, world: Any, unit: Any, needed: float, limit: float) -> Roll | None:
        if not movement.jump_needs_roll(needed, limit):
            return None
        return check(world.dice, self._side(unit, "Athletics"), movement.JUMP_DIFFICULTY, [("near the limit", 1)])

    def climb(self, unit: Any, surface: str) -> tuple[int, float]:
        return movement.climb_numbers(surface, unit.sheet.move_m)

    def climb_check(self, world: Any, unit: Any, surface: str) -> Roll:
        difficulty, _ = self.climb(unit, surface)
        return check(world.dice, self._side(unit, "Athletics"), difficulty, [(surface, difficulty)])

    def fall(self, world: Any, unit: Any, height: float, into_water: bool, difficulty: int | None) -> FallOutcome:
        full = movement.fall_harm(height, into_water)
        if full == 0:
            return FallOutcome("none", None, {})
        d = movement.fall_difficulty(height)
        roll = check(world.dice, self._side(unit, "Athletics"), d, [(f"fall {height:.1f} m", d)])
        harm = movement.fall_harm(height, into_water, halved=roll.success)
        return FallOutcome("halved" if roll.success else "full", roll, {"hp": -harm} if harm else {})

    def airspeed_after(self, current: float, base: float, climbed_m: float, descended_m: float) -> float:
        return current

    def _side(self, unit: Any, skill: str) -> Side:
        return Side(unit.id, skill, unit.sheet.skill(skill), conditions.roll_mods(status(unit), skill))

    # -- actions ----------------------------------------------------------------------
    def reactions(self, world: Any, unit: Any, act: Any) -> list[Window]:
        """An attack on a pinner or holder opens its let-go window (asked in :meth:`act`)."""
        it = intent(act)
        info = ACTIONS.get(it.action)
        if info is None or info.targets != "enemy" or it.target is None:
            return []
        try:
            target = world.unit(it.target)
        except KeyError:
            return []
        if grip(target) not in ("pinner", "holder"):
            return []   # (let_go_window's answer, without copying the target's statuses)
        win = attacks.let_go_window(target, unit, it.action)
        return [win] if win else []

    def check(self, world: Any, unit: Any, act: Any) -> str | None:
        return self._verdict(world, unit, intent(act), status(unit))[0]

    def _verdict(self, world: Any, unit: Any, it: Intent, st: dict[str, Any]
                 ) -> tuple[str | None, Weapon | None, Any, attacks.Seen | None]:
        """(why not, or None; the weapon, its use and what was read on the way when an attack is
        allowed): :meth:`check` with what it found, so :meth:`act` does not look it all up again
        (``st``: ``unit``'s statuses)."""
        info = ACTIONS.get(it.action)
        if info is None:
            return f"unknown action {it.action!r}; known: {', '.join(ACTIONS)}", None, None, None
        if not unit.able:
            return "out of the fight", None, None, None
        r = conditions.role(st)
        if r and it.action not in GRAPPLED_ALLOWED[r]:
            return f"{r}: may only {' or '.join(GRAPPLED_ALLOWED[r])}", None, None, None
        if it.action == "break_free" and r not in ("pinned", "held"):
            return "not pinned or held", None, None, None
        if it.action == "let_go" and r not in ("pinner", "holder"):
            return "holds nobody", None, None, None
        if it.action == "hide" and st.get("hidden"):
            return "already hidden", None, None, None
        if info.targets != "enemy":
            return None, None, None, None
        if it.target is None:
            return f"{it.action} needs a target", None, None, None
        try:
            target = world.unit(it.target)
        except KeyError:
            return f"no fighter {it.target!r}", None, None, None
        if target.team == unit.team:
            return f"{target.name} is on the same side", None, None, None
        if not target.able:
            return f"{target.name} is out of the fight", None, None, None
        if is_hidden(target):
            return f"{target.name} is hidden", None, None, None
        distance = world.distance(unit, target)
        if it.action == "takedown" and memo_of(world).initiative_rolled:
            return "a take-down comes only before initiative is rolled", None, None, None
        if it.action in MANOEUVRES or it.action == "takedown":
            return (None if distance < SHORT_RANGE_M else f"{it.action} reaches only under {SHORT_RANGE_M:g} m"), None, None, None
        usable = weapons(unit)
        weapon = find_weapon(unit, it.weapon, (it.action == "shoot") if it.weapon is None else None, usable)
        if isinstance(weapon, str):
            return weapon, None, None, None
        use = weapon_use(weapon, distance)
        if isinstance(use, str):
            return use, None, None, None
        if use.skill == "Marksmanship" and not world.line_of_sight(unit, target):
            return f"no line of sight to {target.name}", None, None, None
        return None, weapon, use, _NEW(attacks.Seen, (st, usable, distance))

    def act(self, world: Any, unit: Any, act: Any, budget: Any, turn: Any) -> list[Effect]:
        it = intent(act)
        st = status(unit)   # nothing below is applied before act returns: read once
        why, weapon, use, seen = self._verdict(world, unit, it, st)
        if why:
            return [Refused(unit.id, f"{it.action}: {why}")]
        info = ACTIONS[it.action]
        effects: list[Effect] = []
        if it.action == "run":
            if budget is not None and budget.actions < 1:
                return [Refused(unit.id, "run: the turn's action is spent")]
            if budget is not None:
                budget.run()
            return [Note(unit.id, "runs: a second move instead of an action")]
        if not info.quick:
            if budget is not None and not budget.spend():
                return [Refused(unit.id, f"{it.action}: the turn's action is spent")]
            if st.get("full_defence") and it.action != "full_defence":
                effects.append(Status(unit.id, {"full_defence": False}))
        target = world.unit(it.target) if it.target is not None and info.targets == "enemy" else None
        if it.action in ATTACKS:
            effects += attacks.attack(world, unit, target, it.weapon, it.action == "shoot", it.action,
                                      found=(weapon, use) if weapon is not None else None, seen=seen)
        elif it.action in MANOEUVRES:
            effects += manoeuvres.manoeuvre(world, unit, target, it)
        elif it.action == "takedown":
            effects += stealth.takedown(world, unit, target, it)
        elif it.action == "hide":
            effects += stealth.hide(world, unit)
        elif it.action == "break_free":
            effects += manoeuvres.break_free(world, unit, it)
        elif it.action == "let_go":
            effects += manoeuvres.let_go(world, unit)
        elif it.action in STANCES:
            effects += manoeuvres.stance(world, unit, it)
        return effects

    # -- the AI's estimates -------------------------------------------------------------
    def estimates(self, world: Any, unit: Any, target: Any) -> list[Estimate]:
        """Attacks and manoeuvres on ``target``; each ``act`` is a plain dict (see :mod:`.estimates`)."""
        if is_hidden(target) or not target.able:
            return []
        return sneaky(world, unit, target, _estimates(world, unit, target))

    def estimates_at(self, world: Any, unit: Any, target: Any, at: tuple[float, float, float]) -> list[Estimate]:
        """:meth:`estimates` as if ``unit`` stood at ``at`` (the optional seam the planner asks after a move)."""
        if is_hidden(target) or not target.able:
            return []
        return sneaky(world, Placed(unit, at), target, _estimates_at(world, unit, target, at))

    unseen = staticmethod(unseen)  # (world, unit, act): P(no enemy can target unit after act), :mod:`.unseen`


def _engine_glue(cls: type) -> None:
    """The protocol's methods this system has nothing of its own for (docs/rules-fudge.md)."""

    def is_sheet(self: Any, sheet: Any) -> bool:
        return isinstance(sheet, Sheet)

    def begin_reaction(self: Any, world: Any, unit: Any, window: Window) -> TurnBudget:
        # no prepared reaction turns here: a pinner letting go is a choice window (attacks.py)
        return TurnBudget(unit.sheet.move_m)

    def ambush(self: Any, world: Any, stalker: Any, target: Any) -> tuple[bool, list[Effect]]:
        # surprise comes from fighters marked as expecting the fight (turns.py), not from a roll here
        return False, []

    def move_refusal(self: Any, world: Any, unit: Any) -> str | None:
        # a pinned or held fighter's budget has no metres (turns.py); the pinner and holder lead
        return None

    for f in (is_sheet, begin_reaction, ambush, move_refusal):
        setattr(cls, f.__name__, f)


_engine_glue(FudgeOpposed)

RULESET = FudgeOpposed()

__all__ = ["RULESET", "VERSION", "FudgeOpposed", "FudgeOptions", "STATUS_ICONS", "Sheet", "Weapon", "FighterState"]
