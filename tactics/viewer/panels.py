"""The panels around the map: timeline, event log, unit sheet, help.

Each is a function of the viewer's state drawing into a rectangle of the
frame; the costly parts (the timeline's event markers, every text line) are
cached, so a frame only blits.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, Any

import numpy as np
import pygame

from tactics.replay.explain import describe, details, kind_of
from tactics.replay.schema import Attack, End, Fall, Harm, Move, Say, State, Turn
from tactics.viewer import palette
from tactics.viewer.units import shown_statuses

if TYPE_CHECKING:
    from tactics.viewer.core import Viewer

HELP = [
    ("Space", "play / pause"),
    ("Left / Right", "one frame back / forward"),
    ("Shift + Left / Right", "previous / next event"),
    ("Up / Down", "faster / slower (¼× to 32×)"),
    ("Home / End", "start / end"),
    ("[ / ]", "previous / next turn"),
    ("{ / } or PgUp / PgDn", "previous / next round"),
    ("J, then 12.5 or r7, Enter", "jump to a time or round"),
    ("click / drag timeline", "scrub"),
    ("click a unit", "follow it, show its sheet"),
    ("Tab / Shift+Tab", "next / previous unit"),
    ("Esc or right click", "stop following"),
    ("wheel, + / -", "zoom (wheel over the log: scroll it)"),
    ("K / U", "log: kind filter / followed unit only"),
    ("click a log line", "jump to it"),
    ("drag the map", "pan"),
    ("F", "fit the map"),
    ("G", "grid"),
    ("E", "terrain legend"),
    ("hover the map", "what is there (cell or unit)"),
    ("L", "light overlay"),
    ("H", "this help"),
    ("Q", "quit"),
]

_MARK_PRIORITY = {"say": 1, "miss": 2, "hit": 3, "fall": 4, "down": 5, "end": 6}
_MARK_HEIGHT = {"say": 0.25, "miss": 0.35, "hit": 0.6, "fall": 0.8, "down": 1.0, "end": 1.0}
DOWN: tuple[int, int, int] = (255, 40, 40)
MARK_COLOUR = {**palette.EVENT_MARK, "down": DOWN}
"""Timeline marker colours; ``down``: a unit left in a standing that cannot act, or out of the fight."""


def marker_kind(ev: Any, able: dict[str, frozenset[str]] | None = None) -> str | None:
    """Which timeline marker an event gets, if any (``able``: each unit's acting standings)."""
    if isinstance(ev, Attack):
        return "hit" if ev.hit else "miss"
    if isinstance(ev, Fall):
        return "fall"
    if isinstance(ev, Harm) and able is not None and ev.standing not in able.get(ev.who, (ev.standing,)):
        return "down"
    if isinstance(ev, State) and ev.changes.get("active") is False:
        return "down"
    if isinstance(ev, End):
        return "end"
    if isinstance(ev, Say):
        return "say"
    return None


def timeline_strip(events: list, duration: float, width: int, height: int,
                   able: dict[str, frozenset[str]] | None = None) -> pygame.Surface:
    """The timeline background with one marker column per pixel (the most telling event wins)."""
    s = pygame.Surface((width, height))
    s.fill((34, 36, 44))
    if duration <= 0 or width <= 0:
        return s
    best = np.zeros(width, dtype=np.int8)
    for ev in events:
        k = marker_kind(ev, able)
        if k is None:
            continue
        x = min(width - 1, int(ev.t / duration * (width - 1)))
        p = _MARK_PRIORITY[k]
        if p > best[x]:
            best[x] = p
    names = {v: k for k, v in _MARK_PRIORITY.items()}
    for x in np.nonzero(best)[0].tolist():
        k = names[int(best[x])]
        h = max(2, int(_MARK_HEIGHT[k] * (height - 2)))
        s.fill(MARK_COLOUR[k], (x, height - h, 1, h))
    return s


ROUND_TICK: tuple[int, int, int] = (120, 124, 140)


def _round_ticks(v: Viewer, strip: pygame.Surface) -> None:
    """A short grey tick at the top of the strip where each round starts (when they are not too dense)."""
    starts = sorted(v._round_first.values()) if v._round_first else []
    if not starts and v.round_seconds:
        n = int(v.duration / v.round_seconds)
        starts = [k * v.round_seconds for k in range(1, n + 1)]
    w = strip.get_width()
    if not starts or v.duration <= 0 or len(starts) > w // 4:
        return
    for t in starts:
        if t <= 0:
            continue
        x = int(round(t / v.duration * (w - 1)))
        strip.fill(ROUND_TICK, (x, 1, 1, 4))  # under the bar's 1-pixel frame


def draw_timeline(v: Viewer, surf: pygame.Surface) -> None:
    rect = v.timeline_rect
    surf.fill(palette.PANEL, rect)
    bar = v.timeline_bar
    key = (bar.width, bar.height)
    if v._strip_key != key:
        v._strip = timeline_strip(v.timeline.events, v.duration, bar.width, bar.height, v.timeline.able)
        v._strip_key = key
        _round_ticks(v, v._strip)
    surf.blit(v._strip, bar.topleft)
    pygame.draw.rect(surf, palette.PANEL_EDGE, bar, 1)
    x = v.timeline_x(v.t)
    pygame.draw.line(surf, palette.HIGHLIGHT, (x, bar.top - 3), (x, bar.bottom + 2), 2)
    state = "playing" if v.playing else "paused"
    speed = f"{v.speed:g}×" if v.speed >= 1 else "¼×" if v.speed == 0.25 else "½×"
    left = f"{v.clock_text()} / {v.duration:.1f} s   {speed}   {state}   step {v.step:g} s"
    if v.exporting:
        left = f"{v.clock_text()} / {v.duration:.1f} s"
    if v.typing is not None:
        left = f"jump to (seconds, or r + round): {v.typing}_   Enter / Esc"
    ts = v.text.render(left, 16, palette.TEXT)
    surf.blit(ts, (rect.x + 8, rect.y + 4))
    legend_x = rect.right - 8
    for k in ("end", "down", "fall", "hit", "miss"):
        lab = v.text.render(k, 14, MARK_COLOUR[k])
        legend_x -= lab.get_width() + 10
        surf.blit(lab, (legend_x, rect.y + 5))


def _last_alternatives(v: Viewer, uid: str, back: int = 400) -> list[tuple[str, float]]:
    """The other choices (with their values) the AI weighed at ``uid``'s latest decision up to now."""
    from bisect import bisect_right

    from tactics.replay.schema import Say

    times, says = v._fx[Say]
    i = bisect_right(times, v.t)
    for ev in reversed(says[max(0, i - back):i]):
        if ev.who == uid:
            return list(ev.alternatives)
    return []


def _unit_lines(v: Viewer, uid: str) -> list[tuple[str, tuple[int, int, int], int]]:
    u = v.state.units.get(uid)
    info = v.roster.get(uid)
    if u is None or info is None:
        return []
    out: list[tuple[str, tuple[int, int, int], int]] = []
    col = v.team_colour.get(u.team, palette.TEXT)
    out.append((f"{u.name}  ({uid})", col, 20))
    out.append((f"team {u.team}" + (f", policy {info.policy}" if info.policy else ""), palette.TEXT_DIM, 15))
    p = v.timeline.presentation.get(uid)
    if p is not None:
        maxima = {tr.name: tr.max for tr in p.tracks}
        tracks = ", ".join(f"{k} {val}/{maxima[k]}" if maxima.get(k) else f"{k} {val}" for k, val in u.tracks.items())
        marks = ", ".join(f"{label} {val}" for label, val in p.bar.marks)
        hurt = f"{u.standing}: {tracks}" + (f" ({marks})" if marks else "")
        out.append((hurt, _standing_colour(v, u), 15))
    pos = f"at ({u.x:.1f}, {u.y:.1f}) m, z {u.z:.1f} m"
    ground = v.grid.ground_at(u.x, u.y)
    if u.z - ground > 0.05:
        pos += f" ({u.z - ground:.1f} m up)"
    out.append((pos, palette.TEXT, 15))
    bits = []
    shown = shown_statuses(u, p.statuses) if p is not None else ()
    keys = {st.key for st in shown}
    for st in shown:
        label = st.label or st.key.replace("_", " ")
        value = u.status.get(st.key) if st.key in u.status else getattr(u, st.key, None)
        if st.key == "partner":
            label += f" {v.names.get(value, value)}" + (f" ({u.role})" if u.role else "")
        elif st.value is None and not isinstance(value, bool) and value is not None:
            label += f" {value}"
        bits.append(label)
    if u.moving:
        bits.append(u.moving)
    if u.flying and "flying" not in keys:
        bits.append(f"flying, airspeed {u.airspeed:g}")
    if u.climbing and "climbing" not in keys:
        bits.append(f"climbing {u.climbing}")
    if u.partner and "partner" not in keys:
        role = f" ({u.role})" if u.role else ""
        bits.append(f"with {v.names.get(u.partner, u.partner)}{role}")
    if u.prone and "prone" not in keys:
        bits.append("prone")
    for key, value in u.status.items():
        if key not in keys and key != "facing" and value not in (None, False, 0, ""):
            bits.append(key.replace("_", " ") if value is True else f"{key.replace('_', ' ')} {value}")
    if not u.active:
        bits.append("out of the fight")
    if bits:
        out.append((", ".join(bits), palette.TEXT, 15))
    out.append((f"attacks made: {u.hits} hit, {u.misses} missed", palette.TEXT_DIM, 15))
    if u.last_say:
        out.append((f"“{u.last_say}”", (170, 200, 255), 15))
        weighed = _last_alternatives(v, uid)
        if weighed:
            out.append(("weighed: " + ", ".join(f"{what} {value:+.2f}" for what, value in weighed[:4]),
                        palette.TEXT_DIM, 15))
    sheet = info.sheet or {}
    simple = [f"{k} {val}" for k, val in sheet.items() if isinstance(val, (int, float)) and not isinstance(val, bool)]
    if simple:
        out.append(("sheet: " + ", ".join(simple), palette.TEXT_DIM, 15))
    for key in ("weapons", "armor", "abilities"):
        val = sheet.get(key)
        if not val:
            continue
        if isinstance(val, dict):
            names = [f"{k} {x}" if isinstance(x, (int, float)) else str(k) for k, x in val.items()]
        elif isinstance(val, list):
            names = [str(x.get("name", x)) if isinstance(x, dict) else str(x) for x in val]
        else:
            names = [str(val)]
        out.append((f"{key}: " + ", ".join(names), palette.TEXT_DIM, 15))
    return out


def _standing_colour(v: Viewer, u: Any) -> tuple[int, int, int]:
    """Green in the first standing, orange in a later one that still acts, red when it cannot."""
    able = v.timeline.able.get(u.id)
    if not u.active or (able is not None and u.standing not in able):
        return (255, 60, 60)
    p = v.timeline.presentation.get(u.id)
    if p is not None and p.standings and u.standing != p.standings[0].name:
        return (255, 150, 30)
    return palette.HEALTH_OK


_LOG_SKIP = (Turn, Move)


def draw_side(v: Viewer, surf: pygame.Surface) -> None:
    rect = v.side_rect
    if rect.width <= 0:
        return
    surf.fill(palette.PANEL, rect)
    pygame.draw.line(surf, palette.PANEL_EDGE, rect.topleft, rect.bottomleft)
    x, y = rect.x + 8, rect.y + 6
    w = rect.width - 14
    title = v.grid.name or "map"
    surf.blit(v.text.render(v.text.fit(f"{title} — {len(v.roster)} units", 17, w), 17, palette.TEXT_DIM), (x, y))
    y += 20
    crowded = [v.log_names.get(uid, uid) for uid in getattr(v, "crowded", ())]
    if crowded:
        for part in v.text.wrap("crowded (names not on the map): " + ", ".join(crowded), 14, w):
            surf.blit(v.text.render(part, 14, palette.TEXT_DIM), (x, y))
            y += 14
        y += 4
    for note in list(dict.fromkeys(getattr(v, "crowded_notes", ())))[:6]:  # newest events are few: at most six
        for part in v.text.wrap(note, 14, w)[:2]:
            surf.blit(v.text.render(part, 14, palette.TEXT_DIM), (x, y))
            y += 14
    if v.follow is not None:
        for line, col, size in _unit_lines(v, v.follow):
            for part in v.text.wrap(line, size, w):
                surf.blit(v.text.render(part, size, col), (x, y))
                y += size - 2
        y += 6
        pygame.draw.line(surf, palette.PANEL_EDGE, (rect.x + 4, y), (rect.right - 4, y))
        y += 6
    surf.blit(v.text.render(v.text.fit(log_filter_text(v), 16, w), 16, palette.TEXT_DIM), (x, y))
    y += 16
    draw_log(v, surf, pygame.Rect(x, y, w, rect.bottom - y - 4))


LOG_FILTERS: tuple[tuple[str, frozenset[str] | None], ...] = (
    ("all", None),
    ("attacks", frozenset({"hit", "miss"})),
    ("harm", frozenset({"harm", "down"})),
    ("down", frozenset({"down"})),
    ("say", frozenset({"say"})),
    ("moves", frozenset({"fall", "jump", "climb", "fly", "state"})),
)
"""The log's kind filters, in the order K cycles them: a label and the event kinds it keeps."""


def log_filter_text(v: Viewer) -> str:
    """What the log shows: ``events``, or ``events: attacks, Ann (red-1) only, scrolled 12``."""
    bits = []
    if v.log_filter:
        bits.append(LOG_FILTERS[v.log_filter][0])
    if v.log_only_follow and v.follow is not None:
        bits.append(f"{v.log_names.get(v.follow, v.follow)} only")
    if v.log_scroll:
        bits.append(f"{v.log_scroll} back")
    return "events" + (": " + ", ".join(bits) if bits else "")


def _log_lines(v: Viewer, i: int, width: int) -> list[str]:
    key = (i, width)
    lines = v._log_cache.get(key)
    if lines is None:
        ev = v.timeline.events[i]
        lines = v.text.wrap(f"{ev.t:6.1f}  {describe(ev, v.log_names, v.roles)}", 15, width)
        v._log_cache[key] = lines
    return lines


def _lighter(c: tuple[int, int, int], f: float = 0.45) -> tuple[int, int, int]:
    return tuple(int(x + (255 - x) * f) for x in c)  # type: ignore[return-value]


def draw_log(v: Viewer, surf: pygame.Surface, rect: pygame.Rect) -> None:
    """The events up to now, newest at the bottom; this frame's in yellow with their numbers.

    Lines are coloured by the team of who acted; ``v.log_filter`` (K) keeps one kind,
    ``v.log_only_follow`` (U) the followed fighter's, ``v.log_scroll`` (wheel over the log)
    skips that many of the newest entries. Each line's rectangle is kept for clicks.
    """
    v.log_rect = rect
    hits: list[tuple[pygame.Rect, int]] = []
    v._log_hits = hits
    if rect.height <= 0:
        return
    events = v.timeline.events
    end = bisect_right(v.timeline.times, v.t)
    now0 = v.t - v.step + 1e-9
    line_h = 14
    keep = LOG_FILTERS[v.log_filter][1]
    only = v.follow if v.log_only_follow else None
    blocks: list[tuple[int, list[tuple[str, tuple[int, int, int], int]]]] = []
    used = 0
    skip = v.log_scroll
    i = end - 1
    scanned = 0
    limit = 5000 if keep is None and only is None and not skip else 50000
    while i >= 0 and used < rect.height and scanned < limit:
        ev = events[i]
        scanned += 1
        if isinstance(ev, _LOG_SKIP) or (isinstance(ev, State) and set(ev.changes) <= {"facing"}):
            i -= 1
            continue
        kind = kind_of(ev, v.timeline.able)
        who = getattr(ev, "who", None)
        if (keep is not None and kind not in keep) or (
                only is not None and who != only and getattr(ev, "target", None) != only):
            i -= 1
            continue
        if skip > 0:
            skip -= 1
            i -= 1
            continue
        current = ev.t > now0 and not v.log_scroll
        if current:
            col = palette.HIGHLIGHT
        elif isinstance(ev, End) or who is None:
            col = palette.TEXT
        else:
            info = v.roster.get(who)
            col = _lighter(v.team_colour.get(info.team, (200, 200, 200))) if info is not None else palette.TEXT_DIM
            if kind not in ("hit", "down", "say", "harm"):
                col = tuple((c + d) // 2 for c, d in zip(col, palette.TEXT_DIM))  # type: ignore[assignment]
        block = [(line, col, 15) for line in _log_lines(v, i, rect.width)]
        if current:
            block += [("      " + d, palette.TEXT_DIM, 14) for d in details(ev)]
        blocks.append((i, block))
        used += line_h * len(block)
        i -= 1
    y = rect.bottom
    for idx, block in blocks:
        if y - line_h * len(block) < rect.top:
            return  # only whole entries
        bottom = y
        for line, col, size in reversed(block):
            y -= line_h
            surf.blit(v.text.render(line, size, col), (rect.x, y))
        hits.append((pygame.Rect(rect.x, y, rect.width, bottom - y), idx))


def draw_help(v: Viewer, surf: pygame.Surface) -> None:
    """The controls, over the map; lines squeezed (down to 13 px) to fit a small window."""
    w = min(460, v.size[0] - 40)
    step = max(13, min(20, (v.map_rect.height - 52) // len(HELP)))
    size = min(17, step - 2)
    h = 40 + step * len(HELP)
    box = pygame.Rect(0, 0, w, h)
    box.center = v.map_rect.center
    box.top = max(0, box.top)
    overlay = pygame.Surface(box.size, pygame.SRCALPHA)
    overlay.fill((10, 10, 14, 225))
    surf.blit(overlay, box.topleft)
    pygame.draw.rect(surf, palette.PANEL_EDGE, box, 1)
    surf.blit(v.text.render("controls", 20, palette.HIGHLIGHT), (box.x + 12, box.y + 10))
    y = box.y + 34
    for key, what in HELP:
        surf.blit(v.text.render(key, size, palette.TEXT), (box.x + 12, y))
        surf.blit(v.text.render(what, size, palette.TEXT_DIM), (box.x + 12 + w // 2 - 20, y))
        y += step
