"""Encounter files: a TOML file names a map, teams, characters, policies and a seed.

An encounter file (``maps/*.encounter.toml``; the format is in
``docs/encounters.md``)::

    name = "arena"
    description = "A mixed four against four on open sand."
    map = "arena"                 # a shipped map name, or a path relative to this file
    seed = 1
    until = 300                   # seconds of simulated time at most
    light = "night"               # optional: day | night | bright | dim | dark

    ruleset = "mano-a-mano"       # optional: the combat system (tactics list rulesets)

    [options]                     # tactics.sim.Options and the ruleset's options
    charging = true

    [teams.red]
    policy = "advance"            # default for the members of this team
    members = [
        { character = "steven", policy = "brawler" },
        { character = "archer", policy = "archer", at = [5, 7] },
        { character = "clone", count = 2 },
    ]

Load it, build a fresh :class:`~tactics.sim.Encounter` per run, run it::

    >>> from tactics.scenario import load_scenario, default_scenario
    >>> sc = load_scenario("maps/arena.encounter.toml")
    >>> result = sc.build(seed=3).run(until=sc.until)          # doctest: +SKIP
    >>> sc.build(overrides={"options.charging": "false", "teams.red.policy": "passive"})  # doctest: +SKIP

Every refusal is an :class:`~tactics.errors.InputError` naming the file, the
place and the problem (unknown map, character or policy, wrong types, a spawn
place off the map, a number that is not finite — TOML has ``nan`` and
``inf`` —, more than :data:`MAX_FIGHTERS` fighters, two members with one
``id``, an option out of its range; ``docs/limits.md``). Character names are the sheets of
``assets/characters/`` (``steven``, ``spear-thrower``...) or an archetype
(``brawler``, ``skirmisher``, ``flyer``...); map names are the maps of ``maps/``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

import msgspec

import tactics
from tactics.errors import InputError, read_toml
from tactics.rules.registry import DEFAULT, get_ruleset

__all__ = [
    "Scenario", "Team", "Member", "load_scenario", "default_scenario", "scenario_from_dict",
    "map_for", "character_for", "policy_names", "sheet_policy", "ARCHETYPES", "SHEET_POLICIES", "LIGHT_OVERRIDES",
    "shipped_maps", "shipped_characters", "shipped_encounters", "repo_root", "data_root", "MAX_FIGHTERS",
]

ARCHETYPES: dict[str, str] = {
    "brawler": "steven",
    "archer": "archer",
    "skirmisher": "spear_thrower",
    "thrower": "spear_thrower",
    "grappler": "grappler",
    "flyer": "winged",
    "cautious": "soldier",
    "soldier": "soldier",
    "climber": "climber",
    "advance": "steven",
    "passive": "clone",
}
"""The sheet (stem in ``assets/characters/``) that plays each policy or archetype name."""

SHEET_POLICIES: dict[str, str] = {
    "steven": "brawler",
    "clone": "brawler",
    "climber": "brawler",
    "archer": "archer",
    "spear_thrower": "skirmisher",
    "grappler": "grappler",
    "winged": "flyer",
    "soldier": "cautious",
}
"""The AI policy a shipped sheet plays when its member names none (``advance`` when that policy is missing)."""

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


# ----------------------------------------------------------------- where things are
@lru_cache(maxsize=1)
def data_root() -> Path:
    """The shipped data: ``tactics/data/`` holds ``maps/`` and ``assets/characters/``.

    In a checkout they are symlinks to the top-level ``maps/`` and ``assets/``
    (where people edit them and the README points); a wheel or a plain
    ``pip install .`` copies the files into the installed package, so a
    ``tactics`` installed anywhere finds them (``docs/cli.md`` § Installing).
    """
    return Path(tactics.__file__).resolve().parent / "data"


@lru_cache(maxsize=1)
def repo_root() -> Path:
    """The checkout holding ``maps/`` and ``assets/`` (meaningful only when installed editable).

    Kept for scripts; the shipped files are found through :func:`data_root`.
    """
    return Path(tactics.__file__).resolve().parents[1]


def _dir(name: str) -> Path:
    d = (data_root() / name).resolve()  # in a checkout: the top-level folder the symlink names
    if not d.is_dir():
        raise InputError(str(d), "", f"the shipped {name}/ folder is missing; reinstall tactics "
                         "(pip install . from its checkout)")
    return d


@lru_cache(maxsize=16)
def _glob(folder: str, pattern: str, mtime: float) -> tuple[Path, ...]:
    return tuple(sorted(Path(folder).glob(pattern)))


def _files(folder: Path, pattern: str) -> tuple[Path, ...]:
    """``sorted(folder.glob(pattern))``, listed again only when the folder changes (its mtime)."""
    return _glob(str(folder), pattern, folder.stat().st_mtime)


def shipped_maps() -> dict[str, Path]:
    """Map name (file stem) -> path, for ``maps/*.toml`` (encounter files excluded)."""
    return {p.stem: p for p in _files(_dir("maps"), "*.toml") if not p.name.endswith(".encounter.toml")}


RULESET_FOLDERS = {"mano-a-mano": "", "mano-a-mano-2006": "mam2006", "fudge-opposed": "fudge", "d100-opposed": "d100"}
"""Where each ruleset's shipped sheets live, under ``assets/characters/``."""


def _sheet_folder(ruleset: str) -> Path:
    return _dir("assets") / "characters" / RULESET_FOLDERS.get(ruleset, ruleset)


def shipped_characters(ruleset: str = DEFAULT) -> dict[str, Path]:
    """Sheet name (file stem) -> path, for ``assets/characters/*.toml`` (another ruleset's
    sheets live in their own folder: ``assets/characters/fudge/``...)."""
    folder = _sheet_folder(ruleset)
    return {p.stem: p for p in _files(folder, "*.toml")} if folder.is_dir() else {}


def shipped_encounters() -> dict[str, Path]:
    """Encounter name -> path, for ``maps/*.encounter.toml``."""
    return {p.name[: -len(".encounter.toml")]: p for p in _files(_dir("maps"), "*.encounter.toml")}


def _norm(name: str) -> str:
    return name.strip().lower().replace("-", "_").replace(" ", "_")


def map_path(name: str, base: Path | None = None) -> Path:
    """A map by shipped name (``"arena"``) or by path (relative to ``base``); ValueError if unknown."""
    p = Path(name)
    if p.suffix == ".toml" or "/" in name or "\\" in name:
        for cand in ([base / p] if base is not None and not p.is_absolute() else []) + [p]:
            if cand.is_file():
                return cand
        raise ValueError(f"map file {name!r} not found")
    maps = shipped_maps()
    if name in maps:
        return maps[name]
    norm = {_norm(k): v for k, v in maps.items()}
    if _norm(name) in norm:
        return norm[_norm(name)]
    raise ValueError(f"unknown map {name!r}; shipped maps: {', '.join(maps)}")


def character_path(name: str, base: Path | None = None, ruleset: str = DEFAULT) -> Path:
    """A sheet by shipped name (``"steven"``, ``"spear-thrower"``), archetype (``"brawler"``) or path."""
    if name.endswith(".toml") or "/" in name or "\\" in name:
        return _character_path(name, base, 0.0, ruleset)   # a path: looked up afresh (the working folder may change)
    folder = _sheet_folder(ruleset)
    return _cached_character_path(name, folder.stat().st_mtime if folder.is_dir() else 0.0, ruleset)


@lru_cache(maxsize=256)
def _cached_character_path(name: str, mtime: float, ruleset: str = DEFAULT) -> Path:
    """A shipped sheet by name, listed again only when the folder changes."""
    return _character_path(name, None, mtime, ruleset)


def _character_path(name: str, base: Path | None, mtime: float, ruleset: str = DEFAULT) -> Path:
    p = Path(name)
    if p.suffix == ".toml" or "/" in name or "\\" in name:
        for cand in ([base / p] if base is not None and not p.is_absolute() else []) + [p]:
            if cand.is_file():
                return cand
        raise ValueError(f"character file {name!r} not found")
    sheets = {_norm(k): v for k, v in shipped_characters(ruleset).items()}
    key = _norm(name)
    if key in sheets:
        return sheets[key]
    archetypes = ARCHETYPES if ruleset == DEFAULT else {}
    if key in archetypes and archetypes[key] in sheets:
        return sheets[archetypes[key]]
    known = sorted(set(shipped_characters(ruleset)) | set(archetypes))
    which = "" if ruleset == DEFAULT else f" {ruleset}"
    raise ValueError(f"unknown{which} character {name!r}; known: {', '.join(known)}")


def policy_names(ruleset: str = DEFAULT) -> list[str]:
    """Every policy name the engine resolves for ``ruleset``: the ruleset's AI and the generic ones."""
    from tactics.sim.policy import policy_names as names

    return names(ruleset)


def sheet_policy(character: str, base: Path | None = None, ruleset: str = DEFAULT) -> str:
    """The policy a member with no ``policy`` gets: its sheet's archetype AI, else ``advance``."""
    try:
        stem = _norm(character_path(character, base, ruleset).stem)
    except ValueError:
        return "advance"
    name = SHEET_POLICIES.get(stem, "advance") if ruleset == DEFAULT else "advance"
    return name if name in policy_names(ruleset) else "advance"


def _check_policy(name: str, ruleset: str = DEFAULT) -> None:
    known = policy_names(ruleset)
    if name not in known:
        raise ValueError(f"unknown policy {name!r} for {ruleset}; known: {', '.join(sorted(known))}")


@lru_cache(maxsize=64)
def _load_map_cached(path: str, mtime: float, light: str | None) -> Any:
    from tactics.map import TacticalMap, load_map

    m = load_map(path)
    if light is None:
        return m
    d = m.to_dict()
    li = dict(d.get("light") or {})
    if light == "day":
        li = {"default": "bright"}
    elif light == "night":
        li["default"] = "dark"
    else:
        li = {"default": light}
    d["light"] = li
    return TacticalMap.from_dict(d, source=path)


@lru_cache(maxsize=256)
def _load_character_cached(path: str, mtime: float, ruleset: str = DEFAULT) -> Any:
    from tactics.sheets import load_sheet

    return load_sheet(path, ruleset)


def map_for(name: str, base: Path | None = None, light: str | None = None) -> Any:
    """The :class:`TacticalMap` for a map name or path, with an optional light override (cached)."""
    p = map_path(name, base)
    return _load_map_cached(str(p), p.stat().st_mtime, light)


def character_for(name: str, base: Path | None = None, ruleset: str = DEFAULT) -> Any:
    """The sheet for a name, archetype or path, of ``ruleset`` (cached; sheets are frozen)."""
    p = character_path(name, base, ruleset)
    return _load_character_cached(str(p), p.stat().st_mtime, ruleset)


# ----------------------------------------------------------------- the format
class Member(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """One line of a team: ``count`` copies of a character run by a policy."""

    character: str
    policy: str | None = None
    """None: the team's policy, else the sheet's AI (:data:`SHEET_POLICIES`), else ``advance``."""
    at: list[float] | None = None
    """``[x, y]`` or ``[x, y, z]`` in metres; None: the next free spawn place of the team."""
    count: int = 1
    id: str | None = None
    flying: bool | None = None
    evading: bool = False
    expecting: bool = False
    """Expects the fight (a ruleset may give such fighters a surprise round)."""


class Team(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    members: list[Member] = []
    policy: str | None = None
    """Default policy of the members that name none."""
    spawn: str | None = None
    """The map's spawn zone the team starts in (default: the zone named like the team)."""


class Scenario(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True, dict=True):
    """An encounter file, loaded and checked; :meth:`build` makes a fresh Encounter.

    The map, sheets and policies it names are looked up on the first build and
    kept for the next ones (a batch builds thousands); load the file again to
    pick up edits made to them since. The encounters it builds share one
    ``View.shared`` cache.
    """

    map: str
    teams: dict[str, Team]
    ruleset: str = DEFAULT
    """The combat system the fight plays (``tactics list rulesets``)."""
    name: str = ""
    description: str = ""
    seed: int = 1
    until: float = 300.0
    options: dict[str, Any] = {}
    light: str | None = None
    source: str = ""
    """The file it came from (maps and sheets named by path are relative to it)."""

    # -- what it holds ------------------------------------------------------
    @property
    def base(self) -> Path | None:
        return Path(self.source).parent if self.source and not self.source.startswith("<") else None

    def policy_of(self, team: str, member: Member) -> str:
        if member.policy:
            return member.policy
        t = self.teams[team]
        if t.policy:
            return t.policy
        return sheet_policy(member.character, self.base, self.ruleset)

    def roster(self) -> list[tuple[str, Member, str]]:
        """``(team, member, policy)`` for every combatant, counts expanded, in order."""
        out = []
        for team, t in self.teams.items():
            for m in t.members:
                for _ in range(m.count):
                    out.append((team, m, self.policy_of(team, m)))
        return out

    def load_map(self) -> Any:
        return map_for(self.map, self.base, self.light)

    def _cast(self) -> tuple[Any, list[tuple[str, Member, str, Any]]]:
        """The map and every combatant's ``(team, member, policy, character)``, looked up on the
        first call and kept on this scenario (maps and characters are never changed by a fight)."""
        got = self.__dict__.get("_cast_cache")
        if got is None:
            got = (self.load_map(), [(team, m, policy, character_for(m.character, self.base, self.ruleset))
                                     for team, m, policy in self.roster()])
            self.__dict__["_cast_cache"] = got
        return got

    # -- changing it --------------------------------------------------------
    def with_overrides(self, overrides: Mapping[str, Any] | None) -> Scenario:
        """A checked copy with dotted keys set.

        Keys: ``seed``, ``until``, ``light``, ``map``, ``name``,
        ``options.<field>`` (see :class:`tactics.sim.Options`),
        ``teams.<team>.policy|character|count`` (every member of the team),
        ``teams.<team>.<n>.policy|character|count|at`` (member ``n``, from 1).
        Values may be strings (``"true"``, ``"3"``) as a command line gives them.
        """
        if not overrides:
            return self
        d = _to_plain(self)
        for key, value in overrides.items():
            parts = str(key).split(".")
            where = f"override {key!r}"
            if len(parts) == 1 and parts[0] in ("seed", "until", "light", "map", "name", "description"):
                d[parts[0]] = value
            elif len(parts) == 2 and parts[0] == "options":
                d.setdefault("options", {})[parts[1]] = value
            elif len(parts) in (3, 4) and parts[0] == "teams":
                team = d["teams"].get(parts[1])
                if team is None:
                    raise InputError(self.source or "<scenario>", where,
                                     f"no team {parts[1]!r}; teams: {', '.join(d['teams'])}")
                field = parts[-1]
                if field not in ("policy", "character", "count", "at", "evading", "flying", "expecting"):
                    raise InputError(self.source or "<scenario>", where,
                                     "a team key ends in policy, character, count, at, evading or flying")
                if len(parts) == 3:
                    members = team["members"]
                    if field == "policy":
                        team["policy"] = value
                else:
                    try:
                        i = int(parts[2])
                        members = [team["members"][i - 1]]
                        if i < 1:
                            raise IndexError
                    except (ValueError, IndexError):
                        raise InputError(self.source or "<scenario>", where,
                                         f"team {parts[1]!r} has members 1 to {len(team['members'])}") from None
                for m in members:
                    m[field] = value
            else:
                raise InputError(self.source or "<scenario>", where,
                                 "unknown key; use seed, until, light, map, options.<name>, "
                                 "teams.<team>.<field> or teams.<team>.<n>.<field>")
        return scenario_from_dict(d, self.source or "<scenario>", strict=False)

    def with_teams(self, spec: Mapping[str, list[str]]) -> Scenario:
        """Replace (or add) teams from policy names: ``{"red": ["brawler", "archer"]}``.

        Each item is a policy name; the character is that policy's archetype
        sheet (:data:`ARCHETYPES`, ``steven`` when none). ``"policy:character"``
        picks the sheet too (``"archer:climber"``).
        """
        d = _to_plain(self)
        for team, items in spec.items():
            members = []
            for item in items:
                policy, _, character = str(item).partition(":")
                policy = policy.strip()
                character = character.strip() or ARCHETYPES.get(_norm(policy), "steven")
                try:
                    _check_policy(policy, self.ruleset)
                    character_path(character, self.base, self.ruleset)
                except ValueError as err:
                    raise InputError("--team", f"{team}={','.join(items)}", str(err)) from None
                members.append({"character": character, "policy": policy})
            old = d["teams"].get(team, {})
            d["teams"][team] = {"members": members, **({"spawn": old["spawn"]} if old.get("spawn") else {})}
        return scenario_from_dict(d, self.source or "<scenario>")

    # -- running ------------------------------------------------------------
    def build(self, seed: int | None = None, overrides: Mapping[str, Any] | None = None) -> Any:
        """A fresh :class:`~tactics.sim.Encounter`, everyone placed, ready to ``run(until=self.until)``.

        ``seed`` replaces the file's seed; ``overrides`` as in :meth:`with_overrides`.
        The encounter carries the scenario it came from as ``enc.scenario``.
        """
        from tactics.sim import Encounter

        sc = self.with_overrides(overrides)
        tmap, cast = sc._cast()
        enc = Encounter(tmap, seed=sc.seed if seed is None else int(seed), options=dict(sc.options),
                        name=sc.name, shared=sc.__dict__.setdefault("_shared", {}), ruleset=sc.ruleset)
        used: dict[str, int] = {}
        seen: dict[str, int] = {}
        for team, m, policy, character in cast:
            zone = sc.teams[team].spawn or team
            at: Any = m.at
            if at is None:
                spots = tmap.spawns.get(zone) or []
                k = used.get(zone, 0)
                used[zone] = k + 1
                at = spots[k]
            uid = None
            if m.id is not None:
                seen[m.id] = seen.get(m.id, 0) + 1
                uid = m.id if m.count == 1 else f"{m.id}-{seen[m.id]}"
            enc.add(character, team=team, at=tuple(at), policy=policy,
                    id=uid, flying=m.flying, evading=m.evading, expecting=m.expecting)
        enc.scenario = sc
        return enc

    def run(self, seed: int | None = None, overrides: Mapping[str, Any] | None = None,
            until: float | None = None) -> Any:
        """Build and run once; returns the :class:`~tactics.sim.Result`."""
        sc = self.with_overrides(overrides)
        return sc.build(seed).run(until=sc.until if until is None else until)


# ----------------------------------------------------------------- loading
_AT = re.compile(r"^(?P<msg>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.S)


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


def _normalise(doc: dict[str, Any], src: str) -> dict[str, Any]:
    """Accept ``[teams.red]`` tables, ``[[teams]]`` with ``name``, and a team given as a member list."""
    d = dict(doc)
    teams = d.get("teams")
    if isinstance(teams, list):
        out: dict[str, Any] = {}
        for i, t in enumerate(teams, 1):
            if not isinstance(t, dict) or not isinstance(t.get("name"), str):
                raise InputError(src, f"teams {i}", "each [[teams]] needs a name = \"...\"")
            t = dict(t)
            name = t.pop("name")
            if name in out:
                raise InputError(src, f"teams {i}", f"team {name!r} appears twice")
            out[name] = t
        teams = out
    if isinstance(teams, dict):
        teams = {k: ({"members": v} if isinstance(v, list) else v) for k, v in teams.items()}
        d["teams"] = teams
    return d


def _to_plain(sc: Scenario) -> dict[str, Any]:
    d = msgspec.to_builtins(sc)
    d.setdefault("options", {})
    for t in d["teams"].values():
        t.setdefault("members", [])
    return d


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


def scenario_from_dict(doc: Mapping[str, Any], source: str = "<dict>", *, strict: bool = True) -> Scenario:
    """Check a parsed encounter document and make a :class:`Scenario` (InputError when refused)."""
    bad = _non_finite(dict(doc))
    if bad is not None:
        raise InputError(source, bad, "must be a finite number (not nan or inf)")
    d = _normalise(dict(doc), source)
    d["source"] = source
    if isinstance(d.get("teams"), dict):
        for name, t in d["teams"].items():
            try:
                msgspec.convert(t, Team, strict=strict)
            except msgspec.ValidationError as err:
                place, problem = _place_of(err)
                place = f"teams.{name}" + ("" if place == "top level" else f" {place}")
                raise InputError(source, place, problem) from None
    try:
        sc = msgspec.convert(d, Scenario, strict=strict)
    except msgspec.ValidationError as err:
        place, problem = _place_of(err)
        raise InputError(source, place, problem) from None
    _check(sc, source)
    return sc


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


def load_scenario(path: str | Path) -> Scenario:
    """Read and check an encounter file (InputError ``file: place: problem`` when refused)."""
    src = str(path)
    doc = read_toml(path, "encounter file")
    if "map" not in doc and "teams" not in doc:
        raise InputError(src, "", "not an encounter file (it needs map = \"...\" and [teams.<name>])")
    return scenario_from_dict(doc, src)


DEFAULT_ENCOUNTER = "arena"


def default_scenario() -> Scenario:
    """The built-in default: a mixed four against four on ``arena`` (``maps/arena.encounter.toml``)."""
    p = shipped_encounters().get(DEFAULT_ENCOUNTER)
    if p is not None:
        return load_scenario(p)
    return scenario_from_dict(_DEFAULT_DOC, "<default>")


_DEFAULT_DOC: dict[str, Any] = {
    "name": "arena",
    "description": "A mixed four against four on open sand: brawler, archer, skirmisher and grappler a side.",
    "map": "arena",
    "seed": 1,
    "until": 300,
    "teams": {
        team: {"members": [{"character": c}
                           for c in ("steven", "archer", "spear_thrower", "grappler")]}
        for team in ("red", "blue")
    },
}
"""Used only when the shipped ``maps/arena.encounter.toml`` is missing."""
