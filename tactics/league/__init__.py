"""A league: every policy against every other, rated.

    tactics league --seeds 10 --plot league.png

The pieces, one idea each: :mod:`~tactics.league.encounters` (which
encounters, which policies meet there), :mod:`~tactics.league.play` (the
games, both sides of each pairing on the same seeds, run on the batch's
workers with each policy wrapped to count its tactics),
:mod:`~tactics.league.elo` (Bradley-Terry Elo with bootstrap intervals),
:mod:`~tactics.league.table` (ratings, cross table, coverage),
:mod:`~tactics.league.mirror` (one policy's mirror matches against others,
with 95 % intervals: the planner's measurement),
:mod:`~tactics.league.plot` (the figure, matplotlib on use) and
:mod:`~tactics.league.cli` (``tactics league``). See ``docs/cli.md``.
"""

from __future__ import annotations

from tactics.league.elo import Rating, ratings
from tactics.league.play import Game, Outcome, play, schedule
from tactics.league.table import League

__all__ = ["Game", "Outcome", "Rating", "League", "play", "schedule", "ratings"]
