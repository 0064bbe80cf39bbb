"""Small encounters for the batch tests (top-level, so they pickle by name)."""

from __future__ import annotations

from typing import Any

from tactics.scenario import scenario_from_dict

DUEL_DOC = {
    "name": "duel",
    "map": "arena",
    "until": 60,
    "teams": {"red": [{"character": "steven"}], "blue": [{"character": "clone"}]},
}


def duel() -> Any:
    """Steven against his clone on arena."""
    return scenario_from_dict(DUEL_DOC, "<duel>")


def flaky(seed: int, overrides: dict[str, Any]) -> Any:
    """A factory whose fights blow up for seeds divisible by 3 (at build time)."""
    if seed % 3 == 0:
        raise RuntimeError(f"boom for seed {seed}")
    return duel().build(seed=seed, overrides=overrides)
