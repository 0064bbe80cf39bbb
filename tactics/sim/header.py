"""The replay header an encounter writes: self-contained and ruleset-neutral (schema 2).

The map, every sheet (as its ruleset writes it), each unit's presentation
(tracks, standings, bar, statuses; ``docs/replay.md``), the engine's options
and the ruleset's name, version and options. Presentations are converted to
the replay's own types once per sheet.
"""

from __future__ import annotations

from typing import Any

import msgspec

from tactics.errors import InputError
from tactics.replay.schema import FORMAT, SCHEMA_VERSION, Header, Presentation, UnitInfo
from tactics.rules.registry import get_ruleset
from tactics.version import __version__


def make_header(enc: Any) -> Header:
    """The replay header of an encounter: the whole map, every sheet and presentation, the options."""
    rules = enc.rules
    shown: dict[int, Presentation] = {}

    def presentation(sheet: Any) -> Presentation:
        got = shown.get(id(sheet))
        if got is None:
            got = shown[id(sheet)] = msgspec.convert(msgspec.to_builtins(rules.presentation(sheet)), Presentation)
        return got

    roster = [
        UnitInfo(
            id=c.id,
            name=c.sheet.name,
            team=c.team,
            sheet=rules.sheet_to_dict(c.sheet),
            start=enc._starts.get(c.id, (c.x, c.y, c.z)),
            presentation=presentation(c.sheet),
            policy=c.policy_name,
            airspeed=c.base_airspeed,
            flying=enc._start_flying.get(c.id, c.flying),
            joins_at=c.joined_at,
        )
        for c in enc.order
    ]
    return Header(
        format=FORMAT,
        schema=SCHEMA_VERSION,
        tactics_version=__version__,
        seed=enc.seed if not _scripted(enc.dice) else None,
        ruleset=rules.name,
        options=msgspec.to_builtins(enc.options),
        map=enc.map.to_dict(),
        roster=roster,
        keyframe_every=enc.options.keyframe_every,
        ruleset_version=str(rules.version),
        ruleset_options=msgspec.to_builtins(enc.rule_options),
    )


def _scripted(dice: Any) -> bool:
    return getattr(dice, "seed", 0) is None


def sheet_kind(sheet: Any) -> str:
    from tactics.rules.registry import available

    for name in available():
        try:
            rs = get_ruleset(name)
        except InputError:  # pragma: no cover - listed, so importable
            continue
        if getattr(rs, "is_sheet", lambda s: False)(sheet):
            return f"a {name} sheet ({getattr(sheet, 'name', '?')})"
    return type(sheet).__name__
