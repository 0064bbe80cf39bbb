"""Attack lines, falls, speech and harm on the map, and labels placed so they do not overlap, with leader lines (a mixin of :class:`~tactics.viewer.core.Viewer`)."""

from __future__ import annotations

import math
from bisect import bisect_right

import pygame

from tactics.replay import WorldState
from tactics.replay.explain import harm_text
from tactics.replay.schema import Attack, Fall, Harm, Jump, Say
from tactics.viewer import palette
from tactics.viewer.consts import ATTACK_SHOW, DAMAGE_SHOW, FALL_SHOW, LABELS_TRIED, SAY_SHOW


class Labels:
    """See the module docstring."""

    def _draw_grapples(self, surf: pygame.Surface, state: WorldState) -> None:
        for u in state.units.values():
            if u.partner and u.present and u.id < u.partner:
                p = state.units.get(u.partner)
                if p is None:
                    continue
                a = self.unit_screen_pos(u.id)
                b = self.unit_screen_pos(p.id)
                pygame.draw.line(surf, (255, 230, 60), a, b, 3)

    def recent(self, kind: type, window: float) -> list:
        """Events of one type with ``t - window < ev.t <= t``."""
        times, evs = self._fx[kind]
        return evs[bisect_right(times, self.t - window) : bisect_right(times, self.t)]

    def _draw_effects(self, surf: pygame.Surface, state: WorldState) -> None:
        t = self.t
        units = state.units
        says = []
        rad = self.painter.radius(self.ppm)
        self._blocked = None  # made by the first place_label, from the units and label_rects
        reqs = sorted(self._name_reqs)
        for _, uid, sx, sy in reqs[:1] if reqs and not reqs[0][0] else ():  # the followed unit's name first
            self._place_name(surf, uid, sx, sy, rad)
        recent = (
            self.recent(Attack, ATTACK_SHOW) + self.recent(Fall, FALL_SHOW) + self.recent(Jump, ATTACK_SHOW)
            + self.recent(Harm, DAMAGE_SHOW) + self.recent(Say, SAY_SHOW)
        )
        recent.sort(key=_newest_first)  # the newest get the room (and the label budget) first
        self._label_tries = 0
        for ev in recent:
            age = t - ev.t
            if isinstance(ev, Attack) and age <= ATTACK_SHOW:
                a, b = units.get(ev.who), units.get(ev.target)
                if a is None or b is None:
                    continue
                pa, pb = self.unit_screen_pos(a.id), self.unit_screen_pos(b.id)
                if ev.hit:
                    pygame.draw.line(surf, palette.HIT, pa, pb, 2)
                    pygame.draw.circle(surf, palette.HIT, pb, max(3, self.painter.radius(self.ppm) // 2), 2)
                    label = "hit" + (f" {harm_text(ev.harm, self.roles.get(ev.target))}" if ev.harm else "")
                    col = palette.HIT
                else:
                    _dashed(surf, palette.MISS, pa, pb)
                    label, col = "miss", palette.MISS
                lab = self.text.render(label, 14, col, (16, 16, 20))
                mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
                self._put(surf, lab, mid, 2, "attack", ev.who, note=f"{label} on {self._who(ev.target)}")
            elif isinstance(ev, Fall) and age <= FALL_SHOW:
                ps = self.world_to_screen(ev.start[0], ev.start[1])
                pe = self.world_to_screen(ev.end[0], ev.end[1])
                _arrow(surf, palette.FALL, (ps[0], ps[1] - 18), (pe[0], pe[1]))
                txt = f"fall {ev.height:.1f} m ({ev.severity})"
                lab = self.text.render(txt, 14, palette.FALL, (16, 16, 20))
                self._put(surf, lab, pe, rad, "fall", ev.who, above=False, note=txt)
            elif isinstance(ev, Jump) and age <= ATTACK_SHOW:
                u = units.get(ev.who)
                if u is not None:
                    sx, sy = self.unit_screen_pos(u.id)
                    word = "jump" if ev.success else "jump, short"
                    txt = f"{word} {ev.distance:.1f} m"
                    lab = self.text.render(txt, 14, palette.JUMP, (16, 16, 20))
                    self._put(surf, lab, (sx, sy), rad, "jump", u.id, above=False, note=txt)
            elif isinstance(ev, Harm) and age <= DAMAGE_SHOW:
                u = units.get(ev.who)
                if u is not None and any(ev.changes.values()):
                    sx, sy = self.unit_screen_pos(u.id)
                    txt = harm_text(ev.changes, self.roles.get(ev.who))
                    lab = self.text.render(txt, 16, (255, 80, 80), (16, 16, 20))
                    self._put(surf, lab, (sx, sy - age * 16), rad + 6, "harm", u.id, True, note=txt)
            elif isinstance(ev, Say) and age <= SAY_SHOW:
                says.append(ev)
        seen: set[str] = set()
        for ev in says[:8]:  # newest first, one a unit
            if ev.who in seen:
                continue
            seen.add(ev.who)
            u = units.get(ev.who)
            if u is None or not u.present:
                continue
            sx, sy = self.unit_screen_pos(u.id)
            txt = self.text.fit(ev.text, 15, 220)
            lab = self.text.render(txt, 15, (20, 20, 30), (235, 235, 215))
            r = self.place_label(lab.get_size(), (sx, sy), rad, above=True)
            if r is None:
                self.crowded_notes.append(f"{self._who(u.id)} says: {ev.text}")
                continue
            self._leader(surf, (sx, sy), rad, r)
            surf.blit(lab, r)
            pygame.draw.rect(surf, (60, 60, 70), r.inflate(2, 2), 1)
            self._placed("say", u.id, r)
        for _, uid, sx, sy in reqs:
            if uid != self.follow:
                self._place_name(surf, uid, sx, sy, rad)

    def _put(self, surf: pygame.Surface, lab: pygame.Surface, at: tuple[float, float], rad: int, kind: str,
             uid: str, above: bool = True, note: str = "") -> None:
        """Blit ``lab`` at a free spot near ``at``; with no room, ``note`` goes to the side panel.

        At most :data:`LABELS_TRIED` labels a frame look for room (a zoomed-out
        200-unit fight would try hundreds, unreadable and slow); the rest go to
        the side panel too.
        """
        self._label_tries += 1
        r = self.place_label(lab.get_size(), at, rad, above=above) if self._label_tries <= LABELS_TRIED else None
        if r is not None:
            surf.blit(lab, r)
            self._placed(kind, uid, r)
        elif note:
            self.crowded_notes.append(f"{self._who(uid)}: {note}")

    def _who(self, uid: str) -> str:
        return self.log_names.get(uid, uid)

    def _place_name(self, surf: pygame.Surface, uid: str, sx: float, sy: float, rad: int) -> None:
        lab = self.text.render(self.names.get(uid, uid), 14, (240, 240, 240), (16, 16, 20))
        r = self.place_label(lab.get_size(), (sx, sy), rad)
        if r is None:
            self.crowded.append(uid)
            return
        self._leader(surf, (sx, sy), rad, r)
        surf.blit(lab, r)
        self._placed("name", uid, r)

    def _placed(self, kind: str, uid: str, r: pygame.Rect) -> None:
        """Record a label drawn this frame: later labels keep off it (and a pixel's gap)."""
        self.label_rects.append((kind, uid, r))
        if self._blocked is not None:
            self._blocked.append(r.inflate(2, 2))

    def place_label(self, size: tuple[int, int], at: tuple[float, float], rad: int,
                    above: bool = False) -> pygame.Rect | None:
        """A free spot for a label of ``size`` near the unit at ``at`` (None when crowded).

        Tries beside the unit (below for names, above for speech), then the
        other sides, then a ring further out (drawn with a leader line); a spot
        must miss every label placed this frame and every unit's body and bar,
        and lie on the map.
        """
        w, h = size
        x, y = at
        near, far = rad + 4, rad + 4 + max(18, h + 8)
        below = (x - w / 2, y + near - 1)
        over = (x - w / 2, y - near - 8 - h)
        spots = [over, below] if above else [below, over]
        spots += [(x + near, y - h / 2), (x - near - w, y - h / 2)]
        for d in (far, far + h + 6):
            spots += [(x - w / 2, y + d), (x - w / 2, y - d - h), (x + d, y + d * 0.4), (x - d - w, y + d * 0.4),
                      (x + d, y - d * 0.6 - h), (x - d - w, y - d * 0.6 - h)]
        blocked = self._blocked
        if blocked is None:  # every unit's body and bar, then the labels so far (with a pixel's gap)
            br, bh = self._body_box
            blocked = self._blocked = [pygame.Rect(int(px) - br, int(py) - br - bh - 6, 2 * br + 1, 2 * br + bh + 7)
                                       for px, py in self._drawn.values()]
            blocked += [r.inflate(2, 2) for _, _, r in self.label_rects]
        contains = self.map_rect.contains
        for sx, sy in spots:
            r = pygame.Rect(int(sx), int(sy), w, h)
            if contains(r) and r.collidelist(blocked) < 0:
                return r
        return None

    def _leader(self, surf: pygame.Surface, at: tuple[float, float], rad: int, r: pygame.Rect) -> None:
        """A thin line from the unit to a label placed away from it."""
        x, y = at
        cx, cy = min(max(x, r.left), r.right), min(max(y, r.top), r.bottom)
        d = math.hypot(cx - x, cy - y)
        if d > rad + 12:
            k = (rad + 1) / d
            pygame.draw.line(surf, (200, 200, 210), (x + (cx - x) * k, y + (cy - y) * k), (cx, cy), 1)


def _newest_first(ev: object) -> float:
    return -ev.t  # type: ignore[attr-defined]


def _dashed(surf: pygame.Surface, colour, a, b, dash: float = 6.0) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = int(math.hypot(dx, dy) / dash)
    if n < 2:
        pygame.draw.line(surf, colour, a, b, 1)
        return
    for i in range(0, n, 2):
        f0, f1 = i / n, min(1.0, (i + 1) / n)
        pygame.draw.line(surf, colour, (a[0] + dx * f0, a[1] + dy * f0), (a[0] + dx * f1, a[1] + dy * f1), 1)


def _arrow(surf: pygame.Surface, colour, a, b) -> None:
    pygame.draw.line(surf, colour, a, b, 2)
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    for s in (-0.5, 0.5):
        pygame.draw.line(surf, colour, b, (b[0] - 8 * math.cos(ang + s), b[1] - 8 * math.sin(ang + s)), 2)
