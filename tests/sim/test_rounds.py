"""The round starts (``tactics.sim.rounds``) take the place in SimPy's queue of the process they replace."""

from __future__ import annotations

import doctest
import random

import tactics.sim.rounds as rounds_mod
from tactics.sim.rounds import RoundStarts
from tactics.sim.simenv import Environment


class _Options:
    round_seconds = 2.0


class _Enc:
    """The little of an encounter the round starts read; ``log`` hears everything in order."""

    def __init__(self, env: Environment, log: list, end_at: int | None) -> None:
        self.env, self.log, self._ended, self.end_at = env, log, None, end_at
        self._stop, self._timed, self._watches = None, [], []
        self.options, self.world, self.turns, self.schedule = _Options, None, self, self

    def start_round(self, world, r):
        self.log.append(("round", self.env.now, r))
        if r == self.end_at:
            self._ended = "over"
        return ["told"]

    def apply(self, who, eff, window):
        self.log.append(("applied", eff))


def _process(enc: _Enc):
    """The process the round starts replace (``Encounter._rounds`` before)."""
    env, rs, r = enc.env, enc.options.round_seconds, 0
    while enc._ended is None:
        t = r * rs
        if t > env.now:
            yield env.timeout(t - env.now)
        if enc._ended is not None:
            return
        for eff in enc.schedule.start_round(enc.world, r):
            enc.turns.apply(None, eff, None)
        r += 1


def _others(env: Environment, log: list, rng: random.Random, name: str):
    """A process waking on round boundaries and between them, drawing its waits at odd moments."""
    while True:
        yield env.timeout(rng.choice([0.0, 0.5, 1.0, 2.0, 4.0]))
        log.append((name, env.now))
        if rng.random() < 0.3:
            env.process(_others(env, log, random.Random(rng.random()), name + "+"))


def _run(seed: int, use_ticker: bool, end_at: int | None) -> list:
    env, log = Environment(), []
    enc = _Enc(env, log, end_at)
    rng = random.Random(seed)
    env.process(_others(env, log, random.Random(rng.random()), "a"))
    if use_ticker:
        RoundStarts(enc)
    else:
        env.process(_process(enc))
    env.process(_others(env, log, random.Random(rng.random()), "b"))
    env.run(until=23.0)
    return log


def test_round_starts_hear_the_same_rounds_in_the_same_order_as_the_process():
    for seed in range(40):
        end_at = None if seed % 3 else seed % 7
        old, new = _run(seed, False, end_at), _run(seed, True, end_at)
        assert any(e[0] == "round" for e in new)
        assert new == old, seed


def test_doctest():
    assert doctest.testmod(rounds_mod).failed == 0


class _Quiet(_Enc):
    """A schedule quiet from round ``quiet_from`` on; its start_round must not be told after that."""

    def __init__(self, env, log, quiet_from):
        super().__init__(env, log, None)
        self.quiet_from = quiet_from

    @property
    def quiet(self):
        return bool(self.log) and self.log[-1][0] == "applied" and self.log[-2][2] >= self.quiet_from


def test_a_quiet_schedule_stops_the_round_starts_unless_something_could_make_anyone_join():
    env = Environment()
    enc = _Quiet(env, [], quiet_from=2)
    RoundStarts(enc)
    env.run(until=11.0)
    assert [e[2] for e in enc.log if e[0] == "round"] == [0, 1, 2]   # quiet after round 2: no more told
    assert enc._rounds_quiet is True
    for blocker in ("_stop", "_timed", "_watches"):
        env = Environment()
        enc = _Quiet(env, [], quiet_from=2)
        setattr(enc, blocker, ["something"])
        RoundStarts(enc)
        env.run(until=11.0)
        assert [e[2] for e in enc.log if e[0] == "round"] == [0, 1, 2, 3, 4, 5], blocker
        assert enc._rounds_quiet is False
