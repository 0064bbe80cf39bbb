"""The fight as text: replay events turned into a round-by-round log and a final table.

Reads replays only (header + events), so the command line, tests and any
viewer share one wording for every combat system::

    >>> from tactics.log import FightLog
    >>> log = FightLog(replay.header, replay.events)              # doctest: +SKIP
    >>> for line in log.lines():                                   # doctest: +SKIP
    ...     print(line.round, line.text)
    1 Ann lunge (sword) → Bob: d10 7 +2 = 9 vs 6: hit, 4 hp lost

Every attack shows its roll (:func:`tactics.replay.explain.roll_text`): the
dice and every face, the modifiers added, the total and what it had to beat,
or both sides of an opposed roll. Harm is worded from the tracks it changed,
read with each unit's presentation from the header. :func:`final_rows` folds
the same events into the final table (standing, every track, hits, misses),
so the table always agrees with the replay.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec

from tactics.replay.explain import details_text, harm_text, roll_text, tracks_text
from tactics.replay.schema import (
    Attack,
    Climb,
    End,
    Fall,
    Fly,
    Harm,
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
    """attack, harm, down, recover, fall, jump, climb, fly, grapple, prone, roll, reason."""
    who: str
    team: str
    text: str


def describe_roll(r: RollRec, detail: bool = False) -> str:
    """``d10 7 +2 = 9 vs 6`` (``detail``: each modifier and target part named, on both sides).

    The replay's own wording (:func:`tactics.replay.explain.roll_text`), the
    same the viewer's log panel shows.
    """
    return roll_text(r, detail)


class FightLog:
    """Formats the events of one replay (header + events)."""

    def __init__(self, header: Header, events: Sequence[Any]) -> None:
        self.header = header
        self.events = list(events)
        self.names = {u.id: u.name for u in header.roster}
        self.teams = {u.id: u.team for u in header.roster}
        self.roles = {u.id: {tr.name: tr.role for tr in u.presentation.tracks} for u in header.roster}
        self.able = {u.id: frozenset(st.name for st in u.presentation.standings if st.able) for u in header.roster}
        self.first_standing = {
            u.id: u.presentation.standings[0].name if u.presentation.standings else "" for u in header.roster
        }
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
        standing = dict(self.first_standing)
        # rolls that decide a climb, jump or fall at the same instant are shown with it
        shown_with = {(e.t, e.who, msgspec_key(e.roll)) for e in self.events
                      if isinstance(e, (Climb, Jump, Fall)) and e.roll is not None}
        locks: set[tuple[float, str, str]] = set()
        for ev in self.events:
            if isinstance(ev, Roll) and (ev.t, ev.who, msgspec_key(ev.roll)) in shown_with:
                continue
            text, kind = self._describe(ev, standing, locks, reasons, detail)
            if text is None:
                continue
            who = getattr(ev, "who", "")
            yield LogLine(ev.t, self.round_of(ev.t), kind, who, self.teams.get(who, ""), text)

    def _able(self, uid: str, standing: str) -> bool:
        able = self.able.get(uid)
        return True if able is None else standing in able

    def _describe(self, ev: Any, standing: dict[str, str], locks: set[tuple[float, str, str]], reasons: bool,
                  detail: bool) -> tuple[str | None, str]:
        L = self.label
        if isinstance(ev, Attack):
            weapon = f" ({ev.weapon})" if ev.weapon else ""
            reaction = f"{ev.reaction}: " if ev.reaction else ""
            where = ""
            if ev.distance >= 3:
                where += f" at {ev.distance:.0f} m"
            if ev.light != "bright":
                where += f" in {ev.light} light" if ev.light == "dim" else " in the dark"
            if ev.charge_m:
                where += f", charging {ev.charge_m:.0f} m"
            if ev.hit:
                outcome = f"hit, {harm_text(ev.harm, self.roles.get(ev.target))}"
                numbers = details_text(ev.details) if detail else ""
                if numbers:
                    outcome += f" ({numbers})"
            else:
                outcome = "miss"
            return (f"{reaction}{L(ev.who)} {ev.action}{weapon} → {L(ev.target)}{where}: "
                    f"{describe_roll(ev.roll, detail)}: {outcome}"), "attack"
        if isinstance(ev, Harm):
            before, standing[ev.who] = standing.get(ev.who, ""), ev.standing
            if ev.standing == before:
                return None, ""
            tracks = f" ({tracks_text(ev.tracks)})" if ev.tracks else ""
            if not self._able(ev.who, ev.standing):
                return f"{L(ev.who)} is {ev.standing}{tracks}", "down"
            if not self._able(ev.who, before):
                return f"{L(ev.who)} comes to, {ev.standing}{tracks}", "recover"
            return f"{L(ev.who)} is {ev.standing}{tracks}", "harm"
        if isinstance(ev, State):
            ch = ev.changes
            partner = ch.get("partner")
            if partner and ch.get("role"):
                if (ev.t, partner, ev.who) in locks:
                    return None, ""  # the other side of a grapple just logged
                locks.add((ev.t, ev.who, partner))
                return f"{L(ev.who)} grapples {L(partner)}", "grapple"
            if "partner" in ch and partner is None and "role" in ch:
                return f"{L(ev.who)} is free of the grapple", "grapple"
            if ch.get("prone") is True and self._able(ev.who, standing.get(ev.who, "")) and len(ch) == 1:
                return f"{L(ev.who)} is knocked to the ground", "prone"
            if ch.get("prone") is False:
                return f"{L(ev.who)} stands up", "prone"
            return None, ""
        if isinstance(ev, Fall):
            tail = []
            if ev.roll is not None:
                tail.append(describe_roll(ev.roll, detail))
            tail.append(harm_text(ev.harm, self.roles.get(ev.who)) if ev.harm else "unhurt")
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
            ok = "succeeds" if ev.roll.success else "fails"
            if ev.roll.result:
                ok = ev.roll.result
            return f"{L(ev.who)} {ev.purpose}: {describe_roll(ev.roll, detail)}: {ok}", "roll"
        if isinstance(ev, Say):
            if not reasons:
                return None, ""
            text = f"{L(ev.who)}: {ev.text}"
            if ev.alternatives:
                text += " (weighed: " + ", ".join(f"{w} {v:+.2f}" for w, v in ev.alternatives[:3]) + ")"
            return text, "reason"
        if isinstance(ev, Move):
            if reasons and ev.metres:
                kinds = sorted({leg.kind for leg in ev.legs})
                return f"{L(ev.who)} moves {ev.metres:.1f} m ({', '.join(kinds)})", "reason"
            return None, ""
        if isinstance(ev, (Turn, End)):
            return None, ""
        return None, ""


def msgspec_key(r: RollRec) -> bytes:
    """A hashable key of a roll record (its JSON)."""
    return _ENC.encode(r)


_ENC = msgspec.json.Encoder()


def final_rows(header: Header, events: Sequence[Any]) -> list[dict[str, Any]]:
    """The final table, folded from the replay: one dict per combatant in roster order.

    Keys: ``id, name, team, policy, standing, health`` (the standing, the name
    older scripts read), ``able`` (the standing still acts and the unit is in
    the fight), then one key per track of the unit's presentation, ``hits, misses``.
    """
    from tactics.replay.fold import Timeline

    tl = Timeline(header, list(events))
    state = tl.final_state()
    rows = []
    for u in header.roster:
        s = state.units.get(u.id)
        if s is None:
            continue
        row: dict[str, Any] = {
            "id": u.id, "name": u.name, "team": u.team, "policy": u.policy,
            "standing": s.standing, "health": s.standing,
            "able": s.active and s.standing in tl.able.get(u.id, (s.standing,)),
        }
        for tr in u.presentation.tracks:
            row[tr.name] = s.tracks.get(tr.name, tr.start)
        for name, value in s.tracks.items():
            row.setdefault(name, value)
        row["hits"] = s.hits
        row["misses"] = s.misses
        rows.append(row)
    return rows
def outcome_text(events: Sequence[Any]) -> str:
    """``blue wins after 7.8 s: red cannot act any more`` (or a draw), from the End event."""
    end = next((e for e in reversed(events) if isinstance(e, End)), None)
    if end is None:
        return "the replay has no end"
    who = f"{end.winner} wins" if end.winner else "draw"
    return f"{who} after {end.t:.1f} s: {end.reason}"
