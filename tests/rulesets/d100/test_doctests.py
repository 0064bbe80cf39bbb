"""The modules' docstring examples run, and the package imports only what it may."""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[3] / "tactics" / "rulesets" / "d100_opposed"
MODULES = sorted(p.stem for p in PACKAGE.glob("*.py"))
ALLOWED = ("tactics.rules", "tactics.dice", "tactics.errors", "tactics.rulesets.d100_opposed", "msgspec")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    mod = importlib.import_module("tactics.rulesets.d100_opposed" + ("" if name == "__init__" else f".{name}"))
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


@pytest.mark.parametrize("name", MODULES)
def test_imports_only_stdlib_msgspec_and_rules(name: str) -> None:
    import sys

    tree = ast.parse((PACKAGE / f"{name}.py").read_text())
    for node in ast.walk(tree):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
            [node.module or ""] if isinstance(node, ast.ImportFrom) else []
        for n in names:
            top = n.split(".")[0]
            assert top in sys.stdlib_module_names or n.startswith(ALLOWED), f"{name}.py imports {n}"


def test_modules_stay_small() -> None:
    for p in PACKAGE.glob("*.py"):
        assert len(p.read_text().splitlines()) < 400, p.name
