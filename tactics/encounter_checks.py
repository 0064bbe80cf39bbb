"""Checking an encounter file's meaning: limits, finite numbers, known rulesets, sheets, policies, places.

:func:`tactics.scenario.scenario_from_dict` parses; this checks what parsing
cannot: every number finite, the options of the engine and of the ruleset,
the time limit and altitude within bounds, every character and policy known
to the encounter's ruleset, every place on the map, ids unique. Each refusal
is one :class:`~tactics.errors.InputError` naming the file, the place and
the problem::

    >>> _non_finite({"teams": {"red": {"members": [{"at": [1.0, float("nan")]}]}}})
    'teams.red member 1 at'
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any

import msgspec

from tactics.errors import InputError
from tactics.rules.registry import get_ruleset
from tactics.shipped import _check_policy, character_for

if TYPE_CHECKING:
    from tactics.scenario import Scenario

_AT = re.compile(r"^(?P<msg>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.S)

MAX_FIGHTERS = 2_000
"""Most combatants in one encounter (counts added up)."""
MAX_ALTITUDE = 10_000.0
"""Highest (and lowest) starting ``z`` in metres."""
MAX_UNTIL = 1e6
"""Longest time limit, seconds (the replay reader refuses later events)."""
OPTION_RANGES: dict[str, tuple[float, float]] = {
    "round_seconds": (1e-3, 3600.0),
    "stall_rounds": (1, 1_000_000),
}
"""Inclusive ranges of the numeric encounter options; ``keyframe_every`` is 0 (default) or 0.1 and up."""
MIN_KEYFRAME_EVERY = 0.1
MAX_KEYFRAME_COPIES = 2_000_000
"""Keyframes × fighters a replay's fold may hold (as :mod:`tactics.replay.checks` allows)."""

LIGHT_OVERRIDES = ("day", "night", "bright", "dim", "dark")
"""``day``: the whole map bright; ``night``: the map's default light becomes dark but
its lit zones stay; ``bright``/``dim``/``dark``: the whole map in that light."""



def _place_of(err: msgspec.ValidationError) -> tuple[str, str]:
    m = _AT.match(str(err))
    msg = m.group("msg") if m else str(err)
    path = ((m.group("path") or "") if m else "").lstrip(".")
    path = re.sub(r"\.?members\[(\d+)\]\.?", lambda g: f" member {int(g.group(1)) + 1} ", path).strip()
    unknown = re.match(r"Object contains unknown field `([^`]+)`", msg)
    if unknown:
        return (path or "top level"), f"unknown key {unknown.group(1)!r}"
    missing = re.match(r"Object missing required field `([^`]+)`", msg)
    if missing:
        return (path or "top level"), f"missing required key {missing.group(1)!r}"
    msg = re.sub(r"`([^`]*)`", r"\1", msg)
    return (path or "top level"), msg[:1].lower() + msg[1:]


def _non_finite(value: Any, path: str = "") -> str | None:
    """The place of the first NaN or infinity in a parsed document, else None.

    >>> _non_finite({"teams": {"red": {"members": [{"at": [1.0, float("nan")]}]}}})
    'teams.red member 1 at'
    """
    if isinstance(value, float):
        return None if math.isfinite(value) else (path or "top level")
    if isinstance(value, dict):
        sep = " " if re.search(r" member \d+$", path) else "."
        items = [(f"{path}{sep}{k}" if path else str(k), v) for k, v in value.items()]
    elif isinstance(value, list):
        if path.endswith(".members"):
            items = [(f"{path[:-len('.members')]} member {i}", v) for i, v in enumerate(value, 1)]
        else:
            items = [(path, v) for v in value]
    else:
        return None
    for where, v in items:
        got = _non_finite(v, where)
        if got is not None:
            return got
    return None


