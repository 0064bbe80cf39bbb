"""An encounter rebuilt from a replay header, ready to fight the recorded fight again.

    >>> from tactics.replay import load_replay
    >>> from tactics.whatif.rebuild import rebuild
    >>> enc = rebuild(load_replay("replays/fight-4v4.jsonl"))     # doctest: +SKIP
    >>> enc.run(until=300).to_bytes() == open("replays/fight-4v4.jsonl", "rb").read()   # doctest: +SKIP
    True

A schema 2 header holds what a fight is made of: the seed, the ruleset and
its options, the engine's options, the whole map, and per fighter its id,
team, sheet (in the ruleset's own shape), policy name, start position, whether
it flew and when it joined. :func:`rebuild` makes the :class:`Encounter`
from exactly that: the map with ``TacticalMap.from_dict``, each sheet with
the ruleset's ``sheet_from_dict``, each policy by its name.

Two things a fight's set-up depends on are not in the header:

- **the order the fighters were added in**: the roster lists them in turn
  order, and a ruleset that breaks initiative ties with a die rolls for them
  in the order added;
- **who expected the fight** (``expecting``: a ruleset may give them a
  surprise round).

So :func:`rebuild` tries the likely set-ups, in this order: the roster
order, then the teams one after another with their members by id number
(how an encounter file adds them), each first with nobody expecting the
fight, then with one whole team expecting it; it keeps the first whose turn
order at the start is the recorded one and whose first events are the
recorded ones. A fork then checks every event up to its moment
(:func:`tactics.whatif.fork.fork`), so a wrong guess can never pass unseen.

Refused, with one line naming the replay file (:class:`InputError`): a
fight with scripted dice (``seed`` null: its rolls are not in the header), a
policy name this tactics does not know (a script's own policy), a ruleset
it does not know.
"""

from __future__ import annotations

import itertools
import os
import re
from dataclasses import dataclass, field
from typing import Any

import msgspec

from tactics.errors import InputError
from tactics.replay.reader import Replay
from tactics.replay.schema import State

_ENCODER = msgspec.json.Encoder()
"""Encodes an event exactly as the replay writer does (plain msgspec JSON)."""

MAX_TEAM_ORDERS = 24
"""Most orders of the teams tried (all of them up to four teams)."""

PROBE_EVENTS = 24
"""How many of the first recorded events a candidate set-up must reproduce."""


@dataclass
class Setup:
    """What one replay's header rebuilds into, worked out once per process (see :func:`setup_of`)."""

    replay: Replay
    rules: Any
    map: Any
    sheets: dict[str, Any]
    order: list[str]
    """Ids of the fighters present at the start, in the order to add them."""
    expecting: frozenset[str]
    joiners: list[Any]
    """Roster entries of fighters that joined during the fight, in the order they joined."""
    shared: dict[str, Any] = field(default_factory=dict)
    """Caches of pure functions shared by every encounter rebuilt from this replay (as a scenario's)."""
    matched: bool = True
    """A candidate set-up reproduced the first recorded events (False: the fork will refuse)."""

    @property
    def source(self) -> str:
        return self.replay.source


def encode_event(ev: Any) -> bytes:
    """An event as its replay line (how recorded and re-simulated events are compared)."""
    return _ENCODER.encode(ev)


def _refuse(replay: Replay, problem: str, place: str = "") -> InputError:
    return InputError(replay.source, place, problem)


def setup_of(replay: Replay) -> Setup:
    """The :class:`Setup` of a replay (raises :class:`InputError` when it cannot be rebuilt)."""
    h = replay.header
    if h.seed is None:
        raise _refuse(replay, "cannot re-simulate this fight: its dice were scripted (seed null), "
                              "so its rolls are not in the header")
    from tactics.map import TacticalMap
    from tactics.rules.registry import get_ruleset
    from tactics.sim.policy import resolve_policy

    try:
        rules = get_ruleset(h.ruleset)
    except InputError as err:
        raise _refuse(replay, f"cannot re-simulate this fight: {err.problem or err}") from None
    except (KeyError, ValueError) as err:
        raise _refuse(replay, f"cannot re-simulate this fight: unknown ruleset {h.ruleset!r} ({err})") from None
    for u in h.roster:
        try:
            resolve_policy(u.policy, rules.name)
        except (ValueError, TypeError):
            raise _refuse(replay, f"cannot re-simulate this fight: {u.id} plays the policy {u.policy!r}, "
                                  f"which this tactics does not know (a script's own policy?)",
                          f"roster {u.id}") from None
    tmap = TacticalMap.from_dict(h.map)
    sheets = {u.id: rules.sheet_from_dict(u.sheet, f"{replay.source}: roster {u.id}") for u in h.roster}
    start = [u for u in h.roster if u.joins_at <= 0]
    joiners = sorted((u for u in h.roster if u.joins_at > 0), key=lambda u: u.joins_at)
    setup = Setup(replay, rules, tmap, sheets, [u.id for u in start], frozenset(), joiners)
    _choose(setup, [u.id for u in start])
    return setup


