"""The caches the fights on one map share when the script gives none: ``Encounter(tmap)`` without ``shared=``.

The AI and the engine keep pure answers (routes, approach points, team
fields, odds, each sheet's mover) in ``Encounter.shared``; a scenario hands
every fight it builds the same dict. A script's own loop (the README's
duel: ``load_map``, ``load_character`` ×2, ``Encounter``, ``run``) gave each
fight a fresh one and worked every answer out again. ``load_map`` hands back
the same map object for the same bytes (:mod:`tactics.filememo`), so the
fights of such a loop meet the same map: this memo keeps one dict per map
object for them::

    >>> memo = MapCaches(maps=2)
    >>> a, b, c = object(), object(), object()
    >>> memo.for_map(a) is memo.for_map(a), memo.for_map(a) is memo.for_map(b)
    (True, False)
    >>> _ = memo.for_map(c)                   # a third map: the least recently used (b) is forgotten
    >>> len(memo), memo.for_map(a) is not None
    (2, True)

Bounded: at most ``maps`` maps (least recently used out; the memo holds each
map alive meanwhile, so an ``id`` is never another map's), and a map's dict
is emptied once its fights brought more than ``sheets`` distinct sheets (the
engine keeps a few answers per sheet object there, by identity: a loop that
builds new sheets every fight would otherwise grow it). Only pure functions
of their keys go into these caches (``View.shared``), so sharing them is
invisible to every fight: the same seed gives the same replay with or
without. The memo is guarded by a lock (batches run fights on threads).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

MAPS = 8
"""How many maps' caches are kept."""
SHEETS = 1024
"""How many distinct sheets a map's caches may have met before they start afresh."""
SHEET_LOOKS = "sheet looks"
"""The engine's per-sheet cache in ``shared`` (one entry per sheet met: the count bounded here)."""


class MapCaches:
    """One ``shared`` dict per map object (see the module docstring)."""

    def __init__(self, maps: int = MAPS, sheets: int = SHEETS) -> None:
        self.maps = maps
        self.sheets = sheets
        self._memo: OrderedDict[int, tuple[Any, dict[str, Any]]] = OrderedDict()
        self._lock = threading.Lock()

    def for_map(self, tmap: Any) -> dict[str, Any]:
        """The caches of the fights on ``tmap`` (made empty on the first fight)."""
        key = id(tmap)
        with self._lock:
            got = self._memo.get(key)
            if got is not None and got[0] is tmap:
                self._memo.move_to_end(key)
                shared = got[1]
                if len(shared.get(SHEET_LOOKS, ())) > self.sheets:
                    shared.clear()
                return shared
            shared = {}
            self._memo[key] = (tmap, shared)
            while len(self._memo) > self.maps:
                self._memo.popitem(last=False)
            return shared

    def clear(self) -> None:
        """Forget every map's caches."""
        with self._lock:
            self._memo.clear()

    def __len__(self) -> int:
        return len(self._memo)


_MEMO = MapCaches()
"""The memo ``Encounter`` reads (like each loader's :class:`~tactics.filememo.FileMemo`: one per process)."""


def shared_for(tmap: Any) -> dict[str, Any]:
    """The ``shared`` caches of a fight on ``tmap`` given none (:meth:`MapCaches.for_map`)."""
    return _MEMO.for_map(tmap)


def clear() -> None:
    """Forget the caches of every map (the next fight on each starts empty)."""
    _MEMO.clear()


__all__ = ["MapCaches", "MAPS", "SHEETS", "shared_for", "clear"]
