"""The action catalogue of fudge-opposed (002 · Actions; DECISIONS-fudge · Time and turns).

One action a turn. Group attacks (concentrated fire, dog-piles) are not
actions of their own: a ``melee`` or ``shoot`` by one of three or more
identical fighters joins one (see :mod:`.attacks`). A ``melee`` or ``shoot``
by a hidden fighter is a sneak attack. ``let_go`` costs no action.

    >>> sorted(ACTIONS)[:4]
    ['break_free', 'disarm', 'full_defence', 'go_to_ground']
    >>> ACTIONS["trip"].source
    '002 · Actions · Trip'
"""

from __future__ import annotations

from tactics.rules.protocol import ActionInfo

_A = ActionInfo

ACTIONS: dict[str, ActionInfo] = {a.name: a for a in (
    _A("melee", "melee", "enemy", "002 · Actions · Melee Attack"),
    _A("shoot", "ranged", "enemy", "002 · Actions · Marksmanship Attack"),
    _A("trip", "melee", "enemy", "002 · Actions · Trip"),
    _A("shove", "melee", "enemy", "002 · Actions · Shove"),
    _A("grapple", "melee", "enemy", "002 · Actions · Grapple"),
    _A("disarm", "melee", "enemy", "002 · Actions · Disarm"),
    _A("takedown", "melee", "enemy", "002 · Special Rules · Takedown"),
    _A("full_defence", "other", "none", "002 · Actions · Full Defence"),
    _A("go_to_ground", "other", "none", "002 · Actions · Go to Ground"),
    _A("rise", "other", "none", "002 · Actions · Go to Ground; Status effects · Prone"),
    _A("hide", "other", "none", "002 · Actions · Hide"),
    _A("break_free", "other", "none", "002 · Status effects · Pinned, Held"),
    _A("let_go", "other", "none", "002 · Status effects · Pinned, Held", quick=True),
    _A("ready", "other", "none", "002 · Criticals · Critical Fail; Actions · Disarm (DECISIONS-fudge)"),
    _A("run", "other", "none", "DECISIONS-fudge · Time and turns (a second move)"),
)}

ATTACKS = ("melee", "shoot")
MANOEUVRES = ("trip", "shove", "grapple", "disarm")
STANCES = ("full_defence", "go_to_ground", "rise", "ready")
GRAPPLED_ALLOWED: dict[str, tuple[str, ...]] = {
    "pinned": ("break_free",),
    "held": ("break_free",),
    "pinner": ("let_go",),
    "holder": ("let_go", "melee", "shoot", "trip", "shove", "disarm", "full_defence", "ready"),
}
"""What a fighter in a pin or hold may still do (the holder acts at -4)."""

__all__ = ["ACTIONS", "ATTACKS", "MANOEUVRES", "STANCES", "GRAPPLED_ALLOWED"]
