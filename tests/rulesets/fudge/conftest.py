"""Fudge-opposed tests: make ``tactics.*`` importable while the package root is mid-rewrite.

``tactics/__init__.py`` imports the whole engine; on this branch the engine is
being rewritten and may not import. The ruleset needs only ``tactics.rules``,
``tactics.dice`` and ``tactics.errors``, so when the package root fails to
import, a bare package object stands in for it (its submodules load as usual).
"""

from __future__ import annotations

import sys
import types
from pathlib import Path

try:
    import tactics  # noqa: F401  (the package root, engine and all)
except ImportError:
    pkg = types.ModuleType("tactics")
    pkg.__path__ = [str(Path(__file__).resolve().parents[3] / "tactics")]
    sys.modules["tactics"] = pkg
