"""fudge-opposed imports only what a ruleset may (DESIGN · Layers): stdlib, msgspec, tactics.rules,
tactics.dice, tactics.errors and itself."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PKG = Path(__file__).resolve().parents[3] / "tactics" / "rulesets" / "fudge_opposed"
ALLOWED_TACTICS = ("tactics.rules", "tactics.dice", "tactics.errors", "tactics.rulesets.fudge_opposed")


def imported(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_only_allowed_imports():
    files = sorted(PKG.glob("*.py"))
    assert len(files) >= 10
    for f in files:
        for mod in imported(f):
            top = mod.split(".")[0]
            if top == "tactics":
                assert mod.startswith(ALLOWED_TACTICS), f"{f.name} imports {mod}"
            else:
                assert top in sys.stdlib_module_names or top == "msgspec", f"{f.name} imports {mod}"


def test_modules_stay_small():
    for f in PKG.glob("*.py"):
        assert len(f.read_text(encoding="utf-8").splitlines()) < 400, f.name
