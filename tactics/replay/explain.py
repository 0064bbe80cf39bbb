"""Events in words: one line per event, the rolls explained (viewer log panel, command line).

Pure functions of the replay's events (no pygame, no ruleset), so the log
panel, tests and any text front end say the same thing about a fight of any
combat system. A roll is explained from its record alone::

    >>> from tactics.replay.schema import Attack, RollRec
    >>> r = RollRec(dice="2d6", faces=[5, 3], total=10, success=True, target=9, mods=[("skill", 2)])
    >>> roll_text(r)
    'd6 [5 3] +2 = 10 vs 9'
    >>> roll_text(RollRec(dice="4dF", faces=[1, 1, 0, -1], total=4, success=True, mode="meet", target=3))
    '4dF [+ + 0 −] +3 = 4 vs 3'
    >>> roll_text(RollRec(dice="d100", faces=[37], total=37, success=True, mode="under", target=55))
    'd100 37 ≤ 55 ✓'
    >>> roll_text(RollRec(dice="d6", faces=[5], total=7, success=False, mode="opposed", mods=[("skill", 2)],
    ...           vs=RollRec(dice="d6", faces=[3], total=7, success=False, mods=[("guard", 4)]),
    ...           margin=0, result="half"))
    'd6 5 +2 = 7 vs d6 3 +4 = 7: half'

Harm is a change of named tracks, read with the unit's presentation (a
negative change of a ``health`` track is a loss)::

    >>> ev = Attack(t=3.0, who="a", target="b", action="lunge", weapon="sword",
    ...             roll=RollRec(dice="d10", faces=[7], total=9, success=True, target=6,
    ...                          mods=[("skill", 3), ("reach", -1)]),
    ...             hit=True, harm={"hp": -4}, details=[("power", 6), ("armor", 2)])
    >>> describe(ev, {"a": "Ann", "b": "Bob"}, {"b": {"hp": "health"}})
    'Ann -> Bob sword lunge: d10 7 +2 = 9 vs 6: hit, 4 hp lost'
    >>> details(ev)
    ['roll: skill +3, reach -1', 'power 6, armor 2']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactics.replay.schema import (
    Attack,
    Climb,
    End,
    Event,
    Fall,
    Fly,
    Harm,
    Jump,
    Move,
    Presentation,
    Roll,
    RollRec,
    Say,
    State,
    Turn,
)

Roles = Mapping[str, Mapping[str, str]]
"""Track roles by unit id, then track name (``{"b": {"hp": "health"}}``): see :func:`roles_of`."""

_FUDGE = {1: "+", 0: "0", -1: "−"}


def roles_of(presentations: Mapping[str, Presentation]) -> dict[str, dict[str, str]]:
    """Each unit's track roles, from the presentations by unit id (``Timeline.presentation``)."""
    return {uid: {tr.name: tr.role for tr in p.tracks} for uid, p in presentations.items()}


def _signed(v: float) -> str:
    return f"+{v}" if v >= 0 else f"-{-v}"


def _die_name(dice: str) -> str:
    """The die as shown before its faces: ``2d6`` shows as ``d6 [5 3]``, ``4dF`` stays."""
    if dice.endswith("dF"):
        return dice
    head, sep, tail = dice.partition("d")
    if sep and head.isdigit() and tail and tail.isdigit():
        return f"d{tail}"
    return dice


def faces_text(r: RollRec) -> str:
    """The faces as rolled: ``14``, ``[5 3]``, Fudge dice as ``[+ 0 −]``."""
    if r.dice.endswith("dF"):
        return "[" + " ".join(_FUDGE.get(f, str(f)) for f in r.faces) + "]"
    if len(r.faces) == 1:
        return str(r.faces[0])
    return "[" + " ".join(str(f) for f in r.faces) + "]"


def _named(mods: list, signed: bool = True) -> str:
    return ", ".join(f"{src} {_signed(int(v)) if signed else v}" for src, v in mods)


def _target(r: RollRec, detail: bool) -> str:
    text = f"{r.target}"
    if detail and r.target_mods:
        text += " (" + _named(r.target_mods, signed=False) + ")"
    return text


