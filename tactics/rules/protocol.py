"""The ruleset protocol: what the engine asks of a combat system, and what it offers back.

One engine runs four combat systems (``../shared/rules/README.md``). The
engine owns the clock, the map, paths and movement legs, sight and light,
reaction windows, applying effects and recording them. A ruleset owns
everything the rules text decides: its sheets, per-fighter rule state,
initiative and cadence, the turn's budget, which actions are allowed and how
they resolve (as :mod:`~tactics.rules.effects`), harm and standings,
unopposed checks for jumps, climbs and falls, and the estimates the AI needs.

A ruleset never imports the engine, the map or the AI. It sees the fight
through two small windows the engine hands it: a :class:`World` (dice, the
clock, distances, light, sight, other fighters, asking a fighter's policy)
and :class:`Unit` (one fighter: id, team, sheet, position, tracks, statuses,
its rule state). A whole duel system fits in a page; see
``tests/rulesets/coin.py`` (a coin-flip duel) and ``docs/rulesets.md``::

    class CoinFlip:
        name, version = "coin-flip", "1"
        ...
        def act(self, world, me, act, budget, turn):
            target = world.unit(act.target)
            face = world.dice.die(2)
            roll = Roll(dice="d2", faces=[face], total=face, success=face == 2, target=1)
            effects = [Attacked(me.id, target.id, act.action, "", roll, roll.success,
                                harm={"hp": -1} if roll.success else {})]
            if roll.success:
                effects.append(Harm(target.id, {"hp": -1}, "coin"))
            return effects

The engine's side of a turn, for every ruleset alike::

    budget = ruleset.begin_turn(world, unit, round_index, phase)   # None: not acting now
    plan = policy.plan(view)
    for step in plan.steps:
        MoveTo -> the engine moves (speeds from the budget, jumps/climbs/falls priced by the ruleset)
        Act    -> windows = ruleset.reactions(world, unit, act)     # e.g. a prepared counter fires
                                                           # (asked only while someone waits poised)
                  effects = ruleset.act(world, unit, act, budget, turn)
                  engine applies and records each effect
    effects = ruleset.end_turn(world, unit)                          # recovery, upkeep
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from tactics.dice import Dice
from tactics.rules.effects import Check, Effect
from tactics.rules.records import Presentation, Roll

LIGHTS = ("bright", "dim", "dark")


# -- what the engine hands a ruleset ------------------------------------------
class Unit(Protocol):
    """One fighter as a ruleset sees it. The ruleset reads these and changes only
    ``state`` (its own per-fighter rule state); everything else changes through effects."""

    id: str
    team: str
    sheet: Any
    name: str
    x: float
    y: float
    z: float
    flying: bool
    climbing: str | None
    prone: bool
    partner: str | None
    prepared: str | None
    surprised: bool
    present: bool
    down_at: float | None
    """When it stopped being able to act (None while it can)."""
    tracks: dict[str, int]
    status: dict[str, Any]
    standing: str
    able: bool
    state: Any

    @property
    def pos(self) -> tuple[float, float, float]: ...


class World(Protocol):
    """What a ruleset may ask of the fight while it resolves something."""

    now: float
    dice: Dice
    options: Any
    """The ruleset's options for this encounter (an instance of ``Ruleset.options_type``)."""
    round_seconds: float
    memo: dict[str, Any]
    """Scratch space for the ruleset, living as long as the encounter (group attacks, who covers whom)."""

    def unit(self, uid: str) -> Unit | None:
        """The fighter with this id, or None."""

    def units(self) -> Sequence[Unit]:
        """Every fighter present, in turn order."""

    def distance(self, a: Unit, b: Unit) -> float:
        """3-D distance in metres (altitude counts)."""

    def flat_distance(self, a: Unit, b: Unit) -> float: ...

    def light_at(self, u: Unit) -> str:
        """``bright``, ``dim`` or ``dark`` where ``u`` stands."""

    def line_of_sight(self, a: Unit, b: Unit) -> bool:
        """Eye to eye, over the map's heights."""

    def in_deep_water(self, u: Unit) -> bool:
        """Swimming: in water too deep to wade, not flying over it."""

    def ask(self, reactor: Unit, window: Window) -> Any:
        """The answer of ``reactor``'s policy to a choice window (or the window's default)."""


