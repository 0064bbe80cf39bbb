"""The examples in the docstrings of the reliability modules run (atomic writes, checks, limits)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "tactics.files",
    "tactics.replay.atomic",
    "tactics.replay.checks",
    "tactics.replay.reader",
    "tactics.viewer.export",
    "tactics.batch.runner",
    "tactics.scenario",
    "tactics.errors",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    mod = importlib.import_module(name)
    failures, tried = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert tried > 0, f"{name} has no examples"
    assert failures == 0
