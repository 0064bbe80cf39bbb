"""Shared fixtures: the reference sheets of assets/characters."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics.rules import Character, load_character

CHARACTERS = Path(__file__).resolve().parents[2] / "assets" / "characters"


def sheet(name: str) -> Character:
    return load_character(CHARACTERS / f"{name}.toml")


@pytest.fixture
def steven() -> Character:
    return sheet("steven")


@pytest.fixture
def clone() -> Character:
    return sheet("clone")
