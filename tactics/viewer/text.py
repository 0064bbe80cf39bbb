"""Fonts and rendered text, cached: a label is rendered once, blitted ever after.

    >>> cache = TextCache()                               # doctest: +SKIP
    >>> surf = cache.render("red-1", 14, (255, 255, 255))  # doctest: +SKIP

The font is pygame's built-in default (``pygame.font.Font(None, size)``),
which ships with pygame-ce and needs no file of ours.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame


class TextCache:
    """Fonts by size and text surfaces by (text, size, colour), least-recently-used."""

    def __init__(self, limit: int = 4000) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._fonts: dict[int, pygame.font.Font] = {}
        self._surfs: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._fits: dict[tuple[str, int, int], str] = {}
        self.limit = limit

    def font(self, size: int) -> pygame.font.Font:
        f = self._fonts.get(size)
        if f is None:
            f = self._fonts[size] = pygame.font.Font(None, size)
        return f

    def render(self, text: str, size: int, colour: tuple[int, int, int], bg: tuple[int, int, int] | None = None) -> pygame.Surface:
        key = (text, size, colour, bg)
        s = self._surfs.get(key)
        if s is not None:
            self._surfs.move_to_end(key)
            return s
        f = self.font(size)
        s = f.render(text, True, colour, bg) if bg is not None else f.render(text, True, colour)
        self._surfs[key] = s
        if len(self._surfs) > self.limit:
            self._surfs.popitem(last=False)
        return s

    def width(self, text: str, size: int) -> int:
        return self.font(size).size(text)[0]

    def fit(self, text: str, size: int, width: int) -> str:
        """``text`` cut (with an ellipsis) to fit ``width`` pixels."""
        key = (text, size, width)
        got = self._fits.get(key)
        if got is None:
            if len(self._fits) > self.limit:
                self._fits.clear()
            got = self._fits[key] = self._fit(text, size, width)
        return got

    def _fit(self, text: str, size: int, width: int) -> str:
        f = self.font(size)
        if f.size(text)[0] <= width:
            return text
        lo, hi = 0, len(text)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if f.size(text[:mid] + "…")[0] <= width:
                lo = mid
            else:
                hi = mid - 1
        return text[:lo] + "…"

    def wrap(self, text: str, size: int, width: int) -> list[str]:
        """Word wrap to ``width`` pixels (continuation lines indented)."""
        f = self.font(size)
        lines: list[str] = []
        words = text.split(" ")
        prefix = ""
        while words:
            line = prefix + " ".join(words)
            if f.size(line)[0] <= width:
                lines.append(line)
                break
            # the most words that fit, by bisection (at least one)
            lo, hi = 1, len(words) - 1
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if f.size(prefix + " ".join(words[:mid]))[0] <= width:
                    lo = mid
                else:
                    hi = mid - 1
            lines.append(self.fit(prefix + " ".join(words[:lo]), size, width))
            words = words[lo:]
            prefix = "  "
        return lines
