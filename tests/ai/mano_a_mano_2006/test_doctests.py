"""The 2006 policies' modules teach by example; those examples are tests."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import tactics.ai.mano_a_mano_2006 as pkg

MODULES = [pkg.__name__] + [f"{pkg.__name__}.{m.name}" for m in pkgutil.iter_modules(pkg.__path__)]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failed == 0
