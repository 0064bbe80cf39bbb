"""Stance and position: the table of 000 · Stance and Position, as data.

A character is in one row of the table (standing, aiming, grappling,
dominant, or one of the special rows) and one column (standing or on the
ground). Each cell is a tuple of :class:`StanceEffect`; ``None`` marks the
cells the text calls n/a (no strategic or cautious attacks from the ground).

Ask for the modifiers of one roll. On the ground, a strike is at −5 and the
defense against missiles is +5 unless the attack comes from above::

    >>> stance_modifiers("on_the_ground", None, "strike", role="attack")
    (Modifier(source='on the ground', value=-5),)
    >>> stance_modifiers("on_the_ground", None, "shot", role="defense")
    (Modifier(source='on the ground', value=5),)
    >>> stance_modifiers("on_the_ground", None, "shot", role="defense", from_above=True)
    ()

A dominant grappler in a clinch, against his partner and against others::

    >>> stance_modifiers("standing", "dominant", "strike", role="attack", vs_grapple_partner=True)
    (Modifier(source='dominant standing', value=5),)
    >>> stance_modifiers("standing", "dominant", "strike", role="attack")
    (Modifier(source='dominant standing', value=-5),)

``role="attack"`` gives success modifiers for the attacker's roll (from the
attacker's stance); ``role="defense"`` gives difficulty modifiers (from the
defender's stance, for the incoming ``attack_kind``).
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from .rolls import Modifier

Posture = Literal["standing", "on_the_ground"]
Grapple = Literal["neutral", "dominant", "inferior"]


class StanceEffect(NamedTuple):
    """One modifier of a table cell.

    ``role``: attack or defense. ``kinds``: which attacks it touches —
    ``all``, ``strike``, ``missile`` (throws and shots) or ``hand_to_hand``
    (strikes and grappling). ``against``: ``any`` opponent, only the grapple
    ``partner``, or ``others``. ``unless_from_above``: cancelled when the
    attack comes from above (DECISIONS.md: 1 m higher).
    """

    role: str
    kinds: str
    against: str
    value: int
    unless_from_above: bool = False


def _e(role: str, kinds: str, value: int, against: str = "any", above: bool = False) -> StanceEffect:
    return StanceEffect(role, kinds, against, value, above)


#: The table of 000 · Stance and Position: (row, posture) -> effects (None: n/a).
STANCE_TABLE: dict[tuple[str, str], tuple[StanceEffect, ...] | None] = {
    ("default", "standing"): (),
    ("default", "on_the_ground"): (
        _e("defense", "missile", +5, above=True),
        _e("attack", "strike", -5),
        _e("defense", "strike", -5),
    ),
    ("aiming", "standing"): (_e("attack", "missile", +5),),
    ("aiming", "on_the_ground"): (
        _e("attack", "missile", +5),
        _e("defense", "missile", +5, above=True),
        _e("defense", "strike", -5),
    ),
    ("grappling", "standing"): (
        _e("attack", "all", -5),
        _e("defense", "all", -5),
    ),
    ("grappling", "on_the_ground"): (
        _e("attack", "all", -5),
        _e("defense", "hand_to_hand", -5),
        _e("defense", "missile", +5, above=True),
    ),
    ("dominant", "standing"): (
        _e("attack", "all", +5, "partner"),
        _e("defense", "all", +5, "partner"),
        _e("attack", "all", -5, "others"),
        _e("defense", "all", -5, "others"),
    ),
    ("dominant", "on_the_ground"): (
        _e("attack", "all", +5, "partner"),
        _e("defense", "all", +5, "partner"),
        _e("defense", "missile", +5, "others", above=True),
        _e("attack", "all", -5, "others"),
        _e("defense", "hand_to_hand", -5, "others"),
    ),
    ("strategic", "standing"): (_e("attack", "all", +5),),
    ("strategic", "on_the_ground"): None,
    ("cautious", "standing"): (_e("defense", "all", +5),),
    ("cautious", "on_the_ground"): None,
    ("resting", "standing"): (_e("defense", "all", +5),),
    ("resting", "on_the_ground"): (_e("defense", "all", +5),),
}

#: The names of the table's cells as 000 · Stance and Position heads them.
CELL_NAMES: dict[tuple[str, str], str] = {
    ("default", "standing"): "standing",
    ("default", "on_the_ground"): "on the ground",
    ("aiming", "standing"): "aiming",
    ("aiming", "on_the_ground"): "aiming on the ground",
    ("grappling", "standing"): "clinch",
    ("grappling", "on_the_ground"): "ground fighting",
    ("dominant", "standing"): "dominant standing",
    ("dominant", "on_the_ground"): "dominant on the ground",
    ("strategic", "standing"): "strategic",
    ("strategic", "on_the_ground"): "strategic",
    ("cautious", "standing"): "cautious",
    ("cautious", "on_the_ground"): "cautious",
    ("resting", "standing"): "resting",
    ("resting", "on_the_ground"): "resting",
}

_KINDS = {
    "all": frozenset({"strike", "throw", "shot", "grapple"}),
    "strike": frozenset({"strike"}),
    "missile": frozenset({"throw", "shot"}),
    "hand_to_hand": frozenset({"strike", "grapple"}),
}


def _posture(posture: str) -> str:
    p = posture.replace(" ", "_")
    if p not in ("standing", "on_the_ground"):
        raise ValueError(f"unknown posture {posture!r}; expected standing or on_the_ground")
    return p


def stance_row(grapple: str | None, aiming: bool) -> str:
    """The table row for a grapple position and aiming."""
    if grapple is None:
        return "aiming" if aiming else "default"
    if aiming:
        raise ValueError("a grappling character cannot aim (000 · Stance and Position)")
    if grapple in ("neutral", "inferior"):
        return "grappling"
    if grapple == "dominant":
        return "dominant"
    raise ValueError(f"unknown grapple position {grapple!r}; expected neutral, dominant or inferior")


def stance_modifiers(
    posture: str,
    grapple: str | None,
    attack_kind: str,
    *,
    role: str,
    vs_grapple_partner: bool = False,
    from_above: bool = False,
    aiming: bool = False,
    special: str | None = None,
) -> tuple[Modifier, ...]:
    """The modifiers one stance gives one roll. (000 · Stance and Position)

    ``attack_kind`` is strike, throw, shot or grapple. ``special`` adds the
    strategic, cautious or resting row; these duplicate the bonuses already on
    :data:`~tactics.rules.actions.ACTIONS` (strategic +5 attack, cautious and
    rest +5 defense), so pass ``special`` only when the caller does not take
    them from the action. Strategic or cautious on the ground: ``ValueError``.
    """
    col = _posture(posture)
    if role not in ("attack", "defense"):
        raise ValueError(f"role is attack or defense, not {role!r}")
    if attack_kind not in _KINDS["all"]:
        raise ValueError(f"unknown attack kind {attack_kind!r}")
    rows = [stance_row(grapple, aiming)]
    if special is not None:
        if special not in ("strategic", "cautious", "resting"):
            raise ValueError(f"unknown special stance {special!r}")
        rows.append(special)
    out: list[Modifier] = []
    for row in rows:
        cell = STANCE_TABLE[(row, col)]
        if cell is None:
            raise ValueError(f"{row} is not possible on the ground (000 · Stance and Position)")
        name = CELL_NAMES[(row, col)]
        for eff in cell:
            if eff.role != role or attack_kind not in _KINDS[eff.kinds]:
                continue
            if eff.against == "partner" and not vs_grapple_partner:
                continue
            if eff.against == "others" and vs_grapple_partner:
                continue
            if eff.unless_from_above and from_above:
                continue
            out.append(Modifier(name, eff.value))
    return tuple(out)
