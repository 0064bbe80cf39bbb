"""``MoveTo``, ``Act`` and ``Plan`` (tactics/rules/plan.py) are built by hand-written ``__init__``s
that set their slots directly (faster than the frozen dataclass's own); these tests keep them the
dataclass's: the same parameters in the same order with the same defaults, every field set, a new
list of steps for each plan, and the frozen class's behaviour unchanged."""

from __future__ import annotations

import dataclasses
import inspect
import pickle

import pytest

from tactics.rules.plan import Act, MoveTo, Plan


@pytest.mark.parametrize("cls", [MoveTo, Act, Plan])
def test_the_init_takes_the_dataclass_s_fields_with_their_defaults(cls):
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    fields = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields):
        if f.default is not dataclasses.MISSING:
            assert p.default == f.default, f.name
        elif f.default_factory is not dataclasses.MISSING:
            assert p.default is not inspect.Parameter.empty, f.name
        else:
            assert p.default is inspect.Parameter.empty, f.name


def test_every_field_is_set_and_the_classes_stay_frozen_values():
    m = MoveTo(1.0, 2.0, max_m=3.0)
    assert (m.x, m.y, m.z, m.max_m) == (1.0, 2.0, None, 3.0)
    a = Act("strike", target="blue-1", weapon="sword", avoid_armor=("helm",), options={"k": 1})
    assert (a.action, a.target, a.weapon, a.avoid_armor, a.options) == ("strike", "blue-1", "sword", ("helm",), {"k": 1})
    p, q = Plan(), Plan()
    assert p.steps == [] and p.steps is not q.steps and p.reason == "" and p.alternatives == ()
    assert Plan([m, a], "go").steps == [m, a]
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.x = 5.0  # type: ignore[misc]
    assert m == MoveTo(1.0, 2.0, None, 3.0) and hash(m) == hash(MoveTo(1.0, 2.0, None, 3.0))
    assert dataclasses.replace(m, max_m=1.0) == MoveTo(1.0, 2.0, None, 1.0)
    assert pickle.loads(pickle.dumps(Plan([m], "r", (("x", 0.5),)))) == Plan([m], "r", (("x", 0.5),))
    assert repr(MoveTo(1, 2)) == "MoveTo(x=1, y=2, z=None, max_m=None)"
