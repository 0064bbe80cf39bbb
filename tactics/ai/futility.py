"""Futile turns, measured from a replay: refused actions and poor-odds attacks (issue 17).

A policy should never plan what the rules refuse, and never attack at poor
odds while a move would give it better ones. Both leave their marks in a
replay, and this module reads them back without the engine, the ruleset or
the policies (it reads the events duck-typed, so a replay file loaded by
``tactics.replay.load_replay`` and a fresh ``Result.events`` both do)::

    >>> from tactics.scenario import load_scenario, shipped_encounters
    >>> res = load_scenario(shipped_encounters()["arena"]).run(seed=1)
    >>> tally = futility(res.events)
    >>> tally.turns > 0 and tally.refused_per_100 <= 0.5
    True

**Refused**: every ``say`` the engine writes for a refused step (``refused: ...``).

**An attack's odds**: the chance of the attack as its policy estimated it, when
the decision that planned it recorded one (an alternative named :data:`ODDS`:
the lowest chance among the attacks it planned),
else the chance the recorded roll had before it was rolled, from the roll
alone (:func:`roll_odds`: the dice, the modifiers folded into the total and
the target or the other side's roll — ruleset-blind, and never kinder than the
rules, which may add a natural success).

**A move that raises them**: a decision that attacks at under
:data:`POOR_ODDS` records, as the alternative :data:`MOVE_ODDS`, the best odds
of an attack it could make after a move open this turn. An attack under the
line counts as **futile** when that record beats its odds, or when the policy
recorded none (it did not look) — except an answer to a reaction window in
someone else's turn with no plan said, where no move is open.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

POOR_ODDS = 0.15
"""Under this chance an attack is a poor one (issue 17 · Done when)."""
ODDS = "odds"
"""Alternative naming the chance of the attack the decision planned, as the policy estimated it."""
MOVE_ODDS = "odds after a move"
"""Alternative naming the best chance of an attack after a move open this turn (0: none open)."""

_DICE = re.compile(r"^(\d*)d(\d+|F)$")


@lru_cache(maxsize=64)
def dice_distribution(dice: str) -> tuple[tuple[int, float], ...] | None:
    """``(sum of faces, probability)`` for ``d6``, ``3d6``, ``4dF``, ``d100``...; None for others."""
    m = _DICE.match(dice.strip())
    if not m:
        return None
    n = int(m.group(1) or 1)
    faces = range(-1, 2) if m.group(2) == "F" else range(1, int(m.group(2)) + 1)
    if n > 10:
        return None
    dist = {0: 1.0}
    for _ in range(n):
        step: dict[int, float] = {}
        for s, p in dist.items():
            for f in faces:
                step[s + f] = step.get(s + f, 0.0) + p / len(faces)
        dist = step
    return tuple(sorted(dist.items()))


def _get(obj: Any, key: str, default: Any = None) -> Any:
    if isinstance(obj, dict):
        return obj.get(key, default)
    return getattr(obj, key, default)


def _side(roll: Any) -> tuple[list[tuple[int, float]], int] | None:
    """The totals one side could have rolled (faces' distribution shifted by its modifiers)."""
    dist = dice_distribution(str(_get(roll, "dice", "")))
    if dist is None:
        return None
    shift = int(_get(roll, "total")) - sum(_get(roll, "faces", []) or [])
    return [(s + shift, p) for s, p in dist], shift


def _succeeds(total: int, face_sum: int, roll: Any) -> bool:
    mode, target = _get(roll, "mode", "beat"), _get(roll, "target")
    if target is None:
        return True
    if mode == "under":
        return total <= target
    if mode == "meet":
        return total >= target
    return total > target


def roll_odds(roll: Any, attacker: str) -> float | None:
    """The chance ``attacker``'s attack had of hitting, from its recorded roll alone, or None.

    A single roll beats (``beat``), meets (``meet``) or stays under (``under``)
    its target; a contest (``vs``) is won by the higher total, and between two
    rolls under a target (d100) by the one that succeeds, the higher of two
    successes winning. A roll made by the defender against the attacker
    (``vs_who`` is the attacker: a group attack) hits when it fails. Ties lose.
    """
    mine = _side(roll)
    if mine is None:
        return None
    dist, _ = mine
    vs = _get(roll, "vs")
    if vs is None:
        p = sum(q for s, q in dist if _succeeds(s, s, roll))
        return 1.0 - p if _get(roll, "vs_who") == attacker else p
    theirs = _side(vs)
    if theirs is None:
        return None
    tdist, _ = theirs
    both_under = _get(roll, "mode") == "under" and _get(vs, "mode") == "under"
    p = 0.0
    for a, pa in dist:
        for b, pb in tdist:
            if both_under:
                ok_a, ok_b = _succeeds(a, a, roll), _succeeds(b, b, vs)
                win = ok_a and (not ok_b or a > b)
            else:
                win = a > b
            if win:
                p += pa * pb
    return p


@dataclass(slots=True)
class PoorAttack:
    """One attack under :data:`POOR_ODDS`: who, on whom, when, its odds, the best after a move."""

    t: float
    who: str
    target: str
    action: str
    odds: float
    move_odds: float | None

    @property
    def futile(self) -> bool:
        """A move that raised the odds was open (or the policy never looked)."""
        return self.move_odds is None or self.move_odds > self.odds


@dataclass(slots=True)
class Futility:
    """What one replay (or several, added up) shows of futile turns."""

    turns: int = 0
    refused: int = 0
    attacks: int = 0
    unknown_odds: int = 0
    poor: list[PoorAttack] = field(default_factory=list)

    @property
    def refused_per_100(self) -> float:
        return 100.0 * self.refused / self.turns if self.turns else 0.0

    @property
    def futile(self) -> list[PoorAttack]:
        return [a for a in self.poor if a.futile]

    def __add__(self, other: Futility) -> Futility:
        return Futility(self.turns + other.turns, self.refused + other.refused, self.attacks + other.attacks,
                        self.unknown_odds + other.unknown_odds, self.poor + other.poor)


def _kind(ev: Any) -> str:
    return str(_get(ev, "type", "")) if isinstance(ev, dict) else type(ev).__name__.lower()


def _alt(alts: Sequence[Any], name: str) -> float | None:
    for what, value in alts or ():
        if what == name:
            return float(value)
    return None


def futility(events: Iterable[Any]) -> Futility:
    """Count the turns, refused steps and poor-odds attacks of one replay's events.

    An attack in its fighter's own turn reads the alternatives of the decision
    that turn made (its last ``say`` that is not a refusal; a bare note the
    ruleset says later in the turn does not replace a decision that left a
    record). An attack in
    someone else's turn answers a reaction window: it reads the reaction plan's
    decision when its policy said one in that turn (a counter that walks
    first), else it had no move open (interfering, parrying, a choice of the
    ruleset's), and its odds are the roll's.
    """
    out = Futility()
    decision: dict[str, Sequence[Any]] = {}
    current: Any = None
    said: set[Any] = set()
    for ev in events:
        kind = _kind(ev)
        if kind == "turn":
            out.turns += 1
            current = _get(ev, "who")
            decision.pop(current, None)
            said = set()
        elif kind == "say":
            text = str(_get(ev, "text", ""))
            if text.startswith("refused"):
                out.refused += 1
            else:
                who = _get(ev, "who")
                alts = _get(ev, "alternatives", ()) or ()
                if alts or who not in said or not decision.get(who):
                    decision[who] = alts
                said.add(who)
        elif kind == "attack":
            out.attacks += 1
            who = _get(ev, "who")
            reaction = who != current and who not in said
            alts = () if reaction else decision.get(who, ())
            odds = _alt(alts, ODDS)
            if odds is None:
                odds = roll_odds(_get(ev, "roll"), who)
            if odds is None:
                out.unknown_odds += 1
                continue
            if odds < POOR_ODDS:
                move = odds if reaction else _alt(alts, MOVE_ODDS)
                out.poor.append(PoorAttack(float(_get(ev, "t")), who, str(_get(ev, "target")),
                                           str(_get(ev, "action")), odds, move))
    return out


def with_odds(plan: Any, odds: float, move_odds: float, always: bool = False) -> Any:
    """``plan`` (a :class:`~tactics.rules.plan.Plan`) with the records :func:`futility` reads: the
    attack's ``odds`` and, when they are poor, the best ``move_odds`` a move open this turn would
    give. Unless ``always``, a plan whose attack pays is returned as it is (its replay unchanged:
    the roll's own odds then stand for it)."""
    if odds >= POOR_ODDS:
        return type(plan)(plan.steps, plan.reason, tuple(plan.alternatives) + ((ODDS, odds),)) if always else plan
    return type(plan)(plan.steps, plan.reason, tuple(plan.alternatives) + ((ODDS, odds), (MOVE_ODDS, move_odds)))


def table(rows: Iterable[tuple[str, int, Futility]]) -> str:
    """A Markdown table, one row ``(encounter, fights, tally)`` per encounter (``docs/ai.md`` § Futile turns)."""
    lines = ["| encounter | fights | turns | refused | per 100 turns | attacks | under 15 % | of them futile |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for name, n, f in rows:
        lines.append(f"| {name} | {n} | {f.turns} | {f.refused} | {f.refused_per_100:.2f} | {f.attacks} "
                     f"| {len(f.poor)} | {len(f.futile)} |")
    return "\n".join(lines)


__all__ = ["POOR_ODDS", "ODDS", "MOVE_ODDS", "dice_distribution", "roll_odds", "PoorAttack", "Futility",
           "futility", "with_odds", "table"]
