"""tactics: a discrete-event simulator of tabletop combat rules (four systems, one engine).

The scripting surface::

    from tactics import Encounter, load_map, load_character
    enc = Encounter(load_map("maps/arena.toml"), seed=7)
    enc.add(load_character("assets/characters/steven.toml"), team="red", policy="advance")
    enc.add(load_character("assets/characters/clone.toml"), team="blue", policy="advance")
    result = enc.run(until=300)
    result.save("replays/duel.jsonl")
"""

from __future__ import annotations

from tactics.version import __version__  # noqa: E402

from tactics.map import load_map  # noqa: E402
from tactics.replay import load_replay  # noqa: E402
from tactics.rules import load_character  # noqa: E402
from tactics.sheets import load_sheet  # noqa: E402
from tactics.sim import Act, Encounter, MoveTo, Options, Plan, Policy, Result  # noqa: E402

__all__ = ["Encounter", "Options", "Plan", "MoveTo", "Act", "Policy", "Result", "load_map",
           "load_character", "load_sheet", "load_replay", "__version__"]
