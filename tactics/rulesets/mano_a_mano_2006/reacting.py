"""The choices a fighter is asked when someone attacks it or its side (001 · Hit Points · Defense;
001 · Interfering; DECISIONS-2006 · Hit points and pools, Attacks and defense).

The attacked fighter gets a ``defend`` window: move ready points into
defense, parry (1 point), or counter (points to the counter's modifier and
power, no more than the attack spent). Allies within reach of the attacker
get an ``interfere`` window. Answers are plain mappings; a bare number means
points into defense. The clone's two answers in the seed's example::

    >>> read_defend({"reaction": "defense", "points": 6}, ready=6, attack_points=6)
    Reaction(kind='defense', points=6, weapon=None, modifier=0, power=0)
    >>> read_defend({"reaction": "counter", "weapon": "body", "modifier": 1, "power": 2}, 3, 3)
    Reaction(kind='counter', points=0, weapon='body', modifier=1, power=2)
    >>> read_defend(None, ready=4, attack_points=2)        # the default: every ready point to defense
    Reaction(kind='defense', points=4, weapon=None, modifier=0, power=0)

A counter asking for more points than the attack spent, or than are ready,
is cut down to fit (modifier points kept first)::

    >>> read_defend({"reaction": "counter", "weapon": "body", "modifier": 2, "power": 3}, 5, 3)
    Reaction(kind='counter', points=0, weapon='body', modifier=2, power=1)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from tactics.rules.protocol import Window

from .defending import PARRY_POINTS

DEFEND_OPTIONS = ("defense", "parry", "counter", "none")
INTERFERE_OPTIONS = ("parry", "attack", "none")


class Reaction(NamedTuple):
    """A read answer: ``kind`` defense, parry, counter, attack (an ally's interfering attack) or none."""

    kind: str
    points: int = 0
    weapon: str | None = None
    modifier: int = 0
    power: int = 0

    @property
    def spent(self) -> int:
        """Ready points the reaction takes."""
        if self.kind == "defense":
            return self.points
        if self.kind == "parry":
            return PARRY_POINTS
        return self.modifier + self.power


def defend_window(reactor: str, actor: str, action: str, ready: int, attack_points: int,
                  attack: Mapping[str, Any] | None = None) -> Window:
    """The attacked fighter's choice: what to do with its ``ready`` points. ``attack``, when given, is what
    the table sees of the attack: its weapon and the points on its modifier, power and manipulation."""
    default = {"reaction": "defense", "points": ready, "attack_points": attack_points}
    if attack is not None:
        default["attack"] = dict(attack)
    return Window(kind="defend", reactor=reactor, actor=actor, action=action, options=DEFEND_OPTIONS,
                  default=default)


def interfere_window(reactor: str, actor: str, action: str, attack_points: int,
                     attack: Mapping[str, Any] | None = None) -> Window:
    """An ally's choice to interfere with an attack on its side (default: no); ``attack`` as above, with
    the ``target``."""
    default = {"reaction": "none", "attack_points": attack_points}
    if attack is not None:
        default["attack"] = dict(attack)
    return Window(kind="interfere", reactor=reactor, actor=actor, action=action, options=INTERFERE_OPTIONS,
                  default=default)


def _fit(modifier: int, power: int, cap: int) -> tuple[int, int]:
    modifier = max(0, min(int(modifier), cap))
    power = max(0, min(int(power), cap - modifier))
    return modifier, power


def _read(answer: Any, ready: int, attack_points: int, default_kind: str) -> Reaction:
    if answer is None:
        return Reaction(default_kind, ready if default_kind == "defense" else 0)
    if isinstance(answer, bool):
        raise ValueError(f"not a reaction: {answer!r}")
    if isinstance(answer, int):
        return Reaction("defense", max(0, min(answer, ready)))
    if not isinstance(answer, Mapping):
        raise ValueError(f"a reaction is a mapping or a number of points, not {answer!r}")
    kind = str(answer.get("reaction", default_kind))
    weapon = answer.get("weapon")
    if kind == "defense":
        return Reaction("defense", max(0, min(int(answer.get("points", ready)), ready)))
    if kind == "parry":
        return Reaction("parry", weapon=weapon) if ready >= PARRY_POINTS else Reaction("none")
    if kind in ("counter", "attack"):
        cap = min(ready, max(1, attack_points))
        modifier, power = _fit(answer.get("modifier", 0), answer.get("power", 0), cap)
        if modifier + power == 0:
            modifier, power = (0, 1) if cap else (0, 0)
        if modifier + power == 0:
            return Reaction("none")
        return Reaction(kind, weapon=weapon, modifier=modifier, power=power)
    if kind == "none":
        return Reaction("none")
    raise ValueError(f"unknown reaction {kind!r}")


def read_defend(answer: Any, ready: int, attack_points: int) -> Reaction:
    """The attacked fighter's answer, fitted to its ready points and the attack's points."""
    return _read(answer, ready, attack_points, "defense")


def read_interfere(answer: Any, ready: int, attack_points: int) -> Reaction:
    """An ally's answer (``parry``, ``attack`` or ``none``), fitted the same way."""
    r = _read(answer, ready, attack_points, "none")
    if r.kind == "counter":
        return Reaction("attack", weapon=r.weapon, modifier=r.modifier, power=r.power)
    return Reaction("none") if r.kind == "defense" else r

__all__ = ["DEFEND_OPTIONS", "INTERFERE_OPTIONS", "Reaction", "defend_window", "interfere_window",
           "read_defend", "read_interfere"]
