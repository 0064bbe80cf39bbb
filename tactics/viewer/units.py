"""Units as small cached sprites: one blit for the body, one for the health bar.

A body sprite depends only on (team colour, radius, posture, health,
facing in 16 directions, grappling), so a 200-unit frame is a few hundred
blits of surfaces drawn once — sent to pygame in one ``Surface.fblits`` call.

What a unit shows:

- the team colour, a white nose toward its facing;
- standing: a disc; on the ground: a long ellipse along its facing;
  grappling: a yellow ring (and a line to its partner, drawn by the scene);
- injured: an orange ring; incapacitated: greyed with a dark cross;
- a health bar as wide as its stamina: damage (red) from the left, then stun
  (yellow), the rest green; a white tick at toughness;
- off the ground (flying, climbing, jumping, falling): a shadow on the ground
  under it, the body lifted above the shadow on a thin line, and the height.
"""

from __future__ import annotations

import math
from collections import OrderedDict

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
        self._shadows: dict[int, pygame.Surface] = {}

    @staticmethod
    def radius(ppm: float) -> int:
        """Body radius in pixels at ``ppm`` pixels per metre (0.7 m, at least 4 px)."""
        return max(4, int(round(0.7 * ppm)))

    def body(
        self,
        colour: tuple[int, int, int],
        r: int,
        posture: str,
        health: str,
        facing: float,
        grappling: bool,
        selected: bool = False,
    ) -> pygame.Surface:
        fb = int(round(facing / (2 * math.pi) * FACINGS)) % FACINGS
        key = (colour, r, posture, health, fb, grappling, selected)
        s = self._bodies.get(key)
        if s is not None:
            return s
        return self._bodies.put(key, _draw_body(colour, r, posture, health, fb * 2 * math.pi / FACINGS, grappling, selected))

    def bar(self, width: int, height: int, stamina: int, toughness: int, damage: int, stun: int) -> pygame.Surface:
        key = (width, height, stamina, toughness, damage, stun)
        s = self._bars.get(key)
        if s is not None:
            return s
        return self._bars.put(key, _draw_bar(width, height, stamina, toughness, damage, stun))

    def shadow(self, r: int) -> pygame.Surface:
        s = self._shadows.get(r)
        if s is None:
            s = pygame.Surface((2 * r + 2, r + 2), pygame.SRCALPHA)
            pygame.draw.ellipse(s, (0, 0, 0, 110), s.get_rect())
            self._shadows[r] = s
        return s


def _draw_body(colour, r, posture, health, facing, grappling, selected) -> pygame.Surface:
    size = 2 * r + 8
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    fill = colour
    if health == "incapacitated":
        g = sum(colour) // 3
        fill = ((colour[0] + g) // 3, (colour[1] + g) // 3, (colour[2] + g) // 3)
    outline = (10, 10, 10)
    dx, dy = math.cos(facing), math.sin(facing)
    if posture in ("on_the_ground", "prone", "down", "ground"):
        # a body lying along its facing
        body = pygame.Surface((2 * r + 2, r + 2), pygame.SRCALPHA)
        pygame.draw.ellipse(body, fill, body.get_rect())
        pygame.draw.ellipse(body, outline, body.get_rect(), 1)
        body = pygame.transform.rotate(body, -math.degrees(facing))
        s.blit(body, body.get_rect(center=(c, c)))
    else:
        pygame.draw.circle(s, fill, (c, c), r)
        pygame.draw.circle(s, outline, (c, c), r, 1)
    if health != "incapacitated":
        nose = (c + dx * (r - 1), c + dy * (r - 1))
        side = (-dy * r * 0.45, dx * r * 0.45)
        base = (c + dx * r * 0.2, c + dy * r * 0.2)
        pygame.draw.polygon(
            s, (250, 250, 250), [nose, (base[0] + side[0], base[1] + side[1]), (base[0] - side[0], base[1] - side[1])]
        )
    if health == "injured":
        pygame.draw.circle(s, (255, 150, 30), (c, c), r + 2, 2)
    elif health == "incapacitated":
        k = int(r * 0.6)
        pygame.draw.line(s, (30, 0, 0), (c - k, c - k), (c + k, c + k), max(2, r // 4))
        pygame.draw.line(s, (30, 0, 0), (c - k, c + k), (c + k, c - k), max(2, r // 4))
    if grappling:
        pygame.draw.circle(s, (255, 230, 60), (c, c), r + 3, 2)
    if selected:
        pygame.draw.circle(s, (255, 255, 255), (c, c), r + 3, 1)
    return s


def _draw_bar(width, height, stamina, toughness, damage, stun) -> pygame.Surface:
    s = pygame.Surface((width + 2, height + 2))
    s.fill(palette.HEALTH_BG)
    inner = width
    stamina = max(1, stamina)
    px = inner / stamina
    dmg_w = int(round(min(damage, stamina) * px))
    stun_w = int(round(min(stun, max(0, stamina - damage)) * px))
    ok_w = max(0, inner - dmg_w - stun_w)
    x = 1
    if dmg_w:
        s.fill(palette.HEALTH_DAMAGE, (x, 1, dmg_w, height))
        x += dmg_w
    if stun_w:
        s.fill(palette.HEALTH_STUN, (x, 1, stun_w, height))
        x += stun_w
    if ok_w:
        s.fill(palette.HEALTH_OK, (x, 1, ok_w, height))
    if 0 < toughness < stamina:
        tx = 1 + int(round(toughness * px))
        s.fill(palette.TOUGHNESS_MARK, (tx, 0, 1, height + 2))
    return s
