"""``Leg`` (tactics/map/movement.py) is built by a hand-written ``__init__`` that fills the instance's
dict directly (faster than the frozen dataclass's own); these tests keep it the dataclass's: the same
parameters in the same order with the same defaults, every field set, and the frozen class's
behaviour unchanged."""

from __future__ import annotations

import dataclasses
import inspect
import pickle

import pytest

from tactics.map.movement import Leg


def test_the_init_takes_the_dataclass_s_fields_with_their_defaults():
    params = list(inspect.signature(Leg.__init__).parameters.values())[1:]
    fields = dataclasses.fields(Leg)
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields):
        if f.default is not dataclasses.MISSING:
            assert p.default == f.default, f.name
        else:
            assert p.default is inspect.Parameter.empty, f.name


def test_every_field_is_set_and_the_class_stays_a_frozen_value():
    a, b = (0.0, 0.0, 0.0), (3.0, 4.0, 0.0)
    leg = Leg("walk", a, b, 5.0, cost=5.0)
    assert (leg.kind, leg.start, leg.end, leg.length, leg.surface, leg.gap, leg.cost) == ("walk", a, b, 5.0, None, None, 5.0)
    assert list(vars(leg)) == [f.name for f in dataclasses.fields(Leg)]
    j = Leg("jump", a, b, 5.0, None, 2.0, 8.0)
    assert (j.surface, j.gap, j.cost) == (None, 2.0, 8.0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        leg.cost = 1.0  # type: ignore[misc]
    assert leg == Leg("walk", a, b, 5.0, None, None, 5.0) and hash(leg) == hash(Leg("walk", a, b, 5.0, cost=5.0))
    assert leg != j
    assert dataclasses.replace(leg, cost=2.0) == Leg("walk", a, b, 5.0, cost=2.0)
    assert pickle.loads(pickle.dumps(leg)) == leg
    assert repr(leg) == ("Leg(kind='walk', start=(0.0, 0.0, 0.0), end=(3.0, 4.0, 0.0), length=5.0, "
                         "surface=None, gap=None, cost=5.0)")
    assert leg.to_dict()["end"] == [3.0, 4.0, 0.0]
