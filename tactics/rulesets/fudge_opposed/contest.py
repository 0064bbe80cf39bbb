"""Opposed contests and unopposed checks on 4dF, recorded as :class:`~tactics.rules.records.Roll`.

Both sides roll skill + modifiers + 4dF; the higher total wins and a tie
goes to the defender (DECISIONS-fudge · Dice). An attack roll of four pluses
is a critical: it wins whatever the defender rolled; four minuses is a
critical fail: it loses (002 · Criticals). Follow-up contests (Strength vs
Athletics after a trip's Melee vs Block) never crit::

    >>> from tactics.dice import ScriptedDice
    >>> d = ScriptedDice([1, 1, 0, 0,  0, 0, 1, -1])
    >>> o = contest(d, Side("red-1", "Melee", 3), Side("blue-1", "Block", 2), crits=True)
    >>> o.won, o.margin, o.roll.total, o.roll.vs.total
    (True, 3, 5, 2)
    >>> d = ScriptedDice([1, 1, 1, 1,  1, 1, 1, 1])
    >>> o = contest(d, Side("a", "Melee", 0), Side("b", "Block", 5), crits=True)
    >>> o.won, o.critical, o.roll.tags
    (True, True, ['critical'])

The record keeps every face, the modifiers of both sides, the margin
(attacker's total minus the defender's) and ``result="tie"`` on a tie.
"""

from __future__ import annotations

from typing import NamedTuple

from tactics.dice import Dice
from tactics.rules.records import Mod, Roll

DICE = "4dF"


class Side(NamedTuple):
    """One side of a contest: who rolls, the skill's name and rating, and modifiers (a named tuple:
    a contest makes two of them, and a tuple is made in a fraction of a frozen dataclass's time)."""

    who: str
    skill_name: str
    skill: int
    mods: tuple[Mod, ...] = ()

    @property
    def base(self) -> int:
        """Skill plus modifiers: the total before the dice."""
        total = self.skill
        for _, v in self.mods:   # (a loop: a generator for one or two modifiers costs more than they do)
            total += v
        return total

    def mod_list(self) -> list[Mod]:
        return [(self.skill_name, self.skill), *self.mods]


_NEW = tuple.__new__
"""``_NEW(Side, (who, skill_name, skill, mods))`` makes a named tuple without the Python-level ``__new__``
a named tuple's class call runs (about 1 µs a call; a contest makes three of them): every field given."""


class Outcome(NamedTuple):
    """A resolved contest: ``won`` is the attacker's (the side that started it)."""

    won: bool
    margin: int
    tie: bool
    critical: bool
    fumble: bool
    roll: Roll


def contest(dice: Dice, attacker: Side, defender: Side, *, crits: bool,
            tie_result: str = "tie") -> Outcome:
    """``attacker`` vs ``defender``: the attacker rolls first, then the defender.

    ``crits`` only for attack rolls (Melee or Marksmanship, 002 · Criticals).
    """
    a_faces = dice.fudge(4)
    d_faces = dice.fudge(4)
    return judge(attacker, a_faces, defender, d_faces, crits=crits, tie_result=tie_result, fresh=True)


def judge(attacker: Side, a_faces: list[int], defender: Side, d_faces: list[int], *,
          crits: bool, tie_result: str = "tie", fresh: bool = False) -> Outcome:
    """The verdict of a contest whose faces are known (see :func:`contest`; ``fresh``: the two face
    lists are the caller's to give away, so the record keeps them instead of copies)."""
    a_sum = sum(a_faces)
    a_total = attacker.base + a_sum
    d_total = defender.base + sum(d_faces)
    critical = crits and a_sum == 4
    fumble = crits and a_sum == -4
    tie = a_total == d_total
    if critical:
        won = True
    elif fumble:
        won = False
    else:
        won = a_total > d_total
    tags = ["critical"] if critical else ["fumble"] if fumble else []
    vs = Roll(dice=DICE, faces=d_faces if fresh else list(d_faces), total=d_total, success=not won, mode="opposed",
              mods=defender.mod_list())
    roll = Roll(dice=DICE, faces=a_faces if fresh else list(a_faces), total=a_total, success=won, mode="opposed",
                mods=attacker.mod_list(), vs=vs, vs_who=defender.who, margin=a_total - d_total,
                result=tie_result if tie and not critical else "", tags=tags)
    return _NEW(Outcome, (won, a_total - d_total, tie, critical, fumble, roll))


def check(dice: Dice, side: Side, difficulty: int, target_mods: list[Mod] | None = None) -> Roll:
    """An unopposed check: ``skill + mods + 4dF >= difficulty`` (mode ``meet``).

    Difficulties: 0 routine, 1 fair, 2 good, 3 great, 4 superb (DECISIONS-fudge · Dice)::

        >>> from tactics.dice import ScriptedDice
        >>> r = check(ScriptedDice([0, 0, 0, -1]), Side("a", "Athletics", 1), 0)
        >>> r.total, r.success, r.mode
        (0, True, 'meet')
    """
    faces = dice.fudge(4)
    total = side.base + sum(faces)
    return Roll(dice=DICE, faces=list(faces), total=total, success=total >= difficulty, mode="meet",
                target=difficulty, mods=side.mod_list(), target_mods=list(target_mods or []))


def plain_roll(dice: Dice, side: Side) -> Roll:
    """A roll with no verdict of its own yet (initiative, a group defence)."""
    faces = dice.fudge(4)
    return Roll(dice=DICE, faces=list(faces), total=side.base + sum(faces), success=True,
                mode="opposed", mods=side.mod_list())


__all__ = ["DICE", "Side", "_NEW", "Outcome", "contest", "judge", "check", "plain_roll"]