class Turn(Protocol):
    """The engine's facts about the turn under way (read-only for a ruleset)."""

    t: float
    used: float
    """Share of the turn's movement spent, 0..1."""
    run_m: float
    """Length of the straight run that ends where the fighter stands (charging, running starts)."""
    reaction: str
    """"" on a turn of its own, else the kind of reaction window being answered (``counter``)."""
    climbed: bool
    """The turn began by going on with a climb."""


# -- what a ruleset hands the engine -------------------------------------------
@dataclass(frozen=True, slots=True)
class ActionInfo:
    """One entry of a ruleset's action catalogue, as the engine and generic AI read it.

    ``kind``: ``melee`` (needs the target within reach), ``ranged`` (range and
    sight), ``other``. ``targets``: ``enemy``, ``ally``, ``none``.
    ``source``: where the rules text gives it (``002 · Actions · Trip``).
    """

    name: str
    kind: str
    targets: str
    source: str
    quick: bool = False
    policy_usable: bool = True


@dataclass(frozen=True, slots=True)
class MoverSpec:
    """A sheet's movement numbers, metres per turn, from which the engine builds its path mover."""

    running: float
    swimming: float = 0.0
    airspeed: float = 0.0
    max_jump_m: float | None = None
    max_jump_height_m: float | None = None
    max_drop_m: float = 3.0


@dataclass(frozen=True, slots=True)
class FallOutcome:
    """What a fall did: its severity word, the roll if one was made, and the track changes."""

    severity: str
    roll: Roll | None
    harm: dict[str, int]


@dataclass(frozen=True, slots=True)
class Window:
    """A reaction window: a fighter is asked to answer someone else's action.

    ``turn`` windows are answered with a :class:`~tactics.sim.Plan` the engine
    carries out at once (a prepared counter-attack); ``replan`` windows hand the
    actor the rest of its plan after a counter cut in; every other ``kind`` is a
    choice among ``options`` (points moved to defense, letting go of a pin, the
    skill to defend with), answered through :meth:`World.ask`.
    """

    kind: str
    reactor: str
    actor: str | None = None
    action: str | None = None
    options: tuple[Any, ...] = ()
    default: Any = None
    turn: bool = False
    plan: Any = None
    note: str = ""
    """What the replay says when a reaction turn's plan gives no reason (``counter-attacks Steven``)."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """The AI's view of one action against one target: ``p`` the chance it succeeds,
    ``harm`` the expected track change when it does (in the ruleset's own units),
    ``progress`` the expected step toward taking the target out (0..1) per use,
    ``act`` the :class:`~tactics.sim.Act` that does it."""

    action: str
    weapon: str | None
    p: float
    harm: float
    progress: float
    act: Any
    note: str = ""

    @property
    def value(self) -> float:
        return self.p * self.progress


class Budget(Protocol):
    """One turn's allowance, made by :meth:`Ruleset.begin_turn`; the ruleset's own class."""

    actions: int
    """How many actions the turn may hold (written in the ``turn`` event)."""
    walk_m: float
    """Metres of walking the whole turn allows (a leg of L metres uses L / walk_m of it)."""
    swim_m: float
    air_m: float
    """Metres of flight the turn allows (0: cannot fly now)."""
    done_actions: int
    """Actions done so far this turn."""
    done: bool
    """Nothing more this turn: the engine stops carrying out the plan."""

    def planned(self, acts: Sequence[Any]) -> None:
        """The plan's actions, before any of them runs (a combo's size may depend on them)."""

    def move_cap(self) -> float | None:
        """Metres the ruleset still allows on top of the turn's share (None: no cap)."""

    def moved(self, metres: float) -> list[Effect]:
        """The fighter moved ``metres`` in one step (points spent, running...)."""


