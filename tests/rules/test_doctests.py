"""Every example in the rules' docstrings runs."""

from __future__ import annotations

import doctest
import importlib
import os
from pathlib import Path

import pytest

import tactics.rules

MODULES = sorted(p.stem for p in Path(tactics.rules.__file__).parent.glob("*.py"))
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name, monkeypatch):
    monkeypatch.chdir(ROOT)  # examples load assets/characters/*.toml
    mod = importlib.import_module(f"tactics.rules.{name}" if name != "__init__" else "tactics.rules")
    failures, _ = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert failures == 0
