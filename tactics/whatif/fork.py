"""Fork a recorded fight at a moment: the same fight up to there, then what you change.

    >>> from tactics.replay import load_replay
    >>> enc = load_replay("replays/fight-4v4.jsonl").fork(at=4.0, teams={"red": "cautious"}, seed=12)  # doctest: +SKIP
    >>> enc.run(until=enc.until).winner                                                            # doctest: +SKIP
    'blue'

:func:`fork` rebuilds the encounter from the replay header
(:mod:`tactics.whatif.rebuild`), re-simulates it up to time ``at`` (SimPy
paused with :meth:`Encounter.run_until`, before anything that happens at
``at`` itself), **checks** that every event re-simulated so far is the
recorded one (and that none recorded before ``at`` is missing; otherwise it
refuses, naming the first differing event), and then applies the changes:

- ``teams``: other policies from ``at`` on, ``{"red": "cautious"}`` for the
  whole team or ``{"red": ["brawler", "archer"]}`` member by member (roster order);
- ``overrides``: ``{"charging": False}`` (or ``"options.charging"``) changes a
  ruleset option from ``at`` on; ``"teams.red.policy"`` as ``teams``;
  ``"until"`` the time limit of the continuation;
- ``seed``: the dice from ``at`` on are a fresh ``SeededDice(seed)``
  (:meth:`Encounter.reseed`); None keeps the recorded stream, so a fork that
  changes nothing plays the recorded fight again, byte for byte.

The engine's own options (round length, stalemate rounds, keyframes) are read
when the fight starts and cannot change in the middle of it: refused.

A fork's replay (``enc.run(...).save(path)``) records the recorded seed and,
for a team given other policies, the new policy names in its header: it is a
fight to watch and read, not one to rebuild from its header (a fork of it
refuses at the first event after the branch).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable, Mapping
from typing import Any

import msgspec

from tactics.errors import InputError
from tactics.replay.reader import Replay
from tactics.whatif.rebuild import Setup, build, encode_event, setup_of

DEFAULT_UNTIL = 300.0
"""The continuation's time limit when the recorded fight did not end on its own limit."""

_SETUPS: dict[int, tuple[Replay, Setup]] = {}
"""Set-ups worked out in this process, by replay object (kept alive beside it)."""


def cached_setup(replay: Replay) -> Setup:
    got = _SETUPS.get(id(replay))
    if got is None or got[0] is not replay:
        got = _SETUPS[id(replay)] = (replay, setup_of(replay))
    return got[1]


def end_of(replay: Replay) -> Any:
    """The recorded ``end`` event, or None when the replay stops without one."""
    last = replay.events[-1] if replay.events else None
    return last if type(last).__name__ == "End" else None


def recorded_limit(replay: Replay) -> float:
    """The time limit to give a continuation: the recorded one when the fight ran into it."""
    end = end_of(replay)
    if end is not None and end.reason.startswith("time limit"):
        return float(end.t)
    return max(DEFAULT_UNTIL, replay.duration)


class Changes(msgspec.Struct, frozen=True):
    """What a fork changes from its moment on (already checked against the replay)."""

    policies: dict[str, str] = {}
    """New policy name by fighter id."""
    rule_options: dict[str, Any] = {}
    until: float | None = None


def parse_changes(replay: Replay, teams: Mapping[str, Any] | Iterable[str] | None = None,
                  overrides: Mapping[str, Any] | Iterable[str] | None = None) -> Changes:
    """Check ``--team`` and ``--set`` values against the replay; :class:`InputError` for a bad one."""
    from tactics.sim.encounter import ENGINE_OPTIONS
    from tactics.sim.policy import resolve_policy

    setup = cached_setup(replay)
    roster = replay.header.roster
    members: dict[str, list[str]] = {}
    for u in roster:
        members.setdefault(u.team, []).append(u.id)
    policies: dict[str, str] = {}
    opts: dict[str, Any] = {}
    until = None

    def team_policy(team: str, value: Any, where: str) -> None:
        if team not in members:
            raise InputError(where, "", f"no team {team!r} in {replay.source} (teams: {', '.join(members)})")
        names = [v.strip() for v in value.split(",")] if isinstance(value, str) else [str(v) for v in value]
        if len(names) == 1:
            names = names * len(members[team])
        if len(names) != len(members[team]):
            raise InputError(where, "", f"team {team} has {len(members[team])} fighters, "
                                        f"{len(names)} policies given")
        for uid, name in zip(members[team], names):
            try:
                resolve_policy(name, setup.rules.name)
            except (ValueError, TypeError) as err:
                raise InputError(where, "", str(err)) from None
            policies[uid] = name

    if teams is not None:
        items = teams.items() if isinstance(teams, Mapping) else (_split(s, "--team") for s in teams)
        for team, value in items:
            team_policy(team, value, f"--team {team}={value if isinstance(value, str) else ','.join(value)}")
    if overrides is not None:
        if isinstance(overrides, Mapping):
            items = list(overrides.items())
        else:
            from tactics.batch.runner import parse_value

            items = [(k, parse_value(v)) for k, v in (_split(s, "--set") for s in overrides)]
        fields = set(getattr(setup.rules.options_type, "__struct_fields__", ()))
        for key, value in items:
            where = f"--set {key}={value}"
            parts = key.split(".")
            if key == "until":
                until = float(value)
            elif len(parts) == 3 and parts[0] == "teams" and parts[2] == "policy":
                team_policy(parts[1], value, where)
            elif len(parts) == 4 and parts[0] == "teams" and parts[3] == "policy" and parts[2].isdigit():
                team = parts[1]
                ids = members.get(team, [])
                if not 1 <= int(parts[2]) <= len(ids):
                    raise InputError(where, "", f"no member {parts[2]} in team {team!r}")
                uid = ids[int(parts[2]) - 1]
                try:
                    resolve_policy(str(value), setup.rules.name)
                except (ValueError, TypeError) as err:
                    raise InputError(where, "", str(err)) from None
                policies[uid] = str(value)
            elif len(parts) <= 2 and (parts[0] == "options" or len(parts) == 1):
                name = parts[-1]
                if name in ENGINE_OPTIONS:
                    raise InputError(where, "", f"the engine option {name} is read when the fight starts "
                                                "and cannot change in the middle of it")
                if name not in fields:
                    raise InputError(where, "", f"{setup.rules.name} has no option {name!r} "
                                                f"(options: {', '.join(sorted(fields)) or 'none'})")
                opts[name] = value
            else:
                raise InputError(where, "", "unknown key; use until, <option>, options.<option>, "
                                            "teams.<team>.policy or teams.<team>.<n>.policy")
        if opts:
            try:
                msgspec.convert({**replay.header.ruleset_options, **opts}, setup.rules.options_type)
            except msgspec.ValidationError as err:
                raise InputError("--set", "", f"bad option for {setup.rules.name}: {err}") from None
    return Changes(policies, opts, until)