def _candidates(setup: Setup, roster: list[str]) -> list[tuple[list[str], frozenset[str]]]:
    """Add orders and expecting sets to try, the likeliest first."""
    team_of = {u.id: u.team for u in setup.replay.header.roster}
    teams = list(dict.fromkeys(team_of[i] for i in roster))

    def number(uid: str) -> tuple[int, str]:
        m = re.search(r"(\d+)$", uid)
        return (int(m.group(1)) if m else 0, uid)

    orders = [roster]
    for perm in itertools.islice(itertools.permutations(teams), MAX_TEAM_ORDERS):
        o = [uid for t in perm for uid in sorted((i for i in roster if team_of[i] == t), key=number)]
        if o not in orders:
            orders.append(o)
    expecting = [frozenset()] + [frozenset(i for i in roster if team_of[i] == t) for t in teams]
    return [(o, e) for e in expecting for o in orders]


def _choose(setup: Setup, roster: list[str]) -> None:
    """Keep the first candidate set-up that starts in the recorded turn order and reproduces the
    first recorded events; when none does, the one that reproduces the most of them (the fork
    will then refuse at the first event that differs)."""
    events = setup.replay.events
    want = [encode_event(ev) for ev in events[:PROBE_EVENTS]]
    probe_t = events[min(len(events), PROBE_EVENTS) - 1].t if events else 0.0
    best: tuple[int, list[str], frozenset[str]] = (-1, roster, frozenset())
    for order, expecting in _candidates(setup, roster):
        setup.order, setup.expecting = order, expecting
        enc = build(setup, setup.replay.header.seed)
        enc.run_until(0.0)
        if [c.id for c in enc.order if c.id in set(roster)] != roster:
            continue
        enc.run_until(probe_t + 1e-9)
        got = [encode_event(ev) for ev in enc.events[:len(want)]]
        same = next((i for i, (g, w) in enumerate(zip(got, want)) if g != w), min(len(got), len(want)))
        if same == len(want) or (same == len(got) and enc._ended is not None):
            setup.matched = True
            return
        if same > best[0]:
            best = (same, order, expecting)
    _, setup.order, setup.expecting = best
    setup.matched = False


def build(setup: Setup, seed: int, policies: dict[str, str] | None = None) -> Any:
    """A fresh :class:`Encounter` of the set-up, seeded with ``seed``, nobody moved yet.

    ``policies`` replaces the policy of the fighters it names (``{"red-1": "cautious"}``); fighters
    who join later read it when they join (a fork fills it in at its moment).
    """
    from tactics.sim import Encounter

    h = setup.replay.header
    policies = {} if policies is None else policies
    by_id = {u.id: u for u in h.roster}
    enc = Encounter(setup.map, seed=seed, options=dict(h.options), name=_name(setup.source),
                    ruleset=setup.rules, ruleset_options=dict(h.ruleset_options), shared=setup.shared)
    for uid in setup.order:
        _add(enc, setup, by_id[uid], policies)
    for who, carrier in _carried_at_start(setup.replay.events):
        enc.carry(who, carrier)  # riders on their mounts (tactics.sim.carrying): set up before any turn
    for u in setup.joiners:
        enc.at(u.joins_at, lambda e, u=u: _add(e, setup, u, policies))
    return enc


def _add(enc: Any, setup: Setup, u: Any, policies: dict[str, str]) -> None:
    enc.add(setup.sheets[u.id], team=u.team, at=tuple(u.start), policy=policies.get(u.id, u.policy), id=u.id,
            flying=u.flying, expecting=u.id in setup.expecting)


def _carried_at_start(events: Any) -> list[tuple[str, str]]:
    """The carrier links recorded before the first turn (``state`` events with a ``carrier``)."""
    out = []
    for ev in events:
        if type(ev) is not State:
            break
        if ev.changes.get("carrier"):
            out.append((ev.who, ev.changes["carrier"]))
    return out


def _name(source: str) -> str:
    base = os.path.basename(source)
    for ext in (".gz", ".jsonl"):
        if base.endswith(ext):
            base = base[: -len(ext)]
    return base


def rebuild(replay: Replay, seed: int | None = None) -> Any:
    """The recorded fight as a new :class:`Encounter` (the recorded seed unless ``seed``), not yet run."""
    setup = setup_of(replay)
    return build(setup, setup.replay.header.seed if seed is None else seed)


__all__ = ["Setup", "setup_of", "build", "rebuild", "encode_event", "PROBE_EVENTS"]
