"""Units as small cached sprites: one blit for the body, one for the bar, one for the status icons.

A body sprite depends only on (team colour, radius, lying down, how hurt,
facing in 16 directions, grappling), so a 200-unit frame is a few hundred
blits of surfaces drawn once — sent to pygame in one ``Surface.fblits`` call.

Everything ruleset-specific comes from the unit's presentation in the replay
header (its tracks, standings, bar and statuses). What a unit shows:

- the team colour, a white nose toward its facing;
- upright: a disc; prone: a long ellipse along its facing;
  in a lock with a partner: a yellow ring (and a line to the partner, drawn by the scene);
- hurt (a standing after the first that still acts): an orange ring; out of
  the fight or in a standing that cannot act: greyed with a dark cross;
- a bar as wide as the presentation's ``bar.max``: its ``segments`` stacked
  from the left in their track roles' colours (harm red, the wearing-off
  kind yellow, health green, each pool its own colour, counts grey); the rest
  green when the segments are harm that accumulates, dark when they are
  health that depletes; a white tick at each of ``bar.marks``;
- a small lettered badge per status the presentation lists and the unit has;
- off the ground (flying, climbing, jumping, falling): a shadow on the ground
  under it, the body lifted above the shadow on a thin line, and the height.
"""

from __future__ import annotations

import math
import zlib
from collections import OrderedDict
from typing import Any, NamedTuple

import pygame

from tactics.viewer import palette

FACINGS = 16


class _LRU(OrderedDict):
    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def put(self, key, value):
        self[key] = value
        if len(self) > self.limit:
            self.popitem(last=False)
        return value


class UnitPainter:
    """Cached sprites for unit bodies, health bars and shadows."""

    def __init__(self) -> None:
        self._bodies: _LRU = _LRU(3000)
        self._bars: _LRU = _LRU(3000)
        self._badges: _LRU = _LRU(500)
        self._shadows: dict[int, pygame.Surface] = {}

    @staticmethod
    def radius(ppm: float) -> int:
        """Body radius in pixels at ``ppm`` pixels per metre (0.7 m, at least 4 px)."""
        return max(4, int(round(0.7 * ppm)))

    def body(
        self,
        colour: tuple[int, int, int],
        r: int,
        prone: bool,
        hurt: int,
        facing: float,
        grappling: bool,
        selected: bool = False,
    ) -> pygame.Surface:
        """``hurt``: 0 fit (first standing), 1 hurt but acting, 2 down (cannot act or out of the fight)."""
        fb = int(round(facing / (2 * math.pi) * FACINGS)) % FACINGS
        key = (colour, r, prone, hurt, fb, grappling, selected)
        s = self._bodies.get(key)
        if s is not None:
            return s
        return self._bodies.put(key, _draw_body(colour, r, prone, hurt, fb * 2 * math.pi / FACINGS, grappling, selected))

    def bar(self, width: int, height: int, spec: BarSpec, values: tuple[int, ...]) -> pygame.Surface:
        """The bar of :func:`bar_spec` ``spec`` filled with ``values`` (one per segment, in order)."""
        key = (width, height, spec, values)
        s = self._bars.get(key)
        if s is not None:
            return s
        return self._bars.put(key, _draw_bar(width, height, spec, values))

    def badges(self, icons: tuple[str, ...], size: int) -> pygame.Surface:
        """A row of small lettered badges, one per status icon name."""
        key = (icons, size)
        s = self._badges.get(key)
        if s is not None:
            return s
        return self._badges.put(key, _draw_badges(icons, size))

    def shadow(self, r: int) -> pygame.Surface:
        s = self._shadows.get(r)
        if s is None:
            s = pygame.Surface((2 * r + 2, r + 2), pygame.SRCALPHA)
            pygame.draw.ellipse(s, (0, 0, 0, 110), s.get_rect())
            self._shadows[r] = s
        return s


class BarSpec(NamedTuple):
    """A unit's bar, reduced to what drawing needs (hashable, cached per unit)."""

    colours: tuple[tuple[int, int, int], ...]
    """One per segment."""
    rest: tuple[int, int, int]
    max: int
    marks: tuple[int, ...]


_YELLOW, _GREY = (240, 190, 40), (150, 150, 150)
_ROLE_COLOUR = {"harm": palette.HEALTH_DAMAGE, "temporary": _YELLOW, "health": palette.HEALTH_OK, "count": _GREY}  # by role
_HARM_LIKE_ROLES = frozenset({"harm", "temporary"})  # track roles that accumulate: the rest of the bar is the good part
POOL_COLOURS = ((70, 130, 230), (170, 90, 220), (40, 180, 170), (235, 130, 40), (230, 90, 160), (140, 110, 70))
"""Pool tracks, in the order they appear in the bar."""
MARK_COLOUR = (255, 255, 255)


