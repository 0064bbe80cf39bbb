"""Who may import whom (DESIGN.md § Layers), checked on the source."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[1] / "tactics"

# package -> tactics packages it may import (besides itself)
ALLOWED = {
    "version": set(),
    "dice": set(),
    "errors": set(),
    "filememo": {"errors"},
    "rules": {"dice", "errors"},
    "rulesets": {"rules", "dice", "errors", "filememo"},
    "sheets": {"rules", "errors", "filememo"},
    "map": {"rules", "errors", "filememo"},
    "replay": {"map", "errors"},
    "sim": {"rules", "map", "dice", "replay", "errors"},
    "ai": {"rules", "rulesets", "map", "sim", "errors"},
    "viewer": {"replay", "map", "errors"},
}


def tactics_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and node.module.startswith("tactics"):
            parts = node.module.split(".")
            out.add(parts[1] if len(parts) > 1 else "")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("tactics."):
                    out.add(alias.name.split(".")[1])
    return out


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_only_what_it_may(layer):
    base = PKG / layer
    files = sorted(base.rglob("*.py")) if base.is_dir() else [PKG / f"{layer}.py"]
    assert files
    for f in files:
        bad = tactics_imports(f) - ALLOWED[layer] - {layer, "version"}
        assert not bad, f"{f.relative_to(PKG.parent)} imports tactics.{', tactics.'.join(sorted(bad))}"
