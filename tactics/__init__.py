"""tactics: a discrete-event simulator of the Mano a Mano combat rules."""

from __future__ import annotations

__version__ = "0.1.0"
