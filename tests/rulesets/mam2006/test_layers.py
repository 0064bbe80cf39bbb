"""The ruleset imports only what DESIGN.md lets a ruleset import; 000's rules only through ``tactics.rules``."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[3] / "tactics" / "rulesets" / "mano_a_mano_2006"
ALLOWED_TACTICS = {"tactics.rules", "tactics.rules.records", "tactics.rules.effects", "tactics.rules.protocol",
                   "tactics.rules.registry", "tactics.dice", "tactics.errors"}
ALLOWED_THIRD_PARTY = {"msgspec"}


def imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


@pytest.mark.parametrize("path", sorted(PKG.glob("*.py")), ids=lambda p: p.name)
def test_imports(path: Path) -> None:
    for name in imports(path):
        top = name.split(".")[0]
        if top == "tactics":
            assert name in ALLOWED_TACTICS, f"{path.name} imports {name}"
        else:
            assert top in sys.stdlib_module_names or top in ALLOWED_THIRD_PARTY or top == "__future__", (
                f"{path.name} imports {name}")