def _split(spec: str, what: str) -> tuple[str, str]:
    key, eq, value = str(spec).partition("=")
    if not eq or not key.strip() or not value.strip():
        raise InputError(what, spec, f"{what} takes key=value")
    return key.strip(), value.strip()


def fork(replay: Replay, at: float, *, teams: Any = None, overrides: Any = None, seed: int | None = None,
         until: float | None = None, check: bool = True, changes: Changes | None = None) -> Any:
    """An :class:`Encounter` paused at ``at`` seconds of the recorded fight, changed as asked;
    ``enc.run(until=enc.until)`` plays the rest. See the module docstring.

    ``check=False`` skips comparing the re-simulated events with the recording (for many
    continuations of a replay :func:`verify` checked once). ``changes`` is :func:`parse_changes`'
    result, when already made.
    """
    setup = cached_setup(replay)
    if changes is None:
        changes = parse_changes(replay, teams, overrides)
    at = float(at)
    end = end_of(replay)
    last = end.t if end is not None else replay.duration
    if not (0.0 <= at < last or (end is None and at <= last)) or math.isnan(at):
        raise InputError(replay.source, f"--at {at:g}",
                         f"the moment must be from 0 to before the end of the fight ({last:g} s)")
    limit = until if until is not None else changes.until if changes.until is not None else recorded_limit(replay)
    if limit <= at:
        raise InputError(replay.source, f"--until {limit:g}", f"the time limit must be after the fork ({at:g} s)")
    later: dict[str, str] = {}  # the new policies of fighters who join after the moment
    enc = build(setup, replay.header.seed, later)
    enc.run_until(at, limit=limit)
    if check:
        check_prefix(replay, enc, at, setup)
    if seed is not None:
        enc.reseed(int(seed))
    if changes.policies:
        from tactics.sim.policy import resolve_policy

        later.update(changes.policies)
        for uid, name in changes.policies.items():
            c = enc.combatants.get(uid)
            if c is not None:
                c.policy, c.policy_name = resolve_policy(name, setup.rules.name)
    if changes.rule_options:
        opts = msgspec.convert({**msgspec.to_builtins(enc.rule_options), **changes.rule_options},
                               setup.rules.options_type)
        enc.rule_options = opts
        enc.world.options = opts
    enc.until = limit
    enc.forked_at = at
    return enc


def check_prefix(replay: Replay, enc: Any, at: float, setup: Setup | None = None) -> None:
    """Refuse (InputError, one line) unless the events ``enc`` has re-simulated are the recorded ones and
    every event recorded before ``at`` is among them."""
    rec = replay.events
    got = enc.events
    for i, ev in enumerate(got):
        if i >= len(rec) or encode_event(ev) != encode_event(rec[i]):
            raise _differs(replay, i, ev, setup)
    before = bisect.bisect_left([e.t for e in rec], at)
    if len(got) < before:
        raise _differs(replay, len(got), None, setup)


def verify(replay: Replay) -> None:
    """Re-simulate the whole recorded fight and refuse (InputError) at the first event that differs."""
    setup = cached_setup(replay)
    enc = build(setup, replay.header.seed)
    enc.run(until=recorded_limit(replay))
    check_prefix(replay, enc, math.inf, setup)


def _differs(replay: Replay, i: int, got: Any, setup: Setup | None) -> InputError:
    from tactics.replay.explain import describe
    from tactics.version import __version__

    names = {u.id: u.name for u in replay.header.roster}
    rec = replay.events[i] if i < len(replay.events) else None
    said = f"recorded {_say(rec, names, describe)}, re-simulated {_say(got, names, describe)}"
    why = ""
    v = replay.header.tactics_version
    if v != __version__:
        why = f" (recorded by tactics {v}, this is {__version__})"
    elif setup is not None and not setup.matched:
        why = (" (the header does not record everything this fight was set up with: "
               "who expected the fight, ambushes, scripts)")
    t = (rec or got).t if (rec or got) is not None else 0.0
    return InputError(replay.source, f"event {i + 1} (line {i + 2}, {t:g} s)",
                      f"the re-simulation differs from the recording: {said}{why}")


def _say(ev: Any, names: Mapping[str, str], describe: Any) -> str:
    if ev is None:
        return "nothing"
    return f"“{describe(ev, names)}”"


__all__ = ["fork", "verify", "check_prefix", "parse_changes", "Changes", "recorded_limit", "end_of",
           "cached_setup", "DEFAULT_UNTIL"]
