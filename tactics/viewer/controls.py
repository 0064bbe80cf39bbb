"""Keys and the mouse: what each input does to the viewer (a mixin of :class:`~tactics.viewer.core.Viewer`; the keys are listed in ``docs/viewer.md``)."""

from __future__ import annotations


import pygame



_KEY_CHARS = {
    **{getattr(pygame, f"K_{d}"): str(d) for d in range(10)},
    **{getattr(pygame, f"K_KP{d}", None) or getattr(pygame, f"K_KP_{d}"): str(d) for d in range(10)},
    pygame.K_PERIOD: ".", pygame.K_KP_PERIOD: ".", pygame.K_r: "r",
}
"""What a key types in the jump prompt when its event carries no text (keypad, some platforms)."""


class Controls:
    """See the module docstring."""

    def handle_event(self, ev: pygame.event.Event) -> bool:
        """Apply one pygame event; False once the viewer should close."""
        t = ev.type
        if t == pygame.QUIT:
            self.running = False
        elif t == pygame.KEYDOWN:
            self._key(ev.key, getattr(ev, "mod", 0), getattr(ev, "unicode", "") or "")
        elif t == pygame.VIDEORESIZE:
            surf = pygame.display.get_surface() if pygame.display.get_init() else None
            if surf is not None and surf.get_size() != tuple(ev.size):
                surf = None
            self.resize(tuple(ev.size), surf)
        elif t == pygame.MOUSEWHEEL:
            pos = getattr(ev, "pos", None)
            if pos is None:
                pos = pygame.mouse.get_pos() if pygame.display.get_init() else self.map_rect.center
            if ev.y and self.show_panels and self.log_rect.collidepoint(pos):
                self.scroll_log(3 if ev.y > 0 else -3)
            elif ev.y and (self.map_rect.collidepoint(pos) or not self.show_panels):
                self.zoom(1 if ev.y > 0 else -1, pos)  # over the sheet or the timeline: nothing
        elif t == pygame.MOUSEBUTTONDOWN:
            if ev.button in (4, 5):
                # SDL2 sends a MOUSEWHEEL event for the same notch as well: it alone zooms
                pass
            elif ev.button == 1:
                if self.show_panels and self.log_rect.collidepoint(ev.pos):
                    self.click_log(ev.pos)
                elif self.show_panels and self.timeline_rect.collidepoint(ev.pos):
                    self._dragging_timeline = True
                    self.seek(self.timeline_t(ev.pos[0]))
                elif self.map_rect.collidepoint(ev.pos):
                    self._press = tuple(ev.pos)
                    self._dragging_map = False
            elif ev.button == 3:
                self.set_follow(None)
        elif t == pygame.WINDOWLEAVE:
            self.hover = None
        elif t == pygame.MOUSEMOTION:
            self.hover = tuple(ev.pos) if self.map_rect.collidepoint(ev.pos) else None
            if self._dragging_timeline:
                self.seek(self.timeline_t(ev.pos[0]))
            elif self._press is not None:
                dx, dy = ev.pos[0] - self._press[0], ev.pos[1] - self._press[1]
                if self._dragging_map or abs(dx) + abs(dy) > 4:
                    if not self._dragging_map:
                        self._dragging_map = True
                        rel = (dx, dy)
                    else:
                        rel = ev.rel
                    self.pan(*rel)
        elif t == pygame.MOUSEBUTTONUP and ev.button == 1:
            if self._dragging_timeline:
                self._dragging_timeline = False
            elif self._press is not None:
                if not self._dragging_map:
                    uid = self.unit_at(ev.pos)
                    self.set_follow(uid)
                self._press = None
                self._dragging_map = False
        return self.running

    def _type(self, key: int, char: str) -> None:
        """A key while the jump prompt is open: digits, '.', 'r', Backspace, Enter, Esc."""
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            text, self.typing = self.typing or "", None
            self.jump_to(text)
        elif key == pygame.K_ESCAPE:
            self.typing = None
        elif key == pygame.K_BACKSPACE:
            self.typing = (self.typing or "")[:-1]
        elif not char:
            char = _KEY_CHARS.get(key, "")
            if char:
                self._type(key, char)
        elif char in "0123456789.rR" and len(self.typing or "") < 12:
            self.typing = (self.typing or "") + char.lower()

    def _key(self, key: int, mod: int, char: str = "") -> None:
        shift = bool(mod & pygame.KMOD_SHIFT)
        if self.typing is not None:
            self._type(key, char)
            return
        if key == pygame.K_k:
            self.cycle_log_filter()
        elif key == pygame.K_u:
            self.log_only_follow = not self.log_only_follow
            self.log_scroll = 0
        elif key == pygame.K_j:
            self.typing = ""
            self.playing = False
        elif key == pygame.K_LEFTBRACKET:
            self.prev_round() if shift else self.prev_turn()
        elif key == pygame.K_RIGHTBRACKET:
            self.next_round() if shift else self.next_turn()
        elif key == pygame.K_PAGEUP:
            self.prev_round()
        elif key == pygame.K_PAGEDOWN:
            self.next_round()
        elif key == pygame.K_SPACE:
            self.toggle_play()
        elif key == pygame.K_RIGHT:
            self.next_event() if shift else self.step_frames(1)
        elif key == pygame.K_LEFT:
            self.prev_event() if shift else self.step_frames(-1)
        elif key == pygame.K_UP:
            self.faster()
        elif key == pygame.K_DOWN:
            self.slower()
        elif key == pygame.K_HOME:
            self.seek(0.0)
        elif key == pygame.K_END:
            self.seek(self.duration)
        elif key == pygame.K_TAB:
            self.cycle_follow(-1 if shift else 1)
        elif key == pygame.K_g:
            self.show_grid = not self.show_grid
        elif key == pygame.K_e:
            self.show_legend = not self.show_legend
        elif key == pygame.K_l:
            self.show_light = not self.show_light
        elif key == pygame.K_h:
            self.show_help = not self.show_help
        elif key == pygame.K_f:
            self.fit()
            self.lock_camera = False
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.zoom(1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.zoom(-1)
        elif key == pygame.K_ESCAPE:
            if self.show_help:
                self.show_help = False
            elif self.follow is not None:
                self.set_follow(None)
            else:
                self.running = False
        elif key == pygame.K_q:
            self.running = False

    # -- drawing --------------------------------------------------------
