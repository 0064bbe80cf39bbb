"""The terrain legend, hover tooltips for cells and units, and banners (a mixin of :class:`~tactics.viewer.core.Viewer`)."""

from __future__ import annotations


import numpy as np
import pygame

from tactics.viewer import palette
from tactics.viewer.units import shown_statuses


class Overlays:
    """See the module docstring."""

    def legend(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The terrain kinds on this map (walls by height) and their colours, most common first."""
        g = self.grid
        kinds, counts = np.unique(g.kinds.astype(str), return_counts=True)
        out = []
        for kind, _ in sorted(zip(kinds.tolist(), counts.tolist()), key=lambda kc: -kc[1]):
            if kind == "wall":
                hs = sorted({float(h) for h in g.heights[g.kinds == "wall"].tolist()})
                kind = "wall " + ", ".join(f"{h:g}" for h in hs) + " m" if hs else kind
            out.append((kind, palette.terrain_colour(kind.split()[0])))
        return out

    def _draw_legend(self, surf: pygame.Surface) -> None:
        items = self.legend()
        labs = [self.text.render(name, 14, palette.TEXT) for name, _ in items]
        w = max(lab.get_width() for lab in labs) + 30
        box = pygame.Rect(self.map_rect.x + 6, 0, w, 16 * len(items) + 8)
        box.bottom = self.map_rect.bottom - 6
        surf.fill((20, 20, 26), box)
        pygame.draw.rect(surf, palette.PANEL_EDGE, box, 1)
        for i, ((_, col), lab) in enumerate(zip(items, labs)):
            y = box.y + 4 + 16 * i
            surf.fill(col, (box.x + 5, y + 2, 14, 11))
            surf.blit(lab, (box.x + 24, y))
        self.legend_rect = box

    def tooltip(self, pos: tuple[int, int]) -> list[str]:
        """What is under the screen point ``pos``: a unit (name, id, sheet, standing, tracks,
        statuses), else the map cell (terrain, height, light, water depth); [] off the map."""
        if not self.map_rect.collidepoint(pos):
            return []
        uid = self.unit_at(pos)
        if uid is not None:
            u = self.state.units[uid]
            info = self.roster[uid]
            sheet = info.sheet.get("name") if isinstance(info.sheet, dict) else None
            lines = [f"{info.name} ({uid}), team {info.team}" + (f", sheet {sheet}" if sheet else "")]
            lines.append(f"{u.standing}" + ("" if u.active else ", out of the fight"))
            if u.tracks:
                lines.append(", ".join(f"{k} {val}" for k, val in u.tracks.items()))
            shown = shown_statuses(u, self.looks[uid][4]) if self.looks[uid][4] else ()
            if shown:
                lines.append(", ".join(st.label or st.icon for st in shown))
            return lines
        x, y = self.screen_to_world(*pos)
        g = self.grid
        if not (0 <= x < g.width_m and 0 <= y < g.height_m):
            return []
        c, r = g.cell_of(x, y)
        kind = str(g.kinds[r, c])
        lines = [f"{kind} at cell ({c}, {r}), height {float(g.heights[r, c]):g} m", f"light {g.light[r, c]}"]
        depth = float(g.depths[r, c])
        if depth > 0:
            lines.append(f"water {depth:g} m deep")
        return lines

    def _draw_tooltip(self, surf: pygame.Surface, pos: tuple[int, int]) -> None:
        lines = self.tooltip(pos)
        if not lines:
            return
        labs = [self.text.render(line, 14, palette.TEXT) for line in lines]
        w = max(lab.get_width() for lab in labs) + 10
        h = 14 * len(labs) + 8
        box = pygame.Rect(pos[0] + 14, pos[1] + 14, w, h)
        box.clamp_ip(self.map_rect)
        if box.collidepoint(pos):
            box.bottomright = (pos[0] - 6, pos[1] - 6)
            box.clamp_ip(self.map_rect)
        surf.fill((20, 20, 26), box)
        pygame.draw.rect(surf, palette.PANEL_EDGE, box, 1)
        for i, lab in enumerate(labs):
            surf.blit(lab, (box.x + 5, box.y + 4 + 14 * i))
        self.tooltip_rect = box

    def _banner(self, surf: pygame.Surface, text: str) -> None:
        ts = self.text.render(text, 24, palette.HIGHLIGHT, (20, 20, 24))
        r = ts.get_rect(midtop=(self.map_rect.centerx, self.map_rect.y + 8))
        surf.blit(ts, r)
