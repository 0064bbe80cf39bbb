"""The league's games: every policy against every other, on each encounter, both sides, many seeds.

    >>> games = schedule(["arena"], {"arena": ["brawler", "archer"]}, seeds=2, league_seed=1)
    >>> [(g.first, g.second) for g in games]        # doctest: +SKIP
    [('brawler', 'archer'), ('archer', 'brawler'), ('brawler', 'archer'), ('archer', 'brawler')]
    >>> outcomes = play(games, workers=2)            # doctest: +SKIP

A game sets every member of the encounter's first team to one policy and
every member of the second team to the other (member by member, so a member
that names its own policy is overridden too). Each pairing is played twice
on the same seed, once from each side (a *mirror*): the encounter's
asymmetries (who holds the roof, who starts in the dark) cancel out. The
seed of seed index ``i`` is :func:`tactics.batch.seeds.run_seed` ``(league
seed, i)``, shared by every pairing (common random numbers).

While a game runs, each fighter's policy is wrapped in a :class:`Recorder`
that counts the actions its plans hold (the coverage of tactics) and times
its decisions; the wrapper forwards everything else, so the fight is the
one the bare policy plays, event for event. Games run on the batch's
workers (:mod:`tactics.batch.pool`) with its progress bar.
"""

from __future__ import annotations

import math
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from tactics.batch.pool import cap_workers
from tactics.batch.progress import FightsBar
from tactics.batch.seeds import run_seed
from tactics.rules.plan import Act, Plan


@dataclass(frozen=True, slots=True)
class Game:
    """One fight to play: ``first`` runs the encounter's first team, ``second`` the other."""

    index: int
    encounter: str
    ruleset: str
    seed_index: int
    seed: int
    first: str
    second: str


@dataclass
class Tally:
    """What one policy did in one game: decisions, the actions its plans held, the time it took."""

    decisions: int = 0
    acts: Counter[str] = field(default_factory=Counter)
    ms: list[float] = field(default_factory=list)


@dataclass
class Outcome:
    """A game played: the winning policy (None: a draw), why, how long, and each side's tally."""

    game: Game
    winner: str | None
    reason: str
    duration: float
    tallies: dict[str, Tally]
    error: str = ""

    def score(self, policy: str) -> float:
        """1 for a win of ``policy``, ½ for a draw, 0 for a loss."""
        return 0.5 if self.winner is None else float(self.winner == policy)


class Recorder:
    """A policy wrapped to count the actions of its plans and time its decisions; all else is the policy's."""

    def __init__(self, inner: Any, tally: Tally) -> None:
        self.inner = inner
        self.tally = tally

    def plan(self, view: Any) -> Plan:
        t0 = time.perf_counter()
        plan = self.inner.plan(view)
        self.tally.ms.append((time.perf_counter() - t0) * 1000.0)
        self._count(plan)
        return plan

    def react(self, view: Any, window: Any) -> Any:
        fn = getattr(self.inner, "react", None)
        got = fn(view, window) if fn is not None else None
        if got is None and window.turn:
            legacy = getattr(self.inner, "counter", None)
            if legacy is not None:
                got = legacy(view, view.unit(window.actor))
        if got is None and window.kind == "replan":
            legacy = getattr(self.inner, "after_counter", None)
            if legacy is not None:
                got = legacy(view, window.plan)
        if isinstance(got, Plan) and window.turn:
            self._count(got)
        return got

    def _count(self, plan: Plan) -> None:
        self.tally.decisions += 1
        for step in plan.steps:
            if isinstance(step, Act):
                self.tally.acts[step.action] += 1


# ----------------------------------------------------------------- the schedule
def schedule(encounters: Sequence[str], policies: Mapping[str, Sequence[str]], seeds: int,
             league_seed: int) -> list[Game]:
    """Every ordered pair of distinct policies of each encounter, for each seed index: both sides."""
    from tactics.league.encounters import ruleset_of

    out: list[Game] = []
    for enc in encounters:
        names = list(policies[enc])
        for i in range(seeds):
            seed = run_seed(league_seed, i)
            for a in names:
                for b in names:
                    if a != b:
                        out.append(Game(len(out), enc, ruleset_of(enc), i, seed, a, b))
    return out


@lru_cache(maxsize=64)
def _scenario(encounter: str) -> Any:
    from tactics.league.encounters import load

    return load(encounter)


def play_one(game: Game) -> Outcome:
    """Play one game here (any error becomes the outcome's ``error``: one bad fight does not sink the league)."""
    tallies = {game.first: Tally(), game.second: Tally()}
    try:
        sc = _scenario(game.encounter)
        teams = list(sc.teams)
        side = {teams[0]: game.first, teams[1]: game.second}
        overrides = {f"teams.{t}.{n}.policy": side[t] for t in teams[:2] for n in range(1, len(sc.teams[t].members) + 1)}
        enc = sc.build(seed=game.seed, overrides=overrides)
        for c in enc.combatants.values():
            c.policy = Recorder(c.policy, tallies[side[c.team]])
        res = enc.run(until=sc.until)
        winner = side.get(res.winner) if res.winner else None
        return Outcome(game, winner, res.reason, float(res.duration), tallies)
    except Exception as err:  # noqa: BLE001 - recorded, reported, left out of the ratings
        return Outcome(game, None, "", 0.0, tallies, f"{type(err).__name__}: {err}\n{traceback.format_exc()}")


def play_chunk(games: tuple[Game, ...]) -> list[Outcome]:
    """A worker's task: several games (module level, so it pickles by name)."""
    return [play_one(g) for g in games]


def chunks(games: Sequence[Game], workers: int) -> list[tuple[Game, ...]]:
    """Games in tasks of one encounter each, about ``len / (4 · workers)`` games a task (2 to 50)."""
    size = max(2, min(50, math.ceil(len(games) / (4 * max(1, workers)))))
    out: list[tuple[Game, ...]] = []
    cur: list[Game] = []
    for g in games:
        if cur and (len(cur) >= size or cur[-1].encounter != g.encounter):
            out.append(tuple(cur))
            cur = []
        cur.append(g)
    if cur:
        out.append(tuple(cur))
    return out


def play(games: Sequence[Game], workers: int | None = None, progress: bool = False,
         on_done: Callable[[int], None] | None = None) -> list[Outcome]:
    """Play every game (``workers``: 1 here, K a local process pool); outcomes in game order."""
    n, _ = cap_workers(workers, max(1, len(games)))
    tasks = chunks(games, n)
    outcomes: list[Outcome] = []
    label = "this process" if n == 1 else f"{n} local processes"
    with FightsBar(progress, len(games), label) as advance:
        def done(part: Iterable[Outcome]) -> None:
            part = list(part)
            outcomes.extend(part)
            advance(len(part))
            if on_done is not None:
                on_done(len(part))

        if n == 1:
            for t in tasks:
                done(play_chunk(t))
        else:
            with ProcessPoolExecutor(max_workers=n) as ex:
                try:
                    for part in ex.map(play_chunk, tasks):
                        done(part)
                except BaseException:
                    ex.shutdown(wait=False, cancel_futures=True)
                    raise
    outcomes.sort(key=lambda o: o.game.index)
    return outcomes


__all__ = ["Game", "Tally", "Outcome", "Recorder", "schedule", "play", "play_one", "play_chunk", "chunks"]
