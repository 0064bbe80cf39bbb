"""The static map layer: drawn once per zoom level, then only blitted.

The map is cut in square tiles of whole cells (about 512 px a side); a tile is
rendered the first time it is seen at a zoom level (``ppc``, pixels per cell)
and kept in a small least-recently-used cache, so a frame costs one blit per
visible tile whatever the map holds. Rendering a tile is numpy for the cell
colours (kind, height shading, water depth) and a light multiplier, and a few
pygame primitives for the details (wall bevels, ladder rungs, ropes, hatched
gaps, rubble, the grid).

    >>> layer = TerrainLayer(grid)                      # doctest: +SKIP
    >>> for surf, (px, py) in layer.tiles(ppc=8, view=(0, 0, 800, 600), light=True, grid=False):
    ...     screen.blit(surf, (px, py))                  # doctest: +SKIP
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator

import numpy as np
import pygame

from tactics.viewer import palette
from tactics.viewer.text import TextCache
from tactics.viewer.mapgrid import MapGrid

TILE_PX = 512


class TerrainLayer:
    """Tiles of the pre-rendered map, cached per ``(ppc, light, grid)``."""

    def __init__(self, grid: MapGrid, cache_tiles: int = 64) -> None:
        self.grid = grid
        self._limit = cache_tiles
        self._tiles: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.base = _cell_colours(grid)  # rows × cols × 3, float 0..255
        self.light_mult = _light_multiplier(grid)  # rows × cols × 3, uint8
        self.light_add = _light_add(grid)  # rows × cols × 3, uint8
        self.renders = 0
        """How many tiles were rendered (tests check the cache works)."""

    def tile_cells(self, ppc: int) -> int:
        return max(1, TILE_PX // max(1, ppc))

    def tiles(
        self, ppc: int, origin: tuple[float, float], view: tuple[int, int, int, int], light: bool, grid: bool
    ) -> Iterator[tuple[pygame.Surface, tuple[int, int]]]:
        """Visible tiles as ``(surface, screen position)``.

        ``origin`` is the screen position of the map's north-west corner and
        ``view`` the ``(x, y, w, h)`` of the screen area to cover.
        """
        tc = self.tile_cells(ppc)
        tpx = tc * ppc
        ox, oy = origin
        vx, vy, vw, vh = view
        ntx = (self.grid.cols + tc - 1) // tc
        nty = (self.grid.rows + tc - 1) // tc
        tx0 = max(0, int((vx - ox) // tpx))
        ty0 = max(0, int((vy - oy) // tpx))
        tx1 = min(ntx - 1, int((vx + vw - ox) // tpx))
        ty1 = min(nty - 1, int((vy + vh - oy) // tpx))
        for ty in range(ty0, ty1 + 1):
            for tx in range(tx0, tx1 + 1):
                yield self.tile(ppc, tx, ty, light, grid), (int(ox) + tx * tpx, int(oy) + ty * tpx)

    def tile(self, ppc: int, tx: int, ty: int, light: bool, grid: bool) -> pygame.Surface:
        key = (ppc, tx, ty, light, grid)
        s = self._tiles.get(key)
        if s is not None:
            self._tiles.move_to_end(key)
            return s
        s = self._render_tile(ppc, tx, ty, light, grid)
        self._tiles[key] = s
        if len(self._tiles) > self._limit:
            self._tiles.popitem(last=False)
        return s

    def clear(self) -> None:
        self._tiles.clear()

    # -- drawing ------------------------------------------------------------
    def _render_tile(self, ppc: int, tx: int, ty: int, light: bool, grid: bool) -> pygame.Surface:
        self.renders += 1
        g = self.grid
        tc = self.tile_cells(ppc)
        c0, r0 = tx * tc, ty * tc
        c1, r1 = min(g.cols, c0 + tc), min(g.rows, r0 + tc)
        cells = self.base[r0:r1, c0:c1]
        px = np.repeat(np.repeat(cells, ppc, axis=0), ppc, axis=1)
        surf = pygame.Surface(((c1 - c0) * ppc, (r1 - r0) * ppc))
        pygame.surfarray.blit_array(surf, np.ascontiguousarray(px.transpose(1, 0, 2)).astype(np.uint8))
        _details(surf, g, ppc, c0, r0, c1, r1)
        if ppc >= 4:
            _contours(surf, g, ppc, c0, r0, c1, r1)
        if grid and ppc >= 3:
            w, h = surf.get_size()
            gc = (0, 0, 0) if ppc >= 8 else (40, 40, 40)
            line = pygame.Surface((w, h), pygame.SRCALPHA)
            for i in range(c1 - c0 + 1):
                pygame.draw.line(line, (*gc, 70), (i * ppc, 0), (i * ppc, h))
            for j in range(r1 - r0 + 1):
                pygame.draw.line(line, (*gc, 70), (0, j * ppc), (w, j * ppc))
            surf.blit(line, (0, 0))
        if light:
            mult = self.light_mult[r0:r1, c0:c1]
            if (mult < 255).any():
                mpx = np.repeat(np.repeat(mult, ppc, axis=0), ppc, axis=1)
                ms = pygame.Surface(surf.get_size())
                pygame.surfarray.blit_array(ms, np.ascontiguousarray(mpx.transpose(1, 0, 2)))
                surf.blit(ms, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
                add = self.light_add[r0:r1, c0:c1]
                apx = np.repeat(np.repeat(add, ppc, axis=0), ppc, axis=1)
                pygame.surfarray.blit_array(ms, np.ascontiguousarray(apx.transpose(1, 0, 2)))
                surf.blit(ms, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        if ppc >= 16:
            _wall_heights(surf, g, ppc, c0, r0, c1, r1)
        return surf


def _cell_colours(g: MapGrid) -> np.ndarray:
    """Each cell's colour: kind, then shaded by ground height and water depth."""
    rows, cols = g.rows, g.cols
    out = np.zeros((rows, cols, 3), dtype=float)
    kinds = g.kinds
    for kind in set(kinds.ravel().tolist()):
        out[kinds == kind] = palette.terrain_colour(str(kind))
    h = np.asarray(g.heights, dtype=float)
    walls = kinds == "wall"
    ground = ~walls
    if ground.any():
        hg = h[ground]
        lo, hi = float(hg.min()), float(hg.max())
        if hi - lo > 1e-6:
            f = 0.78 + 0.44 * (h - lo) / (hi - lo)
            out[ground] *= f[ground][:, None]
    if walls.any():
        # taller walls a little lighter on top
        f = 1.0 + np.clip(h, 0, 10) * 0.03
        out[walls] *= f[walls][:, None]
    # hill shade: a cell lower than its northern or western neighbour is in shade
    if rows > 1 and cols > 1:
        dn = np.zeros_like(h)
        dn[1:, :] += h[1:, :] - h[:-1, :]
        dn[:, 1:] += h[:, 1:] - h[:, :-1]
        shade = np.clip(1.0 + 0.06 * dn, 0.75, 1.2)
        shade[walls] = 1.0
        out *= shade[:, :, None]
    water = kinds == "water"
    if water.any():
        d = np.clip(np.asarray(g.depths, dtype=float), 0, 6)
        out[water] *= (1.0 - d[water] / 10.0)[:, None]
    # ladders and ropes: floor with a tint
    out[kinds == "ladder"] = out[kinds == "ladder"] * 0.6 + np.array([150, 100, 40]) * 0.4
    out[kinds == "rope"] = out[kinds == "rope"] * 0.7 + np.array([200, 170, 110]) * 0.3
    return np.clip(out, 0, 255)


