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

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import msgspec

from tactics.errors import InputError, read_toml
from tactics.rules.registry import DEFAULT
from tactics.encounter_checks import (  # noqa: F401 (limits read from here by the CLI and tests)
    LIGHT_OVERRIDES, MAX_ALTITUDE, MAX_FIGHTERS, MAX_KEYFRAME_COPIES, MAX_UNTIL, MIN_KEYFRAME_EVERY, OPTION_RANGES,
    _check, _non_finite, _place_of,
)
from tactics.shipped import (  # noqa: F401 (the names scripts and the CLI read from here)
    ARCHETYPES, RULESET_FOLDERS, RULESET_SHEET_POLICIES, SHEET_POLICIES, _check_policy, _norm, character_for,
    character_path, data_root, map_for, map_path, policy_names, repo_root, sheet_policy, shipped_characters,
    shipped_encounters, shipped_maps,
)

__all__ = [
    "Scenario", "Team", "Member", "load_scenario", "default_scenario", "scenario_from_dict",
    "map_for", "character_for", "policy_names", "sheet_policy", "ARCHETYPES", "SHEET_POLICIES",
    "RULESET_SHEET_POLICIES", "LIGHT_OVERRIDES",
    "shipped_maps", "shipped_characters", "shipped_encounters", "repo_root", "data_root", "MAX_FIGHTERS",
]

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
    rides: str | None = None
    """The id of the member that carries this one (a rider on its mount, a driver on its vehicle)."""


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
        riders: list[tuple[str, str]] = []
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
            view = enc.add(character, team=team, at=tuple(at), policy=policy,
                           id=uid, flying=m.flying, evading=m.evading, expecting=m.expecting)
            if m.rides:
                riders.append((view.id, m.rides))
        for passenger, carrier in riders:
            enc.carry(passenger, carrier)
        enc.scenario = sc
        return enc

    def run(self, seed: int | None = None, overrides: Mapping[str, Any] | None = None,
            until: float | None = None) -> Any:
        """Build and run once; returns the :class:`~tactics.sim.Result`."""
        sc = self.with_overrides(overrides)
        return sc.build(seed).run(until=sc.until if until is None else until)


# ----------------------------------------------------------------- loading


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
