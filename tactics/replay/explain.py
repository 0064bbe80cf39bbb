"""Events in words: one line per event, the rolls explained (viewer log panel, command line).

Pure functions of the replay's events (no pygame), so the log panel, tests
and any text front end say the same thing::

    >>> from tactics.replay.schema import Attack, RollRec
    >>> ev = Attack(t=3.0, who="a", target="b", action="strike", weapon="sword",
    ...             roll=RollRec(die=14, total=18, difficulty=12, success=True,
    ...                          modifiers=[("skill", 3), ("charge", 1)]),
    ...             hit=True, power=12, absorbed=2, damage=10)
    >>> describe(ev, {"a": "Ann", "b": "Bob"})
    'Ann -> Bob sword strike: d20 14 +4 = 18 vs 12: hit, 10 damage'
    >>> details(ev)
    ['roll: skill +3, charge +1', 'power 12 - armor 2']
"""

from __future__ import annotations

from collections.abc import Mapping

from tactics.replay.schema import (
    Attack,
    Climb,
    Harm as Damage,
    End,
    Event,
    Fall,
    Fly,
    Jump,
    Move,
    Roll,
    RollRec,
    Say,
    State,
    Turn,
)


def _signed(v: float) -> str:
    return f"+{v}" if v >= 0 else f"-{-v}"


def roll_text(r: RollRec) -> str:
    """``d20 14 +4 = 18 vs 12`` (``d20 20 (natural 20)`` when it is)."""
    mod = r.total - r.die
    head = f"d20 {r.die}"
    if r.die == 20:
        head += " (natural 20)"
    if mod:
        head += f" {_signed(mod)} = {r.total}"
    return f"{head} vs {r.difficulty}"


def _mods(mods: list) -> str:
    return ", ".join(f"{src} {_signed(int(v))}" for src, v in mods)


def details(ev: Event) -> list[str]:
    """The numbers behind an event, for the line under it: modifiers and their sources."""
    out: list[str] = []
    r = getattr(ev, "roll", None)
    if isinstance(r, RollRec):
        if r.modifiers:
            out.append("roll: " + _mods(r.modifiers))
        if r.difficulty_mods:
            out.append("difficulty: " + _mods(r.difficulty_mods))
    if isinstance(ev, Attack) and ev.hit and (ev.power or ev.absorbed):
        out.append(f"power {ev.power} - armor {ev.absorbed}")
    if isinstance(ev, Attack) and (ev.distance or ev.light != "bright" or ev.charge_m):
        bits = []
        if ev.distance:
            bits.append(f"{ev.distance:.1f} m")
        if ev.light != "bright":
            bits.append(ev.light)
        if ev.charge_m:
            bits.append(f"charge {ev.charge_m:.1f} m")
        if ev.counter:
            bits.append("counter")
        out.append(", ".join(bits))
    return out


def _harm(damage: int, stun: int) -> str:
    parts = []
    if damage:
        parts.append(f"{damage} damage")
    if stun:
        parts.append(f"{stun} stun")
    return ", ".join(parts) if parts else "no harm"


def describe(ev: Event, names: Mapping[str, str] | None = None) -> str:
    """One line saying what happened and why."""
    names = names or {}

    def n(uid: str) -> str:
        return names.get(uid, uid)

    who = n(getattr(ev, "who", ""))
    if isinstance(ev, Attack):
        what = " ".join(p for p in (ev.weapon, ev.action) if p)
        verdict = f"hit, {_harm(ev.damage, ev.stun)}" if ev.hit else "miss"
        counter = " (counter)" if ev.counter else ""
        return f"{who} -> {n(ev.target)} {what}{counter}: {roll_text(ev.roll)}: {verdict}"
    if isinstance(ev, Damage):
        return (
            f"{who} takes {_harm(ev.damage, ev.stun)} ({ev.source}): "
            f"total {ev.total_damage} damage, {ev.total_stun} stun -> {ev.health}"
        )
    if isinstance(ev, Roll):
        return f"{who} {ev.purpose}: {roll_text(ev.roll)}: {'success' if ev.roll.success else 'failure'}"
    if isinstance(ev, Fall):
        into = " into water" if ev.into_water else ""
        roll = f", {roll_text(ev.roll)}" if ev.roll is not None else ""
        return f"{who} falls {ev.height:.1f} m{into} ({ev.severity}, {ev.cause}){roll}: {_harm(ev.damage, ev.stun)}"
    if isinstance(ev, Jump):
        roll = f": {roll_text(ev.roll)}" if ev.roll is not None else ""
        run = ", running" if ev.running_start else ""
        return f"{who} jumps {ev.distance:.1f} m (max {ev.max_distance:.1f}{run}){roll}: {'made it' if ev.success else 'falls short'}"
    if isinstance(ev, Climb):
        roll = f": {roll_text(ev.roll)}" if ev.roll is not None else ""
        return f"{who} climbs {ev.metres:.1f} m of {ev.surface}{roll}: {'ok' if ev.success else 'slips'}"
    if isinstance(ev, Fly):
        if ev.ascended:
            move = f"climbs {ev.ascended:.1f} m"
        elif ev.descended:
            move = f"dives {ev.descended:.1f} m"
        else:
            move = "glides"
        return f"{who} {move} to {ev.z:.1f} m, airspeed {ev.airspeed_before:g} -> {ev.airspeed_after:g}"
    if isinstance(ev, State):
        parts = []
        for key, value in ev.changes.items():
            if key == "grapple":
                parts.append(f"grapples {n(value)}" if value else "grapple ends")
            elif key == "facing":
                continue
            elif isinstance(value, bool):
                parts.append(key.replace("_", " ") if value else f"not {key.replace('_', ' ')}")
            elif value is None:
                parts.append(f"no {key.replace('_', ' ')}")
            else:
                parts.append(f"{key.replace('_', ' ')} {str(value).replace('_', ' ')}")
        return f"{who}: " + (", ".join(parts) if parts else "turns")
    if isinstance(ev, Say):
        return f"{who}: “{ev.text}”"
    if isinstance(ev, Move):
        kinds = []
        for leg in ev.legs:
            if leg.kind not in kinds:
                kinds.append(leg.kind)
        dist = f" {ev.metres:.1f} m" if ev.metres else ""
        return f"{who} moves{dist} ({', '.join(kinds) or 'stays'})"
    if isinstance(ev, Turn):
        acts = f", {ev.actions} actions" if ev.actions > 1 else ""
        return f"{who}'s turn (round {ev.round}{acts})"
    if isinstance(ev, End):
        win = f"{ev.winner} wins" if ev.winner else "no winner"
        return f"End: {win} ({ev.reason})"
    return f"{type(ev).__name__.lower()} {who}"


def kind_of(ev: Event) -> str:
    """The log category of an event, for colour and filtering."""
    if isinstance(ev, Attack):
        return "hit" if ev.hit else "miss"
    if isinstance(ev, Damage):
        return "incapacitated" if ev.health == "incapacitated" else "damage"
    if isinstance(ev, State) and ev.changes.get("health") == "incapacitated":
        return "incapacitated"
    return type(ev).__name__.lower()
