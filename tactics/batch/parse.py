"""Reading a batch's ``--vary`` and ``--set`` specs: ``key=v1,v2`` into typed values.

    >>> parse_vary(["options.charging=true,false", "teams.red.policy=brawler,archer"])
    {'options.charging': [True, False], 'teams.red.policy': ['brawler', 'archer']}
    >>> parse_value("3"), parse_value("2.5"), parse_value("night")
    (3, 2.5, 'night')
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any


MAX_CONDITIONS = 10_000
"""Most combinations of ``vary`` values."""


def parse_value(text: str) -> Any:
    """A command-line value as TOML reads it: ``true`` → True, ``3`` → 3, ``0.5`` → 0.5, else the text."""
    s = text.strip()
    try:
        return tomllib.loads(f"v = {s}")["v"]
    except tomllib.TOMLDecodeError:
        return s


def parse_vary(specs: Iterable[str] | Mapping[str, Sequence[Any]] | None) -> dict[str, list[Any]]:
    """``["options.charging=true,false", "teams.red.policy=advance,brawler"]`` → ``{key: [values]}``."""
    if specs is None:
        return {}
    if isinstance(specs, Mapping):
        out = {str(k): list(v) for k, v in specs.items()}
    else:
        out = {}
        for spec in specs:
            key, eq, values = str(spec).partition("=")
            key = key.strip()
            if not eq or not key or not values.strip():
                raise ValueError(f"--vary takes key=v1,v2,... (e.g. options.charging=true,false); got {spec!r}")
            if key in out:
                raise ValueError(f"--vary names {key!r} twice")
            out[key] = [parse_value(v) for v in values.split(",")]
    for k, v in out.items():
        if not v:
            raise ValueError(f"--vary {k!r} has no values")
    return out


def parse_overrides(specs: Iterable[str] | Mapping[str, Any] | None) -> dict[str, Any]:
    """``["options.charging=false"]`` → ``{"options.charging": False}``."""
    if specs is None:
        return {}
    if isinstance(specs, Mapping):
        return dict(specs)
    out = {}
    for spec in specs:
        key, eq, value = str(spec).partition("=")
        if not eq or not key.strip():
            raise ValueError(f"--set takes key=value; got {spec!r}")
        out[key.strip()] = parse_value(value)
    return out


# ----------------------------------------------------------------- executors
