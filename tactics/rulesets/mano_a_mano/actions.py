"""The actions of 000 · List of Actions, as data, and what a turn may hold.

Each action is one frozen :class:`ActionSpec`::

    >>> ACTIONS["powerful strike"].double_power, ACTIONS["powerful strike"].strenuous
    (True, True)
    >>> ACTIONS["disarm"].difficulty_bonus, ACTIONS["choke"].only_stun
    (5, True)

A turn is one action or, when healthy, a combo of quick actions
(000 · Rounds)::

    >>> combo_size(1, multiple_weapons=True), combo_size(0.25, False), acts_every(0.5)
    (2, 1, 2)
    >>> can_do("powerful strike", "injured", "standing", grappling=False, encumbered=False)
    (False, 'injured characters cannot do strenuous actions')
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from .rolls import Modifier

ActionKind = Literal["strike", "throw", "shot", "grapple", "other"]

MELEE = ("natural", "hand")
THROWABLE = ("thrown", "hand")
ANY_OBJECT = ("natural", "hand", "thrown", "bow", "gun")
SHOOTING = ("bow", "gun")

#: 000 · Rounds: the defense bonus of starting a fight evading (until the first turn).
OPENING_EVADE_BONUS = 4
#: 000 · Grappling Actions (push, trip, slam): the roll to keep one's feet.
KEEP_BALANCE_DIFFICULTY = 8


@dataclass(frozen=True, slots=True)
class ActionSpec:
    """One action: its flags, its kind, its bonuses, the weapon kinds it takes.

    ``weapons`` empty means the action needs no particular weapon.
    ``harms`` is False for actions that hit but do no power (push, hold).
    ``needs_grapple`` / ``from_ground`` are rulings of ``docs/rules.md``.
    """

    name: str
    kind: ActionKind
    source: str
    quick: bool = False
    strenuous: bool = False
    standing: bool = False
    double_power: bool = False
    two_hands: bool = False
    not_while_grappling: bool = False
    attack_bonus: int = 0
    defense_bonus_until_next_turn: int = 0
    difficulty_bonus: int = 0
    only_stun: bool = False
    min_stun: int = 0
    harms: bool = True
    needs_grapple: bool = False
    from_ground: bool = False
    weapons: tuple[str, ...] = ()
    sharpness: str | None = None

    @property
    def is_attack(self) -> bool:
        return self.kind != "other"

    @property
    def attack_mod(self) -> Modifier | None:
        """The action's own attack bonus as a :class:`Modifier` (None when 0)."""
        return Modifier(self.name, self.attack_bonus) if self.attack_bonus else None


_H2H = "000 · List of Actions · Hand to Hand Attacks"
_THROW = "000 · List of Actions · Thrown Weapon Attacks"
_SHOT = "000 · List of Actions · Archery and Marksmanship Actions"
_GRAPPLE = "000 · List of Actions · Grappling Actions"
_OTHER = "000 · List of Actions · Other Actions"

