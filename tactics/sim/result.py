"""The outcome of a run: who won and why, a per-character summary, the replay.

    >>> result = enc.run(until=300)                     # doctest: +SKIP
    >>> result.winner, result.reason, result.duration   # doctest: +SKIP
    ('red', 'blue cannot act any more', 14.5)
    >>> result.save("replays/duel.jsonl")               # doctest: +SKIP
"""

from __future__ import annotations

import os
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tactics.replay.reader import Replay
from tactics.replay.schema import Header
from tactics.replay.writer import encode_replay, write_replay

if TYPE_CHECKING:
    from tactics.sim.encounter import Encounter


class Result:
    def __init__(self, encounter: Encounter) -> None:
        end = encounter._ended
        assert end is not None
        self.winner: str | None = end.winner
        self.reason: str = end.reason
        self.duration: float = end.t
        self.seed = encounter.seed
        self._encounter = encounter
        self.events = list(encounter.events)

    @cached_property
    def combatants(self) -> dict[str, dict[str, Any]]:
        """One summary row per combatant by id, made when first asked for (a loop that reads only the
        winner never pays for it: ~29 k instructions a duel). The fight is over, so the rows read the
        state it ended in."""
        return {c.id: c.summary() for c in self._encounter.order}

    @cached_property
    def header(self) -> Header:
        """The replay header (map, sheets, options), made when first asked for: a batch that
        keeps only the outcome never pays for it."""
        return self._encounter.header()

    @property
    def draw(self) -> bool:
        return self.winner is None

    def summary(self) -> list[dict[str, Any]]:
        """One row per combatant: standing, each track, hits, misses, turns, when it went down, ..."""
        return list(self.combatants.values())

    def replay(self) -> Replay:
        return Replay(self.header, self.events, "<result>")

    def to_bytes(self) -> bytes:
        return encode_replay(self.header, self.events)

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the replay atomically (gzip when the name ends in ``.gz``)."""
        return write_replay(path, self.header, self.events)

    def __repr__(self) -> str:
        who = self.winner or "draw"
        return f"<Result {who} after {self.duration:g} s: {self.reason}>"
