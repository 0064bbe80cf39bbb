"""Let the d100 tests import the ruleset while ``tactics/__init__.py`` cannot load.

On this branch the lead is rewriting the engine and ``import tactics`` fails
in ``tactics.replay``. The ruleset needs none of that (it imports only
``tactics.rules``, ``tactics.dice`` and ``tactics.errors``), so when the real
package does not import, a bare package object stands in for ``tactics`` and
its submodules load from the source tree as usual. Once ``import tactics``
works again this does nothing.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path

try:
    import tactics  # noqa: F401
except ImportError:
    for name in [m for m in sys.modules if m == "tactics" or m.startswith("tactics.")]:
        del sys.modules[name]
    shim = types.ModuleType("tactics")
    shim.__path__ = [str(Path(__file__).resolve().parents[3] / "tactics")]
    sys.modules["tactics"] = shim