def _side(r: RollRec, detail: bool, under: bool = False) -> str:
    """One side of a roll: ``d10 7 +2 = 9``; a roll ``under`` its target with the comparison
    (``under``: this side of an opposed roll is a test under its own target too)."""
    head = f"{_die_name(r.dice)} {faces_text(r)}"
    if r.tags:
        head += " (" + ", ".join(r.tags) + ")"
    if r.mode == "under" or under:
        if len(r.faces) != 1 or r.faces[0] != r.total:
            head += f" = {r.total}"
        if r.target is None:
            return head
        made = r.total <= r.target
        ok = r.success if r.mode == "under" else made
        return f"{head} {'≤' if made else '>'} {_target(r, detail)} {'✓' if ok else '✗'}"
    if detail and r.mods:
        return f"{head} " + " ".join(f"{_signed(int(v))} {src}" for src, v in r.mods) + f" = {r.total}"
    mod = r.total - sum(r.faces)
    if mod:
        head += f" {_signed(mod)} = {r.total}"
    return head


def roll_text(r: RollRec, detail: bool = False) -> str:
    """A roll in one line: ``d10 7 +2 = 9 vs 6``; an opposed one ``<this side> vs <other side>``.

    ``detail`` names every modifier on both sides and the parts of a target.
    """
    if r.mode == "opposed" or r.vs is not None:
        # both sides testing under their own targets (a contest of d100 tests)
        both_under = r.vs is not None and r.vs.mode == "under" and r.target is not None
        text = _side(r, detail, under=both_under)
        if both_under and r.margin is not None and r.target is not None and r.total <= r.target:
            text += f" MoS {r.margin}"  # a test under a target: the margin is the margin of success
        if r.vs is not None:
            text += f" vs {_side(r.vs, detail)}"
        elif r.target is not None:
            text += f" vs {_target(r, detail)}"
        if r.margin and not both_under:
            text += f" (margin {_signed(r.margin)})"
        if r.result:
            text += f": {r.result}"
        return text
    side = _side(r, detail)
    if r.mode == "under" or r.target is None:
        return side
    return f"{side} vs {_target(r, detail)}"


def _roll_details(r: RollRec, prefix: str = "") -> list[str]:
    out = []
    if r.mods:
        out.append(f"{prefix}roll: " + _named(r.mods))
    if r.target_mods:
        out.append(f"{prefix}target: " + _named(r.target_mods, signed=False))
    return out


def details(ev: Event) -> list[str]:
    """The numbers behind an event, for the line under it: modifiers on both sides and their sources."""
    out: list[str] = []
    r = getattr(ev, "roll", None)
    if isinstance(r, RollRec):
        out += _roll_details(r)
        if r.vs is not None:
            out += _roll_details(r.vs, "other side ")
    if isinstance(ev, Attack):
        if ev.details and any(v for _, v in ev.details):
            out.append(details_text(ev.details))
        bits = []
        if ev.distance:
            bits.append(f"{ev.distance:.1f} m")
        if ev.light != "bright":
            bits.append(ev.light)
        if ev.charge_m:
            bits.append(f"charge {ev.charge_m:.1f} m")
        if ev.reaction:
            bits.append(ev.reaction)
        if bits:
            out.append(", ".join(bits))
    return out


def details_text(pairs: list) -> str:
    """The numbers between a roll and its harm: ``power 12, armor 2`` (zeros left out)."""
    return ", ".join(f"{name} {value}" for name, value in pairs if value)


def change_text(name: str, value: int, role: str = "") -> str:
    """One track change in words: ``6 damage``; a loss of a health or pool track ``4 hp lost``."""
    if role in ("health", "pool"):
        return f"{-value} {name} lost" if value < 0 else f"{value} {name} back"
    if value < 0:
        return f"{-value} {name} recovered"
    return f"{value} {name}"


def _recovery(changes: Mapping[str, int], roles: Mapping[str, str]) -> bool:
    """Every change is for the better: harm going down, health or a pool coming back."""
    vals = [(v, roles.get(k, "")) for k, v in changes.items() if v]
    return bool(vals) and all((v > 0) if r in ("health", "pool") else (v < 0) for v, r in vals)


def harm_text(changes: Mapping[str, int], roles: Mapping[str, str] | None = None) -> str:
    """Track changes in their order: ``6 wounds, 1 fatigue`` (``no harm`` when there are none)."""
    roles = roles or {}
    parts = [change_text(k, v, roles.get(k, "")) for k, v in changes.items() if v]
    return ", ".join(parts) if parts else "no harm"