def _light_multiplier(g: MapGrid) -> np.ndarray:
    mult = np.full((g.rows, g.cols, 3), 255, dtype=np.uint8)
    for name, tint in palette.LIGHT_TINT.items():
        if name == "bright":
            continue
        mask = g.light == name
        if mask.any():
            mult[mask] = np.clip(np.array(tint) * 255, 0, 255).astype(np.uint8)
    return mult


CONTOUR_STEP = 0.5
"""A ground step (metres) between two cells of at least this draws a contour edge between them."""


def _contours(surf: pygame.Surface, g: MapGrid, ppc: int, c0: int, r0: int, c1: int, r1: int) -> None:
    """Dark edges where the ground steps by ``CONTOUR_STEP`` or more (walls have their own bevel):
    heights read at a glance, thicker for bigger steps."""
    h = np.asarray(g.heights, dtype=float)
    ground = g.kinds != "wall"
    ce, re_ = min(c1 + 1, g.cols), min(r1 + 1, g.rows)
    hh, gg = h[r0:re_, c0:ce], ground[r0:re_, c0:ce]
    col = (36, 32, 26)
    # east edges: between (r, c) and (r, c + 1)
    de = np.abs(hh[:, 1:] - hh[:, :-1])
    mask = (de >= CONTOUR_STEP) & gg[:, 1:] & gg[:, :-1]
    for r, c in np.argwhere(mask).tolist():
        if r < r1 - r0 and c < c1 - c0:
            w = max(1, min(ppc // 6, int(de[r, c] / CONTOUR_STEP)))
            x = (c + 1) * ppc - (w + 1) // 2
            pygame.draw.line(surf, col, (x, r * ppc), (x, (r + 1) * ppc - 1), w)
    ds = np.abs(hh[1:, :] - hh[:-1, :])
    mask = (ds >= CONTOUR_STEP) & gg[1:, :] & gg[:-1, :]
    for r, c in np.argwhere(mask).tolist():
        if r < r1 - r0 and c < c1 - c0:
            w = max(1, min(ppc // 6, int(ds[r, c] / CONTOUR_STEP)))
            y = (r + 1) * ppc - (w + 1) // 2
            pygame.draw.line(surf, col, (c * ppc, y), ((c + 1) * ppc - 1, y), w)


def _light_add(g: MapGrid) -> np.ndarray:
    add = np.zeros((g.rows, g.cols, 3), dtype=np.uint8)
    for name, extra in palette.LIGHT_ADD.items():
        mask = g.light == name
        if mask.any() and any(extra):
            add[mask] = np.array(extra, dtype=np.uint8)
    return add


FIGHTER_HEIGHT = 2.0
"""Walls taller than this (metres) carry their height in numbers when zoomed in."""
_TEXT: TextCache | None = None


def _wall_heights(surf: pygame.Surface, g: MapGrid, ppc: int, c0: int, r0: int, c1: int, r1: int) -> None:
    """``3 m`` on the north-west cell of each block of walls taller than a fighter."""
    global _TEXT
    h = g.heights
    walls = g.kinds == "wall"
    for r, c in np.argwhere(walls[r0:r1, c0:c1] & (h[r0:r1, c0:c1] > FIGHTER_HEIGHT)).tolist():
        R, C = r + r0, c + c0
        hv = float(h[R, C])
        if (R > 0 and walls[R - 1, C] and h[R - 1, C] == hv) or (C > 0 and walls[R, C - 1] and h[R, C - 1] == hv):
            continue
        if _TEXT is None:
            _TEXT = TextCache()
        lab = _TEXT.render(f"{hv:g} m", max(11, min(16, ppc // 2)), (245, 240, 220), (40, 38, 36))
        surf.blit(lab, (c * ppc + 2, r * ppc + 2))


def _details(surf: pygame.Surface, g: MapGrid, ppc: int, c0: int, r0: int, c1: int, r1: int) -> None:
    """Per-cell details that a flat colour does not show."""
    if ppc < 4:
        return
    kinds = g.kinds[r0:r1, c0:c1]
    draw = pygame.draw
    special = np.argwhere(np.isin(kinds, ("wall", "ladder", "rope", "gap", "chasm", "rubble", "water", "cliff")))
    if not len(special):
        return
    wall_mask = g.kinds == "wall"
    for r, c in special.tolist():
        kind = kinds[r, c]
        x, y = c * ppc, r * ppc
        R, C = r + r0, c + c0
        if kind == "wall":
            top = tuple(int(v) for v in surf.get_at((x + ppc // 2, y + ppc // 2))[:3])
            light = palette.shade(top, 1.35)
            dark = palette.shade(top, 0.55)
            if R == 0 or not wall_mask[R - 1, C]:
                draw.line(surf, light, (x, y), (x + ppc - 1, y), max(1, ppc // 8))
            if R == g.rows - 1 or not wall_mask[R + 1, C]:
                draw.line(surf, dark, (x, y + ppc - 1), (x + ppc - 1, y + ppc - 1), max(1, ppc // 6))
            if C == 0 or not wall_mask[R, C - 1]:
                draw.line(surf, light, (x, y), (x, y + ppc - 1), max(1, ppc // 10))
            if C == g.cols - 1 or not wall_mask[R, C + 1]:
                draw.line(surf, dark, (x + ppc - 1, y), (x + ppc - 1, y + ppc - 1), max(1, ppc // 8))
        elif kind == "ladder":
            rail = (90, 60, 25)
            a, b = x + ppc // 4, x + ppc - 1 - ppc // 4
            draw.line(surf, rail, (a, y), (a, y + ppc - 1), max(1, ppc // 10))
            draw.line(surf, rail, (b, y), (b, y + ppc - 1), max(1, ppc // 10))
            step = max(3, ppc // 4)
            for yy in range(y + step // 2, y + ppc, step):
                draw.line(surf, rail, (a, yy), (b, yy), max(1, ppc // 14))
        elif kind == "rope":
            col = (225, 200, 140)
            pts = [(x + ppc // 2 + (ppc // 6 if i % 2 else -ppc // 6), y + i * ppc // 4) for i in range(5)]
            draw.lines(surf, col, False, pts, max(1, ppc // 10))
        elif kind in ("gap", "chasm"):
            col = (50, 40, 55)
            step = max(4, ppc // 2)
            for k in range(-ppc, ppc, step):
                draw.line(surf, col, (x + max(0, k), y + max(0, -k)), (x + min(ppc - 1, k + ppc - 1), y + min(ppc - 1, ppc - 1 - k)))
        elif kind == "rubble":
            col = (80, 72, 60)
            rr = max(1, ppc // 8)
            for fx, fy in ((0.25, 0.3), (0.7, 0.25), (0.5, 0.7), (0.2, 0.8), (0.8, 0.75)):
                draw.circle(surf, col, (x + int(fx * ppc), y + int(fy * ppc)), rr)
        elif kind == "water" and ppc >= 8:
            col = palette.shade(tuple(int(v) for v in surf.get_at((x + 1, y + 1))[:3]), 1.25)
            yy = y + ppc // 2 + (ppc // 5 if (R + C) % 2 else -ppc // 5)
            draw.line(surf, col, (x + ppc // 5, yy), (x + ppc // 2, yy - ppc // 8))
            draw.line(surf, col, (x + ppc // 2, yy - ppc // 8), (x + 4 * ppc // 5, yy))
        elif kind == "cliff":
            col = palette.shade(tuple(int(v) for v in surf.get_at((x + 1, y + 1))[:3]), 0.7)
            for k in range(3):
                yy = y + (k * 2 + 1) * ppc // 6
                draw.line(surf, col, (x + 1, yy), (x + ppc - 2, yy))