_SPECS: tuple[ActionSpec, ...] = (
    # hand to hand
    ActionSpec("quick strike", "strike", _H2H, quick=True, weapons=MELEE),
    ActionSpec("strategic strike", "strike", _H2H, strenuous=True, standing=True,
               not_while_grappling=True, attack_bonus=5, weapons=MELEE),
    ActionSpec("cautious strike", "strike", _H2H, strenuous=True, standing=True,
               not_while_grappling=True, defense_bonus_until_next_turn=5, weapons=MELEE),
    ActionSpec("powerful strike", "strike", _H2H, strenuous=True, standing=True,
               double_power=True, weapons=MELEE),
    # thrown
    ActionSpec("quick throw", "throw", _THROW, quick=True, weapons=THROWABLE),
    ActionSpec("powerful throw", "throw", _THROW, strenuous=True, standing=True,
               double_power=True, weapons=THROWABLE),
    ActionSpec("heave", "throw", _THROW, strenuous=True, standing=True, double_power=True,
               attack_bonus=-5, weapons=ANY_OBJECT),
    # archery and marksmanship
    ActionSpec("aim", "other", _SHOT, quick=True, not_while_grappling=True, weapons=SHOOTING),
    ActionSpec("quick shot", "shot", _SHOT, quick=True, weapons=SHOOTING),
    ActionSpec("strategic shot", "shot", _SHOT, strenuous=True, standing=True,
               not_while_grappling=True, attack_bonus=5, weapons=SHOOTING),
    ActionSpec("cautious shot", "shot", _SHOT, strenuous=True, standing=True,
               not_while_grappling=True, defense_bonus_until_next_turn=5, weapons=SHOOTING),
    ActionSpec("draw and fire", "shot", _SHOT, strenuous=True, two_hands=True, weapons=("bow",)),
    ActionSpec("draw", "other", _SHOT, quick=True, two_hands=True, weapons=("bow",)),
    ActionSpec("unload", "other", _SHOT, quick=True, weapons=SHOOTING),
    ActionSpec("load", "other", _SHOT, quick=True, weapons=SHOOTING),
    # grappling
    ActionSpec("push", "grapple", _GRAPPLE, quick=True, harms=False),
    ActionSpec("trip", "grapple", _GRAPPLE, strenuous=True, double_power=True, sharpness="blunt"),
    ActionSpec("slam", "grapple", _GRAPPLE, strenuous=True, sharpness="blunt"),
    ActionSpec("hold", "grapple", _GRAPPLE, quick=True, harms=False),
    ActionSpec("wrench", "grapple", _GRAPPLE, strenuous=True, double_power=True,
               needs_grapple=True, sharpness="blunt"),
    ActionSpec("choke", "grapple", _GRAPPLE, strenuous=True, double_power=True, only_stun=True,
               min_stun=2, needs_grapple=True),
    ActionSpec("disarm", "grapple", _GRAPPLE, strenuous=True, double_power=True,
               difficulty_bonus=5, sharpness="blunt"),
    # other
    ActionSpec("drop", "other", _OTHER, quick=True, standing=True),
    ActionSpec("stand", "other", _OTHER, quick=True, from_ground=True),
    ActionSpec("instant stand", "other", _OTHER, strenuous=True, from_ground=True,
               defense_bonus_until_next_turn=5),
    ActionSpec("rest", "other", _OTHER, defense_bonus_until_next_turn=5),
    ActionSpec("cover", "other", _OTHER, difficulty_bonus=5),
    ActionSpec("ready weapon", "other", "000 · Attacking · Readying Weapons", quick=True,
               weapons=("hand", "thrown", "bow", "gun")),
    ActionSpec("let go", "other", "DECISIONS · More rulings · Grapple release", quick=True),
    # from the combat example and 000 · Rounds
    ActionSpec("evade", "other", "000 · Combat Example (4. The second round)",
               defense_bonus_until_next_turn=5),
    ActionSpec("prepare counter", "other", "000 · Rounds"),
    ActionSpec("delay", "other", "000 · Rounds (to move in formation)"),
)

#: Every action by name (read-only).
ACTIONS: Mapping[str, ActionSpec] = MappingProxyType({a.name: a for a in _SPECS})


def get_action(name_or_spec: str | ActionSpec) -> ActionSpec:
    """The :class:`ActionSpec` for a name (``KeyError`` listing the names otherwise)."""
    if isinstance(name_or_spec, ActionSpec):
        return name_or_spec
    try:
        return ACTIONS[name_or_spec]
    except KeyError:
        raise KeyError(f"unknown action {name_or_spec!r}; known: {sorted(ACTIONS)}") from None


def combo_size(speed: float, multiple_weapons: bool, health: str = "healthy") -> int:
    """How many quick actions one turn may hold. (000 · Rounds, the combo paragraph)

    ``ceil(speed)`` plus one when the combo uses several weapons; a character
    who is not healthy cannot combo and does a single action (returns 1).
    """
    if health != "healthy":
        return 1
    return math.ceil(speed) + (1 if multiple_weapons else 0)


def acts_every(speed: float) -> int:
    """Act every n-th round: 4 at speed ¼, 2 at ½, 1 otherwise. (000 · Rounds)"""
    if speed <= 0.25:
        return 4
    if speed <= 0.5:
        return 2
    return 1


def can_do(
    action: str | ActionSpec,
    health: str,
    posture: str,
    grappling: bool,
    encumbered: bool,
    *,
    unwieldy: bool = False,
) -> tuple[bool, str]:
    """May a character in this state do the action? ``(allowed, reason)``.

    Sources: 000 · List of Actions (strenuous, standing), 000 · Health
    (injured, incapacitated), 000 · Movement · Encumbrance (no strenuous),
    000 · Stance and Position (not from the ground), supplement §6 (unwieldy:
    no powerful actions).
    """
    spec = get_action(action)
    if health == "incapacitated":
        return False, "incapacitated characters cannot act"
    if spec.strenuous and health != "healthy":
        return False, "injured characters cannot do strenuous actions"
    if spec.strenuous and encumbered:
        return False, "encumbered characters cannot do strenuous actions"
    if spec.standing and posture != "standing":
        return False, f"{spec.name} cannot be done on the ground"
    if spec.from_ground and posture == "standing":
        return False, "already standing"
    if spec.not_while_grappling and grappling:
        return False, f"{spec.name} cannot be done while grappling"
    if spec.needs_grapple and not grappling:
        return False, f"{spec.name} needs a grapple"
    if unwieldy and spec.double_power and spec.name != "heave":
        return False, "unwieldy weapons cannot be used for powerful actions"
    if unwieldy and spec.name == "quick throw":
        return False, "unwieldy weapons cannot be quick thrown"
    return True, ""