def _check(sc: Scenario, src: str) -> None:
    from tactics.sim.encounter import ENGINE_OPTIONS, Options

    bad = _non_finite(msgspec.to_builtins(sc))  # after conversion: --set until=nan arrives as text
    if bad is not None:
        raise InputError(src, bad, "must be a finite number (not nan or inf)")
    rules = get_ruleset(sc.ruleset, src, "ruleset")
    given = dict(sc.options)
    kept: dict[str, Any] = {}
    for part, kind in (({k: v for k, v in given.items() if k in ENGINE_OPTIONS}, Options),
                       ({k: v for k, v in given.items() if k not in ENGINE_OPTIONS}, rules.options_type)):
        try:
            opts = msgspec.convert(part, kind, strict=False)
        except msgspec.ValidationError as err:
            place, problem = _place_of(err)
            raise InputError(src, f"options.{place}" if place != "top level" else "options",
                             problem) from None
        kept.update({k: v for k, v in msgspec.to_builtins(opts).items() if k in part})
    sc.options = kept
    for name, (low, high) in OPTION_RANGES.items():
        value = sc.options.get(name)
        if value is not None and not low <= value <= high:
            raise InputError(src, f"options.{name}", f"is {value:g}; must be {low:g} to {high:g}")
    if sc.until <= 0:
        raise InputError(src, "until", "must be more than 0 seconds")
    if sc.until > MAX_UNTIL:
        raise InputError(src, "until", f"is {sc.until:g} s; at most {MAX_UNTIL:g}")
    fighters = sum(max(0, m.count) for t in sc.teams.values() for m in t.members)
    if fighters > MAX_FIGHTERS:
        raise InputError(src, "teams", f"{fighters:,} fighters; at most {MAX_FIGHTERS:,} in one encounter")
    every = sc.options.get("keyframe_every", 10.0) or 10.0
    if every < MIN_KEYFRAME_EVERY:
        raise InputError(src, "options.keyframe_every", f"is {every:g}; must be 0 (the default) "
                         f"or at least {MIN_KEYFRAME_EVERY:g} seconds")
    if (sc.until / every + 1) * max(1, fighters) > MAX_KEYFRAME_COPIES:
        raise InputError(src, "options.keyframe_every", f"{every:g} s over {sc.until:g} s for {fighters} fighters "
                         f"makes too many keyframes (at most {MAX_KEYFRAME_COPIES:,} copies); give a larger one")
    _check_ids(sc, src)
    if sc.light is not None and sc.light not in LIGHT_OVERRIDES:
        raise InputError(src, "light", f"unknown light {sc.light!r}; use one of {', '.join(LIGHT_OVERRIDES)}")
    try:
        tmap = sc.load_map()
    except ValueError as err:  # an InputError names the map file: keep it, after the encounter's place
        raise InputError(src, "map", str(err)) from None
    if not sc.teams:
        raise InputError(src, "teams", "an encounter needs at least one team")
    if sum(m.count for t in sc.teams.values() for m in t.members) == 0:
        raise InputError(src, "teams", "nobody is in the fight")
    wanted: dict[str, int] = {}
    for team, t in sc.teams.items():
        zone = t.spawn or team
        if t.policy is not None:
            try:
                _check_policy(t.policy, sc.ruleset)
            except ValueError as err:
                raise InputError(src, f"teams.{team} policy", str(err)) from None
        for i, m in enumerate(t.members, 1):
            place = f"teams.{team} member {i}"
            if m.count < 0:
                raise InputError(src, f"{place} count", "must be 0 or more")
            try:
                character_for(m.character, sc.base, sc.ruleset)
            except ValueError as err:  # an InputError names the sheet: keep it, after the encounter's place
                raise InputError(src, f"{place} character", str(err)) from None
            try:
                _check_policy(sc.policy_of(team, m), sc.ruleset)
            except ValueError as err:
                raise InputError(src, f"{place} policy", str(err)) from None
            if m.at is None:
                wanted[zone] = wanted.get(zone, 0) + m.count
                continue
            if len(m.at) not in (2, 3):
                raise InputError(src, f"{place} at", "must be [x, y] or [x, y, z] in metres")
            x, y = m.at[0], m.at[1]
            if len(m.at) == 3 and not -MAX_ALTITUDE <= m.at[2] <= MAX_ALTITUDE:
                raise InputError(src, f"{place} at", f"z = {m.at[2]:g} m; at most {MAX_ALTITUDE:g} m up or down")
            minx, miny, maxx, maxy = tmap.bounds
            if not (minx <= x < maxx and miny <= y < maxy):
                raise InputError(src, f"{place} at", f"({x:g}, {y:g}) is off the map {tmap.name!r} "
                                 f"(x {minx:g} to {maxx:g}, y {miny:g} to {maxy:g} metres)")
            if len(m.at) == 2 and tmap.terrain_at(x, y) == "wall":
                raise InputError(src, f"{place} at", f"({x:g}, {y:g}) is inside a wall; give [x, y, z] to stand on it")
    for zone, n in wanted.items():
        have = len(tmap.spawns.get(zone) or [])
        if n > have:
            zones = ", ".join(f"{z} ({len(p)})" for z, p in tmap.spawns.items()) or "none"
            raise InputError(src, "teams", f"{n} members start in spawn zone {zone!r} but map {tmap.name!r} has "
                             f"{have} places there (zones: {zones}); give some members at = [x, y]")


def _check_ids(sc: Scenario, src: str) -> None:
    """Refuse two combatants with one id, the way :meth:`Scenario.build` would name them."""
    taken: dict[str, str] = {}
    per_team: dict[str, int] = {}
    seen: dict[str, int] = {}
    for team, t in sc.teams.items():
        for i, m in enumerate(t.members, 1):
            for _ in range(max(0, m.count)):
                per_team[team] = per_team.get(team, 0) + 1
                if m.id:
                    seen[m.id] = seen.get(m.id, 0) + 1
                    uid = m.id if m.count == 1 else f"{m.id}-{seen[m.id]}"
                    if uid in taken:
                        raise InputError(src, f"teams.{team} member {i} id",
                                         f"{uid!r} is already the id of {taken[uid]}")
                else:
                    n = per_team[team]
                    uid = f"{team}-{n}"
                    while uid in taken:
                        n += 1
                        uid = f"{team}-{n}"
                taken[uid] = f"teams.{team} member {i}"
    carried: dict[str, str] = {}
    for team, t in sc.teams.items():
        for i, m in enumerate(t.members, 1):
            if not m.rides:
                continue
            place = f"teams.{team} member {i} rides"
            if m.count != 1:
                raise InputError(src, place, "only a member with count = 1 rides")
            if m.rides not in taken or m.rides == m.id:
                raise InputError(src, place, f"{m.rides!r} is not the id of another member")
            if m.rides in carried:
                raise InputError(src, place, f"{m.rides!r} already carries {carried[m.rides]}")
            carried[m.rides] = f"teams.{team} member {i}"
    riders = {m.id for t in sc.teams.values() for m in t.members if m.rides and m.id}
    if riders & set(carried):
        raise InputError(src, "teams", f"{sorted(riders & set(carried))[0]!r} rides and is ridden: one level only")
