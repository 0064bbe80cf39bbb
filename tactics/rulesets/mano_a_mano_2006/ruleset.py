"""The ``mano-a-mano-2006`` ruleset object: what the engine asks, answered from the modules beside it.

    >>> from .sheet import sheet_from_dict
    >>> r = ManoAMano2006()
    >>> s = sheet_from_dict({"name": "Clone", "abilities": {"swimming": 3, "climbing": 3}})
    >>> p = r.presentation(s)
    >>> [(t.name, t.role, t.max, t.start) for t in p.tracks][:2], p.bar.segments
    ([('ready', 'pool', 6, 6), ('defense', 'pool', 6, 0)], ['damage', 'stun', 'other', 'defense', 'ready'])

A turn begins with phases 1 and 2 as ``Harm`` effects carried by the budget
(``budget.opening``); see ``tests/rulesets/mam2006/test_worked_example.py``
for the seed's whole example through this object.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tactics.rules import airspeed_after as _airspeed_after
from tactics.rules.effects import Effect, Refused, Status
from tactics.rules.protocol import Estimate, FallOutcome, MoverSpec, Window
from tactics.rules.records import Bar, Presentation, Roll, Standing, StatusInfo, Track

from . import actions as _actions
from .actions import CATALOGUE, STRIKES, escape, evade, simple
from .attack import points_of, refusal, resolve
from .budget import PointBudget
from .contest import HALF, opposed_roll, result_of
from . import act_odds as _act_odds
from .estimates import estimates as _estimates
from .estimates import progress_of
from .fighters import best_defense, melee_reach, options_of, sheet_of, state_of, weapon_in_hand
from .harm import BLUNT_SHARPNESS, split_harm
from .ledger import Ledger, from_pools, pools_of
from .manipulation import MANIPULATIONS
from .moving import (CLIMB_DIFFICULTY, JUMP_DIFFICULTY, climb_speed, fall_difficulty, fall_power, jump_limits,
                     stride)
from .phases import opening
from .pools import phase_two, pool_values, standing, take_harm
from .reacting import defend_window, interfere_window
from .schedule import FixedOrder, acts_in_round, initiative_order
from .sheet import RULESET_NAME, Sheet, Weapon, load_sheet, sheet_from_dict, sheet_to_dict
from .state import FighterState, Options

VERSION = "1"

_ATTACKS = frozenset(STRIKES + MANIPULATIONS)
"""The actions :func:`.attack.resolve` plays."""
_WINDOWED = _ATTACKS | {"defend"}
"""The actions that open ``defend`` and ``interfere`` windows."""


class ManoAMano2006:
    """Mano a Mano, 2006 revision (seed 001, rulings DECISIONS-2006, docs/rules-2006.md)."""

    name = RULESET_NAME
    version = VERSION
    round_seconds = 1.0
    options_type = Options
    actions: Mapping[str, Any] = CATALOGUE
    turn_windows = False
    """No window of this system is a ``turn`` window (counters are answered inside the attack,
    ``reacting.py``): the engine need not ask :meth:`reactions` on declaring an action."""

    # -- sheets and presentation ---------------------------------------------
    def sheet_from_dict(self, data: dict[str, Any], source: str = "<dict>") -> Sheet:
        return sheet_from_dict(data, source)

    def sheet_to_dict(self, sheet: Sheet) -> dict[str, Any]:
        return sheet_to_dict(sheet)

    def load_sheet(self, path: str) -> Sheet:
        return load_sheet(path)

    def presentation(self, sheet: Sheet) -> Presentation:
        """Five tracks (three pools, stun, damage), three standings, the stacked bar."""
        hp = sheet.max_hp
        tracks = [Track("ready", hp, "pool", start=hp), Track("defense", hp, "pool"), Track("other", hp, "pool"),
                  Track("stun", hp, "stun"), Track("damage", hp, "harm")]
        standings = [Standing("fighting", True), Standing("down", False, "no points outside stun and damage"),
                     Standing("out", False, "every point damaged")]
        statuses = [StatusInfo("evading", "evade", "evading"), StatusInfo("prone", "prone", "on the ground"),
                    StatusInfo("held", "held", "held"), StatusInfo("holding", "grapple", "holding")]
        return Presentation(tracks, standings, Bar(["damage", "stun", "other", "defense", "ready"], hp), statuses)

    def mover(self, sheet: Sheet) -> MoverSpec:
        """Metres a turn of HP/round points moves: strides on land, 1 + swimming in water."""
        per = sheet.hp_per_round
        walk = per * sheet.stride
        longest, _ = jump_limits(walk, True)
        return MoverSpec(running=walk, swimming=per * stride(sheet.ability("swimming")), max_jump_m=longest,
                         max_jump_height_m=longest / 2)

    # -- fighters --------------------------------------------------------------
    def new_state(self, sheet: Sheet, options: Any) -> FighterState:
        return FighterState()

    def standing(self, unit: Any) -> str:
        """As :func:`.pools.standing`, read straight from the tracks (the engine asks after every harm)."""
        tracks = unit.tracks
        try:
            ready, defense, other, stun, _ = pool_values(tracks)
            available = ready + defense + other
        except KeyError:
            get = tracks.get
            available = get("ready", 0) + get("defense", 0) + get("other", 0)
            stun = get("stun", 0)
        if available + stun <= 0:   # every point damaged
            return "out"
        return "fighting" if available else "down"

    def progress(self, unit: Any) -> float:
        p = pools_of(unit)
        if standing(p) == "out":
            return 1.0
        step = progress_of(p.stun, p.damage, p.hp)
        return max(step, 0.5) if standing(p) == "down" else step

    # -- time ------------------------------------------------------------------
    def schedule(self, world: Any, units: Sequence[Any], surpriser: str | None) -> FixedOrder:
        reach = {u.id: max((max(w.reach, w.range) for w in sheet_of(u).all_weapons), default=0.0) for u in units}
        order = initiative_order([u.id for u in units], reach, surpriser, getattr(world, "dice", None))
        return FixedOrder(order, getattr(world, "round_seconds", None) or self.round_seconds)

    def begin_turn(self, world: Any, unit: Any, round_index: int, phase: int) -> PointBudget | None:
        """Phases 1 and 2 (as ``budget.opening``), upkeep of holds, and the ready points to spend."""
        sheet, st = unit.sheet, getattr(unit, "state", None)
        if type(st) is not FighterState:
            st = state_of(unit)
        if sheet.speed <= 0.5 and not acts_in_round(sheet.speed, round_index):   # speed 1 acts every round
            return None
        st.turn += 1
        st.opening_evade = False
        if not st.holds:   # nothing kept to upkeep: phases 1 and 2 only (kept by their numbers)
            effects, ready, acting = opening(unit.id, unit.tracks, sheet.hp_per_round, sheet.encumbrance)
            return PointBudget(unit.id, ready, stride(sheet.ability("running"), on_ground=True) if unit.prone
                               else sheet.stride, sheet.swim_stride, opening=effects, acting=acting)
        opening_effects: list[Effect] = []
        led = Ledger({unit.id: pools_of(unit)}, lambda uid: pools_of(world.unit(uid)))
        if led.pools(unit.id).stun:
            led.move(unit.id, {"stun": -1, "other": 1}, "phase 1: recovers a stun point")
        self._upkeep(world, unit, led)
        p = led.pools(unit.id)
        acting = standing(p) == "fighting"
        if acting:
            after = phase_two(p, sheet.hp_per_round, st.keep_in_other(sheet.encumbrance))
            changes = p.changes_to(after)
            if changes:
                kept = min(p.other, st.keep_in_other(sheet.encumbrance))
                keep = f"; keeps {kept} in other for gear and holds" if kept else ""
                led.move(unit.id, changes, f"phase 2: readies {from_pools(changes)}{keep}")
        opening_effects.extend(led.effects)
        ready = led.pools(unit.id).ready
        return PointBudget(unit.id, ready, stride(sheet.ability("running"), on_ground=bool(unit.prone)),
                           sheet.swim_stride, opening=opening_effects, acting=acting)

    def _upkeep(self, world: Any, unit: Any, led: Ledger) -> None:
        """Holds end when their points are no longer in other, when the holder is not fighting or the
        held fighter is out; chokes and wrenches kept strike again."""
        sheet, st = sheet_of(unit), state_of(unit)
        other = led.pools(unit.id).other - sheet.encumbrance
        for uid, hold in list(st.holds.items()):
            target = world.unit(uid)
            if (other < hold.points or standing(led.pools(unit.id)) != "fighting"
                    or standing(led.pools(uid)) == "out"):
                del st.holds[uid]
                state_of(target).held_by.pop(unit.id, None)
                led.add(Status(unit.id, {"partner": None, "holding": None}))
                led.add(Status(uid, {"partner": None, "held": False}))
                continue
            other -= hold.points
            if hold.power:
                s, d = split_harm(hold.power, sheet_of(target).absorption, hold.sharpness)
                led.harm(uid, s, d, f"{hold.kind} kept by {sheet.name}: {s} stun, {d} damage")

    def end_turn(self, world: Any, unit: Any) -> list[Effect]:
        """Evasion taken on the previous turn ends with this one. (001 · Maneuvering · Evasion)"""
        st = getattr(unit, "state", None)
        if type(st) is not FighterState:
            st = state_of(unit)
        if st.evade_until == st.turn:
            st.evade_until = -1
            return [Status(unit.id, {"evading": False})]
        return []

    # -- movement numbers ------------------------------------------------------
    def speeds(self, unit: Any) -> tuple[float, float]:
        sheet, p = sheet_of(unit), pools_of(unit)
        points = min(p.available, p.ready + sheet.hp_per_round)
        return (points * stride(sheet.ability("running"), on_ground=bool(unit.prone)),
                points * stride(sheet.ability("swimming")))

    def reach(self, unit: Any) -> tuple[float, float]:
        r = melee_reach(unit)
        return r, r + sheet_of(unit).height / 2

    def max_range(self, unit: Any, weapon: Any, action: str) -> float:
        w = weapon if isinstance(weapon, Weapon) else weapon_in_hand(unit, weapon)
        if w is None:
            return 0.0
        return max(w.range, w.reach) if w.is_missile else w.reach

    def jump_limits(self, unit: Any, running_start: bool) -> tuple[float, float]:
        sheet = sheet_of(unit)
        return jump_limits(sheet.hp_per_round * sheet.stride, running_start)

    def _skill_roll(self, world: Any, unit: Any, abilities: Sequence[str], difficulty: int, what: str) -> Roll:
        sheet = sheet_of(unit)
        best = max(abilities, key=sheet.ability)
        mods = [("agility", sheet.agility), (best, sheet.ability(best))]
        return opposed_roll(world.dice.d6(), mods, world.dice.d6(), [(what, difficulty)])

    def jump_check(self, world: Any, unit: Any, needed: float, limit: float) -> Roll | None:
        """Within 1 m of the longest jump: acrobatics against 2; a half success lands."""
        if needed <= limit - 1.0:
            return None
        return self._skill_roll(world, unit, ("acrobatics",), JUMP_DIFFICULTY, "jump")

    def climb(self, unit: Any, surface: str) -> tuple[int, float]:
        sheet = sheet_of(unit)
        return CLIMB_DIFFICULTY.get(surface, 2), climb_speed(surface, sheet.hp_per_round * sheet.stride)

    def climb_check(self, world: Any, unit: Any, surface: str) -> Roll:
        """Climbing against the surface's difficulty; a half success holds on (``success`` stays true)."""
        return self._skill_roll(world, unit, ("climbing",), CLIMB_DIFFICULTY.get(surface, 2), surface)

    def fall(self, world: Any, unit: Any, height: float, into_water: bool, difficulty: int | None) -> FallOutcome:
        """A blunt attack of power = metres fallen, armor no help; softened by acrobatics or climbing
        against ⌊height/3⌋ (half: half power; success: none); water halves it again (ruling)."""
        if height < 1.0:
            return FallOutcome("none", None, {})
        roll = self._skill_roll(world, unit, ("acrobatics", "climbing"), fall_difficulty(height), "fall")
        result = result_of(roll)
        power = fall_power(height, result)
        if into_water:
            power //= 2
        s, d = split_harm(power, 0, BLUNT_SHARPNESS)
        p = pools_of(unit)
        harm = p.changes_to(take_harm(p, s, d))
        severity = "unharmed" if not power else "softened" if result == HALF else "full"
        return FallOutcome(severity, roll, harm)

    def airspeed_after(self, current: float, base: float, climbed_m: float, descended_m: float) -> float:
        return _airspeed_after(current, base, climbed_m, descended_m)

    # -- actions ---------------------------------------------------------------
    def reactions(self, world: Any, unit: Any, act: Any) -> list[Window]:
        """The choice windows :meth:`act` will ask (through ``World.ask``) when ``act`` is an attack:
        the target's ``defend`` and each ally's ``interfere``. None is a ``turn`` window."""
        if act.action not in _WINDOWED or getattr(act, "target", None) is None:
            return []
        target = world.unit(act.target)
        mine = int(unit.tracks.get("ready", 0))
        points = sum(points_of(act.action, getattr(act, "options", None), mine).values())
        out = [defend_window(target.id, unit.id, act.action, pools_of(target).ready, points)]
        for ally in world.units():
            if ally.team == target.team and ally.id not in (target.id, unit.id) and ally.able:
                out.append(interfere_window(ally.id, unit.id, act.action, points))
        return out

    def act(self, world: Any, unit: Any, act: Any, budget: PointBudget, turn: Any) -> list[Effect]:
        led = Ledger(units=world.unit)
        budget.ready = led.pools(unit.id).ready
        name = act.action
        if name in _ATTACKS:
            budget.spend(resolve(world, unit, act, budget.ready, turn, led))
        elif name == "defend":
            evade(led, unit, budget)
            attack = _Act("attack", act.target, getattr(act, "weapon", None), getattr(act, "options", None))
            budget.spend(resolve(world, unit, attack, budget.ready, turn, led))
        elif name == "escape":
            escape(world, led, unit, act, budget)
        elif name in _actions.COSTS:
            simple(world, led, unit, act, budget)
        else:
            led.add(Refused(unit.id, f"{name!r} is not an action of {self.name}"))
        return led.effects

    def check(self, world: Any, unit: Any, act: Any) -> str | None:
        name = act.action
        if name not in CATALOGUE:
            return f"{name!r} is not an action of {self.name}"
        if not CATALOGUE[name].policy_usable:
            return f"{name} is a reaction, answered when attacked"
        ready = pools_of(unit).ready
        if name == "defend":
            attack = _Act("attack", act.target, getattr(act, "weapon", None), getattr(act, "options", None))
            return refusal(world, unit, attack, ready - 1)
        if name in _ATTACKS:
            return refusal(world, unit, act, ready)
        if name == "evade" and not state_of(unit).can_evade():
            return "only one evasion a turn"
        if name == "escape" and not state_of(unit).held_by:
            return "nobody holds this fighter"
        cost = _actions.COSTS.get(name, 1)
        return f"{name} needs {cost} ready points" if ready < cost else None

    # -- the AI's estimates ----------------------------------------------------
    def estimates(self, world: Any, unit: Any, target: Any) -> list[Estimate]:
        return _estimates(world, unit, target)

    def estimate_act(self, world: Any, unit: Any, act: Any) -> Estimate | None:
        """One attack's own split (:mod:`.act_odds`)."""
        return _act_odds.estimate_act(world, unit, act)

    def exposure(self, world: Any, unit: Any, acts: Sequence[Any], enemy: Any) -> float:
        """What ``enemy``'s best attack on ``unit`` is worth after ``acts``, as a factor (:mod:`.act_odds`)."""
        return _act_odds.exposure(world, unit, acts, enemy)

    # helpers for scripts and tests
    def defense_weapon(self, unit: Any) -> Weapon:
        return best_defense(unit)

    def options(self, world: Any) -> Options:
        return options_of(world)


