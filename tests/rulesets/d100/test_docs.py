"""docs/rules-d100.md names only tests and code that exist."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DOC = (ROOT / "docs" / "rules-d100.md").read_text()
HERE = Path(__file__).resolve().parent


def test_every_named_test_exists() -> None:
    named = set(re.findall(r"`(test_\w+)::(test_\w+|\*)`", DOC))
    assert len(named) > 30
    for module, test in named:
        text = (HERE / f"{module}.py").read_text()
        assert test == "*" or f"def {test}(" in text, f"{module}::{test}"


def test_every_named_code_exists() -> None:
    named = set(re.findall(r"`(\w+)\.(\w+)(?:\.(\w+))?`", DOC))
    modules = {p.stem for p in (ROOT / "tactics/rulesets/d100_opposed").glob("*.py")}
    checked = 0
    for mod, attr, sub in named:
        if attr == "py":
            continue
        if mod in modules:
            m = importlib.import_module(f"tactics.rulesets.d100_opposed.{mod}")
            obj = getattr(m, attr) if hasattr(m, attr) else getattr(m.RULESET, attr)
        elif mod in ("Sheet", "ArmorRating", "PhaseSchedule", "DV", "TestResult"):
            owner = {"Sheet": "sheet", "ArmorRating": "sheet", "PhaseSchedule": "schedule", "DV": "damage",
                     "TestResult": "checks"}[mod]
            obj = getattr(getattr(importlib.import_module(f"tactics.rulesets.d100_opposed.{owner}"), mod), attr)
        else:
            continue
        if sub:
            obj = getattr(obj, sub)
        checked += 1
    assert checked > 30
