"""Old home of the AI's shared helpers: a lazy re-export, so old imports keep working.

The helpers now live in modules of one idea each. Generic plumbing:
:mod:`tactics.ai.fields` (team fields, safe movers, steering),
:mod:`tactics.ai.routes` (routes, careful jumps, straight runs, the
scenario-shared map cache), :mod:`tactics.ai.approach` (approach points,
walking in, moving toward a target), :mod:`tactics.ai.targets` (team focus).
A ruleset's odds and attack choices live in its own package
(``tactics/ai/<ruleset>/``); the default ruleset's are looked up last here.

    >>> from tactics.ai.common import route          # doctest: +SKIP  (old spelling)
    >>> from tactics.ai.routes import route          # doctest: +SKIP  (new)

New code imports from the modules themselves.
"""

from __future__ import annotations

import importlib
from typing import Any

_HOMES = (
    "tactics.ai.approach",
    "tactics.ai.routes",
    "tactics.ai.fields",
    "tactics.ai.targets",
    "tactics.ai.mano_a_mano.odds",
    "tactics.ai.mano_a_mano.strikes",
    "tactics.ai.mano_a_mano.focus",
    "tactics.ai.mano_a_mano.movers",
)
"""Where the old names live now, searched in this order (the first module that has a name wins)."""


def __getattr__(name: str) -> Any:
    if name.startswith("__"):
        raise AttributeError(name)
    for home in _HOMES:
        module = importlib.import_module(home)
        if hasattr(module, name):
            return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