class Schedule(Protocol):
    """Initiative and cadence: when each fighter's turns fall."""

    dynamic: bool
    """True when :meth:`start_round` must run at every round's start (initiative rolled anew). A dynamic
    schedule may also say ``quiet`` (optional): nothing left for :meth:`start_round` and the slots stay
    as they are while nobody joins (``tactics/sim/rounds.py``)."""
    order: list[str]
    """Fighter ids in turn order (the order the engine lists them in)."""

    def start_round(self, world: World, r: int) -> list[Effect]: ...

    def slots(self, uid: str, r: int) -> Sequence[tuple[float, int]]:
        """``(offset seconds from the round's start, phase)`` of each of ``uid``'s turns in
        round ``r``, at least one (a fighter's round ends at its last slot)."""

    def join(self, uid: str, now: float) -> int:
        """A fighter added during the fight at ``now``: where it comes in; returns its first round."""


@runtime_checkable
class Ruleset(Protocol):
    """A combat system. See the module docstring and ``docs/rulesets.md``."""

    name: str
    version: str
    round_seconds: float
    options_type: type
    actions: Mapping[str, ActionInfo]

    # sheets and presentation
    def sheet_from_dict(self, data: dict[str, Any], source: str = "<dict>") -> Any:
        """A validated sheet (raises ``InputError`` naming ``source``, the place and the problem)."""

    def sheet_to_dict(self, sheet: Any) -> dict[str, Any]: ...

    def is_sheet(self, sheet: Any) -> bool:
        """Is ``sheet`` one of this system's sheets? (a sheet of another is refused)."""

    def presentation(self, sheet: Any) -> Presentation: ...

    def mover(self, sheet: Any) -> MoverSpec: ...

    # fighters
    def new_state(self, sheet: Any, options: Any, evading: bool = False) -> Any:
        """A fresh fighter's rule state (``evading``: it starts the fight defending)."""

    def standing(self, unit: Unit) -> str: ...

    def progress(self, unit: Unit) -> float:
        """0 for a fresh fighter, 1 for one out of the fight."""

    # time
    def schedule(self, world: World, units: Sequence[Unit], surpriser: str | None) -> Schedule: ...

    def begin_turn(self, world: World, unit: Unit, round_index: int, phase: int) -> Budget | None:
        """The turn's budget, or None when ``unit`` does not act in this slot."""

    def end_turn(self, world: World, unit: Unit) -> list[Effect]: ...

    def begin_reaction(self, world: World, unit: Unit, window: Window) -> Budget:
        """The budget of a reaction turn (a prepared counter-attack firing)."""

    def ambush(self, world: World, stalker: Unit, target: Unit) -> tuple[bool, list[Effect]]:
        """Does ``stalker`` surprise ``target`` before the fight? (and the rolls that said so)"""

    # movement numbers
    def speeds(self, unit: Unit) -> tuple[float, float]:
        """(walk, swim) metres per turn right now (for the AI's planning)."""

    def reach(self, unit: Unit) -> tuple[float, float]:
        """(horizontal, vertical) metres within which ``unit`` fights hand to hand."""

    def max_range(self, unit: Unit, weapon: Any, action: str) -> float: ...

    def jump_limits(self, unit: Unit, running_start: bool) -> tuple[float, float]:
        """(longest, highest) jump in metres."""

    def jump_check(self, world: World, unit: Unit, needed: float, limit: float) -> Check | None:
        """The roll a jump of ``needed`` metres (limit ``limit``) asks, or None when it asks none;
        a failed one's ``roll.target`` is the difficulty the fall that follows uses."""

    def climb(self, unit: Unit, surface: str) -> tuple[int, float]:
        """(difficulty, metres per turn) of climbing ``surface``."""

    def climb_check(self, world: World, unit: Unit, surface: str) -> Check:
        """The roll of a turn spent climbing ``surface`` (its ``roll.target`` is the difficulty)."""

    def fall(self, world: World, unit: Unit, height: float, into_water: bool, difficulty: int | None) -> FallOutcome: ...

    def airspeed_after(self, current: float, base: float, climbed_m: float, descended_m: float) -> float: ...

    def move_refusal(self, world: World, unit: Unit) -> str | None:
        """Why ``unit`` may not move now (a pinned fighter, the weaker of a grappling pair), or None."""

    # actions
    def reactions(self, world: World, unit: Unit, act: Any) -> list[Window]:
        """Windows opened when ``unit`` declares ``act`` (before anything of it happens).

        **Side-effect free**: an answer, nothing more (no dice, no state, no memo a later rule reads).
        The engine asks it on declaring only to find a ``turn`` window whose reactor waits with a
        prepared reaction, so it does not ask at all while nobody waits so (most turns of most
        fights); a ruleset that rolled or remembered something here would play another fight
        depending on who happened to be waiting. A ruleset whose windows are never ``turn`` windows
        may also say so with a class attribute ``turn_windows = False``: then it is never asked on
        declaring."""

    def act(self, world: World, unit: Unit, act: Any, budget: Budget, turn: Turn) -> Iterable[Effect]:
        """The effects of ``act``. The engine applies each before asking for the next, so a
        generator sees the world as each effect left it (harm landed before a follow-up roll)."""

    def check(self, world: World, unit: Unit, act: Any) -> str | None:
        """Why ``act`` would be refused now (None: allowed); what the AI asks before planning."""

    # the AI's estimates
    def estimates(self, world: World, unit: Unit, target: Unit) -> list[Estimate]:
        """The attacks ``unit`` could make on ``target`` from where it stands, best first."""


