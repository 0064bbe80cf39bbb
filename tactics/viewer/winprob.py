"""The win-probability curve along the timeline, when the replay has been analysed.

``tactics analyze REPLAY`` writes ``REPLAY.analysis.json`` beside the replay
(docs/whatif.md): at the start of every round, the share of continuations
each team won from there. When that file is present (and belongs to this
replay: its last point is the replay's end), the viewer draws each team's
curve over the timeline bar in the team's colour, 0 at the bar's bottom and 1
at its top, so the moments the fight turned stand out; the export draws it
too. The viewer reads the file only (never ``tactics.whatif``).

    >>> load_curve("replays/fight-4v4.jsonl", duration=12.0)        # doctest: +SKIP
    {'red': [(0.0, 0.21), (1.0, 0.2), ...], 'blue': [...]}
"""

from __future__ import annotations

import json
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from tactics.viewer.core import Viewer

Curve = dict[str, list[tuple[float, float]]]

_CACHE: weakref.WeakKeyDictionary[Any, tuple[Curve | None, tuple, pygame.Surface | None]] = weakref.WeakKeyDictionary()
"""Per viewer: the curve read once, and its drawing for the current bar size."""


def analysis_file(source: str) -> Path | None:
    """``REPLAY.analysis.json`` beside a replay read from a file (None for one made in memory)."""
    if not source or source.startswith("<"):
        return None
    p = Path(source)
    return p.with_name(p.name + ".analysis.json")


def load_curve(source: str, duration: float) -> Curve | None:
    """Each team's points ``(t, p)`` from the replay's analysis, or None (no file, unreadable,
    another fight's)."""
    path = analysis_file(source)
    if path is None or not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        points = data["points"]
        if data.get("format") != "tactics-analysis" or not points:
            return None
        if points[-1].get("final") and abs(float(points[-1]["t"]) - duration) > 1e-6:
            return None  # written for another recording of this file name
        curve: Curve = {team: [] for team in data.get("teams", [])}
        for p in points:
            for team, value in p["p"].items():
                curve.setdefault(team, []).append((float(p["t"]), float(value)))
        return curve
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def draw_winprob(v: Viewer, surf: pygame.Surface) -> None:
    """Draw the curve over the viewer's timeline bar (nothing when the replay has no analysis)."""
    got = _CACHE.get(v)
    if got is None:
        got = _CACHE[v] = (load_curve(v.replay.source, v.duration), (), None)
    curve, key, img = got
    if not curve:
        return
    bar = v.timeline_bar
    if key != (bar.width, bar.height) or img is None:
        img = _curve_surface(v, curve, bar)
        _CACHE[v] = (curve, (bar.width, bar.height), img)
    surf.blit(img, bar.topleft)


def _curve_surface(v: Viewer, curve: Curve, bar: pygame.Rect) -> pygame.Surface:
    img = pygame.Surface((bar.width, bar.height), pygame.SRCALPHA)
    top, span = 1, max(1, bar.height - 3)
    mid = top + span // 2
    pygame.draw.line(img, (255, 255, 255, 40), (0, mid), (bar.width - 1, mid))
    for team, pts in curve.items():
        if len(pts) < 2:
            continue
        colour = v.team_colour.get(team, (230, 230, 230))
        xy = [(v.timeline_x(t) - bar.x, top + round((1.0 - p) * span)) for t, p in pts]
        pygame.draw.lines(img, (*colour, 235), False, xy, 2)
    return img


__all__ = ["load_curve", "draw_winprob", "analysis_file"]