class _Act:
    """An action made up inside the ruleset (``defend`` is evasion and an attack)."""

    __slots__ = ("action", "target", "weapon", "options")

    def __init__(self, action: str, target: str | None, weapon: str | None, options: Any) -> None:
        self.action, self.target, self.weapon, self.options = action, target, weapon, options


def _engine_glue(cls: type) -> None:
    """The protocol's methods this system answers as 000 does, or not at all (docs/rules-2006.md)."""
    plain_new_state = cls.new_state

    def new_state(self: Any, sheet: Sheet, options: Any, evading: bool = False) -> FighterState:
        st = plain_new_state(self, sheet, options)
        st.opening_evade = bool(evading)  # +4 defense until the first turn (001 · Rounds)
        return st

    def is_sheet(self: Any, sheet: Any) -> bool:
        return isinstance(sheet, Sheet)

    def begin_reaction(self: Any, world: Any, unit: Any, window: Window) -> PointBudget:
        # counters here are interfering attacks answered inside the attack (reacting.py), not turns
        return PointBudget(unit.id, 0, 1.0, acting=False)

    def ambush(self: Any, world: Any, stalker: Any, target: Any) -> tuple[bool, list[Effect]]:
        return False, []

    def move_refusal(self: Any, world: Any, unit: Any) -> str | None:
        if unit.partner is not None and unit.role in ("held", "inferior"):
            return "a held fighter moves only by breaking free"
        return None

    for f in (new_state, is_sheet, begin_reaction, ambush, move_refusal):
        setattr(cls, f.__name__, f)


_engine_glue(ManoAMano2006)

RULESET = ManoAMano2006()

__all__ = ["VERSION", "ManoAMano2006", "RULESET"]