class PlacedEstimates(Protocol):
    """Optional (a ruleset without it keeps the AI's guess): the estimates from another point.

    ``estimates_at(world, unit, target, at)`` is :meth:`Ruleset.estimates` as if ``unit`` stood at
    ``at`` = (x, y, z) — what an attack at the end of a move would face (range, sight, reach). The
    engine asks it with ``getattr``, so it is no part of the runtime-checked :class:`Ruleset`."""

    def estimates_at(self, world: World, unit: Unit, target: Unit,
                     at: tuple[float, float, float]) -> list[Estimate]:
        """The attacks ``unit`` could make on ``target`` if it stood at ``at``, best first."""


class ActEstimate(Protocol):
    """Optional (the planner reads it with ``getattr``): the estimate of one exact act.

    ``estimate_act(world, unit, act)`` is the :class:`Estimate` of ``act`` itself — an attack the plain
    :meth:`Ruleset.estimates` do not list (Mano a Mano's powerful or strategic strikes:
    ``tactics/rulesets/mano_a_mano/act_odds.py``) — from where ``unit`` stands, or None.

    The planner may also ask about an act made at the end of a move: an object whose ``act`` is the act
    and whose ``run_m`` is the straight metres run before it (``tactics.ai.planner``'s ``AfterMove``).
    Reach is then the caller's to judge; a ruleset with a charge adds what the run gives (Mano a Mano)
    and one without answers as for ``act`` alone or None."""

    def estimate_act(self, world: World, unit: Unit, act: Any) -> Estimate | None:
        """What ``act`` would do, or None when it is no estimated attack or cannot be made now."""


class Exposure(Protocol):
    """Optional (the planner reads it with ``getattr``): what a plan leaves its fighter to defend with.

    ``exposure(world, unit, acts, enemy)`` is the worth (``Estimate.value``) of ``enemy``'s best attack
    on ``unit`` once ``unit`` has done ``acts``, as a factor of its worth now: below 1 when the acts keep
    points back or evade, above when they spend what would have defended (the 2006 rules' pools:
    ``tactics/rulesets/mano_a_mano_2006/act_odds.py``)."""

    def exposure(self, world: World, unit: Unit, acts: Sequence[Any], enemy: Unit) -> float:
        """The factor on ``enemy``'s best attack on ``unit`` after ``acts``."""


class Unseen(Protocol):
    """Optional (the planner reads it with ``getattr``): hiding, as the AI weighs it.

    ``unseen(world, unit, act)`` is the chance that after ``act`` (None: no action, a move) no enemy can
    target ``unit`` — a hide's chance to succeed, 1 for a hidden fighter that does not give itself away,
    0 otherwise (fudge-opposed: ``tactics/rulesets/fudge_opposed/unseen.py``)."""

    def unseen(self, world: World, unit: Unit, act: Any) -> float:
        """P(no enemy can target ``unit`` once ``act`` is done)."""


__all__ = [
    "LIGHTS", "Unit", "World", "Turn", "ActionInfo", "MoverSpec", "FallOutcome", "Window", "Estimate",
    "Budget", "Schedule", "Ruleset", "PlacedEstimates", "ActEstimate", "Exposure", "Unseen",
]
