"""The viewer's camera: the window's layout, zoom levels, panning, fitting, following within the map (a mixin of :class:`~tactics.viewer.core.Viewer`)."""

from __future__ import annotations

from bisect import bisect_left

import pygame

from tactics.viewer.consts import ZOOMS


class Camera:
    """See the module docstring."""

    # -- geometry -------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def _layout(self) -> None:
        w, h = self.size
        self._laid_out = (w, h)
        tl_h = 44 if self.show_panels else 0
        side = int(min(380, max(240, w * 0.27))) if self.show_panels and w >= 640 else 0
        self.timeline_rect = pygame.Rect(0, h - tl_h, w, tl_h)
        self.timeline_bar = pygame.Rect(8, h - tl_h + 22, max(1, w - 16), 16)
        self.side_rect = pygame.Rect(w - side, 0, side, h - tl_h)
        self.map_rect = pygame.Rect(0, 0, w - side, h - tl_h)

    def resize(self, size: tuple[int, int], surface: pygame.Surface | None = None) -> None:
        """The window changed size: take the new surface and refit the map to it.

        A followed unit keeps the camera (centred on it, clamped to the map).
        """
        same = tuple(size) == self._laid_out  # not self.size: the window's surface may be resized in place
        self.surface = surface if surface is not None else pygame.Surface(size)
        if same:
            return  # a repeated size event (SDL sends two a resize): keep the camera
        self._layout()
        self.fit()
        if self.follow is not None and self.lock_camera:
            u = self.state.units.get(self.follow)
            if u is not None and u.present:
                self.center_on(u.x, u.y)
                self.clamp_camera()

    @property
    def ppm(self) -> float:
        """Pixels per metre at the current zoom."""
        return self.ppc / self.grid.cell_size

    def world_to_screen(self, x: float, y: float) -> tuple[float, float]:
        """Screen pixel of the ground point ``(x, y)`` (metres, y south)."""
        k = self.ppm
        return (self.origin[0] + x * k, self.origin[1] + y * k)

    def screen_to_world(self, sx: float, sy: float) -> tuple[float, float]:
        k = self.ppm
        return ((sx - self.origin[0]) / k, (sy - self.origin[1]) / k)

    def fit(self) -> None:
        """Zoom and centre so the whole map shows."""
        mr = self.map_rect
        g = self.grid
        fit = min(mr.width / max(1, g.cols), mr.height / max(1, g.rows))
        self.ppc = max(1, int(fit))
        self.center_on(g.width_m / 2, g.height_m / 2)

    def center_on(self, x: float, y: float) -> None:
        k = self.ppm
        cx, cy = self.map_rect.center
        self.origin = (round(cx - x * k), round(cy - y * k))

    def clamp_camera(self, centre_small: bool = True) -> None:
        """Keep the map filling the view: no empty band past an edge.

        On an axis where the map is larger than the view, the origin is held
        so the map's edge meets the view's. Where it is smaller, it is
        centred, or with ``centre_small=False`` (a drag) kept wholly inside
        the view.
        """
        mr = self.map_rect
        k = self.ppm
        ox = _clamp_axis(self.origin[0], mr.left, mr.width, self.grid.width_m * k, centre_small)
        oy = _clamp_axis(self.origin[1], mr.top, mr.height, self.grid.height_m * k, centre_small)
        self.origin = (ox, oy)

    def zoom(self, steps: int, at: tuple[int, int] | None = None) -> None:
        """Zoom in (``steps`` > 0) or out by zoom levels, keeping the point ``at`` still (as far as the map's
        edges allow)."""
        if at is None or not self.map_rect.collidepoint(at):
            at = self.map_rect.center
        wx, wy = self.screen_to_world(*at)
        i = bisect_left(ZOOMS, self.ppc)
        if steps > 0:
            i = i + steps if i < len(ZOOMS) and ZOOMS[i] == self.ppc else i + steps - 1
        else:
            i = i + steps
        self.ppc = ZOOMS[max(0, min(len(ZOOMS) - 1, i))]
        k = self.ppm
        self.origin = (round(at[0] - wx * k), round(at[1] - wy * k))
        self.clamp_camera(centre_small=False)  # zooming out near an edge shows no empty band

    def pan(self, dx: float, dy: float) -> None:
        """Move the view by pixels (a drag, the arrow keys), never past the map's edges."""
        self.origin = (self.origin[0] + dx, self.origin[1] + dy)
        self.clamp_camera(centre_small=False)
        self.lock_camera = False


def _clamp_axis(o: float, lo: int, view: int, size: float, centre_small: bool) -> int:
    """The map's origin on one axis: its ``size`` pixels against the view's ``[lo, lo + view)``."""
    if size <= view:
        if centre_small:
            return round(lo + (view - size) / 2)
        return round(min(lo + view - size, max(lo, o)))
    return round(min(lo, max(lo + view - size, o)))