def tracks_text(tracks: Mapping[str, int]) -> str:
    """All of a unit's tracks: ``hp 6, fatigue 2``."""
    return ", ".join(f"{k} {v}" for k, v in tracks.items())


def state_words(changes: Mapping[str, Any], name: Any = str) -> list[str]:
    """A state event's keys in words (the engine's keys in plain words, a ruleset's generically)."""
    parts: list[str] = []
    for key, value in changes.items():
        if key == "facing":
            continue
        if key == "prone":
            parts.append("is knocked to the ground" if value else "stands up")
        elif key == "partner":
            if value:
                role = changes.get("role")
                parts.append(f"grapples {name(value)}" + (f" ({role})" if role else ""))
            else:
                parts.append("is free of the grapple" if "role" in changes else "lets go")
        elif key == "role":
            if "partner" not in changes and value:
                parts.append(f"role {value}")
        elif key == "prepared":
            parts.append(f"is ready to {value}" if value else "is no longer ready")
        elif key == "flying":
            parts.append("takes off" if value else "lands")
        elif key == "airspeed":
            parts.append(f"airspeed {value:g}" if isinstance(value, (int, float)) else f"airspeed {value}")
        elif key == "climbing":
            parts.append(f"climbs the {value}" if value else "stops climbing")
        elif key == "active":
            parts.append("is back in the fight" if value else "is out of the fight")
        else:
            words = key.replace("_", " ")
            if isinstance(value, bool):
                parts.append(words if value else f"not {words}")
            elif value is None:
                parts.append(f"no {words}")
            else:
                parts.append(f"{words} {str(value).replace('_', ' ')}")
    return parts


def describe(ev: Event, names: Mapping[str, str] | None = None, roles: Roles | None = None) -> str:
    """One line saying what happened and why; ``roles`` (:func:`roles_of`) word harm to health tracks."""
    names = names or {}
    roles = roles or {}

    def n(uid: str) -> str:
        return names.get(uid, uid)

    who_id = getattr(ev, "who", "")
    who = n(who_id)
    if isinstance(ev, Attack):
        what = " ".join(p for p in (ev.weapon, ev.action) if p)
        verdict = f"hit, {harm_text(ev.harm, roles.get(ev.target))}" if ev.hit else "miss"
        reaction = f" ({ev.reaction})" if ev.reaction else ""
        return f"{who} -> {n(ev.target)} {what}{reaction}: {roll_text(ev.roll)}: {verdict}"
    if isinstance(ev, Harm):
        mine = roles.get(who_id) or {}
        if _recovery(ev.changes, mine):
            took = " recovers " + ", ".join(f"{abs(v)} {k}" for k, v in ev.changes.items() if v)
        else:
            took = f" takes {harm_text(ev.changes, mine)}" if any(ev.changes.values()) else ""
        return f"{who}{took} ({ev.source}): {tracks_text(ev.tracks)} -> {ev.standing}"
    if isinstance(ev, Roll):
        return f"{who} {ev.purpose}: {roll_text(ev.roll)}: {'success' if ev.roll.success else 'failure'}"
    if isinstance(ev, Fall):
        into = " into water" if ev.into_water else ""
        roll = f", {roll_text(ev.roll)}" if ev.roll is not None else ""
        return (f"{who} falls {ev.height:.1f} m{into} ({ev.severity}, {ev.cause}){roll}: "
                f"{harm_text(ev.harm, roles.get(who_id))}")
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
        parts = state_words(ev.changes, n)
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
        phase = f", phase {ev.phase}" if ev.phase else ""
        return f"{who}'s turn (round {ev.round}{acts}{phase})"
    if isinstance(ev, End):
        win = f"{ev.winner} wins" if ev.winner else "no winner"
        return f"End: {win} ({ev.reason})"
    return f"{type(ev).__name__.lower()} {who}"


def kind_of(ev: Event, able: Mapping[str, frozenset[str]] | None = None) -> str:
    """The log category of an event, for colour and filtering: ``down`` for harm that leaves a
    unit in a standing that cannot act (``able``: the acting standings by unit id,
    ``Timeline.able``) or takes it out of the fight."""
    if isinstance(ev, Attack):
        return "hit" if ev.hit else "miss"
    if isinstance(ev, Harm):
        if able is not None and ev.standing not in able.get(ev.who, (ev.standing,)):
            return "down"
        return "harm"
    if isinstance(ev, State) and ev.changes.get("active") is False:
        return "down"
    return type(ev).__name__.lower()
