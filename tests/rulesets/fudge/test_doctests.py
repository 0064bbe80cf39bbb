"""The examples in the fudge-opposed docstrings run and say what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["odds", "contest", "sheet", "ranges", "conditions", "group", "turns", "movement", "state",
           "catalogue", "stealth", "attacks", "manoeuvres", "estimates", ""]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    mod = importlib.import_module("tactics.rulesets.fudge_opposed" + ("." + name if name else ""))
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
