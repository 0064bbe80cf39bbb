"""Let these tests import the ruleset while the package's front door is being rebuilt.

``tactics/__init__.py`` imports the engine and the replay reader, which are
broken on this branch while the lead rewrites them. The ruleset needs none of
that: when the front door fails, a bare package stands in for it so
``tactics.rules``, ``tactics.dice`` and ``tactics.rulesets`` load on their own.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path

try:
    import tactics  # noqa: F401
except Exception:  # pragma: no cover - only while the engine is being rewritten
    for name in [n for n in sys.modules if n == "tactics" or n.startswith("tactics.")]:
        del sys.modules[name]
    pkg = types.ModuleType("tactics")
    pkg.__path__ = [str(Path(__file__).resolve().parents[3] / "tactics")]
    sys.modules["tactics"] = pkg
