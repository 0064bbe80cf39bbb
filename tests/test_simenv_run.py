"""``tactics.sim.simenv.Environment.run`` steps inline: the same order and endings as SimPy's own."""

from __future__ import annotations

import pytest
import simpy

from tactics.sim.simenv import Environment


def _play(env, until_kind: str):
    seen = []

    def proc(env, name, gaps):
        for g in gaps:
            yield env.timeout(g)
            seen.append((env.now, name))
        return name

    procs = [env.process(proc(env, n, g)) for n, g in (("a", [1, 1, 0.5]), ("b", [0.5, 1.5, 0]), ("c", [2, 2]))]
    if until_kind == "number":
        got = env.run(until=2.5)
    elif until_kind == "event":
        got = env.run(until=procs[1])
    else:
        got = env.run(until=env.any_of([procs[0], procs[2]]))
        got = sorted(got.values())
    return seen, got, env.now


@pytest.mark.parametrize("kind", ["number", "event", "condition"])
def test_same_steps_and_value_as_simpy(kind):
    assert _play(Environment(), kind) == _play(simpy.Environment(), kind)


@pytest.mark.parametrize("make", [Environment, simpy.Environment])
def test_until_the_same_event_again_returns_its_value(make):
    env = make()

    def quick(env):
        yield env.timeout(1)
        return 7

    p = env.process(quick(env))
    assert env.run(until=p) == 7
    assert env.run(until=p) == 7 and env.now == 1


def test_no_events_left_before_until_event_raises():
    env = Environment()
    with pytest.raises(RuntimeError, match="No scheduled events left"):
        env.run(until=env.event())


def test_failed_event_not_defused_raises():
    env = Environment()

    def boom(env):
        yield env.timeout(1)
        raise KeyError("x")

    env.process(boom(env))
    with pytest.raises(KeyError):
        env.run(until=5)


def test_until_in_the_past_is_refused():
    env = Environment(initial_time=3.0)
    with pytest.raises(ValueError):
        env.run(until=2)
