"""The wrestler: grapples into pins where allies can strike the pinned target at Block 0, holds to
strike from when alone, and lets go of a pin when attacked if the full defence it gets back
spares more than the pin is worth (002 · Actions · Grapple; Status effects · Pinned, Held).

Its turn is the duelist's with the grapple among the choices (:func:`~.melee.options`):
worth the allies' extra harm on a defenceless target plus the attacks the
pinned one no longer makes; alone, a hold (a win by 4+) to strike from at −4
against Block 0. Pinning, each turn it weighs keeping the pin against letting
go (free) and striking (:meth:`FudgePolicy.pinning`); attacked while pinning,
it answers the let-go window (:meth:`FudgePolicy.react`).
"""

from __future__ import annotations

from .duelist import Duelist


class Wrestler(Duelist):
    """Grapple into pins for the team; let go when attacked if that pays."""

    name = "wrestler"
    grapples = True


__all__ = ["Wrestler"]
