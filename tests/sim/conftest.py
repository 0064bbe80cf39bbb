"""Shared pieces for engine tests: small hand-made maps and sheets."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics.rules import character_from_dict, load_character

ROOT = Path(__file__).resolve().parents[2]


def sheet(name: str = "steven", **changes):
    """A reference sheet with some stats changed (e.g. ``running=8``)."""
    d = load_character(ROOT / "assets/characters" / f"{name}.toml").to_dict()
    d.update(changes)
    return character_from_dict(d, f"{name}+{changes}")


@pytest.fixture
def steven():
    return sheet()
