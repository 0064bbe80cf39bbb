"""The marksman: shoots from range, keeps out of reach, goes to ground when it is a firefight
(002 · Range; Actions · Go to Ground).

Each turn it weighs, in expected hit points:

- **shoot from here** at the enemy it hurts most for the hit points it has left
  (the weapon with the most expected harm at that distance: a long-range rifle
  takes no penalty far off and cannot be used under 2 m);
- **step back and shoot** when an enemy could reach it: a spot clear of every
  hand-to-hand enemy's next move (or at least out of short range) with a line of sight;
- **go to ground** when no hand-to-hand enemy can reach it next round but
  shooters see it: +2 Dodge for the rest of the fight (Marksmanship loses
  nothing; Melee and Block lose 4), worth the harm it spares over the next
  two rounds (:func:`~.odds.threat` with and without).

With nothing in sight it walks to where it sees the nearest enemy from 6–40 m.
"""

from __future__ import annotations

from typing import Any

from tactics.ai.approach import HOLDING
from tactics.rulesets.fudge_opposed.ranges import SHORT_RANGE_M
from tactics.rulesets.fudge_opposed.state import status, weapons
from tactics.sim.plan import Act, Plan

from .common import FudgePolicy, close_in, sees_from, stand_off
from .odds import Option, best, best_weapon, explain, label, threat

GROUND_ROUNDS = 2
"""Rounds of +2 Dodge a go-to-ground is credited with."""


def ranged(u: Any) -> bool:
    return any(w.ranged for w in weapons(u))


class Marksman(FudgePolicy):
    """Ranged: shoot the most hurt-per-shot enemy, stay out of reach, go to ground under fire."""

    name = "marksman"

    def shots(self, view: Any, me: Any, enemies: list[Any], at: tuple[float, float] | None = None,
              steps: list[Any] | None = None, head: str = "shoot") -> list[Option]:
        low = bool(status(me).get("gone_to_ground") or me.prone)
        out = []
        for e in enemies:
            if at is None:
                d = view.distance(me, e)
                if d >= SHORT_RANGE_M and not view.can_see(me, e):
                    continue
            else:
                d = ((at[0] - e.x) ** 2 + (at[1] - e.y) ** 2) ** 0.5
                if d >= SHORT_RANGE_M and not sees_from(view, at[0], at[1], e, low):
                    continue
            got = best_weapon(view, me, e, d)
            if got is None:
                continue
            w, p, ev = got
            hp = max(1, e.tracks.get("hp", 1))
            out.append(Option(f"{head} ({w.name}) {label(view, e)} at {d:.0f} m", list(steps or [])
                              + [Act("shoot", e.id, w.name)], p, ev, score=min(ev, hp) / hp))
        return out

    def when_prone(self, view: Any, me: Any, enemies: list[Any]) -> Plan:
        """Knocked down: roll over and go to ground (+2 Dodge, Marksmanship untouched) unless an
        enemy is in reach (gone to ground it would Block at −4)."""
        if any(view.distance(e, me) < SHORT_RANGE_M for e in enemies):
            return super().when_prone(view, me, enemies)
        return Plan([Act("go_to_ground")], "prone: rolling over to go to ground (+2 Dodge, shooting unharmed)")

    def decide(self, view: Any, me: Any, enemies: list[Any]) -> Plan:
        melee = [e for e in enemies if not ranged(e)]
        danger = [e for e in melee if view.distance(e, me) <= view.movement(e) + SHORT_RANGE_M]
        opts = [] if any(view.distance(e, me) < SHORT_RANGE_M for e in enemies) else self.shots(view, me, enemies)
        if danger or not opts:
            target = min(enemies, key=lambda e: view.distance(me, e))
            for lo in ([max(view.movement(e) + SHORT_RANGE_M + 0.5 for e in danger)] if danger else []) + [2.5]:
                got = stand_off(view, me, target, lo, 60.0, avoid=danger)
                if got is not None and got[0]:
                    steps, end = got
                    opts += self.shots(view, me, enemies, end, steps, "step back and shoot")
                    break
        if not status(me).get("gone_to_ground") and not me.prone and not danger and opts:
            shooters = [e for e in enemies if ranged(e) and view.can_see(e, me)]
            if shooters:
                now, then = threat(view, me), threat(view, me, extra_def=2)
                saved = max(0.0, now - then) * GROUND_ROUNDS
                opts.append(Option("go to ground", [Act("go_to_ground")], 1.0, saved,
                                   score=saved / max(1, me.tracks.get("hp", 1)),
                                   note=f"+2 Dodge: incoming ≈{now:.1f} → {then:.1f} hp a round"))
        if not opts:
            target = min(enemies, key=lambda e: view.distance(me, e))
            got = stand_off(view, me, target, 6.0, 40.0, budget=2 * view.movement(me), avoid=melee)
            if got is not None and got[0]:
                return Plan(got[0], f"moving to see {label(view, target)} from range")
            got = close_in(view, me, target, enemies, stop=8.0)
            if got is None:
                return Plan([], HOLDING)
            return Plan(got[0], f"moving toward {label(view, target)}: nothing in sight")
        choice = best(opts)
        return Plan(choice.steps, explain(choice, opts))


__all__ = ["Marksman", "GROUND_ROUNDS"]
