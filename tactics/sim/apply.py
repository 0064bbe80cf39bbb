"""Applying a ruleset's effects to the fight, and recording each as a replay event.

Whatever the system, an effect lands the same way (:mod:`tactics.rules.effects`):

| effect | what the engine does | event |
| --- | --- | --- |
| ``Check`` | nothing but record it | ``roll`` |
| ``Attacked`` | counts a hit or a miss; the straight run ends; the fight is not stalled | ``attack`` |
| ``Harm`` | adds the changes to the tracks, asks the ruleset the standing; one who can no longer act lets go of its partner and falls from the air or a wall | ``harm`` (+ ``state``) |
| ``Status`` | sets the statuses (``prone``, ``partner``, ``role``, ``prepared``, ``carrier`` are the engine's own) | ``state`` |
| ``Push`` | moves the fighter straight away until a wall (which hurts as a fall when the ruleset's ``walls_hurt``); a drop becomes a fall | ``move`` (+ ``fall``) |
| ``Fall`` | drops the fighter to the ground below it | ``fall`` |
| ``Note``, ``Refused`` | a line of text | ``say`` |

Rolls are converted from the rules' record to the replay's, field for field::

    >>> from tactics.rules.records import Roll
    >>> rollrec(Roll(dice="d6", faces=[5], total=7, success=True, mods=[("blade", 2)])).total
    7
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactics.replay.schema import Attack, Fall, Harm, LegRec, Move, Roll, RollRec, Say, State
from tactics.rules import effects as fx
from tactics.sim.rounding import round6

if TYPE_CHECKING:
    from tactics.sim.combatant import Combatant
    from tactics.sim.turn import TurnState

ENGINE_KEYS = frozenset({"prone", "partner", "role", "prepared", "carrier"})
"""Status keys the engine itself reads (the rest are the ruleset's)."""
PUSH_STEP_M = 0.25
"""Resolution of a push's path: it stops at the last free step before a wall."""
PUSH_SECONDS_PER_M = 0.15
NO_ALTERNATIVES: tuple[tuple[str, float], ...] = ()
"""The ``alternatives`` of every ``say`` event without any: the schema's default, the empty tuple (one
object, untracked by the garbage collector), so the thousands of ``say`` lines of a big fight, made or
read back, bring no container for the collector to walk. Written, it is left out like any default."""


def rollrec(r: Any) -> RollRec:
    """The replay's record of a :class:`tactics.rules.records.Roll`."""
    return RollRec(r.dice, r.faces, r.total, r.success, r.mode, r.target, r.mods, r.target_mods,
                   None if r.vs is None else rollrec(r.vs), r.vs_who, r.margin, r.result, r.tags)


class Effects:
    """Applying effects, for :class:`~tactics.sim.turn.TurnRunner`."""

    def record_check(self, check: fx.Check) -> RollRec:
        rec = rollrec(check.roll)
        enc = self.enc
        enc.events.append(Roll(enc.env.now, check.who, check.purpose, rec))  # (t, who, purpose, roll)
        return rec

    def apply(self, c: Combatant | None, eff: Any, ts: TurnState | None) -> None:
        """Apply one effect of ``c``'s action (``ts``: its turn, when there is one)."""
        enc = self.enc
        kind = type(eff)
        if kind is fx.Harm:
            self.apply_harm(enc.combatants[eff.who], eff.changes, eff.source)
        elif kind is fx.Attacked:
            a = enc.combatants[eff.who]
            if ts is not None:
                ts.run_m = 0.0
            enc.note_activity()
            if eff.hit:
                a.hits += 1
            else:
                a.misses += 1
            # positional, in the schema's field order (t, who, target, action, weapon, roll, hit, harm, details,
            # distance, light, reaction, charge_m): the same event without parsing thirteen keywords
            enc.events.append(Attack(enc.env.now, eff.who, eff.target, eff.action, eff.weapon, rollrec(eff.roll), eff.hit,
                               eff.harm, eff.details, eff.distance, eff.light, eff.reaction, eff.charge_m))
        elif kind is fx.Status:
            self.apply_status(enc.combatants[eff.who], eff.changes)
        elif kind is fx.Refused:
            enc.events.append(Say(enc.env.now, eff.who, f"refused: {eff.why}", NO_ALTERNATIVES))
        elif kind is fx.Check:
            self.record_check(eff)
        elif kind is fx.Note:
            enc.events.append(Say(enc.env.now, eff.who, eff.text, NO_ALTERNATIVES))
        elif kind is fx.Push:
            self.apply_push(enc.combatants[eff.who], eff)
        elif kind is fx.Fall:
            u = enc.combatants[eff.who]
            self._fall_down(u, eff.difficulty, eff.cause)
        else:
            raise TypeError(f"{self.rules.name} returned {kind.__name__}, which is not an effect")

    def apply_status(self, c: Combatant, changes: dict[str, Any]) -> None:
        for k, v in changes.items():
            if k in ENGINE_KEYS:
                setattr(c, k, v)
                if k == "carrier":
                    self.enc.link_carrier(c, v)
            else:
                c.status[k] = v
        self.enc.events.append(State(self.enc.env.now, c.id, changes))  # (t, who, changes): never a move

    def apply_harm(self, c: Combatant, changes: dict[str, int], source: str, may_fall: bool = True) -> None:
        """Tracks change; a fighter who can no longer act lets go and falls (docs/engine.md)."""
        enc = self.enc
        now = enc.env.now
        tracks = c.tracks
        for k, v in changes.items():
            tracks[k] = tracks.get(k, 0) + v
        was_able = c.able
        # c.set_standing(...) written out (2006 lands ~2.8 harms a turn: pools are tracks)
        standing = c.standing = self.rules.standing(c)
        able = c.able = c.present and standing in c.able_standings
        if able != was_able:
            enc.health_changed(c)
        # positional, in the schema's field order (t, who, changes, tracks, standing, source); a harm is
        # never a move: appended as record() would, without its call
        enc.events.append(Harm(now, c.id, changes, dict(tracks), standing, source))
        if was_able and not c.able:
            c.down_at = now
            c.prepared = None
            out: dict[str, Any] = {"active": False}
            if c.partner is not None:
                other = enc.combatants.get(c.partner)
                if other is not None:
                    other.partner = None
                    other.role = None
                    self.record(State(t=now, who=other.id, changes={"partner": None, "role": None}))
                c.partner = None
                c.role = None
                out.update(partner=None, role=None)
            self.record(State(t=now, who=c.id, changes=out))
            if may_fall and (c.flying or c.climbing):
                where = "in the air" if c.flying else "while climbing"
                self._fall_down(c, None, f"{c.standing} {where}")
        elif c.able and not was_able:
            c.down_at = None
            self.record(State(t=now, who=c.id, changes={"active": True}))

    def _fall_down(self, c: Combatant, difficulty: int | None, cause: str) -> None:
        """``c`` falls from where it is to the ground below (its own fall, outside its turn's legs)."""
        from tactics.sim.turn import TurnState

        now = self.enc.env.now
        ts = TurnState(now)
        ground = self.enc.map.ground_height(c.x, c.y)
        self._fall(c, (c.x, c.y, ground), difficulty, cause, ts)
        if ts.legs:
            self.record(Move(t=now, who=c.id, legs=ts.legs, metres=round6(ts.metres), budget=0.0))

    def _hit_wall(self, c: Combatant, eff: fx.Push) -> None:
        """Pushed or thrown into a wall: harm as a fall onto the wall's surface, from no height
        (DECISIONS · More rulings · Falls from a push); the fighter stays on its feet."""
        now = self.enc.env.now
        out = self.rules.fall(self.world, c, 0.0, False, None)
        by = self.enc.combatants[eff.by].name if eff.by in self.enc.combatants else ""
        cause = f"pushed into a wall by {by}" if by else f"{eff.cause} into a wall"
        self.record(Fall(t=now, who=c.id, height=0.0, severity=out.severity, start=c.pos, end=c.pos, cause=cause,
                         roll=rollrec(out.roll) if out.roll is not None else None, harm=dict(out.harm),
                         into_water=False))
        if out.harm:
            self.apply_harm(c, out.harm, f"wall ({out.severity})", may_fall=False)

    def apply_push(self, c: Combatant, eff: fx.Push) -> None:
        """Straight away along ``(dx, dy)`` up to ``metres``: a wall (ground too high to step onto)
        stops it; ground far below the start is a fall (DECISIONS · More rulings · Falls from a push)."""
        tmap = self.enc.map
        now = self.enc.env.now
        start = c.pos
        x, y, z = start
        minx, miny, maxx, maxy = tmap.bounds
        moved = 0.0
        stop_z = z
        walled = False
        while moved + 1e-9 < eff.metres:
            step = min(PUSH_STEP_M, eff.metres - moved)
            nx, ny = x + eff.dx * step, y + eff.dy * step
            if not (minx <= nx < maxx and miny <= ny < maxy):
                break
            g = tmap.ground_height(nx, ny)
            if tmap.terrain_at(nx, ny) == "wall" and g > z + 0.5:
                walled = True
                break
            x, y, moved = nx, ny, moved + step
            stop_z = g
        if walled and getattr(self.rules, "walls_hurt", False):
            self._hit_wall(c, eff)
        if moved <= 0:
            return
        end = (x, y, z)
        t1 = now + moved * PUSH_SECONDS_PER_M
        self.enc.place(c, end)
        self.record(Move(t=now, who=c.id, legs=[LegRec(kind="push", start=start, end=end, t0=now, t1=t1)],
                         metres=round6(moved), budget=0.0))
        self.enc.note_activity()
        if c.flying:
            return  # a flyer is pushed through the air; there is nothing to fall off
        if z - stop_z > 0.5:
            self._fall_down(c, None, f"pushed off a drop by {self.enc.combatants[eff.by].name}" if eff.by else eff.cause)
        else:
            self.enc.place(c, (x, y, stop_z))
