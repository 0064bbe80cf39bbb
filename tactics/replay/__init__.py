"""Replays: the event schema, the writer, the reader and the fold.

See ``docs/replay.md`` for the format. Only the map is imported from here
(to rebuild the battlefield); never the engine.
"""

from __future__ import annotations

from tactics.replay.fold import Timeline, UnitState, WorldState
from tactics.replay.reader import Replay, load_replay, parse_replay
from tactics.replay.schema import FORMAT, SCHEMA_VERSION, Header, UnitInfo
from tactics.replay.writer import ReplayWriter, encode_replay, write_replay

__all__ = [
    "FORMAT",
    "SCHEMA_VERSION",
    "Header",
    "Replay",
    "ReplayWriter",
    "Timeline",
    "UnitInfo",
    "UnitState",
    "WorldState",
    "encode_replay",
    "load_replay",
    "parse_replay",
    "write_replay",
]