def bar_spec(presentation: Any) -> tuple[BarSpec, tuple[str, ...]]:
    """The bar spec of a presentation and the track names its segments show, in order."""
    roles = {tr.name: tr.role for tr in presentation.tracks}
    bar = presentation.bar
    colours = []
    pools = 0
    for name in bar.segments:
        role = roles.get(name, "harm")
        if role == "pool":
            colours.append(POOL_COLOURS[pools % len(POOL_COLOURS)])
            pools += 1
        else:
            colours.append(_ROLE_COLOUR.get(role, _GREY))
    harm_like = all(roles.get(n, "harm") in _HARM_LIKE_ROLES for n in bar.segments)
    rest = palette.HEALTH_OK if harm_like else palette.HEALTH_BG
    marks = tuple(int(v) for _, v in bar.marks)
    return BarSpec(tuple(colours), rest, int(bar.max), marks), tuple(bar.segments)


def shown_statuses(u: Any, statuses: Any) -> tuple[Any, ...]:
    """The presentation's statuses unit state ``u`` has now: an engine key read from its
    field, a ruleset's from ``u.status``; with ``value`` when given, else any truthy value."""
    out = []
    extra = u.status
    for st in statuses:
        key = st.key
        value = extra.get(key) if key in extra else getattr(u, key, None)
        if (value == st.value) if st.value is not None else bool(value):
            out.append(st)
    return tuple(out)


def _draw_body(colour, r, prone, hurt, facing, grappling, selected) -> pygame.Surface:
    size = 2 * r + 8
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    fill = colour
    down = hurt >= 2
    if down:
        g = sum(colour) // 3
        fill = ((colour[0] + g) // 3, (colour[1] + g) // 3, (colour[2] + g) // 3)
    outline = (10, 10, 10)
    dx, dy = math.cos(facing), math.sin(facing)
    if prone:
        # a body lying along its facing
        body = pygame.Surface((2 * r + 2, r + 2), pygame.SRCALPHA)
        pygame.draw.ellipse(body, fill, body.get_rect())
        pygame.draw.ellipse(body, outline, body.get_rect(), 1)
        body = pygame.transform.rotate(body, -math.degrees(facing))
        s.blit(body, body.get_rect(center=(c, c)))
    else:
        pygame.draw.circle(s, fill, (c, c), r)
        pygame.draw.circle(s, outline, (c, c), r, 1)
    if not down:
        nose = (c + dx * (r - 1), c + dy * (r - 1))
        side = (-dy * r * 0.45, dx * r * 0.45)
        base = (c + dx * r * 0.2, c + dy * r * 0.2)
        pygame.draw.polygon(
            s, (250, 250, 250), [nose, (base[0] + side[0], base[1] + side[1]), (base[0] - side[0], base[1] - side[1])]
        )
    if hurt == 1:
        pygame.draw.circle(s, (255, 150, 30), (c, c), r + 2, 2)
    elif down:
        k = int(r * 0.6)
        pygame.draw.line(s, (30, 0, 0), (c - k, c - k), (c + k, c + k), max(2, r // 4))
        pygame.draw.line(s, (30, 0, 0), (c - k, c + k), (c + k, c - k), max(2, r // 4))
    if grappling:
        pygame.draw.circle(s, (255, 230, 60), (c, c), r + 3, 2)
    if selected:
        pygame.draw.circle(s, (255, 255, 255), (c, c), r + 3, 1)
    return s


def _draw_bar(width: int, height: int, spec: BarSpec, values: tuple[int, ...]) -> pygame.Surface:
    s = pygame.Surface((width + 2, height + 2))
    s.fill(palette.HEALTH_BG)
    inner = width
    top = max(1, spec.max)
    px = inner / top
    x = 1
    room = top
    for colour, value in zip(spec.colours, values):
        v = max(0, min(int(value), room))
        w = int(round(v * px))
        room -= v
        if w:
            s.fill(colour, (x, 1, min(w, inner + 1 - x), height))
            x += w
    rest = inner + 1 - x
    if rest > 0:
        s.fill(spec.rest, (x, 1, rest, height))
    for mark in spec.marks:
        if 0 < mark < top:
            tx = 1 + int(round(mark * px))
            s.fill(MARK_COLOUR, (tx, 0, 1, height + 2))
    return s


def badge_colour(icon: str) -> tuple[int, int, int]:
    """A stable colour per icon name."""
    h = zlib.crc32(icon.encode())
    return (90 + h % 140, 90 + (h >> 8) % 140, 90 + (h >> 16) % 140)


def _draw_badges(icons: tuple[str, ...], size: int) -> pygame.Surface:
    gap = 1
    s = pygame.Surface((max(1, len(icons) * (size + gap)), size), pygame.SRCALPHA)
    font = _badge_font(size)
    for i, icon in enumerate(icons):
        rect = pygame.Rect(i * (size + gap), 0, size, size)
        pygame.draw.rect(s, badge_colour(icon), rect, border_radius=max(1, size // 4))
        pygame.draw.rect(s, (15, 15, 15), rect, 1, border_radius=max(1, size // 4))
        if font is not None and size >= 8:
            letter = font.render(icon[:1].upper(), True, (15, 15, 15))
            s.blit(letter, letter.get_rect(center=rect.center))
    return s


_FONTS: dict[int, Any] = {}


def _badge_font(size: int):
    f = _FONTS.get(size)
    if f is None and size not in _FONTS:
        try:
            if not pygame.font.get_init():
                pygame.font.init()
            f = pygame.font.Font(None, max(8, int(size * 1.1)))
        except Exception:  # noqa: BLE001 - badges without letters still show
            f = None
        _FONTS[size] = f
    return f
