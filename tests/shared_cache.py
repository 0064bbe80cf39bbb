"""A scenario-shared cache must change no fight: what the tests of each ruleset's kept answers assert."""

from __future__ import annotations

from collections.abc import Callable, Iterable


def assert_shared_cache_changes_nothing(duel: Callable[[int, dict], bytes], keys: Iterable[str],
                                        seeds: Iterable[int] = range(4)) -> None:
    """Every ``duel(seed, shared)`` replays byte for byte as on a fresh cache, while the later duels
    read what the earlier ones kept; and the cache ends up holding each of ``keys``."""
    shared: dict = {}
    for seed in seeds:
        assert duel(seed, shared) == duel(seed, {})
    for key in keys:
        assert shared.get(key), f"nothing kept under {key!r}"
