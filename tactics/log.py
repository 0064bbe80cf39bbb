"""The fight as text: replay events turned into a round-by-round log and a final table.

Reads replays only (header + events), so the command line, tests and any
viewer share one wording::

    >>> from tactics.log import FightLog
    >>> log = FightLog(replay.header, replay.events)              # doctest: +SKIP
    >>> for line in log.lines():                                   # doctest: +SKIP
    ...     print(line.round, line.text)
    1 Steven quick strike (machete) → Clone: d20 14 +4 = 18 vs 12: hit, 3 damage (2 absorbed)

Every attack shows its roll: the natural d20, the modifiers added, the total,
and the difficulty it had to beat (``total > difficulty`` or a natural 20 hits).
:func:`final_rows` folds the same events into the final table (standing, stun,
damage, hits, misses), so the table always agrees with the replay.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from tactics.replay.explain import roll_text
from tactics.replay.schema import (
    Attack,
    Climb,
    Harm as Damage,
    End,
    Fall,
    Fly,
    Header,
    Jump,
    Move,
    Roll,
    RollRec,
    Say,
    State,
    Turn,
)

__all__ = ["LogLine", "FightLog", "describe_roll", "final_rows", "outcome_text"]


@dataclass(frozen=True)
class LogLine:
    t: float
    round: int
    kind: str
    """attack, harm, down, recover, fall, jump, climb, fly, grapple, posture, roll, reason."""
    who: str
    team: str
    text: str


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def describe_roll(r: RollRec, detail: bool = False) -> str:
    """``d20 14 +4 = 18 vs 12`` (``detail``: each modifier and difficulty part named).

    The short form is the replay's own wording (:func:`tactics.replay.explain.roll_text`),
    the same the viewer's log panel shows.
    """
    if not detail:
        return roll_text(r)
    mods = " ".join(f"{_signed(v)} {s}" for s, v in r.modifiers)
    diff = f"{r.difficulty}"
    if r.difficulty_mods:
        diff += " (" + ", ".join(f"{s} {v}" for s, v in r.difficulty_mods) + ")"
    core = f"d20 {r.die}" + (f" {mods} = {r.total}" if mods else "")
    nat = " (natural 20)" if r.die == 20 else ""
    return f"{core}{nat} vs {diff}"


class FightLog:
    """Formats the events of one replay (header + events)."""

    def __init__(self, header: Header, events: Sequence[Any]) -> None:
        self.header = header
        self.events = list(events)
        self.names = {u.id: u.name for u in header.roster}
        self.teams = {u.id: u.team for u in header.roster}
        counts: dict[str, int] = {}
        for u in header.roster:
            counts[u.name] = counts.get(u.name, 0) + 1
        self._ambiguous = {n for n, k in counts.items() if k > 1}
        self.round_seconds = float(header.options.get("round_seconds", 1.0) or 1.0)

    def label(self, uid: str | None) -> str:
        """``Steven`` or, when two share a name, ``Steven (red-1)``."""
        if uid is None:
            return "?"
        name = self.names.get(uid, uid)
        return f"{name} ({uid})" if name in self._ambiguous else name

    def round_of(self, t: float) -> int:
        return int(math.floor(t / self.round_seconds + 1e-9)) + 1

    def lines(self, reasons: bool = False, detail: bool = False) -> Iterator[LogLine]:
        """One line per thing a reader wants to know; ``reasons`` adds the AI's notes."""
        health = {u.id: "healthy" for u in self.header.roster}
        for ev in self.events:
            text, kind = self._describe(ev, health, reasons, detail)
            if text is None:
                continue
            who = getattr(ev, "who", "")
            yield LogLine(ev.t, self.round_of(ev.t), kind, who, self.teams.get(who, ""), text)

    def _describe(self, ev: Any, health: dict[str, str], reasons: bool, detail: bool) -> tuple[str | None, str]:
        L = self.label
        if isinstance(ev, Attack):
            weapon = f" ({ev.weapon})" if ev.weapon else ""
            counter = "counter: " if ev.counter else ""
            where = ""
            if ev.distance >= 3:
                where += f" at {ev.distance:.0f} m"
            if ev.light != "bright":
                where += f" in {ev.light} light" if ev.light == "dim" else " in the dark"
            if ev.charge_m:
                where += f", charging {ev.charge_m:.0f} m"
            if ev.hit:
                harm = f"{ev.damage} damage" + (f", {ev.stun} stun" if ev.stun else "")
                if ev.absorbed:
                    harm += f" ({ev.absorbed} absorbed)"
                outcome = f"hit, {harm}"
            else:
                outcome = "miss"
            return (f"{counter}{L(ev.who)} {ev.action}{weapon} → {L(ev.target)}{where}: "
                    f"{describe_roll(ev.roll, detail)}: {outcome}"), "attack"
        if isinstance(ev, Damage):
            before, health[ev.who] = health.get(ev.who, "healthy"), ev.health
            if ev.health == before:
                return None, ""
            if ev.health == "incapacitated":
                return f"{L(ev.who)} is incapacitated (stun {ev.total_stun}, damage {ev.total_damage})", "down"
            return f"{L(ev.who)} is {ev.health} (stun {ev.total_stun}, damage {ev.total_damage})", "harm"
        if isinstance(ev, State):
            ch = ev.changes
            if "health" in ch and ch["health"] != health.get(ev.who):
                before, health[ev.who] = health.get(ev.who), ch["health"]
                if before == "incapacitated":
                    stun = f" (stun {ch['stun']})" if "stun" in ch else ""
                    return f"{L(ev.who)} comes to, {ch['health']}{stun}", "recover"
                return f"{L(ev.who)} is {ch['health']}", "harm"
            if ch.get("grapple_role") == "dominant" and ch.get("grapple"):
                return f"{L(ev.who)} grapples {L(ch['grapple'])}", "grapple"
            if "grapple" in ch and ch["grapple"] is None and "grapple_role" in ch:
                return f"{L(ev.who)} is free of the grapple", "grapple"
            if ch.get("posture") == "on_the_ground" and health.get(ev.who) != "incapacitated" and len(ch) == 1:
                return f"{L(ev.who)} is knocked to the ground", "posture"
            if ch.get("posture") == "standing":
                return f"{L(ev.who)} stands up", "posture"
            return None, ""
        if isinstance(ev, Fall):
            tail = []
            if ev.roll is not None:
                tail.append(describe_roll(ev.roll, detail))
            tail.append(f"{ev.damage} damage, {ev.stun} stun" if (ev.damage or ev.stun) else "unhurt")
            water = " into water" if ev.into_water else ""
            return (f"{L(ev.who)} falls {ev.height:.1f} m{water} ({ev.cause}): {ev.severity}, "
                    + ": ".join(tail)), "fall"
        if isinstance(ev, Jump):
            run = "running" if ev.running_start else "standing"
            roll = f": {describe_roll(ev.roll, detail)}" if ev.roll is not None else ""
            result = "lands it" if ev.success else "falls short"
            return (f"{L(ev.who)} jumps {ev.distance:.1f} m ({run}, at most {ev.max_distance:.1f} m){roll}: "
                    f"{result}"), "jump"
        if isinstance(ev, Climb):
            roll = f" ({describe_roll(ev.roll, detail)})" if ev.roll is not None else ""
            if ev.success:
                return f"{L(ev.who)} climbs {ev.metres:.1f} m of {ev.surface}{roll}", "climb"
            return f"{L(ev.who)} loses grip on the {ev.surface}{roll}", "climb"
        if isinstance(ev, Fly):
            if ev.ascended > 0:
                return (f"{L(ev.who)} climbs {ev.ascended:.1f} m in the air to {ev.z:.1f} m "
                        f"(airspeed {ev.airspeed_before:g} → {ev.airspeed_after:g})"), "fly"
            if ev.descended > 0:
                return (f"{L(ev.who)} dives {ev.descended:.1f} m to {ev.z:.1f} m "
                        f"(airspeed {ev.airspeed_before:g} → {ev.airspeed_after:g})"), "fly"
            return None, ""
        if isinstance(ev, Roll):
            if ev.purpose.startswith(("climbing", "acrobatics: jump")):
                return None, ""  # shown with the climb or jump it decides
            ok = "succeeds" if ev.roll.success else "fails"
            return f"{L(ev.who)} {ev.purpose}: {describe_roll(ev.roll, detail)}: {ok}", "roll"
        if isinstance(ev, Say):
            return (f"{L(ev.who)}: {ev.text}", "reason") if reasons else (None, "")
        if isinstance(ev, Move):
            if reasons and ev.metres:
                kinds = sorted({leg.kind for leg in ev.legs})
                return f"{L(ev.who)} moves {ev.metres:.1f} m ({', '.join(kinds)})", "reason"
            return None, ""
        if isinstance(ev, (Turn, End)):
            return None, ""
        return None, ""


def final_rows(header: Header, events: Sequence[Any]) -> list[dict[str, Any]]:
    """The final table, folded from the replay: one dict per combatant in roster order.

    Keys: ``id, name, team, policy, health, standing, stun, damage, hits, misses``.
    """
    from tactics.replay.fold import Timeline

    state = Timeline(header, list(events)).final_state()
    rows = []
    for u in header.roster:
        s = state.units.get(u.id)
        if s is None:
            continue
        rows.append({
            "id": u.id, "name": u.name, "team": u.team, "policy": u.policy,
            "health": s.health, "standing": s.active and s.health != "incapacitated",
            "stun": s.stun, "damage": s.damage, "hits": s.hits, "misses": s.misses,
        })
    return rows


def outcome_text(events: Sequence[Any]) -> str:
    """``blue wins after 7.8 s: red cannot act any more`` (or a draw), from the End event."""
    end = next((e for e in reversed(events) if isinstance(e, End)), None)
    if end is None:
        return "the replay has no end"
    who = f"{end.winner} wins" if end.winner else "draw"
    return f"{who} after {end.t:.1f} s: {end.reason}"
