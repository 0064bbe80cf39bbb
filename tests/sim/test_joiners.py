"""A fighter added during the fight (``enc.at(t, lambda e: e.add(...))``) under every combat
system: the schedule's ``join`` answers its first round (tactics/rules/protocol.py · Schedule),
the newcomer takes turns from a slot after it came, and the fight replays the same.

Fudge-opposed and 2006 schedules answered None until issue 19's fifth round: any mid-fight join
under them stopped the fight with a TypeError in the engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from tactics import Encounter, load_map, load_sheet

ROOT = Path(__file__).resolve().parents[2]
PAIRS = {"mano-a-mano": ("steven", "clone"),
         "mano-a-mano-2006": ("mam2006/modre", "mam2006/clone"),
         "fudge-opposed": ("fudge/swordsman", "fudge/shield_bearer"),
         "d100-opposed": ("d100/duelist", "d100/heavy")}


def _fight(ruleset: str, seed: int, when: float):
    a, b = PAIRS[ruleset]
    sheet = lambda name: load_sheet(ROOT / f"assets/characters/{name}.toml")  # noqa: E731
    enc = Encounter(load_map(ROOT / "maps/arena.toml"), seed=seed, ruleset=ruleset)
    enc.add(sheet(a), team="red", at=(5, 3))
    enc.add(sheet(b), team="blue", at=(15, 3))
    enc.at(when, lambda e: e.add(sheet(b), team="blue", at=(16, 5)))
    enc.run()
    return enc


@pytest.mark.parametrize("ruleset", sorted(PAIRS))
@pytest.mark.parametrize("when", [1.0, 2.5])
def test_a_newcomer_takes_turns_after_it_came(ruleset: str, when: float):
    enc = _fight(ruleset, 3, when)
    joiner = enc.order[-1].id
    turns = [e.t for e in enc.events if type(e).__name__ == "Turn" and e.who == joiner]
    assert turns, f"{joiner} never took a turn"
    assert min(turns) > when
    again = _fight(ruleset, 3, when)
    assert [repr(e) for e in again.events] == [repr(e) for e in enc.events]
