"""The engine's encounter options, and how one options table is split between engine and ruleset.

    >>> eng, rules = split_options({"stall_rounds": 10, "charging": False}, ruleset)   # doctest: +SKIP
    >>> eng.stall_rounds, rules.charging                                               # doctest: +SKIP
    (10, False)
"""

from __future__ import annotations

from typing import Any

import msgspec


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The engine's encounter options (recorded in the replay header); a ruleset has its own."""

    round_seconds: float | None = None
    """Seconds per round (default: the ruleset's own round)."""
    stall_rounds: int = 30
    """End as a draw after this many rounds in which nobody attacked or moved closer."""
    keyframe_every: float = 10.0


ENGINE_OPTIONS = frozenset(Options.__struct_fields__)


def split_options(options: Any, ruleset: Any) -> tuple[Options, Any]:
    """Engine options and the ruleset's options from one dict (or an :class:`Options`)."""
    if options is None:  # the defaults, as converting {} gives them (without the conversion, once per fight)
        return Options(), ruleset.options_type()
    if isinstance(options, Options):
        return options, ruleset.options_type()
    mine = {k: v for k, v in options.items() if k in ENGINE_OPTIONS}
    theirs = {k: v for k, v in options.items() if k not in ENGINE_OPTIONS}
    try:
        eng = msgspec.convert(mine, Options)
        rules = msgspec.convert(theirs, ruleset.options_type)
    except msgspec.ValidationError as exc:
        raise ValueError(f"bad encounter option for {ruleset.name}: {exc}") from None
    return eng, rules
