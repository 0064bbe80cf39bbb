"""What every replay the engine writes must hold, read back through the replay reader.

Used by ``test_invariants.py`` (random encounters) and by the focused
regression tests; each function returns the list of violations (empty: it
holds), each naming the event, so a failing example says what went wrong.
"""

from __future__ import annotations

import math
from typing import Any

from tactics.replay.schema import Harm, Move, State

EPS = 1e-6
INSIDE_M = 0.25
"""A climber deeper than this inside a face (horizontally) hangs inside the rock."""
BELOW_M = 0.05
"""...and lower than this under the rock's top."""
CARRIED = ("fall", "drag", "carried")
"""Leg kinds a unit that no longer acts may still be given (the rules move it; it does not move):
falling, dragged by the one it is locked with, carried by a mount (main's ``tactics.sim.carrying``)."""


def _points(leg: Any, n: int = 6) -> list[tuple[float, float, float]]:
    s, e = leg.start, leg.end
    return [tuple(a + (b - a) * k / n for a, b in zip(s, e)) for k in range(n + 1)]


def on_map(replay: Any, tmap: Any) -> list[str]:
    """Every recorded position (roster starts, legs, falls) inside the map's bounds, flyers included."""
    w, n, e, s = tmap.bounds
    out = []

    def check(p: Any, what: str) -> None:
        if not (w - EPS <= p[0] <= e + EPS and n - EPS <= p[1] <= s + EPS):
            out.append(f"{what} at {tuple(round(v, 3) for v in p)} is off the map {tmap.bounds}")

    for u in replay.header.roster:
        check(u.start, f"{u.id} start")
    for ev in replay.events:
        for k, leg in enumerate(getattr(ev, "legs", ()) or ()):
            check(leg.start, f"t={ev.t:g} {ev.who} {leg.kind} leg {k + 1} start")
            check(leg.end, f"t={ev.t:g} {ev.who} {leg.kind} leg {k + 1} end")
        if hasattr(ev, "start") and hasattr(ev, "end"):
            check(ev.start, f"t={ev.t:g} {ev.who} {type(ev).__name__} start")
            check(ev.end, f"t={ev.t:g} {ev.who} {type(ev).__name__} end")
    return out


def times_in_order(replay: Any) -> list[str]:
    """Event times non-decreasing; the legs of one move one after the other; no leg of a unit starts
    before a drop or fall it follows ends (in the same move or a later one)."""
    out = []
    last_t = 0.0
    landed: dict[str, tuple[float, str]] = {}
    for ev in replay.events:
        if ev.t < last_t - EPS:
            out.append(f"t={ev.t:g} after t={last_t:g}")
        last_t = max(last_t, ev.t)
        if not isinstance(ev, Move):
            continue
        prev = None
        for leg in ev.legs:
            if leg.t1 < leg.t0 - EPS:
                out.append(f"t={ev.t:g} {ev.who}: {leg.kind} leg ends before it starts")
            if prev is not None and leg.t0 < prev.t1 - EPS:
                out.append(f"t={ev.t:g} {ev.who}: {leg.kind} leg starts at {leg.t0:.3f}, before the {prev.kind} "
                           f"leg before it in the move ends ({prev.t1:.3f})")
            until, kind = landed.get(ev.who, (-math.inf, ""))
            if leg.t0 < until - EPS:
                out.append(f"t={ev.t:g} {ev.who}: {leg.kind} leg starts at {leg.t0:.3f}, before the {kind} "
                           f"it follows ends ({until:.3f})")
            if leg.kind in ("drop", "fall"):
                landed[ev.who] = (leg.t1, leg.kind)
            prev = leg
    return out


def no_move_when_down(replay: Any) -> list[str]:
    """No move of a unit's own after the harm that leaves it unable to act (falling and being
    dragged are the rules moving it), until a harm brings it back."""
    able = {u.id: {s.name for s in u.presentation.standings if s.able} for u in replay.header.roster}
    down: dict[str, float] = {}
    out = []
    for ev in replay.events:
        if isinstance(ev, Harm):
            if ev.standing in able[ev.who]:
                down.pop(ev.who, None)
            else:
                down.setdefault(ev.who, ev.t)
        elif isinstance(ev, State) and ev.changes.get("active") is False:
            down.setdefault(ev.who, ev.t)
        elif isinstance(ev, Move) and ev.who in down:
            own = [leg.kind for leg in ev.legs if leg.kind not in CARRIED]
            if own:
                out.append(f"t={ev.t:g} {ev.who} moves ({', '.join(own)}) after it went down at t={down[ev.who]:g}")
    return out


def climbers_on_the_face(replay: Any, tmap: Any) -> list[str]:
    """No point of a climb leg deep inside the rock: below the top of the ground there and more
    than :data:`INSIDE_M` from any point that is not (the face, its edge, the air beside it)."""
    out = []
    probes = [(INSIDE_M * math.cos(a * math.pi / 4), INSIDE_M * math.sin(a * math.pi / 4)) for a in range(8)]
    for ev in replay.events:
        if not isinstance(ev, Move):
            continue
        for leg in ev.legs:
            if leg.kind != "climb":
                continue
            for x, y, z in _points(leg):
                if tmap.ground_height(x, y) <= z + BELOW_M:
                    continue
                if all(tmap.ground_height(x + dx, y + dy) > z + BELOW_M for dx, dy in probes):
                    out.append(f"t={ev.t:g} {ev.who} climbs inside the rock at ({x:.2f}, {y:.2f}, {z:.2f}) "
                               f"(ground {tmap.ground_height(x, y):g} m)")
                    break
    return out


def violations(replay: Any, tmap: Any) -> list[str]:
    return [*on_map(replay, tmap), *times_in_order(replay), *no_move_when_down(replay),
            *climbers_on_the_face(replay, tmap)]
