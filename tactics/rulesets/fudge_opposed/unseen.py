"""What hiding is worth to the AI: the chance of being unseen, and a hidden fighter's sure blow.

002 · Actions · Hide and Sneak Attack (DECISIONS-fudge · Stealth; the rules
in :mod:`.stealth` and :func:`.attacks.strike`): a hide is one Stealth roll
that must beat the Perception roll of every able enemy; a hidden fighter
cannot be targeted, and its next attack hits whatever the dice say (a
critical when the roll also beat the defence). The generic planner
(``tactics/ai/planner``) reads both through the seam:

- :func:`unseen` — the optional seam ``unseen(world, unit, act)``: the chance
  that after ``act`` (None: no action, a move) no enemy can target ``unit``.
  A hide gives the chance one Stealth roll beats every enemy's (exact: the
  enemies roll apart, against the same roll of mine)::

      Stealth 3 against one enemy of Perception 1:  P(3 + 4dF > 1 + 4dF) = 0.7392
      against two of Perception 1:                   0.6069 (not 0.7392² = 0.5464)

  An attack ends hiding (0); anything else keeps what is (1 hidden, 0 seen).
- :func:`sneaky` — the estimates of a hidden attacker: every attack a sure
  hit (``p`` 1; a sneak attack is never pooled) for the sneak attack's
  expected harm; manoeuvres stay as they are.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tactics.rules.protocol import Estimate

from . import conditions
from .catalogue import ATTACKS
from .estimates import attack_odds
from .odds import p_total
from .ranges import weapon_use
from .state import intent, melee_damage, status, weapons
from .stealth import enemies

_FACES = range(-4, 5)


def p_hide(world: Any, me: Any) -> float:
    """P(my one Stealth roll beats each able enemy's Perception roll; ties go to the enemy)."""
    mine = me.sheet.skill("Stealth") + sum(v for _, v in conditions.roll_mods(status(me), "Stealth"))
    theirs = [e.sheet.skill("Perception") + sum(v for _, v in conditions.roll_mods(status(e), "Perception"))
              for e in enemies(world, me)]
    total = 0.0
    for m in _FACES:
        p = float(p_total(m))
        for t in theirs:
            p *= float(sum(p_total(d) for d in _FACES if t + d < mine + m))
        total += p
    return total


def unseen(world: Any, me: Any, act: Any) -> float:
    """The chance that after ``act`` (None: no action) no enemy can target ``me`` (module docstring)."""
    hidden = bool(status(me).get("hidden"))
    action = intent(act).action if act is not None else None
    if action == "hide":
        return 0.0 if hidden else p_hide(world, me)
    if action in ATTACKS or action == "takedown":
        return 0.0
    return 1.0 if hidden else 0.0


def sneaky(world: Any, me: Any, target: Any, out: list[Estimate]) -> list[Estimate]:
    """``out`` (the estimates of ``me`` on ``target``) as a hidden ``me`` would strike: each single
    attack a sure hit for (1 − P(win)) × (Damage − Soak) + P(win) × (2 × Damage − Soak); best first."""
    if not status(me).get("hidden"):
        return out
    hp_left = max(1, target.tracks.get("hp", 1))
    distance = world.distance(me, target)
    by_name = {w.name: w for w in weapons(me)}
    got = []
    for e in out:
        w = by_name.get(e.weapon) if e.action in ATTACKS else None
        use = weapon_use(w, distance) if w is not None else None
        if w is None or isinstance(use, str) or use is None:
            got.append(e)
            continue
        p, _, _ = attack_odds(world, me, target, use)
        dmg, soak = melee_damage(me, w), target.sheet.soak
        harm = (1 - p) * max(0, dmg - soak) + p * max(0, 2 * dmg - soak)
        got.append(replace(e, p=1.0, harm=harm, progress=min(1.0, harm / hp_left), note="sneak attack: a sure hit"))
    got.sort(key=lambda e: e.value, reverse=True)
    return got


__all__ = ["p_hide", "unseen", "sneaky"]
