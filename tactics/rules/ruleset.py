"""The ruleset object: the one door through which the engine asks the rules.

DESIGN.md (One ruleset today, more tomorrow): the engine never calls a rules
function by its module name; it asks the encounter's :class:`Ruleset`. Today
there is one, :data:`MANO_A_MANO`; another ruleset is another instance with
other functions (and another ``name``, written in the replay header), and the
map, the clock, the AI plumbing, replays and the viewer stay as they are::

    >>> MANO_A_MANO.name
    'mano-a-mano'
    >>> MANO_A_MANO.split_power(5, "blunt")
    (2, 3)
    >>> MANO_A_MANO.acts_every(0.5)
    2
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .actions import ACTIONS, acts_every, can_do, combo_size
from .attack import resolve_attack
from .falls import fall_severity, resolve_fall
from .health import health_state, recover_stun, rest, split_power
from .movement import airspeed_after, climb_profile, jump_needs_roll, max_jump
from .ranged import charge_bonus, darkness_difficulty, range_difficulty, throw_range
from .rolls import success
from .stances import stance_modifiers


@dataclass(frozen=True)
class Ruleset:
    """Everything the engine asks of a combat system, by the rules' own names."""

    name: str
    actions: Mapping[str, Any]
    # rolls and attacks
    success: Callable[..., bool]
    resolve_attack: Callable[..., Any]
    stance_modifiers: Callable[..., tuple]
    range_difficulty: Callable[[float, float], int]
    darkness_difficulty: Callable[..., int]
    charge_bonus: Callable[[float], int]
    throw_range: Callable[..., float]
    # turns
    acts_every: Callable[[float], int]
    combo_size: Callable[..., int]
    can_do: Callable[..., tuple[bool, str]]
    # health
    health_state: Callable[[int, int, int, int], str]
    recover_stun: Callable[[int, str], int]
    rest: Callable[[int], int]
    split_power: Callable[[int, str], tuple[int, int]]
    # movement
    max_jump: Callable[[float, bool], tuple[float, float]]
    jump_needs_roll: Callable[[float, float], bool]
    climb_profile: Callable[[str, float], tuple[int, int]]
    airspeed_after: Callable[..., float]
    fall_severity: Callable[..., str]
    resolve_fall: Callable[..., Any]


MANO_A_MANO = Ruleset(
    name="mano-a-mano",
    actions=ACTIONS,
    success=success,
    resolve_attack=resolve_attack,
    stance_modifiers=stance_modifiers,
    range_difficulty=range_difficulty,
    darkness_difficulty=darkness_difficulty,
    charge_bonus=charge_bonus,
    throw_range=throw_range,
    acts_every=acts_every,
    combo_size=combo_size,
    can_do=can_do,
    health_state=health_state,
    recover_stun=recover_stun,
    rest=rest,
    split_power=split_power,
    max_jump=max_jump,
    jump_needs_roll=jump_needs_roll,
    climb_profile=climb_profile,
    airspeed_after=airspeed_after,
    fall_severity=fall_severity,
    resolve_fall=resolve_fall,
)
"""The Mano a Mano rules of 000 with the rulings of DECISIONS.md and docs/rules.md."""

RULESETS: Mapping[str, Ruleset] = {MANO_A_MANO.name: MANO_A_MANO}
