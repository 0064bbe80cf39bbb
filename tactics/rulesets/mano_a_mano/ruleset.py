"""Mano a Mano as a :class:`~tactics.rules.protocol.Ruleset`: the one door the engine asks.

    >>> RULESET.name, RULESET.round_seconds
    ('mano-a-mano', 1.0)
    >>> from tactics.rulesets.mano_a_mano.load import load_character
    >>> p = RULESET.presentation(load_character("assets/characters/steven.toml"))
    >>> [t.name for t in p.tracks], p.bar.marks
    (['stun', 'damage'], [('toughness', 6)])

Tracks are ``stun`` and ``damage`` (000 · Health); standings healthy,
injured and incapacitated (only the last stops a fighter). The pieces live
in their own modules: :mod:`.resolve` (actions as effects), :mod:`.turns`
(initiative, cadence, recovery, checks), :mod:`.state` (rule state and the
combo), :mod:`.estimates` (the AI's odds).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import msgspec

from tactics.rules.effects import Effect
from tactics.rules.protocol import ActionInfo, FallOutcome, MoverSpec, Window
from tactics.rules.records import Bar, Presentation, Roll, Standing, StatusInfo, Track

from . import act_odds as _act_odds
from . import estimates as _estimates
from . import resolve as _resolve
from . import turns as _turns
from .actions import ACTIONS
from .character import Character
from .falls import FALL_DIFFICULTY, fall_severity, resolve_fall
from .health import health_state
from .load import character_from_dict
from .movement import airspeed_after, climb_profile, max_jump
from .state import FighterState, speeds
from .mounts import VEHICLE, kind_of
from .vehicles import RAM, RAM_SOURCE

VERSION = "1"

RUN_UP_M = 2.0
"""A running start: straight metres toward the take-off (DECISIONS · Jumping)."""

STANDINGS = [Standing("healthy", True), Standing("injured", True), Standing("incapacitated", False)]
STATUSES = [
    StatusInfo("prone", "prone", "on the ground"),
    StatusInfo("partner", "grapple", "grappling"),
    StatusInfo("prepared", "counter", "counter ready", "counter"),
    StatusInfo("aiming", "aim", "aiming"),
    StatusInfo("drawn", "bow", "bow drawn"),
    StatusInfo("climbing", "climb", "climbing"),
    StatusInfo("defense_bonus", "shield", "defending"),
]
_KIND = {"strike": "melee", "grapple": "melee", "throw": "ranged", "shot": "ranged", "other": "other"}
_TARGETS = {"cover": "ally", "delay": "ally"}


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Mano a Mano's encounter options (DECISIONS · Dice and success; 000 · Attacking · Charging)."""

    random_damage: bool = False
    critical_hit: bool = False
    charging: bool = True
    """Charging attacks add power; off for experiments."""


def _catalogue() -> Mapping[str, ActionInfo]:
    out = {name: ActionInfo(name, _KIND[s.kind], _TARGETS.get(name, "enemy" if s.kind != "other" else "none"),
                            s.source, s.quick) for name, s in ACTIONS.items()}
    out["prepare counter"] = ActionInfo("prepare counter", "other", "none", "000 · Rounds", False)
    out[RAM] = ActionInfo(RAM, "melee", "enemy", RAM_SOURCE, False)
    return MappingProxyType(out)


def _roll_of(r: Any) -> Roll | None:
    """A pure-rules :class:`~.rolls.RollResult` as a roll record."""
    if r is None:
        return None
    mods = [(m[0], int(m[1])) for m in r.modifiers]
    dmods = [(m[0], int(m[1])) for m in r.difficulty_mods]
    return _resolve.d20_roll(r.die, mods, r.difficulty, dmods, r.success)


class ManoAMano:
    """Mano a Mano (000): d20 success rolls, stun and damage, combos of quick actions."""

    name = "mano-a-mano"
    version = VERSION
    round_seconds = 1.0
    options_type = Options
    walls_hurt = True
    """Pushed or thrown into a wall: harm as a fall onto it (000 · Grappling, the last paragraph)."""
    actions = _catalogue()

    # sheets and presentation ---------------------------------------------
    def sheet_from_dict(self, data: dict[str, Any], source: str = "<dict>") -> Character:
        return character_from_dict(data, source)

    def sheet_to_dict(self, sheet: Character) -> dict[str, Any]:
        return sheet.to_dict()

    def is_sheet(self, sheet: Any) -> bool:
        return isinstance(sheet, Character)

    def acts_alone(self, sheet: Character) -> bool:
        """A vehicle never acts by itself (000 · Vehicles): it keeps no team in the fight."""
        return kind_of(sheet) != VEHICLE

    def presentation(self, sheet: Character) -> Presentation:
        s = sheet.stamina
        return Presentation(tracks=[Track("stun", s, "temporary"), Track("damage", s, "harm")], standings=STANDINGS,
                            bar=Bar(["damage", "stun"], s, [("toughness", sheet.toughness)]), statuses=STATUSES)

    def mover(self, sheet: Character) -> MoverSpec:
        # the longest jump: the full running after a 2 m straight run-up, which may end the last turn
        # (DECISIONS · More rulings · Running start across turns; the engine lines it up, tactics.sim.runup);
        # drops as high as the highest jump land safely
        run = float(sheet.running or 0)
        return MoverSpec(running=run, swimming=float(sheet.swimming or 0), airspeed=float(sheet.airspeed or 0),
                         max_jump_m=run, max_jump_height_m=run / 2,
                         max_drop_m=max(run / 2, 0.5))

    # fighters ----------------------------------------------------------------
    def new_state(self, sheet: Character, options: Any, evading: bool = False) -> FighterState:
        return FighterState.of(sheet, evading)

    def standing(self, unit: Any) -> str:
        ch = unit.sheet
        t = unit.tracks
        return health_state(t["stun"], t["damage"], ch.toughness, ch.stamina)

    def progress(self, unit: Any) -> float:
        t = unit.tracks
        return min(1.0, (t["damage"] + t["stun"]) / max(1, unit.sheet.stamina))

    # time ----------------------------------------------------------------------
    def schedule(self, world: Any, units: list[Any], surpriser: str | None) -> _turns.FixedSchedule:
        return _turns.schedule(world, units, surpriser)

    begin_turn = staticmethod(_turns.begin_turn)
    end_turn = staticmethod(_turns.end_turn)

    def begin_reaction(self, world: Any, unit: Any, window: Window) -> Any:
        return _turns.reaction_budget(world, unit)

    def ambush(self, world: Any, stalker: Any, target: Any) -> tuple[bool, list[Effect]]:
        return _turns.ambush(world, stalker, target)

    # movement numbers ----------------------------------------------------------
    def speeds(self, unit: Any) -> tuple[float, float]:
        riding = unit.state.riding if getattr(unit, "carrier", None) is not None else None
        if riding is not None:
            return speeds(riding, False)  # a rider moves at its mount's pace (.mounts)
        prone = unit.prone
        known = unit.state.speeds  # the sheet's speeds, worked out once per fighter (as budget_for does)
        got = known.get(prone)
        if got is None:
            got = known[prone] = speeds(unit.sheet, prone)
        return got

    def reach(self, unit: Any) -> tuple[float, float]:
        return _resolve.MELEE_REACH_M, _resolve.MELEE_REACH_UP_M

    max_range = staticmethod(_resolve.max_range)

    def jump_limits(self, unit: Any, running_start: bool) -> tuple[float, float]:
        return max_jump(unit.sheet.running, running_start)

    jump_check = staticmethod(_turns.jump_check)
    climb_check = staticmethod(_turns.climb_check)

    def climb(self, unit: Any, surface: str) -> tuple[int, float]:
        return climb_profile(surface, unit.sheet.running)

    def fall(self, world: Any, unit: Any, height: float, into_water: bool, difficulty: int | None) -> FallOutcome:
        """A fall from a height (DECISIONS · Falls from a height): knock-down, dangerous or lethal."""
        severity = fall_severity(height, into_water)
        die = world.dice.d20() if severity != "knockdown" else None
        res = resolve_fall(unit.sheet, height, die, difficulty=FALL_DIFFICULTY if difficulty is None else difficulty,
                           into_water=into_water)
        hurt = {}
        if res.damage:
            hurt["damage"] = res.damage
        if res.stun:
            hurt["stun"] = res.stun
        if hurt:
            unit.state.aim_bonus = 0
        return FallOutcome(severity, _roll_of(res.roll), hurt)

    def flight_limits(self, unit: Any) -> tuple[float, float]:
        """Metres a flyer may climb and safely dive per TURN: half its airspeed each
        (000 · Movement · Flying; DECISIONS · Movement · Flying)."""
        half = float(unit.sheet.airspeed or 0) / 2
        return half, half

    def airspeed_after(self, current: float, base: float, climbed_m: float, descended_m: float) -> float:
        return airspeed_after(current, base, climbed_m=climbed_m, descended_m=descended_m)

    def move_refusal(self, world: Any, unit: Any) -> str | None:
        """Only the dominant grappler moves the pair (000 · Grappling)."""
        if unit.partner is not None and unit.role != "dominant":
            return "only the dominant grappler moves the pair"
        return None

    # actions -------------------------------------------------------------------
    def reactions(self, world: Any, unit: Any, act: Any) -> list[Window]:
        """An attack on a fighter with a prepared counter lets it act first (000 · Rounds)."""
        target = act.target
        if not target:
            return []
        t = world.unit(target)  # (the target first: a counter prepared is rare, and every test must pass)
        if t is None or t.prepared != "counter" or not t.able:
            return []
        spec = ACTIONS.get(act.action)
        if spec is None or spec.kind == "other":
            return []
        return [Window("counter", t.id, unit.id, act.action, turn=True, note=f"counter-attacks {unit.name}")]

    act = staticmethod(_resolve.act)

    check = staticmethod(_estimates.refusal)  # (world, unit, act): why it would be refused now, or None
    estimates = staticmethod(_estimates.estimates)  # (world, unit, target): plain attacks, best first
    estimate_act = staticmethod(_act_odds.estimate_act)  # (world, unit, act): that exact attack, or None


def _keep_old_names() -> None:
    """The pure functions the first releases' ``Ruleset`` object carried, still answered here
    (``MANO_A_MANO.split_power(5, "blunt")``) for scripts written against it."""
    from . import actions, attack, falls, health, movement, rolls, stances, throws
    from tactics.rules import ranged

    for mod, names in ((rolls, ("success",)), (attack, ("resolve_attack",)), (stances, ("stance_modifiers",)),
                       (ranged, ("range_difficulty", "darkness_difficulty", "charge_bonus")),
                       (throws, ("throw_range",)), (actions, ("acts_every", "combo_size", "can_do")),
                       (health, ("health_state", "recover_stun", "rest", "split_power")),
                       (movement, ("max_jump", "jump_needs_roll", "climb_profile")),
                       (falls, ("fall_severity", "resolve_fall"))):
        for n in names:
            setattr(ManoAMano, n, staticmethod(getattr(mod, n)))


_keep_old_names()

RULESET = ManoAMano()
"""The Mano a Mano rules of 000 with the rulings of DECISIONS.md and docs/rules.md."""
